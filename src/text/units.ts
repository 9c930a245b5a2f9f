import { findNumbers, numberKey, type Piece } from './claims.js';
import { findDates, touchesDate } from './dates.js';

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
  /** The units a worker plausibly confuses this one with. */
  confusedWith: string[];
}

const word = (singular: string) => (plural: boolean) => (plural ? `${singular}s` : singular);
const UNITS: readonly UnitWord[] = [
  { unit: 'minute', pattern: 'minutes?|mins?', write: word('minute'), confusedWith: ['hour'] },
  { unit: 'hour', pattern: 'hours?|hrs?', write: word('hour'), confusedWith: ['day', 'minute'] },
  { unit: 'day', pattern: 'days?', write: word('day'), confusedWith: ['hour', 'week'] },
  { unit: 'week', pattern: 'weeks?', write: word('week'), confusedWith: ['day', 'month'] },
  { unit: 'month', pattern: 'months?', write: word('month'), confusedWith: ['week', 'year'] },
  { unit: 'year', pattern: 'years?', write: word('year'), confusedWith: ['month'] },
  { unit: 'mcg', pattern: 'mcg|micrograms?', write: (p, abbr) => (abbr ? 'mcg' : word('microgram')(p)), confusedWith: ['mg'] },
  { unit: 'mg', pattern: 'mg|milligrams?', write: (p, abbr) => (abbr ? 'mg' : word('milligram')(p)), confusedWith: ['g', 'mcg'] },
  { unit: 'g', pattern: 'g|grams?', write: (p, abbr) => (abbr ? 'g' : word('gram')(p)), confusedWith: ['mg'] },
  { unit: 'kg', pattern: 'kg|kilograms?', write: (p, abbr) => (abbr ? 'kg' : word('kilogram')(p)), confusedWith: ['g'] },
  { unit: 'ml', pattern: 'ml|mL|millilitres?', write: (p, abbr) => (abbr ? 'ml' : word('millilitre')(p)), confusedWith: ['litre'] },
  { unit: 'litre', pattern: 'litres?', write: word('litre'), confusedWith: ['ml'] },
  // Read as the other side of "%": "by 2 percentage points" against "by 2%".
  { unit: 'percentage point', pattern: 'percentage points?', write: word('percentage point'), confusedWith: [] },
];

/** A rate's period and the one a worker slips to: a month for a year, a week for a month. */
const RATE_SWAPS: Record<string, string[]> = { day: ['week'], week: ['day', 'month'], month: ['week', 'year'], year: ['month'] };

const QUANTITY = new RegExp(`^( ?)(${UNITS.map((u) => u.pattern).join('|')})\\b`);
const RATE = /\b(per|a|each|every)\s+(day|week|month|year)\b/g;

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
    const m = QUANTITY.exec(text.slice(n.end));
    if (!m) continue;
    const [whole, space = '', written = ''] = m;
    const unit = UNITS.find((u) => new RegExp(`^(?:${u.pattern})$`).test(written))!;
    if (unit.unit === 'percentage point') {
      found.push({ text: whole, start: n.end, end: n.end + whole.length, amount, unit: unit.unit, swaps: ['%'] });
      continue;
    }
    const abbreviated = !/^[a-z]{4,}$/i.test(written) && !/^days?$/.test(written);
    const plural = written.endsWith('s');
    const swaps = unit.confusedWith.map((other) => UNITS.find((u) => u.unit === other)!.write(plural, abbreviated));
    const start = n.end + space.length;
    found.push({ text: written, start, end: start + written.length, amount, unit: unit.unit, swaps });
  }
  const dates = findDates(text);
  const amounts = findNumbers(text).filter((n) => !touchesDate(dates, n.start, n.end));
  for (const m of text.matchAll(RATE)) {
    const [whole, lead, period] = m as unknown as [string, string, string];
    // "per month" is always a rate; "a year" or "each year" only after an amount in the same sentence ("£150 a year", not "once a year").
    const amountBefore = amounts.some((n) => n.end <= m.index! && m.index! - n.end <= 40 && !/[.!?]/.test(text.slice(n.end, m.index!)));
    if (lead !== 'per' && !amountBefore) continue;
    found.push({ text: whole, start: m.index!, end: m.index! + whole.length, amount: null, unit: `per ${period}`, swaps: RATE_SWAPS[period]!.map((p) => `${lead} ${p}`) });
  }
  return found.sort((a, b) => a.start - b.start);
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
