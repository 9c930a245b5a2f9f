import { findNumbers, findQualifiers, isClauseQualifier, type QualifierPiece, sentenceAround, splitSentences } from '../src/text/claims.js';
import { droppedConditions } from '../src/text/conditions.js';
import { caseOfBound } from '../src/text/counts.js';
import { findDates } from '../src/text/dates.js';
import { BARE_KINDS, findFigures } from '../src/text/figures.js';
import { isCurrencySign } from '../src/text/currency.js';
import type { Figure } from '../src/text/figure.js';
import { droppedQualifiers, otherSentences, questionOf, sentenceBefore, textAfter } from '../src/text/mismatches.js';
import { dictionaryForm, namesMeasure, namesPerson } from '../src/text/lexicon.js';
import { readSentences, type Token } from '../src/text/nlp.js';
import { spelledValue } from '../src/text/numberWords.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Qualifiers this mutator leaves alone. Without "within", "made within 30 days
 * of the notice" reads "made 30 days of the notice": wrong, but caught by
 * grammar alone. Deleting "not" or "never" reverses the claim, which is the
 * negation mutator's job, and reads as a contradiction ("the fee is returned"
 * beside "replacement cost only").
 */
const LEFT_ALONE = new Set(['within', 'not', 'never']);

const applied = (text: string, c: MutationCandidate) => text.slice(0, c.start) + c.replacement + text.slice(c.end);

