import { sentenceAround } from './claims.js';
import { type DatePiece, findDates } from './dates.js';
import { calendarOf, clockTimes, findFigures, lengthOf } from './figures.js';
import { daysBetweenDates } from './spans.js';

/** The day after the one asked on, as a question names it. */
const TOMORROW = /(?<!\bafter\s)\btomorrow\b/i;

/**
 * Periods and spans of years as a question and its answer state them, read
 * in one scale (days) so that a deadline moved by date-shift can be held to
 * the rest: a shifted date stays inside the year span and the term they name,
 * and a shifted period keeps its order against the other periods, whatever
 * their units ("within 16 weeks" against "three months").
 */

/** Days in each kind of figure findFigures reads a period as: days (hours, weeks) and months (years). A month is about 4.35 weeks, 30.4 days. */
const DAYS_IN: Readonly<Record<string, number>> = { day: 1, month: 30.44 };

/** The length of a deadline in days ("within 16 weeks": 112), or null for another date or a day not on the calendar. */
export function lengthInDays(d: Pick<DatePiece, 'key'>): number | null {
  const length = lengthOf(d);
  // Minutes are no period on this scale (lengthOf reads them in their own kind).
  return length && length.kind in DAYS_IN ? length.value * DAYS_IN[length.kind]! : null;
}

/** The periods a text states ("three months", "42 weeks", "48 hours"), in days. */
export function periodsIn(text: string): Array<{ start: number; end: number; days: number; text: string }> {
  return findFigures(text)
    .filter((f) => f.kind in DAYS_IN && f.value > 0)
    .map((f) => ({ start: f.start, end: f.end, days: f.value * DAYS_IN[f.kind]!, text: `${f.text} ${f.unit}${f.value === 1 ? '' : 's'}` }));
}

/**
 * A period the question writes with an article after a preposition, or before "ago": "I'm away for a month", "in a
 * fortnight", "within a week", "bought a month ago" (not a rate, "£30 a month", "twice a week"). unseen45's readers,
 * of "no problem" for a month away beside storage charged after 30 days (60 in the original); unseen54's, of returns
 * "within 30 days" (60 in the original) for tiles bought a month ago: "a month ago is fine" reads as borderline.
 */
const PERIOD_WITH_ARTICLE =
  /\b(?:(?:for|in|within|about|over|after|than|under|nearly|almost)\s+(?:a|an|one)\s+(day|week|fortnight|month|year)\b|(?:a|an|one)\s+(day|week|fortnight|month|year)\s+ago\b)/gi;
const DAYS_OF: Readonly<Record<string, number>> = { day: 1, week: 7, fortnight: 14, month: 30.44, year: 365.25 };

function periodsWithArticle(text: string): Array<{ days: number; text: string }> {
  return [...text.matchAll(PERIOD_WITH_ARTICLE)].map((m) => ({ days: DAYS_OF[(m[1] ?? m[2])!.toLowerCase()]!, text: m[0] }));
}

/** The order of two lengths, equal within 2%: "13 weeks" and "three months" are one length. */
export function compareLengths(a: number, b: number): number {
  return Math.abs(a - b) <= 0.02 * Math.max(a, b) ? 0 : Math.sign(a - b);
}

/**
 * A period of the question, or of the deadline's sentence of the answer
 * (other than the deadline's own text at `at`), that the shifted deadline passes: the original was longer and the
 * new one shorter, or the other way ("within 16 weeks ... comfortably cover
 * your three-month plan" → "within 12 weeks"). Null when none.
 */
