import { isAge } from './ages.js';
import { findNumbers, sentenceAround } from './claims.js';
import type { Quantity } from './quantities.js';
import { HOURS_IN } from './units.js';

/** The comparison a threshold makes with a case: below it ("under 25", "less than 2 hours") or at or above it ("25 or over", "at least 18"). */
const BELOW = /\b(?:under|below|less\s+than|fewer\s+than|younger\s+than|up\s+to|no\s+more\s+than)\s+$/i;
const ABOVE_BEFORE = /\b(?:over|above|more\s+than|older\s+than|at\s+least|no\s+less\s+than)\s+$/i;
const ABOVE_AFTER = /^\s*(?:\+|or\s+(?:over|older|more|above)\b|and\s+(?:over|above)\b)/i;

/**
 * Whether a threshold moved to `value` leaves every case the question states
 * in that unit, or in another unit of time, on the side of it the answer puts
 * it ("I'm 23 ... because you're under 25": "under 20" would say a
 * 23-year-old is under 20; "My puppy is 14 weeks old ... As he's under 6
 * months": unseen58's readers, of "under 3 months", "he's already over 3
 * months at 14 weeks").
 */
export function keepsCaseSide(text: string, q: Quantity, value: number, asked: readonly Quantity[]): boolean {
  const before = text.slice(Math.max(0, q.number.start - 20), q.number.start);
  const after = text.slice(q.number.end, q.number.end + 12);
  const side = BELOW.test(before) ? (c: number, t: number) => c < t : ABOVE_BEFORE.test(before) || ABOVE_AFTER.test(after) ? (c: number, t: number) => c >= t : null;
  if (!side) return true;
  // A case in another unit of time, in the threshold's unit; a case the threshold's sentence restates, as its unit
  // ("holds up to 40 standing guests, so 35 people will fit" for the question's 35 people: unseen70's readers, of 30).
  const thresholdHours = HOURS_IN[q.unit];
  const restated = (c: Quantity) => restatedBeside(text, q, c);
  // An age threshold is in years whatever word follows it ("As he's under 16", "Children under 5 go free"): the question's age,
  // in years or bare, is its case ("My 15-year-old son", unseen87's readers, of "under 14": "the son is 15"; "one child aged 10",
  // unseen130's, of under 5 made 12 in an added sentence).
  const ageInYears = (c: Quantity) => (c.unit === 'year' || c.unit === '') && isAge(text, q.number.start, q.number.end);
  const inThresholdUnit = (c: Quantity) => {
    const caseHours = HOURS_IN[c.unit];
    if (c.unit === q.unit || restated(c) || ageInYears(c)) return c.number.value;
    return caseHours !== undefined && thresholdHours !== undefined ? (c.number.value * caseHours) / thresholdHours : undefined;
  };
  return asked.every((c) => {
    const caseValue = inThresholdUnit(c);
    return caseValue === undefined || side(caseValue, q.number.value) === side(caseValue, value);
  });
}

/** Whether the sentence of `q` states the value of the question's figure `c` elsewhere than at `q`: the case it restates. */
export function restatedBeside(text: string, q: Quantity, c: Quantity): boolean {
  const sentence = sentenceAround(text, q.number.start, q.number.end);
  return sentence !== undefined && findNumbers(sentence.text).some((n) => n.value === c.number.value && sentence.start + n.start !== q.number.start);
}
