import { findNumbers } from './claims.js';
import { readSentences, type Token } from './nlp.js';
import { findNumberWords } from './quantities.js';
import { findFigures } from './figures.js';
import { daysBetweenDates } from './spans.js';
import { HOURS_IN } from './units.js';
import { countValue } from './numberWords.js';

/**
 * Counts of a thing a text states ("150 prints", "five lanes", "4 or more
 * lanes", "up to 200 prints"): the number and the noun it counts, by lemma,
 * as the language model reads it. What lets a bound ("100 or more prints")
 * be told from the case it is measured against ("your 150 prints").
 */
export interface CountedFigure {
  value: number;
  /** The lemma of the noun counted ("print", "lane", "night", "kg"): of a run of nouns, the one written plural ("8 improver lessons" → "lesson"). */
  noun: string;
  /** The number and its noun as written ("150 prints", "4 or more lanes"). */
  text: string;
  start: number;
  end: number;
}

/** Words between a number and its noun that leave the noun what it is: "4 or more lanes", "3 nights or over". */
const BOUND_WORDS: ReadonlySet<string> = new Set(['or', 'more', 'less', 'fewer', 'over', 'above', 'under', 'below']);

/** The noun a number counts and where it ends: the run of nouns after it, past adjectives and bound words, within a few tokens. */
function nounAfter(tokens: readonly Token[], end: number): { noun: string; end: number } | null {
  let i = tokens.findIndex((t) => t.start >= end);
  // "the 15th week": an ordinal names one week, it counts none.
  if (i < 0 || tokens[i - 1]?.end !== end) return null;
  for (let skipped = 0; i < tokens.length && skipped < 3 && !isNoun(tokens[i]!); i++, skipped++) {
    const t = tokens[i]!;
    // A participle before the noun modifies it as an adjective does: "3 sticking keys".
    if (t.pos !== 'ADJ' && !BOUND_WORDS.has(t.text.toLowerCase()) && !(t.pos === 'VERB' && /ing$/i.test(t.text) && tokens[i + 1] !== undefined && isNoun(tokens[i + 1]!))) return null;
  }
  // Of a run of nouns, the first written plural ("8 improver lessons", "150 prints cost"), else the first ("15 kg spaniel").
  const run: Token[] = [];
  for (; i < tokens.length && isNoun(tokens[i]!); i++) run.push(tokens[i]!);
  const counted = run.find((t) => t.lemma !== t.text.toLowerCase()) ?? run[0];
  const found = counted ? { noun: counted.lemma, end: counted.end } : null;
  // "100 or more prints, you get": the model reads a plural noun after a count as a verb; its lemma is the noun's.
  const t = tokens[i];
  if (!found && t?.pos === 'VERB' && /s$/i.test(t.text)) return { noun: t.lemma, end: t.end };
  return found;
}

const isNoun = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';

/** The numbers of a text that may count something, in digits or in words: no amount of money or share. */
export function countNumbers(text: string): { value: number; start: number; end: number }[] {
  return [...findNumbers(text).filter((n) => !n.currency && !n.percent), ...findNumberWords(text)];
}

/** Every count of a noun the text states, in digits or in words; an amount of money or a share counts no noun. */
export function countedFigures(text: string): CountedFigure[] {
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  const numbers = countNumbers(text);
  return numbers
    .flatMap((n) => {
      const noun = nounAfter(tokens, n.end);
      return noun ? [{ value: n.value, noun: noun.noun, text: text.slice(n.start, noun.end), start: n.start, end: n.end }] : [];
    })
    .sort((a, b) => a.start - b.start);
}

/**
 * Counts named before their number where no noun follows it: "a group of 8 or more", "my group of 10", the noun
 * before "of" (unseen66's readers saw "As you're a group of 8 or more" left as "a group of 8" beside the question's
 * group of 10). Read only for the question's case of a bound, beside countedFigures.
 */
function countsNamedBefore(text: string): CountedFigure[] {
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  return countNumbers(text).flatMap((n) => {
    const at = tokens.findIndex((t) => t.start === n.start);
    const [named, of] = [tokens[at - 2], tokens[at - 1]];
    if (at < 2 || of?.text.toLowerCase() !== 'of' || !named || !isNoun(named) || nounAfter(tokens, n.end)) return [];
    // From the noun, as written: a bound after it reads from the phrase's end (start + text), not past it.
    return [{ value: n.value, noun: named.lemma, text: text.slice(named.start, n.end), start: named.start, end: n.end }];
  });
}

/** A count of some of a whole: "One of the keys", "two of my bikes". */
const OF_WHOLE = /\b(one|two|three|four|five|six|\d+)\s+of\s+(?:the|my|our|your|his|her|their)\s+([a-z]+)/gi;

