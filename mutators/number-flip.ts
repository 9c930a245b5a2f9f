import { ageNeighbours, isAge } from '../src/text/ages.js';
import { articleAgrees } from '../src/text/articles.js';
import { brokenRelation } from '../src/text/relations.js';
import { contentLemmas, findNumbers, numberKey, replacedInSentence, sentenceAround, splitSentences, type NumberPiece } from '../src/text/claims.js';
import { isCurrencySign } from '../src/text/currency.js';
import { AGE, calendarOf, clockTimes, type Figure, findFigures, inDateArithmetic, restatesNumberWords } from '../src/text/figures.js';
import { statesFigureAt } from '../src/text/mismatches.js';
import { spelledValue } from '../src/text/numberWords.js';
import { type DatePiece, findDates, MONTHS, touchesDate } from '../src/text/dates.js';
import { HOURS_IN } from '../src/text/units.js';
import { keepsCaseSide, restatedBeside } from '../src/text/caseSides.js';
import { dayNumber, differenceOfStated } from '../src/text/periods.js';
import { namesMeasure, namesPerson } from '../src/text/lexicon.js';
import {
  consecutiveWithPartner,
  countsNoun,
  findNumberWords,
  findQuantities,
  inArithmetic,
  isHalfOfMoney,
  keepsOrder,
  meetsNextBand,
  keepsPairedOrder,
  mentionedAgain,
  neighbourValues,
  type Quantity,
  unconventionalPeriod,
  spelledCounts,
  unitInComparison,
} from '../src/text/quantities.js';
import { groupedNumber } from '../src/util/groupedNumber.js';
import { supportingSentence } from './text-support.js';
import type { TextMutator } from './types.js';

/**
 * Changes one figure to a neighbouring value a document would state for it
 * ("28 days" to "30 days", "£6.00" to "£5.00"), written in the same format,
 * where the answer stays consistent with itself: a figure mentioned twice, or
 * one a sum or product of the answer rests on, is left alone, and the new
 * value keeps its place among the answer's figures of that unit. Left alone
 * too: a figure in arithmetic the answer and question allow (inArithmetic:
 * "10 months of €25.00, €250.00", "25% of that, €62.50", "14 months into a
 * 24-month contract"), and a period a date of the answer is worked out from
 * ("6 months from 14 January, until 14 July"). A window a limit is counted
 * over ("two claims in any 12-month period") moves only to another window
 * documents use (6 or 24 months, never 9). A figure
 * the question states is left alone: the answer restates it. Dates and
 * deadlines are date-shift's; identifiers ("Severity 1", "KL-7") and clock
 * times are not quantities.
 */
/**
 * Whether a number no date holds is written as one where it stands: "players rated under 1500." made "under 2000." reads
 * as a year. A date is date-shift's to move, and one number-flip makes is a date no evidence states.
 */
function readsAsDate(text: string, n: NumberPiece, written: string): boolean {
  const end = n.start + written.length;
  return touchesDate(findDates(text.slice(0, n.start) + written + text.slice(n.end)), n.start, end);
}

