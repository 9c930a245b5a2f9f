import { A_PAIR_OF, NUMBER_WORDS, spelledValue } from './numberWords.js';
import { findNumbers, type NumberPiece } from './claims.js';
import { namesMeasure } from './lexicon.js';
import { readSentences } from './nlp.js';
import { rateFactor, ratePeriodAfter } from './rates.js';

/**
 * The quantities of an answer: each number with what it counts (a currency,
 * "%", or the word after it: "day", "kg", "item"), so that a mutator changing
 * one can keep the answer consistent with itself, as a worker's honest
 * mistake is: every mention of the same quantity alike, the order of the
 * figures of one unit ("between 23 kg and 32 kg"), and the sums and products
 * the figures make; and pick a value a document would state for that unit.
 */
export interface Quantity {
  number: NumberPiece;
  /** A currency sign, "p" for pence, "%", or the singular of the word after the number ("day" for "working days"). */
  unit: string;
  /** The number and its unit: the same quantity wherever the answer mentions it. */
  key: string;
  /**
   * The number and the last noun of a compound written after it, where the unit is the compound's first noun: "500
   * charge cycles" counts cycles (500|cycle), the figure "the 500-cycle limit" restates. Undefined for no compound.
   */
  compoundKey: string | undefined;
}

/** Words between a number and its unit that leave the unit what it is: "10 working days" counts days. */
const UNIT_ADJECTIVES = /^(?:working|business|calendar|clear|full|consecutive|further|more|extra|additional)\s+/;

/** Units as counted the same way: nights are days, minutes and hours one scale each. */
const UNIT_SYNONYMS: Record<string, string> = {
  night: 'day',
  hr: 'hour',
  min: 'minute',
  mins: 'minute',
  hrs: 'hour',
  lbs: 'lb',
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
  // One measure written in words or symbols: "a minimum height of 1.4 metres" and the question's "1.35 m" (unseen142's
  // readers, of 1.4 made 1.3 beside it: "1.35 m is above a 1.3 m minimum, yet the answer says he is below it").
  m: 'metre',
  meter: 'metre',
  km: 'kilometre',
  kilometer: 'kilometre',
  cm: 'centimetre',
  centimeter: 'centimetre',
  mm: 'millimetre',
  millimeter: 'millimetre',
  kilogram: 'kg',
  kilo: 'kg',
};

export function findQuantities(text: string): Quantity[] {
  // The words a number is followed by, as the language model reads them: "25 or over" and "under 25 a young driver" count nothing.
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  const functionWords = new Set(tokens.filter((t) => FUNCTION_POS.has(t.pos)).map((t) => t.start));
  const tags: TagStarts = {
    // A participle describes what a number counts as an adjective does: "up to 3 missed hours" counts hours, "3 broken tiles" tiles (unseen132's
    // readers, of that 3 made 4 beside "more than 3 hours": "the limits contradict each other").
    adjectives: new Set(tokens.filter((t) => t.pos === 'ADJ' || (t.pos === 'VERB' && /[a-z](?:ed|en)$/i.test(t.text))).map((t) => t.start)),
    nouns: new Set(tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN').map((t) => t.start)),
  };
  return findNumbers(text).map((number) => {
    const unit = unitOf(number, text, functionWords, tags);
    const compound = compoundHead(text, number.end, tags.nouns);
    return { number, unit, key: `${number.value}|${unit}`, compoundKey: compound === undefined ? undefined : `${number.value}|${compound}` };
  });
}

/** The singular of the last of two or more nouns written apart right after a number ("500 charge cycles": cycle). */
function compoundHead(text: string, end: number, nouns: ReadonlySet<number>): string | undefined {
  const words = [...text.slice(end, end + 60).matchAll(/\s([A-Za-z]+)(?=[\s,.;:!?)]|$)/gy)];
  const run = words.findIndex((word) => !nouns.has(end + word.index + 1));
  const compound = run === -1 ? words : words.slice(0, run);
  return compound.length < 2 ? undefined : singularOf(compound.at(-1)![1].toLowerCase());
}

/** A plural noun's singular, by its ending: "cycles" to cycle, "days" to day (not "bus", "glass"). */
function singularOf(lower: string): string {
  return /^[a-z]{2,}[^s]s$/.test(lower) ? lower.slice(0, -1) : lower;
}

/** A bound written between a number and what it counts: "14 or more days", "2 or fewer children". */
const OR_BOUND = /^or\s+(?:more|fewer|less|over|under|above|below)\s+/i;

/** Parts of speech that name no unit: "or", "a", "to", "in", "it". */
const FUNCTION_POS = new Set(['CCONJ', 'SCONJ', 'DET', 'ADP', 'PRON', 'AUX', 'PART']);

