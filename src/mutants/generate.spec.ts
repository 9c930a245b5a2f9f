import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_MUTATORS } from '../../mutators/index.js';
import type { TextMutator } from '../../mutators/types.js';
import { loadFixtures } from '../fixtures/load.js';
import type { TextFixture } from '../fixtures/types.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { textFixture } from '../../test/support/textFixture.js';
import { textMutantFloor } from '../../test/support/textMutantFloors.js';
import { applyCandidate, generateMutants, MERGED, mutateTrace } from './generate.js';

const textMutators = ALL_MUTATORS.filter((m) => m.kind === 'text') as TextMutator[];

// Policy-like sentences built from parts, so properties see numbers, names and qualifiers in many arrangements.
const team = fc.constantFrom('Finance Team', 'People Team', 'Travel Desk', 'Revenue Office', 'HMRC', 'March', 'Northwind Ltd');
const qualifier = fc.constantFrom('only ', 'at least ', 'up to ', 'no more than ', '');
const amount = fc.oneof(
  fc.integer({ min: 1, max: 99 }).map(String),
  fc.integer({ min: 1000, max: 99999 }).map((n) => `£${n.toLocaleString('en-US')}`),
  fc.integer({ min: 1, max: 100 }).map((n) => `${n}%`),
);
const clause = fc.constantFrom('', ', unless the employee opts out', ', except for emergency visits', ', provided that the form is signed');
const sentence = fc.tuple(team, qualifier, amount, clause).map(([t, q, a, c]) => `Claims sent to the ${t} are paid ${q}${a} per claim${c}.`);
const fixtureArb = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 4 }), fc.array(sentence, { minLength: 0, maxLength: 3 }))
  .map(([claims, distractors]) => textFixture({ artifact: claims.join(' '), evidence: [...claims, ...distractors].join(' '), trace: `Checked: ${claims[0]} Confirmed in the handbook.` }));