export function passedPeriod(task: string, artifact: string, at: { start: number; end: number }, original: DatePiece, shifted: DatePiece): string | null {
  const [before, after] = [lengthInDays(original), lengthInDays(shifted)];
  if (before === null || after === null) return null;
  // The question's periods, and those of the deadline's own sentence: a period of another sentence is another rule's ("paid for the first 16 weeks").
  const sentence = sentenceAround(artifact, at.start, at.end);
  const others = [
    ...periodsIn(task),
    ...periodsIn(artifact).filter((p) => (p.end <= at.start || p.start >= at.end) && sentence !== undefined && sentence.start <= p.start && p.end <= sentence.end),
    // The days between two dates the sentence and question give ("on 10 July ... your delivery on 20 July": 10), and the
    // day the question asks for ("for tomorrow": 1): unseen39's readers, of "less than 7 days before" beside those dates,
    // and of a 24-hour patch test that "would not justify refusing tomorrow".
    ...[...daysBetweenDates(sentence?.text ?? '', task)].map((days) => ({ days, text: `the ${days} days between the dates` })),
    ...(TOMORROW.test(task) ? [{ days: 1, text: 'tomorrow' }] : []),
    ...periodsWithArticle(task),
  ];
  const passed = others.find((o) => {
    const [was, is] = [compareLengths(before, o.days), compareLengths(after, o.days)];
    // Landing on it is passing it too: "within 72 hours" of an order "3 days ago" leaves the answer's "too late" a boundary case (unseen38's readers).
    return was !== 0 && was !== is;
  });
  return passed ? passed.text : null;
}

/** The first and last year a span names: "2025/26", "2025-26" and "2025–2026" span two years; "2026" one. */
export function yearSpans(text: string): Array<{ text: string; start: number; end: number; from: number; to: number }> {
  return findDates(text).flatMap((d) => {
    const taxYear = /^tax-year:(\d{4})$/.exec(d.key);
    if (taxYear) return [{ text: d.text, start: d.start, end: d.end, from: Number(taxYear[1]), to: Number(taxYear[1]) + 1 }];
    return d.form === 'year' ? [{ text: d.text, start: d.start, end: d.end, from: Number(d.key), to: Number(d.key) }] : [];
  });
}

/** The year of a calendar date that names one. */
const yearOfDate = (d: Pick<DatePiece, 'key'>) => calendarOf(d)?.year;

/**
 * A year span of the question or answer ("2025/26", "the 2026 season") that
 * held the original date and does not hold the shifted one; or, where the
 * date shifted is a span of two years itself ("2025/26"), a date of theirs it
 * held and no longer holds; or null. The date itself (a year moved) is not a
 * span it leaves.
 */
export function leftYearSpan(task: string, artifact: string, at: { start: number; end: number }, original: DatePiece, shifted: DatePiece): string | null {
  const inside = (year: number | undefined, s: { from: number; to: number }) => year !== undefined && s.from <= year && year <= s.to;
  const [before, after] = [yearOfDate(original), yearOfDate(shifted)];
  const spans = [...yearSpans(task), ...yearSpans(artifact).filter((s) => s.end <= at.start || s.start >= at.end)];
  const left = spans.find((s) => inside(before, s) && !inside(after, s));
  if (left) return left.text;
  // A span moved ("2025/26" → "2024/25") leaves the dates it held outside it: "the 2024/25 contract ends on 11 July 2026".
  const [span] = yearSpans(original.text);
  const [moved] = yearSpans(shifted.text);
  if (!span || !moved || original.form === 'year') return null;
  const held = [...findDates(task), ...findDates(artifact).filter((d) => d.end <= at.start || d.start >= at.end)].find((d) => inside(yearOfDate(d), span) && !inside(yearOfDate(d), moved));
  return held ? held.text : null;
}

/** Days since 1970 of a calendar date with day, month and year (the year `yearIfNone` where it writes none), or null. */
export function dayNumber(d: Pick<DatePiece, 'key'>, yearIfNone?: number): number | null {
  const c = calendarOf(d);
  const year = c?.year ?? yearIfNone;
  return c && year !== undefined && c.day !== undefined ? Date.UTC(year, c.month - 1, c.day) / 86_400_000 : null;
}

/**
 * The longest period the question or answer states ("42 weeks of rent") that
 * the answer's dates (with the question's) fitted within before the shift and
 * do not after it ("1 October 2025 ... 20 April 2027" is more than 42 weeks),
 * as written, or null: the dates read as the term's, and one moved outside it
 * no longer fits.
 */
export function outrunTerm(task: string, artifact: string, at: { start: number; end: number }, original: DatePiece, shifted: DatePiece): string | null {
  const [before, after] = [dayNumber(original), dayNumber(shifted)];
  if (before === null || after === null) return null;
  const others = [...findDates(task), ...findDates(artifact).filter((d) => d.end <= at.start || d.start >= at.end)].map(dayNumber).filter((n): n is number => n !== null);
  if (!others.length) return null;
  const spread = (day: number) => Math.max(day, ...others) - Math.min(day, ...others);
  const periods = [...periodsIn(task), ...periodsIn(artifact)];
  const term = periods.sort((a, b) => b.days - a.days)[0];
  if (!term || spread(before) > term.days || spread(after) <= term.days) return null;
  return term.text;
}