export const numberFlip: TextMutator = {
  name: 'number-flip',
  kind: 'text',
  *candidates(fixture) {
    const text = fixture.artifact;
    const dates = findDates(text);
    const quantities = findQuantities(text);
    // A figure the question states is restated, not looked up: changing it contradicts the question before any evidence. In
    // words too: "miss two lessons" beside "a maximum of 2 per term" (unseen118's readers, of 2 made 1: "sits awkwardly with
    // a question about two missed lessons").
    const asked = new Set([...findNumbers(fixture.task).map(numberKey), ...spelledCounts(fixture.task).map((c) => String(c.value))]);
    const askedQuantities = findQuantities(fixture.task);
    const askedFigures = [...findFigures(fixture.task), ...countsOfSpelled(fixture.task), ...clockGaps(fixture.task), ...monthsFromNow(fixture.task)];
    const answerFigures = findFigures(text);
    const elapsedCharges = chargedForElapsedSteps(text, fixture.task);
    for (const q of quantities) {
      const n = q.number;
      if (
        asked.has(numberKey(n)) ||
        touchesDate(dates, n.start, n.end) ||
        isIdentifier(text, n) ||
        namesNoonOrMidnight(text, n) ||
        restatesNumberWords(text, n.start, n.end) ||
        mentionedAgain(text, quantities, q) ||
        countWrittenTwice(quantities, q) ||
        writtenAgainBare(text, quantities, q) ||
        inArithmetic(text, quantities, q, askedQuantities) ||
        restatesLargerUnit(text, q) ||
        referredToAgain(text, n) ||
        inDateArithmetic(text, fixture.task, n.start, n.end) ||
        betweenStatedTimes(fixture.task, text, q, quantities) ||
        consecutiveWithPartner(text, n) ||
        meetsNextBandIn(text, n) ||
        inProportion(text, n) ||
        remainingShare(text, n) ||
        isHalfOfMoney(n, sentenceAround(text, n.start, n.end)?.text ?? '') ||
        lengthOfStatedRange(text, q) ||
        elapsedCharges.has(n.start)
      )
        continue;
      // An age limit moves to an age rules use ("18 or over" to 16 or 21, never 19).
      const values = clockTime(text, n)
        ? neighbourHours(n.value)
        : isAge(text, n.start, n.end)
          ? ageNeighbours(n.value, { text, start: n.start })
          : inMillions(text, n)
            ? millionsNeighbours(n.value)
            : inBytes(text, n) && isPowerOfTwo(n.value)
              ? [n.value / 2, n.value * 2]
              : isClothingSize(text, q)
                ? [n.value - 2, n.value + 2]
                : neighbourValues(withComparedUnit(text, quantities, q), countsWindow(text, n) ? windowValues(text, q) : undefined);
      for (const value of values) {
        // "an £80 cleaning charge" never becomes "an £70 ..." (unseen32's readers: "only reads right as an £80").
        if (roundedOutOfStyle(quantities, n, value) || !articleAgrees(text, n.start, formatLike(n, value)) || equalsAlternative(text, quantities, q, value)) continue;
        if (readsAsDate(text, n, formatLike(n, value))) continue;
        if (
          !sameLengthWrittenOtherwise(quantities, q, value) &&
          keepsOrder(quantities, q, value) &&
          keepsPairedOrder(text, n.start, n.end, n.value, value) &&
          keepsRangeOfPeriods(text, n, value) &&
          keepsCaseSide(text, q, value, askedQuantities) &&
          keepsCaseInRange(text, q, value, askedQuantities) &&
          keepsRatioOutcome(fixture.task, text, n, value) &&
          keepsQuestionSide(text, fixture.task, askedFigures, answerFigures, q, value)
        )
          yield { start: n.start, end: n.end, replacement: formatLike(n, value) };
      }
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const [original] = findNumbers(fixture.artifact.slice(candidate.start, candidate.end));
    const [replacement] = findNumbers(candidate.replacement);
    if (!original || !replacement) return 'the span holds no number';
    if (unconventionalIn(fixture.artifact, candidate)) return UNCONVENTIONAL_PERIOD;
    // As the critic reads this figure (src/text/mismatches.ts), in the sentence and answer as they were and as mutated: stated, or worked out from figures the answer writes.
    const { sentence, at, replaced, replacedText } = replacedInSentence(fixture.artifact, candidate.start, candidate.end, candidate.replacement);
    if (!statesFigureAt(sentence, at, support, fixture.artifact)) return 'the original number is not stated in the supporting evidence';
    if (statesFigureAt(replaced, at, support, replacedText))
      return 'the new number is also stated in the supporting evidence or the task, worked out from figures the answer writes, or part of an example it gives';
    // Read without the evidence, the answer must still agree with itself: its sums, products, shares and comparisons hold.
    return brokenRelation(fixture.artifact, fixture.task, candidate.start, candidate.end, candidate.replacement);
  },
};

/**
 * Whether the answer writes the same count, ten or more, of another noun too ("The smallest run we press is 100 copies ...
 * 100 records cost £1,150"): a count that large written twice is one quantity named two ways, and changed in one place the two
 * disagree (unseen96's readers: "says the minimum run is 100 copies but then prices a 150-record run"). Small counts recur
 * by chance ("2 adults and 2 children"), and measures are measures of different things ("within 15 miles ... more than 15
 * cents flat"); periods are mentionedAgain's, by their unit.
 */
function countWrittenTwice(quantities: readonly Quantity[], q: Quantity): boolean {
  const countOfThings = (o: Quantity) => countsNoun(o) && !namesMeasure(o.unit);
  return countOfThings(q) && q.number.value >= 10 && quantities.some((o) => o !== q && countOfThings(o) && o.number.value === q.number.value && o.unit !== q.unit);
}

/**
 * Whether the sentence writes the number, ten or more, again without its unit, or with one where this is bare: "every
 * further 1,000 litres or part of 1,000" (unseen132's readers, of the first made 500: "contradicts itself").
 */
function writtenAgainBare(text: string, quantities: readonly Quantity[], q: Quantity): boolean {
  const sentence = sentenceAround(text, q.number.start, q.number.end);
  if (sentence === undefined || q.number.value < 10 || q.number.currency || q.number.percent) return false;
  const inSentence = (o: Quantity) => sentence.start <= o.number.start && o.number.end <= sentence.start + sentence.text.length;
  // The later of the two is bare, the restatement; not the sides of a size ("60 x 40 x 40cm") nor an amount of money.
  const restates = (first: Quantity, later: Quantity) =>
    later.unit === '' && first.unit !== '' && !later.number.currency && !later.number.percent && !first.number.currency && !DIMENSION_SIGN.test(text.slice(first.number.end, later.number.start));
  return quantities.some((o) => o !== q && o.number.value === q.number.value && inSentence(o) && (o.number.start > q.number.start ? restates(q, o) : restates(o, q)));
}

/** A sign between the sides of a size: "60 x 40 x 40cm", "30 × 30 cm". */
const DIMENSION_SIGN = /^[^.;]*?\s[x×]\s*$|^\s*[x×]\s*$/;

/** A unit of time after a figure, as a range's end writes it ("minutes", "an hour", "hrs"). */
const PERIOD_UNIT = String.raw`(minute|min|hour|hr|day|week|month|year)s?\b`;
/** A range's other end: a number, "a", "an", "one" or "half an". */
const RANGE_END = String.raw`(half\s+an?|an?|one|\d+(?:\.\d+)?)`;
/** A figure's unit, then the other end of its range in a unit of its own: "[45] minutes to an hour", "[45] minutes up to an hour". */
const RANGE_END_AFTER = new RegExp(String.raw`^\s*${PERIOD_UNIT}\s*(?:(?:up\s+)?to|[–-]|and)\s*${RANGE_END}\s+${PERIOD_UNIT}`, 'i');
/** A range's first end in a unit of its own, before a figure: "an hour to [90] minutes", "half an hour to [45] minutes". */
const RANGE_END_BEFORE = new RegExp(String.raw`(?:^|\s)${RANGE_END}\s+${PERIOD_UNIT}\s*(?:(?:up\s+)?to|[–-])\s*$`, 'i');
const OWN_PERIOD_UNIT = new RegExp(String.raw`^\s*${PERIOD_UNIT}`, 'i');

/**
 * Whether `value` in place of a period keeps its side of the other end of a range that names a unit of its own ("45
 * minutes to an hour" never "60 minutes to an hour", nor 75): unseen111's readers, "60 minutes to an hour is the same
 * length twice". Ends in one unit without a second unit word ("2 to 3 weeks") are keepsPairedOrder's.
 */
function keepsRangeOfPeriods(text: string, n: NumberPiece, value: number): boolean {
  const own = OWN_PERIOD_UNIT.exec(text.slice(n.end));
  if (!own) return true;
  const hours = (amount: string, unit: string) => (/^half/i.test(amount) ? 0.5 : /^(?:an?|one)$/i.test(amount) ? 1 : Number(amount)) * HOURS_IN[unitName(unit)]!;
  // "and" joins a range's ends only after "between": "between 45 minutes and an hour".
  const afterText = text.slice(n.end, n.end + 40);
  const between = /\bbetween\s+$/i.test(text.slice(Math.max(0, n.start - 10), n.start));
  const after = between || !/^\s*\S+\s*and\b/i.test(afterText) ? RANGE_END_AFTER.exec(afterText) : null;
  const before = RANGE_END_BEFORE.exec(text.slice(Math.max(0, n.start - 40), n.start));
  const partners = [...(after ? [hours(after[2]!, after[3]!)] : []), ...(before ? [hours(before[1]!, before[2]!)] : [])];
  const [was, becomes] = [hours(String(n.value), own[1]!), hours(String(value), own[1]!)];
  return partners.every((partner) => becomes !== partner && Math.sign(partner - was) === Math.sign(partner - becomes));
}

/** A unit of time's name as HOURS_IN keys it: "min" is a minute, "hr" an hour. */
function unitName(written: string): string {
  const unit = written.toLowerCase();
  return unit === 'min' ? 'minute' : unit === 'hr' ? 'hour' : unit;
}

/**
 * Whether an amount is one of two changes its sentence writes, the one a multiple of the other: "The fee rises from
 * £9.50 to £11 a lesson, so a term goes from £95 to £110" (the lessons a term holds). Moved alone, it leaves the
 * changes out of step (unseen124's readers, of £11 made £12: "10 × £12 is £120, not £110").
 */
function inProportion(text: string, n: NumberPiece): boolean {
  const around = sentenceAround(text, n.start, n.end);
  if (around === undefined || n.currency === '') return false;
  const amounts = findNumbers(around.text).filter((m) => m.currency === n.currency && m.value > 0);
  const own = amounts.find((m) => m.start + around.start === n.start);
  if (own === undefined) return false;
  // Changes written "from £9.50 to £11": two pairs of any amounts may share a ratio by chance ("£12 and £6, ... £8 or £4"; the review).
  const fromTo = (x: NumberPiece, y: NumberPiece) => /^\s+to\s+\D?$/.test(around.text.slice(x.end, y.start)) && /\bfrom\s+\D?$/i.test(around.text.slice(Math.max(0, x.start - 7), x.start));
  const changes = amounts.flatMap((x, i) => amounts.slice(i + 1).flatMap((y): Array<[NumberPiece, NumberPiece]> => (fromTo(x, y) ? [[x, y]] : [])));
  const sameRatio = (a: number, b: number) => Math.abs(a - b) < 1e-9 * Math.max(a, b);
  return changes.some(
    ([from, to]) =>
      (from === own || to === own) && changes.some(([otherFrom, otherTo]) => otherFrom !== from && otherFrom.value !== from.value && sameRatio(otherFrom.value / from.value, otherTo.value / to.value)),
  );
}

/** meetsNextBand, of a figure of the answer, in the sentence that holds it. */
function meetsNextBandIn(text: string, n: NumberPiece): boolean {
  const around = sentenceAround(text, n.start, n.end);
  return around !== undefined && meetsNextBand(around.text, { ...n, start: n.start - around.start, end: n.end - around.start });
}

/**
 * The steps an amount in millions is set in (a liability cover of £1, £2, £5
 * or £10 million): moved off them it reads as no limit anyone sets (unseen44's
 * readers, of £5 million made £4 million: "policies are usually £1m, £2m, £5m
 * or £10m").
 */
const MILLION_STEPS = [1, 2, 5, 10, 20, 50, 100];

/** Whether the figure is a whole amount of money in millions: "£5 million", "£2m" (not "5m" of metres, "£2.5 million" or "3 million skaters"). */
function inMillions(text: string, n: NumberPiece): boolean {
  return n.currency !== '' && n.decimals === 0 && /^\s?(?:million\b|m\b)/i.test(text.slice(n.end));
}

/**
 * Whether the figure is a size in bytes ("32GB", "2 TB"). One a power of two is a size of memory or storage, sold
 * halved and doubled (16, 32, 64 GB), and one step off reads as no size anyone sells (unseen65's readers, of a 32GB
 * memory upgrade made 33: "not a real memory size"), an allowance of that size too ("2 GB a day" to 1 or 4); one that
 * is no power of two (22 GB, 30 GB, a 12GB upgrade) moves as any other figure.
 */
function inBytes(text: string, n: NumberPiece): boolean {
  return n.currency === '' && !n.percent && /^\s?[KMGT]B\b/.test(text.slice(n.end));
}

/**
 * Whether the figure is a clothing size: an even whole number from 4 to 32 with no unit, in a sentence that speaks of
 * sizes. Sizes go in twos (a modern 8 to 10), and one step off reads as no size (unseen67's readers, of a 1970s size
 * 12 "roughly a modern 9 to 10": "UK dress sizes go in even numbers").
 */
function isClothingSize(text: string, q: Quantity): boolean {
  const n = q.number;
  const sentence = sentenceAround(text, n.start, n.end)?.text ?? '';
  // A range closed by a count of something ("a group size of 8 to 12 people") counts that, not a size.
  const rangeOfCount = /^\s*(?:to|[–-])\s*\d+\s+[a-z]/i.test(text.slice(n.end));
  // A garment after the size ("a size 12 dress") reads as its unit: the word "size" right before the figure says what it is.
  const namedSize = q.unit === '' || /\bsize\s+$/i.test(text.slice(0, n.start));
  return namedSize && !rangeOfCount && n.decimals === 0 && n.value % 2 === 0 && n.value >= 4 && n.value <= 32 && /\bsizes?\b/i.test(sentence);
}

function isPowerOfTwo(value: number): boolean {
  return Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;
}

/** The steps either side of an amount in millions: £5 million to £2 or £10 million, £3 million to £2 or £5 million. */
function millionsNeighbours(value: number): number[] {
  return [MILLION_STEPS.filter((v) => v < value).at(-1), MILLION_STEPS.find((v) => v > value)].filter((v): v is number => v !== undefined);
}

/**
 * Whether the new length is one the answer already writes in another unit: "1 hour of play, followed by 45 minutes"
 * never becomes "followed by 60 minutes" (unseen46's readers: "mixes units oddly, suggesting a duration was
 * altered"), a length a writer gives in the same words each time.
 */
function sameLengthWrittenOtherwise(quantities: readonly Quantity[], q: Quantity, value: number): boolean {
  const scale = HOURS_IN[q.unit];
  const other = (x: Quantity) => HOURS_IN[x.unit];
  return scale !== undefined && quantities.some((x) => x !== q && x.unit !== q.unit && other(x) !== undefined && Math.abs(x.number.value * other(x)! - value * scale) < 1e-9);
}

/**
 * Whether a share is what remains of a whole ("the remaining 50% ... due on the day of fitting"): it implies the share
 * paid before, which the answer need not state, and moved it implies another (unseen38's readers, of "the remaining
 * 40%": "a deposit ... which would have to be an unusual 60%").
 */
function remainingShare(text: string, n: NumberPiece): boolean {
  return n.percent && /\b(?:remaining|other|outstanding|final)\s+$/i.test(text.slice(Math.max(0, n.start - 16), n.start));
}

/** Why a period moved to an unusual length is refused, as the ignored list gives it. */
export const UNCONVENTIONAL_PERIOD =
  'the new period is a length documents do not write for its unit (months: 1, 2, 3, 6, 12, 18, 24, 36; weeks: 1, 2, 3, 4, 6, 8, 12) where a conventional one was at hand: "valid for 9 months" reads as an altered 6';

/** Whether the candidate writes a period in weeks or months of an unconventional length ("6 months" to "9 months"). */
function unconventionalIn(text: string, candidate: { start: number; end: number; replacement: string }): boolean {
  const mutated = text.slice(0, candidate.start) + candidate.replacement + text.slice(candidate.end);
  const q = findQuantities(mutated).find((x) => x.number.start === candidate.start);
  return q !== undefined && unconventionalPeriod(q.number.value, q.unit);
}

/**
 * Whether an amount written with pence or cents ("£12.50") would move to a whole one ("£12.00") in an answer that
 * writes its whole amounts of that currency without them ("£19"): unseen24's readers read "£13.00" beside "£19" as
 * "written differently, so edited". A whole amount there is written as the answer writes whole amounts.
 */
function roundedOutOfStyle(quantities: readonly Quantity[], n: NumberPiece, value: number): boolean {
  if (!n.currency || !Number.isInteger(value) || !/\.\d+$/.test(n.text)) return false;
  return quantities.some(({ number: other }) => other.start !== n.start && other.currency === n.currency && !/\./.test(other.text));
}

/** "12 noon", "12 midnight": the hour is the word after it, and no other number goes with it (unseen73's readers, of "13 noon": "not a real time"). */
function namesNoonOrMidnight(text: string, n: NumberPiece): boolean {
  return /^\s?(?:noon|midnight)\b/i.test(text.slice(n.end, n.end + 10));
}

/** Whether a number is the hour of a time of day on a 12-hour clock ("before 10pm", "from 8am"). */
function clockTime(text: string, n: NumberPiece): boolean {
  return /^\s?(?:[ap]m\b|[ap]\.m\.)/i.test(text.slice(n.end, n.end + 5));
}

/**
 * An hour earlier or later on a 12-hour clock: "10pm" to "9pm" or "11pm", never "15pm", and never onto or off 12, which
 * readers take for noon or midnight alike (unseen23's readers, of music that stops "at 12 pm", earlier than 11:30 pm:
 * "either noon or midnight, and doesn't fit").
 */
function neighbourHours(hour: number): number[] {
  // Nor off 12: an hour either side of "12pm" is "11am" or "1pm", and the number alone moved writes "11pm", eleven hours on
  // (unseen125's readers, of "Sunday mornings from 10am to 11pm": "contradicts itself").
  if (hour === 12) return [];
  return [hour - 1, hour + 1].filter((h) => h >= 1 && h <= 11);
}

/** A bound of a range written before or after the other: "8 to 20", "8-20". */
const RANGE_BOTTOM_BEFORE = /\b(\d+)\s*(?:to|-|–)\s*$/;
const RANGE_TOP_AFTER = /^\s*(?:to|-|–)\s*(\d+)\b/;

/**
 * Whether `value` in place of a bound of a range ("8 to 20") leaves inside the range a count of the question its
 * sentence restates ("A group of 12 fits the 8 to 20 size range" for "a group of 12 staff"; unseen119's readers, of "8
 * to 10": "12 is outside 8–10").
 */
function keepsCaseInRange(text: string, q: Quantity, value: number, asked: readonly Quantity[]): boolean {
  const bottom = RANGE_BOTTOM_BEFORE.exec(text.slice(Math.max(0, q.number.start - 12), q.number.start))?.[1];
  const top = RANGE_TOP_AFTER.exec(text.slice(q.number.end, q.number.end + 12))?.[1];
  if (bottom === undefined && top === undefined) return true;
  const [low, high] = bottom !== undefined ? [Number(bottom), q.number.value] : [q.number.value, Number(top)];
  const [newLow, newHigh] = bottom !== undefined ? [low, value] : [value, high];
  return asked.every((c) => {
    const v = c.number.value;
    return c.number.currency !== '' || !restatedBeside(text, q, c) || !(low <= v && v <= high) || (newLow <= v && v <= newHigh);
  });
}

/**
 * Whether `value` in place of `q` leaves every figure of its unit the question states, in digits or in words, on the
 * side of it the original did: the answer measures the asker's case against it. unseen31's readers, of a part's
 * "6-month warranty, which would still be running" made 3 for a machine serviced "four months ago": "outside a 3-month
 * warranty, yet the answer says it would still be running".
 */
function keepsQuestionSide(text: string, task: string, asked: readonly Figure[], figures: readonly Figure[], q: Quantity, value: number): boolean {
  const figure = figures.find((f) => f.start === q.number.start);
  // A clock time is read as a time of day, not in proportion to its hour (2pm is 14:00): keepsCaseSide's words bound it.
  if (!figure || figure.kind === '' || q.number.value === 0 || clockTime(text, q.number)) return true;
  // Figures are read in one unit per kind ("48 hours" is 2 days), so the new value is scaled as the original was.
  const moved = (value * figure.value) / q.number.value;
  return asked.every((c) => {
    // A thing's age is a period since it was made ("my harness is 11 years old" beside "retired 10 years after
    // manufacture", read in months): unseen110's readers, of the limit made 15, "an 11-year-old harness is within 15 years".
    // Not a person's age ("My son is 4 years old" beside "Membership lasts 5 years": the review).
    const thingsAge = c.kind === AGE && figure.kind === 'month' && !agedPerson(task, c.start);
    const [kind, caseValue] = thingsAge ? ['month', c.value * 12] : [c.kind, c.value];
    return kind !== figure.kind || Math.sign(caseValue - figure.value) === Math.sign(caseValue - moved);
  });
}

/** Whether the age at `start` of the question is a person's: "I'm 23", "my son is 4", "she is 11 years old". */
function agedPerson(task: string, start: number): boolean {
  const subject =
    /\b(?:(I'm|I am|he's|she's|he is|she is|they're|they are)|(?:my|our|his|her|their|your)\s+([a-z]+)\s+(?:is|was|turns|turned|will be))\s+(?:now\s+|just\s+|nearly\s+|almost\s+)?$/i.exec(
      task.slice(Math.max(0, start - 40), start),
    );
  return subject !== null && (subject[1] !== undefined || namesPerson(subject[2]!.toLowerCase()));
}

/**
 * The minutes between each two clock times the question gives in turn ("booked at 2pm ... there until about 2:25pm":
 * 25): the case a limit in minutes is measured against, though the question writes no minutes (unseen38's readers, of
 * "more than 30 minutes late" for a 2:25pm arrival at a 2pm session).
 */
function clockGaps(task: string): Figure[] {
  const times = clockTimes(task);
  return times.slice(1).flatMap((later, i) => {
    const gap = later.value - times[i]!.value;
    if (gap <= 0) return [];
    // Hours are read as parts of a day ("2 hours" is 1/12 day), as findFigures reads them.
    const at = { text: later.text, start: later.start, end: later.end, decimals: 0 };
    return [
      { ...at, value: gap, kind: 'minute', unit: 'minute' },
      { ...at, value: gap / 1440, kind: 'day', unit: 'hour' },
    ];
  });
}

/** The month the question says it is: "It's February", "we're in early March". */
const NOW_MONTH = new RegExp(String.raw`\b(?:it's|it is|we're in|we are in|now in)\s+(?:early\s+|mid-?\s*|late\s+)?(${MONTHS.join('|')})\b`, 'i');

/**
 * The months from the month the question says it is to each later date it names ("It's February … our wedding on 14
 * June": about 4): the notice the asker gives, which a period in months is measured against (unseen114's readers, of
 * "more than 3 months' notice" made 6: "February to 14 June is only about 4 months").
 */
function monthsFromNow(task: string): Figure[] {
  const now = NOW_MONTH.exec(task);
  if (!now) return [];
  const month = MONTHS.findIndex((m) => m.toLowerCase() === now[1]!.toLowerCase()) + 1;
  return findDates(task).flatMap((d) => {
    const date = calendarOf(d);
    if (date?.month === undefined || d.start < now.index) return [];
    // The middle of the month it is now, to the date's day (or the middle of its month).
    const gap = ((date.month - month + 12) % 12) + ((date.day ?? 15) - 15) / 30.44;
    return gap > 0 ? [{ text: d.text, start: d.start, end: d.end, value: gap, kind: 'month', decimals: 0, unit: 'month' }] : [];
  });
}

/** A charge's step of time after it: "for every 15 minutes", "per hour", "for each 30 minutes". */
const STEP_OF_TIME = /^\s+(?:for\s+(?:every|each)|per|every|a)\s+(?:(\d+)\s+)?(minute|min|hour|hr)s?\b/i;
/** Words before a total that say it follows from what came before: "so arriving at 7pm would add £20". */
const FOLLOWS = /\b(?:so|which|would|making|makes|comes?\s+to|adds?)\b/i;

/**
 * Where the figures of a charge for each step of time start ("£10 for every 15 minutes ..., so arriving at 7pm would
 * add £20"): the charge, its step, a total that follows from it in its sentence and is a whole number of charges, and
 * the answer's clock times whose gap is that many steps, one of them in that sentence (the question's are left alone
 * anyway). A reader works the total out from the clock times: unseen58's readers, of £10 made £15, "6:30pm to 7pm is
 * two 15-minute blocks at £15 each, which makes £30, not £20".
 */
function chargedForElapsedSteps(text: string, task: string): Set<number> {
  const starts = new Set<number>();
  const clocks: Array<{ value: number; at: number | undefined }> = [
    ...clockTimes(text).map((c) => ({ value: c.value, at: c.start })),
    ...clockTimes(task).map((c) => ({ value: c.value, at: undefined })),
  ];
  for (const sentence of splitSentences(text)) {
    const figures = findFigures(sentence.text);
    const inSentence = (at: number | undefined) => at !== undefined && at >= sentence.start && at < sentence.end;
    for (const charge of figures.filter((f) => isCurrencySign(f.kind))) {
      const step = STEP_OF_TIME.exec(sentence.text.slice(charge.end));
      if (!step) continue;
      const minutes = Number(step[1] ?? 1) * (/^h/i.test(step[2] ?? '') ? 60 : 1);
      const totals = figures.filter((f) => f.start > charge.start && f.kind === charge.kind && FOLLOWS.test(sentence.text.slice(charge.end, f.start)));
      for (const total of totals) {
        const count = total.value / charge.value;
        if (!Number.isInteger(count) || count < 2) continue;
        const gap = clocks.flatMap((from) => clocks.filter((to) => to.value - from.value === count * minutes && (inSentence(from.at) || inSentence(to.at))).map((to) => [from, to]))[0];
        if (!gap) continue;
        const stepStart = step[1] === undefined ? [] : [sentence.start + charge.end + step[0].indexOf(step[1])];
        for (const at of [sentence.start + charge.start, sentence.start + total.start, ...stepStart, ...gap.map((c) => c.at)]) if (at !== undefined) starts.add(at);
      }
    }
  }
  return starts;
}

/**
 * The question's counts in words of a share of a whole ("missed three of the last six rehearsals"), as figures of
 * the kind the answer's "more than 2 of the final 6" is read in: unseen33's readers, of that limit made 3, "three is
 * not more than three".
 */
function countsOfSpelled(task: string): Figure[] {
  return [...task.matchAll(/\b([a-z]+)\s+of\s+(?:the|their|our|my|your|his|her)\b/gi)].flatMap((m) => {
    const value = spelledValue([m[1]!]);
    return value === undefined ? [] : [{ text: m[1]!, start: m.index, end: m.index + m[1]!.length, value, kind: 'of', decimals: 0, unit: 'of' }];
  });
}

/** A unitless quantity as the figure it is compared with counts it: "90 minutes instead of the usual 60" is 60 minutes. */
function withComparedUnit(text: string, quantities: readonly Quantity[], q: Quantity): Quantity {
  const unit = unitInComparison(text, q, quantities[quantities.indexOf(q) - 1]);
  return unit === undefined ? q : { ...q, unit };
}

/**
 * Whether `value` is the figure `q` is named as the alternative to, or that is named as the alternative to it: "90
 * minutes instead of the usual 90" compares nothing (the review).
 */
function equalsAlternative(text: string, quantities: readonly Quantity[], q: Quantity, value: number): boolean {
  const at = quantities.indexOf(q);
  const [before, after] = [quantities[at - 1], quantities[at + 1]];
  return (
    (before !== undefined && before.number.value === value && unitInComparison(text, q, before) !== undefined) ||
    (after !== undefined && after.number.value === value && unitInComparison(text, after, q) !== undefined)
  );
}

/**
 * The windows documents count a limit over, by unit: "in any 12-month period", "per 30 days"; and the steps a charge or a
 * timetable counts time in, which divide the hour ("30-minute blocks" never 45: unseen113's readers, "an odd unit").
 */
const WINDOW_VALUES: Readonly<Record<string, readonly number[]>> = {
  minute: [5, 10, 15, 20, 30, 60, 90, 120, 180],
  day: [7, 14, 30, 90, 365],
  week: [1, 2, 4, 52],
  month: [1, 3, 6, 12, 24],
  year: [1, 2, 3, 5],
};

/**
 * The values a count after "every", "per" or "each" moves among: a window's, by its unit; people counted against one
 * person ("one adult for every 8 children") are a ratio, written in round numbers (unseen117's readers, of 8 made 9: "an
 * odd ratio; they are usually 1:8 or 1:10").
 */
function windowValues(text: string, q: Quantity): readonly number[] | undefined {
  return WINDOW_VALUES[q.unit] ?? (countsRatio(text, q.number) && contentLemmas(q.unit).some(namesPerson) ? RATIO_VALUES : undefined);
}

const RATIO_VALUES: readonly number[] = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30];

