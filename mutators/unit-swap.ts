import { findDates, touchesDate } from '../src/text/dates.js';
import { sentenceAround } from '../src/text/claims.js';
import { findQuantities, mentionedAgain, type Quantity } from '../src/text/quantities.js';
import { findUnits, unitKey, type UnitPiece } from '../src/text/units.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Changes a unit or its scale and keeps the number, where the result is a
 * figure someone would write for that kind of quantity (findUnits' swaps):
 * weeks for months, mcg for mg, lb for kg, TB for GB, percentage points for %
 * in a change, per year for per month after a price. Never a currency: an
 * answer in one currency with one amount in another reads as tampered.
 * Left alone: a quantity the answer mentions again (the mentions would
 * disagree), a swap to a quantity it already states or that passes another
 * period of its sentence, a rate that interlocks with another figure
 * (standsAlone), and units inside a deadline ("within 28 days"), which are
 * date-shift's.
 */
export const unitSwap: TextMutator = {
  name: 'unit-swap',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    const text = fixture.artifact;
    const dates = findDates(text);
    const units = findUnits(text);
    const quantities = findQuantities(text);
    for (const u of units) {
      if (touchesDate(dates, u.start, u.end) || !standsAlone(text, units, u, quantities)) continue;
      for (const replacement of u.swaps) {
        const mutated = text.slice(0, u.start) + replacement + text.slice(u.end);
        // "in 24 hours" to "in 24 days" would make a deadline: a date is date-shift's to write.
        if (touchesDate(findDates(mutated), u.start, u.start + replacement.length)) continue;
        const swapped = findUnits(mutated).find((s) => s.start === u.start);
        if (swapped && !units.some((other) => unitKey(other) === unitKey(swapped)) && keepsPeriodOrder(text, units, u, swapped))
          yield { start: u.start, end: u.end, replacement } satisfies MutationCandidate;
      }
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const mutated = fixture.artifact.slice(0, candidate.start) + candidate.replacement + fixture.artifact.slice(candidate.end);
    const original = findUnits(fixture.artifact).find((u) => u.start === candidate.start && u.end === candidate.end);
    const swapped = findUnits(mutated).find((u) => u.start === candidate.start);
    if (!original || !swapped) return 'the span holds no unit';
    const stated = new Set(findUnits(support.sentence).map(unitKey));
    if (!stated.has(unitKey(original))) return 'the supporting evidence does not state the original unit with this number';
    if (stated.has(unitKey(swapped))) return 'the supporting evidence also states the new unit with this number';
    return null;
  },
};

/** Hours in each period, to compare periods written in different units. */
const HOURS: Record<string, number> = { minute: 1 / 60, hour: 1, day: 24, week: 168, month: 730, quarter: 2190, year: 8760 };

/**
 * Whether a unit can change without another part of the answer contradicting
 * it: its quantity is mentioned once; a rate is not "of" a period ("the 1st
 * of each month") and no other rate of the answer has its period; and a rate
 * and a count of periods in one sentence that interlock stay as they are.
 */
function standsAlone(text: string, units: readonly UnitPiece[], u: UnitPiece, quantities: readonly Quantity[]): boolean {
  const sentence = sentenceAround(text, u.start, u.end);
  const inSentence = units.filter((other) => other !== u && sentence !== undefined && sentence.start <= other.start && other.end <= sentence.end);
  if (u.amount !== null) {
    const q = quantities.find((x) => x.number.end <= u.start && u.start - x.number.end <= 1);
    return (q === undefined || !mentionedAgain(quantities, q)) && !inSentence.some((rate) => rate.amount === null && interlock(rate, u));
  }
  const before = text.slice(Math.max(0, u.start - 30), u.start);
  return !/\bof\s+$/.test(before) && units.filter((other) => other.unit === u.unit).length === 1 && !inSentence.some((count) => count.amount !== null && interlock(u, count));
}

/** Whether a rate and a count of periods say one thing twice: "€40 a day for up to 5 days" (one unit), "£15 a year, renewed every 12 months" (one span). */
function interlock(rate: UnitPiece, count: UnitPiece): boolean {
  const period = rate.unit.replace('per ', '');
  if (!(period in HOURS) || !(count.unit in HOURS)) return false;
  return period === count.unit || Math.abs(Number(count.amount) * HOURS[count.unit]! - HOURS[period]!) <= 0.05 * HOURS[period]!;
}

/**
 * Whether a period swapped to another unit keeps its order against the other
 * periods of its sentence ("flights of up to 4 hours, so a 2-hour trip
 * qualifies" must not become "a 2-day trip"), and a rate's new period still
 * holds the periods counted per it.
 */
function keepsPeriodOrder(text: string, units: readonly UnitPiece[], u: UnitPiece, swapped: UnitPiece): boolean {
  const sentence = sentenceAround(text, u.start, u.end);
  if (u.amount === null) {
    // A count per period stays a small part of the period: "28 days per year", never "28 days per month".
    const period = HOURS[swapped.unit.replace('per ', '')];
    const counts = units.filter((c) => c.amount !== null && c.unit in HOURS && sentence && sentence.start <= c.start && c.end <= u.start);
    return period === undefined || counts.every((c) => Number(c.amount) * HOURS[c.unit]! <= period / 4);
  }
  if (!(u.unit in HOURS) || !(swapped.unit in HOURS)) return true;
  const amount = Number(u.amount);
  const [before, after] = [amount * HOURS[u.unit]!, amount * HOURS[swapped.unit]!];
  return units.every((other) => {
    if (other === u || other.amount === null || !(other.unit in HOURS) || !sentence || other.start < sentence.start || other.end > sentence.end) return true;
    const hours = Number(other.amount) * HOURS[other.unit]!;
    return Math.sign(hours - before) === Math.sign(hours - after);
  });
}
