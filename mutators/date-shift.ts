import { brokenRelation } from '../src/text/relations.js';
import { replacedInSentence, sentenceAround, splitSentences } from '../src/text/claims.js';
import { CONSEQUENCE } from '../src/text/discourse.js';
import { type DatePiece, findDates, isWeekendKey, MONTHS, WEEKDAYS, weekdayIndexOf, weekdayOf } from '../src/text/dates.js';
import { calendarOf, findFigures, inDateArithmetic, lengthOf } from '../src/text/figures.js';
import { writtenEquations } from '../src/text/equations.js';
import type { Figure } from '../src/text/figure.js';
import { statesDate, statesDateAt } from '../src/text/mismatches.js';
import { differenceOfStated, leftYearSpan, outrunTerm, passedPeriod, scheduleOutOfStep } from '../src/text/periods.js';
import { askedLeadTime, daysBetweenDates, measuredByCase } from '../src/text/spans.js';
import { countOfDuration, findQuantities, joinedAsRange, keepsOrder, keepsPairedOrder, mentionedAgain, type Quantity, unconventionalPeriod } from '../src/text/quantities.js';
import { HOURS_IN } from '../src/text/units.js';
import { ratePeriodAfter, rateFactor } from '../src/text/rates.js';
import { isCurrencySign } from '../src/text/currency.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Moves one date or deadline by a plausible step, written exactly as before
 * (order, separators, zero padding, a weekday moved with its date; a deadline
 * to a neighbouring usual length of its unit, a period of whole weeks in days
 * to another whole number of weeks). The only mutator that touches
 * dates: number-flip and entity-swap leave them alone. The answer stays
 * consistent with itself and with the question: a date it mentions twice or
 * the question states is left alone, a shift
 * never lands on another date of the answer nor passes one (a start stays
 * before its end), and a calendar date does not move beside a weekday the
 * sentence names apart from it ("Sunday ... 1 May"). A date or period of a
 * sum the answer lets a reader do ("6 months from 14 January ... until 14
 * July": inDateArithmetic) is left alone: moved alone, the reader redoes it.
 * A lone month that is the month of a date stated is left alone, a weekday
 * keeps its side of the weekend, and Christmas Day and Boxing Day keep their
 * day.
 */
export const dateShift: TextMutator = {
  name: 'date-shift',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    const text = fixture.artifact;
    const dates = findDates(text);
    // A date the question states (or a month or year of one) is restated, not looked up: moving it contradicts the question.
    const askedDates = findDates(fixture.task);
    const asked = new Set(askedDates.map((d) => d.key));
    const lead = askedLeadTime(fixture.task);
    for (const date of dates) {
      if (
        !date.possible ||
        statesDate(asked, date.key) ||
        dates.some((other) => other !== date && other.key === date.key) ||
        besideLoneWeekday(text, dates, date) ||
        namesALaw(text, date) ||
        namesADay(text, date) ||
        namesPeriodAgain(text, date) ||
        lastsRatePeriod(text, date) ||
        countWrittenAgain(text, date) ||
        lengthWrittenAgain(text, dates, date) ||
        periodInSum(text, fixture.task, date) ||
        countInWrittenSum(text, date) ||
        ruleOfDaysWorkedOut(text, dates, date) ||
        inEvenSeries(text, dates, date) ||
        continuesDate(text, dates, date) ||
        boundsWeekdays(text, date) ||
        boundsWholeMonths(text, dates, date) ||
        wholeMonthsFromAsked(askedDates, date) ||
        restatesMonth(date, [...dates, ...askedDates]) ||
        besideNextMonth(text, dates, date) ||
        inDateArithmetic(text, fixture.task, date.start, date.end)
      )
        continue;
      const measured = measuredSpans(fixture.task, text, date);
      // A holiday the answer or question names keeps its day and month; its year may move ("Christmas Day, 25 December 2027").
      const holiday = isNamedHoliday(`${fixture.task} ${text}`, date) || isKnownByItsDay(date);
      for (const replacement of date.shifts()) {
        const candidate: MutationCandidate = { start: date.start, end: date.end, replacement };
        const shifted = shiftedDate(text, candidate);
        if (!shifted || !keepsFigures(text, date, shifted) || !keepsDayRange(text, date, shifted) || !keepsCountRange(text, date, replacement) || !keepsMixedRange(text, date, shifted)) continue;
        if (monthMoveClashes(text, fixture.task, date, shifted, [...dates, ...askedDates])) continue;
        if (holiday && !sameDayOfYear(date, shifted)) continue;
        if (measured && !sameDays(measured, daysBetweenDates(replacedInSentence(text, candidate.start, candidate.end, replacement).replaced, fixture.task))) continue;
        if (lead && !keepsLeadSide(lead, date, shifted)) continue;
        // A weekday keeps its side of the weekend, and its other neighbour is still offered: readers take the working week and
        // the weekend as a domain's pattern wherever it shows ("the weekday window, or the Saturday window" never gets a "Friday
        // window"; a juniors' "Saturdays, 10am to 11am" made Fridays falls in school hours, unseen46's and unseen49's readers) and
        // where it does not: a workshop's "collections on Mondays" made Sundays is "unlikely for a small workshop" (unseen140's).
        if (date.form === 'weekday' && isWeekendKey(date.key) !== isWeekendKey(shifted.key)) continue;
        // A day with its year, where its sentence speaks of weekends: "three weekends between 3 and 18 October 2026" never
        // ends on Monday the 19th (unseen132's readers). Off the weekend only ("weekend tickets ... the sale ends on 31 March" may
        // end on a Saturday), and not for working days alone: terms "in force since 1 September" may date a Saturday.
        if (date.form !== 'weekday' && onWeekend(date) === true && onWeekend(shifted) === false && NAMES_WEEKEND.test(sentenceAround(text, date.start, date.end)?.text ?? '')) continue;
        // A weekend's days run from Friday to Monday: "a weekend hire ... Friday afternoon through to Monday morning" never starts on a Thursday (unseen39's readers).
        if (date.form === 'weekday' && touchesWeekend(date.key) !== touchesWeekend(shifted.key) && NAMES_WEEKEND.test(`${text}\n${fixture.task}`)) continue;
        // A weekday named beside the day before or after it in its sentence keeps that neighbour: "For a Saturday wedding
        // you can also book a set-up slot on the Friday" never gets a Sunday wedding (unseen52's readers).
        if (date.form === 'weekday' && losesNeighbour(text, dates, date, shifted)) continue;
        // Saturday beside the working week continues it: "on weekdays and from 9am to 1pm on Saturdays" never skips to Sundays
        // (unseen131's readers: "weekdays and Sundays but skip Saturday").
        if (date.form === 'weekday' && weekdayIndexOf(date.key) === SATURDAY && NAMES_WORKING_WEEK.test(sentenceAround(text, date.start, date.end)?.text ?? '')) continue;
        // The question's dates too: a rule "from 15 May 2028" no longer covers the June 2027 flight asked about.
        if (![...dates, ...askedDates].every((other) => other === date || keepsSide(other, date, shifted))) continue;
        // Where the question dates the case, the year is anchored by it: a year later reads as a slip of the calendar, not of the source.
        if (askedDates.length && yearOf(shifted) !== yearOf(date)) continue;
        if (movedAYear(date, shifted) && dates.some((other) => other !== date && sharesYearOrDay(other, date))) continue;
        yield candidate;
      }
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const original = findDates(fixture.artifact).find((d) => d.start === candidate.start && d.end === candidate.end);
    const shifted = shiftedDate(fixture.artifact, candidate);
    if (!original || !shifted) return 'the span holds no date';
    const context = contextReason(fixture.task, fixture.artifact, candidate, original, shifted);
    if (context) return context;
    // As the critic reads this date (src/text/mismatches.ts), in the sentence and answer as they were and as mutated: stated, or a date moved by a period the answer writes.
    const { sentence, at, replaced, replacedText } = replacedInSentence(fixture.artifact, candidate.start, candidate.end, candidate.replacement);
    if (!statesDateAt(sentence, at, support, fixture.artifact)) return 'the original date is not stated in the supporting evidence or the task';
    if (statesDateAt(replaced, at, support, replacedText))
      return 'the new date is also stated in the supporting evidence or the task, worked out from dates and periods the answer writes, or part of an example it gives';
    // Read without the evidence, the answer must still agree with itself: its sums, products, shares and comparisons hold.
    return brokenRelation(fixture.artifact, fixture.task, candidate.start, candidate.end, candidate.replacement);
  },
};

/** A period counted back from an event: "48 hours before", "3 days in advance", "a week's notice". */
const BEFORE_THE_EVENT = /\b(?:before|ahead|prior|in\s+advance|notice)\b/i;

/**
 * Whether a period in days or hours keeps its side of the time the question leaves until its event ("it's now Friday
 * morning", the walk "at 7:30pm on Saturday": 31.5 to 37.5 hours): "less than 48 hours before your walk starts" never
 * becomes 24 (src/text/spans.ts, askedLeadTime). A period the lead straddles has no side to keep.
 */
function keepsLeadSide(lead: { least: number; most: number }, date: DatePiece, shifted: DatePiece): boolean {
  const [before, after] = [lengthOf(date), lengthOf(shifted)];
  // Only a notice before the event is measured against the lead: "refunds reach your card within 24 hours" is not.
  if (before?.kind !== 'day' || after?.kind !== 'day' || !BEFORE_THE_EVENT.test(date.text)) return true;
  const side = (days: number) => (lead.most < days ? 'under' : lead.least > days ? 'over' : 'within');
  return side(before.value) === 'within' || side(before.value) === side(after.value);
}

/**
 * Why the shift would read as tampered with by the question and answer
 * alone, or null: the date leaves a year span they name ("2025/26"), or the
 * term their dates fitted in ("42 weeks"), or a period passes another they
 * state ("within 12 weeks" for a "three-month plan" it should cover).
 */
function contextReason(task: string, artifact: string, at: MutationCandidate, original: DatePiece, shifted: DatePiece): string | null {
  const length = /^duration:(\d+) (week|month)$/.exec(shifted.key);
  if (length && unconventionalPeriod(Number(length[1]), length[2]!)) return UNCONVENTIONAL_PERIOD;
  const times = differenceOfStated(task, artifact, at, original);
  if (times) return `${DIFFERENCE_OF_STATED} (${times})`;
  const departures = scheduleOutOfStep(artifact, at, original, shifted);
  if (departures) return `${SCHEDULE_OUT_OF_STEP} (${departures})`;
  const [before, after] = [weekdayIn(original), weekdayIn(shifted)];
  if (before !== undefined && after !== before) {
    const named = writtenWeekday(original) === undefined ? [] : [...weekdaysNamed(artifact, at), ...weekdaysNamed(task)];
    if (named.includes(before) || calendarTiesWeekday(artifact, at, original)) return WEEKDAY_NAMED_AGAIN;
    if (after !== undefined && named.includes(after)) return NEW_WEEKDAY_NAMED;
  }
  const span = leftYearSpan(task, artifact, at, original, shifted);
  if (span) return `the new date and "${span}", which the question or answer names, no longer fit: a date falls outside its year span`;
  const term = outrunTerm(task, artifact, at, original, shifted);
  if (term) return `the new date stretches the answer's dates past the period "${term}" they fitted in`;
  const period = passedPeriod(task, artifact, at, original, shifted);
  if (period) return `the new period passes "${period}", which the question or answer states: the original was on its other side`;
  return null;
}

/** The working week named as one: "on weekdays", "Monday to Friday", "Mon–Fri". */
const NAMES_WORKING_WEEK = /\bweek-?days\b|\bMon(?:day)?s?\s*(?:to|through|until|[–-])\s*Fri(?:day)?s?\b/i;
/** Saturday's index in WEEKDAYS, the day after the working week. */
const SATURDAY = WEEKDAYS.indexOf('Saturday');

/** A weekend named: "a weekend hire", "at weekends". */
const NAMES_WEEKEND = /\bweek-?ends?\b/i;

/**
 * Whether another weekday of the date's sentence, one of the two named as a particular day ("on the Friday"), is the
 * day before or after it, and is not once the date is shifted. Two days of a weekly rule ("on Wednesdays and
 * Thursdays") are not bound so.
 */
function losesNeighbour(text: string, dates: readonly DatePiece[], date: DatePiece, shifted: DatePiece): boolean {
  const sentence = sentenceAround(text, date.start, date.end);
  if (!sentence) return false;
  const particular = (d: DatePiece) => /\b(?:the|that)\s+$/i.test(text.slice(Math.max(0, d.start - 5), d.start));
  const dayOf = (key: string) => weekdayIndexOf(key) ?? Number.NaN;
  // The nights of a weekend said as one pair ("On Friday and Saturday evenings"): unseen59's readers, of "Thursday and
  // Saturday", "an odd pairing (Friday and Saturday would be expected)". Days paired for anything else ("Wednesdays and
  // Thursdays", "closed on Saturday and Sunday") are any two.
  const ofAWeekend = (d: DatePiece) => [4, 5, 6].includes(dayOf(d.key));
  const weekendNights = (a: DatePiece, b: DatePiece) => {
    const [first, second] = a.start < b.start ? [a, b] : [b, a];
    return ofAWeekend(a) && ofAWeekend(b) && /^\s*(?:and|or|&)\s*$/i.test(text.slice(first.end, second.start)) && NIGHTS_AFTER.test(text.slice(second.end));
  };
  const adjacent = (a: number, b: number) => (a - b + 7) % 7 === 1 || (b - a + 7) % 7 === 1;
  return dates.some(
    (other) =>
      other !== date &&
      other.form === 'weekday' &&
      other.start >= sentence.start &&
      other.end <= sentence.end &&
      (particular(other) || particular(date) || weekendNights(other, date)) &&
      adjacent(dayOf(other.key), dayOf(date.key)) &&
      !adjacent(dayOf(other.key), dayOf(shifted.key)),
  );
}

/** The evenings or nights a pair of days is said of: "Friday and Saturday evenings", "Friday and Saturday nights". */
const NIGHTS_AFTER = /^(?:['’]s)?\s+(?:evenings?|nights?)\b/i;

/** Whether a weekday's key is a day a weekend's stay or hire runs over: Friday to Monday. */
function touchesWeekend(key: string): boolean {
  return [0, 4, 5, 6].includes(weekdayIndexOf(key) ?? -1);
}

/** Why a deadline moved to an unusual length is refused, as the ignored list gives it. */
export const UNCONVENTIONAL_PERIOD =
  'the new period is a length documents do not write for its unit (months: 1, 2, 3, 6, 12, 18, 24, 36; weeks: 1, 2, 3, 4, 6, 8, 12) where a conventional one was at hand: "within 9 months" reads as an altered 6';

/** Why a period two stated times or dates fix is not moved, as the ignored list gives it (the two follow in brackets). */
export const DIFFERENCE_OF_STATED =
  'the period is the difference between two times of day or two dates the answer states ("until 19:15, which is 15 minutes before the 19:30 start"): moved alone, a reader subtracts and sees it';

/** Why a schedule's interval is not moved out of step with its times, as the ignored list gives it (the two follow in brackets). */
export const SCHEDULE_OUT_OF_STEP =
  'the period is the interval of a schedule whose times the sentence states ("every 30 minutes from 10:00 ... the last one at 16:30"): moved, the departures no longer reach the last time';

/** Why a weekday the answer names again is not moved, as the ignored list gives it. */
export const WEEKDAY_NAMED_AGAIN =
  'the weekday is named again by the answer or the question, alone or with its calendar date ("the Thursday 28 May show ... Thursday seats"): the date fixes it, and moved in one place the answer disagrees with itself';

/** Why a weekday is not moved onto another the answer names, as the ignored list gives it. */
export const NEW_WEEKDAY_NAMED = 'the new weekday is one the answer or the question already names for another day ("your Friday show"): two days of the answer read as one';

/** The weekday a date names (Monday 0): a lone weekday ("Thursday", "Thursdays") or one written with its date ("Thursday 28 May"). */
function weekdayIn(date: Pick<DatePiece, 'form' | 'key' | 'text'>): number | undefined {
  const written = writtenWeekday(date);
  if (written !== undefined) return written;
  // A day with its year falls on a weekday a reader can work out: "held on Tuesday evenings ... starts on 14 April 2026"
  // (unseen134's readers, of Tuesday made Monday: "14 April 2026 is a Tuesday, but the answer says ... Monday evenings").
  const day = calendarOf(date);
  return day?.year !== undefined && day.day !== undefined ? weekdayOf({ year: day.year, month: day.month, day: day.day }) : undefined;
}

/** The weekday a date writes in words ("every Monday", "Thursday 28 May"), or undefined. */
function writtenWeekday(date: Pick<DatePiece, 'form' | 'key' | 'text'>): number | undefined {
  if (date.form === 'weekday') return weekdayIndexOf(date.key);
  const index = WEEKDAYS.findIndex((w) => date.text.startsWith(w));
  return index < 0 ? undefined : index;
}

/**
 * Whether the calendar ties a weekday alone to a day with its year beside it, the two agreeing: "held on Tuesday evenings
 * ... The next course starts on 14 April 2026", a Tuesday (unseen134's readers, of the Tuesday made Monday: "14 April 2026
 * is a Tuesday, but the answer says the sessions are on Monday evenings"). Each is read against the other in its sentence
 * and those either side, in either order. A day moved onto a weekday named beside it says nothing of that weekday, and
 * is left to the other checks.
 */
function calendarTiesWeekday(artifact: string, at: { start: number; end: number }, original: DatePiece): boolean {
  const sentences = splitSentences(artifact);
  const i = sentences.findIndex((s) => s.start <= at.start && at.end <= s.end);
  if (i < 0) return false;
  const alone = original.form === 'weekday';
  const from = sentences[Math.max(0, i - 1)]!.start;
  const to = sentences[Math.min(sentences.length - 1, i + 1)]!.end;
  const weekday = weekdayIn(original);
  return findDates(artifact.slice(from, to)).some((d) => {
    if (from + d.start < at.end && at.start < from + d.end) return false;
    const other = alone ? d.form !== 'weekday' && writtenWeekday(d) === undefined : d.form === 'weekday';
    return other && weekdayIn(d) === weekday;
  });
}

/** Whether a weekday, or a day with its year, falls on a weekend; undefined for a date that fixes no weekday. */
function onWeekend(date: Pick<DatePiece, 'form' | 'key' | 'text'>): boolean | undefined {
  const weekday = weekdayIn(date);
  return weekday === undefined ? undefined : weekday >= 5;
}

/** The weekdays a text names, alone or with their dates, but for any inside `except`. */
function weekdaysNamed(text: string, except?: { start: number; end: number }): number[] {
  return findDates(text).flatMap((d) => {
    if (except && d.start < except.end && except.start < d.end) return [];
    const w = writtenWeekday(d);
    return w === undefined ? [] : [w];
  });
}

/** A date written with its weekday: "Saturday 7 March", "Sat 7 March". */
const WEEKDAY_NAMED = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s/i;

/** The year a calendar date names, if it names one. */
function yearOf(date: DatePiece): string | undefined {
  return /^(\d{4})(?:-|$)/.exec(date.key)?.[1];
}

/**
 * Whether a shift moves a date a year on (movedAYear), and whether another
 * date of the answer states this date's year, or its day and month ("from 19 to 21 March 2026 ... a matinee on Saturday 21 March"): the
 * answer's dates are then read in one year, and one moved a year on stands
 * apart from them ("enrol by 8 September 2025 ... told by 10 September
 * 2026"; a Saturday that is a Sunday in the new year), which unseen27's
 * readers saw without the evidence.
 */
function movedAYear(date: DatePiece, shifted: DatePiece): boolean {
  const [from, to] = [calendarParts(date), calendarParts(shifted)];
  // The same day and month in another year: a day moved across New Year ("31 December 2025" to "1 January 2026") is a day's shift.
  return yearOf(shifted) !== yearOf(date) && from !== null && to !== null && from[1] === to[1] && from[2] === to[2];
}

function sharesYearOrDay(other: DatePiece, date: DatePiece): boolean {
  const [theirs, ours] = [calendarParts(other), calendarParts(date)];
  if (!theirs || !ours) return false;
  // A day of the same month written without its year is read in the date's year ("Thursday 6 August 2026 ... Wednesday
  // 5 August": unseen40's readers, of the first made "Friday 6 August 2027", "if Friday is 6 August, Wednesday is 4 August"),
  // and so is one of any month that names its weekday, a day of one year ("book by 20 February 2026 ... starts on Saturday
  // 7 March": unseen69's readers, of the first made 2027, "falls after the course start"). A yearless date with no weekday
  // may recur every year ("the financial year, which ends on 31 March").
  const undated = yearOf(other) === undefined && theirs.length === 3;
  const sameMonthUndated = undated && theirs[1] === ours[1];
  const weekdayUndated = undated && WEEKDAY_NAMED.test(other.text);
  return (yearOf(other) !== undefined && yearOf(other) === yearOf(date)) || (theirs.length === 3 && theirs[1] === ours[1] && theirs[2] === ours[2]) || sameMonthUndated || weekdayUndated;
}

/**
 * A lone month that is the month of a calendar date the answer or question
 * states ("arriving on 28 December ... in December the lifts run until
 * 16:45"): it restates that date's month, and moved it no longer agrees.
 */
function restatesMonth(date: DatePiece, others: readonly DatePiece[]): boolean {
  if (date.form !== 'month') return false;
  const month = Number(/^month:(\d+)$/.exec(date.key)?.[1]);
  return others.some((other) => other !== date && calendarParts(other)?.[1] === month);
}

/** A year that is part of a name ("the Housing Act 1988"): a citation, not a date of the answer. */
function namesALaw(text: string, date: DatePiece): boolean {
  return (
    date.form === 'year' && /\b[A-Z][a-z]+\s$/.test(text.slice(Math.max(0, date.start - 20), date.start)) && !/(?:^|[.!?]\s+)[A-Z][a-z]+\s$/.test(text.slice(Math.max(0, date.start - 20), date.start))
  );
}

/** A period's own figure, with a unit (none for a date of another form), and the text's figures. */
function periodFigure(text: string, date: DatePiece): { figures: Figure[]; own: Figure | undefined } {
  if (date.form !== 'duration') return { figures: [], own: undefined };
  const figures = findFigures(text);
  const own = figures.find((f) => f.start >= date.start && f.end <= date.end);
  return { figures, own: own && own.kind !== '' ? own : undefined };
}

/**
 * A period the answer also writes as the length of a thing ("the Hollybrook Two-Year Promise ... die within two
 * years", "a 6-month warranty ... claims within 6 months"): one period written twice, so moving one mention leaves the
 * other contradicting it. unseen31's readers, of "within three years" there: "a Two-Year Promise that covers three
 * years contradicts itself".
 */
function namesPeriodAgain(text: string, date: DatePiece): boolean {
  const { figures, own } = periodFigure(text, date);
  if (!own) return false;
  return figures.some((f) => (f.end <= date.start || f.start >= date.end) && f.kind === own.kind && f.value === own.value && /^-[a-z]/i.test(text.slice(f.end, f.end + 2)));
}

/** Words that make a period a deadline or a bound, not the length of a thing: before it ("within 24 hours"), or after it ("24 hours before pickup"; not "12 months after you sign up", a term from its start). */
const DEADLINE_AFTER = /^\s*[a-z]*\s*(?:before|ahead|in advance|prior|beforehand|earlier)\b/i;
const DEADLINE_BEFORE = /\b(?:within|in|before|after|by|no later than|at least|up to|under|over)\s+$/i;

/**
 * A period exactly one period of a rate the answer charges ("£15 a year ... Your membership lasts for 12 months"): the
 * term the rate is for, said twice, so a moved length reads against the rate (unseen94's readers, of "lasts for 24
 * months": "the rate is given as £15 a year, which contradicts it").
 */
function lastsRatePeriod(text: string, date: DatePiece): boolean {
  const { figures, own } = periodFigure(text, date);
  // A deadline is no term: "report it within 24 hours", "cancel 24 hours before pickup" beside "Theft Cover, which costs €3 a day".
  if (!own || DEADLINE_BEFORE.test(text.slice(0, own.start)) || DEADLINE_AFTER.test(text.slice(own.end))) return false;
  const onePeriod = (period: string | undefined) => period !== undefined && (period === own.kind ? own.value === 1 : rateFactor(own.kind, period) === own.value);
  return figures.some((f) => isCurrencySign(f.kind) && onePeriod(ratePeriodAfter(text, f.end)));
}

/**
 * A period whose count the answer writes again for the same unit ("between 14 and 28 days before arrival … less than
 * 14 days from arrival"): one boundary of two bands, written twice, so moving one mention leaves a gap between the
 * bands (unseen45's readers: "7–14 days is never covered, so a threshold looks altered").
 */
function countWrittenAgain(text: string, date: DatePiece): boolean {
  if (date.form !== 'duration') return false;
  const quantities = findQuantities(text);
  const q = quantities.find((x) => date.start <= x.number.start && x.number.end <= date.end);
  return q !== undefined && mentionedAgain(text, quantities, q);
}

/**
 * A period whose length its sentence or a neighbour states again in another unit ("Ground coffee should be used within
 * 2 weeks" before "less than 250g in 14 days"): the answer converted one into the other, so moved alone the two no longer
 * agree (unseen135's readers, of 14 days made 21: "breaks the weeks-based framing; 2 weeks/14 days would match"). Not
 * sentences apart: "due two weeks before delivery" and a cancellation "within 14 days" two sentences on are two rules. In
 * the same unit the count is written again, which countWrittenAgain reads.
 */
function lengthWrittenAgain(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  const own = lengthOf(date);
  if (own === null) return false;
  const sentences = splitSentences(text);
  const sentenceOf = (d: DatePiece) => sentences.findIndex((s) => s.start <= d.start && d.end <= s.end);
  return dates.some((other) => {
    const length = other.key === date.key ? null : lengthOf(other);
    return length !== null && length.kind === own.kind && length.value === own.value && Math.abs(sentenceOf(other) - sentenceOf(date)) <= 1;
  });
}

/**
 * A period that adds up with another of the answer's, in its unit, to one the question states, or with the question's
 * to one the answer states: "ready for 70 days" of the question, "free for the first 60 days ... You're 10 days past that
 * point" (unseen136's readers, of 60 made 30: "70 days minus the 30 free days is 40 days, not 10"). Moved alone, the sum
 * no longer holds. The answer's periods alone are not read: "at least 15 working days before" beside "within 5" and "10
 * consecutive working days" add up by chance.
 */
function periodInSum(text: string, task: string, date: DatePiece): boolean {
  if (date.form !== 'duration') return false;
  const quantities = findQuantities(text);
  const q = quantities.find((x) => date.start <= x.number.start && x.number.end <= date.end);
  if (q === undefined) return false;
  const ofUnit = (list: readonly Quantity[]) => list.filter((o) => o !== q && o.unit === q.unit).map((o) => o.number.value);
  const [answered, asked, x] = [ofUnit(quantities), ofUnit(findQuantities(task)), q.number.value];
  return asked.some((a) => answered.some((b) => x + b === a || x + a === b || a + b === x));
}

/**
 * A period whose count its sentence multiplies in a sum it writes out ("Kestrel bills every 4 weeks in advance, so your
 * first payment would be 4 × £41, which is £164"): moved alone, the sum no longer counts the period (unseen121's
 * readers: "it says billing is every 3 weeks in advance, then works out the first payment as 4 × £41").
 */
function countInWrittenSum(text: string, date: DatePiece): boolean {
  if (date.form !== 'duration') return false;
  const q = findQuantities(text).find((x) => date.start <= x.number.start && x.number.end <= date.end);
  const sentence = sentenceAround(text, date.start, date.end);
  if (q === undefined || sentence === undefined) return false;
  // In the period's own sentence: "3 weeks from drop-off" is not the count of "three mugs (3 × £5)" a sentence before.
  const own = text.slice(sentence.start, sentence.end);
  return writtenEquations(own, findFigures(own)).some((e) => e.counts.some((f) => f.value === q.number.value));
}

/**
 * A weekday of a sentence that names weekdays on both sides of a consequence (", so", "which means"): the days after
 * it are worked out from the days before ("Saturdays don't count, so that takes you to Monday and then Tuesday"; "We
 * are closed on Sundays, so call on Monday"), and any one moved alone no longer follows from the others. unseen31's readers, of
 * "Sundays" there: "2 working days from Friday would be Saturday then Monday".
 */
function ruleOfDaysWorkedOut(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  if (date.form !== 'weekday') return false;
  const sentence = sentenceAround(text, date.start, date.end);
  if (sentence === undefined) return false;
  const weekdays = dates.filter((d) => d.form === 'weekday' && d.start >= sentence.start && d.end <= sentence.end);
  // Either side of the consequence: the rule's day, and the days worked out from it ("Monday and then Tuesday").
  return [...text.slice(sentence.start, sentence.end).matchAll(CONSEQUENCE)].some(({ index }) => {
    const at = sentence.start + index;
    return weekdays.some((d) => d.end <= at) && weekdays.some((d) => d.start >= at);
  });
}

/**
 * Whether a lone month is joined to the month before or after it ("In July and August", "June or July"): a season named by
 * its months, which a shift leaves with a gap (unseen83's readers, of "June and August": "skips July").
 */
function besideNextMonth(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  if (date.form !== 'month') return false;
  const month = Number(date.key.split(':')[1]);
  const joined = (a: DatePiece, b: DatePiece) => /^\s*(?:,|and|or|&)\s*$/i.test(text.slice(a.end, b.start));
  return dates.some((other) => {
    if (other === date || other.form !== 'month') return false;
    const gap = Math.abs(Number(other.key.split(':')[1]) - month);
    return (gap === 1 || gap === 11) && (joined(date, other) || joined(other, date));
  });
}

/**
 * Whether the date is one of three the answer gives a week or a fortnight apart, evenly ("the weeks of 27 July and
 * 3 August ... the week starting 10 August"): moved alone, it breaks the series a reader sees (unseen59's readers, of 3
 * August made 2 and 4 August: "weekly courses starting 27 July and 10 August imply a middle week starting 3 August").
 * Or one of two a week or a fortnight apart where the answer names the recurrence ("every other Tuesday ... on 3 March
 * and 17 March": unseen88's readers, of 2 March, "15 days apart, so they cannot both be Tuesdays"). Dates further apart
 * ("starts on 5 January and ends on 30 March, with half-term on 16 February") are no series.
 */
function inEvenSeries(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  const epochDay = epochDayIn(dates);
  const own = epochDay(date);
  if (own === undefined) return false;
  const others = dates
    .filter((d) => d !== date)
    .map(epochDay)
    .filter((d): d is number => d !== undefined);
  const evenly = (a: number, b: number) => {
    const [first = 0, middle = 0, last = 0] = [own, a, b].sort((x, y) => x - y);
    const gap = middle - first;
    return (gap === 7 || gap === 14) && last - middle === gap;
  };
  const recurs = RECURRENCE.test(text) && others.some((a) => Math.abs(a - own) === 7 || Math.abs(a - own) === 14);
  return recurs || others.some((a, i) => others.some((b, j) => i < j && evenly(a, b)));
}

/** A recurrence a week or a fortnight long: "every other Tuesday", "every week", "fortnightly", "on alternate Mondays". */
const RECURRENCE = new RegExp(`\\b(?:every\\s+(?:other\\s+|second\\s+)?(?:week|fortnight|${WEEKDAYS.join('|')})|(?:weekly|fortnightly)|alternate\\s+(?:${WEEKDAYS.join('|')})s?)\\b`, 'i');

/**
 * A calendar date's day since the epoch, undefined for a date without its day. A date without a year is read in the year
 * the answer's dates give, or any one year: a series or a run of periods is within its own calendar.
 */
function epochDayIn(dates: readonly DatePiece[]): (d: DatePiece) => number | undefined {
  const year = dates.map((d) => calendarOf(d)?.year).find((y) => y !== undefined) ?? 2001;
  return (d) => {
    const c = calendarOf(d);
    return c?.day === undefined ? undefined : Date.UTC(c.year ?? year, c.month - 1, c.day) / 86_400_000;
  };
}

/** Words that end a period just before its last date ("to 30 June", "by 30 June") and start one before its first ("From 1 July"). */
const ENDS_PERIOD = /\b(?:to|until|till|through|by|ends?\s+on|closes?\s+on|no\s+later\s+than|on\s+or\s+before)\s+(?:the\s+)?$/i;
/** The end of a range opened by "between": "Between November and March". */
const BETWEEN_END = /\bbetween\s+\S+(?:\s+\S+){0,2}?\s+and\s+$/i;
/** The day of the month before the last item of a list, and the word that joins them: "25 and 26 December", "24, 25 & 26 December". */
const LIST_END = /\b(\d{1,2})\s*(?:and|&)\s+$/i;
const STARTS_PERIOD = /\b(?:from|between|after|starting(?:\s+on)?|beginning(?:\s+on)?|as\s+of|on\s+or\s+after)\s+(?:the\s+)?$/i;

/**
 * Whether the date ends a period and another date of the answer, the next day, starts the next one, or the other way
 * round ("the 1 May to 30 June 2026 window ... From 1 July 2026 no refund is given"), or a month and the next so
 * ("From April to October ... From November to March"). Moved alone, either leaves a day in neither period or in both
 * (unseen78's readers, of "From 2 July": "1 July isn't covered by either rule"; unseen91's, of "November to February":
 * "March is covered by neither"). Two days next to each other in any other way ("Thursday 6 August; early entry on
 * Wednesday 5 August") are not bound so.
 */
function continuesDate(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  const epochDay = epochDayIn(dates);
  const own = epochDay(date);
  const before = (d: DatePiece) => text.slice(Math.max(0, d.start - 16), d.start);
  // A year's last day and a first of January, either without its year, are next to each other across the new year.
  const newYear = (end: DatePiece, start: DatePiece) => {
    const [a, b] = [calendarOf(end), calendarOf(start)];
    return a?.month === 12 && a.day === 31 && b?.month === 1 && b.day === 1 && (a.year === undefined || b.year === undefined || b.year === a.year + 1);
  };
  const nextDay = (end: DatePiece, start: DatePiece) => (epochDay(start) ?? Number.NaN) - (epochDay(end) ?? Number.NaN) === 1 || newYear(end, start);
  // Seasons of whole months join the same way, across the new year too ("From April to October ... From November to March").
  const monthOf = (d: DatePiece) => {
    const calendar = calendarOf(d);
    return calendar && calendar.day === undefined ? calendar.month : Number.NaN;
  };
  const nextMonth = (end: DatePiece, start: DatePiece) => (monthOf(start) - monthOf(end) + 12) % 12 === 1;
  // The last of a run of days ends its period too, the day before it written last but one: "closed on 25 and 26 December ... from
  // 27 December" (unseen92's readers); not a list of days apart ("on 3 and 10 May ... from 11 May", a review).
  const ends = (end: DatePiece) => {
    const previous = LIST_END.exec(before(end))?.[1];
    const day = calendarOf(end)?.day;
    return ENDS_PERIOD.test(before(end)) || BETWEEN_END.test(text.slice(Math.max(0, end.start - 40), end.start)) || (previous !== undefined && day !== undefined && Number(previous) === day - 1);
  };
  const joins = (end: DatePiece, start: DatePiece) => (nextDay(end, start) || nextMonth(end, start)) && ends(end) && STARTS_PERIOD.test(before(start));
  return (own !== undefined || !Number.isNaN(monthOf(date))) && dates.some((d) => d !== date && (joins(date, d) || joins(d, date)));
}

/** A weekday that ends a name ("Black Friday", "Good Friday"): a day of the calendar's names, not a date of the answer. */
function namesADay(text: string, date: DatePiece): boolean {
  const before = text.slice(Math.max(0, date.start - 20), date.start);
  return date.form === 'weekday' && /\b[A-Z][a-z]+\s$/.test(before) && !/(?:^|[.!?]\s+)[A-Z][a-z]+\s$/.test(before);
}

/**
 * Holidays that fall on one day of the calendar every year, by the month and day they fall on; the longer names first,
 * so that "New Year's Eve" is not read as "New Year". The last flag marks the ones every reader knows by their day
 * alone, named or not (Christmas Day and Boxing Day; not 1 January, which as often starts a year, "the leave year runs
 * from 1 January", as it names a holiday).
 */
const FIXED_HOLIDAYS: ReadonlyArray<readonly [RegExp, number, number, boolean?]> = [
  [/\bNew Year['’]?s Eve\b|\bHogmanay\b/i, 12, 31],
  [/\bChristmas Eve\b/i, 12, 24],
  [/\bBoxing Day\b/i, 12, 26, true],
  [/\bNew Year(?:['’]?s Day)?\b(?!['’]?s Eve)/i, 1, 1],
  [/\bValentine['’]?s Day\b/i, 2, 14],
  [/\bSt\.? Patrick['’]?s Day\b/i, 3, 17],
  [/\bIndependence Day\b/i, 7, 4],
  [/\bHallowe['’]?en\b/i, 10, 31],
  [/\bBonfire Night\b|\bGuy Fawkes Night\b/i, 11, 5],
  [/\bChristmas(?: Day)?\b(?! Eve)/i, 12, 25, true],
];

/**
 * A date the answer or question names as the holiday it is ("Christmas Day, 25 December"; "closed on 25 December"
 * asked "Are you open on Christmas Day?"; "closed for Christmas on 25 December"): moved off its day, the holiday falls
 * on another, which no calendar has (a review: fixed-date holidays moved).
 */
function isNamedHoliday(text: string, date: DatePiece): boolean {
  const day = calendarOf(date);
  return day?.day !== undefined && FIXED_HOLIDAYS.some(([name, month, dayOfMonth]) => month === day.month && dayOfMonth === day.day && name.test(text));
}

/**
 * Whether a date is a holiday a reader knows by its day without its name: "closed on 25 and 26 December" made the 27th
 * or the 20th reads as a closure that skips Boxing Day or Christmas (unseen139's and unseen143's readers).
 */
function isKnownByItsDay(date: DatePiece): boolean {
  const day = calendarOf(date);
  return day?.day !== undefined && FIXED_HOLIDAYS.some(([, month, dayOfMonth, known]) => known === true && month === day.month && dayOfMonth === day.day);
}

/** Whether two dates fall on the same day of the year, whatever their years. */
function sameDayOfYear(a: DatePiece, b: DatePiece): boolean {
  const [x, y] = [calendarOf(a), calendarOf(b)];
  return x !== null && y !== null && x.month === y.month && x.day === y.day;
}

const WEEKDAY_NAMES = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const RANGE_WORD = String.raw`\s*(?:to|through|until|till|[–-])\s*`;

/** A weekday that bounds a range of weekdays ("Monday to Friday", "Monday–Saturday"): a week is written from its usual ends, and "Tuesday to Friday" reads as tampered with. */
function boundsWeekdays(text: string, date: DatePiece): boolean {
  if (date.form !== 'weekday') return false;
  const before = text.slice(Math.max(0, date.start - 16), date.start);
  const after = text.slice(date.end, date.end + 16);
  return new RegExp(`\\b(?:${WEEKDAY_NAMES})${RANGE_WORD}$`).test(before) || new RegExp(`^${RANGE_WORD}(?:${WEEKDAY_NAMES})\\b`).test(after);
}

/** Whether two dates are the ends of one range: "1 March to 31 July", "1 March–31 July", "between 1 March and 31 July". */
function joinsRange(text: string, a: DatePiece, b: DatePiece): boolean {
  const [first, second] = a.start < b.start ? [a, b] : [b, a];
  const between = text.slice(first.end, second.start);
  return new RegExp(`^${RANGE_WORD}$`).test(between) || (/^\s+and\s+$/.test(between) && /\bbetween\s+$/i.test(text.slice(Math.max(0, first.start - 8), first.start)));
}

/**
 * Whether a date is an end of a range of whole months the sentence writes:
 * the end the day before the start's day a month or a year on ("1 March to
 * 31 March", "1 February to 31 January", "between 1 March and 31 July").
 * Its ends tie each other, so either moved alone reads as a slip of the pen:
 * unseen18's readers, of "2 February to 31 January", "a day short; it should
 * start 1 February"; unseen22's, of "between 1 March and 30 July", "the
 * nesting season runs to 31 August, not 30 July", and of "2 March", "such
 * periods normally start on 1 March".
 */
function boundsWholeMonths(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  const partner = dates.find((d) => d !== date && joinsRange(text, d, date));
  if (partner === undefined) return false;
  const [start, end] = [partner, date].sort((a, b) => a.start - b.start);
  return wholeMonthsOn(start!, end!, 1);
}

/**
 * Whether a date of the answer is whole months on from a date the question
 * states, on its day or the day before ("My tenancy started on 1 October
 * 2026" ... "notice may not expire before 31 March 2027"). A reader counts the
 * months from the question's date, which no shift moves: fixtures/unseen's
 * readers, of "30 March 2027", "a six-month break would fall on 31 March or
 * 1 April 2027, not 30 March".
 */
function wholeMonthsFromAsked(askedDates: readonly DatePiece[], date: DatePiece): boolean {
  return askedDates.some((asked) => wholeMonthsOn(asked, date, 0) || wholeMonthsOn(asked, date, 1));
}

/**
 * Whether `end` with `daysAfter` added falls on `start`'s day of a later
 * month: with one day, `end` closes a range of whole months ("1 March to 31
 * March"); with none, it is whole months on ("1 October" to "1 April"). A
 * date without a year is the next such day on or after the start: "1
 * February to 31 January" crosses a new year.
 */
function wholeMonthsOn(startDate: DatePiece, endDate: DatePiece, daysAfter: number): boolean {
  const [start, end] = [calendarOf(startDate), calendarOf(endDate)];
  if (start?.day === undefined || end?.day === undefined) return false;
  const year = start.year ?? end.year ?? 2001;
  let endYear = end.year ?? year;
  if (end.year === undefined && Date.UTC(endYear, end.month - 1, end.day) < Date.UTC(year, start.month - 1, start.day)) endYear++;
  const after = new Date(Date.UTC(endYear, end.month - 1, end.day + daysAfter));
  const months = (after.getUTCFullYear() - year) * 12 + after.getUTCMonth() + 1 - start.month;
  return months > 0 && after.getUTCDate() === start.day;
}

/**
 * Whether a shifted date still closes the range of days it ends ("from 15 to
 * 31 December", "14 and 15 March"): its month kept, since the first day
 * borrows it ("from 15 to 1 January" has lost its start's month), and its day
 * after the first.
 */
function keepsDayRange(text: string, date: DatePiece, shifted: DatePiece): boolean {
  // Two days of a month joined by "and" too: "14 and 15 March 2026" never becomes "14 and 14 March" (not "between 14 and 21 days").
  const first = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:${RANGE_WORD}|(?<and>\\s+and\\s+))$`).exec(text.slice(Math.max(0, date.start - 16), date.start));
  if (!first) return true;
  const [a, b] = [calendarParts(date), calendarParts(shifted)];
  if (a === null && first.groups?.and !== undefined) return true;
  return a !== null && b !== null && a[1] === b[1] && (b[2] ?? 0) > Number(first[1]);
}

/**
 * The days between the dates of the date's sentence and the question, where that sentence states a period they measure
 * ("from 3 August to 16 August 2026, 14 days in all"), as evidence-check reads the case's own periods
 * (src/text/spans.ts); undefined where it states none. A shift that changes them breaks the count a reader makes, the
 * other way of counting included: "to 15 August" counts 13 days (unseen16's readers, twice), and "from 2 August" is 14
 * days apart but 15 in all.
 */
function measuredSpans(task: string, text: string, date: DatePiece): Set<number> | undefined {
  const sentence = sentenceAround(text, date.start, date.end)?.text;
  if (sentence === undefined || !findFigures(sentence).some((f) => f.kind === 'day' && measuredByCase(f, sentence, task))) return undefined;
  return daysBetweenDates(sentence, task);
}

const sameDays = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((days) => b.has(days));

/** Whether a period's new count still closes the range it ends ("two to three weeks" never becomes "two to two weeks"). */
function keepsCountRange(text: string, date: DatePiece, replacement: string): boolean {
  if (date.form !== 'duration') return true;
  const count = countOfDuration(text.slice(date.start, date.end));
  const shifted = countOfDuration(replacement);
  if (!count || !shifted) return true;
  return keepsPairedOrder(text, date.start + count.offset, date.start + count.offset + count.written.length, count.value, shifted.value);
}

/** The end of a range written in its own unit right after a period: "to 1 hour", "to an hour", "– 2 days", "to half an hour". */
const RANGE_END_IN_UNIT = new RegExp(`^${RANGE_WORD}(\\d+|an?|one|half an?)\\s+(minute|hour|day|week|month|year)s?\\b`, 'i');

/** A range end's count: a number, "a" or "one" for one, "half a" for a half. */
const endCount = (written: string) => (/^half/i.test(written) ? 0.5 : /^(?:an?|one)$/i.test(written) ? 1 : Number(written));

/**
 * Whether a period that opens a range ending in another unit still falls short of the end once shifted ("in 45 minutes
 * to 1 hour" never becomes "in 60 minutes to 1 hour", which unseen78's readers read as "not a real range"): the lengths
 * compared in hours, where keepsCountRange compares bare counts.
 */
function keepsMixedRange(text: string, date: DatePiece, shifted: DatePiece): boolean {
  const end = RANGE_END_IN_UNIT.exec(text.slice(date.end));
  const [before, after] = [hoursOfPeriod(date.key), hoursOfPeriod(shifted.key)];
  const perEndUnit = end ? HOURS_IN[end[2]!.toLowerCase()] : undefined;
  if (!end || before === undefined || after === undefined || perEndUnit === undefined) return true;
  // Within a tenth of the end is the end in other words: "4 weeks to 1 month", "10 working days to 2 weeks".
  return staysApart(endCount(end[1]!) * perEndUnit, before, after);
}

/** Whether a length moved from `before` to `after` stays on the side of `other` it was, and more than a tenth of `other` from it. */
function staysApart(other: number, before: number, after: number): boolean {
  return Math.sign(other - before) === Math.sign(other - after) && Math.abs(other - after) > other / 10;
}

/** Hours in a working day: five make a week. */
const WORKING_DAY_HOURS = HOURS_IN.week! / 5;

/** A period's length in hours, by its key ("duration:10 working day"); undefined for a key of no period. */
function hoursOfPeriod(key: string): number | undefined {
  const [, count, working, unit] = /^duration:(\d+) (working )?(\w+)$/.exec(key) ?? [];
  const perUnit = unit === undefined ? undefined : working ? WORKING_DAY_HOURS : HOURS_IN[unit];
  return count === undefined || perUnit === undefined ? undefined : Number(count) * perUnit;
}

/**
 * Whether a deadline's new length keeps its place among the answer's other figures of its unit ("within 30 days" does
 * not become the "28 days" stated elsewhere), and among the periods in other units it is set against: those of its
 * own sentence or a neighbour, where either sentence compares speeds ("sooner", "express"). Compared in hours, it
 * stays shorter or longer than each as it was, by more than a tenth: "If you need it sooner, an express service in
 * 10 working days" beside "3 to 4 weeks" never becomes 15 working days (unseen84's readers: "barely faster than the
 * standard 3 to 4 weeks").
 */
function keepsFigures(text: string, date: DatePiece, shifted: DatePiece): boolean {
  if (date.form !== 'duration') return true;
  const quantities = findQuantities(text);
  const q = quantities.find((x) => date.start <= x.number.start && x.number.end <= date.end);
  const [, length] = /^duration:(\d+)/.exec(shifted.key) ?? [];
  if (q !== undefined && length !== undefined && !keepsOrder(quantities, q, Number(length))) return false;
  const [before, after] = [hoursOfPeriod(date.key), hoursOfPeriod(shifted.key)];
  const sentences = splitSentences(text);
  const at = sentences.findIndex((s) => s.start <= date.start && date.end <= s.end);
  if (before === undefined || after === undefined || at < 0) return true;
  const setAgainst = (start: number) => {
    const other = sentences.findIndex((s) => s.start <= start && start < s.end);
    return Math.abs(other - at) <= 1 && COMPARES_SPEED.test(`${sentences[at]!.text} ${sentences[other]!.text}`);
  };
  return periodsInHours(text, quantities).every(({ start, hours }) => {
    if ((date.start <= start && start < date.end) || hours === before || !setAgainst(start)) return true;
    return staysApart(hours, before, after);
  });
}

/** Words that set one period against another as faster or slower: an express service beside the standard one. */
const COMPARES_SPEED = /\b(?:sooner|faster|quicker|more quickly|express|rush|priority|fast-track)\b/i;

/** The answer's periods in hours, where they start: a range's unitless first bound in its second's unit ("3 to 4 weeks"). */
function periodsInHours(text: string, quantities: readonly Quantity[]): { start: number; hours: number }[] {
  return quantities.flatMap((q, i) => {
    const next = quantities[i + 1];
    const unit = q.unit === '' && next !== undefined && joinedAsRange(text, q, next) ? next.unit : q.unit;
    const perUnit = /^\s+working\s+days?\b/i.test(text.slice(q.number.end)) ? WORKING_DAY_HOURS : HOURS_IN[unit];
    return perUnit === undefined ? [] : [{ start: q.number.start, hours: q.number.value * perUnit }];
  });
}

/** The date a candidate writes, found in place: a lone month or weekday is a date only by the words around it. */
function shiftedDate(text: string, candidate: MutationCandidate): DatePiece | undefined {
  const mutated = text.slice(0, candidate.start) + candidate.replacement + text.slice(candidate.end);
  return findDates(mutated).find((d) => d.start === candidate.start && d.end === candidate.start + candidate.replacement.length);
}

/** Whether a date is a calendar day in a sentence that names a weekday apart from it, or a lone weekday in a sentence with a calendar day. */
function besideLoneWeekday(text: string, dates: readonly DatePiece[], date: DatePiece): boolean {
  const sentence = sentenceAround(text, date.start, date.end);
  if (!sentence) return false;
  const inSentence = dates.filter((d) => d !== date && sentence.start <= d.start && d.end <= sentence.end);
  if (date.form === 'weekday') return inSentence.some((d) => calendarParts(d) !== null);
  return calendarParts(date) !== null && inSentence.some((d) => d.form === 'weekday');
}

/** Whether `other` lies on the same side of the shifted date as of the original, and is not the shifted date. */
function keepsSide(other: DatePiece, original: DatePiece, shifted: DatePiece): boolean {
  if (other.key === shifted.key) return false;
  const before = compareDates(other, original);
  const after = compareDates(other, shifted);
  return before === null || before === after;
}

/** Two months of days: a date this close to a month's first or last day, in any year, is set beside it. */
const NEIGHBOURING_DAYS = 62;
/** A day before the date that borrows its month: "between 1 and 31 August", "1–31 March", "from 1st to 31st March". */
const BORROWS_MONTH = /\b\d{1,2}(?:st|nd|rd|th)?\s*(?:and|&|or|to|until|till|through|[–-])\s*$/i;

/**
 * Whether moving a month's first or last day a month (src/text/dates.ts, `calendarShifts`) clashes with what the
 * answer and question set beside it (an independent review of that rule): a date or month they name within two months
 * of it, in any year (`The March payment is taken on 1 March`, `deadline 30 April ... late fees from 1 May`, `closes on
 * 24 December and reopens on 1 January`, `started on 1 April 2026 and renews on 1 April 2027`), or a day that borrows
 * its month (`between 1 and 31 August` would move its first day too). A day's move is the other rules'.
 */
function monthMoveClashes(text: string, task: string, date: DatePiece, shifted: DatePiece, others: readonly DatePiece[]): boolean {
  const [from, to] = [calendarParts(date), calendarParts(shifted)];
  if (!from || from.length < 3 || !to || to[1] === from[1]) return false;
  if (BORROWS_MONTH.test(text.slice(0, date.start))) return true;
  const month = from[1]!;
  // A month named anywhere but in the date itself: "The March payment", "Rent for May", "in April".
  const namesMonthNear = (source: string, skip?: DatePiece) =>
    [...source.matchAll(MONTH_NAMES)].some((m) => (skip === undefined || m.index < skip.start || m.index >= skip.end) && monthsNear(MONTHS.indexOf(m[0]) + 1, month));
  if (namesMonthNear(text, date) || namesMonthNear(task)) return true;
  // Days apart: on the calendar where both dates give their year, else round the year; and a date of another year on
  // the same day, or a day off it, is its anniversary (a year's membership, "bought on 1 March 2026, expires on 28 February 2027").
  const daysApart = (a: Array<number | undefined>, b: Array<number | undefined>, years: boolean) =>
    Math.abs(Date.UTC(years ? a[0]! : 2001, a[1]! - 1, a[2]!) - Date.UTC(years ? b[0]! : 2001, b[1]! - 1, b[2]!)) / 86_400_000;
  return others.some((other) => {
    const parts = other === date ? null : calendarParts(other);
    if (parts === null || parts.length < 3) return false;
    const round = daysApart(parts, from, false);
    const roundTheYear = Math.min(round, 365 - round);
    if (parts[0] === undefined || from[0] === undefined) return roundTheYear <= NEIGHBOURING_DAYS;
    return daysApart(parts, from, true) <= NEIGHBOURING_DAYS || (parts[0] !== from[0] && roundTheYear <= 1);
  });
}

/** A month's name, not the verb that asks leave ("May I pay later?", "May we bring a dog?": a review). */
const MONTH_NAMES = new RegExp(`\\b(?:${MONTHS.join('|')})\\b(?!\\s+(?:I|we|you|they|he|she|my|our)\\b)`, 'g');

/** Whether two months are at most two apart, round the year's end. */
function monthsNear(a: number, b: number): boolean {
  const apart = Math.abs(a - b);
  return Math.min(apart, 12 - apart) <= 2;
}

/**
 * The order of two dates as far as both say (a year against a full date
 * compares by year: 0 when they agree that far; a date without a year by
 * month and day), or of two deadlines of one unit by length; null when they
 * cannot be compared.
 */
function compareDates(a: DatePiece, b: DatePiece): number | null {
  const durationA = /^duration:(\d+) (.+)$/.exec(a.key);
  const durationB = /^duration:(\d+) (.+)$/.exec(b.key);
  if (durationA || durationB) return durationA && durationB && durationA[2] === durationB[2] ? Math.sign(Number(durationA[1]) - Number(durationB[1])) : null;
  const [pa, pb] = [calendarParts(a), calendarParts(b)];
  if (!pa || !pb) return null;
  // A date without a year is read in the year of the other: "31 March" and "1 April 2027" are a day apart.
  const from = pa[0] === undefined || pb[0] === undefined ? 1 : 0;
  for (let i = from; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] !== pb[i]) return Math.sign(pa[i]! - pb[i]!);
  }
  return 0;
}

/** Year, month and day as far as a calendar date gives them. */
function calendarParts(d: DatePiece): Array<number | undefined> | null {
  if (d.form === 'year') return [Number(d.key)];
  if (d.form === 'month-year') return d.key.split('-').map(Number);
  if (!['day-month', 'month-day', 'iso', 'slashed'].includes(d.form)) return null;
  const [, year, month, day] = /^(\d+|-)-(\d+)-(\d+)$/.exec(d.key) ?? [];
  return [year === '-' ? undefined : Number(year), Number(month), Number(day)];
}