/** Where the language model's adjectives and nouns start in a text. */
interface TagStarts {
  adjectives: ReadonlySet<number>;
  nouns: ReadonlySet<number>;
}

function unitOf(n: NumberPiece, text: string, functionWords: ReadonlySet<number>, tags: TagStarts): string {
  const after = text.slice(n.end, n.end + 60);
  if (n.currency) return n.currency;
  if (n.percent) return '%';
  if (/^p\b/.test(after)) return 'p';
  const joined = /^(\s+|-)(.*)$/s.exec(after);
  // A bound between the number and a noun leaves the unit what it is: "14 or more days" counts days (unseen99's readers, of 14
  // made 16 there: "an odd cut-off"); "25 or over" before a verb counts nothing.
  const bound = joined ? OR_BOUND.exec(joined[2]!) : null;
  const words = joined && bound && tags.nouns.has(n.end + joined[1]!.length + bound[0].length) ? joined[2]!.slice(bound[0].length) : joined?.[2];
  const word = pastDescriptions(words?.replace(UNIT_ADJECTIVES, ''), n.end + after.length, tags, joined?.[1] === '-');
  const noun = /^[A-Za-z]+/.exec(word ?? '')?.[0] ?? '';
  // The word runs to the end of `after`: where it starts in the text.
  if (noun && functionWords.has(n.end + after.length - word!.length)) return '';
  const lower = noun.length > 2 || /^[A-Z]{2}$/.test(noun) ? noun : noun.toLowerCase();
  const singular = singularOf(lower);
  return UNIT_SYNONYMS[singular] ?? singular;
}

/**
 * The words after a number past the adjectives that describe what it counts, where a noun follows them: "88
 * full-size weighted keys" counts keys (unseen51's readers saw "88" made 87 beside "fewer than 88 keys" as two
 * counts of one keyboard). A frequency joined to its number ("8-weekly") is not passed. `end` is where the words end in
 * the text; `adjectives` and `nouns`, where the model's adjectives and nouns start.
 */
function pastDescriptions(words: string | undefined, end: number, tags: TagStarts, hyphenated: boolean): string | undefined {
  if (words === undefined) return undefined;
  let rest = words;
  for (let skipped = 0; skipped < 3; skipped++) {
    const adjective = /^([A-Za-z]+(?:-[A-Za-z]+)*)\s+(?=[A-Za-z])/.exec(rest);
    // A frequency joined to its number ("an 8-weekly round") is the unit; apart from it, what it describes is ("12 monthly payments").
    const frequency = hyphenated && rest === words && UNIT_SYNONYMS[adjective?.[1]?.toLowerCase() ?? ''] !== undefined;
    if (!adjective || !tags.adjectives.has(end - rest.length) || frequency) break;
    rest = rest.slice(adjective[0].length);
  }
  return rest === words || tags.nouns.has(end - rest.length) ? rest : words;
}

/** Whether the number is a count of a noun written singular or plural by it ("1 day", "2 days"), not an amount of money or a share. */
export function countsNoun(q: Quantity): boolean {
  return !q.number.currency && !q.number.percent && q.unit !== 'p' && /^[a-z]/.test(q.unit);
}

/** The values documents state for a period, in that unit: a reader doubts "13 days" or "48 days" where "14" or "45" is usual. */
export const ROUND_VALUES: Readonly<Record<string, readonly number[]>> = {
  minute: [5, 10, 15, 20, 30, 45, 60, 90],
  hour: [1, 2, 3, 4, 6, 8, 12, 24, 48, 72],
  day: [1, 2, 3, 5, 7, 10, 14, 21, 28, 30, 45, 60, 90],
  week: [1, 2, 3, 4, 6, 8, 12],
  // Not 9: readers of unseen12 took "valid for 9 months" for an altered 6 (a period in months is 1, 2, 3, 6, 12, 18, 24 or 36).
  month: [1, 2, 3, 6, 12, 18, 24, 36],
  // And the long periods records and guarantees are kept or closed for: unseen33's readers took a closure "for 10 years
  // from" 1958, moved from 100 (the next value down before these), for a slip ("would have ended long ago").
  year: [1, 2, 3, 5, 6, 7, 10, 15, 20, 25, 30, 40, 50, 75, 100],
  // Days and hours not counted on the calendar: "10 working days", never "45 working days"; "a response within 1 business hour".
  // Not 14, 21 or 30: readers of unseen13 took "within 14 working days" for an altered 14 days (working days count to 10, then 15 and 20).
  'working day': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20],
  'working hour': [1, 2, 4, 8],
};

