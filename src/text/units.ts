import { findNumbers, numberKey, type NumberPiece, type Piece, sentenceAround } from './claims.js';
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
  /** Written plural or abbreviated as the unit it replaces; `kind` is "working" or "business", as the text calls a day that is not a calendar one. */
  write: (plural: boolean, abbreviated: boolean, kind: string) => string;
  /**
   * The units a worker plausibly confuses this one with while keeping the
   * magnitude, only at a value
   * usual in the other unit (ROUND_VALUES: "2 working hours", not "3
   * working hours"). A calendar day for a working day and back is the slip
   * an honest worker makes (a working day may be written "calendar days":
   * `written`): offered at any count (`anyValue`), unit-swap refuses one
   * not conventional in the new kind with its reason (conventionalCount:
   * "10 working days", never "14 working days"); a day for a week, a month for a year or kg for lb is not:
   * the scale is off by a factor the question and the rest of the answer
   * betray, and the evidence of these suites is metric. Nor a unit a
   * thousandth or a thousand times the other (MB, GB, TB; mcg, mg, g): "2 MB
   * a day" of data or "2 TB" reads as absurd by the domain's scale. Volumes (a "50
   * millilitre" fish tank) are left alone.
   */
  confusedWith: ReadonlyArray<{ unit: string; anyValue?: boolean; written?: string }>;
}

const word = (singular: string) => (plural: boolean) => (plural ? `${singular}s` : singular);
const symbol = (written: string) => () => written;
const ofKind = (singular: string) => (plural: boolean, _: boolean, kind: string) => `${kind} ${word(singular)(plural)}`;
const UNITS: readonly UnitWord[] = [
  { unit: 'minute', pattern: 'minutes?|mins?', write: word('minute'), confusedWith: [] },
  // A working or business day is a unit of its own: "10 working days" is not "10 days", for this mutator and for the critic.
  { unit: 'working hour', pattern: '(?:working|business)\\s+hours?', write: ofKind('hour'), confusedWith: [{ unit: 'hour', anyValue: true }] },
  { unit: 'hour', pattern: 'hours?|hrs?', write: word('hour'), confusedWith: [{ unit: 'working hour' }] },
  {
    unit: 'working day',
    pattern: '(?:working|business)\\s+days?',
    write: ofKind('day'),
    // Either kind of day at any count here: unit-swap refuses a count not conventional in the other kind, with its reason (conventionalCount).
    confusedWith: [
      { unit: 'day', anyValue: true },
      { unit: 'day', anyValue: true, written: 'calendar' },
    ],
  },
  { unit: 'day', pattern: '(?:calendar\\s+)?days?', write: word('day'), confusedWith: [{ unit: 'working day', anyValue: true }] },
  { unit: 'week', pattern: 'weeks?', write: word('week'), confusedWith: [] },
  { unit: 'month', pattern: 'months?', write: word('month'), confusedWith: [] },
  { unit: 'year', pattern: 'years?', write: word('year'), confusedWith: [] },
  { unit: 'mcg', pattern: 'mcg|micrograms?', write: (p, abbr) => (abbr ? 'mcg' : word('microgram')(p)), confusedWith: [] },
  { unit: 'mg', pattern: 'mg|milligrams?', write: (p, abbr) => (abbr ? 'mg' : word('milligram')(p)), confusedWith: [] },
  { unit: 'g', pattern: 'g|grams?', write: (p, abbr) => (abbr ? 'g' : word('gram')(p)), confusedWith: [] },
  { unit: 'kg', pattern: 'kg|kilograms?', write: (p, abbr) => (abbr ? 'kg' : word('kilogram')(p)), confusedWith: [] },
  { unit: 'lb', pattern: 'lbs?', write: (p) => (p ? 'lbs' : 'lb'), confusedWith: [] },
  { unit: 'ml', pattern: 'ml|mL|millilitres?', write: (p, abbr) => (abbr ? 'ml' : word('millilitre')(p)), confusedWith: [] },
  { unit: 'litre', pattern: 'litres?', write: word('litre'), confusedWith: [] },
  { unit: 'MB', pattern: 'MB', write: symbol('MB'), confusedWith: [] },
  { unit: 'GB', pattern: 'GB', write: symbol('GB'), confusedWith: [] },
  { unit: 'TB', pattern: 'TB', write: symbol('TB'), confusedWith: [] },
  // Read as the other side of "%": "by 2 percentage points" against "by 2%".
  { unit: 'percentage point', pattern: 'percentage points?', write: word('percentage point'), confusedWith: [] },
];

