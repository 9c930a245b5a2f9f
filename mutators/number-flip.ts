import { findNumbers, numberKey, type NumberPiece } from '../src/text/claims.js';
import { findDates, touchesDate } from '../src/text/dates.js';
import { groupedNumber } from '../src/util/groupedNumber.js';
import { supportingSentence } from './text-support.js';
import type { TextMutator } from './types.js';

/** Changes one number to a plausible wrong value written in the same format. Dates and deadlines are date-shift's. */
export const numberFlip: TextMutator = {
  name: 'number-flip',
  kind: 'text',
  *candidates(fixture) {
    const dates = findDates(fixture.artifact);
    for (const n of findNumbers(fixture.artifact)) {
      if (touchesDate(dates, n.start, n.end)) continue;
      for (const value of wrongValues(n)) yield { start: n.start, end: n.end, replacement: formatLike(n, value) };
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const stated = new Set(findNumbers(support.sentence).map(numberKey));
    const [original] = findNumbers(fixture.artifact.slice(candidate.start, candidate.end));
    const [replacement] = findNumbers(candidate.replacement);
    if (!original || !stated.has(numberKey(original))) return 'the original number is not stated in the supporting evidence';
    if (replacement && stated.has(numberKey(replacement))) return 'the new number is also stated in the supporting evidence';
    return null;
  },
};

/** One step up and one down, sized to the number so the change is plausible, not absurd. */
export function wrongValues(n: NumberPiece): number[] {
  const unit = 10 ** -n.decimals;
  const step = Math.max(unit, niceStep(n.value * 0.1));
  const round = (v: number) => Number(v.toFixed(n.decimals));
  return [round(n.value + step), round(n.value - step)].filter((v) => v > 0 && v !== n.value && (!n.percent || v <= 100));
}

/** The largest 1, 2 or 5 times a power of ten not above x. */
function niceStep(x: number): number {
  if (x <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(x));
  const leading = x / power;
  return (leading >= 5 ? 5 : leading >= 2 ? 2 : 1) * power;
}

export function formatLike(n: NumberPiece, value: number): string {
  const digits = n.grouped ? groupedNumber(value, n.decimals) : value.toFixed(n.decimals);
  return `${n.currency}${digits}${n.percent ? '%' : ''}`;
}