describe('mutant generation (properties)', () => {
  it('every mutant differs from its original and its span is exact', () => {
    fc.assert(
      fc.property(fixtureArb, fc.integer(), (fixture, seed) => {
        const { mutants } = generateMutants([fixture], textMutators, { seed, cap: 1000 });
        for (const m of mutants) {
          expect(m.artifact).not.toBe(fixture.artifact);
          expect(fixture.artifact.slice(m.span.start, m.span.end)).toBe(m.original);
          expect(m.artifact).toBe(fixture.artifact.slice(0, m.span.start) + m.replacement + fixture.artifact.slice(m.span.end));
          const lines = fixture.artifact.split('\n');
          expect(lines[m.span.line - 1]!.slice(m.span.column - 1).startsWith(m.original.split('\n')[0]!)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('is deterministic from the seed, and ids are stable across runs', () => {
    fc.assert(
      fc.property(fixtureArb, fc.integer(), fc.integer({ min: 1, max: 5 }), (fixture, seed, cap) => {
        const once = generateMutants([fixture], textMutators, { seed, cap });
        const again = generateMutants([structuredClone(fixture)], textMutators, { seed, cap });
        expect(again).toEqual(once);
        expect(new Set(once.mutants.map((m) => m.id)).size).toBe(once.mutants.length);
      }),
      { numRuns: 50 },
    );
  });

  it('produces no mutant for a span the oracle rejects, and reports each rejected one with its reason', () => {
    fc.assert(
      fc.property(fixtureArb, (fixture) => {
        const { mutants, ignored } = generateMutants([fixture], textMutators, { seed: 1, cap: 1000 });
        for (const m of mutants) {
          const mutator = textMutators.find((t) => t.name === m.mutator)!;
          expect(mutator.invalidReason!(fixture, { start: m.span.start, end: m.span.end, replacement: m.replacement })).toBeNull();
        }
        for (const m of ignored) expect(m.reason).toMatch(/\w/);
        const all = textMutators.flatMap((mutator) => [...mutator.candidates(fixture)].map((c) => applyCandidate(fixture, mutator.name, c).id));
        expect(mutants.length + ignored.length).toBe(new Set(all).size);
      }),
      { numRuns: 50 },
    );
  });

  it('caps mutants per fixture and mutator, a larger cap only adding to a smaller one', () => {
    fc.assert(
      fc.property(fixtureArb, fc.integer({ min: 1, max: 4 }), (fixture, cap) => {
        const small = generateMutants([fixture], textMutators, { seed: 9, cap });
        const large = generateMutants([fixture], textMutators, { seed: 9, cap: cap + 2 });
        for (const mutator of textMutators) expect(small.mutants.filter((m) => m.mutator === mutator.name).length).toBeLessThanOrEqual(cap);
        const largeIds = new Set(large.mutants.map((m) => m.id));
        for (const m of small.mutants) expect(largeIds.has(m.id)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the worker trace', () => {
  it('defends the mutant: the same replacement wherever the original occurs as whole words', () => {
    expect(mutateTrace('Found 28 days (not 280) in section 28. Confirmed.', '28', '30')).toBe('Found 30 days (not 280) in section 30. Confirmed.');
    expect(mutateTrace('Pay is only due after probation; only then.', 'only ', '')).toBe('Pay is due after probation; then.');
    expect(mutateTrace('The Finance Team approves it.', 'Finance Team', 'People Team')).toBe('The People Team approves it.');
    // A number is replaced only where the same number stands, not inside 7.5, 4.2 or 1,200.
    expect(mutateTrace('Section 4.2: 7.5 mg every 5 hours, at most 1,200 mg; 5.', '5', '6')).toBe('Section 4.2: 7.5 mg every 6 hours, at most 1,200 mg; 6.');
    expect(mutateTrace('At most 1,200 mg in 1 day.', '1', '2')).toBe('At most 1,200 mg in 2 day.');
    expect(mutateTrace('Pay £1,250 now.', '£1,250', '£1,350')).toBe('Pay £1,350 now.');
  });

  it("carries the same replacement into every field a declared condition adds (the worker's retrieval, its round summary)", () => {
    const fixture = textFixture({
      artifact: 'Employees accrue 28 days of leave.',
      evidence: 'Employees accrue 28 days of leave.',
      trace: 'Confirmed 28 days.',
      fields: { retrieval: 'Handbook 4.2: employees accrue 28 days of leave.', round_summary: 'Checked the leave figure.' },
    });
    const flipped = generateMutants(
      [fixture],
      textMutators.filter((m) => m.name === 'number-flip'),
      { seed: 1, cap: 5 },
    ).mutants;
    expect(flipped.length).toBeGreaterThan(0);
    for (const m of flipped) {
      expect(m.original).toBe('28');
      expect(m.fields!.retrieval).toBe(`Handbook 4.2: employees accrue ${m.replacement} days of leave.`);
      expect(m.fields!.round_summary).toBe('Checked the leave figure.');
    }
  });
});

describe('mutants two mutators make alike', () => {
  // Two mutators that write the same text: the text mutators no longer overlap on the bundled suites
  // (qualifier-deletion leaves "not" to negation), so the rule is shown on two of its own.
  const fixture = textFixture({ artifact: 'Patients must not drive after a dose.', evidence: 'Patients must not drive after a dose.' });
  const dropNot = (name: string, specificity: number): TextMutator => ({
    name,
    kind: 'text',
    specificity,
    *candidates(f) {
      const at = f.artifact.indexOf('not ');
      yield { start: at, end: at + 4, replacement: '' };
    },
    invalidReason: () => null,
  });

  it('are one mutant, under the more specific mutator, whatever the order they are listed in', () => {
    const [general, specific] = [dropNot('general', 1), dropNot('specific', 3)];
    for (const order of [
      [general, specific],
      [specific, general],
    ]) {
      const { mutants, ignored } = generateMutants([fixture], order, { seed: 1, cap: 100 });
      expect(mutants.map((m) => [m.mutator, m.artifact])).toEqual([['specific', 'Patients must drive after a dose.']]);
      expect(ignored.filter((m) => m.reason.startsWith(MERGED)).map((m) => m.mutator)).toEqual(['general']);
    }
  });

  it('are never counted twice on the bundled suites', () => {
    const fixtures = loadFixtures(['fixtures/policy'], PACKAGE_ROOT) as TextFixture[];
    const { mutants } = generateMutants(fixtures, textMutators, { seed: 7, cap: Infinity });
    const keys = mutants.map((m) => `${m.fixtureId}\0${m.artifact}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the bundled policy suite', () => {
  const fixtures = loadFixtures(['fixtures/policy'], PACKAGE_ROOT) as TextFixture[];
  const { mutants } = generateMutants(fixtures, textMutators, { seed: 7, cap: 12 });

  it('has at least 36 fixtures over at least 5 domains', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(36);
    expect(new Set(fixtures.map((f) => f.source.file)).size).toBeGreaterThanOrEqual(5);
  });

  it.each(textMutators.map((m) => [m.name, textMutantFloor(m.name)] as const))('gives %s at least %i valid mutants', (name, floor) => {
    expect(mutants.filter((m) => m.mutator === name).length).toBeGreaterThanOrEqual(floor);
  });
});