/** Days in each unit a period may give the length of a range of dates in. */
const RANGE_UNIT_DAYS: Readonly<Record<string, number>> = { day: 1, week: 7 };

/**
 * Whether a period in days or weeks is, to within one of its units, the length of a range of two dates the answer
 * states ("runs for 10 weeks, from Monday 20 April to Saturday 27 June 2026"; "… to Saturday 27 June 2026. It lasts 10
 * weeks."): a reader counts the span (unseen118's readers, of 10 made 8: "covers 10 weeks, not 8"). Counted with both ends.
 */
function lengthOfStatedRange(text: string, q: Quantity): boolean {
  const unitDays = RANGE_UNIT_DAYS[q.unit];
  if (unitDays === undefined) return false;
  const dated = findDates(text).filter((d) => calendarOf(d)?.day !== undefined);
  return dated.slice(1).some((later, i) => {
    const earlier = dated[i]!;
    if (!/^\s*(?:to|until|till|through|[–-]|and)\s*$/i.test(text.slice(earlier.end, later.start))) return false;
    // A range writes its year once, at its end or its start: "from Monday 20 April to Saturday 27 June 2026".
    const yearOf = (d: DatePiece) => calendarOf(d)?.year ?? 2001;
    const days = dayNumber(later, yearOf(earlier))! - dayNumber(earlier, yearOf(later))! + 1;
    return Math.abs(q.number.value - days / unitDays) < 1;
  });
}

