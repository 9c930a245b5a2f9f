import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mutant } from '../src/mutants/types.js';
import { findNumbers, numberKey } from '../src/text/claims.js';
import { findDates } from '../src/text/dates.js';
import { statesDate } from '../src/text/mismatches.js';
import { findQuantities } from '../src/text/quantities.js';
import { findUnits, type UnitPiece } from '../src/text/units.js';
import { dateShift } from './date-shift.js';
import { ALL_MUTATORS } from './index.js';
import { numberFlip } from './number-flip.js';
import { PROPERTY_SUITES, propertyFixtures, propertyMutants } from './testing/text-mutator-spec.js';
import { unitSwap } from './unit-swap.js';

/**
 * What a reader with only the question and the answer can check: a changed
 * figure leaves the answer consistent with itself. Over every kept mutant of
 * the quantity mutators on every bundled suite, the held-out ones included.
 */
const fixtures = propertyFixtures();
const byId = new Map(fixtures.map((f) => [f.id, f]));
const mutants = propertyMutants(numberFlip.name, unitSwap.name, dateShift.name);

const counts = (text: string) => {
  const byKey = new Map<string, number>();
  for (const q of findQuantities(text)) byKey.set(q.key, (byKey.get(q.key) ?? 0) + 1);
  return byKey;
};
const currencies = (text: string) =>
  new Set(
    findNumbers(text)
      .map((n) => n.currency)
      .filter(Boolean),
  );
const UNIT_WORDS = 'minute|hour|day|night|week|month|year|item|kilogram|gram|litre';
const numberDisagreements = (text: string) =>
  [...text.matchAll(new RegExp(`(?<![\\d.,])1\\s+(?:${UNIT_WORDS})s\\b`, 'g')), ...text.matchAll(new RegExp(`(?<![\\d.,])(?:[02-9]|\\d{2,})\\s+(?:${UNIT_WORDS})\\b(?!['’-])`, 'g'))].map((m) => m[0]);

/** A disagreement by its form: "10 day" and "7 day" are one form, a count above one before a singular unit. */
const disagreementForms = (text: string) => numberDisagreements(text).map((d) => d.replace(/^(?:[02-9]|\d{2,})(?=\s)/, 'N'));

/** The mutants by suite, in the property suites' order: a test per suite, every mutant's failure reported (soft) and labelled by its id. */
const bySuite = (of: readonly Mutant[]) => PROPERTY_SUITES.map((folder) => [folder, of.filter((m) => m.fixtureId.startsWith(`${basename(folder)}/`))] as const);

/**
 * The families within which unit-swap may move a unit, the magnitude kept: a
 * count of time changes only its kind of day or hour ("7 days", "7 working
 * days"), never its scale; a rate changes its period or its denominator
 * within one family. No kg for lb, and no unit a thousand times another
 * (mg and mcg, GB and MB or TB): "2 MB a day" of data reads as absurd.
 */
const FAMILIES: ReadonlyArray<readonly string[]> = [
  ['day', 'working day'],
  ['hour', 'working hour'],
  ['%', 'percentage point'],
  ['per hour', 'per day', 'per night', 'per week', 'per month', 'per quarter', 'per year'],
  ['per flight', 'per passenger', 'per bag', 'per booking', 'per journey'],
  ['per item', 'per loan', 'per visit'],
  ['per person', 'per player', 'per ticket', 'per group', 'per booking'],
];
const sameFamily = (a: UnitPiece, b: UnitPiece) => FAMILIES.some((family) => family.includes(a.unit) && family.includes(b.unit));

describe('quantities in the kept mutants of number-flip, unit-swap and date-shift, on every bundled suite', () => {
  it('has mutants of each mutator to check', () => {
    for (const name of ['number-flip', 'unit-swap', 'date-shift']) expect(mutants.filter((m) => m.mutator === name).length, name).toBeGreaterThan(10);
  });

  it.each(bySuite(mutants))('%s', (_, suiteMutants) => {
    for (const m of suiteMutants) expectConsistentQuantities(m);
  });
});