/** The shares written with decimals that documents set thresholds and tiers at: 99.0% moves to 98.5% or 99.5%, never 98.9%. */
const SHARE_TIERS: readonly number[] = [90, 95, 97, 98, 98.5, 99, 99.5, 99.9, 99.95, 99.99];

/** The units whose lengths are conventional (ROUND_VALUES): a period written in another length reads as altered where a conventional one was at hand. */
const CONVENTIONAL_UNITS: ReadonlySet<string> = new Set(['week', 'month']);

/**
 * Whether a period of `value` in `unit` is one documents do not write where a
 * conventional length lies on both sides of it: "9 months" (6 and 12 are at
 * hand), "5 weeks"; not "48 months", past the longest, nor a unit without
 * conventional lengths.
 */
export function unconventionalPeriod(value: number, unit: string): boolean {
  const usual = ROUND_VALUES[unit];
  return CONVENTIONAL_UNITS.has(unit) && usual !== undefined && !usual.includes(value) && value < Math.max(...usual);
}

/**
 * The longer periods a period's unit makes whole ones of, in that unit: a
 * week of days (of five working days), a month of days, a day of hours, a
 * year of months.
 */
const WHOLE_LENGTHS: Readonly<Record<string, readonly number[]>> = { day: [7, 30], 'working day': [5], hour: [24], month: [12] };

/**
 * The usual lengths of a period that is a whole number of a longer one, in
 * its own unit, or undefined: "within 7 days" is a week in other words and
 * moves to another whole number of weeks (14 days), never to 5 or 10 days,
 * which read as made up (unseen17's readers: "a 5-day payment deadline is
 * unusually short"); working days count weeks of five ("5 working days" to
 * 10, "10" to 5 or 15). Likewise "24 hours" is a day (to 48, never 12),
 * "12 months" a year (to 24, never 18) and "30 days" a month (to 60, never
 * 20 or 40): unseen18's readers ("a 12-hour police-reporting window is
 * unusually short", "policies like this normally count over 12 months").
 */
export function wholePeriodValues(value: number, unit: string): readonly number[] | undefined {
  const usual = ROUND_VALUES[unit];
  const length = WHOLE_LENGTHS[unit]?.find((l) => value % l === 0);
  if (length === undefined || usual === undefined) return undefined;
  return usual.filter((v) => v % length === 0);
}

/** Whether a document would state this value in this unit: any value for a unit without a list of usual values. */
export function usualIn(value: number, unit: string): boolean {
  const usual = ROUND_VALUES[unit];
  return !usual || usual.includes(value);
}

/**
 * The plausible wrong values next to a number, one below and one above: the
 * neighbouring usual values of a period; otherwise the neighbouring round
 * values at the number's own precision (a whole pound stays whole, "£6.00"
 * becomes "£5.00", 23 becomes 20 or 25, 99.9% becomes 99.8%). Never 1 for a
 * count of a plural noun nor the other way round ("1 day" and "2 days" differ
 * in more than the number). `usual` narrows a period's values to those of
 * its use (the windows a limit is counted over).
 */
export function neighbourValues(q: Quantity, usual: readonly number[] | undefined = ROUND_VALUES[q.unit]): number[] {
  const { value } = q.number;
  const bandTop = isCountOfThings(q) ? bandTopNeighbours(value) : undefined;
  let values: number[];
  if (usual && Number.isInteger(value)) {
    values = [Math.max(...usual.filter((v) => v < value), -1), Math.min(...usual.filter((v) => v > value), Infinity)];
  } else if (q.number.percent && q.number.decimals > 0 && value >= SHARE_TIERS[0]!) {
    // A share written with decimals is a threshold or a tier (99.0%, 99.95%): its neighbours are the tiers documents use.
    values = [Math.max(...SHARE_TIERS.filter((v) => v < value), -1), Math.min(...SHARE_TIERS.filter((v) => v > value), Infinity)];
  } else if (bandTop !== undefined) {
    values = bandTop;
  } else {
    // Pence written on a whole amount ("£6.00") is style, not precision.
    const decimals = q.number.decimals > 0 && Number.isInteger(value) && !q.number.percent ? 0 : q.number.decimals;
    const scale = 10 ** decimals;
    const units = Math.round(value * scale);
    const step = decimals === 0 ? roundStep(units) : roundness(units);
    const below = Math.ceil(units / step) * step - step;
    const above = Math.floor(units / step) * step + step;
    values = [below / scale, above / scale].map((v) => Number(v.toFixed(decimals)));
  }
  return values.filter((v) => v > 0 && Number.isFinite(v) && v !== value && (!q.number.percent || v < 100) && (!countsNoun(q) || (v === 1) === (value === 1)));
}