/** Periods a rate may be per, each with the words that name it elsewhere in an answer ("monthly usage", "the day after"). */
export const PERIOD_WORDS: Readonly<Record<string, RegExp>> = {
  hour: /\bhours?\b|\bhourly\b/i,
  day: /\bdays?\b|\bdaily\b/i,
  night: /\bnights?\b|\bnightly\b/i,
  week: /\bweeks?\b|\bweekly\b/i,
  month: /\bmonths?\b|\bmonthly\b/i,
  quarter: /\bquarters?\b|\bquarterly\b/i,
  year: /\byears?\b|\byearly\b|\bannual(?:ly)?\b/i,
};

/**
 * What a rate is per, and what a worker slips to: a neighbouring period (a
 * month for a year), or another denominator of the same family (a passenger
 * for a flight, a visit for an item, a person for a group, a booking for a
 * ticket). Not a group for a person or a player: a price per head read per
 * group is a fraction of what a group pays (unseen42's and unseen43's
 * readers: "£18 per group is odd for a tasting; such fees are usually per
 * person").
 */
const RATE_SWAPS: Record<string, string[]> = {
  hour: ['day'],
  day: ['week'],
  night: ['week'],
  week: ['day', 'month'],
  month: ['week', 'quarter', 'year'],
  quarter: ['month', 'year'],
  year: ['quarter', 'month'],
  flight: ['passenger', 'booking'],
  passenger: ['flight', 'booking'],
  bag: ['passenger', 'flight'],
  booking: ['passenger', 'flight'],
  journey: ['flight', 'passenger'],
  person: ['booking'],
  player: ['booking'],
  ticket: ['booking'],
  group: ['person'],
  item: ['visit'],
  loan: ['visit'],
  visit: ['item'],
};

/** Hours in each unit of time a length or a rate's period is written in: what compares lengths written in different units. */
export const HOURS_IN: Readonly<Record<string, number>> = { minute: 1 / 60, hour: 1, day: 24, week: 168, month: 730, quarter: 2190, year: 8760 };

/** Hours in each period a price may be per, to tell how far a new period moves the price. */
const PERIOD_HOURS: Readonly<Record<string, number>> = { hour: 1, day: 24, night: 24, week: 168, month: 730, quarter: 2190, year: 8760 };
/** How many times cheaper or dearer a price may read after a swap of its period: a month for a week or a quarter, not for a year. */
const PRICE_SCALE = 4.5;

const QUANTITY = new RegExp(`^([ -]?)(${UNITS.map((u) => u.pattern).join('|')})\\b`);
const RATE = new RegExp(`\\b(per|an?|each|every|in any(?: calendar)?)\\s+(${Object.keys(RATE_SWAPS).join('|')})\\b`, 'g');

/** What a percentage is a share of, or a rate: "the interest rate", "your APR", "the commission". */
const A_RATE = /\b(?:rates?|APR|interest|percentage|share|commission|margin|yield|discount|tax)\b/i;

/** Whether the words of its sentence before a percentage name the rate it changes ("the interest rate rises by 2%"). */
function changesARate(text: string, n: NumberPiece): boolean {
  const sentence = sentenceAround(text, n.start, n.end);
  return sentence !== undefined && A_RATE.test(text.slice(sentence.start, n.start));
}