/** Deletes a qualifying word ("only", "at least", "a maximum of") or clause ("unless ...", "as long as ...") that the evidence states. */
export const qualifierDeletion: TextMutator = {
  name: 'qualifier-deletion',
  kind: 'text',
  specificity: 1,
  *candidates(fixture) {
    for (const qualifier of findQualifiers(fixture.artifact)) {
      if (
        LEFT_ALONE.has(qualifier.keyword) ||
        insideWord(fixture.artifact, qualifier) ||
        limitMeant(fixture.artifact, fixture.task, qualifier) ||
        leavesNounBesideFigure(fixture.artifact, qualifier) ||
        leavesThereIsBeforePlural(fixture.artifact, qualifier) ||
        boundsNoNumber(fixture.artifact, qualifier) ||
        noticeBeforeEvent(fixture.artifact, qualifier) ||
        capAfterWith(fixture.artifact, qualifier) ||
        measuredUnderModal(fixture.artifact, qualifier) ||
        measureBoundedAfter(fixture.artifact, qualifier) ||
        boundStillRead(fixture.artifact, qualifier) ||
        opensAppendedPhrase(fixture.artifact, qualifier) ||
        writtenTwice(fixture.artifact, qualifier) ||
        pointOfException(fixture.artifact, qualifier) ||
        reasonForRefusal(fixture.artifact, qualifier) ||
        pairedBound(fixture.artifact, qualifier) ||
        otherSideStated(fixture.artifact, qualifier) ||
        countsPerPeriod(fixture.artifact, qualifier) ||
        capacityOfPeople(fixture.artifact, qualifier) ||
        sizesRateUnit(fixture.artifact, qualifier)
      )
        continue;
      const clause = isClauseQualifier(qualifier.keyword);
      const span = clause ? clauseSpan(fixture.artifact, qualifier) : wordSpan(fixture.artifact, qualifier);
      if (span && !makesDate(fixture.artifact, span) && !(clause && referredToAfter(fixture.artifact, span)) && !leavesPurposeAfterComma(fixture.artifact, span)) yield span;
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    // Read in the answer, not the span alone: "once" is a limit by the words after it ("once, free of charge").
    const qualifier = findQualifiers(fixture.artifact).find((q) => q.start >= candidate.start && q.end <= candidate.end);
    if (!qualifier) return 'the span holds no qualifier';
    const bounded = caseOfBound(fixture.artifact, fixture.task, qualifier);
    if (bounded) return `the question states the case "${bounded.case.text}" that the bound "${bounded.bound.text}" lets in: without "${qualifier.keyword}" the answer contradicts itself`;
    // Kept only where the evidence-check critic, reading the same sentence, sees a qualifier go that the original kept.
    const original = sentenceAround(fixture.artifact, candidate.start, candidate.end);
    const mutated = sentenceAround(applied(fixture.artifact, candidate), candidate.start, candidate.start + candidate.replacement.length);
    if (!original || !mutated) return 'the span crosses a sentence boundary';
    const question = questionOf(support);
    // The sentence before, as evidence-check reads it: a claim set against it ("We do take other books graded Good") keeps an "only" it denies.
    const before = sentenceBefore(fixture.artifact, original.text);
    const after = textAfter(fixture.artifact, original.text);
    const context = { question, before, after, elsewhere: otherSentences(fixture.artifact, original.text) };
    const droppedBefore = new Set(droppedQualifiers(original.text, support.sentence, context));
    const dropsQualifier = droppedQualifiers(mutated.text, support.sentence, context).some((k) => !droppedBefore.has(k));
    // A condition clause the evidence states by a figure ("as long as you ask no later than 24 hours before departure"), gone from the whole answer.
    const conditionsBefore = new Set(droppedConditions(original.text, support.sentence, fixture.artifact, question).map((c) => c.text));
    const dropsCondition = droppedConditions(mutated.text, support.sentence, applied(fixture.artifact, candidate), question).some((c) => !conditionsBefore.has(c.text));
    if (!dropsQualifier && !dropsCondition) return `the evidence does not state "${qualifier.keyword}", or the claim still states it another way`;
    return null;
  },
};

/** Qualifiers that make the number after them a limit. */
const BOUNDS: ReadonlySet<string> = new Set(['no more than', 'at most', 'a maximum of', 'up to', 'at least']);
/** The bounds of BOUNDS and BOUNDS_AFTER that cap a number from above. */
const UPPER_BOUNDS: ReadonlySet<string> = new Set(['no more than', 'at most', 'a maximum of', 'up to', 'or less']);

/**
 * A condition the clause sets: "provided it's rated at no more than 100 Wh".
 * It ends at a comma ("If that is what happened, you could claim up to £50
 * per item" bounds the main clause), not at one inside a figure ("£1,000").
 */
const CONDITION = /\b(?:(?<!\b(?:is|are|be|been|was|were)\s+)provided(?!\s+by\b)|if|as long as|so long as|unless|on condition)\b(?:[^.;:,]|,(?=\d))*$/i;

/**
 * Words for the cases past a bound: "anything bigger", "larger orders", "over that" (unseen69's readers, of "£150 for
 * orders of 20 costumes, or £300 for anything bigger": "leaves orders under 20 uncovered").
 */
const BEYOND_THE_BOUND =
  /\b(?:anything|everything|any(?:thing)?\s+[a-z]+)\s+(?:bigger|larger|longer|heavier|more|over|above|beyond)\b|\b(?:bigger|larger|longer|heavier)\s+(?:ones?|orders?|groups?|jobs?|items?|bookings?)\b|\b(?:over|above|beyond|more than)\s+that\b/i;

/**
 * Whether deleting a bound leaves an exact figure where a limit is meant: the
 * bound is a condition the clause sets ("provided it's rated at no more than
 * 100 Wh" → "rated at 100 Wh"), or its sentence measures the question's
 * case of its kind against it ("trips of up to 31 consecutive days, so your
 * two-week holiday qualifies" → "trips of 31 consecutive days"). A reader of
 * the answer alone sees the limit gone.
 */
function limitMeant(artifact: string, task: string, q: QualifierPiece): boolean {
  const after = BOUNDS_AFTER.has(q.keyword);
  if (!BOUNDS.has(q.keyword) && !after) return false;
  const figures = findFigures(artifact);
  // "10 or more", or with what it counts between ("9 beds or more").
  const bounded = after ? figures.find((f) => f.end <= q.start && /^\s*(?:[a-z-]+\s+)?$/i.test(artifact.slice(f.end, q.start))) : figureAfter(figures, q);
  if (!bounded) return false;
  const sentence = sentenceAround(artifact, q.start, q.end);
  if (!sentence) return false;
  if (CONDITION.test(artifact.slice(sentence.start, q.start))) return true;
  // The sentence goes on to the cases past the bound: "£150 for orders of up to 20 costumes, or £300 for anything bigger".
  if (BEYOND_THE_BOUND.test(artifact.slice(bounded.end, sentence.end))) return true;
  // The question's case, restated beside the bound: "so your two-week holiday qualifies", "Your group of 12 does qualify ... for bookings of 10 or more".
  // A count of people set against a count of what they take is the same case ("A party of 20 ..., since anything of 9 beds or more", for 20
  // adults: unseen82's readers, "the group-size threshold was altered").
  const asked = findFigures(task).filter((c) => (countsAlike(c, bounded) || (isCount(c) && isCount(bounded))) && c.value !== bounded.value);
  // Restated as a count of its own ("A party of 20 counts as a group booking"; the figures read "counts" as what it counts).
  const restates = (c: Figure, f: Figure) => c.value === f.value && (countsAlike(c, f) || (isCount(c) && !measured(f)));
  return figures.some((f) => f.start >= sentence.start && f.end <= sentence.end && f !== bounded && asked.some((c) => restates(c, f)));
}

/**
 * Whether deleting a bound leaves "there is" before a plural count: "there is a maximum of 12 places a day" becomes
 * "there is 12 places", whose verb no longer agrees (unseen38's readers: "wrong verb agreement ... so the place limit
 * may have been changed"). "a maximum of" is the singular the verb agreed with.
 */
function leavesThereIsBeforePlural(artifact: string, q: QualifierPiece): boolean {
  if (!BOUNDS.has(q.keyword) || !/\bthere(?:\s+is|\s+was|'s|’s)\s+$/i.test(artifact.slice(Math.max(0, q.start - 16), q.start))) return false;
  const figure = figureAfter(findFigures(artifact), q);
  return figure !== undefined && figure.value > 1 && /^\s+[a-z]+s\b/i.test(artifact.slice(figure.end));
}

/** "read-only": a hyphen makes the qualifier part of another word. */
function insideWord(text: string, q: QualifierPiece): boolean {
  return text[q.start - 1] === '-' || text[q.end] === '-';
}

/**
 * Whether a bound written before its figure has no number after it: "at any time up to your arrival" is a time, and
 * without "up to" reads "at any time your arrival" (unseen40's readers: "garbled").
 */
function boundsNoNumber(artifact: string, q: QualifierPiece): boolean {
  if (!BOUNDS.has(q.keyword)) return false;
  // Within four words: "up to a maximum of £300" bounds the £300.
  const words = /^[^,.;:]*/.exec(artifact.slice(q.end))![0].trim().split(/\s+/).slice(0, 4);
  return !words.some((word) => /\d/.test(word) || spelledValue([word.toLowerCase()]) !== undefined);
}

/**
 * Whether a bound holds a period before an event: "given at least 14 days before its first day", "given no more than 12
 * months before you arrive". Without it the rule reads as an exact day (unseen41's readers: "an exact timing rather than
 * the usual 'at least 14 days before'"; unseen106's, of a booster "given 12 months before you arrive").
 */
function noticeBeforeEvent(artifact: string, q: QualifierPiece): boolean {
  const after = artifact.slice(q.end, q.end + 48);
  // "up to 7 days in advance" without its bound still reads as a rule of booking ("book 7 days in advance").
  return (q.keyword === 'at least' && NOTICE_AFTER.test(after)) || (RECENCY_BOUNDS.has(q.keyword) && RECENT_BEFORE.test(after));
}
/**
 * Whether a bound after "with" holds an amount: "fined £1 a day, with a maximum of £20 for each item" reads, without it,
 * as a second charge, "with £20 for each item", that the answer's own sums argue with (unseen120's readers: "reads as an
 * extra £20 charge, which contradicts the example of £5 for 5 days late"). "with up to 5 guests" still reads as a count.
 */
function capAfterWith(artifact: string, q: QualifierPiece): boolean {
  const figure = figureAfter(findFigures(artifact), q);
  return BOUNDS.has(q.keyword) && figure !== undefined && isCurrencySign(figure.kind) && /\bwith\s+$/i.test(artifact.slice(0, q.start));
}

/** Bounds that say how recent a thing must be when written before a period before an event or now ("dated no more than three hours before drop-off", "no more than 3 months old"). */
const RECENCY_BOUNDS: ReadonlySet<string> = new Set(['no more than', 'at most', 'a maximum of']);
const RECENT_BEFORE = /^\s*\S+\s+(?:(?:working|calendar|full|clear)\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\s+(?:before|prior|earlier|ago|old)\b/i;
const NOTICE_AFTER = /^\s*\S+\s+(?:(?:working|calendar|full|clear)\s+)?(?:minutes?|hours?|days?|weeks?|months?)['’]?\s+(?:before|ahead|prior|in advance|beforehand)\b/i;

/** The figure a bound written before it holds: right after the bound's words ("up to £300", "at least 14 days"). */
function figureAfter(figures: readonly Figure[], q: QualifierPiece): Figure | undefined {
  return figures.find((f) => f.start >= q.end && f.start - q.end <= 2);
}

/** Bounds written after their number: "bookings of 10 or more passengers". */
const BOUNDS_AFTER: ReadonlySet<string> = new Set(['or more', 'or less']);

/**
 * Whether two figures may count the same thing: the same kind, or one a bare
 * count, neither an amount or a share ("a group of 12", bare, and "Your group
 * of 12 does qualify", which findFigures reads as a count of "doe"). "We are
 * 12 people" against that "12 does" is not matched: two named kinds differ.
 */
function countsAlike(a: Figure, b: Figure): boolean {
  return a.kind === b.kind || ((BARE_KINDS.has(a.kind) || BARE_KINDS.has(b.kind)) && !measured(a) && !measured(b));
}

const measured = (f: Figure) => isCurrencySign(f.kind) || f.kind === '%';

/**
 * A count of people or things ("20 adults", "9 beds"): no amount, share, measure or period (WordNet's units and times). The
 * figure reader takes a verb after a bare number for what it counts ("A party of 20 counts ...": "count", a unit to WordNet),
 * so a restatement is matched on the question's side (`restates` in limitMeant).
 */
const isCount = (f: Figure) => !measured(f) && !namesMeasure(f.unit);

/**
 * Whether deleting a bound leaves a noun its determiner opens right before
 * the figure it bounded, with no verb or preposition between: "for a dog up to 15 kg"
 * becomes "for a dog 15 kg", "for children up to 11 years old" "for children 11 years old", "£2.00 a day up to £20.00" becomes "£2.00 a
 * day £20.00", which read as garbled, not as a limit misremembered ("costs up
 * to £20", "for up to 6 months" lose the bound and still read). A count of
 * occasions is how often, not the noun's measure, and still reads ("bring the
 * same guest 6 times a year"); a multiple of something does not ("a penalty 2
 * times the fare").
 */
function leavesNounBesideFigure(artifact: string, q: QualifierPiece): boolean {
  const figure = figureAfter(findFigures(artifact), q);
  if (!BOUNDS.has(q.keyword) || !figure) return false;
  if (figure.kind === 'time' && !MULTIPLE_OF.test(artifact.slice(figure.end))) return false;
  // "through the Travel Desk 7 days before departure": a period before an event still reads.
  if (/^\s*(?:\w+\s+)?(?:before|after|ahead|prior|earlier|later|in advance|beforehand)\b/i.test(artifact.slice(figure.end, figure.end + 24))) return false;
  const around = tokensAround(artifact, q);
  if (!around) return false;
  const { tokens } = around;
  const at = around.before - 1;
  const before = tokens[at];
  // A noun its determiner opens ("a dog", "a day"), a verb takes as its object ("takes trees up to 7 ft") or a preposition
  // takes ("designed for children up to 11 years old" → "for children 11 years old", unseen46's readers: "a mangled limit"),
  // not a verb the model tags a noun after a plural ("returns cost up to"), nor a noun a figure may qualify as written
  // ("low-dose aspirin 75 mg").
  // A possessive opens a noun as a determiner does: "covering your belongings up to £5,000" (unseen67's readers, of
  // "covering your belongings £5,000": "missing a word such as 'up to'").
  // What opens the noun is read past the adjectives and adverbs that modify it ("a very late collection up to 8pm";
  // unseen100's readers, of "a late collection 8pm": "ungrammatical"). A sentence's start opens nothing: the model tags
  // a subject's verb or an imperative a noun ("Delivery costs up to £5", "Book up to 6 places"; a second review).
  // A proper noun before the noun modifies it as an adjective does ("an HMRC enquiry up to £75,000"; unseen120's readers,
  // of "fees in an HMRC enquiry £75,000": "garbled").
  let openerAt = at - 1;
  while (MODIFIERS.has(tokens[openerAt]?.pos ?? '') || tokens[openerAt]?.pos === 'PROPN') openerAt--;
  const opener = tokens[openerAt];
  const opens = opener?.pos === 'DET' || opener?.pos === 'VERB' || opener?.pos === 'ADP' || (opener?.pos === 'PRON' && POSSESSIVES.has(opener.text.toLowerCase()));
  return before !== undefined && NOUNS.has(before.pos) && opens;
}

/**
 * Parts of speech that modify a noun before it: "very" and "late" in "a very late collection". Not a noun: the model
 * tags a verb after a plural a noun ("The flats sleep up to 5"), and "a level parking space 9 metres long" still reads.
 */
const MODIFIERS: ReadonlySet<string> = new Set(['ADJ', 'ADV']);

/** "times" as a multiple of something: "2 times the fare", "3 times your monthly rent", "4 times a week's pay"; not "6 times a year", "4 times an hour". */
const MULTIPLE_OF = /^\s*times?\s+(?:the|your|our|their|its|his|her|an?\s+[\w-]+['’]s)\b/i;

const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'our', 'their', 'his', 'her', 'its']);

/** The tokens of the qualifier's sentence, and how many of them end before it: what the rules below read around it. */
function tokensAround(artifact: string, q: QualifierPiece): { tokens: Token[]; before: number; offset: number } | undefined {
  const sentence = sentenceAround(artifact, q.start, q.end);
  if (!sentence) return undefined;
  const tokens = readSentences(sentence.text).flatMap((r) => r.tokens);
  return { tokens, before: tokens.filter((t) => sentence.start + t.end <= q.start).length, offset: sentence.start };
}

/** Modals that make the verb after them a permission or a possibility; "must be 16" states a requirement exactly and still reads. */
const MODALS: ReadonlySet<string> = new Set(['can', 'may', 'might', 'could']);

/** Verbs whose figure is a property of their subject, which no one chooses: a weight, a size. */
const MEASURED: ReadonlySet<string> = new Set(['weigh', 'measure', 'be']);

/**
 * Whether the bound follows a modal and a verb of measure ("each passenger can
 * weigh up to 17 stone"): without it the modal grants an exact measure ("can
 * weigh 17 stone"), which reads as a limit with its word taken out (unseen34's
 * readers), where "can borrow up to 10 books", "can last up to 3 months" and
 * "must be at least 16" lose the bound and still read.
 */
function measuredUnderModal(artifact: string, q: QualifierPiece): boolean {
  const around = tokensAround(artifact, q);
  if (!BOUNDS.has(q.keyword) || !around) return false;
  const lemmaBefore = (back: number) => around.tokens[around.before - back]?.lemma.toLowerCase() ?? '';
  // "can weigh up to 17 stone", and the participle that says the same of its noun: "one bag weighing up to 20 kg"
  // (unseen41's readers: "reads like an altered 'up to 20 kg' limit").
  const participle = around.tokens[around.before - 1];
  return (MEASURED.has(lemmaBefore(1)) && MODALS.has(lemmaBefore(2))) || (participle !== undefined && MEASURED.has(participle.lemma.toLowerCase()) && /ing$/i.test(participle.text));
}

/** Verbs that give their subject's measure: "measures 75mm", "weigh 20 kg". */
const MEASURE_VERBS: ReadonlySet<string> = new Set(['measure', 'weigh']);

/**
 * Whether a bound written after its figure bounds the measure a verb gives ("a tree whose trunk measures 75mm or more
 * across is protected"): without it the case is one exact size, which reads as a threshold with its word taken out
 * (unseen74's readers, of "measures 75mm": "reads like a threshold that was altered"), as `measuredUnderModal` finds
 * for a bound before its figure.
 */
function measureBoundedAfter(artifact: string, q: QualifierPiece): boolean {
  const around = BOUNDS_AFTER.has(q.keyword) ? tokensAround(artifact, q) : undefined;
  if (!around) return false;
  const before = around.tokens.slice(0, around.before).map((t) => t.pos);
  const number = before.lastIndexOf('NUM');
  // The figure just before the bound, its unit between them at most: "75 mm or more".
  return number >= 1 && number >= around.before - 3 && MEASURE_VERBS.has(around.tokens[number - 1]!.lemma);
}

/**
 * Whether the words left before the figure still read as its bound: "to a
 * maximum of £10,000 per move" without "a maximum of" is "to £10,000 per
 * move", the same cap, so nothing is misstated.
 */
function boundStillRead(artifact: string, q: QualifierPiece): boolean {
  return BOUNDS.has(q.keyword) && /(?<!\bup\s+)\bto\s+$/i.test(artifact.slice(Math.max(0, q.start - 8), q.start));
}

/** A bound's words, either end of a range: "a minimum of", "maximum", "at least", "at most", "up to", "no more than". */
const BOUND_WORDS = String.raw`(?:minimum|maximum|at\s+least|at\s+most|up\s+to|no\s+(?:more|less|fewer)\s+than)`;
// The other end may stand before a comma when "with" joins this one: "needs at least 8 children, with a maximum of 24".
const BOUND_BEFORE = new RegExp(String.raw`\b${BOUND_WORDS}\b(?:[^,;.]{0,30}\b(?:and|or|to)|[^;.]{0,30},\s*with\s+(?:a\s+)?)\s*$`, 'i');
const BOUND_AFTER = new RegExp(String.raw`^[^,;.]{0,30}\b(?:and|or)\s+(?:a\s+)?${BOUND_WORDS}\b`, 'i');

/**
 * Whether the bound is one end of a pair: "for a minimum of 1 month and up to
 * 3 months" without "up to" reads "a minimum of 1 month and 3 months", a range
 * with one end unsaid, which a reader of the answer alone takes for garbled
 * (unseen20's readers; unseen54's, of "needs at least 8 children, with 24").
 */
function pairedBound(artifact: string, q: QualifierPiece): boolean {
  if (!BOUNDS.has(q.keyword)) return false;
  const sentence = sentenceAround(artifact, q.start, q.end);
  if (!sentence) return false;
  return BOUND_BEFORE.test(artifact.slice(sentence.start, q.start)) || BOUND_AFTER.test(artifact.slice(q.end, sentence.end));
}

/** The period "once" counts per, right after it where claims.ts reads "once" as a limit (before "in" or "during"): "in any 12 months", "in a rolling twelve-month period". */
const PER_PERIOD =
  /^\s+(?:in|during)\s+(?:any|every|each|a|one)\s+(?:rolling\s+|calendar\s+)?(?:\S+\s+)?(?:days?|weeks?|months?|years?|terms?|seasons?|visits?|bookings?|[\w-]+-(?:day|week|month|year)\s+period)\b/i;

/**
 * Whether "once" counts per a period after it: "we waive that fee once in any 12 months". Without it the period
 * bounds nothing ("we waive that fee in any 12 months"), which a reader of the answer alone sees (unseen94's readers:
 * "doesn't make sense; a limit such as 'once' seems to have been removed").
 */
function countsPerPeriod(artifact: string, q: QualifierPiece): boolean {
  return q.keyword === 'once' && PER_PERIOD.test(artifact.slice(q.end));
}

/** A rate's unit sized by what follows: "per order of", or after its price "£3.50 an order of", "£3.50 for each film order of". */
const PER_UNIT_OF = /(?:\bper|[£$€]\d[\d,.]*\s+(?:an?|(?:for\s+)?(?:each|every)))\s+(?:[a-z]+\s+)?[a-z]+\s+of\s+$/i;

/**
 * Whether an upper bound sizes the unit a rate is charged per: "£3.50 per order of up to 10 rolls" without it is "per
 * order of 10 rolls", a batch no one orders by (unseen141's readers: "an odd, garbled pricing unit").
 */
function sizesRateUnit(artifact: string, q: QualifierPiece): boolean {
  return UPPER_BOUNDS.has(q.keyword) && PER_UNIT_OF.test(artifact.slice(0, q.start));
}

/**
 * Whether an upper bound caps how many people something takes: "a session for up to 20 of your staff", "Up to 4
 * spectators per booking can follow". A number of people a service takes is a capacity; written without its bound it
 * reads as a cap with its word taken out (unseen100's and unseen101's readers, of "family lessons for 5 riders" and "for
 * 20 of your staff": "reads like a changed cap, probably 'up to 20'"). People are WordNet's persons ("rider", "guest"),
 * read at the number's own noun.
 */
function capacityOfPeople(artifact: string, q: QualifierPiece): boolean {
  if (!UPPER_BOUNDS.has(q.keyword)) return false;
  const around = tokensAround(artifact, q);
  if (!around) return false;
  const { tokens, before, offset } = around;
  // The number: right after the bound ("up to 20", "up to four"), or within a few words before it where the bound
  // follows ("12 people or less"), not one further on ("up to half price for 2 adults"; a second review).
  const numberAt = BOUNDS_AFTER.has(q.keyword) ? [before - 2, before - 3, before - 4].find((i) => tokens[i] !== undefined && isNumber(tokens[i]!)) : tokens.findIndex((t) => offset + t.start >= q.end);
  const number = numberAt === undefined ? undefined : tokens[numberAt];
  if (numberAt === undefined || !number || !isNumber(number)) return false;
  // Its own noun: past "of", a determiner, an adjective or a participle ("20 of your staff", "30 standing guests"), the
  // last of a compound, whose first nouns are singular ("12 family members"; a plural ends it: the model tags the verb
  // after a plural a noun, "3 children costs").
  let at = numberAt + 1;
  while (at < tokens.length && (tokens[at]!.pos === 'DET' || tokens[at]!.pos === 'ADJ' || tokens[at]!.pos === 'PRON' || tokens[at]!.text.toLowerCase() === 'of' || /ing$/.test(tokens[at]!.text))) at++;
  while (NOUNS.has(tokens[at]?.pos ?? '') && NOUNS.has(tokens[at + 1]?.pos ?? '') && tokens[at]!.text.toLowerCase() === tokens[at]!.lemma.toLowerCase()) at++;
  const noun = tokens[at];
  if (!noun || !NOUNS.has(noun.pos)) return false;
  // The model leaves a capitalised noun it tags a name unlemmatised ("up to 20 Members").
  const lemma = (noun.pos === 'PROPN' ? dictionaryForm(noun.text.toLowerCase()) : undefined) ?? noun.lemma.toLowerCase();
  return namesPerson(lemma) || PEOPLE.has(lemma);
}

const NOUNS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);

/** A count in figures or words, the whole token: "20", "1,000", "four"; not an amount or a share. */
const isNumber = (t: Token) => findNumbers(t.text).some((n) => n.text === t.text && !n.percent && n.currencyWritten === '') || spelledValue([t.text.toLowerCase()]) !== undefined;

/**
 * Words for people that WordNet does not file with its persons: "person" with its top nouns; "people", "staff",
 * "family", "couple" and "household" with its groups, a file too wide to take whole ("packet" and "collection" are in it).
 */
const PEOPLE: ReadonlySet<string> = new Set(['person', 'people', 'staff', 'family', 'couple', 'household']);

/** Words that put a figure past a bound or short of it: "more than 10", "over 10", "fewer than 10". */
const PAST_OR_SHORT = /\b(?:(?:more|fewer|less|greater|longer|shorter)\s+than|over|under|above|below|beyond)\s+$/i;

/**
 * Whether the answer states the other side of the bound at the same figure:
 * "with 10 working days' notice or less, there's a £150 charge. With more than
 * 10 working days' notice it would have been free". Without the bound the two
 * cases no longer meet ("10 days" and "more than 10"), a gap a reader of the
 * answer alone sees (unseen73's readers, of "as you're giving us 10 working
 * days' notice": "clashes with 'more than 10 would have been free'").
 */
function otherSideStated(artifact: string, q: QualifierPiece): boolean {
  const after = BOUNDS_AFTER.has(q.keyword);
  if (!BOUNDS.has(q.keyword) && !after) return false;
  const sentence = sentenceAround(artifact, q.start, q.end);
  if (!sentence) return false;
  const figures = findFigures(artifact);
  // Written after its figure, the bound may follow the figure's noun: "10 working days' notice or less".
  const bounded = after ? figures.filter((f) => f.start >= sentence.start && f.end <= q.start).at(-1) : figureAfter(figures, q);
  if (!bounded) return false;
  return figures.some((f) => f !== bounded && f.value === bounded.value && countsAlike(f, bounded) && PAST_OR_SHORT.test(artifact.slice(Math.max(0, f.start - 24), f.start)));
}

/**
 * Whether the bound opens a phrase appended after a comma ("you pay the
 * repair cost, up to the replacement value of the board"; "£2 a day, at most
 * £20"): the bound is the phrase's whole meaning, and without it the phrase
 * reads as an apposition that names the same thing twice ("the repair cost,
 * the replacement value"), which no worker writes.
 */
function opensAppendedPhrase(artifact: string, q: QualifierPiece): boolean {
  if (!BOUNDS.has(q.keyword) || !/,\s*$/.test(artifact.slice(Math.max(0, q.start - 3), q.start))) return false;
  const sentence = sentenceAround(artifact, q.start, q.end);
  if (!sentence) return false;
  // The words since the sentence's start or the comma before: "On Plus, up to 20 GB ... rolls over" closes an opening phrase, and the bound opens the main clause, which still reads without it.
  const comma = artifact.lastIndexOf(',', q.start);
  const tokens = readSentences(sentence.text)
    .flatMap((r) => r.tokens)
    .filter((t) => sentence.start + t.end <= comma);
  const segment = tokens.slice(tokens.reduce((from, t, i) => (t.text === ',' || t.text === ';' ? i + 1 : from), 0));
  return !(segment[0]?.pos === 'ADP' && segment.every((t) => t.pos !== 'VERB' && t.pos !== 'AUX'));
}

/**
 * Whether its sentence writes the same qualifier again for another figure or
 * case ("up to £180 per night in London and up to £120 elsewhere", "80 years
 * or more, ... 133 micromol/L or more"): without one, the other reads as
 * carrying over to both, or the broken parallel shows the edit.
 */
function writtenTwice(artifact: string, q: QualifierPiece): boolean {
  const sentence = sentenceAround(artifact, q.start, q.end);
  return sentence !== undefined && findQualifiers(sentence.text).filter((o) => o.keyword === q.keyword).length > 1;
}

/** Words by which a sentence presents itself as an exception or a restriction, by lemma. */
const EXCEPTION_WORDS: ReadonlySet<string> = new Set(['exception', 'except', 'restriction']);

/** Openings that set a sentence against what came before: "However, only ...", "But only ...". */
const CONTRAST_OPENINGS: ReadonlySet<string> = new Set(['however', 'but']);

/** Words that concede something against the clause before them: "only members may perform, although non-members may audition". */
const CONCESSIONS: ReadonlySet<string> = new Set(['although', 'though', 'whereas', 'but']);

/**
 * Whether "only" is the point of a sentence that presents itself as an
 * exception or a restriction ("The exception is parcels marked ID: only you
 * can collect those"; "However, only members may book"), or that concedes
 * something against it later ("Only members may perform on stage, although
 * non-members may audition"): without it the sentence states no exception at
 * all ("the recipient can collect"), or concedes against nothing, and reads as
 * if the word was taken out (unseen18's and unseen27's readers); or that adds
 * itself to a restriction before it ("also only"), or is itself the concession
 * ("although it can only be used ...").
 */
function pointOfException(artifact: string, q: QualifierPiece): boolean {
  const around = q.keyword === 'only' ? tokensAround(artifact, q) : undefined;
  if (!around) return false;
  const { tokens, offset, before } = around;
  const lemma = (t: { lemma: string }) => t.lemma.toLowerCase();
  const concededAfter = tokens.some((t) => offset + t.start >= q.end && CONCESSIONS.has(lemma(t)));
  // "We can also only copy one when ...": "also" adds this restriction to one before it; without "only" it adds a
  // permission instead, beside a refusal (unseen112's readers: "reads as a second way to get a copy, which clashes with 'Not today'").
  const addsRestriction = tokens[before - 1] !== undefined && lemma(tokens[before - 1]!) === 'also';
  // "Yes, wheelchair users board by ramp, although the ramp can only be used ...": a clause that concedes a limit against a
  // yes; without "only" it concedes nothing (unseen117's readers: "reads as a restriction with the word 'only' missing").
  // Not "but" right before "only", which goes with it ("on a Sunday, but only from 10am"); nor a concession whose clause ends
  // before "only" does ("Parking is free, but spaces are limited, and visitors can only stay for 2 hours").
  const concedesIt = tokens.some((t, i) => i < before - 1 && CONCESSIONS.has(lemma(t)) && (i === 0 || tokens[i - 1]!.text === ',') && !tokens.slice(i + 1, before).some((u) => u.text === ','));
  return tokens.some((t) => EXCEPTION_WORDS.has(lemma(t))) || (tokens[0] !== undefined && CONTRAST_OPENINGS.has(lemma(tokens[0]))) || concededAfter || addsRestriction || concedesIt;
}

/** Words that give a reason for what the clause before them says. */
const REASONS: ReadonlySet<string> = new Set(['as', 'because', 'since']);

/** Words that refuse: "we can't", "Unfortunately not", "No". */
const REFUSALS: ReadonlySet<string> = new Set(['not', 'no', 'never', 'cannot']);

/**
 * Whether "only" is in the reason a refusal gives ("we can't, as trees over 8
 * ft can only be delivered to rooms on the ground floor"): without it the
 * reason permits what was refused ("as trees over 8 ft can be delivered to
 * rooms on the ground floor"), and the refusal no longer follows from it, a
 * break any reader of the answer sees (unseen34's readers). The reason may
 * open the sentence ("Because only members may book, we can't take it").
 */
function reasonForRefusal(artifact: string, q: QualifierPiece): boolean {
  const around = q.keyword === 'only' ? tokensAround(artifact, q) : undefined;
  if (!around) return false;
  const { tokens, before: at } = around;
  const lemma = (i: number) => tokens[i]?.lemma.toLowerCase() ?? '';
  // A reason word that opens the sentence or a clause after a comma: not "as" of "as young as 2" or "so as a wheelchair user".
  const reason = tokens.map((_, i) => i < at && REASONS.has(lemma(i)) && (i === 0 || tokens[i - 1]!.text === ',')).lastIndexOf(true);
  if (reason < 0) return false;
  // The refusal before the reason ("we can't, as ..."), or after it where the reason opens the sentence ("Because only members may book, we can't").
  const refuses = (from: number, to: number) => tokens.slice(from, to).some((_, i) => REFUSALS.has(lemma(from + i)));
  return refuses(0, reason) || (reason === 0 && refuses(at, tokens.length));
}

/** A relative clause opening right after a comma (", which costs €3 a day", ", in which case you'd get it back"), or a pronoun opening the next sentence that points back ("That costs €3 a day"). */
// ", and then the day is refunded" after "except when we have to close" speaks of the case the clause names (unseen41's readers: "says no refunds are given, then says the day is refunded").
// ", when all tickets are already £5" after "except on Cheap Tuesdays" speaks of the days it names (unseen118's readers: "£1.50 off every ticket, when all tickets are already £5").
const RELATIVE_AFTER = /^\s*,?\s*(?:(?:(?:in|at|by|for|from|on|with|after|before)\s+)?(?:which|who|whom|whose|where|when)|(?:and\s+)?(?:then|in that case|if so))\b/i;
// "In either of those cases, the payments are refunded" after "unless a replacement takes his place or he withdraws for a medical reason" (unseen56's readers).
const POINTER_OPENING =
  /^\s*(?:(?:this|that)\s+(?:costs|is|was|means|gives|covers|includes|pays|lasts|applies)|in\s+(?:(?:either|both|each|any)\s+(?:of\s+(?:those|these|the)\s+)?|(?:that|this|those|these|such)\s+)cases?)\b/i;

/** Words that measure against a condition said just before: "later than that", "after that", "by then", "outside that area". */
const POINTS_AT_CONDITION =
  /\b(?:than|after|before|beyond|past|by|until|outside|within|inside)\s+(?:that|then|this)\b|\bif\s+(?:that|this)\s+(?:is|was|has|happens)\b|\b(?:that|this)\s+(?:area|date|deadline|time|period|window|limit|closure|notice|point|condition|rule)\b/i;

/**
 * Whether the rest of the sentence measures a case in the unit of a figure of the deleted condition: "provided they weigh at
 * least 30 kg ..., so at 35 kg he would qualify" (unseen98's readers: "treats weight as the deciding factor, but the stated rule
 * gives no weight condition").
 */
function measuresInItsUnit(condition: string, rest: string): boolean {
  const units = new Set(
    findFigures(condition)
      .map((f) => f.kind)
      .filter((kind) => !BARE_KINDS.has(kind)),
  );
  return findFigures(rest).some((f) => units.has(f.kind));
}

/**
 * Whether what follows a deleted clause points back at it: "unless you took
 * out our Theft Cover, which costs €3 a day" without the clause leaves
 * "stolen, which costs €3 a day", with nothing for "which" to attach to
 * (unseen18's readers), and "we keep the deposit unless we let the room to
 * someone else, in which case you'd get it back in full" leaves a case no one
 * named (unseen35's readers); "... unless you took out Theft Cover. That costs €3 a
 * day." leaves "That" pointing at nothing. Read after the span, to its
 * sentence's end or the next sentence's opening words when the span closed it.
 */
function referredToAfter(text: string, c: MutationCandidate): boolean {
  const after = text.slice(c.end);
  if (RELATIVE_AFTER.test(after)) return true;
  const sentence = sentenceAround(text, c.start, c.end);
  const restOfSentence = text.slice(c.end, sentence?.end ?? c.end);
  // The rest of the sentence or the next one measures against the deleted condition: "If you cancel later than that, ...",
  // "After that we refund 50%", "If you're moving outside that area" (a review of the condition clauses: "'that' points at nothing").
  const next = sentence ? (splitSentences(text.slice(sentence.end)).find((s) => s.text.trim())?.text ?? '') : '';
  if (POINTS_AT_CONDITION.test(`${restOfSentence} ${next}`) || measuresInItsUnit(text.slice(c.start, c.end), restOfSentence)) return true;
  if (!sentence || restOfSentence.replace(/[.!?]\s*$/, '').trim()) return false;
  return POINTER_OPENING.test(text.slice(sentence.end).replace(/^[.!?\s]+/, ''));
}

/**
 * Whether the deletion joins words into a date the answer did not write: "14
 * days or more after" loses "or more" and reads as the deadline "14 days
 * after", which is date-shift's to write.
 */
function makesDate(text: string, c: MutationCandidate): boolean {
  const before = new Set(findDates(text).map((d) => d.text));
  return findDates(applied(text, c)).some((d) => !before.has(d.text));
}

/**
 * The word and one adjacent space, so the sentence still reads; "but only if"
 * loses its "but" too, and a sentence that opened with the word opens with a
 * capital again.
 */
/**
 * Whether a deletion leaves a comma right before a purpose ("you may use a hose, but only to fill water butts" made "you may
 * use a hose, to fill water butts"): the phrase reads cut loose from a restriction (unseen83's readers: "looks like a
 * restriction ('only to fill...') was dropped"). A condition after the comma still reads ("renewed twice, if nobody reserved them").
 */
function leavesPurposeAfterComma(text: string, span: MutationCandidate): boolean {
  return /,\s*$/.test(text.slice(0, span.start) + span.replacement) && /^\s*to\s+[a-z]/i.test(text.slice(span.end));
}

function wordSpan(text: string, q: QualifierPiece): MutationCandidate {
  const butBefore = /\bbut\s+$/i.exec(text.slice(Math.max(0, q.start - 5), q.start));
  const start = butBefore ? q.start - butBefore[0].length : q.start;
  if (text[q.end] === ' ') {
    const sentence = sentenceAround(text, q.start, q.end);
    const next = text[q.end + 1] ?? '';
    if (sentence?.start === start && /[a-z]/.test(next)) return { start, end: q.end + 2, replacement: next.toUpperCase() };
    return { start, end: q.end + 1, replacement: '' };
  }
  // A word set off by commas goes with both: "extended by 3 months, once, for a £5 fee" never keeps ",," (unseen136's readers:
  // "the stray double comma ... looks like a leftover from an edit"), nor "You can, once, move it" a comma ("You can, move it").
  if (text[q.end] === ',' && text.slice(start - 2, start) === ', ') return { start: start - 2, end: q.end + 1, replacement: '' };
  if (text[start - 1] === ' ') return { start: start - 1, end: q.end, replacement: '' };
  return { start, end: q.end, replacement: '' };
}

/**
 * After a comma that would end a trailing clause: the rest of a list the clause began ("as long as it wasn't caused by
 * lightning, a falling tree or roof work by another contractor"), words up to "or" or "and" that open no clause of
 * their own. Deleted to the comma, the clause leaves the list's tail dangling (unseen71's readers: "the coverage
 * sentence is garbled").
 */
const LIST_GOES_ON = /^(?!(?:and|or|but|so|then|which|who|whom|whose|where|when|while|we|you|they|it|this|that|there|i|he|she)\b)[^;:.!?]*?\b(?:or|and)\b/i;

/** From the keyword to the next comma, semicolon or end of sentence, with the punctuation that set it off; the words left open the sentence with a capital. */
/** A role set off by commas after a name: ", our office manager,", ", the head groomer,". */
const ROLE_SET_OFF = /^,\s+(?:our|the|your|their|his|her|its)\s+[a-z][a-z\s-]{1,40}(?=,)/;

function clauseSpan(text: string, q: QualifierPiece): MutationCandidate | null {
  const sentence = sentenceAround(text, q.start, q.end);
  if (!sentence) return null;
  const rest = text.slice(q.end, sentence.end);
  // A comma inside "£1,000" does not end the clause, nor a colon inside "15:00" (unseen124's readers, of the clause cut
  // at "ready by 15": "mangled"), nor a comma that opens a role set off after a name (", our office manager,": unseen116's
  // readers, of "provided you give their name to Fiona Marsh" cut before it, "garbled").
  const clauseStop = (from: number): number => {
    const found = rest.slice(from).search(/,(?!\d{3})|;|:(?!\d{2})|[.!?]$/);
    if (found === -1) return -1;
    const role = ROLE_SET_OFF.exec(rest.slice(from + found));
    return role ? clauseStop(from + found + role[0].length + 1) : from + found;
  };
  const stop = clauseStop(0);
  let end = q.end + (stop === -1 ? rest.length : stop);
  if (q.start > sentence.start + 1 && rest[stop] === ',' && LIST_GOES_ON.test(text.slice(end + 1, sentence.end).trimStart())) return null;
  let start = q.start;
  if (text.slice(start - 2, start) === ', ') start -= 2;
  else if (text[end] === ',') end += text[end + 1] === ' ' ? 2 : 1;
  else if (text[start - 1] === ' ') start -= 1;
  if (end <= q.end) return null;
  const next = text[end] ?? '';
  if (start === sentence.start && /[a-z]/.test(next)) return { start, end: end + 1, replacement: next.toUpperCase() };
  return { start, end, replacement: '' };
}
