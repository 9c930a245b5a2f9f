import { findDates, WEEKDAYS, weekdayIndexOf } from './dates.js';
import { CLOCK, calendarOf, findFigures } from './figures.js';

/**
 * The case's own intervals: a period an answer states that the question's
 * and the sentence's own dates, days and figures measure, not the evidence
 * ("The week starts 25 days from today", with the question's "Today is 10
 * July" and "starting Monday 4 August"; "Cancelling on 15 October is 19 days
 * before the 3 November start"; "180 whole days remaining (2 September to 28
 * February)"; "You have 7 months left", 5 months into a 12-month commitment;
 * "the client pays 55 days after the due date", due 45 days and paid 100 days
 * after the advance). Read as:
 *  - the days between two dates of the question and the sentence (a range the
 *    sentence writes, "2 September to 28 February", counts both ends);
 *  - the days of a range of weekdays the sentence writes ("Tuesday to
 *    Friday", both ends);
 *  - the hours between two times of day of the question and the sentence
 *    ("from 10:00 to 13:30": 3.5 hours);
 *  - the sum or difference of two periods the question states, or of one it
 *    states and another the sentence states, where the period is part of a
 *    thing the question names ("the first 4 days of your holiday").
 * Otherwise no period of a rule takes part: the mix-up of one rule's period
 * for another's is still flagged.
 */
export function measuredByCase(period: { value: number; kind: string; end?: number }, sentence: string, question: string): boolean {
  if (!(period.value > 0)) return false;
  if (period.kind === 'day' && Number.isInteger(period.value)) {
    if (daysBetweenDates(sentence, question).has(period.value)) return true;
    if (betweenWeekdays(sentence).has(period.value)) return true;
  }
  // The notice the question's case gives: "cancelling now gives 16 hours' notice" for a lesson "at 10am tomorrow" when "it's now
  // 6pm today" (unseen133's evidence-check false alarm). Only a lead known to the hour.
  const lead = period.kind === 'day' ? askedLeadTime(question) : undefined;
  if (lead !== undefined && lead.least === lead.most && Math.abs(lead.least - period.value) < 1e-6) return true;
  // Hours between two times of day of the question and the sentence: "from 10:00 to 13:30" is 3.5 hours.
  if (period.kind === 'day' && period.value < 1 && betweenTimes(sentence, question).some((days) => Math.abs(days - period.value) < 1e-6)) return true;
  if (period.kind !== 'day' && period.kind !== 'month') return false;
  const asked = findFigures(question).filter((f) => f.kind === period.kind);
  const close = (x: number) => Math.abs(x - period.value) < 1e-6;
  if (asked.some((a, i) => asked.some((b, j) => i !== j && a.value !== b.value && (close(a.value + b.value) || close(a.value - b.value))))) return true;
  // A period of the question's own case against another the sentence states: "avoid swimming for 2 weeks, so … the first 4 days
  // of your holiday" for a holiday 10 days after (unseen111's evidence-check false alarm). Only a period the sentence writes as part
  // of a thing the question names ("of your holiday"): another rule's period ("leave the wrapping on for 4 days") is still a mix-up.
  const ofCase = period.end === undefined ? undefined : PART_OF.exec(sentence.slice(period.end))?.[1];
  if (ofCase === undefined || !new RegExp(`\\b${ofCase}\\b`, 'i').test(question)) return false;
  const stated = findFigures(sentence).filter((f) => f.kind === period.kind && !close(f.value));
  return asked.some((a) => stated.some((b) => close(a.value + b.value) || close(Math.abs(a.value - b.value))));
}

/** A period's unit, then the thing it is part of: "[4] days of your holiday", "[2] weeks into the course". */
const PART_OF = /^[\s-]*[a-z]+\s+(?:of|into)\s+(?:your|the|their|our)\s+([a-z]+)\b/i;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Words that join a range's two ends: "2 September to 28 February", "Tuesday–Friday". */
const RANGE_WORDS = 'to|until|till|through|-|–|—';
const RANGE = new RegExp(`^\\s*(?:${RANGE_WORDS})\\s*(?:the\\s+)?$`, 'i');

/**
 * The whole days between any two dates of the question and the sentence that give a day ("starting on 2 March 2027",
 * "it's 1 February 2027 today": 29), and the length of a range the sentence writes, both ends counted.
 */