export function findUnits(text: string): UnitPiece[] {
  const found: UnitPiece[] = [];
  // A day that is not a calendar one is called as the text calls it.
  const kind = /\bbusiness\s+(?:days?|hours?)\b/i.test(text) ? 'business' : 'working';
  for (const n of findNumbers(text)) {
    const amount = numberKey({ ...n, percent: false });
    if (n.percent) {
      // "by 2%" may be misread as percentage points only where it is a change, and of a rate: "15% of pay" has no such
      // reading, nor a price: "plan prices go up by 5 percentage points" is "the wrong unit for a price rise"
      // (unseen143's readers).
      if (/\bby\s+$/.test(text.slice(Math.max(0, n.start - 4), n.start)) && changesARate(text, n)) {
        found.push({ text: '%', start: n.end - 1, end: n.end, amount, unit: '%', swaps: [` percentage ${n.value === 1 ? 'point' : 'points'}`] });
      }
      continue;
    }
    const unit = unitAfter(text, n, amount, kind);
    if (unit) found.push(unit);
  }
  // An amount in words has a unit too ("four weeks", "a three-month period"), after a space or a hyphen.
  for (const w of findNumberWords(text)) {
    const unit = /^[ -]/.test(text.slice(w.end)) ? unitAfter(text, w, String(w.value), kind) : null;
    if (unit && unit.unit !== 'percentage point') found.push(unit);
  }
  const dates = findDates(text);
  const amounts = findNumbers(text).filter((n) => !touchesDate(dates, n.start, n.end));
  for (const m of text.matchAll(RATE)) {
    const [whole, lead, per] = m as unknown as [string, string, string];
    // "per month" and "in any month" are always rates; "a year" or "each year" only after a price in the same sentence ("£150 a year", not "once a year", "6 hours in a day").
    const nearest = amounts.filter((n) => n.end <= m.index && m.index - n.end <= 40 && !/[.!?]/.test(text.slice(n.end, m.index))).pop();
    const price = nearest !== undefined && (nearest.currency !== '' || /^p\b/.test(text.slice(nearest.end)));
    if (!/^(?:per|in any)/.test(lead) && !price) continue;
    // A price keeps its scale: "$30 a month" may be "$30 a week", never "$30 a year", twelve times cheaper than any add-on beside it.
    const periods = RATE_SWAPS[per]!.filter(
      (p) => !price || !(p in PERIOD_HOURS) || !(per in PERIOD_HOURS) || Math.max(PERIOD_HOURS[p]! / PERIOD_HOURS[per]!, PERIOD_HOURS[per]! / PERIOD_HOURS[p]!) <= PRICE_SCALE,
    );
    const swaps = periods.map((p) => `${/^an?$/.test(lead) ? (/^[aeiou]/.test(p) ? 'an' : 'a') : lead} ${p}`);
    found.push({ text: whole, start: m.index, end: m.index + whole.length, amount: null, unit: `per ${per}`, swaps });
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The unit written right after an amount, with the swaps that keep the
 * figure plausible, or null. Either kind of day keeps its separator, so a
 * "14-day loan" stays whole.
 */
function unitAfter(text: string, n: { start: number; end: number; value: number }, amount: string, kind: string): UnitPiece | null {
  const m = QUANTITY.exec(text.slice(n.end));
  if (!m) return null;
  const [whole, space = '', written = ''] = m;
  const unit = UNITS.find((u) => new RegExp(`^(?:${u.pattern})$`).test(written))!;
  if (unit.unit === 'percentage point') return { text: whole, start: n.end, end: n.end + whole.length, amount, unit: unit.unit, swaps: ['%'] };
  const abbreviated = !/^[a-z]{4,}$/i.test(written) && !/^days?$/.test(written);
  const plural = written.endsWith('s');
  const start = n.end + space.length;
  const [before, after] = [text.slice(Math.max(0, n.start - 30), n.start), text.slice(start + written.length, start + written.length + 40)];
  const swaps = unit.confusedWith
    .filter((other) => other.anyValue || usualIn(n.value, other.unit))
    .filter((other) => !/^(?:working )?(?:day|hour)$/.test(other.unit) || space === ' ')
    .filter((other) => !/^working /.test(other.unit) || countedInWorkingTime(other.unit, before, after))
    // "20 working days per calendar year" does not become "20 calendar days per calendar year"; and "calendar days" only where the text
    // itself counts in them: "within 5 calendar days" for "5 working days" in an answer that never says "calendar" was read as an
    // altered turnaround (unseen27's and unseen29's readers: "usually given in working days").
    .filter((other) => !other.written || (!after.includes(other.written) && new RegExp(`\\b${other.written}\\s+days?\\b`, 'i').test(text)))
    .map((other) => `${other.written ? `${other.written} ` : ''}${UNITS.find((u) => u.unit === other.unit)!.write(plural, abbreviated, kind)}`);
  return { text: written, start, end: start + written.length, amount, unit: unit.unit, swaps };
}

/**
 * Whether a count of days or hours is one an organisation could count in
 * working time, given the words before and after it: a deadline to act
 * ("within 7 days", "at least 5 days beforehand", "28 days to respond", "you
 * have 30 days", "2 hours' notice") or an allowance ("5 days of paid leave",
 * "a deferral of up to 14 days"); never how long a thing lasts or takes
 * ("for 5 days", "for up to 5 days", "after 2 days", "no more than 10 days
 * for pain"), nor how far ahead one may book ("up to 7 days in advance"). An hour only in notice or a deadline of its own ("a response
 * within 1 hour"), not one counted from an event ("within 24 hours of
 * departure").
 */
function countedInWorkingTime(unit: string, before: string, after: string): boolean {
  const notice = /^['’]?\s+notice\b/.test(after);
  if (unit === 'working hour') return notice || (/\bwithin\s+$/.test(before) && !/^\s+(?:of|before|after|from|following|prior)\b/.test(after));
  // Not how far ahead one may book ("book up to 7 days in advance"): an app that takes bookings for the weekend counts its
  // horizon in days (unseen46's readers: "'7 working days' is an odd limit for a court-booking app").
  if (/\bup\s+to\s+$/i.test(before) && /^\s+(?:in\s+advance|ahead)\b/i.test(after)) return false;
  const deadline = /\b(?:within(?:\s+a\s+further|\s+another)?|at\s+least|no\s+later\s+than|ha(?:s|ve)|(?<!\bfor\s+)up\s+to)\s+$/i.test(before);
  return notice || deadline || /^\s+(?:to\s+[a-z]+|of\s+(?:[\w-]+\s+){0,2}leave)\b/i.test(after);
}

/** The kinds of day a count may move between, each only at a count conventional in the kind it moves to (ROUND_VALUES: working days 1 to 10, 15 and 20; calendar days 1, 2, 3, 5, 7, 10, 14, 21, 28, 30, 45, 60, 90). */
const DAY_KINDS: ReadonlySet<string> = new Set(['day', 'working day']);

/**
 * Whether a count moves between kinds of day as a slip would: one documents write in both ("5 days" and "5 working
 * days", "10 days"), never "14 working days" or "20 days"; nor a count unusual where it stands ("wait at least 4 days"
 * after a dose), which reads as a clinical figure that no one would have written in working days (a swap between
 * kinds of day only).
 */
export function conventionalCount(value: number, from: string, to: string): boolean {
  return !(DAY_KINDS.has(from) && DAY_KINDS.has(to)) || (usualIn(value, from) && usualIn(value, to));
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
  const supportAmounts = new Set(findNumbers(support).map(numberKey));
  const claimAmounts = findNumbers(claim).filter((n) => n.currency !== '');
  const units = findUnits(claim);
  // A rate right after an amount: "£35 a night".
  const followsIn = (text: string, u: UnitPiece) => findNumbers(text).some((n) => n.currency !== '' && n.end <= u.start && /^\s*(?:[a-z]+\s+)?$/i.test(text.slice(n.end, u.start)));
  const follows = (u: UnitPiece) => followsIn(claim, u);
  return units.filter((u) => {
    if (keys.has(unitKey(u))) return false;
    // A rate is the supporting sentence's to give only for an amount it states: "$390 a month, or $4,680 over a year" works out a rate of its own.
    const amount = u.amount === null ? claimAmounts.filter((n) => n.end <= u.start).pop() : undefined;
    if (amount && !supportAmounts.has(numberKey(amount))) return false;
    // A rate before any amount, where the amounts have rates of their own, is what prices in general are quoted by ("our
    // prices are per person for two sharing, so solo travellers pay £35 a night"; unseen41's evidence-check false alarms).
    // Only where the support states no such rate of its own ("Lockers are charged per day"): there the claim's is read against it.
    if (u.amount === null && amount === undefined && units.some((o) => o !== u && o.amount === null && follows(o)) && !stated.some((r) => r.amount === null && !followsIn(support, r))) return false;
    const sameKind = u.amount === null ? stated.filter((s) => s.amount === null) : stated.filter((s) => s.amount === u.amount);
    return sameKind.length > 0;
  });
}
