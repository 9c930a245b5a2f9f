import { findNumbers, type Piece } from './claims.js';
import { NUMBER_WORDS } from './numberWords.js';
import { neighbourValues, numberWord, wholePeriodValues } from './quantities.js';
import { RecentResults } from '../util/recentResults.js';

/**
 * Dates and deadlines as policies write them, found so that date-shift can move
 * them and every other mutator can leave them alone: a date moved by a number
 * or name mutator comes out impossible ("33 January"), reformatted ("2025-7-01")
 * or with a weekday that no longer fits, wrong by its form rather than by the
 * evidence.
 */

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A calendar day; month 1-12. A missing year is written without one ("by 31 January"). */
export interface Day {
  year: number | undefined;
  month: number;
  day: number;
}

export type DateForm =
  | 'day-month' // 5 April 2026, Friday 5 April, 5th April
  | 'month-day' // April 5, 2026, April 5
  | 'iso' // 2026-04-05
  | 'slashed' // 05/04/2026, day/month or month/day as the numbers show
  | 'month-year' // April 2026
  | 'tax-year' // 2025-26, 2025/26
  | 'year' // in 2026
  | 'month' // each April
  | 'weekday' // every Monday
  | 'duration'; // within 28 days, 4 weeks before

export interface DatePiece extends Piece {
  form: DateForm;
  /** What the date means, the same however it is written: what the oracle compares across artifact and evidence. */
  key: string;
  /** Whether such a date exists: a real day, a weekday that agrees with it. */
  possible: boolean;
  /** Every shift this date allows, written in its own format. */
  shifts(): string[];
}

const MONTH = `(${MONTHS.join('|')})`;
const MONTH_NAME = `(?:${MONTHS.join('|')})`;
/** Words after which a month alone is a time, in lower case or capitalised at a sentence's start. */
const TIME_WORDS = ['in', 'each', 'every', 'from', 'until', 'by', 'since', 'of', 'before', 'after', 'during', 'through', 'to', 'and', 'or', 'between', 'early', 'late']
  .map((word) => `[${word[0]}${word[0]!.toUpperCase()}]${word.slice(1)}`)
  .join('|');
const WEEKDAY = `(${WEEKDAYS.join('|')})`;
const ORDINAL = '(st|nd|rd|th)?';
/** The words and dashes that make two days of one month a range: "3 to 16 March", "14–15 March", "from 24 until 28 December". */
const RANGE_JOINER = '(?:to|until|till|through|and|[-–])';
/** Those, and the words that list a day beside another of its month: "25 and 26 December", "3 or 4 March", "3 & 4 March". */
const DAY_JOINER = `(?:${RANGE_JOINER}|or|&)`;
/**
 * The rest of a list or range of days of one month after its first ("…, 25 and 26 December 2026", "14–15 March"), its
 * month captured. Not its year: a listed day is read as a year-less date of that month, so that "4 and 11 May 2026"
 * states what "4 May and 11 May 2026" does (the independent review's false alarm; unseen56's).
 */
const LISTED_BEFORE = `(?:\\s*,\\s*\\d{1,2}(?:st|nd|rd|th)?)*(?:\\s*,)?\\s*${DAY_JOINER}\\s*(?:(?:${WEEKDAYS.join('|')}),?\\s+)?(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?:,?\\s+\\d{4})?(?![\\w-]|[.,]\\d)`;
const DURATION_UNIT = '((?:working|business|calendar)\\s+days?|minutes?|hours?|days?|weeks?|months?|years?)';

/**
 * One pattern per form, tried in this order; a later form never takes text an
 * earlier one found. Digits are bounded on both sides so "1,250" or "2.5" never
 * lend a date their digits.
 */
