import { contentLemmas, findEntities, findNumbers, questionText, splitSentences } from './claims.js';
import { findDates, WEEKDAYS } from './dates.js';
import { clockTimes } from './figures.js';
import { readSentences, type Token } from './nlp.js';
import { periodsIn } from './periods.js';
import { spelledValue } from './numberWords.js';

/**
 * What a wh-part of a question asks for, and whether a sentence of the answer
 * gives that kind of thing: a name for "who" ("who should I speak to?": "ask
 * for Priya Shah"), a date, weekday or time of day for "when", a named place
 * for "where", a figure for "how much", a count for "how many", a period
 * for "how long", what the asker must do for "what will I need to sort out
 * myself?" ("you'll need to arrange those yourself"). An answer whose only
 * sentence of that kind is gone leaves that part plainly unanswered, which a
 * reader sees without the evidence.
 */
export type WhKind = 'who' | 'when' | 'by when' | 'where' | 'how much' | 'how many' | 'how long' | 'what to do';

/**
 * The things a question asks, one by one: each sentence of it that ends with a
 * question mark, cut where ", and" or "and" opens another question ("What
 * will it cost, and how much do I pay up front?" asks two). The case the
 * question describes before them is no ask.
 */
export function asksOf(task: string): string[] {
  const questions = splitSentences(questionText(task))
    .map((s) => s.text.trim())
    .filter((t) => t.endsWith('?'));
  // An ask may open on a preposition: "How much is left to pay, and by when?" asks two things (unseen128's readers, of the
  // only date left out: "the question asks by when, but the answer never gives the due date").
  return questions.flatMap((q) =>
    q.split(/,?\s+and\s+(?=(?:(?:by|from|until|till|for|at|to|in|on|with|of)\s+)?(?:how|what|when|where|which|who|whom|whether|why|is|are|can|could|do|does|did|will|would|should|may|must)\b)|;\s*/i),
  );
}

/** The wh-word an ask opens with, as the language model reads its tokens (past a preposition: "to whom", "by when"); undefined for a yes/no or what/which ask. */
export function whKindOf(ask: string): WhKind | undefined {
  const tokens = readSentences(ask.replace(ON_THE_ASK_BEFORE, '')).flatMap((s) => s.tokens);
  let i = 0;
  while (tokens[i] && (tokens[i]!.pos === 'ADP' || tokens[i]!.pos === 'PUNCT' || tokens[i]!.pos === 'CCONJ')) i++;
  const [word, next] = [tokens[i], tokens[i + 1]].map((t: Token | undefined) => t?.text.toLowerCase());
  if (word === 'who' || word === 'whom') return 'who';
  if (word === 'when') return 'when';
  // "what's the latest I can book?", "what is the deadline?": a time asked for as a limit (unseen87's readers, of the cut-off left
  // out: "the answer never gives it").
  if (word === 'what' && ASKS_A_LIMIT.test(ask)) return 'by when';
  if (word === 'where') return 'where';
  if (word === 'how' && next === 'much') return 'how much';
  if (word === 'how' && next === 'many') return 'how many';
  if (word === 'how' && next === 'long') return 'how long';
  // "what will I need to sort out myself?", "what do we have to do": the asker's own part (unseen26's readers, of an answer without it).
  if (word === 'what' && next !== 'happens' && next !== 'if' && ASKERS_PART.test(ask)) return 'what to do';
  return undefined;
}

/** An opening that sets an ask on the answer to the one before it: "If not, where else can I go?", "Otherwise, who do I ask?". */
const ON_THE_ASK_BEFORE = /^\s*(?:if\s+(?:not|so)|otherwise|failing\s+that)\s*,\s*/i;