/** Minutes in a deadline's unit, for one measured against two times of day. */
const MINUTES_IN: Readonly<Record<string, number>> = { minute: 1, hour: 60 };
/** Days in a deadline's unit, for one measured against two dates. */
const WHOLE_DAYS_IN: Readonly<Record<string, number>> = { day: 1, week: 7 };

/**
 * Two times of day of a schedule's sentence, outside its interval's own text at `at`, a whole number of that interval
 * apart ("tours leave every 30 minutes from 10:00 and the last one sets off at 16:30"), that the shifted interval does not
 * step between, as written ("10:00 and 16:30"), or null. A reader counts on from the first: every 20 or 45 minutes from
 * 10:00 never reaches 16:30 (unseen97's readers).
 */
export function scheduleOutOfStep(artifact: string, at: { start: number; end: number }, original: Pick<DatePiece, 'key'>, shifted: Pick<DatePiece, 'key'>): string | null {
  const [step, newStep] = [minutesOf(original), minutesOf(shifted)];
  const sentence = sentenceAround(artifact, at.start, at.end);
  if (step === null || newStep === null || !sentence || !EVERY_BEFORE.test(artifact.slice(sentence.start, at.start))) return null;
  const times = clockTimes(artifact).filter((t) => t.start >= sentence.start && t.end <= sentence.end && (t.end <= at.start || t.start >= at.end));
  for (const [i, a] of times.entries())
    for (const b of times.slice(i + 1)) {
      const apart = Math.abs(b.value - a.value);
      if (apart > 0 && apart % step === 0 && apart % newStep !== 0) return `${a.text} and ${b.text}`;
    }
  return null;
}

/** The interval of a schedule, right before its period: "tours leave every 30 minutes". */
const EVERY_BEFORE = /\bevery\s+$/i;

/** A period of minutes or hours in minutes, or null for another date. */
function minutesOf(d: Pick<DatePiece, 'key'>): number | null {
  const m = /^duration:(\d+) (minute|hour)$/.exec(d.key);
  return m ? Number(m[1]) * MINUTES_IN[m[2]!]! : null;
}

/**
 * Two times of day ("19:15 ... 19:30") or two calendar dates the answer
 * states (one of them may be the question's), outside the deadline's own
 * text at `at`, that the deadline is the difference of ("15 minutes before
 * the 19:30 start", "until 19:15"), as written ("19:15 and 19:30"), or null.
 * A reader subtracts them: the deadline moved alone no longer agrees with
 * them. Working days are not counted from the calendar; months vary in days.
 */
export function differenceOfStated(task: string, artifact: string, at: { start: number; end: number }, original: Pick<DatePiece, 'key'>): string | null {
  const m = /^duration:(\d+) (minute|hour|day|week)$/.exec(original.key);
  if (!m) return null;
  const [amount, unit] = [Number(m[1]), m[2]!];
  const outside = (p: { start: number; end: number }) => p.end <= at.start || p.start >= at.end;
  const pairOf = (answer: ReadonlyArray<{ text: string; value: number }>, asked: ReadonlyArray<{ text: string; value: number }>, length: number) => {
    for (const a of answer) {
      const b = [...answer, ...asked].find((other) => other !== a && Math.abs(a.value - other.value) === length);
      if (b) return a.value < b.value ? `${a.text} and ${b.text}` : `${b.text} and ${a.text}`;
    }
    return null;
  };
  if (unit in MINUTES_IN) {
    const times = (text: string, own: boolean) => clockTimes(text).filter((t) => !own || outside(t));
    return pairOf(times(artifact, true), times(task, false), amount * MINUTES_IN[unit]!);
  }
  const days = (text: string, own: boolean) =>
    findDates(text).flatMap((d) => {
      const day = dayNumber(d);
      return day !== null && (!own || outside(d)) ? [{ text: d.text, value: day }] : [];
    });
  return pairOf(days(artifact, true), days(task, false), amount * WHOLE_DAYS_IN[unit]!);
}