/** Words of money: a sentence that splits, refunds or charges an amount. */
const MONEY_TALK = /[£$€]|\b(?:refund(?:s|ed|able)?|deposits?|balance|fees?|prices?|costs?|charges?|paid|pay(?:s|able)?|payments?|salary|bill|discount)\b/i;

/** A whole number joined by "or" to the one before or after it: "aged 16 or 17", "14 or 15"; not a decimal's last digits ("3.5 or 4"). */
const OR_BEFORE = /(?<![\d.,])\b(\d+)\s+or\s+$/i;
const OR_AFTER = /^\s+or\s+(\d+)\b(?![.,]\d)/i;

/**
 * Whether a whole number and the one it is joined to by "or" are consecutive
 * ("clients aged 16 or 17"): the pair names every value between two limits,
 * and moving one end leaves a gap ("16 or 18") a reader sees skips a value
 * (unseen36's readers: "an odd range that skips 17"; unseen49's, of a sentence claim-insertion wrote:
 * "aged 16 or 22 makes no sense").
 */
export function consecutiveWithPartner(text: string, n: NumberPiece): boolean {
  const partner = OR_BEFORE.exec(text.slice(Math.max(0, n.start - 12), n.start))?.[1] ?? OR_AFTER.exec(text.slice(n.end, n.end + 12))?.[1];
  return partner !== undefined && Number.isInteger(n.value) && Math.abs(Number(partner) - n.value) === 1;
}

/**
 * Whether a figure is 50% of money, a half: the share deposits, refunds and balances are split at (unseen38's readers,
 * of "the remaining 40%": "an unusual 60%"; unseen40's, of a 40% refund band: "tiers like this are normally 50%").
 * Moved, it reads as altered by its value alone. A half of anything else ("reduces levels by about 50%") moves.
 */
export function isHalfOfMoney(n: { percent: boolean; value: number }, sentence: string): boolean {
  return n.percent && n.value === 50 && MONEY_TALK.test(sentence);
}

const isCountOfThings = (q: Quantity) => !q.number.currency && !q.number.percent && q.number.decimals === 0;

/**
 * The neighbours of a whole number one below a round one, the top of a band ("50 to 199 copies", "up to 49"): it moves
 * as the round number does and stays one below it (99 or 299, never 198: unseen63's readers, "an odd boundary, likely
 * altered from 199"); undefined for any other number.
 */
export function bandTopNeighbours(value: number): number[] | undefined {
  if (!Number.isInteger(value) || value < 19 || (value + 1) % 10 !== 0) return undefined;
  const step = roundness(value + 1);
  return [value - step, value + step].filter((v) => v > 0);
}

/**
 * Whether a whole number of 10 or more meets another of its sentence at the next whole number, as the bounds of two
 * bands do ("15% for 200 to 499 copies and 20% for 500 copies or more"): moving one leaves a gap or an overlap a
 * reader sees (unseen63's readers: "orders of 500 to 509 copies fall into no tier").
 */
export function meetsNextBand(sentence: string, n: NumberPiece): boolean {
  if (!Number.isInteger(n.value) || n.value < 10) return false;
  // The lower of the two tops a range ("to 499", "200-499"): not two bounds of one range ("between 23 kg and 24 kg").
  // Or counts the first of a run the higher goes on from ("free for the first 14 days ..., and from day 15"; unseen124's
  // readers, of "from day 10": "contradicts itself").
  const topsRange = (m: NumberPiece) => RANGE_TOP.test(sentence.slice(Math.max(0, m.start - 8), m.start));
  // Of the same unit: "the first 14 days" and "day 15", not "your first 10 sessions" and "11 people" (the review).
  const firstOfRun = (lower: NumberPiece, higher: NumberPiece) => {
    const unit = FIRST_OF.test(sentence.slice(Math.max(0, lower.start - 8), lower.start)) ? /^\s+([a-z]+?)s?\b/i.exec(sentence.slice(lower.end))?.[1] : undefined;
    return unit !== undefined && new RegExp(`\\b${unit}\\s+$`, 'i').test(sentence.slice(Math.max(0, higher.start - 16), higher.start));
  };
  return findNumbers(sentence).some((m) => {
    if (m.start === n.start || m.currency !== n.currency || m.percent !== n.percent || Math.abs(m.value - n.value) !== 1) return false;
    const [lower, higher] = m.value < n.value ? [m, n] : [n, m];
    return topsRange(lower) || firstOfRun(lower, higher);
  });
}

