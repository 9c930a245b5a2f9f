import { contentLemmas, findNumbers, numberKey, splitSentences, type SupportPassage, textSaysWord } from './claims.js';
import { type WrittenEquation, writtenEquations } from './equations.js';
import { type DatePiece, elidedRangeStarts, exists, findDates, MONTHS, touchesDate, WEEKDAYS, weekdayIndexOf, weekdayOf } from './dates.js';
import { readSentences } from './nlp.js';
import { findQuantities, spelledCounts } from './quantities.js';
import { codesAgree, isCurrencySign } from './currency.js';
import { measureEachAfter, rateFactor, ratePeriodAfter } from './rates.js';
import { unitOrdinals } from './ordinals.js';
import { continuesNumber, spelledValue } from './numberWords.js';
import { isAge } from './ages.js';
import { namesPerson } from './lexicon.js';
import { type ChainNear, chainDerives, type StatedPool, termOf, writtenCounts } from './chains.js';
import type { Figure } from './figure.js';
import { escapeRegExp } from '../util/escapeRegExp.js';

export type { Figure } from './figure.js';

/** Periods in one unit per scale: days (weeks, fortnights, hours) and months (years). */
const PERIOD_SCALE: Readonly<Record<string, [string, number]>> = {
  day: ['day', 1],
  week: ['day', 7],
  fortnight: ['day', 14],
  hour: ['day', 1 / 24],
  month: ['month', 1],
  year: ['month', 12],
};

/** Money written in words or minor units, as the currency sign it is an amount of. */
const MONEY_WORDS: Readonly<Record<string, [string, number]>> = {
  p: ['£', 0.01],
  penny: ['£', 0.01],
  pence: ['£', 0.01],
  pound: ['£', 1],
  euro: ['€', 1],
  dollar: ['$', 1],
  percent: ['%', 1],
  'per cent': ['%', 1],
};

/**
 * Lengths and weights written in symbols or words, as the unit they are a measure of: "1.35 m" is "1.35 metres", "150 cm"
 * "1.5 metres" (unseen142's readers saw a 1.4-metre height limit made 1.3 beside a question's "1.35 m").
 */
const MEASURE_SCALE: Readonly<Record<string, [string, number]>> = {
  m: ['metre', 1],
  metre: ['metre', 1],
  meter: ['metre', 1],
  cm: ['metre', 0.01],
  centimetre: ['metre', 0.01],
  centimeter: ['metre', 0.01],
  mm: ['metre', 0.001],
  millimetre: ['metre', 0.001],
  millimeter: ['metre', 0.001],
  km: ['metre', 1000],
  kilometre: ['metre', 1000],
  kilometer: ['metre', 1000],
  kg: ['kg', 1],
  kilogram: ['kg', 1],
  kilo: ['kg', 1],
};

function asFigure(text: string, start: number, end: number, value: number, unit: string, decimals: number): Figure {
  const money = MONEY_WORDS[unit];
  if (money) return { text, start, end, value: value * money[1], kind: money[0], decimals: money[1] < 1 ? 2 : decimals, unit };
  const period = PERIOD_SCALE[unit] ?? MEASURE_SCALE[unit];
  if (period) return { text, start, end, value: value * period[1], kind: period[0], decimals, unit };
  return { text, start, end, value, kind: unit, decimals, unit };
}

/**
 * What a figure counts, as the word or two after it ("days", "per cent", "full calendar months"), or the unit written
 * against it ("12ft", "4mm"), not an ordinal's ending ("15th"), a multiple's "x" ("10x") nor a single capital ("5G"), singular.
 */
const UNIT_AFTER = /^(?:[\s-]+|(?!(?:st|nd|rd|th|x)\b|[A-Z]\b)(?=[A-Za-z]))(?:(?:working|business|calendar|full|clear|whole|consecutive|more|extra|additional)\s+)*(per\s+cent|[A-Za-z]+)/;
/** Units of length, which a power makes an area or a volume. */
const LENGTHS: ReadonlySet<string> = new Set(['m', 'cm', 'mm', 'km', 'ft', 'in', 'metre', 'metres', 'meter', 'meters', 'foot', 'feet']);

function unitAfter(text: string, end: number): string {
  const degrees = /^\s?°\s?([CF])\b/.exec(text.slice(end, end + 4));
  if (degrees) return `°${degrees[1]}`;
  const unit = UNIT_AFTER.exec(text.slice(end, end + 40));
  const word = unit?.[1] ?? '';
  // An area or a volume ("10m²", "3 m³", "12 m2") is its own unit, not a length; a digit after another unit is no power ("12 months2", a footnote).
  const power = unit && LENGTHS.has(word.toLowerCase()) ? /^(?:[²³]|[23](?!\d))/.exec(text.slice(end + unit[0].length))?.[0] : undefined;
  if (power) return `${word.toLowerCase()}${power}`;
  const lower = /^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase().replace(/\s+/g, ' ');
  if (lower === 'pence' || lower === 'per cent') return lower;
  return /^[a-z]{2,}[^s]s$/.test(lower) ? lower.slice(0, -1) : lower;
}

/** A side of a dimension before this one ("8x" of "8x10ft"). */
const SIDE_BEFORE = /\d\s?[x×]\s?$/;
/** The sides of a dimension after this one, and its unit of length, if it writes one. */
const SIDES_AFTER = /^(?:\s?[x×]\s?\d+(?:\.\d+)?)*(?:\s?(mm|cm|m|km|ft|in|inch|inches|foot|feet|metres?|meters?)\b)?/;

/**
 * The unit of a number that is a side of a dimension, or undefined for a number that is none: every side is counted
 * in the unit after the last ("8x10ft", "10 x 16 ft"), and a dimension without one counts nothing ("150 prints at 6x4
 * would ...", never 4 "would").
 */
function dimensionUnit(text: string, start: number, end: number): string | undefined {
  const after = SIDES_AFTER.exec(text.slice(end, end + 40));
  const later = SIDE_BEFORE.test(text.slice(Math.max(0, start - 4), start));
  const sides = /[x×]/.test(after?.[0] ?? '');
  if (!later && !sides) return undefined;
  if (after?.[1]) return unitAfter(after[1], 0);
  // No unit of length: a product, not a dimension ("6 x 45 minutes", "2x500mg"), whose count reads nothing and whose last factor reads its
  // own unit, a period or one written against it; not the word after a bare side ("at 6x4 would cost").
  if (sides) return '';
  const own = unitAfter(text, end);
  return /^[A-Za-z]/.test(text.slice(end)) || own in PERIOD_SCALE || own === 'minute' ? undefined : '';
}

/**
 * Numbers spelled as words, with what they count, where that is a period, an
 * amount of money or a share ("fifteen days", "two-week", "twenty-five
 * pounds", "ten per cent"), and "a fortnight": the language model tags the
 * words as numbers (wink-nlp's NUM), a table gives their values. A bare count
 * in words ("one of the two claims") and "one" before a unit ("that one
 * month") are left alone: that is how prose refers, more often than a
 * figure it states.
 */
function spelledFigures(text: string): Figure[] {
  const found: Figure[] = [];
  const isNumberWord = (t: { pos: string; text: string } | undefined) => t !== undefined && t.pos === 'NUM' && /^[a-z]+$/i.test(t.text);
  for (const sentence of readSentences(text)) {
    const tokens = sentence.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (!isNumberWord(tokens[i])) continue;
      let j = i;
      // "twenty-five", "one hundred and twenty": number words side by side or joined by a hyphen or "and".
      for (;;) {
        const [next, after] = [tokens[j + 1], tokens[j + 2]];
        // A number word that opens a hyphened figure of its own ("three two-hour classes", "twenty two-hour sessions") is no part of the number before it.
        const opensOwnFigure = after?.text === '-' && !isNumberWord(tokens[j + 3]);
        if (isNumberWord(next) && continuesNumber(tokens[j]!.text, next!.text) && !opensOwnFigure) j += 1;
        else if ((next?.text === '-' || (next?.text === 'and' && /^(?:hundred|thousand)$/i.test(tokens[j]!.text))) && isNumberWord(after) && continuesNumber(tokens[j]!.text, after!.text)) j += 2;
        else break;
      }
      const [start, end] = [tokens[i]!.start, tokens[j]!.end];
      const value = spelledValue(text.slice(start, end).split(/[\s-]+/));
      i = j;
      // "One" before a unit is mostly an article ("that one month", "one full calendar month's notice"), not a figure.
      if (value === undefined || value === 1) continue;
      // "two (2) years": the digits in brackets restate the words, and the unit follows them.
      const digits = RESTATED_IN_DIGITS.exec(text.slice(end));
      const unit = unitAfter(text, digits && Number(digits[1]) === value ? end + digits[0].length : end);
      // An age in words ("aged three to five", "five-year-olds") is a figure as its digits are, by its value.
      if (isAgeAt(text, start, end)) found.push({ text: text.slice(start, end), start, end, value, kind: AGE, decimals: 0, unit: AGE, key: String(value) });
      // Minutes in words too ("about ten minutes late"): a figure of their own kind, as in digits.
      else if (PERIOD_SCALE[unit] || MONEY_WORDS[unit] || unit === 'minute') found.push(asFigure(text.slice(start, end), start, end, value, unit, 0));
    }
  }
  for (const m of text.matchAll(/\b(?:a|one)\s+fortnight\b|\bfortnight\b/gi))
    found.push({ text: m[0], start: m.index, end: m.index + m[0].length, value: 14, kind: 'day', decimals: 0, unit: 'fortnight' });
  return found.filter((f, i) => !found.some((g, k) => k < i && g.start < f.end && f.start < g.end));
}

/** The kind and unit of an age: a person's years, not a period. */
export const AGE = 'age';

/** "-year-olds", " years old": what follows an age written as a number of years. */
const YEARS_OLD = /^\s*-?\s*years?\s*-?\s*olds?\b/i;

/** The first bound of a range of ages just before a number: "aged three to ", "three- to ", "ages 5-". */
const AGE_RANGE_BEFORE = /\b(?:aged|ages?|age\s+of)\s+(?:between\s+)?[\w]+\s*-?\s*(?:to|and|-|–)\s*$/i;

/**
 * Whether the number at [start, end) is an age (ages.ts): "aged five",
 * "five-year-olds", and the upper bound of a range of ages ("aged three to
 * five", "three- to five-year-olds").
 */
function isAgeAt(text: string, start: number, end: number): boolean {
  return YEARS_OLD.test(text.slice(end, end + 16)) || AGE_RANGE_BEFORE.test(text.slice(Math.max(0, start - 32), start)) || isAge(text, start, end);
}