/**
 * Counts of some of a whole the question names: "One of the keys on my piano is sticking" counts one key (unseen94's
 * readers, of "we'll ease 3 sticking keys" left without its "up to": "doesn't fit a customer with one sticking key").
 * Read only for the question's case of a bound, beside countedFigures.
 */
function countsOfWhole(text: string): CountedFigure[] {
  return [...text.matchAll(OF_WHOLE)].flatMap((m) => {
    const value = countValue(m[1]!);
    const noun = readSentences(m[2]!)[0]?.tokens[0]?.lemma;
    return value === undefined || !noun ? [] : [{ value, noun, text: m[0], start: m.index!, end: m.index! + m[1]!.length }];
  });
}

/** A count of the askers themselves: "There are seven of us", "the 12 of us". */
const OF_US = /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)\s+of\s+us\b/gi;

/** Nouns that count the people of a booking, the askers among them: "a party of 6", "groups of 8", "seven of us". */
export const PARTY_NOUNS: ReadonlySet<string> = new Set(['party', 'group', 'people', 'person', 'guest', 'client', 'us']);

/**
 * Counts of the askers the question gives as "N of us": "There are seven of us getting ready" (unseen134's readers, of
 * "any party of 6 or more is given a second artist" left without "or more": "the party is seven ... doesn't fit").
 * Read only for the question's case of a bound, beside countedFigures.
 */
function countsOfUs(text: string): CountedFigure[] {
  return [...text.matchAll(OF_US)].flatMap((m) => {
    const value = countValue(m[1]!);
    // "one of us uses a wheelchair" is one of the party, not its size.
    return value === undefined || value < 2 ? [] : [{ value, noun: 'us', text: m[0], start: m.index!, end: m.index! + m[1]!.length }];
  });
}

/** The words after a period that make it a deadline: "48 hours before", "3 days in advance". */
const DEADLINE = /^\s*(?:before|after|prior|ahead|in advance|beforehand|earlier|later|following)\b/i;

/** Qualifiers that make the figure beside them a bound, after it ("100 or more prints") or before it ("up to 200 prints"), and the side of it they let a case lie on. */
const BOUNDS_AFTER: ReadonlyMap<string, 1 | -1> = new Map([
  ['or more', 1],
  ['or over', 1],
  ['or above', 1],
  ['or fewer', -1],
  ['or less', -1],
  ['or under', -1],
  ['or below', -1],
]);
const BOUNDS_BEFORE: ReadonlyMap<string, 1 | -1> = new Map([
  ['at least', 1],
  ['more than', 1],
  ['no less than', 1],
  ['over', 1],
  ['a minimum of', 1],
  ['up to', -1],
  ['at most', -1],
  ['no more than', -1],
  ['fewer than', -1],
  ['less than', -1],
  ['under', -1],
  ['a maximum of', -1],
]);

/**
 * The count of the same thing the question states as its case ("150
 * prints", "5 lanes", "a 12 kg spaniel") that a bound qualifier beside a
 * figure of the answer lets in ("100 or more prints", "4 or more lanes", "up
 * to 200 prints", "dogs up to 15 kg"), or null. The qualifier is what makes
 * the rule apply to that case: without it the bound reads as the case itself
 * ("the order is for 100 prints" beside "150 prints") and the answer
 * contradicts itself. A case the bound leaves out ("three parcels" beside
 * "five or more parcels") still fits the bound without its qualifier; a
 * figure the answer alone states is another rule's as often as the case.
 */
export function caseOfBound(artifact: string, task: string, q: { keyword: string; start: number; end: number }): { bound: CountedFigure; case: { text: string } } | null {
  const keyword = q.keyword.toLowerCase().replace(/\s+/g, ' ');
  const side = BOUNDS_AFTER.get(keyword) ?? BOUNDS_BEFORE.get(keyword);
  const between = (from: number, to: number) => /^\s{0,2}$/.test(artifact.slice(from, to));
  const counted = [...countedFigures(artifact), ...countsNamedBefore(artifact)];
  // A bound after the count's number or after its noun: "100 or more prints", "12 weeks or more" (unseen51's readers).
  const bound = BOUNDS_AFTER.has(keyword)
    ? counted.find((c) => c.end <= q.start && (between(c.end, q.start) || between(c.start + c.text.length, q.start)))
    : counted.find((c) => c.start >= q.end && between(q.end, c.start));
  if (side === undefined) return null;
  if (!bound) return amountCaseOfBound(artifact, task, q, side, BOUNDS_AFTER.has(keyword), between);
  // "up to 48 hours before the session": a deadline, which date-shift moves, not a bound a count is measured against;
  // but the question's own dates may measure the case against it.
  if (DEADLINE.test(artifact.slice(bound.start + bound.text.length))) return spanOfCase(artifact, task, bound, side);
  // The question's count of the same thing, or of another word the answer restates beside the bound ("fleets with 5 or more vehicles ...,
  // so your 8 cars qualify" for "a taxi firm with 8 cars"; unseen28's readers).
  const sentence = readSentences(artifact).find((s) => s.start <= q.start && q.end <= s.end);
  const restated = (c: CountedFigure) => counted.some((a) => a !== bound && sentence !== undefined && a.start >= sentence.start && a.end <= sentence.end && a.value === c.value && a.noun === c.noun);
  const sameThing = (c: CountedFigure) => c.noun === bound.noun || (PARTY_NOUNS.has(c.noun) && PARTY_NOUNS.has(bound.noun)) || restated(c);
  const found = [...countedFigures(task), ...countsNamedBefore(task), ...countsOfWhole(task), ...countsOfUs(task)].find(
    (c) => (sameThing(c) && Math.sign(c.value - bound.value) === side) || periodOnSide(task, c, bound, side),
  );
  return found ? { bound, case: found } : null;
}