/** What comes before the top of a range: "to", a dash. */
const RANGE_TOP = /(?:\bto|[-–])\s*$/;
/** What comes before the count of the first of a run: "the first 14 days". */
const FIRST_OF = /\bfirst\s+$/i;

/**
 * The step from a whole number to the next as round as it: 25 to 20 or 30, 1,250 to 1,200 or 1,300, 23 to 22 or 24; an
 * even number of ten or more to the next even one, 12 to 10 or 14 (unseen96's readers, of "more than 11 people" and "a
 * 29°C cut-off": "an odd threshold", "oddly specific").
 */
export function roundStep(units: number): number {
  return roundness(units) === 1 && units >= 10 && units % 2 === 0 ? 2 : roundness(units);
}

/** The largest 10^k or 5×10^k below a whole number that divides it: how round the number is. */
function roundness(units: number): number {
  let step = 1;
  for (let power = 1; power < units; power *= 10) {
    if (units % (5 * power) === 0 && 5 * power < units) step = 5 * power;
    if (units % (10 * power) === 0 && 10 * power < units) step = 10 * power;
  }
  return step;
}

/**
 * Whether the answer mentions this quantity (number and unit) more than once.
 * A range's first bound is a figure of the unit written after its second
 * ("between 15 and 25 miles", "10–12 kg"): unseen22's readers saw "the
 * 20-mile area" beside "addresses between 15 and 25 miles away" as one
 * boundary written two ways. A compound counts its last noun: unseen64's
 * readers saw "500 charge cycles" made 400 beside "the 500-cycle limit".
 */
export function mentionedAgain(text: string, quantities: readonly Quantity[], q: Quantity): boolean {
  const keys = quantities.map((other, i) => keyInComparison(text, other, quantities[i - 1]) ?? keyInRange(text, other, quantities[i + 1]));
  const at = quantities.indexOf(q);
  // A compound's last noun against the other's own unit only: two compounds ending alike ("a 2 week trial period ... a 2
  // month notice period") count different things.
  const same = (i: number) =>
    keys[i] === keys[at] || (q.compoundKey !== undefined && q.compoundKey === keys[i]) || (quantities[i]!.compoundKey !== undefined && quantities[i]!.compoundKey === keys[at]);
  return quantities.some((_, i) => i !== at && same(i));
}

/**
 * A quantity's key where it is the unitless other side of a comparison, the unit of the figure compared with it: "30
 * minutes in the chapel rather than 45" is 45 minutes. unseen31's readers saw the "standard 45-minute service" made
 * 50 beside "rather than 45" as two lengths of one service.
 */
function keyInComparison(text: string, q: Quantity, previous: Quantity | undefined): string | undefined {
  const unit = unitInComparison(text, q, previous) ?? unitBefore(text, q, previous, /\b(?:than|against)\s+$/i);
  return unit === undefined ? undefined : `${q.number.value}|${unit}`;
}

/** What names a figure the alternative to the one before it: "rather than", "instead of the usual", "compared with". */
const ALTERNATIVE_BEFORE = /\b(?:rather\s+than|instead\s+of|compared\s+(?:with|to)|versus|vs\.?)\s+(?:the\s+)?(?:(?:usual|standard|normal|regular|typical)\s+)?$/i;

/**
 * The unit of the figure a unitless quantity is the alternative to, or undefined: "90 minutes instead of the usual 60"
 * counts minutes, and moves among the lengths of minutes documents write (unseen115's readers, of 60 made 70: "an odd
 * standard slot length"). Not a bound after "than" ("140 guests ... no more than 120"), which may count something else.
 */
export function unitInComparison(text: string, q: Quantity, previous: Quantity | undefined): string | undefined {
  return unitBefore(text, q, previous, ALTERNATIVE_BEFORE);
}

/** The unit of the quantity before a unitless one in its sentence, where the words between end as `joins` says. */
function unitBefore(text: string, q: Quantity, previous: Quantity | undefined, joins: RegExp): string | undefined {
  if (q.unit !== '' || previous === undefined || previous.unit === '') return undefined;
  const between = text.slice(previous.number.end, q.number.start);
  // "vs." is a word, not a sentence's end.
  return /^[^.;!?]*$/.test(between.replace(/\bvs\./gi, 'vs')) && joins.test(between) ? previous.unit : undefined;
}

/** A quantity's key, the unit of the bound that closes its range taken where it is the range's unitless first bound. */
function keyInRange(text: string, q: Quantity, next: Quantity | undefined): string {
  if (q.unit !== '' || next === undefined || next.unit === '') return q.key;
  return joinedAsRange(text, q, next) ? `${q.number.value}|${next.unit}` : q.key;
}