const FORMS: ReadonlyArray<{ form: DateForm; pattern: RegExp }> = [
  { form: 'iso', pattern: /(?<![\w.,/-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\w/-]|[.,]\d)/g },
  { form: 'slashed', pattern: /(?<![\w.,/-])(\d{1,2})([/.])(\d{1,2})\2(\d{4}|\d{2})(?![\w/-]|[.,]\d)/g },
  { form: 'day-month', pattern: new RegExp(`(?:${WEEKDAY},?\\s+)?(?:the\\s+)?(?<![\\w.,£$€-])(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+(\\d{4}))?(?![\\w-]|[.,]\\d)`, 'g') },
  // A day listed before another of the same month ("closed on 25 and 26 December", "24, 25 and 26 December", "from 24 to
  // 26 December"): a date too, its month and year read after the list (unseen139's and unseen143's readers, of the 25th
  // made the 20th: "Christmas Day was most likely changed").
  { form: 'day-month', pattern: new RegExp(`(?:${WEEKDAY},?\\s+)?(?:the\\s+)?(?<![\\w.,£$€-])(\\d{1,2})${ORDINAL}(?=${LISTED_BEFORE})`, 'g') },
  { form: 'month-day', pattern: new RegExp(`(?:${WEEKDAY},?\\s+)?${MONTH}\\s+(\\d{1,2})${ORDINAL}(?:,\\s+(\\d{4}))?(?![\\w-]|[.,]\\d)`, 'g') },
  { form: 'month-year', pattern: new RegExp(`${MONTH}\\s+(\\d{4})(?![\\w-]|[.,]\\d)`, 'g') },
  { form: 'tax-year', pattern: /(?<![\w.,£$€/-])((?:19|20)\d{2})([-/–])(\d{2}|\d{4})(?![\w/-]|[.,]\d)/g },
  {
    form: 'duration',
    pattern: new RegExp(`\\b(?:(within|in)\\s+)?(\\d{1,3}|${NUMBER_WORDS.join('|')})\\s+${DURATION_UNIT}(?:\\s+(before|after|from|following|prior to|beforehand|in advance|ahead))?\\b`, 'g'),
  },
  // A four-digit amount is not a year: "2000 mg", "1500 employees".
  { form: 'year', pattern: /(?<![\w.,£$€/-])((?:19|20)\d{2})(?![\w%/-]|[.,]\d|\s+(?:mg|mcg|g|kg|ml|mL|l|units?|hours?|days?|weeks?|months?|years?|people|staff|employees|words)\b)/g },
  { form: 'weekday', pattern: new RegExp(`\\b${WEEKDAY}s?\\b`, 'g') },
  // "May" is also a verb: a lone month counts only after a word that introduces a time (capitalised too: "From April,
  // ..."), or where it opens or ends a range of months ("During our busy season, March to May, ...", "April–September";
  // unseen74's false alarm, which found the range's "May" alone).
  {
    form: 'month',
    pattern: new RegExp(
      `(?:(?<=\\b(?:${TIME_WORDS})\\s+)|(?<=\\b[Mm]id-)|(?<=\\b${MONTH_NAME}\\s*[-–—]\\s*)|\\b(?=${MONTH_NAME}\\s*(?:to|until|till|through|[-–—])\\s*${MONTH_NAME}\\b))${MONTH}\\b`,
      'g',
    ),
  },
];

/** Whether the weekday of a `weekday:N` key (Monday 0) is on a weekend. */
export function isWeekendKey(key: string): boolean {
  return (weekdayIndexOf(key) ?? -1) >= 5;
}

/** A weekday's index in WEEKDAYS by its key ("weekday:0" is Monday), or undefined for a key of another form. */
export function weekdayIndexOf(key: string): number | undefined {
  const m = /^weekday:(\d)$/.exec(key);
  return m ? Number(m[1]) : undefined;
}

/** Whether the range start..end overlaps a date of `dates`. */
export function touchesDate(dates: readonly DatePiece[], start: number, end: number): boolean {
  return dates.some((d) => start < d.end && d.start < end);
}

/**
 * Texts recur across every candidate, oracle and review (an answer is read by
 * each mutator and each claim check): their dates are read once. A fresh
 * array each call, so no caller's sort or filter reaches another's, of
 * frozen pieces, so no caller's edit does either.
 */
const datesRead = new RecentResults<readonly DatePiece[]>(4096);

/** A range of days that writes its month once, after its last day: "from 22 to 28 December", "3rd–5th May 2026". */
const ELIDED_RANGE = new RegExp(`(?<![\\w.,£$€/-])(\\d{1,2})${ORDINAL}\\s*${RANGE_JOINER}\\s*\\d{1,2}${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+(\\d{4}))?(?![\\w-]|[.,]\\d)`, 'g');

/**
 * The first days of the ranges a text writes with one month, as date keys: "from 22 to 28 December" starts on 22
 * December, which findDates, reading "22" alone, does not find. Read as the base a period is counted from (a booking "6
 * weeks" before the question's "22 to 28 December"; unseen122's false alarm), not as a date a mutator moves.
 */
