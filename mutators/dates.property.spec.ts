import { describe, expect, it } from 'vitest';
import { type DatePiece, findDates, sameDateFormat } from '../src/text/dates.js';
import { ALL_MUTATORS } from './index.js';
import { propertyFixtures, propertyMutants } from './testing/text-mutator-spec.js';
import type { TextMutator } from './types.js';

/** Whether two deadlines count the same number of the same period, whatever kind of day: "7 days" and "7 working days". */
const sameLength = (a: DatePiece, b: DatePiece) => a.form === 'duration' && b.form === 'duration' && a.key.replace(/ working /, ' ') === b.key.replace(/ working /, ' ');

describe('dates in the kept mutants of every text mutator, on the bundled suites', () => {
  const fixtures = propertyFixtures();
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  const textMutators = ALL_MUTATORS.filter((m) => m.kind === 'text') as TextMutator[];
  const mutants = propertyMutants(...textMutators.map((m) => m.name));

  it('finds dates to check in the suites', () => {
    expect(fixtures.filter((f) => findDates(f.artifact).length > 0).length).toBeGreaterThanOrEqual(10);
  });

  it.each(textMutators.map((m) => m.name))('%s: no impossible date, no date in another format, no weekday out of step', (name) => {
    for (const m of mutants.filter((x) => x.mutator === name)) {
      const original = findDates(byId.get(m.fixtureId)!.artifact);
      const shift = m.replacement.length - m.original.length;
      for (const date of findDates(m.artifact)) {
        const label = `${m.id} (${m.original} -> ${m.replacement}): "${date.text}"`;
        expect(date.possible, label).toBe(true);
        // The same date's place in the original: before the span it is where it was, after it moved by the change in length.
        const at = date.start >= m.span.start + m.replacement.length ? date.start - shift : date.start;
        const before = original.find((d) => d.start === at);
        // A date inside an inserted sentence is the evidence's, copied: it need only be possible.
        const inserted = name !== 'date-shift' && m.span.start <= date.start && date.end <= m.span.start + m.replacement.length && date.text.length < m.replacement.length;
        if (inserted) continue;
        // unit-swap changes a deadline's kind of day ("within 7 days" to "within 7 working days"), never its length nor its form.
        if (before && name === 'unit-swap' && date.start <= m.span.start && m.span.start < date.end) expect(sameLength(before, date), label).toBe(true);
        else if (before) expect(sameDateFormat(before, date), label).toBe(true);
        else expect(name === 'date-shift' ? 'date-shift moved a date it did not find' : label).toBe('a date that is not in the original');
      }
    }
  });
});