/** Whether two quantities of a text, one after the other, are a range's bounds: "2 to 3", "2–3", "between 2 and 3". */
export function joinedAsRange(text: string, low: Quantity, high: Quantity): boolean {
  const between = text.slice(low.number.end, high.number.start);
  return /^\s*(?:to|[–-])\s*$/i.test(between) || (/^\s+and\s+$/i.test(between) && /\bbetween\s+$/i.test(text.slice(Math.max(0, low.number.start - 8), low.number.start)));
}

/**
 * Whether `value` in place of `q` keeps every other figure of its unit in
 * the answer on the same side ("between 23 kg and 32 kg", "from $0.08 to
 * $0.10"), and equal to none of them.
 */
export function keepsOrder(quantities: readonly Quantity[], q: Quantity, value: number): boolean {
  return quantities.every((other) => other === q || other.unit !== q.unit || Math.sign(other.number.value - q.number.value) === Math.sign(other.number.value - value));
}

/** A number in digits or in words, as a bound of a range is written ("2", "two", "twenty-one"). */
const BOUND = String.raw`(\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)`;
/** The other figure of an ordered pair written right before a number: a range's first bound ("2 to ", "two-", "between 5 and ", "from 1 to "), a deal's count ("10 washes for the price of "). */
const PARTNER_BEFORE = [
  new RegExp(String.raw`\b(?:between\s+${BOUND}\s+and|${BOUND}\s*(?:to|[–-]))\s*$`, 'i'),
  new RegExp(String.raw`\b${BOUND}(?:\s+[a-z-]+){0,3}\s+for\s+the\s+price\s+of\s*$`, 'i'),
];
/** The other figure written right after a number: a range's second bound (" to 3", "–3", " and 10" after "between"), a deal's price (" washes for the price of 8"). */
const PARTNER_AFTER = [new RegExp(String.raw`^\s*(?:to|[–-]|and)\s*${BOUND}\b`, 'i'), new RegExp(String.raw`^(?:\s+[a-z-]+){0,3}\s+for\s+the\s+price\s+of\s+${BOUND}\b`, 'i')];

function boundValue(written: string | undefined): number | undefined {
  if (written === undefined) return undefined;
  return /^\d/.test(written) ? Number(written) : spelledValue(written.split('-'));
}

const COUNT_OF_PERIOD = new RegExp(String.raw`^(?:(?:within|in)\s+)?${BOUND}\b`, 'i');

/** The count a period is written with ("within 3 days": 3 at offset 7; "two weeks after": 2), or undefined when it has none. */
export function countOfDuration(period: string): { written: string; offset: number; value: number } | undefined {
  const match = COUNT_OF_PERIOD.exec(period);
  const value = boundValue(match?.[1]);
  return match && value !== undefined ? { written: match[1]!, offset: match[0].length - match[1]!.length, value } : undefined;
}

/**
 * Whether a number written at [start, end), given a new value, keeps its side
 * of the figure it is paired with: "two to three weeks" may become "two to
 * four" but never "two to two" or "three to two" ("1 to 3", "between 5 and 7"
 * the same), and "10 washes for the price of 8" never "5 washes"; nor does a
 * range grow to more than twice its width ("8 to 10 people" never "8 to 15").
 * A reader needs no evidence to see a range collapse or widen past belief, or
 * a deal turn into a loss. A number paired with none keeps its order
 * trivially.
 */
export function keepsPairedOrder(text: string, start: number, end: number, original: number, value: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 40);
  // "and 10" closes a range only after "between 5": elsewhere it joins two figures ("£5 and 10 points").
  const joinsOnly = (match: RegExpExecArray) => /^\s*and/i.test(match[0]) && !/\bbetween\s*$/i.test(before);
  const partners = [
    ...PARTNER_BEFORE.map((pattern, i) => ({ match: pattern.exec(before), range: i === 0 })).flatMap(({ match, range }) => (match ? [{ value: boundValue(match[1] ?? match[2]), range }] : [])),
    ...PARTNER_AFTER.map((pattern, i) => ({ match: pattern.exec(after), range: i === 0 })).flatMap(({ match, range }) => (match && !joinsOnly(match) ? [{ value: boundValue(match[1]), range }] : [])),
  ];
  return partners.every(({ value: partner, range }) => {
    if (partner === undefined) return true;
    // A range of a count at most twice as wide as it was: "feeds 8 to 15 people" for "8 to 10" is "an implausibly wide serving range"
    // (unseen85's readers); a range of a measure ("7 to 14 working days", "between 15 and 30 kg") may widen as measures do.
    const widened = range && countsThings(after) && Math.abs(value - partner) > 2 * Math.abs(original - partner);
    return Math.sign(partner - original) === Math.sign(partner - value) && !widened;
  });
}

