/**
 * Rates after an amount ("$390 a month", "€24 per day", "$4,680 over a
 * year", "£80 annually") and how many of one period make another: what the
 * claim analysis needs to read "$390 a month, or $4,680 over a year" as one
 * price twice, and what a mutator needs to leave such a pair alone.
 */

/** A rate's period after an amount, in its clause. */
// The third form is a year written as its months or weeks: "£108 over 12 months" is £108 a year (unseen122's false alarm).
const RATE_AFTER =
  /^[^\d.;:,]{0,16}?\b(?:a|an|per|each|every|over\s+a|over\s+the|for\s+a|for\s+the)\s+(?:whole\s+|full\s+|calendar\s+)?(day|week|month|quarter|year)\b|^[^\d.;:,]{0,16}?\b(daily|weekly|monthly|quarterly|annually|yearly)\b|^[^\d.;:,]{0,16}?\b(?:over|across|for)\s+(?:the\s+)?(12\s+months|twelve\s+months|52\s+weeks|fifty-two\s+weeks)\b/i;

const PERIOD_OF_ADVERB: Readonly<Record<string, string>> = { daily: 'day', weekly: 'week', monthly: 'month', quarterly: 'quarter', annually: 'year', yearly: 'year' };

/** The period of the rate written after the amount that ends at `end` ("month" for "$390 a month"), or undefined. */
export function ratePeriodAfter(text: string, end: number): string | undefined {
  const m = RATE_AFTER.exec(text.slice(end, end + 40));
  if (!m) return undefined;
  if (m[3] !== undefined) return 'year';
  return m[1]?.toLowerCase() ?? PERIOD_OF_ADVERB[m[2]!.toLowerCase()];
}

/** A measure's unit, apart from its number or written against it, and the thing it is given for each one of: "miles per night", "kg a bag". */
const EACH_AFTER = /^[\s-]*[A-Za-z]+\s+(?:per|each|every|a|an)\s+([a-z]{3,})\b/i;

/** What the measure whose number ends at `end` is given for each one of ("night" for "200 miles per night"), or undefined. */
export function measureEachAfter(text: string, end: number): string | undefined {
  return EACH_AFTER.exec(text.slice(end, end + 40))?.[1]?.toLowerCase();
}

/** How many of one period make another, exactly: 12 months a year, 7 days a week. */
const PERIODS_IN: ReadonlyArray<readonly [string, string, number]> = [
  ['day', 'week', 7],
  ['day', 'year', 365],
  ['week', 'year', 52],
  ['month', 'quarter', 3],
  ['month', 'year', 12],
  ['quarter', 'year', 4],
];

/** The factor from a rate per one period to the rate per another ("a month" to "a year": 12), or undefined where no exact one exists. */
export function rateFactor(from: string, to: string): number | undefined {
  for (const [small, large, n] of PERIODS_IN) {
    if (from === small && to === large) return n;
    if (from === large && to === small) return 1 / n;
  }
  return undefined;
}

/** How many of a unit the whole of a period holds: 24 hours a day, 7 days a week, 365 days a year. */
const WHOLE_OF: ReadonlyArray<readonly [string, string, number]> = [['minute', 'hour', 60], ['hour', 'day', 24], ['hour', 'week', 168], ['day', 'year', 366], ...PERIODS_IN];
const UNIT_PER_PERIOD = /^\s*(minute|hour|day|week|month|quarter)s?\s+(?:a|an|per|each|every)\s+(hour|day|week|month|quarter|year)\b/i;

/**
 * Whether the number that ends at `end` counts the whole of the period it is given for ("runs 24 hours a day, 365 days a
 * year"): a way of saying always, not a measure a worker misreads (unseen105's readers, of "48 hours a day" and "90 days a
 * year": "impossible", "makes no sense").
 */
export function wholeOfItsPeriod(text: string, start: number, end: number, value: number): boolean {
  const after = text.slice(end, end + 40);
  if (value === 24 && (ROUND_THE_CLOCK.test(after) || (OPEN_BEFORE.test(text.slice(Math.max(0, start - 24), start)) && HOURS_OF_OPENING.test(after)))) return true;
  const m = UNIT_PER_PERIOD.exec(after);
  return m !== null && WHOLE_OF.some(([unit, period, count]) => unit === m[1]!.toLowerCase() && period === m[2]!.toLowerCase() && count === value);
}

/**
 * The hours of a whole day, its period left to what follows: "24 hours, 7 days a week", "24 hrs, 365 days a year", "24
 * hours, every single day", "24 hours on weekdays" (a review: "48 hours, 7 days a week").
 */
const ROUND_THE_CLOCK = /^\s*(?:hours|hrs)\b,?\s+(?:(?:7|seven)\s+days\s+(?:a|per)\s+week|(?:every|each)\s+(?:single\s+)?day|daily|36[56]\s+days\s+(?:a|per)\s+year|on\s+week(?:days|ends))\b/i;
/** A place or service open for the 24 hours of a day: "open 24 hours", "staffed 24 hours" (a review: "open 48 hours"). */
const OPEN_BEFORE = /\b(?:open|opens|staffed|manned|available|monitored|answered|runs?|running|operates?|operating)\s+$/i;
/** Hours that are not a period before or after something ("open 24 hours", not "open 24 hours before the show"). */
const HOURS_OF_OPENING = /^\s*(?:hours|hrs)\b(?!\s+(?:before|after|of|to|from|notice|in\s+advance|ahead|later|earlier|prior))/i;