/** One thing per a count of another: "one adult for every ", "one parent or carer for every ", "1 member of staff per ". */
const ONE_PER = /\b(?:one|an?|1)\s+(?:[a-z]+\s+){1,3}(?:for\s+(?:every|each)|per)\s+$/i;

/** Whether a number counts the things one of another is per: "one adult for every 8 children". */
function countsRatio(text: string, n: NumberPiece): boolean {
  return ONE_PER.test(text.slice(Math.max(0, n.start - 48), n.start));
}

/**
 * Whether `value` in place of a ratio's count ("one adult for every 8 children") needs as many of its first thing,
 * rounded up, for every count the question states ("There will be 14 of them", "seven of them"): the answer works that many out ("so
 * you'll need one more adult besides yourself"), and 6 in place of 8 needs three adults for 14 (unseen10's "at least
 * four adults" for 30 pupils, beside "one adult for every 6 children").
 */
function keepsRatioOutcome(task: string, text: string, n: NumberPiece, value: number): boolean {
  if (!countsRatio(text, n)) return true;
  const cases = [...findNumbers(task).filter((m) => Number.isInteger(m.value) && !m.currency && !m.percent), ...findNumberWords(task)];
  return cases.every((c) => Math.ceil(c.value / value) === Math.ceil(c.value / n.value));
}

