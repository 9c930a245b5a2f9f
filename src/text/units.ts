import { findNumbers, numberKey, type Piece } from './claims.js';
import { findDates, touchesDate } from './dates.js';
import { findNumberWords, usualIn } from './quantities.js';

/**
 * Units as policies write them after a number ("28 days", "500 mg", "by 2
 * percentage points") and rates after an amount ("per month", "a year"): what
 * unit-swap changes and what the evidence-check critic compares, a number
 * being right only in its unit.
 */
export interface UnitPiece extends Piece {
  /** The number the unit belongs to, as numberKey writes it; null for a rate ("per month"), which follows its amount at a distance. */
  amount: string | null;
  /** The unit, however it is written: "hour" for "hours" and "hrs". */
  unit: string;
  /** The unit's other plausible readings, written as this one is (abbreviated, plural, "per"/"a"/"each"). */
  swaps: string[];
}

interface UnitWord {
  unit: string;
  pattern: string;
  /** Written plural or abbreviated as the unit it replaces; time units are always words. */
  write: (plural: boolean, abbreviated: boolean) => string;
  /**
   * The units a worker plausibly confuses this one with, each up to the
   * amount at which the result is still a figure someone would write ("1 TB"
   * for "1 GB", not "500 TB"). A period also needs a usual value in the other
   * unit (ROUND_VALUES): "3 days" may become "3 weeks", "14 days" not "14 weeks".
   * Days are not read as hours ("14 days" overdue as "14 hours"), and volumes
   * (a "50 millilitre" fish tank) are left alone.
   */
  confusedWith: ReadonlyArray<{ unit: string; upTo?: number }>;
}

const word = (singular: string) => (plural: boolean) => (plural ? `${singular}s` : singular);
const symbol = (written: string) => () => written;
const UNITS: readonly UnitWord[] = [
  { unit: 'minute', pattern: 'minutes?|mins?', write: word('minute'), confusedWith: [{ unit: 'hour' }] },
  { unit: 'hour', pattern: 'hours?|hrs?', write: word('hour'), confusedWith: [{ unit: 'minute' }, { unit: 'day' }] },
  { unit: 'day', pattern: 'days?', write: word('day'), confusedWith: [{ unit: 'week' }] },
  { unit: 'week', pattern: 'weeks?', write: word('week'), confusedWith: [{ unit: 'day' }, { unit: 'month' }] },
  { unit: 'month', pattern: 'months?', write: word('month'), confusedWith: [{ unit: 'week' }, { unit: 'year' }] },
  { unit: 'year', pattern: 'years?', write: word('year'), confusedWith: [{ unit: 'month' }] },
  { unit: 'mcg', pattern: 'mcg|micrograms?', write: (p, abbr) => (abbr ? 'mcg' : word('microgram')(p)), confusedWith: [{ unit: 'mg', upTo: 50 }] },
  { unit: 'mg', pattern: 'mg|milligrams?', write: (p, abbr) => (abbr ? 'mg' : word('milligram')(p)), confusedWith: [{ unit: 'mcg' }] },
  { unit: 'g', pattern: 'g|grams?', write: (p, abbr) => (abbr ? 'g' : word('gram')(p)), confusedWith: [{ unit: 'mg' }] },
  { unit: 'kg', pattern: 'kg|kilograms?', write: (p, abbr) => (abbr ? 'kg' : word('kilogram')(p)), confusedWith: [{ unit: 'lb' }] },
  { unit: 'lb', pattern: 'lbs?', write: (p) => (p ? 'lbs' : 'lb'), confusedWith: [{ unit: 'kg' }] },
  { unit: 'ml', pattern: 'ml|mL|millilitres?', write: (p, abbr) => (abbr ? 'ml' : word('millilitre')(p)), confusedWith: [] },
  { unit: 'litre', pattern: 'litres?', write: word('litre'), confusedWith: [] },
  { unit: 'MB', pattern: 'MB', write: symbol('MB'), confusedWith: [{ unit: 'GB', upTo: 10 }] },
  { unit: 'GB', pattern: 'GB', write: symbol('GB'), confusedWith: [{ unit: 'MB' }, { unit: 'TB', upTo: 10 }] },
  { unit: 'TB', pattern: 'TB', write: symbol('TB'), confusedWith: [{ unit: 'GB' }] },
  // Read as the other side of "%": "by 2 percentage points" against "by 2%".
  { unit: 'percentage point', pattern: 'percentage points?', write: word('percentage point'), confusedWith: [] },
];

/**
 * What a rate is per, and what a worker slips to: a month for a year, a day
 * for an hour, a passenger for a flight.
 */