/** The word after a range's figures, past its other bound and a day's kind: "people" of "8 to 10 people", "days" of "7 to 10 working days". */
const WORD_AFTER_RANGE = /^(?:\s*(?:to|[–-]|and)\s*\S+)?\s+(?:(?:working|business|calendar)\s+)?([a-z]+)/i;

/** Whether the figures a range's bound ends count things or people, not a measure or period ("people", not "kg" or "days"). */
function countsThings(after: string): boolean {
  const word = WORD_AFTER_RANGE.exec(after)?.[1];
  // The dictionary knows a unit by its singular ("weeks" as "week").
  return word !== undefined && ![word, word.replace(/s$/, '')].some((w) => namesMeasure(w.toLowerCase()));
}

const NUMBER_WORD = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'gi');

/** The amounts a text spells out in words, with their values. */
export function findNumberWords(text: string): Array<{ text: string; start: number; end: number; value: number }> {
  return [...text.matchAll(NUMBER_WORD)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length, value: NUMBER_WORDS.indexOf(m[0].toLowerCase() as (typeof NUMBER_WORDS)[number]) + 1 }));
}

/**
 * The counts of two to twelve a text spells ("two pickups", "the two of us", "a pair of humbuckers"), as a question
 * gives its case and an answer restates it in digits, each with what it counts: the lemma of the noun it counts (past
 * adjectives and numbers: "two small stumps" counts stumps, "two adults with 3 kids" adults), or `us` where it counts
 * its askers ("the two of us", "three of you"). Not "one", as often a pronoun ("one of them").
 */
export function spelledCounts(text: string): Array<{ value: number; counts: string | undefined }> {
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  const countedAfter = (end: number): string | undefined => {
    const rest = tokens.filter((t) => t.start >= end);
    if (OF_ASKERS.test(text.slice(end))) return 'us';
    const noun = rest.findIndex((t) => t.pos !== 'ADJ' && t.pos !== 'NUM' && t.text !== '-');
    return rest[noun]?.pos === 'NOUN' ? rest[noun]!.lemma.toLowerCase() : undefined;
  };
  return [
    ...findNumberWords(text).flatMap((w) => (w.value === 1 ? [] : [{ value: w.value, counts: countedAfter(w.end) }])),
    ...[...text.matchAll(A_PAIR_OF)].map((m) => ({ value: 2, counts: countedAfter(m.index + m[0].length) })),
  ];
}

/** A count of the askers themselves: "[the two] of us", "[three] of you". */
const OF_ASKERS = /^\s+of\s+(?:us|you|them)\b/i;