/**
 * "Two claims in any 12-month period", "per 30 days", "every rolling 12 months": the period a limit is counted over; "in
 * 30-minute blocks", "in blocks of 15 minutes", "rounded up to the nearest 30 minutes": the step a charge counts time in.
 */
function countsWindow(text: string, n: NumberPiece): boolean {
  const before = text.slice(Math.max(0, n.start - 20), n.start);
  const after = text.slice(n.end, n.end + 30);
  // A block of weeks or days is a course's or a booking's length ("taught in blocks of 8 weeks"), not a step of a charge.
  const minutes = /^[-\s](?:minute|min)s?\b/i.test(after);
  return (
    /\b(?:any|every|each|per|rolling)\s+$/i.test(before) ||
    /^[-\s](?:day|week|month|year)s?\s+(?:rolling\s+)?period\b/i.test(after) ||
    (minutes && (/\b(?:(?:blocks?|increments?|units?)\s+of|nearest)\s+$/i.test(before) || /^[-\s](?:minute|min)s?\s+(?:blocks?|increments?|slots?|units?)\b/i.test(after)))
  );
}

/** A period that is a larger unit in other words ("12 months", "7 days", "24 hours"), and the words that name that unit. */
const WHOLE_UNITS: ReadonlyArray<[number, string, RegExp]> = [
  [12, 'month', /\b(?:year|years|yearly|annual|annually|a year)\b/i],
  [52, 'week', /\b(?:year|years|yearly|annual|annually)\b/i],
  [365, 'day', /\b(?:year|years|yearly|annual|annually)\b/i],
  [7, 'day', /\b(?:week|weeks|weekly)\b/i],
  [24, 'hour', /\b(?:day|days|daily)\b/i],
];