export function daysBetweenDates(sentence: string, question: string): Set<number> {
  const read = (text: string) =>
    findDates(text).flatMap((d) => {
      const c = calendarOf(d);
      return c?.day === undefined ? [] : [{ ...c, day: c.day, end: d.end, start: d.start, text }];
    });
  const dates = [...read(sentence), ...read(question)];
  const spans = new Set<number>();
  for (const a of dates) {
    for (const b of dates) {
      if (a === b) continue;
      // A date without a year is the next such day on or after the other: "2 September to 28 February" crosses a new year.
      const year = a.year ?? b.year ?? 2001;
      const from = Date.UTC(year, a.month - 1, a.day);
      let to = Date.UTC(b.year ?? year, b.month - 1, b.day);
      if (b.year === undefined && to < from) to = Date.UTC(year + 1, b.month - 1, b.day);
      const days = Math.round((to - from) / DAY_MS);
      if (days <= 0) continue;
      spans.add(days);
      if (a.text === sentence && b.text === sentence && b.start > a.end && RANGE.test(sentence.slice(a.end, b.start))) spans.add(days + 1);
    }
  }
  // A range whose first day borrows the last's month ("from 3 to 16 March 2026"): its days apart, and both ends counted.
  for (const b of read(sentence)) {
    const first = FIRST_DAY_OF_RANGE.exec(sentence.slice(0, b.start));
    const days = first ? b.day - Number(first[1]) : 0;
    if (days > 0) spans.add(days).add(days + 1);
  }
  return spans;
}

/** A day of the month alone, then a range word, right before a date: the "3 to" of "from 3 to 16 March". */
const FIRST_DAY_OF_RANGE = new RegExp(`\\b(?:from|between)\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:${RANGE_WORDS}|and)\\s*(?:the\\s+)?$`, 'i');

const WEEKDAY = new RegExp(`\\b(${WEEKDAYS.join('|')})\\b`, 'g');

/**
 * The days of a range of weekdays the sentence writes, both ends counted
 * ("Tuesday to Friday": 4). Not any two weekdays of the question: "Friday's
 * performance ... Saturday's" would make every 1-day period the case's.
 */
function betweenWeekdays(sentence: string): Set<number> {
  const spans = new Set<number>();
  const days = (text: string) => [...text.matchAll(WEEKDAY)].map((m) => ({ day: WEEKDAYS.indexOf(m[1]!), start: m.index, end: m.index + m[0].length }));
  const own = days(sentence);
  for (const [i, a] of own.entries()) {
    const b = own[i + 1];
    if (b && b.day > a.day && RANGE.test(sentence.slice(a.end, b.start))) spans.add(b.day - a.day + 1);
  }
  return spans;
}