/** A number written as a word, in the case of the word it replaces ("Three" for "Two"). */
export function numberWord(value: number, like: string): string {
  const word = NUMBER_WORDS[value - 1] ?? String(value);
  return /^[A-Z]/.test(like) ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * Whether a figure takes part in arithmetic a reader can do with the answer
 * and the question alone: a + b = c among figures of one unit (a remainder:
 * "14 months into a 24-month contract, 10 months to go"), shares of one whole
 * that add up to 100%, or a × b = c among any of its figures (a count by a
 * price: "10 months of €25.00 is €250.00"; a share of an amount: "25% of
 * €250.00 is €62.50"; a word such as "three", "twice", "half"). Changing one
 * figure of such a relation alone leaves the answer at odds with itself.
 * `asked` are the question's quantities: the answer works from them.
 */
/** The words after a count of what is left of a whole: a remainder in the whole's unit (unseen33's readers, of a 12-month term made 18 beside "after 8 months ... the 4 remaining monthly payments"). */
const REMAINDER_UNITS: ReadonlySet<string> = new Set(['remaining', 'left', 'outstanding', 'further']);

export function inArithmetic(text: string, quantities: readonly Quantity[], q: Quantity, asked: readonly Quantity[] = []): boolean {
  const others = [...quantities.filter((o) => o !== q), ...asked];
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b));
  const factorOf = (o: Quantity) => (o.number.percent ? o.number.value / 100 : o.number.value);
  const x = q.number.value;
  // A count of what is left ("the 4 remaining monthly payments") is of the unit of the whole it is left of.
  const sameUnit = others.filter((o) => o.unit === q.unit || REMAINDER_UNITS.has(o.unit) || REMAINDER_UNITS.has(q.unit)).map((o) => o.number.value);
  if (q.number.percent && sameUnit.some((a) => close(x + a, 100))) return true;
  for (const a of sameUnit) for (const b of sameUnit) if (close(x + a, b) || close(a + b, x)) return true;
  // Products are of any units: a count by a price is an amount, a share of an amount is one.
  const factors = [
    ...others.map((o) => ({ value: factorOf(o), of: o as Quantity | null })),
    ...findNumberWords(text).map((w) => ({ value: w.value, of: null })),
    // A pair said in a word: "£75 per fuel, which comes to £150 on a dual fuel account" (unseen19's readers: "£70 per fuel ... should be £140").
    ...(/\b(?:twice|double|dual)\b/i.test(text) ? [{ value: 2, of: null }] : []),
    ...(/\bhalf\b/i.test(text) ? [{ value: 0.5, of: null }] : []),
  ].filter((f) => f.value !== 1 && f.value !== 0);
  // Pence times a count come to pounds: "100 miles at 25p a mile, roughly £25" (unseen33's readers saw 30p there).
  const inPounds = (o: Quantity, other: Quantity) => (o.unit === 'p' && other.number.currency === '£' ? o.number.value / 100 : factorOf(o));
  for (const a of others) {
    for (const f of factors) {
      if (f.of === a) continue;
      if (close(inPounds(q, a) * f.value, a.number.value) || close(inPounds(a, q) * f.value, x)) return true;
    }
  }
  const all = [q, ...others];
  const shares = all.filter((o) => o.number.percent && o.number.value < 100);
  const amounts = all.filter((o) => o.number.currency !== '');
  for (const p of shares) {
    const share = p.number.value / 100;
    for (const a of amounts) {
      for (const b of amounts) {
        if (a === b || a.unit !== b.unit) continue;
        // An amount less or plus a share of it: "£21 less 25%, £15.75".
        if ([p, a, b].includes(q) && (close(a.number.value * (1 - share), b.number.value) || close(a.number.value * (1 + share), b.number.value))) return true;
        // A share of the part of one amount above another, with a third: "1.5% of the $1,800 above the included $100, $25.50".
        for (const c of amounts) {
          if (c !== a && c !== b && c.unit === a.unit && [p, a, b, c].includes(q) && close((a.number.value - b.number.value) * share, c.number.value)) return true;
        }
      }
    }
  }
  // One price per two periods: "$390 a month, or $4,680 over a year".
  const per = (o: Quantity) => (o.number.currency ? ratePeriodAfter(text, o.number.end) : undefined);
  const qPer = per(q);
  if (qPer) {
    for (const o of quantities) {
      const oPer = o !== q && o.unit === q.unit ? per(o) : undefined;
      const k = oPer ? rateFactor(qPer, oPer) : undefined;
      if (k !== undefined && close(x * k, o.number.value)) return true;
    }
  }
  return inRatePerUnits(text, quantities, q, close);
}

/**
 * Whether a quantity is one of a rate per so many units, a count of those units and the amount it comes to: "about 60
 * minutes in the dryer, and at £1 for every 10 minutes that's around £6" (unseen137's readers, of £1 made £2: "60 minutes
 * at £2 per 10 minutes is £12, not £6"). Any of the four changed alone breaks the sum.
 */
function inRatePerUnits(text: string, quantities: readonly Quantity[], q: Quantity, close: (a: number, b: number) => boolean): boolean {
  for (const rate of quantities.filter((r) => r.number.currency !== '')) {
    const per = RATE_PER_UNITS.exec(text.slice(rate.number.end));
    if (!per) continue;
    const size = quantities.find((s) => s.number.start === rate.number.end + per[0].search(/\d/));
    if (size === undefined) continue;
    // Counted in the size's unit, or in hours where it is minutes ("£2 per 30 minutes, so your 2 hours come to £8").
    const scale = (unit: string) => (unit === size.unit ? 1 : size.unit === 'minute' && unit === 'hour' ? 60 : undefined);
    const units = quantities.filter((u) => u !== size && scale(u.unit) !== undefined);
    const amounts = quantities.filter((a) => a !== rate && a.number.currency === rate.number.currency);
    for (const u of units) {
      for (const a of amounts) {
        if (close((rate.number.value * u.number.value * scale(u.unit)!) / size.number.value, a.number.value) && [rate, size, u, a].includes(q)) return true;
      }
    }
  }
  return false;
}

/** A rate's units after its amount: "[£1] for every 10 minutes", "[£2] per 15 minutes", "[€5] each 30 minutes". */
const RATE_PER_UNITS = /^\s*(?:for\s+)?(?:every|each|per|a)\s+(\d+)\s+([a-z]+)/i;