/** Digits in brackets after a number in words, as contracts restate it: "two (2) years", "three (3) days' rental". */
const RESTATED_IN_DIGITS = /^\s*\((\d+)\)/;

/** Whether a number is written in brackets right after the same number in words ("two (2) years"): it restates them. */
export function restatesNumberWords(text: string, start: number, end: number): boolean {
  if (text[start - 1] !== '(' || text[end] !== ')') return false;
  const words = /([A-Za-z]+(?:[\s-][A-Za-z]+)*)\s*$/.exec(text.slice(Math.max(0, start - 41), start - 1))?.[1]?.split(/[\s-]+/) ?? [];
  const value = Number(text.slice(start, end));
  // The longest run of number words before the bracket: "twenty-five (25)", not only "five".
  return words.some((_, i) => spelledValue(words.slice(i)) === value);
}

/**
 * A time of day, on a 12-hour clock ("5pm", "10:30 a.m.") or a 24-hour one
 * ("17:00"): one figure, in minutes after midnight, so that "5pm" is "17:00"
 * and "10pm" is "22:00".
 */
// A time followed by a colon ends there ("valid from 12:30: adult €42"); one followed by ":ss" is no time of day this reads.
const CLOCK_TIME = /(?<![\w.:])(\d{1,2})(?:[:.](\d{2}))?\s?([ap])(?:\.m\.|m\b)|(?<![\w.:])(\d{1,2}):(\d{2})(?!\d|:\d)/gi;
/** The kind of a time of day's figure. */
export const CLOCK = 'time of day';

export function clockTimes(text: string): Figure[] {
  const times: Figure[] = [];
  for (const m of text.matchAll(CLOCK_TIME)) {
    const [whole, hours12, minutes12, half, hours24, minutes24] = m;
    const hours = Number(hours12 ?? hours24);
    const minutes = Number(minutes12 ?? minutes24 ?? 0);
    if (minutes > 59 || (half ? hours < 1 || hours > 12 : hours > 24)) continue;
    const value = (half ? (hours % 12) + (half.toLowerCase() === 'p' ? 12 : 0) : hours) * 60 + minutes;
    times.push({ text: whole, start: m.index, end: m.index + whole.length, value, kind: CLOCK, decimals: 0, unit: CLOCK });
  }
  // "Noon is 2 hours after the 10am return time": a time of day in a word (unseen95's false alarm).
  for (const m of text.matchAll(NOON)) times.push({ text: m[0], start: m.index, end: m.index + m[0].length, value: 12 * 60, kind: CLOCK, decimals: 0, unit: CLOCK });
  return times.sort((a, b) => a.start - b.start);
}

/** Midday in a word, with or without its hour ("12 noon"); not as a word of a noun phrase ("the midday meal"). */
const NOON = /(?<!\b(?:the|a|an|our|your|their|its|this|that|each|every)\s+)\b(?:12\s+)?(?:noon|midday)\b/gi;

/**
 * The products a text writes out with a multiplication sign ("50 × 40 × 30
 * cm"): each states its value, as a figure without a unit, so that "60,000
 * cubic centimetres" is the box the question measures.
 */
const PRODUCT = /(?<![\w.,])\d+(?:\.\d+)?(?:\s*[×x*]\s*\d+(?:\.\d+)?)+(?![\w.,]*\d)/g;

export function writtenProducts(text: string): Figure[] {
  return [...text.matchAll(PRODUCT)].map((m) => {
    const value = m[0].split(/\s*[×x*]\s*/).reduce((product, factor) => product * Number(factor), 1);
    return { text: m[0], start: m.index, end: m.index + m[0].length, value, kind: '', decimals: 0, unit: '', key: String(value) };
  });
}

/** A clause's number opening a line or a text ("9.4 Membership fees..."): a label, not a figure. */
const SECTION_LABEL = /(?:^|\n\s*)\d+(?:\.\d+)+\s$/;

/** What findFigures takes for a bare number's kind when a function word follows it ("the 3 of you", "aged 4, 6 and 9", "10 or more"): no thing it counts. */
export const BARE_KINDS: ReadonlySet<string> = new Set(['', 'of', 'and', 'or', 'to', 'for', 'per', 'each']);

/** The figures of a text: its numbers with what each counts, and the periods, amounts and shares it spells in words. Numbers inside a date are the date's. */
export function findFigures(text: string): Figure[] {
  let figures = figureCache.get(text);
  if (!figures) {
    if (figureCache.size >= FIGURE_CACHE_SIZE) figureCache.clear();
    figures = readFigures(text);
    figureCache.set(text, figures);
  }
  return figures;
}

/** Evidence sentences and answers are read for every figure of every claim that checks them: each text's figures are read once. */
const figureCache = new Map<string, Figure[]>();
const FIGURE_CACHE_SIZE = 20_000;

function readFigures(text: string): Figure[] {
  const dates = findDates(text).filter((d) => d.form !== 'duration');
  const times = clockTimes(text);
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
  const written = findQuantities(text)
    .filter((q) => !touchesDate(dates, q.number.start, q.number.end) && !SECTION_LABEL.test(text.slice(Math.max(0, q.number.start - 2), q.number.end + 1)))
    .filter((q) => !times.some((t) => overlaps(t, q.number)))
    .map((q) => {
      const n = q.number;
      // "14 and a half hours" is 14.5 hours (unseen32: a driver's day from 6:30am to 9pm); its key is no longer the 14's.
      const half = n.currency || n.percent ? null : AND_A_HALF.exec(text.slice(n.end, n.end + 16));
      // "two (2) years": the bracketed digits count what follows the bracket.
      const unitAt = half ? n.end + half[0].length - 1 : restatesNumberWords(text, n.start, n.end) ? n.end + 1 : n.end;
      // "5-year-olds" are children of an age, not a period of five years.
      const unit = n.currency || (n.percent ? '%' : q.unit === 'p' ? 'p' : YEARS_OLD.test(text.slice(unitAt, unitAt + 16)) ? AGE : (dimensionUnit(text, n.start, unitAt) ?? unitAfter(text, unitAt)));
      const per = n.currency ? ratePeriodAfter(text, n.end) : undefined;
      if (half) return asFigure(n.text, n.start, n.end, n.value + 0.5, unit, 1);
      const figure = asFigure(n.text, n.start, n.end, n.value, unit, n.decimals);
      const each = isMeasure(figure) ? measureEachAfter(text, unitAt) : undefined;
      return { ...figure, key: numberKey(n), code: n.currencyCode, per, each };
    });
  const taken = [...written, ...times];
  return [...taken, ...spelledFigures(text).filter((s) => !taken.some((w) => overlaps(w, s)))].sort((a, b) => a.start - b.start);
}

/** A half after a whole number and before its unit: "14 and a half hours". */
const AND_A_HALF = /^\s+and\s+a\s+half\s/i;

const close = (a: number, b: number) => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b));

/** Whether two figures are the same quantity: the same kind and value ("£1.50" and "150p"; "14 days" and "2 weeks"). */
export function sameFigure(a: Figure, b: Figure): boolean {
  return a.kind === b.kind && close(a.value, b.value) && codesAgree(a.code, b.code);
}

/** Words that make a figure an estimate: "about 8%", "roughly £20". */
const HEDGE = /\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|just\s+(?:over|under))\s+(?:an?\s+)?$/i;

/** The sentences of the passage a figure's own clause restates: the supporting sentence and the evidence sentences that say most of the clause; and the task and titles. */
type OwnSources = { sentences: readonly string[]; restated: readonly string[]; rivals?: readonly string[] };

/**
 * The figures a step of working may use: the answer's figures that the
 * evidence or task states or that it worked out (`written`), the evidence's
 * and task's (`stated`), the task's and titles' (`asked`), and the anchors,
 * one of which every step uses: a figure of the same sentence as the result,
 * or one the answer worked out. Two rules' figures the answer states in
 * different sentences ("£25 a day", "only £10 for the last day") are no
 * working: their difference is a coincidence, not a result.
 */
export interface Operands {
  written: readonly Figure[];
  stated: readonly Figure[];
  asked: readonly Figure[];
  anchors: readonly Figure[];
}

/**
 * A figure the answer works out, by one step of a small, exact arithmetic:
 *  - an amount of one currency: the sum or difference of two amounts; a share
 *    the answer writes of an amount, or an amount plus or minus that share;
 *    an amount times or divided by a count the answer writes ("10 months");
 *  - a share: the change from one amount to another, or one amount's share of
 *    another, both anchored, exact at the precision written, or rounded to it
 *    where the answer hedges ("from £42.50 to £46.00, about 8%");
 *  - a period: the sum or difference of a period the answer writes and one
 *    the question states (the case's own elapsed time: "20 days ago" less a
 *    15-day window is "five days ago"; not an acceptance plan's, which
 *    restates the answer).
 * Each step uses a figure the answer writes and an anchor (Operands). Nothing
 * else: no sums of periods the evidence states (policies' periods add up to
 * one another too easily), no chains the answer does not write.
 */
