import { findDates, touchesDate } from '../src/text/dates.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { findNumbers, numberKey } from '../src/text/claims.js';
import { findUnits, unitKey } from '../src/text/units.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

const CURRENCIES = ['£', '€', '$'];
/** The currency a worker slips to from each. */
const CURRENCY_SWAP: Record<string, string> = { '£': '€', '€': '£', $: '€' };

/**
 * Changes a unit or its scale and keeps the number: hours for days, g for mg,
 * percentage points for % in a change, per month for per year, € for £. Units
 * inside a deadline ("within 28 days") are date-shift's.
 */
export const unitSwap: TextMutator = {
  name: 'unit-swap',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    const dates = findDates(fixture.artifact);
    const sites: MutationCandidate[] = [];
    for (const u of findUnits(fixture.artifact)) {
      if (touchesDate(dates, u.start, u.end)) continue;
      for (const replacement of u.swaps) {
        // "in 24 hours" to "in 24 days" would make a deadline: a date is date-shift's to write.
        const mutated = fixture.artifact.slice(0, u.start) + replacement + fixture.artifact.slice(u.end);
        if (!touchesDate(findDates(mutated), u.start, u.start + replacement.length)) sites.push({ start: u.start, end: u.end, replacement });
      }
    }
    // A currency only where the evidence uses one: with two, "€500" may be the other one's amount.
    const currency = singleCurrency(fixture);
    if (currency) {
      for (const match of fixture.artifact.matchAll(/[£€$](?=\d)/g)) sites.push({ start: match.index!, end: match.index! + 1, replacement: CURRENCY_SWAP[match[0]]! });
    }
    yield* sites.sort((a, b) => a.start - b.start);
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const mutated = fixture.artifact.slice(0, candidate.start) + candidate.replacement + fixture.artifact.slice(candidate.end);
    if (CURRENCIES.includes(candidate.replacement)) {
      if (!singleCurrency(fixture)) return 'the evidence uses more than one currency';
      const amount = findNumbers(fixture.artifact).find((n) => n.start === candidate.start);
      const stated = new Set(findNumbers(support.sentence).map(numberKey));
      if (!amount || !stated.has(numberKey(amount))) return 'the supporting evidence does not state this amount';
      return null;
    }
    const original = findUnits(fixture.artifact).find((u) => u.start === candidate.start && u.end === candidate.end);
    const swapped = findUnits(mutated).find((u) => u.start === candidate.start);
    if (!original || !swapped) return 'the span holds no unit';
    const stated = new Set(findUnits(support.sentence).map(unitKey));
    if (!stated.has(unitKey(original))) return 'the supporting evidence does not state the original unit with this number';
    if (stated.has(unitKey(swapped))) return 'the supporting evidence also states the new unit with this number';
    return null;
  },
};

function singleCurrency(fixture: TextFixture): string | null {
  const used = new Set(fixture.evidence.flatMap((e) => e.text.match(/[£€$](?=\d)/g) ?? []));
  return used.size === 1 ? [...used][0]! : null;
}