const RATE_SWAPS: Record<string, string[]> = {
  hour: ['day'],
  day: ['week'],
  night: ['week'],
  week: ['day', 'month'],
  month: ['week', 'year'],
  quarter: ['month', 'year'],
  year: ['month'],
  flight: ['passenger'],
  passenger: ['flight'],
  bag: ['passenger'],
  person: ['booking'],
  booking: ['person'],
};

const QUANTITY = new RegExp(`^([ -]?)(${UNITS.map((u) => u.pattern).join('|')})\\b`);
const RATE = new RegExp(`\\b(per|an?|each|every|in any(?: calendar)?)\\s+(${Object.keys(RATE_SWAPS).join('|')})\\b`, 'g');

export function findUnits(text: string): UnitPiece[] {
  const found: UnitPiece[] = [];
  for (const n of findNumbers(text)) {
    const amount = numberKey({ ...n, percent: false });
    if (n.percent) {
      // "by 2%" may be misread as percentage points only where it is a change; "15% of pay" has no such reading.
      if (/\bby\s+$/.test(text.slice(Math.max(0, n.start - 4), n.start))) {
        found.push({ text: '%', start: n.end - 1, end: n.end, amount, unit: '%', swaps: [` percentage ${n.value === 1 ? 'point' : 'points'}`] });
      }
      continue;
    }
    const unit = unitAfter(text, n.end, n.value, amount);
    if (unit) found.push(unit);
  }
  // An amount in words has a unit too ("four weeks", "a three-month period"), after a space or a hyphen.
  for (const w of findNumberWords(text)) {
    const unit = /^[ -]/.test(text.slice(w.end)) ? unitAfter(text, w.end, w.value, String(w.value)) : null;
    if (unit && unit.unit !== 'percentage point') found.push(unit);
  }
  const dates = findDates(text);
  const amounts = findNumbers(text).filter((n) => !touchesDate(dates, n.start, n.end));
  for (const m of text.matchAll(RATE)) {
    const [whole, lead, period] = m as unknown as [string, string, string];
    // "per month" and "in any month" are always rates; "a year" or "each year" only after a price in the same sentence ("£150 a year", not "once a year", "6 hours in a day").
    const nearest = amounts.filter((n) => n.end <= m.index && m.index - n.end <= 40 && !/[.!?]/.test(text.slice(n.end, m.index))).pop();
    if (!/^(?:per|in any)/.test(lead) && !(nearest && (nearest.currency !== '' || /^p\b/.test(text.slice(nearest.end))))) continue;
    const swaps = RATE_SWAPS[period]!.map((p) => `${/^an?$/.test(lead) ? (/^[aeiou]/.test(p) ? 'an' : 'a') : lead} ${p}`);
    found.push({ text: whole, start: m.index, end: m.index + whole.length, amount: null, unit: `per ${period}`, swaps });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The unit written right after an amount that ends at `at`, with the swaps that keep the figure plausible, or null. */
function unitAfter(text: string, at: number, value: number, amount: string): UnitPiece | null {
  const m = QUANTITY.exec(text.slice(at));
  if (!m) return null;
  const [whole, space = '', written = ''] = m;
  const unit = UNITS.find((u) => new RegExp(`^(?:${u.pattern})$`).test(written))!;
  if (unit.unit === 'percentage point') return { text: whole, start: at, end: at + whole.length, amount, unit: unit.unit, swaps: ['%'] };
  const abbreviated = !/^[a-z]{4,}$/i.test(written) && !/^days?$/.test(written);
  const plural = written.endsWith('s');
  const swaps = unit.confusedWith
    .filter((other) => value <= (other.upTo ?? Infinity) && usualIn(value, other.unit))
    .map((other) => UNITS.find((u) => u.unit === other.unit)!.write(plural, abbreviated));
  const start = at + space.length;
  return { text: written, start, end: start + written.length, amount, unit: unit.unit, swaps };
}

/** How the unit is stated: "28:day", or "per:month" for a rate. */
export function unitKey(u: Pick<UnitPiece, 'amount' | 'unit'>): string {
  return `${u.amount ?? ''}:${u.unit}`;
}

/**
 * A claim's units the evidence sentence states otherwise: a number it gives
 * only in other units, or a rate when it gives only other rates.
 */
export function misstatedUnits(claim: string, support: string): UnitPiece[] {
  const stated = findUnits(support);
  const keys = new Set(stated.map(unitKey));
  return findUnits(claim).filter((u) => {
    if (keys.has(unitKey(u))) return false;
    const sameKind = u.amount === null ? stated.filter((s) => s.amount === null) : stated.filter((s) => s.amount === u.amount);
    return sameKind.length > 0;
  });
}