export function derives(target: Figure, hedged: boolean, operands: Operands): boolean {
  const other = (f: Figure) => !sameFigure(f, target);
  const written = operands.written.filter(other);
  const pool = [...written, ...operands.stated.filter(other)];
  const anchored = (...fs: Figure[]) => fs.some((f) => operands.anchors.some((a) => sameFigure(a, f)));
  const is = (x: number) => (target.kind === '%' && hedged ? Math.abs(x - target.value) < 0.5 * 10 ** -target.decimals : close(x, target.value));
  const isAmount = (f: Figure) => isCurrencySign(f.kind);
  if (target.kind === '%') {
    for (const a of written.filter(isAmount)) {
      // Any two amounts have a ratio: a share is worked out only from amounts the answer writes beside it or worked out itself.
      for (const b of pool.filter((f) => f.kind === a.kind && !sameFigure(f, a) && anchored(a) && anchored(f))) {
        if (is((100 * (b.value - a.value)) / a.value) || is((100 * (a.value - b.value)) / b.value) || is((100 * a.value) / b.value) || is((100 * b.value) / a.value)) return true;
      }
    }
    return false;
  }
  if (isAmount(target)) {
    const amounts = pool.filter((f) => f.kind === target.kind);
    for (const a of written.filter((f) => f.kind === target.kind)) {
      // Two different amounts: twice an amount is a count's work ("2 nights at £35"), not a sum.
      for (const b of amounts) if (!sameFigure(a, b) && anchored(a, b) && (is(a.value + b.value) || is(Math.abs(a.value - b.value)))) return true;
    }
    for (const p of written.filter((f) => f.kind === '%' && f.value > 0 && f.value < 100)) {
      for (const a of amounts) if (anchored(p, a) && (is((a.value * p.value) / 100) || is(a.value * (1 + p.value / 100)) || is(a.value * (1 - p.value / 100)))) return true;
    }
    for (const n of written.filter(isCount)) {
      for (const a of amounts) if (anchored(n, a) && (is(a.value * n.value) || is(a.value / n.value))) return true;
    }
    // A share of the part of one amount above another: "1.5% of the value above the included $100" of $1,800 is $25.50.
    const ownAmounts = written.filter((f) => f.kind === target.kind);
    for (const p of written.filter((f) => f.kind === '%' && f.value > 0 && f.value < 100)) {
      for (const a of ownAmounts) for (const b of ownAmounts) if (a.value > b.value && anchored(p, a, b) && is(((a.value - b.value) * p.value) / 100)) return true;
    }
    // A rate per period for a whole number of those periods the answer writes: "€190 a week" for an "8-week" booking is €1,520.
    for (const a of ownAmounts) {
      if (!a.per) continue;
      for (const p of written.filter((f) => f.kind === 'day' || f.kind === 'month')) {
        const n = periodsIn(p, a.per);
        if (n !== undefined && n >= 2 && Number.isInteger(n) && anchored(a, p) && is(a.value * n)) return true;
      }
    }
    // A rate per one period as a rate per another: "$390 a month, or $4,680 over a year".
    for (const a of ownAmounts) {
      const factor = a.per && target.per ? rateFactor(a.per, target.per) : undefined;
      if (factor !== undefined && anchored(a) && is(a.value * factor)) return true;
    }
    return false;
  }
  // Minutes too: "around 50 minutes" of play is the answer's 60 less the question's "ten minutes" late.
  if (target.kind === 'day' || target.kind === 'month' || target.kind === 'minute') {
    for (const a of written.filter((f) => f.kind === target.kind)) {
      for (const t of operands.asked.filter((f) => f.kind === target.kind)) if (anchored(a, t) && (is(a.value + t.value) || is(Math.abs(t.value - a.value)))) return true;
    }
    // Minutes are also a measure (below): "45 minutes" as "3 × 15 minutes".
    if (target.kind !== 'minute') return false;
  }
  if (!isMeasure(target)) return false;
  // A measure the evidence gives for each one of a thing, for a number of those things the answer writes: "200 miles per night" for a
  // "4-night" hire is 800 miles. The rate is read where the evidence states it, as the answer may put it another way ("each night includes 200 miles").
  for (const a of written.filter((f) => f.kind === target.kind)) {
    const things = new Set(operands.stated.flatMap((s) => (s.each && sameFigure(s, a) ? [s.each] : [])));
    // The count is the question's own ("for 4 nights"): a number the evidence gives another rule for ("5 nights or more") is no case of the asker's.
    for (const n of written.filter((f) => isCount(f) && things.has(f.kind) && operands.asked.some((t) => sameFigure(t, f)))) if (anchored(a, n) && is(a.value * n.value)) return true;
  }
  // A measure: another the answer writes times or divided by a bare number it writes ("60,000 cubic centimetres divided by 5,000 gives 12 kg").
  for (const a of written.filter(isMeasure)) {
    for (const b of written.filter((f) => f.kind === '' && f.value > 1)) if (a !== b && anchored(a, b) && (is(a.value * b.value) || is(a.value / b.value))) return true;
  }
  return false;
}

/** How many of a rate's period a period makes ("8-week" is 8 weeks; "12 months" is 4 quarters), or undefined where the units do not meet. */
function periodsIn(p: Figure, per: string): number | undefined {
  const close = (x: number) => (Math.abs(x - Math.round(x)) < 1e-9 ? Math.round(x) : x);
  if (p.kind === 'day') return per === 'day' ? p.value : per === 'week' ? close(p.value / 7) : undefined;
  if (p.kind === 'month') return per === 'month' ? p.value : per === 'quarter' ? close(p.value / 3) : per === 'year' ? close(p.value / 12) : undefined;
  return undefined;
}

/** A quantity of a thing measured or counted ("12 kg", "60,000 cubic centimetres", "6,000"), not an amount, share, period or time of day, which have arithmetic of their own. */
export const isMeasure = (f: Figure) => !isCurrencySign(f.kind) && !['%', 'day', 'month', CLOCK].includes(f.kind) && f.value > 0;

/** A count an amount may be multiplied by: a whole number of something ("10 months", "3 nights", "10 payments"), not a clock time ("2 pm") or a bare number. */
const isCount = (f: Figure) => /^[a-z]{3,}$/.test(f.kind) && Number.isInteger(f.value) && f.value >= 2 && f.value <= 1000;

/** Where a sentence starts giving an example ("for example, notice received on 10 March would end it on 30 April"), or Infinity. */
const EXAMPLE = /\b(?:for\s+example|for\s+instance|e\.g\.)/i;
export function exampleStart(sentence: string): number {
  return EXAMPLE.exec(sentence)?.index ?? Number.POSITIVE_INFINITY;
}

export const hedgedAt = (text: string, at: number) => HEDGE.test(text.slice(Math.max(0, at - 20), at));

/**
 * Whether the evidence states a figure of the claim, as src/text/mismatches.ts
 * reads it:
 *  1. a sentence its own clause restates (`own`), the task or a title states
 *     it, in any of its ways of writing;
 *  2. or, where those sentences state no other figure of its kind, any evidence
 *     sentence does (an answer takes a figure from one document and a rule
 *     from another: "£99" from the schedule, "20%" from the wording);
 *  3. or the answer works it out from figures it writes (`derives`), here or
 *     in another of its sentences;
 *  4. or it stands in an example the answer gives ("for example, notice
 *     received on 10 March..."), and the sentences its clause restates give no
 *     other figure of its kind: the example's case is supposed, not claimed.
 * A figure whose own sentence gives another value of its kind is the mix-up a
 * checker must catch ("24 days", the rule for Ireland, beside "28 days" for
 * the UK), unless the answer works it out.
 */
export function figureStated(claim: string, figure: Figure, own: OwnSources, passage: SupportPassage, answer: string): boolean {
  // Either way of reading: the same number whatever follows it (as the claim analysis always read figures), or the same quantity written differently.
  // A period the answer totals a rate over ("$300 over twelve months"), not a deadline or a term the rule sets ("within 7 days").
  const spanned = SPAN_BEFORE.test(claim.slice(Math.max(0, figure.start - 16), figure.start));
  // "more than 30 days" is "from the 31st day".
  const passedDays = figure.kind === 'day' && PASSED_BEFORE.test(claim.slice(Math.max(0, figure.start - 16), figure.start));
  const states = (text: string) => {
    const figures = findFigures(text);
    // In other units only where the text writes none in the claim's: beside "10 days", its "2 weeks" are weeks, not the claim's "14 days".
    const converts = !figures.some((f) => f.unit === figure.unit);
    return (
      figures.some((f) => sameFigure(f, figure) && (f.unit === figure.unit || converts)) ||
      (figure.key !== undefined && findNumbers(text).some((n) => numberKey(n) === figure.key && codesAgree(n.currencyCode, figure.code))) ||
      statesElided(text, figure) ||
      (spanned && statesRatePeriod(text, figure)) ||
      (passedDays && unitOrdinals(text).some((o) => o.unit === 'day' && o.ordinal === figure.value + 1))
    );
  };
  if ([...own.sentences, ...own.restated].some(states)) return true;
  // A count of things the question spells, restated in digits: "your 2 humbuckers" for "a pair of humbuckers", "for 2 people"
  // for "the two of us" (unseen135's evidence-check false alarms). Not money, a share or a period, which findFigures reads in words.
  if (countSpelledIn(figure, own.restated)) return true;
  // Another figure of its kind there is the mix-up, unless the claim states that one too ("cuts the deposit from €1,600 to €300": the €300 is the claim's own),
  // or it counts another thing ("30 days' notice" beside the claim's "21-day cooling-off period").
  const claimFigures = findFigures(claim);
  // A row of a list that the claim restates with another of its figures, one no other sentence of the evidence states: "900 to 1,999 litres: 71.2p
  // per litre" for "the 900 to 1,999 litre price band", though the passage is the list's first row (unseen54's false alarm). A figure two rows
  // share ("in 3 days for £8" and "in 3 days for £6") names neither. Figures read with what they count (findFigures), never a bare number (a
  // range's first bound reads its range word, "900 to", alike in both texts).
  const rows = passage.evidence.map((s) => findFigures(s).filter((f) => f.kind !== ''));
  const statesIn = (row: readonly Figure[], f: Figure) => row.some((r) => sameFigure(r, f));
  const onlyRowOf = (c: Figure, i: number) => rows.every((row, j) => statesIn(row, c) === (j === i));
  if (rows.some((row, i) => statesIn(row, figure) && claimFigures.some((c) => !sameFigure(c, figure) && onlyRowOf(c, i)))) return true;
  const counts = countedWords(claim, figure);
  const conflict = (own.rivals ?? own.sentences).some((s) =>
    findFigures(s).some((f) => f.kind === figure.kind && !close(f.value, figure.value) && !claimFigures.some((c) => sameFigure(c, f)) && !countsAnother(counts, countedWords(s, f))),
  );
  if (!conflict && (passage.evidence.some(states) || figure.start >= exampleStart(claim))) return true;
  return figureWorkedOut(claim, figure, passage, answer);
}

/**
 * Whether a figure counts things (by its noun: not money, a share or a period) as many as one of the texts spells of the
 * same noun ("a pair of humbuckers" for "your 2 humbuckers"), or of people where the text counts its askers ("the two
 * of us" for "2 people"). Not of another noun: "seven of us" is no party "of 7 or more", "our two dogs" no tent 2, "two
 * adults with 3 kids" no 2 kids.
 */
function countSpelledIn(figure: Figure, texts: readonly string[]): boolean {
  if (!COUNTED.test(figure.kind) || figure.decimals !== 0) return false;
  const people = PEOPLE.has(figure.kind) || namesPerson(figure.kind);
  return texts.some((text) => spelledCounts(text).some((c) => c.value === figure.value && ((c.counts !== undefined && textSaysWord(c.counts, figure.kind)) || (people && c.counts === 'us'))));
}