/** What a changed figure leaves consistent in one kept mutant of number-flip, unit-swap or date-shift. */
function expectConsistentQuantities(m: Mutant): void {
  const label = `${m.mutator} ${m.fixtureId}: ${m.original} -> ${m.replacement}`;
  const fixture = byId.get(m.fixtureId)!;
  // Every mention of a quantity changes with the others or not at all: one the original states k times, the mutant states k times or never.
  const before = counts(fixture.artifact);
  const after = counts(m.artifact);
  for (const [key, k] of before) expect.soft([0, k], `${label}: "${key}" mentioned ${k} times before`).toContain(after.get(key) ?? 0);
  for (const [key, k] of after) if (!before.has(key)) expect.soft(k, `${label}: new "${key}"`).toBe(1);

  // One currency per answer, unless the evidence itself mixes them.
  const evidenceMixes = currencies(fixture.evidence.map((e) => e.text).join('\n')).size > 1;
  if (!evidenceMixes) for (const c of currencies(m.artifact)) expect.soft(currencies(fixture.artifact), `${label}: currency ${c}`).toContain(c);

  // Grammatical number agrees: no "1 hours", no "3 day", beyond what the original already wrote. By its form: "a pack of
  // 10 day passes" made "7 day passes" writes the compound as the original did.
  const already = disagreementForms(fixture.artifact);
  for (const form of new Set(disagreementForms(m.artifact))) {
    const times = (forms: string[]) => forms.filter((f) => f === form).length;
    expect.soft(times(disagreementForms(m.artifact)), `${label}: "${form}"`).toBeLessThanOrEqual(times(already));
  }

  // A value the question states is restated, never changed: the answer must agree with the question.
  const asked = new Set(findNumbers(fixture.task).map(numberKey));
  const askedDates = new Set(findDates(fixture.task).map((d) => d.key));
  if (m.mutator === 'number-flip') for (const n of findNumbers(m.original)) expect.soft(asked.has(numberKey(n)), `${label}: "${n.text}" is the question's`).toBe(false);
  if (m.mutator === 'date-shift') {
    const moved = findDates(fixture.artifact).find((d) => d.start === m.span.start && d.end === m.span.end);
    expect.soft(moved && statesDate(askedDates, moved.key), `${label}: "${m.original}" is the question's`).toBe(false);
  }

  // unit-swap keeps the magnitude: the new unit is of the old one's family, at the same amount.
  if (m.mutator === 'unit-swap') {
    const unitBefore = findUnits(fixture.artifact).find((u) => u.start === m.span.start && u.end === m.span.end)!;
    const unitAfter = findUnits(m.artifact).find((u) => u.start === m.span.start)!;
    expect.soft(unitAfter.amount, `${label}: ${unitBefore.text} -> ${unitAfter.text}`).toBe(unitBefore.amount);
    expect.soft(sameFamily(unitBefore, unitAfter), `${label}: ${unitBefore.unit} -> ${unitAfter.unit}`).toBe(true);
  }

  // Figures of one unit keep their order: a band, a minimum and a maximum, a before and an after.
  const [qb, qa] = [findQuantities(fixture.artifact), findQuantities(m.artifact)];
  expect.soft(qa.length, label).toBe(qb.length);
  for (let i = 0; i < qb.length; i++) {
    for (let j = i + 1; j < qb.length; j++) {
      if (qb[i]!.unit !== qb[j]!.unit || qa[i]!.unit !== qa[j]!.unit || qa[i]!.unit !== qb[i]!.unit) continue;
      expect.soft(Math.sign(qa[i]!.number.value - qa[j]!.number.value), `${label}: ${qb[i]!.number.text} against ${qb[j]!.number.text}`).toBe(Math.sign(qb[i]!.number.value - qb[j]!.number.value));
    }
  }
}

/** The other text mutators change no figure, or add or drop whole sentences: the answer's figures stay consistent with themselves too. */
const others = propertyMutants(...ALL_MUTATORS.filter((m) => m.kind === 'text' && ![numberFlip, unitSwap, dateShift].includes(m as never)).map((m) => m.name));

describe('quantities in the kept mutants of the other text mutators, on every bundled suite', () => {
  it('has mutants of each of them to check', () => {
    for (const name of ['entity-swap', 'qualifier-deletion', 'claim-omission', 'claim-insertion']) expect(others.filter((m) => m.mutator === name).length, name).toBeGreaterThan(10);
  });

  it.each(bySuite(others))('%s', (_, suiteMutants) => {
    for (const m of suiteMutants) expectFiguresKept(m);
  });
});

/** What a kept mutant of a mutator that changes no figure leaves as it was. */
function expectFiguresKept(m: Mutant): void {
  const label = `${m.mutator} ${m.fixtureId}: ${m.original} -> ${m.replacement}`;
  const fixture = byId.get(m.fixtureId)!;
  // By the figures themselves: what word follows a figure may change with the text around it.
  const figures = (text: string) => findNumbers(text).reduce((byKey, n) => byKey.set(numberKey(n), (byKey.get(numberKey(n)) ?? 0) + 1), new Map<string, number>());
  const [before, after] = [figures(fixture.artifact), figures(m.artifact)];
  // A swapped name or a reversed polarity leaves every figure as it was; an added sentence removes none; a deleted
  // sentence or qualifying clause adds none.
  if (m.mutator === 'claim-insertion') for (const [key, k] of before) expect.soft(after.get(key) ?? 0, `${label}: ${key}`).toBeGreaterThanOrEqual(k);
  else if (m.mutator === 'claim-omission' || m.mutator === 'qualifier-deletion') for (const [key, k] of after) expect.soft(k, `${label}: ${key}`).toBeLessThanOrEqual(before.get(key) ?? 0);
  else expect.soft(after, label).toEqual(before);
  // An answer with amounts keeps its one currency (an answer without any may gain the evidence's).
  const evidence = fixture.evidence.map((e) => e.text).join('\n');
  const original = currencies(fixture.artifact);
  if (currencies(evidence).size <= 1 && original.size) for (const c of currencies(m.artifact)) expect.soft(original, `${label}: currency ${c}`).toContain(c);
  // No new "1 hours" or "3 day", beyond what the answer or (for an added sentence) its evidence already writes.
  const already = [...numberDisagreements(fixture.artifact), ...numberDisagreements(evidence)];
  expect
    .soft(
      numberDisagreements(m.artifact).filter((d) => !already.includes(d)),
      label,
    )
    .toEqual([]);
}
