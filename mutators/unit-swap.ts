import { countValue } from '../src/text/numberWords.js';
import { brokenRelation } from '../src/text/relations.js';
import { findDates, touchesDate } from '../src/text/dates.js';
import { findNumbers, sentenceAround } from '../src/text/claims.js';
import { inDateArithmetic } from '../src/text/figures.js';
import { findNumberWords, findQuantities, mentionedAgain, type Quantity } from '../src/text/quantities.js';
import { conventionalCount, findUnits, HOURS_IN, PERIOD_WORDS, unitKey, type UnitPiece } from '../src/text/units.js';
import { countedFigures } from '../src/text/counts.js';
import { isCurrencySign } from '../src/text/currency.js';
import { type Figure, findFigures } from '../src/text/figures.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Changes a unit and keeps the number, as an honest worker slips while the
 * magnitude stays right (findUnits' swaps): calendar days for working days
 * and back ("within 10 days" to "within 10 working days", also inside a
 * deadline, whose length stays date-shift's), hours for working hours in a
 * deadline of their own, what a rate is per within one family (per flight,
 * per passenger, per booking; per item, per visit; a month for a year, a
 * price's period only for one the evidence or question prices by),
 * percentage points for % in a change. Never a currency,
 * never a change of scale a reader checks by world knowledge (three months
 * to three weeks, kg to lb, GB to MB or TB, mg to mcg). Left alone: a period
 * a date of the answer is worked out from ("within 30 days of the notice
 * dated 14 April, so by 14 May": in working days the date is wrong), a quantity the answer mentions
 * again (the mentions would disagree), a swap to a quantity it already
 * states, a rate that interlocks with another figure (standsAlone), and a
 * rate whose period another word of the answer names ("$100 a month or 10%
 * of your monthly usage", "each day ... from the day after"): coupled.
 */
export const unitSwap: TextMutator = {
  name: 'unit-swap',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    const text = fixture.artifact;
    const dates = findDates(text);
    const units = findUnits(text);
    const quantities = findQuantities(text);
    // A unit the question writes frames the case ("my 15 working days' notice"): the answer restates it, and another
    // unit in its place reads as a slip of the answer, not of the source (unseen15's readers: "10 calendar days").
    const asked = new Set(findUnits(fixture.task).map((u) => u.unit));
    for (const u of units) {
      if (asked.has(u.unit)) continue;
      const inDate = touchesDate(dates, u.start, u.end);
      if ((inDate && !DAY_KINDS.has(u.unit)) || !standsAlone(text, units, u, quantities) || countedBeside(text, units, u) || meetsAnotherBand(text, units, u)) continue;
      // "Within 30 days of 14 April, so by 14 May": a date of the answer is worked out from this period, in this unit.
      const amount = quantities.find((x) => x.number.end <= u.start && u.start - x.number.end <= 1);
      if (amount && inDateArithmetic(text, fixture.task, amount.number.start, u.end)) continue;
      for (const replacement of u.swaps) {
        const mutated = text.slice(0, u.start) + replacement + text.slice(u.end);
        // "in 24 hours" to "in 24 days" would make a deadline: a date is date-shift's to write.
        if (!inDate && touchesDate(findDates(mutated), u.start, u.start + replacement.length)) continue;
        const swapped = findUnits(mutated).find((s) => s.start === u.start);
        if (
          swapped &&
          !units.some((other) => unitKey(other) === unitKey(swapped)) &&
          keepsPeriodOrder(text, units, u, swapped) &&
          !coupled(text, u, swapped) &&
          !workingTimeOutOfPlace(fixture, u, swapped) &&
          !kindCountedElsewhere(units, u, swapped) &&
          !placePricedPerBooking(text, u, swapped) &&
          !lengthRestatedInWeeks(text, u, swapped)
        )
          yield { start: u.start, end: u.end, replacement } satisfies MutationCandidate;
      }
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const mutated = fixture.artifact.slice(0, candidate.start) + candidate.replacement + fixture.artifact.slice(candidate.end);
    const original = findUnits(fixture.artifact).find((u) => u.start === candidate.start && u.end === candidate.end);
    const swapped = findUnits(mutated).find((u) => u.start === candidate.start);
    if (!original || !swapped) return 'the span holds no unit';
    if (original.amount !== null && !conventionalCount(Number(original.amount), original.unit, swapped.unit)) return UNCONVENTIONAL_DAY_COUNT;
    if (multipliedByCount(fixture.artifact, fixture.task, original)) return RATE_TIMES_COUNT;
    if (!periodInUse(fixture, original, swapped)) return PERIOD_NOT_IN_USE;
    if (!denominatorInUse(fixture, swapped)) return DENOMINATOR_NOT_IN_USE;
    // The best sentence, or else another that supports the claim too, for a figure whose own clause it says ("... and 5 working days for a Full Overhaul").
    const states = (sentence: string, u: UnitPiece) => findUnits(sentence).some((x) => unitKey(x) === unitKey(u));
    const stating = [support.sentence, ...support.context].find((sentence) => states(sentence, original));
    if (stating === undefined) return 'the supporting evidence does not state the original unit with this number';
    if (states(support.sentence, swapped) || states(stating, swapped)) return 'the supporting evidence also states the new unit with this number';
    // Read without the evidence, the answer must still agree with itself: its sums, products, shares and comparisons hold.
    return brokenRelation(fixture.artifact, fixture.task, candidate.start, candidate.end, candidate.replacement);
  },
};

/**
 * Whether calendar days made working days are a length the answer states again in weeks ("cancel at least 7 days before
 * the course begins, and 8 May is less than a week before your 12 May start"): in working days the two no longer agree
 * (unseen138's readers: "the rule says 7 working days but the reasoning checks against less than a week").
 */
function lengthRestatedInWeeks(text: string, original: UnitPiece, swapped: UnitPiece): boolean {
  if (original.unit !== 'day' || swapped.unit !== 'working day' || original.amount === null) return false;
  const days = Number(original.amount);
  return [...text.matchAll(WEEKS_WRITTEN)].some((m) => {
    const weeks = m[1] === undefined ? 2 : /^an?$/i.test(m[1]) ? 1 : countValue(m[1]);
    return weeks !== undefined && 7 * weeks === days;
  });
}

/** A length in weeks as an answer writes it: "a week", "two weeks", "3 weeks", "a fortnight" (two). */
const WEEKS_WRITTEN = /\b(a|one|two|three|four|\d+)\s+weeks?\b|\bfortnight\b/gi;

/** What a head pays for a place: a rate per one of these is the price of the place itself. */
const HEADS: ReadonlySet<string> = new Set(['per person', 'per player', 'per ticket']);

/** What a booking is charged apart from the places on it: a fee, a deposit, a change to it, a discount. */
const BOOKING_CHARGE = /\b(?:fees?|deposits?|surcharges?|supplements?|charges?|transfers?|exchanges?|amendments?|changes?|discounts?|cheaper)\b/i;

/**
 * Whether a swap moves the price of a place from per head to per booking: "a shared flight costs £189 per booking", "a
 * private session is £44 per booking" for 8 to 16 people. An activity's or a night's price is per head, and per booking it
 * reads as altered by its form (unseen115's readers: "a shared flight priced per booking is odd"; unseen111's: "£175 per
 * booking sits oddly with groups of up to six"). A fee, deposit or charge its sentence names before it may be either ("an
 * amendment fee of £20 per person", "free of charge ..., or £1.50 per ticket after that").
 */
function placePricedPerBooking(text: string, original: UnitPiece, swapped: UnitPiece): boolean {
  if (!HEADS.has(original.unit) || swapped.unit !== 'per booking') return false;
  const sentence = sentenceAround(text, original.start, original.end);
  // The sentence to the end of the rate's clause: "£3 per player cheaper", not the deposit of a clause after it.
  const clauseEnd = /[,;:.!?]|$/.exec(text.slice(original.end))!.index;
  return !BOOKING_CHARGE.test(text.slice(sentence?.start ?? original.start, original.end + clauseEnd));
}

/** Why a swap between kinds of day is refused at a count not conventional in the new kind, as the ignored list gives it. */
export const UNCONVENTIONAL_DAY_COUNT =
  'the count is not one documents write in both kinds of day (working days: 1 to 10, 15, 20; calendar days: 1, 2, 3, 5, 7, 10, 14, 21, 28, 30, 45, 60, 90): "within 14 working days" reads as an altered 14 days, "wait at least 4 working days" after a dose as an altered 4 days';

/** Why a swap of what a rate is per is refused where the answer multiplies the rate by a count, as the ignored list gives it. */
export const RATE_TIMES_COUNT = 'the answer multiplies the rate by a count of what it is per ("£2 per item ... your three shirts: 3 × £2 = £6"): per anything else, its own sum contradicts the rate';

/** Why a price's period is not moved to one the evidence and question give no rate per, as the ignored list gives it. */
export const PERIOD_NOT_IN_USE =
  'the new period of a price is one the evidence and the question give no rate per ("$35 a month" to "$35 a week" where the plans are priced by the month): a billing period the domain does not use reads as made up';

/**
 * Whether a price's new period is one the fixture's material gives a rate per:
 * a domain bills by periods of its own, and "$35 a week" for a
 * business address plan the evidence prices only by the month reads as made
 * up (unseen17's readers: "normally priced monthly"). The evidence and the
 * question say which periods are in use; the answer's other rates cannot, since
 * a swap to a rate the answer states is refused before. What a rate is per
 * that is not a period (a passenger for a flight) keeps its family, and a rate
 * of no price (a dose per day, a cap in any calendar month) is not billed.
 */
function periodInUse(fixture: TextFixture, original: UnitPiece, swapped: UnitPiece): boolean {
  if (original.amount !== null || !(swapped.unit.replace('per ', '') in PERIOD_WORDS) || !priceBefore(fixture.artifact, original)) return true;
  return [fixture.task, ...fixture.evidence.map((e) => e.text)].some((text) => findUnits(text).some((u) => u.amount === null && u.unit === swapped.unit));
}

/** Why a rate is not moved to a thing the fixture's material never speaks of, as the ignored list gives it. */
export const DENOMINATOR_NOT_IN_USE =
  'the new thing a rate is per is a word the evidence and the question never use ("2 dogs per booking" to "per passenger" at a holiday cottage, "£20 travel charge per visit" to "per item" at a chimney sweep): a word from another domain reads as made up';

/**
 * Whether the thing a rate is now per belongs to the fixture's domain: the
 * families of denominators are general (a person, a group, a booking; an
 * item, a visit), but each domain counts only some of them, and the evidence
 * and the question say which. A cottage allowing "2 dogs per passenger"
 * (unseen20's readers) and a sweep's travel charge "per item" (unseen22's:
 * "you'd expect it per visit") read as made up. Where people fly, air
 * travel's things are all in use. Periods are periodInUse's.
 */
function denominatorInUse(fixture: TextFixture, swapped: UnitPiece): boolean {
  const thing = swapped.unit.replace('per ', '');
  if (swapped.amount !== null || thing in PERIOD_WORDS) return true;
  const material = [fixture.task, ...fixture.evidence.map((e) => e.text)];
  // Where people fly, a fee is charged per flight, per passenger or per booking, whichever of them the evidence happens to write.
  if (AIR_TRAVEL_THINGS.has(thing) && material.some((text) => AIR_TRAVEL.test(text))) return true;
  const word = new RegExp(`\\b${thing}s?\\b`, 'i');
  return material.some((text) => word.test(text));
}

/** What air travel charges per, and the words that say people fly. */
const AIR_TRAVEL_THINGS = new Set(['passenger', 'flight', 'booking']);
const AIR_TRAVEL = /\b(?:passengers?|flights?|fly|flying|airlines?|airports?)\b/i;

/**
 * Whether the answer works out a figure as the rate's amount times a count of
 * a thing it or the question states ("£2 per item per week ... for your three
 * shirts that's 3 × £2 = £6"): the rate is per that thing, and a reader sees
 * "£2 per visit" disagree with the sum. Only a rate per a thing, not a
 * period: a period counted elsewhere already couples the rate (coupled).
 */
function multipliedByCount(text: string, task: string, u: UnitPiece): boolean {
  if (u.amount !== null || u.unit.replace('per ', '') in PERIOD_WORDS) return false;
  const amount = priceBefore(text, u);
  if (!amount) return false;
  // Counts, in words or digits, with or without the noun counted ("three shirts", "a team of 8", "eight of you"): never
  // of a period ("five weeks"), which the model reads as the noun after the number.
  const counts = [text, task].flatMap((t) => {
    const periods = new Set(
      countedFigures(t)
        .filter((c) => c.noun in PERIOD_WORDS || c.noun === 'minute')
        .map((c) => c.start),
    );
    const numbers = [...findNumbers(t).filter((n) => !n.currency && !n.percent), ...findNumberWords(t)];
    return numbers.filter((n) => n.value >= 2 && !periods.has(n.start));
  });
  return findFigures(text).some((f) => f !== amount && f.kind === amount.kind && counts.some((c) => Math.abs(f.value - c.value * amount.value) < 1e-6 * Math.max(1, f.value)));
}

/** The amount of money a rate prices: the last one before it in its sentence ("£2 per item", "$35 a month"), if any. */
function priceBefore(text: string, u: UnitPiece): Figure | undefined {
  const sentence = sentenceAround(text, u.start, u.end);
  return findFigures(text)
    .filter((f) => isCurrencySign(f.kind) && f.end <= u.start && sentence !== undefined && f.start >= sentence.start)
    .pop();
}

/** Working time, and the words of an answer that says the service never stops: "within one working hour" beside "around the clock" contradicts it. */
const WORKING_TIME = /^working /;
const ROUND_THE_CLOCK = /\b(?:around|round) the clock\b|\b24\/7\b|\b24 hours a day\b|\bevery day\b|\bat any time\b/i;

/**
 * A case outside working hours, in the question or the answer (a night, a weekend day, a bank holiday, an
 * emergency): an emergency call-out on a Saturday night promised
 * "within 4 working hours" reads as altered, since working hours do not run then (unseen43's readers).
 */
const OUT_OF_HOURS = /\b(?:(?:to)?night|overnight|weekends?|(?:satur|sun)days?|bank holidays?|out[ -]of[ -]hours|emergenc(?:y|ies))\b/i;

/**
 * A window on both sides of a moment: "within 2 hours either side of high tide". The moment is the world's, not the
 * office's (unseen117's readers, of "2 working hours either side of high tide": "tides don't follow working hours").
 */
const AROUND_A_MOMENT = /^\s+(?:either|each|both)\s+sides?\s+of\b/i;

/** Whether a swap to working time leaves a service that never stops, a case outside working hours, or a window around a moment, counted in it. */
function workingTimeOutOfPlace(fixture: TextFixture, original: UnitPiece, swapped: UnitPiece): boolean {
  if (!WORKING_TIME.test(swapped.unit)) return false;
  if (AROUND_A_MOMENT.test(fixture.artifact.slice(original.end))) return true;
  return ROUND_THE_CLOCK.test(fixture.artifact) || (swapped.unit === 'working hour' && (OUT_OF_HOURS.test(fixture.artifact) || OUT_OF_HOURS.test(fixture.task)));
}

/** The units whose kind, not length, may change inside a deadline: "within 10 days" to "within 10 working days". */
const DAY_KINDS = new Set(['day', 'working day', 'hour', 'working hour']);

/**
 * Whether another word of the answer names the rate's period, so that a new
 * period would disagree with it ("$100 a month or 10% of your monthly
 * usage"; "25p for each day, counted from the day after"), or its sentence
 * already names the new denominator ("€70 per flight, one pet per
 * passenger"). Other denominators are words of the whole domain ("flights of
 * up to 4 hours"), so only the sentence counts for them.
 */
function coupled(text: string, u: UnitPiece, swapped: UnitPiece): boolean {
  if (u.amount !== null) return false;
  const elsewhere = (within: string, start: number, word: string) => {
    const pattern = PERIOD_WORDS[word] ?? new RegExp(`\\b${word}s?\\b`, 'i');
    return pattern.test(within.slice(0, u.start - start)) || pattern.test(within.slice(u.end - start));
  };
  const sentence = sentenceAround(text, u.start, u.end);
  const [from, to] = [u.unit, swapped.unit].map((unit) => unit.replace('per ', '')) as [string, string];
  const inSentence = sentence ? text.slice(sentence.start, sentence.end) : '';
  return (from in PERIOD_WORDS ? elsewhere(text, 0, from) : elsewhere(inSentence, sentence?.start ?? 0, from)) || elsewhere(inSentence, sentence?.start ?? 0, to);
}

/**
 * Whether a unit can change without another part of the answer contradicting
 * it: its quantity is mentioned once; a rate is not "of" a period ("the 1st
 * of each month") and no other rate of the answer has its period; and a rate
 * and a count of periods in one sentence that interlock stay as they are.
 */
function standsAlone(text: string, units: readonly UnitPiece[], u: UnitPiece, quantities: readonly Quantity[]): boolean {
  const sentence = sentenceAround(text, u.start, u.end);
  const inSentence = units.filter((other) => other !== u && sentence !== undefined && sentence.start <= other.start && other.end <= sentence.end);
  if (u.amount !== null) {
    const q = quantities.find((x) => x.number.end <= u.start && u.start - x.number.end <= 1);
    return (q === undefined || !mentionedAgain(text, quantities, q)) && !inSentence.some((rate) => rate.amount === null && interlock(rate, u));
  }
  const before = text.slice(Math.max(0, u.start - 30), u.start);
  // Two prices per one period are one billing cycle ("$0.10 per month and $0.05 per month"); two fees per flight may differ in what they are per.
  const onePeriod = !(u.unit.replace('per ', '') in PERIOD_WORDS) || units.filter((other) => other.unit === u.unit).length === 1;
  return !/\bof\s+$/.test(before) && onePeriod && !inSentence.some((count) => count.amount !== null && interlock(u, count));
}

/**
 * Whether another count of the sentence is in the same unit: "finished within 3 working days ..., although in our busy
 * season that can stretch to 5 working days" sets the two side by side, and one in another unit reads as a slip
 * against the other (unseen74's readers, of "within 3 days" there: "the unit mismatch suggests the normal turnaround
 * was changed").
 */
function countedBeside(text: string, units: readonly UnitPiece[], u: UnitPiece): boolean {
  const sentence = sentenceAround(text, u.start, u.end);
  return (
    u.amount !== null && sentence !== undefined && units.some((other) => other !== u && other.amount !== null && other.unit === u.unit && sentence.start <= other.start && other.end <= sentence.end)
  );
}

/**
 * Whether a swap from working time to calendar time ("working days" to "days") leaves another count of the answer, in
 * any sentence, in the working unit: an answer that counts its times in working days reads one in calendar days as a
 * slip (unseen80's readers, of "Most services and repairs take 7 to 10 days" beside "within 2 working days" and "14
 * working days": "every other time is in working days"). The other way is left: documents set "5 working days" beside
 * "14 days" as a matter of course. countedBeside reads the sentence only, for every unit.
 */
function kindCountedElsewhere(units: readonly UnitPiece[], u: UnitPiece, swapped: UnitPiece): boolean {
  return (
    u.amount !== null &&
    WORKING_TIME.test(u.unit) &&
    DAY_KINDS.has(swapped.unit) &&
    !WORKING_TIME.test(swapped.unit) &&
    units.some((other) => other !== u && other.amount !== null && other.unit === u.unit)
  );
}

/** Whether a rate and a count of periods say one thing twice: "€40 a day for up to 5 days" (one unit), "£15 a year, renewed every 12 months" (one span). */
function interlock(rate: UnitPiece, count: UnitPiece): boolean {
  const period = rate.unit.replace('per ', '');
  if (!(period in HOURS_IN) || !(count.unit in HOURS_IN)) return false;
  return period === count.unit || Math.abs(Number(count.amount) * HOURS_IN[count.unit]! - HOURS_IN[period]!) <= 0.05 * HOURS_IN[period]!;
}

/**
 * Whether a period ends a band that a range of the answer begins a unit after, or begins one a range ends a unit before,
 * in the same unit and in any sentence ("Within 7 days of the booking …" beside "Between 8 and 28 days before the
 * booking …"): bands of one scale meet, and one of them in another unit leaves a gap or an overlap between them
 * (unseen106's readers, of "Within 7 working days" there: "the other bands are calendar days"). Two periods a unit
 * apart that are no bands ("within 5 days … within 4 days") are left to swap.
 */
function meetsAnotherBand(text: string, units: readonly UnitPiece[], u: UnitPiece): boolean {
  if (u.amount === null) return false;
  const amount = Number(u.amount);
  const numbers = findNumbers(text);
  return numbers.some((low, i) => {
    // A range: two numbers joined by "and", "to" or a dash, its unit right after the second ("8 and 28 calendar days").
    const high = numbers[i + 1];
    if (!high || !RANGE_JOIN.test(text.slice(low.end, high.start))) return false;
    const unit = units.find((x) => x.start > high.end && x.start - high.end <= 1);
    if (!unit || unit === u || unit.unit !== u.unit) return false;
    return low.value === amount + 1 || high.value === amount - 1;
  });
}
const RANGE_JOIN = /^\s*(?:and|to|–|-)\s*$/;

/** Whether a rate's new period still holds the periods counted per it: "28 days per year", never "28 days per month". */
function keepsPeriodOrder(text: string, units: readonly UnitPiece[], u: UnitPiece, swapped: UnitPiece): boolean {
  const period = HOURS_IN[swapped.unit.replace('per ', '')];
  if (u.amount !== null || period === undefined) return true;
  const sentence = sentenceAround(text, u.start, u.end);
  const counts = units.filter((c) => c.amount !== null && c.unit in HOURS_IN && sentence && sentence.start <= c.start && c.end <= u.start);
  return counts.every((c) => Number(c.amount) * HOURS_IN[c.unit]! <= period / 4);
}