/** The kind of a figure that counts things, by its noun: not money (a sign or a code), a share or a period (read as days, months or minutes). */
const COUNTED = /^(?!(?:day|month|minute)$)[a-z]+$/;
/** The nouns that count people which the dictionary files elsewhere. */
const PEOPLE: ReadonlySet<string> = new Set(['people', 'person', 'persons']);

/**
 * Whether a text states the figure as a bare number whose noun its sentence
 * leaves out, counting what the figure before it counts: "twelve months are
 * charged for the price of eleven" states eleven months, "10 washes for the
 * price of 8" eight washes. Not another number ("ten months").
 */
function statesElided(text: string, figure: Figure): boolean {
  return splitSentences(text).some((s) =>
    [...s.text.matchAll(ELIDED)].some((m) => {
      const written = m[1]!;
      const value = /^\d+$/.test(written) ? Number(written) : spelledValue([written]);
      return value === figure.value && findFigures(s.text.slice(0, m.index)).some((f) => f.kind === figure.kind && f.unit === figure.unit);
    }),
  );
}

/**
 * Whether a text writes a rate per the period the figure is ("$270 per year"
 * is a year's price: the answer's "$300 over twelve months" spans one year).
 * Not another length ("eleven months").
 */
function statesRatePeriod(text: string, figure: Figure): boolean {
  return findFigures(text).some((f) => {
    const one = f.per === undefined ? undefined : ONE_PERIOD[f.per];
    return one !== undefined && one.kind === figure.kind && one.value === figure.value;
  });
}

/** One of each period a rate is written per, as figures count periods (months and days). */
const ONE_PERIOD: Readonly<Record<string, { value: number; kind: string }>> = {
  year: { value: 12, kind: 'month' },
  month: { value: 1, kind: 'month' },
  week: { value: 7, kind: 'day' },
  day: { value: 1, kind: 'day' },
};

/** Words before a number of days that the day after them begins: "more than 30 days", "after 30 days". */
const PASSED_BEFORE = /\b(?:more\s+than|over|after|beyond|past)\s+$/i;
/** What a period an answer totals over follows: "over twelve months", "across the year". */
const SPAN_BEFORE = /\b(?:over|across|throughout)\s+(?:the\s+|a\s+|your\s+)?$/i;

/** A number after "of" or "for" that ends its clause: "for the price of eleven." */
const ELIDED = /\b(?:of|for)\s+(\d+|[a-z]+)(?=\s*(?:[.,;:!?]|$))/gi;

/**
 * Whether the answer works a figure of the claim out from figures it writes
 * (`derives`), in this sentence or another one it restates the result from.
 */
export function figureWorkedOut(claim: string, figure: Figure, passage: SupportPassage, answer: string): boolean {
  const worked = workedFigures(answer, passage);
  // A figure the answer worked out in another sentence, restated ("so only £850 is left ... once that £850 is used").
  const claimAt = answer.indexOf(claim);
  if (worked.derived.some((d) => sameFigure(d, figure) && (claimAt < 0 || d.start < claimAt || d.start >= claimAt + claim.length))) return true;
  const local = findFigures(claim).filter((f) => f.start !== figure.start);
  const anchors = [...worked.written.filter((w) => local.some((l) => sameFigure(l, w))), ...worked.derived];
  const hedged = hedgedAt(claim, figure.start);
  if (derives(figure, hedged, { ...worked, anchors })) return true;
  if (countLeft(claim, figure, passage) || workedInSentence(claim, figure, passage, answer, worked.written)) return true;
  // Where the answer holds this claim; a claim read alone (claimAt < 0) is its own text.
  const [text, at] = claimAt < 0 ? [claim, figure] : [answer, { start: claimAt + figure.start, end: claimAt + figure.end }];
  return chainDerives(
    figure,
    hedged,
    worked.pool,
    chainAnchors(text, at, claimAt < 0 ? findFigures(claim).filter((f) => worked.written.some((w) => sameFigure(w, f))) : worked.written, worked.derived),
  );
}

/**
 * Whether the sentence works the figure out by one of the readings of a rate or range it writes beside it: a rate per
 * units times the units ("€6 a month for every €1,000"), a rate times the question's count ("£95 an hour ... 5 hours
 * comes to £475"), a charge each way doubled, the months of a named range. Read for every figure of the answer as its
 * working grows, so that a later step rests on it ("the remaining £356.25" after "£475" and a deposit of "£118.75").
 */
function workedInSentence(claim: string, figure: Figure, passage: SupportPassage, answer: string, written: readonly Figure[]): boolean {
  return (
    monthsOfNamedRange(claim, figure) ||
    ratePerUnitsTimes(claim, figure, answer, written) ||
    ratePerAskedCount(claim, figure, passage, written) ||
    amountPerAskedCount(claim, figure, passage, written) ||
    ratePerExampleCount(claim, figure, answer, written) ||
    eachWayTotal(claim, figure, written)
  );
}

/** A range of months the claim writes, then the verb that gives its length: "July to December is ", "March to May makes ". */
const MONTH_RANGE_BEFORE = new RegExp(String.raw`\b(${MONTHS.join('|')})\s+(?:to|until|till|through|[–-])\s+(${MONTHS.join('|')})\s+(?:is|are|makes?|comes\s+to)\s+$`, 'i');

/**
 * Whether a count of months is the length of a range of months the claim writes right before it, both ends counted
 * ("July to December is six months"): worked out by the answer, not stated by the evidence (unseen72's false alarm).
 */
function monthsOfNamedRange(claim: string, figure: Figure): boolean {
  if (figure.unit !== 'month') return false;
  const range = MONTH_RANGE_BEFORE.exec(claim.slice(Math.max(0, figure.start - 40), figure.start));
  if (!range) return false;
  const [from, to] = [range[1]!, range[2]!].map((m) => MONTHS.findIndex((name) => name.toLowerCase() === m.toLowerCase()));
  return ((to! - from! + 12) % 12) + 1 === figure.value;
}

/**
 * Whether a count the claim says is left over ("extra", "unused", "remaining")
 * is what is left of a count the question states once one the evidence states
 * is taken off, or the other way round: "the 4 extra children" of the
 * question's 24 beyond the 20 a party is for, "your 5 unused sessions" of a
 * pack's 8 when the question has used 3. Only counts of the claim's own
 * thing, read as the noun after each number ("children", "sessions"): a count
 * of another thing ("20 minutes", "2 group classes") is no operand, so a
 * changed count is worked out only where it happens to be that one difference.
 */
function countLeft(claim: string, figure: Figure, passage: SupportPassage): boolean {
  const counted = countedNoun(claim, figure);
  // "The other 3", whose noun the claim leaves out ("the other 3 cost £12 each", of the question's 15 skaters beyond a
  // package's 12; unseen133's evidence-check false alarm), counts what the question and evidence both count.
  // A word after the number that prices the rest ("the other 3 cost £12 each") is no noun of theirs; a noun is ("the other 3
  // tables" counts tables: the review).
  const other = OTHER_BEFORE.test(claim.slice(Math.max(0, figure.start - 16), figure.start)) && (counted === undefined || PRICED_AFTER.test(claim.slice(figure.end)));
  if (!counted?.leftOver && !other) return false;
  const counts = (texts: readonly string[]) =>
    texts.flatMap((text) =>
      findFigures(text).flatMap((f) => {
        const noun = countedNoun(text, f)?.noun;
        return noun === undefined ? [] : [{ noun, value: f.value }];
      }),
    );
  const asked = counts(withoutPlans(passage.restated));
  const stated = counts(passage.evidence);
  const noun = counted?.leftOver ? counted.noun : undefined;
  const sameNoun = (a: { noun: string }, s: { noun: string }) => a.noun === s.noun && (noun === undefined || a.noun === noun);
  return asked.some((a) => stated.some((s) => sameNoun(a, s) && close(Math.abs(a.value - s.value), figure.value)));
}

/** A verb that prices what a count counts, right after the number: "[the other 3] cost £12 each", "are £12". */
const PRICED_AFTER = /^\s+(?:costs?|are|pay)\s+[£$€]/i;

/** The words before a count of the rest whose noun is left out: "the other 3", "the remaining 4". */
const OTHER_BEFORE = /\bthe\s+(?:other|remaining|extra|additional)\s+$/i;

/** Parts of speech between a number and the noun it counts: "4 extra children", "3 of the sessions", "8 one-to-one sessions". */
const BEFORE_COUNTED_NOUN: ReadonlySet<string> = new Set(['ADJ', 'DET', 'ADP', 'NUM']);

/** The words that say a count is what is left over: "4 extra children", "5 unused sessions", "2 sessions left". */
const LEFT_OVER: ReadonlySet<string> = new Set(['extra', 'unused', 'remaining', 'additional', 'further', 'spare', 'outstanding', 'left', 'more']);

/**
 * The noun, by lemma, a whole number of things counts, and whether the words
 * from the number to just after the noun say it is left over; undefined for an
 * amount, share, period, time of day or a number no noun follows.
 */
export function countedNoun(text: string, f: Figure): { noun: string; leftOver: boolean } | undefined {
  if (!isMeasure(f) || f.kind === 'minute' || !Number.isInteger(f.value)) return undefined;
  const after = readSentences(text)
    .flatMap((s) => s.tokens)
    .filter((t) => t.start >= f.end)
    .slice(0, 7);
  const at = after.findIndex((t) => !BEFORE_COUNTED_NOUN.has(t.pos) && t.text !== '-');
  if (at < 0 || after[at]!.pos !== 'NOUN') return undefined;
  return { noun: after[at]!.lemma, leftOver: after.slice(0, at + 2).some((t) => LEFT_OVER.has(t.text.toLowerCase())) };
}

/** The words that make an amount a rate per a number of units: "€6 a month for every €1,000", "£2 per 100 miles". */
const PER_UNITS = /^[^.;,\d]{0,24}\b(?:per|for\s+every|for\s+each|every)\s+$/i;

/** What a rate is per, after its amount: "£3 per super", "£2.50 a bag", "£9 for each visit". */
const PER_THING = /^\s*(?:per|a|an|each|for\s+each|for\s+every)\s+([a-z]+)\b/i;

/**
 * Whether an amount is a rate per thing the answer writes times the count of that thing the question states: "£15 for
 * the Extraction Service at £3 per super" for "my 5 supers" (unseen32's false alarm). The rate is a figure the
 * evidence states; the count is a whole number of the thing the rate is per, in the question's own words.
 */