/** The days (a fraction: hours) from one time of day of the question and the sentence to a later one the same day. */
function betweenTimes(sentence: string, question: string): number[] {
  const times = [...findFigures(sentence), ...findFigures(question)].filter((f) => f.kind === CLOCK).map((f) => f.value);
  return times.flatMap((a) => times.filter((b) => b > a).map((b) => (b - a) / 1440));
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_RANGE = new RegExp(`\\b(${MONTH_NAMES.join('|')})\\s*(?:to|until|till|through|-|–|—)\\s*(${MONTH_NAMES.join('|')})\\b`, 'g');

/**
 * Whether a month falls in a range of months the question writes ("my bills
 * for January to June": "January to March" and "April to June" are its
 * parts). A range that runs past December wraps to the new year.
 */
export function monthInAskedRange(month: number, question: string): boolean {
  for (const m of question.matchAll(MONTH_RANGE)) {
    const from = MONTH_NAMES.indexOf(m[1]!) + 1;
    const to = MONTH_NAMES.indexOf(m[2]!) + 1;
    if (from <= to ? month >= from && month <= to : month >= from || month <= to) return true;
  }
  return false;
}

/** The parts of a day a question may say it is, in minutes after midnight: "it's now Friday morning". */
const PART_OF_DAY: Readonly<Record<string, readonly [number, number]>> = {
  morning: [6 * 60, 12 * 60],
  lunchtime: [12 * 60, 14 * 60],
  afternoon: [12 * 60, 18 * 60],
  evening: [18 * 60, 23 * 60],
  night: [20 * 60, 24 * 60],
};
const PARTS_OF_DAY = new RegExp(`\\b(${Object.keys(PART_OF_DAY).join('|')})\\b`, 'i');
/** Words that make a clause of the question its present: "it's now Friday morning", "today is Thursday", "It's Thursday at 3pm". */
const NOW = new RegExp(`\\b(?:now(?!\\s+that\\b)|today|at the moment)\\b|\\bit(?:'s|’s|\\s+is)\\s+(?:${WEEKDAYS.join('|')})\\b`, 'i');
/** "Now" itself, which places the case's present over a "today" of another clause. */
const NOW_ITSELF = /\b(?:now(?!\s+that\b)|at the moment)\b/i;
/** A day named by its distance from today: "today", "tonight", "tomorrow". */
const RELATIVE_DAY = /\b(today|tonight|tomorrow)\b/gi;
/** What ends a clause of the question: a stop (not the one of "7.30pm"), comma or semicolon, or "and" between two clauses. */
const CLAUSE_END = /[,;?!]|\.(?=\s|$)|\s(?:and|but)\s/gi;

/**
 * How long the question's case leaves from now until the event it places on a weekday, in days, at the least and at
 * the most: "My Lantern Walk is at 7:30pm on Saturday and it's now Friday morning" leaves 31.5 to 37.5 hours. Read only
 * where the question names two days in clauses of their own, one of them now, each with a time of day or a part of
 * the day (or neither: the whole day). A day is a weekday, or today or tomorrow ("My lesson is at 10am tomorrow and
 * it's now 6pm today": 16 hours); tomorrow is the day after a weekday named now. A limit in hours or days the answer
 * measures that lead against ("less than 48 hours before your walk starts") keeps its side of it, as a reader works it
 * out (unseen126's readers, of 48 made 24: "Friday morning to 7:30pm Saturday is more than 24 hours").
 */
export function askedLeadTime(question: string): { least: number; most: number } | undefined {
  const bounds = [0, ...[...question.matchAll(CLAUSE_END)].map((m) => m.index), question.length];
  const clauseAround = (start: number, end: number) => question.slice(Math.max(...bounds.filter((b) => b <= start)), Math.min(...bounds.filter((b) => b >= end)));
  const moment = (start: number, end: number, day: { weekday: number } | { after: number }) => {
    const clause = clauseAround(start, end);
    const clock = findFigures(clause).find((f) => f.kind === CLOCK);
    const part = PARTS_OF_DAY.exec(clause)?.[1]?.toLowerCase();
    const [early, late] = clock ? [clock.value, clock.value] : part ? PART_OF_DAY[part]! : [0, 24 * 60];
    // "Today" places the case's present only where no clause says "now": "my lesson is today at 5pm and it's now 1pm".
    return { ...day, start, early, late, now: NOW.test(clause) && !('after' in day && day.after === 0 && !NOW_ITSELF.test(clause) && NOW_ITSELF.test(question)) };
  };
  const weekdays = findDates(question).filter((d) => d.form === 'weekday');
  // A clause that names its weekday places its day by it: "Today is Monday" is Monday.
  const relative = [...question.matchAll(RELATIVE_DAY)].filter((m) => !weekdays.some((d) => clauseAround(d.start, d.end) === clauseAround(m.index, m.index + m[0].length)));
  const moments = [
    ...weekdays.map((d) => moment(d.start, d.end, { weekday: weekdayIndexOf(d.key) ?? -1 })),
    ...relative.map((m) => moment(m.index, m.index + m[0].length, { after: m[1]!.toLowerCase() === 'tomorrow' ? 1 : 0 })),
  ];
  // A clause that says "now" with a time of day and no day is today: "I booked a fitting for 9am tomorrow ... It's now 10pm"
  // (unseen137's readers, of "12 hours before" made 8: "10pm to 9am is 11 hours").
  if (!moments.some((m) => m.now)) {
    const today = bounds.slice(1).flatMap((end, i) => {
      const clause = question.slice(bounds[i]!, end);
      const timed = findFigures(clause).some((f) => f.kind === CLOCK) || PARTS_OF_DAY.test(clause);
      return NOW_ITSELF.test(clause) && timed && !moments.some((m) => m.start >= bounds[i]! && m.start < end) ? [moment(bounds[i]!, end, { after: 0 })] : [];
    });
    if (today.length === 1) moments.push(today[0]!);
  }
  const now = moments.filter((m) => m.now);
  const events = moments.filter((m) => !m.now);
  if (moments.length !== 2 || now.length !== 1 || events.length !== 1) return undefined;
  const [from, until] = [now[0]!, events[0]!];
  // Days from now to the event: between two weekdays, or by the event's days after today (today being the day named now).
  const days = 'after' in until ? until.after - ('after' in from ? from.after : 0) : 'weekday' in from && from.weekday >= 0 && until.weekday >= 0 ? (until.weekday - from.weekday + 7) % 7 : -1;
  if (days < 0) return undefined;
  const least = (days * 24 * 60 + until.early - from.late) / (24 * 60);
  const most = (days * 24 * 60 + until.late - from.early) / (24 * 60);
  return least >= 0 ? { least, most } : undefined;
}