/** Words after a bound that say the question's case meets it: "so yours qualifies", "so your plan is eligible". */
const CASE_MEETS_BOUND = /^[^.;]*?\b(?:so|which means|meaning)\s+(?:yours|you|it|this|that|your\s+[a-z]+)\s+(?:qualif(?:y|ies)|(?:is|are)\s+(?:covered|eligible|included))\b/i;

/**
 * The question's amount that a bound on an amount of the answer lets in, where the answer says that case meets it:
 * "Plans of £500 or more can be spread over 12 months, so yours qualifies" for "my plan comes to £1,200" (unseen121's
 * readers, of "Plans of £500 ... so yours qualifies": "does not follow for a £1,200 plan"). An amount counts no noun,
 * so its case is the question's amount in the same currency, and only where the answer draws the conclusion: beside
 * "I paid £120", "refunds up to £50" without its bound still reads.
 */
function amountCaseOfBound(
  artifact: string,
  task: string,
  q: { start: number; end: number },
  side: 1 | -1,
  boundAfter: boolean,
  between: (from: number, to: number) => boolean,
): { bound: CountedFigure; case: { text: string } } | null {
  const amounts = findNumbers(artifact).filter((n) => n.currency !== '');
  const amount = boundAfter ? amounts.find((n) => n.end <= q.start && between(n.end, q.start)) : amounts.find((n) => n.start >= q.end && between(q.end, n.start));
  if (!amount || !CASE_MEETS_BOUND.test(artifact.slice(Math.max(amount.end, q.end)))) return null;
  const found = findNumbers(task).find((n) => n.currency === amount.currency && Math.sign(n.value - amount.value) === side);
  if (!found) return null;
  return { bound: { value: amount.value, noun: amount.currency, text: amount.text, start: amount.start, end: amount.end }, case: { text: found.text } };
}

/**
 * Whether a period of the question lies on the bound's side of a period of the answer in another unit: "a holiday
 * for two weeks" inside "trips of up to 90 days" (unseen66's readers, of "trips of 90 days in a row" left beside it:
 * "reads like a changed limit").
 */
function periodOnSide(task: string, c: CountedFigure, bound: CountedFigure, side: 1 | -1): boolean {
  const [caseHours, boundHours] = [PERIOD_HOURS[c.noun], PERIOD_HOURS[bound.noun]];
  // An age or a time since ("30 years old", "joined six weeks ago") is no period the bound measures.
  const since = /^\s*(?:old|ago|of\s+age)\b/i.test(task.slice(c.start + c.text.length));
  return !since && c.noun !== bound.noun && caseHours !== undefined && boundHours !== undefined && Math.sign(c.value * caseHours - bound.value * boundHours) === side;
}

/** Hours in a period, nights counted as days ("stay for up to 28 nights" for a two-week trip). */
const PERIOD_HOURS: Readonly<Record<string, number>> = { ...HOURS_IN, night: HOURS_IN.day! };

/**
 * The question's case of a deadline bound, measured by the question's own dates: "booking at least 21 days before the
 * course begins", with the question's "starting on 2 March 2027" and "it's 1 February 2027 today", lets in the 29 days
 * between them; without "at least" the answer's 21 days contradict the question's 29 (unseen15's readers).
 */
function spanOfCase(artifact: string, task: string, bound: CountedFigure, side: 1 | -1): { bound: CountedFigure; case: { text: string } } | null {
  const period = findFigures(artifact).find((f) => f.start === bound.start && f.kind === 'day');
  if (!period) return null;
  const span = [...daysBetweenDates('', task)].find((days) => Math.sign(days - period.value) === side);
  return span === undefined ? null : { bound, case: { text: `${span} days between the question's dates` } };
}