/** "£15 a year, renewed every 12 months": where the answer also names the larger unit, the period restates it, and a changed one contradicts it. */
function restatesLargerUnit(text: string, q: { number: NumberPiece; unit: string }): boolean {
  return WHOLE_UNITS.some(([value, unit, larger]) => q.number.value === value && q.unit === unit && larger.test(text.slice(0, q.number.start) + text.slice(q.number.end + 8)));
}

/**
 * What a bare number that names a figure again stands after: "the", perhaps with one word after it ("the free 30",
 * "over the 30"), or a word of comparison ("for each mile over 30" beside "free within 30 miles"; unseen42's readers:
 * "free within 20 miles but charges for miles over 30").
 */
const RESTATES_BEFORE = /\b(?:the\s+(?:[a-z]+\s+)?|(?:over|above|under|below|beyond|past)\s+)$/i;

/**
 * A figure the answer refers back to in other words, as the claim analysis reads figures, or an age it states again: "up to 14 days ... collect it
 * within the two weeks" (unseen15's readers saw "up to 21 days ... within the two weeks"). A determiner before one of the
 * two mentions says they are one period, so changing one leaves the other contradicting it; two equal figures without one
 * are two rules ("28 days per year" of leave, notice "at least 4 weeks before").
 */
function referredToAgain(text: string, n: NumberPiece): boolean {
  // One age limit written twice ("must be at least 25 years old ... someone aged 25 or over"; unseen16's readers saw
  // "at least 60" beside it): ages of one answer that are equal are one limit.
  if (isAge(text, n.start, n.end) && findNumbers(text).some((m) => m.start !== n.start && m.value === n.value && isAge(text, m.start, m.end))) return true;
  const figures = findFigures(text);
  const figure = figures.find((f) => f.start === n.start);
  // A bare number after "the" that another number of the answer equals names that figure again without its unit
  // ("free for 30 days ... 10 days beyond the free 30"; unseen38's readers: "then calls it 'the free 20'").
  // Both are left: either changed alone, the two disagree.
  const restatedBare = (m: NumberPiece) => figures.find((f) => f.start === m.start)?.kind === '' && RESTATES_BEFORE.test(text.slice(Math.max(0, m.start - 24), m.start));
  const plain = (m: NumberPiece) => !m.currency && !m.percent;
  if (plain(n) && findNumbers(text).some((m) => m.start !== n.start && plain(m) && m.value === n.value && (restatedBare(m) || restatedBare(n)))) return true;
  if (!figure || figure.kind === '') return false;
  const definite = (f: { start: number }) => /\b(?:the|that|those|these|this)\s+$/i.test(text.slice(Math.max(0, f.start - 8), f.start));
  return figures.some((other) => other.start !== figure.start && other.kind === figure.kind && other.value === figure.value && (definite(other) || definite(figure)));
}

