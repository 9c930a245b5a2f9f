/**
 * Ages as thresholds: a rule sets an age limit at a value people use for one
 * (16, 18, 21, 25, 65), and a reader doubts "19 or over" where "18" or "21"
 * is usual. A value mutator moves an age only to a neighbouring usual age.
 */

/** The ages rules set limits at. */
export const AGE_VALUES: readonly number[] = [5, 12, 13, 14, 16, 18, 21, 25, 60, 65, 70, 75, 80];

/** Words that make a bare "under N" or "N or over" an age: the text speaks of ages or of people by age. */
const AGE_TALK = /\b(?:ages?|aged|old|older|younger|adults?|child(?:ren)?|kids?|teens?|teenagers?|juniors?|seniors?|minors?|under-\d+s|birthday)\b/i;

/**
 * Whether the number at [start, end) of `text` is an age: after "aged", "age",
 * "ages", "under-"/"over-" joined to it, or before "years old", "-year-old",
 * "or older", "or younger"; or, bare, before "or over", "and over", "+", or
 * after "under"/"over", in a text that speaks of ages; or said of a person
 * ("you need to be 18 or over", "I'm 23").
 */
export function isAge(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 24), start);
  const after = text.slice(end, end + 24);
  if (/[£$€%]$/.test(before) || /^(?:\.\d|%)/.test(after)) return false;
  if (/\b(?:aged|age|ages|age\s+of|aged\s+between|between\s+the\s+ages\s+of)\s+$/i.test(before) || /\b(?:under|over)-$/i.test(before)) return true;
  // The upper bound of an age range: "aged 0 to 18", "ages 5-11", "between the ages of 5 and 11" (unseen33's readers, of
  // a children's plan "for each child aged 0 to 22": "an unlikely age range").
  if (/\b(?:aged|ages?|between\s+the\s+ages\s+of)\s+\d{1,2}\s*(?:to|[–-]|and)\s*$/i.test(before)) return true;
  if (/^(?:\s*years?\s+old|-year-olds?\b|\s+or\s+(?:older|younger)\b|\s*years?\s+of\s+age\b)/i.test(after)) return true;
  // A person said to be a bare number: "you need to be 18 or over", "I'm 23", "once you turn 65".
  if (
    /\b(?:be|turns?|turned|you're|I'm|they're|he's|she's)\s+(?:at\s+least\s+|over\s+|under\s+)?$/i.test(before) &&
    /^(?:\s+(?:or|and)\s+(?:over|above|under|older|younger)\b|\+|\s*[,.;:)!?]|$)/i.test(after)
  )
    return true;
  // People named by the age they are under or over: "for pupils under 16 a parent has to be at home" (unseen47's readers, of
  // 16 made 15 and 17: "UK safeguarding rules usually use under 16 or under 18"). Not a measure ("guests under 16 kg").
  if (PEOPLE_UNDER.test(before) && !MEASURE_AFTER.test(after)) return true;
  // Bare: "18 or over", "under 25", "65+": a count of nothing, in a text about ages.
  const bare =
    /^(?:\s+(?:or|and)\s+(?:over|above|under)\b|\+)/i.test(after) ||
    (/\b(?:under|over)\s+$/i.test(before) && /^(?:\s*(?:[,.;:)]|$)|\s+(?:must|need|may|can|cannot|can't|are|is|pay|travel|go|get|and|or|with|who|will)\b)/i.test(after));
  return bare && AGE_TALK.test(text);
}

/** People a rule names by an age they are under or over: "pupils under", "children over", "anyone aged under", "an adult over". */
const PEOPLE_UNDER =
  /\b(?:pupils?|students?|children|kids|people|guests?|visitors?|riders?|players?|members?|anyone|someone|those|customers?|passengers?|drivers?|learners?|swimmers?|skaters?|participants?|adults?)\s+(?:aged\s+)?(?:under|over)\s+$/i;
/** A unit after the number: a measure, not an age. */
const MEASURE_AFTER = /^\s*(?:kg|g|cm|mm|m|km|ft|foot|feet|in|inch(?:es)?|miles?|mins?|minutes?|hours?|hrs?|days?|weeks?|months?|pounds?|lbs?|stone|%)\b/i;

/** The age at which one is an adult in law. */
const AGE_OF_MAJORITY = 18;

/** The most years a limit moves: past it, the new age is another stage of life ("the driver must be 25 or over" made 60). */
const MAX_AGE_STEP = 10;

/**
 * The usual ages either side of an age, within MAX_AGE_STEP years: 18 to 16
 * or 21, 19 to 18 or 21, 25 to 21 only (unseen20's readers: "a minimum
 * driver age of 60 or over is implausible"); for an age at `at.start` of
 * `at.text`, none younger than an adult's where the words before name an adult.
 */
export function ageNeighbours(value: number, at?: { text: string; start: number }): number[] {
  // The age of majority is the adult age every rule of a domain uses: moved to 16 or 21 (an adult who must accompany, a
  // carer, a drinker) it reads as altered by the age alone (unseen40's readers: "normally 18+"; unseen34's, of a waiver
  // needed "under 17").
  if (value === AGE_OF_MAJORITY) return [];
  const below = AGE_VALUES.filter((v) => v < value).at(-1);
  const above = AGE_VALUES.find((v) => v > value);
  // An adult's age stays an adult's ("an adult aged 16 or over" made 14: unseen49's readers, "contradicts itself").
  const lowest = at && ADULT_BEFORE.test(at.text.slice(Math.max(0, at.start - 40), at.start)) ? YOUNGEST_ADULT : 0;
  return [below, above].filter((v): v is number => v !== undefined && Math.abs(v - value) <= MAX_AGE_STEP && v >= lowest);
}

/**
 * The words just before an age that say it is an adult's: "an adult aged", "adults over the age of", "an adult (aged",
 * "an adult who is at least"; not "adults and adolescents aged 16", where the age is the younger group's.
 */
const ADULT_BEFORE = /\badults?\b[\s,(]*(?:who\s+(?:is|are)\s+)?(?:aged\s+)?(?:over\s+the\s+age\s+of|of\s+at\s+least|at\s+least|over|of)?\s*$/i;
/** The youngest age an adult is written with: a rule's "adult aged 16 or over" (a supervisor, a carer). */
const YOUNGEST_ADULT = 16;