export function elidedRangeStarts(text: string): Array<Pick<DatePiece, 'key'>> {
  return [...text.matchAll(ELIDED_RANGE)].flatMap((m) => {
    const day = { year: m[5] ? Number(m[5]) : undefined, month: MONTHS.indexOf(m[4]!) + 1, day: Number(m[1]) };
    return exists(day) ? [{ key: dayKey(day) }] : [];
  });
}

export function findDates(text: string): DatePiece[] {
  return [...datesRead.get(text, () => readDates(text))];
}

function readDates(text: string): DatePiece[] {
  const found: DatePiece[] = [];
  for (const { form, pattern } of FORMS) {
    for (const m of text.matchAll(pattern)) {
      const piece = readDate(form, m);
      if (piece && !touchesDate(found, piece.start, piece.end)) found.push(Object.freeze(piece));
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function readDate(form: DateForm, m: RegExpMatchArray): DatePiece | null {
  const text = m[0];
  const start = m.index!;
  const piece = (key: string, possible: boolean, shifts: () => string[]): DatePiece => ({ text, start, end: start + text.length, form, key, possible, shifts });
  switch (form) {
    case 'iso': {
      const [, y, mo, d] = m as unknown as [string, string, string, string];
      const day = { year: Number(y), month: Number(mo), day: Number(d) };
      const write = (n: Day) => `${n.year}-${pad(n.month, mo.length)}-${pad(n.day, d.length)}`;
      return piece(dayKey(day), exists(day), () => calendarShifts(day).map(write));
    }
    case 'slashed': {
      const [, a, sep, b, y] = m as unknown as [string, string, string, string, string];
      // Day first unless the first number cannot be a month... or the second cannot be a day: UK policies write day first.
      const monthFirst = Number(a) <= 12 && Number(b) > 12;
      const ambiguous = Number(a) <= 12 && Number(b) <= 12 && a !== b;
      const year = y.length === 2 ? 2000 + Number(y) : Number(y);
      const day = { year, month: Number(monthFirst ? a : b), day: Number(monthFirst ? b : a) };
      const write = (n: Day) => {
        const [first, second] = monthFirst ? [n.month, n.day] : [n.day, n.month];
        return `${pad(first, a.length)}${sep}${pad(second, b.length)}${sep}${y.length === 2 ? pad(n.year! % 100, 2) : n.year}`;
      };
      // Read either way, an ambiguous date must stay a real date: move only its year.
      const shifts = ambiguous ? [yearShift(day, 1), yearShift(day, -1)].filter(exists) : calendarShifts(day);
      return piece(dayKey(day), exists(day), () => shifts.map(write));
    }
    case 'day-month':
    case 'month-day': {
      const [weekday, dayText, suffix, monthName, yearText] = form === 'day-month' ? [m[1], m[2]!, m[3], m[4]!, m[5]] : [m[1], m[3]!, m[4], m[2]!, m[5]];
      const day = { year: yearText ? Number(yearText) : undefined, month: MONTHS.indexOf(monthName) + 1, day: Number(dayText) };
      const weekdayAgrees = weekday === undefined || (day.year !== undefined && exists(day) && weekdayOf(day) === WEEKDAYS.indexOf(weekday));
      // The written pieces around the numbers (the comma after a weekday, "the", "of") stay as they are.
      const write = (n: Day) => {
        let out = text;
        if (weekday !== undefined) out = out.replace(weekday, WEEKDAYS[weekdayOf(n)]!);
        out = out.replace(new RegExp(`\\b${dayText}${suffix ?? ''}(?!\\d)`), `${pad(n.day, dayText.startsWith('0') ? 2 : 1)}${suffix ? ordinalSuffix(n.day) : ''}`);
        out = out.replace(monthName, MONTHS[n.month - 1]!);
        if (yearText) out = out.replace(new RegExp(`${yearText}$`), String(n.year));
        return out;
      };
      // A weekday needs a year to be checked against; without one the date is left alone.
      if (weekday !== undefined && day.year === undefined) return piece(dayKey(day), exists(day), () => []);
      // A day listed before its month is read, not moved: the date of the list's last day says how the list may change.
      if (!text.includes(monthName)) return piece(dayKey(day), exists(day) && weekdayAgrees, () => []);
      return piece(dayKey(day), exists(day) && weekdayAgrees, () => calendarShifts(day).map(write));
    }
    case 'month-year': {
      const [, monthName, y] = m as unknown as [string, string, string];
      const month = MONTHS.indexOf(monthName) + 1;
      const write = (year: number, mo: number) => `${MONTHS[mo - 1]} ${year}`;
      return piece(`${y}-${pad(month, 2)}`, true, () => [
        month === 12 ? write(Number(y) + 1, 1) : write(Number(y), month + 1),
        month === 1 ? write(Number(y) - 1, 12) : write(Number(y), month - 1),
        write(Number(y) + 1, month),
      ]);
    }
    case 'tax-year': {
      const [, y, sep, next] = m as unknown as [string, string, string, string];
      const first = Number(y);
      const second = next.length === 2 ? Math.floor((first + 1) / 100) * 100 + Number(next) : Number(next);
      if (second !== first + 1) return null; // "2020-25" is a range, not one tax year
      const write = (year: number) => `${year}${sep}${next.length === 2 ? pad((year + 1) % 100, 2) : year + 1}`;
      return piece(`tax-year:${first}`, true, () => [write(first + 1), write(first - 1)]);
    }
    case 'year': {
      const year = Number(m[1]);
      return piece(String(year), true, () => [String(year + 1), String(year - 1)]);
    }
    case 'weekday': {
      const index = WEEKDAYS.indexOf(m[1]!);
      const plural = text.endsWith('s') ? 's' : '';
      return piece(`weekday:${index}`, true, () => [WEEKDAYS[(index + 1) % 7]! + plural, WEEKDAYS[(index + 6) % 7]! + plural]);
    }
    case 'month': {
      const index = MONTHS.indexOf(m[1]!);
      return piece(`month:${index + 1}`, true, () => [MONTHS[(index + 1) % 12]!, MONTHS[(index + 11) % 12]!]);
    }
    case 'duration': {
      const [, lead, amountText, unitText, trail] = m as unknown as [string, string | undefined, string, string, string | undefined];
      // Only a deadline is a date: "within 28 days", "4 weeks before". "28 days of leave" is an amount, number-flip's.
      if (lead === undefined && trail === undefined) return null;
      const inWords = /^[a-z]/i.test(amountText);
      const amount = inWords ? NUMBER_WORDS.indexOf(amountText.toLowerCase() as (typeof NUMBER_WORDS)[number]) + 1 : Number(amountText);
      const unit = unitText.replace(/\s+/g, ' ').replace(/s$/, '');
      // To the neighbouring values a document states for this unit ("30 days" to 28 or 45), spelled as before; a word only where one exists.
      const write = (n: number) =>
        text.replace(new RegExp(`\\b${amountText}(\\s+)${unitText}`), (_, space: string) => `${inWords ? numberWord(n, amountText) : n}${space}${n === 1 ? unit : `${unit}s`}`);
      // A deadline means its length and its kind of day: "10 calendar days" is "10 days", "15 business days" is "15 working days".
      const meaning = unit.replace(/^calendar /, '').replace(/^business /, 'working ');
      // A period of whole weeks moves to another whole number of weeks of its kind of day ("7 days" to 14, "5 working days" to 10), of whole days, months or years likewise ("24 hours" to 48).
      const shifts = neighbourValues(
        { number: { ...findNumbers(String(amount))[0]! }, unit: unit.replace(/^\w+ (?=day)/, ''), key: '', compoundKey: undefined },
        wholePeriodValues(amount, meaning),
      ).filter((n) => !inWords || n <= NUMBER_WORDS.length);
      // Singular and plural swap with the number ("1 day", "2 days"); a unit already written against that rule is left alone.
      const regular = (amount === 1) === !unitText.endsWith('s');
      return piece(`duration:${amount} ${meaning}`, amount > 0, () => (regular ? shifts.map(write) : []));
    }
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

function dayKey(d: Day): string {
  return `${d.year ?? '-'}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/** A leap year stands in for a missing one: "29 February" alone is a date that exists. */
export function exists(d: Day): boolean {
  if (d.month < 1 || d.month > 12 || d.day < 1) return false;
  return d.day <= daysInMonth(d.year ?? 2000, d.month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 for Monday, as WEEKDAYS. */
export function weekdayOf(d: Day): number {
  return (new Date(Date.UTC(d.year ?? 2000, d.month - 1, d.day)).getUTCDay() + 6) % 7;
}

function addDays(d: Day, days: number): Day {
  const t = new Date(Date.UTC(d.year ?? 2000, d.month - 1, d.day + days));
  return { year: d.year === undefined ? undefined : t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

function yearShift(d: Day, years: number): Day {
  return { ...d, year: d.year === undefined ? undefined : d.year + years };
}

/** The last day of a month; without a year, February's is the 28th, as most years have it. */
function lastDayOf(year: number | undefined, month: number): number {
  return year === undefined && month === 2 ? 28 : daysInMonth(year ?? 2000, month);
}

/** The same end of the month before or after: the first day stays the first, the last day the last. */
function monthEndShift(d: Day, months: number): Day {
  const t = new Date(Date.UTC(d.year ?? 2000, d.month - 1 + months, 1));
  const year = d.year === undefined ? undefined : t.getUTCFullYear();
  const month = t.getUTCMonth() + 1;
  return { year, month, day: d.day === 1 ? 1 : lastDayOf(year, month) };
}

/**
 * A day later, a day earlier and, with a year, a year later: the slips a
 * worker makes. A first or last day of a month is a boundary a document
 * chooses (`from 1 May`, `by 31 March`), and a day off it reads as an odd
 * cut-off (readers of unseen10, unseen18 and unseen102: `after 2 May`, "a day
 * short"); it moves to the same end of the month before or after, and a
 * year on to the same end. Never an impossible date: without a year the shift
 * runs in a leap year and never lands on 29 February.
 */
function calendarShifts(d: Day): Day[] {
  if (!exists(d)) return [];
  // A yearless 29 February is the month's last day in the years that have it.
  const lastDay = d.day >= lastDayOf(d.year, d.month);
  const shifts = d.day === 1 || lastDay ? [monthEndShift(d, 1), monthEndShift(d, -1)] : [addDays(d, 1), addDays(d, -1)];
  // A year on, a last day stays the last: 28 February 2027 to 29 February 2028, 29 February 2028 to 28 February 2029.
  if (d.year !== undefined) shifts.push(lastDay ? { ...d, year: d.year + 1, day: lastDayOf(d.year + 1, d.month) } : yearShift(d, 1));
  return shifts.filter((n) => exists(n) && !(n.year === undefined && n.month === 2 && n.day === 29));
}

/**
 * Whether two dates are written alike: the same words and separators in the
 * same order, numbers in the same places, and numeric dates (ISO, slashed)
 * with every field as wide as before. A day written "9" or "10" in prose is
 * one format; "2026-04-9" is not the format of "2026-04-10".
 */
const SPELLED_NUMBER = new RegExp(`\\b(?:${NUMBER_WORDS.join('|')})\\b`, 'gi');

export function sameDateFormat(a: DatePiece, b: DatePiece): boolean {
  if (a.form !== b.form) return false;
  // "1 day" and "2 days" are one format: the unit agrees with its number.
  const shape = (t: string) =>
    t
      .replace(/\b(day|week|month|year)s\b/g, '$1')
      .replace(/\b(?:before|after)$/, 'R') // which side of the event is negation's to reverse, not a format
      .replace(new RegExp(MONTH, 'g'), 'M')
      .replace(new RegExp(WEEKDAY, 'g'), 'W')
      .replace(/\d+(st|nd|rd|th)?/g, (_, s) => (s ? 'N#' : 'N'))
      .replace(SPELLED_NUMBER, 'n'); // "within five working days" and "within three working days": one format, in words
  if (shape(a.text) !== shape(b.text)) return false;
  const widths = (t: string) => [...t.matchAll(/\d+/g)].map((x) => x[0]);
  const [wa, wb] = [widths(a.text), widths(b.text)];
  const numeric = a.form === 'iso' || a.form === 'slashed' || a.form === 'tax-year';
  return wa.every((x, i) => {
    const y = wb[i]!;
    if (numeric || a.form === 'year' || a.form === 'month-year') return x.length === y.length;
    // Prose: a zero-padded day stays padded; an unpadded one may grow a digit.
    return x.startsWith('0') === y.startsWith('0') || (x.length === y.length && !x.startsWith('0') && !y.startsWith('0'));
  });
}