function ratePerAskedCount(claim: string, figure: Figure, passage: SupportPassage, written: readonly Figure[]): boolean {
  const counts = withoutPlans(passage.restated).flatMap(findFigures).flatMap(askedCount);
  if (counts.length === 0) return false;
  // The rate is the claim's own, beside the figure: a rate elsewhere in the answer prices nothing the claim says.
  return findFigures(claim).some((rate) => {
    if (rate.kind !== figure.kind || rate.start === figure.start || !written.some((w) => sameFigure(w, rate))) return false;
    const thing = perThingAfter(claim, rate.end);
    return thing !== undefined && counts.some((c) => countsThing(c, thing) && close(rate.value * c.value, figure.value));
  });
}

/** What a rate is per, written after the figure that ends at `end` ("hour" for "£85 an hour"), or undefined. */
const perThingAfter = (text: string, end: number) => PER_THING.exec(text.slice(end, end + 30))?.[1]?.toLowerCase();

/** Whether a count counts the thing a rate is per, in the singular or the plural ("hour", "hours"). */
const countsThing = (c: { thing: string }, thing: string) => c.thing === thing || `${c.thing}s` === thing;

/**
 * Whether an amount is a rate per thing, the amount the claim writes beside it divided by the count of that thing the
 * question states: "The 20-hour automatic block costs £720, which works out at £36 an hour" for "the 20-hour automatic
 * block" (unseen122's false alarm). The inverse of ratePerAskedCount: the amount a figure the evidence states.
 */
function amountPerAskedCount(claim: string, figure: Figure, passage: SupportPassage, written: readonly Figure[]): boolean {
  const thing = perThingAfter(claim, figure.end);
  if (thing === undefined) return false;
  const counts = withoutPlans(passage.restated)
    .flatMap(findFigures)
    .flatMap(askedCount)
    .filter((c) => countsThing(c, thing));
  // The amount the rate is worked out from, tied to it: "costs £720, which works out at £36 an hour", not "£680, against £720
  // for automatic, which works out at" (the review).
  return findFigures(claim).some(
    (amount) =>
      amount.kind === figure.kind &&
      amount.end <= figure.start &&
      WORKS_OUT_AT.test(claim.slice(amount.end, figure.start)) &&
      written.some((w) => sameFigure(w, amount)) &&
      counts.some((c) => close(amount.value / c.value, figure.value)),
  );
}

/** Words that tie an amount to the rate worked out from it: ", which works out at", ", that is", ", or". */
const WORKS_OUT_AT = /^\s*,?\s*(?:(?:which|that|this|so\s+it)\s+)?(?:works?\s+out\s+(?:at|to|as)|comes?\s+to|is|or)\s+$/i;

/**
 * Whether an amount in an example the claim gives is a rate per thing the answer writes, in any of its sentences, times
 * the count of that thing the example supposes before it: "HMRC enquiry work is billed at £85 an hour. For example, 4
 * hours of enquiry work would cost £340" (unseen120's false alarm). The count is supposed (figureStated), the rate a
 * figure the evidence states.
 */
function ratePerExampleCount(claim: string, figure: Figure, answer: string, written: readonly Figure[]): boolean {
  const example = exampleStart(claim);
  if (figure.start < example) return false;
  const counts = findFigures(claim)
    .filter((f) => f.start >= example && f.start < figure.start)
    .flatMap(askedCount);
  if (counts.length === 0) return false;
  // The one rate per that thing the answer writes: beside "£85 an hour" and "£60 an hour", an example of hours prices by
  // neither (the review).
  const rates = findFigures(answer).filter((rate) => {
    const thing = rate.kind === figure.kind && written.some((w) => sameFigure(w, rate)) ? perThingAfter(answer, rate.end) : undefined;
    return thing !== undefined && counts.some((c) => countsThing(c, thing));
  });
  return rates.length === 1 && counts.some((c) => close(rates[0]!.value * c.value, figure.value));
}

/**
 * A count of things a figure of the question gives, in what it counts: "my 5 supers" (5 super), or a period in the unit
 * it is written in, "an estimated 6 hours" or "3 and a half hours" (6 and 3.5 hour), which a rate per hour prices
 * (unseen63's false alarm: "£45 per hour, so 6 hours comes to £270").
 */
function askedCount(f: Figure): Array<{ thing: string; value: number }> {
  if (isCount(f)) return [{ thing: f.kind, value: f.value }];
  const scale = PERIOD_SCALE[f.unit];
  return scale !== undefined && scale[0] === f.kind ? [{ thing: f.unit, value: f.value / scale[1] }] : [];
}

/** Words that total a charge each way there and back: "£15 each way, £30 in all", "£80 for both trips". */
const THERE_AND_BACK = /\b(?:in\s+all|in\s+total|altogether|return|both\s+(?:ways|trips|journeys)|there\s+and\s+back|round\s+trip|total)\b/i;

/**
 * Whether an amount is twice a charge each way that its clause writes before it, totalled as there and back: "£15
 * each way, £30 in all" (unseen31's false alarm). A doubling without those words ("£15 each way, so just collecting
 * it costs £30") is none: it would make any amount twice another one.
 */
function eachWayTotal(claim: string, figure: Figure, written: readonly Figure[]): boolean {
  const around = claim.slice(figure.start, figure.end + 24);
  const total = THERE_AND_BACK.test(around) || THERE_AND_BACK.test(claim.slice(Math.max(0, figure.start - 24), figure.start));
  return (
    total &&
    findFigures(claim).some(
      (a) =>
        a.kind === figure.kind &&
        a.end <= figure.start &&
        /^\s+each\s+way\b[^.;]{0,40}$/i.test(claim.slice(a.end, figure.start)) &&
        written.some((w) => sameFigure(w, a)) &&
        close(a.value * 2, figure.value),
    )
  );
}

/**
 * Whether an amount is a rate per a number of units times how many of those
 * units a figure of the claim makes: "€6 a month for every €1,000 of declared
 * value" for goods worth €8,000 is €48 a month. The rate, its units and the
 * measured figure are all figures the answer writes that the evidence or
 * question states (`written`); the amount is of the rate's currency and
 * period, the measured figure of its units' kind, a whole number of them.
 */
function ratePerUnitsTimes(claim: string, figure: Figure, answer: string, written: readonly Figure[]): boolean {
  const supported = (f: Figure) => written.some((w) => sameFigure(w, f));
  const measured = findFigures(claim).filter((f) => f.start !== figure.start && supported(f));
  const all = findFigures(answer);
  return all.some((rate, i) => {
    const units = all[i + 1];
    if (!units || rate.kind !== figure.kind || rate.per !== figure.per || !PER_UNITS.test(answer.slice(rate.end, units.start))) return false;
    if (!supported(rate) || !supported(units)) return false;
    return measured.some((m) => {
      const times = m.value / units.value;
      return m.kind === units.kind && Number.isInteger(times) && times >= 2 && close(rate.value * times, figure.value);
    });
  });
}

/**
 * What a chain of arithmetic for the figure at `at` may rest on (chains.ts):
 * the supported figures and the counts and fractions the answer writes in its
 * sentence and the one before ("£38 + £2.50 = £40.50 per ticket, £81 for
 * two"), and the figures it worked out anywhere; and the figure's own sentence,
 * whose words say which operations the answer makes (chains.ts, signalledOps).
 */
function chainAnchors(text: string, at: { start: number; end: number }, written: readonly Figure[], derived: readonly Figure[]): ChainNear {
  const sentences = splitSentences(text);
  const i = sentences.findIndex((s) => s.start <= at.start && at.end <= s.end);
  const near = i < 0 ? { start: 0, end: text.length } : { start: sentences[Math.max(0, i - 1)]!.start, end: sentences[i]!.end };
  const inNear = (f: Figure) => near.start <= f.start && f.end <= near.end && f.start !== at.start;
  return {
    anchors: [...written.filter(inNear), ...derived.filter((f) => f.start !== at.start)].map(termOf).concat(writtenCounts(text.slice(near.start, near.end))),
    sentence: i < 0 ? text : sentences[i]!.text,
  };
}

/**
 * What a figure counts, as the ordinary words right after it and its unit, up
 * to the end of its clause: "notice" for "30 days' notice", "cooling-off" and
 * "period" for "a 21-day cooling-off period", "annual" and "leave" for "28
 * days of annual leave"; none for "24 days.".
 */
function countedWords(text: string, f: Figure): string[] {
  const rest = text.slice(f.end, f.end + 48).split(/[,;:.!?()]|\s(?:and|or|but|which|while|whereas)\s/)[0]!;
  // The unit itself ("days", "-day", "per cent", "kg") is the figure's kind, not what it counts.
  const unit = f.unit && /^[a-z]/i.test(f.unit) ? new RegExp(`^[\\s-]*(?:(?:working|business|calendar|full|clear|whole|consecutive)\\s+)*${escapeRegExp(f.unit)}s?['’]?`, 'i') : /^/;
  return contentLemmas(rest.replace(unit, '')).slice(0, 3);
}

/** Whether two figures count different things: each says what it counts, and they share no word of it. */
function countsAnother(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && b.length > 0 && !a.some((w) => b.includes(w));
}

/** What an answer's working rests on: the evidence's and task's figures, and the answer's own figures those state or it works out from them. */
interface Working {
  stated: Figure[];
  asked: Figure[];
  written: Figure[];
  derived: Figure[];
  /** The evidence's and task's figures and the task's counts, as one fixture's operands for a chain of arithmetic (chains.ts). */
  pool: StatedPool;
}

/** The figures an answer writes that the evidence or task states, or that it works out from those (to a fixed point: a chain the answer writes step by step). */
function workedFigures(answer: string, passage: SupportPassage): Working {
  const key = `${answer}\u0000${passage.restated.join('\u0001')}\u0000${passage.evidence.join('\u0001')}`;
  let worked = workingCache.get(key);
  if (!worked) {
    if (workingCache.size >= FIGURE_CACHE_SIZE) workingCache.clear();
    worked = readWorking(answer, passage);
    workingCache.set(key, worked);
  }
  return worked;
}

/** Every figure of an answer asks what the answer works out: that is read once per answer and passage. */
const workingCache = new Map<string, Working>();

/** The question and titles without an acceptance plan: the case's own figures ("20 days ago"), not a plan's, which restate the answer. */
function withoutPlans(restated: readonly string[]): string[] {
  return restated.map((text) => text.split(/\n\s*Acceptance plan:/)[0]!);
}