/** An ask for the time a thing must happen by: "what's the latest I can book", "what is the deadline", "what's the cut-off"; not "what's the latest model". */
const ASKS_A_LIMIT = /\bwhat(?:['’]s|\s+is)\s+the\s+(?:(?:latest|last)(?:\s+(?:time|date|day))?\s+(?:I|we|you|they|he|she|it)\b|deadline|cut-?off)/i;

/** Words that make a time a limit: "by 3pm", "the cut-off is 3pm", "no later than 1 May". */
const LIMIT_WORDS = /\b(?:by|before|until|no later than|cut-?off|deadline|latest|last)\b/i;

/** An ask of what falls to the asker: "I need to", "we have to", "must I", "should I", "myself" (not "what options do we have?"). */
const ASKERS_PART = /\b(?:(?:I|we)\s+(?:\w+\s+)?(?:(?:need|have)\s+to|must|should)\b|(?:must|should)\s+(?:I|we)\b|myself|ourselves)\b/i;

/**
 * A sentence that tells the reader what falls to them: "you'll need to", "you'll need proof of address" (unseen61's
 * readers, of that sentence left out for "what do I need to show?": "the answer never says what to show"), "you have
 * to", "you must", "yourself"; not a case it supposes ("if you need a new key"), a need it lifts ("you need not
 * book"), nor a thing they have ("you have a 14-day cooling-off period").
 */
const YOUR_PART = /(?<!\b(?:if|when|unless|whether|should|once)\s+)\byou(?:['’]ll|['’]d| will| would)?\s+(?:need\b(?!\s+not\b)|have\s+to|must|should)\b|\byoursel(?:f|ves)\b/i;

/** Named things a sentence states: a run of words the model reads as proper nouns that is no month or weekday ("Priya Shah", "Crescendo Strings"). */
function properNames(sentence: string): string[] {
  const proper = readSentences(sentence)
    .flatMap((s) => s.tokens)
    .filter((t) => t.pos === 'PROPN');
  // Weekdays in the plural ("closed on Wednesdays and Sundays") are days too, whatever kind the entity reader gives them.
  return findEntities(sentence)
    .filter((e) => e.kind !== 'month' && e.kind !== 'weekday' && !WEEKDAYS.includes(e.text.replace(/s$/, '')) && proper.some((t) => e.start <= t.start && t.end <= e.end))
    .map((e) => e.text);
}

/** Whether a sentence gives the kind of thing a wh-ask asks for. */
export function givesWh(sentence: string, kind: WhKind): boolean {
  switch (kind) {
    case 'who':
    case 'where':
      return properNames(sentence).length > 0;
    case 'when':
      // A period from an event says when too: "Everything will be ready 48 hours after you drop it off" (unseen137's readers, of
      // that sentence left out for "when can I pick them up?": "the answer never says").
      return datedOrTimed(sentence) || findDates(sentence).some((d) => d.form === 'duration' && FROM_NOW_OR_AN_EVENT.test(sentence.slice(Math.max(0, d.start - 8), d.end + 24)));
    case 'by when':
      // A limit is a time or a date: "up to 14 days before you travel" gives no latest time to book (unseen87's readers).
      return datedOrTimed(sentence) && LIMIT_WORDS.test(sentence);
    case 'how much':
      return findNumbers(sentence).length > 0;
    case 'how many':
      // A count, in digits or words ("twenty edited images"); a price beside it ("$18 each") counts nothing.
      return (
        findNumbers(sentence).some((n) => !n.currency && !n.percent) ||
        readSentences(sentence)
          .flatMap((s) => s.tokens)
          .some((t) => spelledValue(t.text.split('-')) !== undefined)
      );
    case 'how long':
      return periodsIn(sentence).length > 0 || findDates(sentence).some((d) => d.form === 'duration');
    case 'what to do':
      return YOUR_PART.test(sentence);
  }
}

/** Whether a sentence gives a date, a weekday or a time of day. */
const datedOrTimed = (sentence: string) => findDates(sentence).some((d) => d.form !== 'duration') || clockTimes(sentence).length > 0;

/**
 * A period read as a time from now or from an event, with the words around it: "within 7 days", "48 hours
 * after you drop it off", "3 days from booking", "4 weeks before the day".
 */
const FROM_NOW_OR_AN_EVENT =
  /\bwithin\s+[\w-]+\s+(?:(?:working|business)\s+)?(?:hours?|days?|weeks?|months?)\b|\b(?:hours?|days?|weeks?|months?)\s+(?:after|from|later|before|prior\s+to|ahead\s+of)\b/i;

/** Words every question asks with, which say nothing of what it asks about. */
export const ASKING_WORDS: ReadonlySet<string> = new Set(['how', 'much', 'many', 'long', 'soon', 'often', 'far', 'old', 'need', 'want', 'like', 'able', 'also', 'still', 'else']);

/**
 * The wh-ask of `asks` that sentence `i` of the answer is the only one to
 * answer in kind (the only sentence naming a person for "who should I speak
 * to?"), or undefined. Of several sentences of that kind, the only one with a
 * word of the ask answers it: "There's free parking at the Market Street car
 * park" for "where can we park?", beside "at Ashby Town Hall" (unseen66's
 * readers, of that sentence left out: "the answer never mentions parking").
 */
export function onlyAnswerToWh(asks: readonly string[], sentences: readonly string[], i: number): { ask: string; kind: WhKind } | undefined {
  for (const ask of asks) {
    const kind = whKindOf(ask);
    if (!kind) continue;
    // "Where else can I go?": a sentence naming only the place the question names ("Ridgeway Road is closed") gives no other (unseen95's readers).
    const question = asks.join(' ');
    const namesOther = (sentence: string) => !ELSE.test(ask) || properNames(sentence).some((name) => !question.includes(name));
    const giving = sentences.flatMap((s, j) => (givesWh(s, kind) && namesOther(s) ? [j] : []));
    const words = new Set(contentLemmas(ask).filter((l) => !ASKING_WORDS.has(l)));
    // Only for "where": a name of the place with a word of the ask is its answer. A figure or a name beside a word of the
    // ask answers no "how much" or "who" ("It will be paid back to the card" for "How much would I get back?").
    const about = giving.length > 1 && kind === 'where' ? giving.filter((j) => contentLemmas(sentences[j]!).some((l) => words.has(l))) : giving;
    // For "when", of several, those with a word of the ask, where any has one: "It starts on 14 April" for "when does it start?",
    // beside "Evening sessions run from 7pm to 9pm" (the review).
    const worded = kind === 'when' && about.length > 1 ? about.filter((j) => contentLemmas(sentences[j]!).some((l) => words.has(l))) : [];
    const asked = worded.length > 0 ? worded : about;
    // Of several, the only one that repeats a phrase of the ask: "how much more would it be to get it there within the hour?" and
    // "For delivery within the hour you'd need express" (unseen95's readers, of that sentence left out: "leaves that out").
    // Of several that give a "when", the only one to give a time of day, or else the only one to give a date as a limit: "Callum
    // delivers between 2pm and 5pm on the Friday" beside "lasts from Friday afternoon", for "when will it arrive?"; "the first due
    // by 1 November" beside "runs from 1 November to 31 March", for "when do I have to pay?" (unseen129's and unseen126's
    // readers, of those sentences left out: "never gives a delivery time", "never says when or how to pay").
    const timed = kind === 'when' && asked.length > 1 ? mostPrecise(asked.map((j) => sentences[j]!)).map((k) => asked[k]!) : asked;
    const phrased = timed.length > 1 ? timed.filter((j) => repeatsPhraseOf(ask, words, sentences[j]!)) : timed;
    if (phrased.length === 1 && phrased[0] === i) return { ask: ask.trim(), kind };
  }
  return undefined;
}

/** Of sentences that give a "when", the places of those with a time of day, or else of those with a date and a word of a limit, or else all. */
function mostPrecise(giving: readonly string[]): number[] {
  const places = giving.map((_, k) => k);
  const clocked = places.filter((k) => clockTimes(giving[k]!).length > 0);
  if (clocked.length > 0) return clocked;
  const limited = places.filter((k) => findDates(giving[k]!).some((d) => d.form !== 'duration') && LIMIT_WORDS.test(giving[k]!));
  return limited.length > 0 ? limited : places;
}

/** "Else" in an ask: another than the one the question names. */
const ELSE = /\belse\b/i;

/** Whether a sentence repeats three words in a row of the ask, one of them a word of what it asks about (`about`, its lemmas: "within the hour"). */
function repeatsPhraseOf(ask: string, about: ReadonlySet<string>, sentence: string): boolean {
  const words = ask.toLowerCase().match(/[a-z'’]+/g) ?? [];
  const said = ` ${(sentence.toLowerCase().match(/[a-z'’]+/g) ?? []).join(' ')} `;
  return words.slice(0, -2).some((_, k) => {
    const phrase = words.slice(k, k + 3);
    return phrase.some((word) => about.has(word) || about.has(word.replace(/s$/, ''))) && said.includes(` ${phrase.join(' ')} `);
  });
}

/** Whether one of a question's asks is of what falls to the asker ("What should I do?", "Do I need to book?"; not "How much should it cost?"). */
export function asksAskersPart(task: string): boolean {
  return asksOf(task).some((ask) => ASKERS_PART.test(ask));
}