/** A rating written after its figure: amps and volts. */
const RATING = /^[\s-]?(?:[Aa]mps?|[Vv]olts?|(?:A|V)(?![\w-]))/;

/** A format with its unit written on (not a time of day, "10am and 12 noon"), then "or"/"and", before a number: "35mm or 120". */
const FORMAT_BEFORE = /\d(?![ap]m\b)[a-z]+\s+(?:or|and)\s+$/i;
/** What follows a bare number that names a format: the end of its clause ("35mm or 120."), no word, unit or counted noun (the review: "5km or 10 miles"). */
const NO_UNIT_AFTER = /^(?:[.,;:!?)]|$)(?!\d)/;
/** The unit written on a format, then "or"/"and" and a bare number that ends its clause: "35mm or 120". */
const FORMAT_AFTER = /^(?![ap]m\b)[a-z]+\s+(?:or|and)\s+\d+(?:[.,;:!?)]|$)(?!\d)/i;

const LABEL = /(?:\b(?:clause|section|room|form|level|tier|step|page|no\.?|number|option|part|version)\s|[A-Za-z]-|#)$/i;

/** A number that names or orders rather than counts: after a label or a name ("clause 4", "KL-7", "Severity 1"), a clock time ("01:00"), a phone number, one side of "24/7". */
function isIdentifier(text: string, n: NumberPiece): boolean {
  const before = text.slice(Math.max(0, n.start - 30), n.start);
  const after = text.slice(n.end, n.end + 3);
  if (/\d:$/.test(before) || /^:\d/.test(after) || LABEL.test(before)) return true;
  // "24/7", "1/3": one token of two numbers, a name or a ratio, not two quantities.
  if (/\d\/$/.test(before) || /^\/\d/.test(after)) return true;
  // A phone number's groups ("0300 555 0142", "1-888-555-0142"), a leading zero, an ordinal ("the 1st"): digits, not an amount.
  if (/\d[\s-]$/.test(before) || /^[\s-]\d/.test(after) || /^0\d/.test(n.text) || /^(?:st|nd|rd|th)\b/.test(after)) return true;
  // A format named by its sides ("6x4 prints", "7 × 5") or a rating of a standard ("a 13-amp socket", "230V"): a
  // standard's figure moved reads as no standard (unseen44's readers: "5x4 is an odd size", "UK sockets are 13-amp";
  // unseen19's, of a 16-amp hook-up made 17-amp).
  // Written without spaces, as a format is named: "8 × £340 × 1.5" is the answer's arithmetic, "41 x 38 x 64 cm" a measure.
  if (/\d[x×X]$/.test(before) || /^[x×X]\d/.test(after) || RATING.test(text.slice(n.end, n.end + 8))) return true;
  // Formats named side by side, one with its unit written on and one bare ("whether they're 35mm or 120"): the bare one is
  // no measure of that unit, so both name kinds, and either moved names none (unseen141's readers, of 120 made 130: "not a
  // standard roll format").
  if ((FORMAT_BEFORE.test(text.slice(Math.max(0, n.start - 16), n.start)) && NO_UNIT_AFTER.test(text.slice(n.end))) || FORMAT_AFTER.test(text.slice(n.end, n.end + 24))) return true;
  // A capitalised word is a name unless it opens the sentence.
  const name = /(\S*)\s+[A-Z][\w-]*\s$/.exec(before);
  return name !== null && !/[.!?:]$/.test(name[1]!);
}

/**
 * Whether a period in minutes or hours is the difference of two times of day the answer (or the question) states, as
 * date-shift reads a deadline (differenceOfStated), or the number is the hour of one of those times: "the last boat is
 * let in at 14:30 ... takes about 90 minutes" beside a 16:00 close (unseen109's readers, of 90 made 60: "a 16:00 close
 * implies a ~90-minute transit").
 */
function betweenStatedTimes(task: string, text: string, q: Quantity, quantities: readonly Quantity[]): boolean {
  if (q.unit === 'minute' || q.unit === 'hour') return differenceOfStated(task, text, q.number, { key: `duration:${q.number.value} ${q.unit}` }) !== null;
  // The hour of a time of day that is one of the two: "open 8am to 4pm ... 15 minutes before closing, so arrive by 3:45pm".
  const time = clockTimes(text).find((t) => t.start <= q.number.start && q.number.end <= t.end);
  return (
    time !== undefined &&
    quantities.some(
      (period) =>
        (period.unit === 'minute' || period.unit === 'hour') && differenceOfStated(task, text, period.number, { key: `duration:${period.number.value} ${period.unit}` })?.includes(time.text) === true,
    )
  );
}

export function formatLike(n: NumberPiece, value: number): string {
  // A tier is written to its own precision, with at least the one decimal the answer gives its shares: "99.0%" to "98.5%", "99.95%" to "99.9%".
  // A measure written to one place that becomes whole is written whole: "2.5 hours" to "3 hours", never "3.0 hours" (unseen131's
  // readers: "an odd way to write it"). Not one the original wrote whole to a place ("2.0 mmol/L"), nor an amount to the penny ("12.50 euros").
  const wholeMeasure = !n.currency && !n.percent && n.decimals === 1 && !Number.isInteger(n.value) && Number.isInteger(value);
  const decimals = n.percent && n.decimals > 0 ? Math.max(1, (String(value).split('.')[1] ?? '').length) : wholeMeasure ? 0 : n.decimals;
  const digits = n.grouped ? groupedNumber(value, decimals) : value.toFixed(decimals);
  return `${n.currencyWritten}${digits}${n.percent ? '%' : ''}`;
}