function readWorking(answer: string, passage: SupportPassage): Working {
  const questions = withoutPlans(passage.restated);
  const asked = [...questions.flatMap(findFigures), ...questions.flatMap(writtenProducts)];
  const stated = [...passage.evidence.flatMap(findFigures), ...passage.evidence.flatMap(writtenProducts), ...asked];
  const pool: StatedPool = {
    key: `${passage.restated.join('\u0001')}\u0000${passage.evidence.join('\u0001')}`,
    evidence: () => [...passage.evidence.flatMap(findFigures), ...passage.evidence.flatMap(writtenProducts)],
    asked: () => [...asked.map(termOf), ...questions.flatMap(writtenCounts)],
  };
  const all = findFigures(answer);
  const sentences = splitSentences(answer);
  const sentenceOf = (f: Figure) => sentences.find((s) => s.start <= f.start && f.end <= s.end);
  // A count the question spells is written too ("your 2 humbuckers" for "a pair of humbuckers"): a product rests on it.
  const written = all.filter((f) => stated.some((s) => sameFigure(s, f) || (f.key !== undefined && s.key === f.key && codesAgree(s.code, f.code))) || countSpelledIn(f, questions));
  const derived: Figure[] = [];
  // The equations the answer writes out with its signs that hold (equations.ts): a result is worked out once every factor but its bare counts is.
  const equations = writtenEquations(answer, all);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of all) {
      if (written.includes(f)) continue;
      const sentence = sentenceOf(f);
      const local = written.filter((w) => sentenceOf(w) === sentence);
      const hedged = hedgedAt(answer, f.start);
      if (
        resultOfWrittenEquation(f, equations, written) ||
        (sentence !== undefined && workedInSentence(sentence.text, { ...f, start: f.start - sentence.start, end: f.end - sentence.start }, passage, answer, written)) ||
        // A count left over ("the 4 extra children"), so that what it is multiplied into ("add £32") is worked out too.
        countLeft(answer, f, passage) ||
        derives(f, hedged, { written, stated, asked, anchors: [...local, ...derived] }) ||
        chainDerives(f, hedged, pool, chainAnchors(answer, f, written, derived))
      ) {
        written.push(f);
        derived.push(f);
        grew = true;
      }
    }
  }
  return { stated, asked, written, derived, pool };
}

/** Whether a figure is the result of a written equation that holds, every factor of it but the bare counts supported or worked out: "£1,940 ÷ 365 × 180 = £956.71", then "less our £10 fee, so £946.71". */
function resultOfWrittenEquation(f: Figure, equations: readonly WrittenEquation[], written: readonly Figure[]): boolean {
  return equations.some((e) => e.result.start === f.start && e.factors.every((x) => e.counts.includes(x) || written.includes(x)));
}

/** A calendar date as year (if written), month and day (if written), read from a date's key. */
interface CalendarDate {
  year: number | undefined;
  month: number;
  day: number | undefined;
}

export function calendarOf(d: Pick<DatePiece, 'key'>): CalendarDate | null {
  const full = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(d.key);
  if (full) return { year: full[1] === '-' ? undefined : Number(full[1]), month: Number(full[2]), day: Number(full[3]) };
  const monthYear = /^(\d{4})-(\d{2})$/.exec(d.key);
  if (monthYear) return { year: Number(monthYear[1]), month: Number(monthYear[2]), day: undefined };
  const month = /^month:(\d+)$/.exec(d.key);
  if (month) return { year: undefined, month: Number(month[1]), day: undefined };
  return null;
}

/** A deadline's length in days or months ("duration:2 week" is 14 days), or null for another date. */
export function lengthOf(d: Pick<DatePiece, 'key'>): { value: number; kind: string } | null {
  const m = /^duration:(\d+) (day|week|month|year|hour|minute)$/.exec(d.key);
  if (!m) return null;
  // Minutes are a kind of their own, as findFigures reads them: "60 minutes after the start" is as long as "Every game lasts 60 minutes".
  if (m[2] === 'minute') return { value: Number(m[1]), kind: 'minute' };
  const [kind, scale] = PERIOD_SCALE[m[2]!]!;
  return { value: Number(m[1]) * scale, kind };
}

/**
 * Whether a date the sources write says the claim's date: the same key; a
 * deadline of the same length in other units; or the same month and day (a
 * month: any day in it), in the claim's year where the source gives one, or
 * in a year the task names where the source gives none.
 */
function sameDate(claimDate: DatePiece, source: DatePiece, years: readonly number[]): boolean {
  if (source.key === claimDate.key) return true;
  const weekday = /^weekday:(\d)$/.exec(claimDate.key);
  if (weekday) return fallsOn(source, Number(weekday[1])) && !/s$/.test(claimDate.text);
  const [a, b] = [lengthOf(claimDate), lengthOf(source)];
  if (a || b) return a !== null && b !== null && a.kind === b.kind && close(a.value, b.value);
  const [c, s] = [calendarOf(claimDate), calendarOf(source)];
  if (!c || !s || c.month !== s.month) return false;
  if (c.day !== undefined && s.day !== c.day) return false;
  if (c.year === undefined || s.year === c.year) return true;
  return s.year === undefined && years.includes(c.year);
}

/**
 * Whether a day a source gives falls on a weekday (Monday 0): "Biscuit's
 * Saturday appointment" names the day of the question's "Saturday 14 March
 * 2026", which the calendar gives where the source names a year, and the
 * source's own weekday where it writes one ("Saturday 14 March"). A weekday
 * said of every week ("on Saturdays") is no single day's: the caller leaves it out.
 */
function fallsOn(source: DatePiece, weekday: number): boolean {
  const c = calendarOf(source);
  if (!c || c.day === undefined) return false;
  if (source.text.startsWith(WEEKDAYS[weekday]!)) return true;
  return c.year !== undefined && exists({ year: c.year, month: c.month, day: c.day }) && weekdayOf({ year: c.year, month: c.month, day: c.day }) === weekday;
}

/** The year a date names, if it names one. */
function yearOf(d: Pick<DatePiece, 'key'>): number | undefined {
  return /^\d{4}$/.test(d.key) ? Number(d.key) : calendarOf(d)?.year;
}

/** "The following year", "next year": a rule that puts a yearless date in the year after the one the task names. */
const NEXT_YEAR = /\b(?:following|next)\s+year\b|\byear\s+after\b/i;

/**
 * Whether the evidence states a date of the claim, read as figureStated reads
 * a figure: stated by a sentence its clause restates, the task or a title (a
 * day without a year matches that day in a year the source gives; a day or
 * month the evidence gives without a year matches it in the year the task
 * names, or the next one where the evidence says "the following year"; a
 * month or year by any day within it; a deadline in other units by its
 * length); or by any evidence sentence where those state no other date; or
 * worked out: a date the evidence, task or answer gives, moved by a period the
 * answer writes ("14 January" and "6 months" give "14 July").
 */
export function dateStated(claim: string, claimDate: DatePiece, own: OwnSources, passage: SupportPassage, answer: string): boolean {
  const ownText = [...own.sentences, ...own.restated];
  const taskYears = [...new Set(own.restated.flatMap(findDates).flatMap((d) => yearOf(d) ?? []))];
  const years = passage.evidence.some((s) => NEXT_YEAR.test(s)) ? [...taskYears, ...taskYears.map((y) => y + 1)] : taskYears;
  const length = lengthOf(claimDate);
  // A weekday of a list of three or more days in a row ("on a Monday, Tuesday, Wednesday or Thursday evening") says the range of the
  // evidence from its first day to its last ("Monday to Thursday"; unseen52's false alarm). A list of days apart ("Monday, Wednesday
  // or Thursday") says no range, and a weekday that bounds a range of the claim is that range's own.
  const listed = claimDate.form === 'weekday' && !inWeekdayRange(claim, claimDate) ? listedRange(claim, claimDate) : undefined;
  const states = (text: string) =>
    findDates(text).some((d) => sameDate(claimDate, d, years)) ||
    statesDate(new Set(findDates(text).map((d) => d.key)), claimDate.key) ||
    (isMonthEnd(claimDate) && MONTH_END.test(text)) ||
    (listed !== undefined && weekdayRangesOf(text).some(([from, to]) => from === listed[0] && to === listed[1]));
  // A deadline as long as a period an evidence sentence states: "collect within two weeks" where items "are held free of charge for 14 days" (not the question's case: "10 days ago" is no deadline).
  const statesPeriod = (text: string) => length !== null && findFigures(text).some((f) => f.kind === length.kind && close(f.value, length.value));
  // A deadline in working days ("within 10 working days") has no calendar length: the supporting sentence states it as that many
  // working days to do what the claim says is done in them ("You have 10 working days to approve or reject them" for "approve or
  // reject them within 10 working days"; unseen96's false alarm). Not working days to do another thing ("5 working days to cancel"
  // for refunds "paid within 5 working days"), nor another sentence's ("5 working days' notice" to reschedule).
  const working = /^duration:(\d+) working day$/.exec(claimDate.key);
  const before =
    claim
      .slice(0, claimDate.start)
      .split(/[,;:]\s/)
      .at(-1) ?? '';
  const statesWorkingDays =
    working !== null &&
    findFigures(passage.sentence).some((f) => {
      // A turnaround is the time the work takes: "a usual turnaround of 3 working days" for "has a setup finished within 3 working
      // days" (unseen135's evidence-check false alarm); only of work the claim says is done in them ("You must pay Jess within
      // 3 working days" is no turnaround: the review).
      if (f.kind === 'day' && f.value === Number(working[1]) && TURNAROUND_OF.test(passage.sentence.slice(0, f.start)) && /^\s+(?:working|business)\s+days?\b/i.test(passage.sentence.slice(f.end)))
        return WORK_DONE.test(before);
      const purpose = f.kind === 'day' && f.value === Number(working[1]) ? WORKING_DAYS_TO.exec(passage.sentence.slice(f.end)) : null;
      // Said in the claim's own words before the deadline, back to a comma or semicolon: "you must approve them within 10 working
      // days", not "If you cancel your order now, your refund will be paid within 10 working days".
      return purpose !== null && contentLemmas(purpose[1]!).some((verb) => textSaysWord(before, verb));
    });
  // A period the question states as the time to its case restates it: "cancelling 5 days before the trek" for "The trek is 5 days
  // away" (unseen112's false alarm); not another period of it ("about ten minutes late" is no "10 minutes before").
  const statesTimeTo = (text: string) => length !== null && findFigures(text).some((f) => f.kind === length.kind && close(f.value, length.value) && TIME_TO.test(text.slice(f.end, f.end + 24)));
  if (ownText.some(states) || own.sentences.some(statesPeriod) || own.restated.some(statesTimeTo) || statesWorkingDays) return true;
  // A period of working days ("within 3 business days") is a period too, though lengthOf reads it as no calendar length: a month
  // beside it is not in conflict with it (unseen71's false alarm: "isn't offered in December" beside "within 3 business days").
  const isPeriod = (d: Pick<DatePiece, 'key'>) => d.key.startsWith('duration:');
  const conflict = own.sentences.some((s) => findDates(s).some((d) => isPeriod(d) === isPeriod(claimDate) && !sameDate(claimDate, d, years)));
  if (!conflict && (passage.evidence.some(states) || claimDate.start >= exampleStart(claim))) return true;
  return periodLeft(claimDate, own) || dateWorkedOut(claim, claimDate, passage, answer);
}

/** A period's unit, then words that make it the time until something: "5 days away", "3 weeks from now", "2 days' time". */
const TIME_TO = /^\s*[a-z]+(?:'|’)?\s+(?:away|from\s+now|time|to\s+go)\b/i;

/** Words that say a job is done: "has a setup finished", "ready", "back with you". */
const WORK_DONE = /\b(?:finish(?:ed|es)?|complete[ds]?|ready|done|back|returned|turned\s+around)\b/i;

/** A turnaround's words just before its length: "a usual turnaround of ", "turnaround time is about ". */
const TURNAROUND_OF = /\bturnaround\s+(?:time\s+)?(?:of|is)\s+(?:usually\s+|about\s+|around\s+|roughly\s+)?$/i;

/** Working days written after a number and what they are for: "10 working days to approve", "3 business days in which to pay". */
const WORKING_DAYS_TO = /^\s+(?:working|business)\s+days?\s+(?:in\s+which\s+)?to\s+([a-z]+)/i;

/** A weekday's index in WEEKDAYS ("weekday:0" is Monday). */
const weekdayIndex = (d: Pick<DatePiece, 'key'>) => weekdayIndexOf(d.key) ?? Number.NaN;

/** Whether a weekday of the text bounds a range of weekdays there ("Monday to Thursday", "between Monday and Thursday"). */
function inWeekdayRange(text: string, d: Pick<DatePiece, 'start' | 'end'>): boolean {
  return [...text.matchAll(WEEKDAY_RANGE)].some((m) => m.index <= d.start && d.end <= m.index + m[0].length);
}

/**
 * The first and last day of the list of three or more weekdays in a row that the date is one of ("a Monday, Tuesday,
 * Wednesday or Thursday" is [0, 3]), or undefined where it is in no such list.
 */
function listedRange(text: string, d: Pick<DatePiece, 'start'>): [number, number] | undefined {
  const days = findDates(text).filter((w) => w.form === 'weekday');
  const joined = (a: DatePiece, b: DatePiece) => /^\s*(?:,|,?\s*(?:or|and))\s*$/i.test(text.slice(a.end, b.start)) && weekdayIndex(b) === (weekdayIndex(a) + 1) % 7;
  const runs: DatePiece[][] = [];
  for (const [i, w] of days.entries()) {
    if (i > 0 && joined(days[i - 1]!, w)) runs.at(-1)!.push(w);
    else runs.push([w]);
  }
  const run = runs.find((r) => r.length >= 3 && r.some((w) => w.start === d.start));
  return run ? [weekdayIndex(run[0]!), weekdayIndex(run.at(-1)!)] : undefined;
}

/** The ranges of weekdays a text states, each as the indices of its first and last day in WEEKDAYS ("Monday to Thursday" is [0, 3]). */
function weekdayRangesOf(text: string): Array<[number, number]> {
  return [...text.matchAll(WEEKDAY_RANGE)].map((m) => [WEEKDAYS.indexOf(m[1] ?? m[3]!), WEEKDAYS.indexOf(m[2] ?? m[4]!)]);
}

/** A date given by a rule: "expiring on the last day of a calendar month", "at the end of the month". */
const MONTH_END = /\b(?:last\s+day|end)\s+of\s+(?:a|the|each|every|that|any)\s+(?:calendar\s+)?month\b/i;

/** Whether a date is the last day of its month ("30 June", "28 February 2026"). */
function isMonthEnd(d: Pick<DatePiece, 'key'>): boolean {
  const c = calendarOf(d);
  return c?.day !== undefined && c.day === new Date(Date.UTC(c.year ?? 2001, c.month, 0)).getUTCDate();
}

/** Whether a date of the claim is a date of the evidence, the task or the claim moved by a period the answer writes ("14 January" and "6 months" give "14 July"). */
export function dateWorkedOut(claim: string, claimDate: DatePiece, passage: SupportPassage, answer: string): boolean {
  return movedBy(claimDate, [...passage.evidence, ...passage.restated, claim], answer);
}

/**
 * Whether a date is a period left between one the question states and one a
 * sentence the claim restates states: "she can start in 4 weeks" of a puppy
 * the question says is 12 weeks old, where dogs "must be at least 16 weeks
 * old". Only those two sources, not the answer's own arithmetic: a
 * deadline's changed length must not be worked out by a coincidence of the
 * passage's other periods.
 */
function periodLeft(claimDate: DatePiece, own: OwnSources): boolean {
  const length = lengthOf(claimDate);
  if (length === null) return false;
  const periods = (texts: readonly string[]) => texts.flatMap(findFigures).filter((f) => f.kind === length.kind);
  const stated = periods(own.sentences);
  return periods(withoutPlans(own.restated)).some((q) => stated.some((e) => close(Math.abs(q.value - e.value), length.value)));
}

/**
 * Whether the claim's date is a date of the sources (the evidence, the task,
 * the claim's own sentence) moved by a period the answer writes, to the
 * claim's precision. A date that already is the claim's at that precision is
 * no base: a year later "1 January" is "1 January" again.
 */
function movedBy(claimDate: DatePiece, sources: readonly string[], answer: string): boolean {
  const target = calendarOf(claimDate);
  if (!target) return false;
  const periods = calendarPeriods(answer);
  const matches = (d: { year: number | undefined; month: number; day: number | undefined }) =>
    d.month === target.month && (target.day === undefined || d.day === target.day) && (target.year === undefined || d.year === target.year);
  const bases = sources
    .flatMap((text) => [...findDates(text), ...elidedRangeStarts(text)])
    .map(calendarOf)
    .filter((c): c is CalendarDate & { day: number } => c !== null && c.day !== undefined && !matches(c));
  for (const base of bases) {
    for (const period of periods) {
      for (const sign of [1, -1]) if (matches(movedOn(base, period.steps, sign))) return true;
    }
  }
  return false;
}

/** A period of the calendar an answer writes, in the steps it is written in: "6 months", or "9 months and 1 day". */
interface CalendarPeriod {
  steps: ReadonlyArray<{ value: number; kind: string }>;
  at: { start: number; end: number };
}

/** Words joining the parts of one period, after the first part's unit where its figure ends before it: "9 months and 1 day", "1 year, 2 months". */
const JOINS_PERIOD = /^(?:\s*(?:years?|months?|weeks?|days?))?\s+and\s+$/i;
/** The calendar's units, larger first: the parts of one period go from larger to smaller ("9 months and 1 day"), never "30 days and 14 days". */
const UNIT_RANK: Readonly<Record<string, number>> = { year: 4, month: 3, week: 2, day: 1 };
const UNIT_WRITTEN = /^\d+[\s-]*(year|month|week|day)s?\b/i;

/**
 * The periods of the calendar a text writes: each alone, or where two are joined into one ("9 months and 1 day after
 * the year end"; unseen120's false alarm on the date it gives), the two together. "24 hours before departure" moves a
 * time, never a date.
 */
function calendarPeriods(text: string): CalendarPeriod[] {
  const single = [
    ...findDates(text).flatMap((d) => {
      const length = lengthOf(d);
      return length && !/ (?:hour|minute)$/.test(d.key) ? [{ ...length, at: { start: d.start, end: d.end } }] : [];
    }),
    ...findFigures(text)
      .filter((f) => (f.kind === 'day' || f.kind === 'month') && f.unit !== 'hour' && f.unit !== 'minute')
      .map((f) => ({ value: f.value, kind: f.kind, at: { start: f.start, end: f.end } })),
  ]
    .filter((p) => p.value > 0 && Number.isInteger(p.value))
    .sort((a, b) => a.at.start - b.at.start);
  const rank = (p: (typeof single)[number]) => UNIT_RANK[UNIT_WRITTEN.exec(text.slice(p.at.start, p.at.start + 16))?.[1]?.toLowerCase() ?? ''] ?? 0;
  // Joined by "and" alone, the larger unit first (the review: "30 days, and 14 days for sale items" are two periods).
  const joined = single.slice(1).flatMap((second, i) => {
    const first = single[i]!;
    const onePeriod = first.at.end <= second.at.start && JOINS_PERIOD.test(text.slice(first.at.end, second.at.start)) && rank(first) > rank(second) && rank(second) > 0;
    return onePeriod ? [{ steps: [first, second], at: { start: first.at.start, end: second.at.end } }] : [];
  });
  // A part of a joined period is no period alone: 9 months after 31 March is not what "9 months and 1 day after" gives.
  const inJoined = (p: (typeof single)[number]) => joined.some((j) => j.at.start <= p.at.start && p.at.end <= j.at.end);
  return [...single.filter((p) => !inJoined(p)).map((p) => ({ steps: [p], at: p.at })), ...joined];
}

/** A date moved on (sign 1) or back (-1) by a period's steps, in the order written. */
function movedOn(base: CalendarDate & { day: number }, steps: CalendarPeriod['steps'], sign: number): { year: number | undefined; month: number; day: number } {
  const start: { year: number | undefined; month: number; day: number } = base;
  return steps.reduce((date, step) => addPeriod(date, sign * step.value, step.kind), start);
}

/**
 * Whether the date or period written at [start, end) of the answer takes part
 * in a sum a reader can do: a date of the answer or the question moved by a
 * period the answer writes gives another date of the answer ("6 months from
 * 14 January ... until 14 July"). Changed alone, any of the three leaves the
 * answer's dates at odds.
 */
export function inDateArithmetic(answer: string, task: string, start: number, end: number): boolean {
  const overlaps = (p: { start: number; end: number } | null) => p !== null && p.start < end && start < p.end;
  const periods = calendarPeriods(answer);
  // Each date with where the answer writes it; a date of the question, or a range's first day (written without its month), is written nowhere there.
  const dated = <D extends Pick<DatePiece, 'key'>>(pieces: readonly D[], at: (d: D) => { start: number; end: number } | null) =>
    pieces.flatMap((d) => {
      const c = calendarOf(d);
      return c ? [{ ...c, at: at(d) }] : [];
    });
  const targets = dated(findDates(answer), (d) => d);
  const bases = [...targets, ...dated([...findDates(task), ...[answer, task].flatMap(elidedRangeStarts)], () => null)];
  const same = (a: { year: number | undefined; month: number; day: number | undefined }, b: CalendarDate) =>
    a.month === b.month && (b.day === undefined || a.day === b.day) && (a.year === undefined || b.year === undefined || a.year === b.year);
  for (const period of periods) {
    for (const base of bases) {
      // A month without its day moves by whole months and years only: "collected in September 2025", "2 years", "until September 2027".
      if (base.day === undefined && period.steps.some((step) => step.kind !== 'month')) continue;
      const from = { ...base, day: base.day ?? 1 };
      for (const target of targets) {
        if (target === base || (base.day === undefined && target.day !== undefined)) continue;
        if (![1, -1].some((sign) => same(movedOn(from, period.steps, sign), target))) continue;
        if (overlaps(period.at) || overlaps(base.at) || overlaps(target.at)) return true;
      }
    }
  }
  return inClockArithmetic(answer, task, overlaps);
}

const MINUTES_A_DAY = 24 * 60;
const MINUTES_A_WEEK = 7 * MINUTES_A_DAY;
/** A weekday and a time of day beside it, either way round: "Monday 20:00", "Saturday at 8pm", "8pm on Saturday", "2pm to 4pm this Saturday", "9am next Monday". */
const WEEKDAY_NAME = `(${WEEKDAYS.join('|')})`;
const WEEKDAY_THEN_CLOCK = new RegExp(`\\b${WEEKDAY_NAME},?\\s+(?:at\\s+|from\\s+|by\\s+)?$`);
const RANGE_END = String.raw`(?:\s*(?:to|until|till|[–-])\s*\d{1,2}(?:[:.]\d{2})?\s?(?:[ap]\.?m\.?)?)?`;
const WEEKDAY_RANGE_BEFORE = new RegExp(`\\b${WEEKDAY_NAME}\\s*(?:to|through|until|till|[–-])\\s*$`);
const WEEKDAY_RANGE_AFTER = new RegExp(`^\\s*(?:to|through|until|till|[–-])\\s*${WEEKDAY_NAME}\\b`);
const WEEKDAY_RANGE = new RegExp(`\\b${WEEKDAY_NAME}s?\\s*(?:to|through|until|till|[–-])\\s*${WEEKDAY_NAME}s?\\b|\\bbetween\\s+${WEEKDAY_NAME}s?\\s+and\\s+${WEEKDAY_NAME}s?\\b`, 'g');
const CLOCK_THEN_WEEKDAY = new RegExp(`^${RANGE_END},?\\s+(?:on\\s+)?(?:(?:the|this|next|this\\s+coming)\\s+)?${WEEKDAY_NAME}\\b`);
/** A day named from today and a time of day beside it: "9pm last night", "tomorrow at 9am", "9pm the day after tomorrow". */
const RELATIVE_DAYS: Readonly<Record<string, number>> = {
  'the day before yesterday': -2,
  'last night': -1,
  yesterday: -1,
  today: 0,
  tonight: 0,
  'this morning': 0,
  'this afternoon': 0,
  'this evening': 0,
  tomorrow: 1,
  'the day after tomorrow': 2,
};
const RELATIVE_DAY = `(${Object.keys(RELATIVE_DAYS)
  .sort((x, y) => y.length - x.length)
  .join('|')
  .replace(/ /g, '\\s+')})`;
const RELATIVE_THEN_CLOCK = new RegExp(`\\b${RELATIVE_DAY},?\\s+(?:at\\s+|from\\s+|by\\s+)?$`, 'i');
const CLOCK_THEN_RELATIVE = new RegExp(`^${RANGE_END},?\\s+${RELATIVE_DAY}\\b`, 'i');

/**
 * Whether a period in hours or days the answer writes, added to a time the
 * answer or the question states, gives another time either states ("report
 * it within 48 hours (by Monday 20:00, as you noticed on Saturday 20:00)";
 * "a full refund needs cancelling 48 hours ahead, by 2pm on Thursday" for a
 * booking at 2pm this Saturday), and the span takes part: a time on a weekday
 * counts round the week, a bare time of day round the day, with a period
 * under a day. The period may be a deadline ("within 48 hours") or a figure
 * ("the 48-hour window"). Weekdays named alone join by whole days under a
 * week ("within 2 days, so by Wednesday" for an order on Monday); a range of
 * weekdays or a recurring day ("Mondays") is no time. Changed alone, the
 * period or either time leaves the answer's deadline wrong by its own figures.
 */
function inClockArithmetic(answer: string, task: string, overlaps: (p: { start: number; end: number } | null) => boolean): boolean {
  const periods = [
    ...findDates(answer).flatMap((d) => {
      const m = /^duration:(\d+) (day|hour)$/.exec(d.key);
      return m ? [{ minutes: Number(m[1]) * (m[2] === 'day' ? MINUTES_A_DAY : 60), at: d as { start: number; end: number } }] : [];
    }),
    // "The 48-hour window", "44 hours before": a period the answer counts in hours or days, read as a figure in days.
    ...findFigures(answer)
      .filter((f) => f.kind === 'day' && (f.unit === 'hour' || f.unit === 'day'))
      .map((f) => ({ minutes: Math.round(f.value * MINUTES_A_DAY), at: f as { start: number; end: number } })),
  ].filter((p) => p.minutes > 0);
  if (!periods.length) return false;
  // A time on a day named from today ("9pm last night", "9pm tomorrow") counts on its own line of days, as a weekday's counts round the week.
  const stamped = (text: string, inAnswer: boolean) =>
    clockTimes(text).map((c) => {
      const before = WEEKDAY_THEN_CLOCK.exec(text.slice(Math.max(0, c.start - 16), c.start)) ?? RELATIVE_THEN_CLOCK.exec(text.slice(Math.max(0, c.start - 30), c.start));
      const after = CLOCK_THEN_WEEKDAY.exec(text.slice(c.end, c.end + 40)) ?? CLOCK_THEN_RELATIVE.exec(text.slice(c.end, c.end + 40));
      const day = before?.[1] ?? after?.[1];
      const fromToday = day === undefined ? undefined : RELATIVE_DAYS[day.toLowerCase().replace(/\s+/g, ' ')];
      const at = before ? { start: c.start - before[0].length, end: c.end } : after ? { start: c.start, end: c.end + after[0].length } : { start: c.start, end: c.end };
      const dayIndex = fromToday ?? (day ? WEEKDAYS.indexOf(day) : 0);
      return { minutes: c.value + dayIndex * MINUTES_A_DAY, weekly: day !== undefined, relative: fromToday !== undefined, at: inAnswer ? at : null };
    });
  // A weekday named alone ("delivered within 2 days, so by Wednesday"), not one of a time, a range of weekdays or a recurring day ("Mondays").
  const days = (text: string, inAnswer: boolean, clocked: ReadonlyArray<{ at: { start: number; end: number } | null }>) =>
    findDates(text)
      .filter((d) => d.form === 'weekday' && !/s$/.test(d.text) && !clocked.some((c) => c.at && c.at.start <= d.start && d.end <= c.at.end))
      .filter((d) => !WEEKDAY_RANGE_BEFORE.test(text.slice(Math.max(0, d.start - 16), d.start)) && !WEEKDAY_RANGE_AFTER.test(text.slice(d.end, d.end + 16)))
      .map((d) => ({ minutes: Number(d.key.slice('weekday:'.length)) * MINUTES_A_DAY, weekly: true, relative: false, dayOnly: true, at: inAnswer ? (d as { start: number; end: number }) : null }));
  const answerTimes = stamped(answer, true);
  const taskTimes = stamped(task, false);
  const times = [
    ...[...answerTimes, ...taskTimes].map((t) => ({ ...t, dayOnly: false })),
    ...days(answer, true, answerTimes),
    ...days(
      task,
      false,
      taskTimes.map((t) => ({ at: t.at ?? null })),
    ),
  ];
  for (const period of periods) {
    for (const base of times) {
      for (const target of times) {
        if (target === base || base.weekly !== target.weekly || base.relative !== target.relative || base.dayOnly !== target.dayOnly || (!target.weekly && period.minutes >= MINUTES_A_DAY)) continue;
        // Weekdays alone are a whole number of days apart, under a week.
        if (target.dayOnly && (period.minutes % MINUTES_A_DAY !== 0 || period.minutes >= MINUTES_A_WEEK)) continue;
        // Days named from today run on a line, not round the week: "8 days" joins no "9am today" to "9am tomorrow" (a review).
        if (base.relative) {
          if (base.minutes + period.minutes === target.minutes && (overlaps(period.at) || overlaps(base.at) || overlaps(target.at))) return true;
          continue;
        }
        const round = target.weekly ? MINUTES_A_WEEK : MINUTES_A_DAY;
        // A whole week (or day) from a time is the same time: it joins no two times the answer could be caught on.
        if (period.minutes % round === 0) continue;
        if ((((base.minutes + period.minutes - target.minutes) % round) + round) % round !== 0) continue;
        if (overlaps(period.at) || overlaps(base.at) || overlaps(target.at)) return true;
      }
    }
  }
  return false;
}

function addPeriod(base: CalendarDate & { day: number }, amount: number, kind: string): { year: number | undefined; month: number; day: number } {
  const year = base.year ?? 2000;
  if (kind === 'day') {
    const t = new Date(Date.UTC(year, base.month - 1, base.day + amount));
    return { year: base.year === undefined ? undefined : t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
  }
  const months = year * 12 + (base.month - 1) + amount;
  const [y, m] = [Math.floor(months / 12), (months % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { year: base.year === undefined ? undefined : y, month: m, day: Math.min(base.day, last) };
}

/**
 * Whether a date is stated, by meaning: the same key, or a day within the
 * month or year it names ("by the end of March 2027" when the question says
 * "12 March 2027").
 */
export function statesDate(stated: ReadonlySet<string>, key: string): boolean {
  if (stated.has(key)) return true;
  if (!/^\d{4}(?:-\d{2})?$/.test(key)) return false;
  for (const s of stated) if (s.startsWith(`${key}-`)) return true;
  return false;
}
