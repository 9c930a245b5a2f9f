import type { TextFixture } from '../src/fixtures/types.js';
import {
  contentLemmas,
  evidenceSentences,
  findEntities,
  findNumbers,
  findQualifiers,
  numberKey,
  type NumberPiece,
  type Piece,
  questionText,
  sameStem,
  splitSentences,
  statesQualifier,
  supportOf,
} from '../src/text/claims.js';
import { findDates } from '../src/text/dates.js';
import { announcesList, isBareVerdict, opensSequence, refersBack } from '../src/text/discourse.js';
import { dictionaryForm, namesMeasure, sensesOf } from '../src/text/lexicon.js';
import { readSentences, type Token } from '../src/text/nlp.js';
import { ordinalValue, spelledValue } from '../src/text/numberWords.js';
import { isCurrencySign } from '../src/text/currency.js';
import { BARE_KINDS, findFigures } from '../src/text/figures.js';
import type { Figure } from '../src/text/figure.js';
import { askedOptions, comparedThings, names, speaksOf, statesFigure } from '../src/text/options.js';
import { LEAVES_RESULT_UNEXPLAINED, operandOfRest } from '../src/text/relations.js';
import { ASKING_WORDS, asksOf, onlyAnswerToWh } from '../src/text/whAsks.js';
import { RecentResults } from '../src/util/recentResults.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Deletes one sentence the task requires, or one clause that closes a sentence
 * (closingClauses: a clause is judged as a sentence is): one that states a
 * figure, date, name or condition the evidence gives, and that no other
 * sentence restates. Only a critic that checks the answer is complete can
 * catch it; a reader must not see the gap by its form, so the answer's
 * opening (it answers the question), a sentence the next one refers back to,
 * a sentence a later one points at ("that £850", "the same limit"), the only
 * sentence that speaks of a thing the question asks about ("classes"), the
 * substance of a bare "Yes." and the items of an announced list stay; so does
 * a sentence with an operand of a total, difference or product the rest still
 * states (relations.ts, operandOfRest): the rest would give £7,341 as the sum
 * of parts that make £7,151.
 */
export const claimOmission: TextMutator = {
  name: 'claim-omission',
  kind: 'text',
  specificity: 2,
  *candidates(fixture) {
    const asked = nounsOf(fixture.task);
    for (const { isClause, pieces, at: i, candidate } of omissionsOf(fixture.artifact)) {
      const sentence = pieces[i]!;
      if (i === 0) continue;
      if (isClause && (worksOut(fixture, sentence.text) || addsNothing(fixture.task, pieces, i))) continue;
      if (
        pointedAtLater(pieces, i) ||
        pointedAtNext(fixture.task, pieces, i) ||
        presupposedLater(fixture.task, pieces, i) ||
        introducesForLater(fixture.task, pieces, i) ||
        middleBand(pieces, i) ||
        onlyAnswerTo(asked, pieces, i) ||
        onlyAmountAsked(fixture.task, pieces, i) ||
        givesFigureAsked(fixture.task, pieces, i) ||
        givesPartNotCovered(pieces, i) ||
        comparedLater(pieces, i) ||
        countedItem(pieces, i) ||
        onlyToTakeUpCount(fixture.task, pieces, i) ||
        givesWorkedAmount(fixture, pieces, i)
      )
        continue;
      if (i === 1 && isBareVerdict(pieces[0]!.text)) continue;
      const listFrom = pieces.findIndex((s) => announcesList(s.text));
      if (listFrom !== -1 && i > listFrom) continue;
      const next = pieces[i + 1];
      if (next && (refersBack(next.text) || addsTo(sentence.text, next.text))) continue;
      if (opensSequence(sentence.text) || (next && opensSequence(next.text))) continue;
      yield candidate;
    }
  },
  invalidReason(fixture, candidate) {
    const omission = omissionAt(fixture.artifact, candidate);
    if (!omission) return 'the span is not one whole sentence, nor a clause that ends one';
    const reason = omissionRefused(fixture, omission);
    // The reasons are written of a deleted sentence; the ignored list says so of a clause cut from one.
    return reason !== null && omission.isClause ? reason.replaceAll('the deleted sentence', 'the left-out clause').replaceAll('the deleted one', 'the left-out clause') : reason;
  },
  defendInTrace(fixture, candidate, trace) {
    const omission = omissionAt(fixture.artifact, candidate);
    if (!omission) return trace;
    const deleted = omission.pieces[omission.at]!;
    // The trace no longer mentions what the answer left out: its sentences restating the deleted one go too.
    const kept = splitSentences(trace).filter((s) => supportOf(s.text, [deleted.text]) === null);
    return kept.map((s) => s.text).join(' ');
  },
};

/** Why an omission is no honest mistake of an answer, or null where it is one. */
function omissionRefused(fixture: TextFixture, omission: Omission): string | null {
  const { pieces: sentences, at } = omission;
  const deleted = sentences[at]!;
  if (givesFigureOfOneAsk(fixture.task, sentences, at)) return ANSWERS_ONE_ASK;
  if (answersLastAsk(fixture.task, sentences, at)) return ANSWERS_LAST_ASK;
  if (speaksMostOfAsk(fixture.task, sentences, at)) return SPEAKS_MOST_OF_ASK;
  const asked = onlyCaseAsked(fixture.task, sentences, at);
  if (asked) return `${ANSWERS_CASE_ASKED} ("${asked}")`;
  if (onlyOutcomeOfCase(fixture.task, sentences, at)) return OUTCOME_OF_CASE_ASKED;
  if (onlyConditionForUnnamedCase(fixture.task, sentences, at)) return ONLY_CONDITION_OF_CASE;
  const figure = onlyRestatesAskedFigure(fixture.task, sentences, at);
  if (figure) return `${ONLY_RESTATES_ASKED_FIGURE} ("${figure}")`;
  const wh = onlyAnswerToWh(
    asksOf(fixture.task),
    sentences.map((s) => s.text),
    at,
  );
  if (wh) return `${ONLY_ANSWER_TO_WH} ("${wh.ask}": ${wh.kind})`;
  const action = onlyVerbOfAsk(askedActions(fixture.task), sentences, at, askedHowToVerbs(fixture.task)) ?? onlyGivingVerb(fixture.task, sentences, at);
  if (action) return `${ONLY_VERB_OF_ASK} ("${action}")`;
  if (onlyBarAsked(fixture.task, sentences, at)) return ONLY_BAR_ASKED;
  const option = onlyFigureOfOption(fixture.task, sentences, at);
  if (option) return `${ONLY_FIGURE_OF_OPTION} ("${option}")`;
  const compared = comparisonRestsOn(sentences, at);
  if (compared) return `${COMPARISON_RESTS_ON} ("${compared}")`;
  if (supportOf(deleted.text, evidenceSentences(fixture.evidence)) === null) return 'no evidence sentence supports the deleted sentence';
  const t = deleted.text;
  const facts = factsOf(t);
  if (!facts.size && !statesCondition(t)) return 'the deleted sentence states no figure, date, name or condition';
  const rest = sentences.filter((_, j) => j !== at).map((s) => s.text);
  // Lost unless the rest still states its figures, dates and names, and one sentence of it says what it says.
  const restStates = new Set(rest.flatMap((s) => [...factsOf(s)]));
  if ([...facts].every((f) => restStates.has(f)) && supportOf(t, rest) !== null) return 'another sentence of the artifact restates the deleted one';
  // A total or saving the rest still states, left £190 more than anything in it explains, is a gap a reader sees without the evidence.
  if (operandOfRest(fixture.artifact, fixture.task, deleted.start, deleted.end)) return LEAVES_RESULT_UNEXPLAINED;
  return null;
}

/** The nouns of a text, by lemma ("classes" as "class"). */
function nounsOf(text: string): Set<string> {
  return new Set(
    readSentences(text)
      .flatMap((s) => s.tokens)
      .filter((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && t.lemma.length > 2)
      .map((t) => t.lemma),
  );
}

/** What a question or sentence says is done, by lemma ("bought" as "buy"), the verbs most sentences use aside unless asked (`asked`). */
function actionsOf(text: string, asked: ReadonlySet<string> = new Set()): Set<string> {
  return new Set(
    readSentences(text)
      .flatMap((s) => s.tokens)
      .filter((t) => t.pos === 'VERB' && t.lemma.length > 2 && (!LIGHT_VERBS.has(t.lemma.toLowerCase()) || asked.has(t.lemma.toLowerCase())))
      .map((t) => t.lemma.toLowerCase()),
  );
}

/**
 * The verbs of the question's asks, not of what the asker tells first ("I bought a heater last week … Can I return
 * it?" asks about returning); a request with no question mark, all of it.
 */
function askedActions(task: string): Set<string> {
  const asks = asksOf(task);
  const actions = actionsOf(asks.length ? asks.join(' ') : task);
  // "What do I get?" asks what a thing gives, which the sentence "For that you get ..." answers (unseen123's readers,
  // of that sentence left out: "never says what the Gallery package includes"): a light verb, asked of its object.
  if (ASKS_WHAT_YOU_GET.test(task)) actions.add('get');
  return actions;
}

/**
 * For a question that asks what a thing includes, the verb of giving that only sentence `i` uses ("For that you get a
 * moss ring ...", "The package is £220 and gives you four private lessons"; unseen136's readers, of each left out: "the
 * question asks what's included, but the answer only gives length and price"), or undefined. By lemma only: the senses
 * "get" shares with "become" answer no such question (the review).
 */
function onlyGivingVerb(task: string, sentences: readonly Piece[], i: number): string | undefined {
  if (!ASKS_WHAT_IS_INCLUDED.test(task)) return undefined;
  const giving = sentences.map((s) =>
    readSentences(s.text)
      .flatMap((r) => r.tokens)
      .flatMap((t) => (t.pos === 'VERB' && GIVING_VERBS.has(t.lemma.toLowerCase()) ? [t.lemma.toLowerCase()] : [])),
  );
  return giving[i]!.find((verb) => !giving.some((verbs, j) => j !== i && verbs.includes(verb)));
}

/** A question asking what a thing includes: "what's included?", "what does the package include?", "what comes with it?". */
const ASKS_WHAT_IS_INCLUDED = /\bwhat(?:['’]s|\s+is|\s+are)\s+included\b|\bwhat\s+(?:does|do|will|would)\s+(?:[\w'’-]+\s+){1,4}include\b|\bwhat\s+comes?\s+with\b/i;

/** The verbs that say what a thing gives its buyer. */
const GIVING_VERBS: ReadonlySet<string> = new Set(['include', 'get', 'give', 'cover', 'contain']);

/** The verb a question asks how to do: "how do I change it?", "how can it be renewed?". */
const ASKS_HOW_TO = /\bhow\s+(?:do|can|should|could|would|will)\s+(?:I|we|you|they|it|he|she)\s+(?:be\s+)?([a-z]+)/gi;

/** The lemmas of the verbs a question asks how to do, which an answer may name by their noun ("ask for the change"). */
function askedHowToVerbs(task: string): Set<string> {
  return new Set([...task.matchAll(ASKS_HOW_TO)].flatMap((m) => readSentences(m[1]!).flatMap((s) => s.tokens.map((t) => t.lemma.toLowerCase()))));
}

/** A question asking what a thing gives: "what do I get?", "what would we get for that?". */
const ASKS_WHAT_YOU_GET = /\bwhat\s+(?:do|does|will|would|can|could|should)\s+(?:I|we|you|they|it)\s+get\b/i;

/** Verbs that carry little of what is asked: "do I need to", "will I get", "can you give". */
const LIGHT_VERBS = new Set([
  'be',
  'have',
  'do',
  'get',
  'need',
  'make',
  'take',
  'give',
  'go',
  'come',
  'use',
  'want',
  'know',
  'let',
  'see',
  'say',
  'tell',
  'find',
  'keep',
  'put',
  'like',
  'try',
  'mean',
  'ask',
  'work',
]);

/**
 * A verb of the question's asks that only sentence `i` uses (by lemma, or a verb sharing a WordNet sense of a verb
 * with it): "Will I be charged?" and "you won't be charged if …", "does she have to buy a kit?" and "extra shirts can
 * be bought for £12", "how is it stored?" and "The tube should be stored below 25°C" (unseen48's readers: without it,
 * "it leaves out the second half of the question"); "Will you call me before doing extra work?" and "We only phone
 * you for approval if …" (unseen74's readers: "never answers whether they call before extra work").
 */
function onlyVerbOfAsk(asked: ReadonlySet<string>, sentences: readonly Piece[], i: number, howToVerbs: ReadonlySet<string> = new Set()): string | undefined {
  const actions = sentences.map((s) => [...actionsOf(s.text, asked)]);
  // By lemma, the noun of a verb the question asks how to do too: "how do I change it?" and "ask for the change at least
  // 7 days before" (unseen123's readers, of that sentence left out: "never says how to make the change"). Not the noun
  // of any asked verb: "the wait is usually 6 months" answers no "how does the waiting list work?".
  const named = sentences.map((s, j) => [...actions[j]!, ...[...nounsOf(s.text)].filter((noun) => howToVerbs.has(noun))]);
  // By lemma first, then by sense: a sense another sentence's verb shares ("charge" and "supply") is no answer that hides the lemma's.
  for (const [alike, words] of [[(a: string, b: string) => a === b, named] as const, [sameAction, actions] as const]) {
    for (const ask of asked) {
      const verb = words[i]!.find((v) => alike(ask, v));
      if (verb !== undefined && !words.some((verbs, j) => j !== i && verbs.some((v) => alike(ask, v)))) return verb;
    }
  }
  return undefined;
}

/** Whether two verbs' lemmas name one action: the same lemma, or a verb sense WordNet gives both ("call" and "phone"). */
function sameAction(a: string, b: string): boolean {
  if (a === b) return true;
  const senses = new Set(sensesOf(a).filter((s) => s.startsWith('v')));
  return sensesOf(b).some((s) => senses.has(s));
}

/** An ask of what is not allowed: "is there anything she won't be allowed to do?", "Are there any restrictions?", "what can't I bring?". */
const ASKS_WHAT_IS_BARRED = /\b(?:won['’]t|will\s+not|not|isn['’]t|aren['’]t|can['’]t|cannot)\s+(?:be\s+)?(?:allowed|permitted)\b|\brestrictions?\b|\bwhat\s+(?:can['’]t|cannot|may\s+not)\b/i;
/** A sentence that bars something: "may not use", "can't", "isn't allowed", "must not", "not permitted", "prohibited". */
const BARS = /\b(?:may\s+not|must\s+not|mustn['’]t|cannot|can['’]t|not\s+(?:allowed|permitted)|isn['’]t\s+allowed|aren['’]t\s+allowed|prohibited|banned)\b/i;

/**
 * Whether sentence `i` is the only one that bars anything, for a question that asks what is not allowed: without it
 * the ask goes unanswered (unseen81's readers, of "is there anything she won't be allowed to do?" without "She may
 * not use the table saw or the planer-thicknesser": "no restriction for 16–17-year-olds is given").
 */
function onlyBarAsked(task: string, sentences: readonly Piece[], i: number): boolean {
  if (!asksOf(task).some((ask) => ASKS_WHAT_IS_BARRED.test(ask))) return false;
  return BARS.test(sentences[i]!.text) && !sentences.some((s, j) => j !== i && BARS.test(s.text));
}

export const ONLY_BAR_ASKED =
  'the deleted sentence is the only one that says what is not allowed, for a question that asks it ("is there anything she won\'t be allowed to do?"): without it that ask goes unanswered';

export const ONLY_VERB_OF_ASK = "the deleted sentence is the only one that uses a verb of the question's asks: without it, that ask goes unanswered";

/**
 * A thing the question asks about that only sentence `i` speaks of, by lemma or stem ("photos" and "photographs",
 * unseen46's readers): without it, the answer leaves that part unanswered.
 */
function onlyAnswerTo(asked: ReadonlySet<string>, sentences: readonly Piece[], i: number): boolean {
  const elsewhere = new Set(sentences.filter((_, j) => j !== i).flatMap((s) => [...nounsOf(s.text)]));
  if ([...nounsOf(sentences[i]!.text)].some((noun) => asked.has(noun) && !elsewhere.has(noun))) return true;
  // A noun of the question no sentence writes as it does, that sentence `i` alone writes in another form of the word.
  const nouns = sentences.map((s) => [...nounsOf(s.text)].map((n) => n.toLowerCase()));
  return [...asked].some((a) => {
    const noun = a.toLowerCase();
    if (nouns.some((ns) => ns.includes(noun))) return false;
    const writing = nouns.flatMap((ns, j) => (ns.some((n) => sameStem(n, noun)) ? [j] : []));
    return writing.length === 1 && writing[0] === i;
  });
}

/** A question that asks what something costs. */
// "will I be charged anything extra?" asks a price as "is there a charge?" does (unseen81's readers: "never answers the question about a 50-minute ride").
// "What will the total be?" asks a price too (unseen134's readers, of the sentence bringing it to £810 left out: "never gives a total").
const ASKS_A_PRICE = /\b(?:how much|fees?|costs?|charg(?:e[sd]?|ing)|prices?|pay|(?:the|in)\s+total)\b/i;
const statesAmount = (sentence: string) => findNumbers(sentence).some((n) => n.currency !== '');
/** No charge at all ("Viewings are free", "at no extra charge"): how a question about a charge is answered where no amount is given. */
const NO_CHARGE = /\b(?:free(?: of charge)?|no (?:extra |additional )?(?:charge|cost|fee)|at no (?:extra |additional )?cost)\b/i;

/**
 * Whether sentence `i` is the only one to give the amount a question about a
 * price asks for ("Is there a fee?"): without it the answer talks around the
 * question ("The fee is waived for five or more") and never answers it.
 */
function onlyAmountAsked(task: string, sentences: readonly Piece[], i: number): boolean {
  if (!ASKS_A_PRICE.test(task)) return false;
  const only = (says: (text: string) => boolean) => says(sentences[i]!.text) && !sentences.some((s, j) => j !== i && says(s.text));
  // Where no sentence gives an amount, the one that says there is no charge answers it (unseen46's readers: "Viewings are free").
  return only(statesAmount) || (!sentences.some((s) => statesAmount(s.text)) && only((text) => NO_CHARGE.test(text)));
}

/**
 * Whether sentence `i` brings the answer's working to an amount the evidence
 * does not state, for a question about a price: "2 shelves come to £28 at the
 * full price. Your membership takes 20% off shelf fees, which brings that
 * down to £22.40." It is what the asker's case pays; without it the answer
 * stops at a figure that case does not pay (unseen35's readers: "the asker is
 * a member, but the answer gives only the full price"). A price the evidence
 * lists ("You will pay £5 extra for a glaze") is no working's result.
 */
function givesWorkedAmount(fixture: TextFixture, sentences: readonly Piece[], i: number): boolean {
  if (!ASKS_A_PRICE.test(fixture.task)) return false;
  const listed = new Set(evidenceSentences(fixture.evidence).flatMap(findNumbers).map(numberKey));
  return concludedAmounts(sentences[i]!.text).some((n) => !listed.has(numberKey(n)));
}

/**
 * Words that bring working to the amount after them: "which brings that down to £22.40", "brings the total for all five of
 * you to £46" (unseen126's readers, of that sentence left out: "the third child is never priced"), "making £563", "leaving
 * you £72.90", "so you would pay £39".
 */
const CONCLUDES_BEFORE =
  /(?:\b(?:brings?|bringing)\b(?:\s+[\w'’]+){0,7}?\s+to|\b(?:comes?|coming)\b(?:\s+[\w']+){0,3}?\s+to|\b(?:makes?|making|leaves?|leaving)\b(?:\s+(?:it|you|that|this))?|\b(?:would|will|['’]d|['’]ll)\s+pay)\s+$/i;
/**
 * Words that close working on the amount before them, perhaps after what it is for: "£201.60 in total", "£60 altogether",
 * "£136.80 for the term in total" (unseen118's readers, of that sentence left out: "gives only the per-child price and no total").
 */
const CONCLUDES_AFTER = /^\s*(?:[\w'’-]+\s+){0,3}?(?:in\s+total|in\s+all|altogether)\b/i;

/** The amounts a sentence states as what its working comes to. */
function concludedAmounts(sentence: string): NumberPiece[] {
  return findNumbers(sentence).filter((n) => n.currency !== '' && (CONCLUDES_BEFORE.test(sentence.slice(0, n.start)) || CONCLUDES_AFTER.test(sentence.slice(n.end))));
}

/** A question that asks for a figure: an amount ("what will I pay", "in total"), a count, a length of time, a time or a date ("what is the last day"). */
const ASKS_A_FIGURE =
  /\b(?:how (?:much|many|long|soon|often|far|old)|what(?:['’]s|\s+is|\s+was|\s+would be|\s+will be)?\s+(?:the\s+)?(?:(?:last|latest|earliest|first|final)\s+)?(?:time|date|day|deadline)|when|fees?|costs?|charges?|prices?|pay|owe|total|altogether)\b/i;

/** A question that asks for a total ("in total, including VAT?"): the figure asked for comes after its parts, so of two sentences as close to it the later gives it. */
const ASKS_A_TOTAL = /\b(?:in total|total|altogether|in all|all in|including|inclusive of)\b/i;

/** How many content lemmas a sentence shares with the question. */
function questionOverlap(sentence: string, question: ReadonlySet<string>): number {
  return new Set(contentLemmas(sentence).filter((l) => question.has(l))).size;
}

/**
 * Whether sentence `i` is the one that answers a question asking for a figure
 * ("How much will the hire cost?"): of the sentences that state a figure or a
 * date, the one sharing most content words with the question (and at least
 * one; the first on a tie, the last when the question asks for a total).
 * Without it the answer talks around what it was asked, a gap any reader of
 * the question sees.
 */
function givesFigureAsked(task: string, sentences: readonly Piece[], i: number): boolean {
  if (!ASKS_A_FIGURE.test(task)) return false;
  const question = new Set(contentLemmas(task));
  const stating = sentences.map((s) => (findNumbers(s.text).length || findDates(s.text).length ? questionOverlap(s.text, question) : 0));
  const best = Math.max(...stating);
  return best > 0 && (ASKS_A_TOTAL.test(task) ? stating.lastIndexOf(best) : stating.indexOf(best)) === i;
}

/** Why an omission is refused, as the ignored list gives it. */
export const ANSWERS_ONE_ASK =
  'the deleted sentence gives the figure one of the things the question asks for (as "how much do I pay up front?" of "What will it cost, and how much do I pay up front?"): without it that part is plainly unanswered';

/** Why an omission is refused where it takes a wh-part's only answer, as the ignored list gives it (the ask and its kind follow in brackets). */
export const ONLY_ANSWER_TO_WH =
  'the deleted sentence is the only one to answer a who, when, where, how much, how long or what-must-I-do part of the question in kind (the only name for "who should I speak to?", the only date or time for "when"): without it that part is plainly unanswered';

/** An ask for what is paid before the service ("how much do I pay up front?", "in advance"), and the words an answer gives it in: a deposit, taken when you book. */
const PAID_AHEAD = /\b(?:up[\s-]?front|in advance|beforehand|on booking|at booking|when (?:I|we) book)\b/i;
const PAID_AHEAD_WORDS = ['deposit', 'book', 'booking', 'advance', 'upfront'];

/**
 * Whether sentence `i` is the one that gives the figure one of several things
 * the question asks for ("What will it cost, and how much do I pay up
 * front?"): for each ask that asks for a figure, of the sentences stating a
 * figure or a date, the one sharing most content words with that ask alone
 * (at least one, the first on a tie). The case the question describes ("two
 * dogs ... 5 nights ... 22 kg") draws the whole question's overlap to the
 * sentences that restate it, so givesFigureAsked keeps one of those and the
 * deposit that answers "how much up front" could go: without it, a part of
 * the question is plainly left unanswered.
 */
function givesFigureOfOneAsk(task: string, sentences: readonly Piece[], i: number): boolean {
  const asks = asksOf(task);
  if (asks.length < 2) return false;
  return asks.some((ask) => {
    if (!ASKS_A_FIGURE.test(ask)) return false;
    const words = new Set([...contentLemmas(ask).filter((l) => !ASKING_WORDS.has(l)), ...(PAID_AHEAD.test(ask) ? PAID_AHEAD_WORDS : [])]);
    const stating = sentences.map((s) => (findNumbers(s.text).length || findDates(s.text).length ? questionOverlap(s.text, words) : 0));
    const best = Math.max(...stating);
    return best > 0 && stating.indexOf(best) === i;
  });
}

/** Why an omission is refused where the deleted sentence alone answers the question's last ask, as the ignored list gives it. */
export const ANSWERS_LAST_ASK =
  'the deleted sentence ends the answer with the case that answers the question\'s last ask ("… and is there any way to get it free?" by "You won\'t pay the fee if …", "… and what happens if it is?" by "If we cancel, …"), and no other sentence shares a word with that ask: without it that ask is plainly unanswered (unseen43\'s readers)';

/** Why an omission is refused where the deleted sentence alone restates a figure of the question's case, as the ignored list gives it (the figure follows in brackets). */
export const ONLY_RESTATES_ASKED_FIGURE =
  'the deleted sentence is the only one to restate a time, date or figure the question gives for the case it asks a yes or no of ("Can I bring her to throw on a Friday evening at 8pm?" by "so an 8pm slot won\'t be possible"): without it the case asked about is never answered (unseen96\'s readers)';

/**
 * The figure or date of the question that sentence `i` alone restates, where the question asks a yes or no of its case
 * ("Can I bring my 14-year-old ... at 8pm?"), as the question writes it, or undefined.
 */
function onlyRestatesAskedFigure(task: string, sentences: readonly Piece[], i: number): string | undefined {
  if (!asksOf(task).some((ask) => ASKS_YES_NO_OR_CASE.test(ask))) return undefined;
  // Figures and dates by what they say: "8pm" and "20:00" alike.
  const piecesOf = (text: string) => [...findFigures(text).map((f) => ({ key: `${f.kind}|${f.value}`, text: f.text })), ...findDates(text)];
  const own = new Set(piecesOf(sentences[i]!.text).map((p) => p.key));
  const elsewhere = new Set(sentences.flatMap((s, j) => (j === i ? [] : piecesOf(s.text).map((p) => p.key))));
  return piecesOf(questionText(task)).find((p) => own.has(p.key) && !elsewhere.has(p.key))?.text;
}

/** An ask a yes or no or a case answers: "is there any way to get it free?", "can I visit him?", "what happens if it is?". */
const ASKS_YES_NO_OR_CASE = /^\s*(?:is|are|can|could|do|does|will|would|should|may|must|what happens|what if)\b/i;

/** A sentence that gives a case: "You won't pay the fee if you buy six bottles", "If we cancel, you can choose a refund". */
const GIVES_A_CASE = /\b(?:if|unless)\b/i;

/**
 * Whether sentence `i` ends the answer and gives the case that answers the
 * last of two asks or more, where that ask wants a yes, a no or a case and
 * no other sentence speaks of its words: the answer takes the asks in order,
 * and its last sentence answers the last ask in other words ("is there any
 * way to get it free?" by "You won't pay the fee if you buy six or more
 * bottles").
 */
function answersLastAsk(task: string, sentences: readonly Piece[], i: number): boolean {
  const asks = asksOf(task);
  const last = asks.at(-1);
  if (asks.length < 2 || last === undefined || i !== sentences.length - 1 || !ASKS_YES_NO_OR_CASE.test(last) || !GIVES_A_CASE.test(sentences[i]!.text)) return false;
  const words = new Set(contentLemmas(last).filter((l) => !ASKING_WORDS.has(l)));
  return !sentences.some((s, j) => j !== i && contentLemmas(s.text).some((l) => words.has(l)));
}

/** Why an omission is refused where the deleted sentence speaks most of one of the question's asks, as the ignored list gives it. */
export const SPEAKS_MOST_OF_ASK =
  'the deleted sentence shares more words with one of the question\'s asks than any other sentence, two at least ("will claiming push my premium up?" by "Your premium may be reviewed ... based on your claims history"): without it that ask is plainly unanswered (unseen66\'s readers)';

/**
 * Whether sentence `i` shares more content words with one of two asks or more than any other sentence does, and two at
 * least: the sentence that takes up that ask, which a reader of the question misses.
 */
function speaksMostOfAsk(task: string, sentences: readonly Piece[], i: number): boolean {
  const asks = asksOf(task);
  if (asks.length < 2) return false;
  // Of a yes/no ask only: a wh-ask is answered by a figure, date or name, which the rules above read; words it shares
  // by chance ("the biggest greenhouse in the range" beside "If you need something bigger, the Heritage range") answer none.
  return asks.some((ask) => {
    if (!ASKS_YES_NO_OR_CASE.test(ask)) return false;
    const words = new Set(contentLemmas(ask).filter((l) => !ASKING_WORDS.has(l)));
    const overlap = sentences.map((s) => questionOverlap(s.text, words));
    return overlap[i]! >= 2 && overlap.every((o, j) => j === i || o < overlap[i]!);
  });
}

export const ANSWERS_CASE_ASKED =
  'the deleted sentence is the only one with a word of the case the question asks about ("what happens if we bring the van back late?" by "If you\'re late, we charge …"): without it the question goes unanswered (unseen52\'s readers)';

/** The case a question asks the outcome of: "what happens if we bring it back late", "what if I cancel", up to its clause's end. */
const CASE_ASKED = /\bwhat\s+(?:(?:happens|would\s+happen|will\s+happen)\s+(?:if|when)|if)\b\s*([^?,;]+)/i;
/** Where another ask joined by "and" begins: "… late, and how much is the deposit?". */
const NEXT_ASK = /\s+and\s+(?=(?:how|what|when|where|why|who|can|could|is|are|do|does|will|would)\b)/i;

/**
 * A word of the case the question asks the outcome of that only sentence `i` writes, by lemma: "If you're late, we
 * charge £40 …" or "Late returns cost £40 an hour" for "What happens if we bring the van back late?".
 */
function onlyCaseAsked(task: string, sentences: readonly Piece[], i: number): string | undefined {
  const asked = CASE_ASKED.exec(task)?.[1]?.split(NEXT_ASK)[0];
  if (!asked) return undefined;
  const elsewhere = new Set(sentences.filter((_, j) => j !== i).flatMap((s) => contentLemmas(s.text)));
  const own = new Set(contentLemmas(sentences[i]!.text));
  return contentLemmas(asked).find((l) => !ASKING_WORDS.has(l) && own.has(l) && !elsewhere.has(l));
}

export const OUTCOME_OF_CASE_ASKED =
  'the deleted sentence is the only one that speaks of the case the question asks the outcome of, in the same or other words, save one that says when it happens ("If we cancel, you can rebook …" for "What happens if it\'s called off?", beside "Rides are cancelled when the wind exceeds 25 knots"): without it the question goes unanswered (unseen107\'s readers)';

/** Verbs that say nothing of which case it is: "what happens if it is", "if you have". */
const CASELESS_VERBS: ReadonlySet<string> = new Set(['be', 'have', 'do', 'get', 'happen', 'go']);
/** The particle of a phrasal verb: "called off", "sold out", "turned back". */
const PARTICLES: ReadonlySet<string> = new Set(['off', 'out', 'up', 'back', 'down', 'over']);
/** The parts of speech that say what happens in a case: "called off", "late", "missed". */
const CASE_POS: ReadonlySet<string> = new Set(['VERB', 'ADJ', 'ADV']);
/** Words that open the clause saying when a thing happens: "Rides are cancelled when the wind exceeds 25 knots". */
const WHEN_WORDS: ReadonlySet<string> = new Set(['when', 'whenever', 'if']);

/**
 * A verb's commonest WordNet senses, a phrasal verb's with its particle ("called off" as "call off", which WordNet puts
 * with "cancel"), after a pronoun its object too ("call it off").
 */
function verbSenses(tokens: readonly Token[], i: number): string[] {
  const lemma = tokens[i]!.lemma.toLowerCase();
  if (tokens[i]!.pos !== 'VERB' || CASELESS_VERBS.has(lemma)) return [];
  const particle = tokens[tokens[i + 1]?.pos === 'PRON' ? i + 2 : i + 1]?.text.toLowerCase() ?? '';
  return [...sensesOf(lemma), ...(PARTICLES.has(particle) ? sensesOf(`${lemma} ${particle}`) : [])].filter((sense) => sense.startsWith('v'));
}

/**
 * Whether sentence `i` alone speaks of the case the question asks the outcome of, by a verb of the case in the same or
 * other words (a shared WordNet sense: "cancel" for "called off"), where every other sentence that speaks of it, by such
 * a verb or a word of the case's stems ("late", "collection" of "collect"), only says when it happens ("Rides are
 * cancelled when the wind speed exceeds 25 knots"). The sentence that gives the outcome asked ("If we cancel, you can
 * rebook free of charge") is what a reader of the question misses.
 */
function onlyOutcomeOfCase(task: string, sentences: readonly Piece[], i: number): boolean {
  const asked = CASE_ASKED.exec(task)?.[1]?.split(NEXT_ASK)[0];
  if (!asked) return false;
  const mentions = caseMentions(asked, sentences);
  const own = mentions[i]!;
  return own.bySense && !own.saysWhen && mentions.every((m, j) => j === i || !m.speaks || m.saysWhen);
}

/** Per sentence, how it speaks of the case a question asks the outcome of: by a verb's sense, at all, and only to say when it happens. */
function caseMentions(asked: string, sentences: readonly Piece[]): Array<{ bySense: boolean; speaks: boolean; saysWhen: boolean }> {
  const caseTokens = readSentences(asked).flatMap((s) => s.tokens);
  const caseSenses = new Set(caseTokens.flatMap((_, k) => verbSenses(caseTokens, k)));
  // The case is what happens, not who it happens to: "called off" of "my ride is called off", "late" and "collect" of "I'm
  // late collecting her"; a sentence about rides in general speaks of no cancellation.
  const caseLemmas = caseTokens
    .filter((t) => CASE_POS.has(t.pos))
    .map((t) => t.lemma.toLowerCase())
    .filter((l) => !ASKING_WORDS.has(l) && !CASELESS_VERBS.has(l));
  // Per sentence: where it names the case by a verb's sense, or at all, and whether each mention comes before a "when".
  return sentences.map((s) => {
    const tokens = readSentences(s.text).flatMap((r) => r.tokens);
    const bySense = tokens.flatMap((_, k) => (verbSenses(tokens, k).some((sense) => caseSenses.has(sense)) ? [k] : []));
    // A capitalised plural opening a sentence keeps its "s" as the model reads it ("Rides"): read as the dictionary has it.
    const lemmaOf = (t: Token) => dictionaryForm(t.lemma.toLowerCase()) ?? t.lemma.toLowerCase();
    const byWord = tokens.flatMap((t, k) => (caseLemmas.some((l) => sameStem(l, lemmaOf(t))) ? [k] : []));
    const all = [...new Set([...bySense, ...byWord])];
    // When it happens: "when" or "if" right after the mention ("Rides are cancelled when …"), or the mention in the main
    // clause after a condition that opens the sentence ("If the wind exceeds 25 knots, rides are cancelled").
    const firstComma = tokens.findIndex((t) => t.text === ',');
    const opensWithWhen = WHEN_WORDS.has(tokens[0]?.lemma.toLowerCase() ?? '');
    const saysWhen = (k: number) => tokens.slice(k + 1, k + 4).some((t) => WHEN_WORDS.has(t.lemma.toLowerCase())) || (opensWithWhen && firstComma >= 0 && k > firstComma);
    return { bySense: bySense.length > 0, speaks: all.length > 0, saysWhen: all.length > 0 && all.every(saysWhen) };
  });
}

/** Words that set a condition on what a sentence says: "if", "when", "whenever", "unless" (not "once", as often an adverb). */
const CONDITION_WORDS: ReadonlySet<string> = new Set([...WHEN_WORDS, 'unless']);

/**
 * For a "what happens if" whose case no sentence names in words read alike ("turn up late", "when you arrive"), whether
 * sentence `i` is the only one that sets a condition: it gives the outcome asked ("If the safety briefing has already
 * started when you arrive, you can't join that session"; unseen142's readers, of it left out: "never mentions a
 * late-arrival policy").
 */
function onlyConditionForUnnamedCase(task: string, sentences: readonly Piece[], i: number): boolean {
  const asked = CASE_ASKED.exec(task)?.[1]?.split(NEXT_ASK)[0];
  if (!asked || caseMentions(asked, sentences).some((m) => m.speaks)) return false;
  const conditional = sentences.map((s) => readSentences(s.text).some((r) => r.tokens.some((t) => CONDITION_WORDS.has(t.lemma.toLowerCase()))));
  return conditional[i]! && conditional.filter(Boolean).length === 1;
}

export const ONLY_CONDITION_OF_CASE =
  'the deleted sentence is the only one that sets a condition, for a question that asks what happens in a case no sentence names in words read alike ("If the briefing has started when you arrive, ..." for "What happens if we turn up late?"): without it that ask goes unanswered';

/** Why an omission is refused where the question sets options against each other, as the ignored list gives it (the option follows in brackets). */
export const ONLY_FIGURE_OF_OPTION =
  'the deleted sentence is the only one to give a figure for an option the question sets against another ("two concession tickets or the Family Duo ticket?"): without it the answer weighs that option with nothing';

/** Why an omission is refused where the rest compares, as the ignored list gives it (the name compared follows in brackets). */
export const COMPARISON_RESTS_ON =
  'the deleted sentence is the only one to give a figure for what the rest of the answer compares ("The Family Duo ticket is the cheaper option", "The annual plan is the better deal"): without it the comparison rests on nothing';

/**
 * The option the question names ("two concession tickets or the Family Duo
 * ticket?", src/text/options.ts) that sentence `i` is the only one to give a
 * figure for, as the question writes it, or undefined.
 */
function onlyFigureOfOption(task: string, sentences: readonly Piece[], i: number): string | undefined {
  const withFigure = (option: { words: string[] }) => sentences.flatMap((s, j) => (statesFigure(s.text) && speaksOf(s.text, option) ? [j] : []));
  const options = askedOptions(questionText(task)).flat();
  return options.find((option) => {
    const giving = withFigure(option);
    return giving.length === 1 && giving[0] === i;
  })?.text;
}

/**
 * A thing another sentence compares, by name or as its subject ("The Family
 * Duo ticket is the cheaper option", "The annual plan is the better deal"),
 * that sentence `i` is the only one to give a figure for, as written, or
 * undefined: the comparison is left with no figure for one side.
 */
function comparisonRestsOn(sentences: readonly Piece[], i: number): string | undefined {
  const things = sentences.flatMap((s, j) => (j === i ? [] : comparedThings(s.text)));
  return things.find((thing) => {
    const giving = sentences.flatMap((s, j) => (statesFigure(s.text) && names(s.text, thing) ? [j] : []));
    return giving.length === 1 && giving[0] === i;
  })?.text;
}

/** A count a question or answer gives: its value and what it counts ("5 times": 5, "time"; a bare "aged 4, 6 and 9": ""). */
interface Count {
  value: number;
  kind: string;
}

/** The counts a text writes in digits: no amount, share, date or time of day ("£15", "18 December", "6.20pm"). */
function countsIn(text: string): Count[] {
  const dates = findDates(text);
  const tokens = readSentences(text).flatMap((r) => r.tokens);
  // What the count counts, as the model reads the word after it: a noun's lemma ("5 times": time), else nothing ("12 does", "At 11 he").
  const counted = (f: Figure) => {
    if (f.kind === 'age') return 'age';
    const next = tokens.find((t) => t.start >= f.end);
    return next?.pos === 'NOUN' && next.start - f.end <= 1 ? next.lemma.toLowerCase() : '';
  };
  return findFigures(text).flatMap((f) =>
    f.kind === f.unit && !isCurrencySign(f.kind) && f.kind !== '%' && !dates.some((d) => d.start < f.end && f.start < d.end) && !/^\s*(?:am|pm|a\.m\.|p\.m\.)/i.test(text.slice(f.end))
      ? [{ value: f.value, kind: counted(f) }]
      : [],
  );
}

/** The counts a question gives, in digits or in words before what they count ("the fifth time", "two dogs"). */
function questionCounts(task: string): Count[] {
  const question = questionText(task);
  const tokens = readSentences(question).flatMap((s) => s.tokens);
  const spelled = tokens.flatMap((t, i) => {
    const value = ordinalValue(t.text) ?? spelledValue([t.text]);
    const counted = tokens[i + 1];
    return value !== undefined && counted?.pos === 'NOUN' ? [{ value, kind: counted.lemma.toLowerCase() }] : [];
  });
  return [...countsIn(question), ...spelled].filter((c) => c.value > 1);
}

/** The same count: the same value of the same thing, or a bare one of an age or of another bare count ("aged 4, 6 and 9": "Your 9-year-old"; never "a family of 4": "4 lanes"). */
const sameCount = (a: Count, b: Count) => {
  const looselyAlike = (x: Count, y: Count) => BARE_KINDS.has(x.kind) && (BARE_KINDS.has(y.kind) || y.kind === 'age');
  return a.value === b.value && (a.kind === b.kind || looselyAlike(a, b) || looselyAlike(b, a));
};

/**
 * Whether sentence `i` is the only one to take up a count the question gives
 * ("cancelled ... for the fifth time now": "As we have now cancelled your
 * flight 5 times, we will extend your ticket"; "aged 4, 6 and 9": "Your
 * 9-year-old may swim without an adult"): it is the answer's reply to the
 * asker's own case, and without it the answer reads as if it never heard it
 * (unseen34's readers).
 */
function onlyToTakeUpCount(task: string, sentences: readonly Piece[], i: number): boolean {
  const asked = questionCounts(task);
  const takenUp = (text: string) => countsIn(text).filter((c) => asked.some((a) => sameCount(a, c)));
  return takenUp(sentences[i]!.text).some((count) => !sentences.some((s, j) => j !== i && takenUp(s.text).some((c) => sameCount(c, count))));
}

/** An answer that opens with a partial verdict: "Partly.", "Only in part: ...". */
const PARTIAL_VERDICT = /^(?:partly|partially|only partly|in part|only in part|not fully|not entirely|some of it)\b/i;
/** A sentence that says what is not covered, allowed or paid: "... isn't covered", "... is excluded". */
// "n't" ends a word ("isn't") with no boundary before it.
const STATES_EXCEPTION = /\b(?:not|no|never|excluded?|except|won['’]t|cannot)\b|n['’]t\b/i;

/** An answer that opens by refusing one form of what was asked: "Not as a full refund, I'm afraid", "Not in full". */
const REFUSES_ONE_FORM = /^(?:not as an?|not in full|not all of it|not the whole)\b/i;

/**
 * Whether sentence `i` is the first to say which part is not covered after a partial verdict: without it "Partly" has
 * no other part; or the first to say what is given instead after a refusal of one form ("Not as a full refund, I'm
 * afraid … Cancellations within 48 hours are refunded as credit instead"): without it the refusal implies an
 * alternative the answer never gives (unseen45's readers: "the answer looks cut short").
 */
function givesPartNotCovered(sentences: readonly Piece[], i: number): boolean {
  const opening = sentences[0]?.text ?? '';
  if (PARTIAL_VERDICT.test(opening)) return sentences.findIndex((s, j) => j > 0 && STATES_EXCEPTION.test(s.text)) === i;
  return REFUSES_ONE_FORM.test(opening) && sentences.findIndex((s, j) => j > 0 && !STATES_EXCEPTION.test(s.text)) === i;
}

/** A later sentence that compares with what came before: "Either way ...", "the discount goes up to 20%". */
const COMPARES_BACK = /\b(?:either way|in either case|in both cases|goes (?:up|down) to|rises to|falls to|drops to|increases to|decreases to)\b/i;

/** Whether one of the next two sentences compares with sentence `i` (the first of two options, the value a later one rises from). */
function comparedLater(sentences: readonly Piece[], i: number): boolean {
  return sentences.slice(i + 1, i + 3).some((s) => COMPARES_BACK.test(s.text));
}

/**
 * Whether sentence `i` introduces a thing ("you'll need a skin patch test") that a later sentence names as known ("The
 * test is free"), and nothing else before it or the question names: without it, "the test" points at nothing
 * (unseen39's readers: "'the test' is never introduced"). A thing it names in full with "the" ("give them the 4-digit
 * collection password") is introduced for a later "the" right before its bare noun ("even with the password",
 * unseen84's readers: "never mentions setting or giving a password"); a later mention with a word before its noun
 * ("the line manager" again, "the original move date") a reader takes as known without it.
 */
function introducesForLater(task: string, sentences: readonly Piece[], i: number): boolean {
  const tokens = readSentences(sentences[i]!.text).flatMap((s) => s.tokens);
  const byArticle = new Set(tokens.filter((t, k) => t.pos === 'NOUN' && opener(tokens, k, /^an?$/i)).map((t) => t.lemma));
  const inFull = new Set(tokens.filter((t, k) => t.pos === 'NOUN' && tokens[k - 1]?.pos === 'NOUN' && opener(tokens, k, /^the$/i)).map((t) => t.lemma));
  if (byArticle.size === 0 && inFull.size === 0) return false;
  const asked = nounsOf(task);
  return sentences.some((later, j) => {
    if (j <= i) return false;
    const namedBefore = new Set(sentences.filter((_, k) => k < j && k !== i).flatMap((s) => [...nounsOf(s.text)]));
    const words = readSentences(later.text).flatMap((s) => s.tokens);
    return words.some((t, k) => {
      if (t.pos !== 'NOUN' || asked.has(t.lemma) || namedBefore.has(t.lemma)) return false;
      return (byArticle.has(t.lemma) && opener(words, k, /^the$/i)) || (inFull.has(t.lemma) && /^the$/i.test(words[k - 1]?.text ?? ''));
    });
  });
}

/**
 * Whether an article the pattern matches opens the noun phrase whose head is token `k`, with at most two modifiers
 * between ("a skin patch test", "The test"), a hyphened size counted as one ("the 4-digit collection password").
 */
function opener(tokens: readonly Token[], k: number, article: RegExp): boolean {
  let modifiers = 0;
  for (let m = k - 1; m >= 0 && modifiers <= 2; m--) {
    const t = tokens[m]!;
    if (article.test(t.text)) return true;
    const sized = t.pos === 'NOUN' && tokens[m - 1]?.text === '-' && tokens[m - 2]?.pos === 'NUM';
    // A price before the noun is one modifier: "a £50 security deposit".
    const priced = t.pos === 'NUM' && tokens[m - 1]?.pos === 'SYM';
    if (sized || priced) m -= sized ? 2 : 1;
    else if (!['ADJ', 'NOUN', 'PROPN'].includes(t.pos)) return false;
    modifiers++;
  }
  return false;
}

/** Verbs that set out what there is to choose from, before its count: "has three packages", "There are two options". */
const OFFERING_VERBS: ReadonlySet<string> = new Set(['have', 'be', 'offer', 'run', 'sell']);

/**
 * Whether sentence `i` is one of the items the sentence before them counts ("Parapet Bees has three packages" before
 * three sentences that each price one): a count of a plural noun that is no measure ("three packages", "3 plans", not
 * "two hours"), after a verb that sets out what there is, and right after it a run of at least that many sentences
 * stating a figure, this one among the first that many. Without it the answer describes two of its "three packages"
 * (unseen91's readers: "it says there are three packages but describes only two").
 */
function countedItem(sentences: readonly Piece[], i: number): boolean {
  return sentences.some((counting, j) => {
    if (j >= i) return false;
    let runEnd = j + 1;
    while (runEnd < sentences.length && statesFigure(sentences[runEnd]!.text)) runEnd++;
    const tokens = readSentences(counting.text).flatMap((s) => s.tokens);
    return tokens.some((t, k) => {
      const count = spelledValue([t.text]) ?? (/^\d$/.test(t.text) ? Number(t.text) : undefined);
      const noun = tokens[k + 1];
      // A plural noun: the lemmatiser's dictionary form differs from the word ("packages": "package").
      const plural = noun?.pos === 'NOUN' && noun.lemma.toLowerCase() !== noun.text.toLowerCase() && !namesMeasure(noun.lemma.toLowerCase());
      // Said as what there is, the count closing its clause: "has three packages, each ...", not "can have 2 packets for a donation".
      const offered = OFFERING_VERBS.has(tokens[k - 1]?.lemma.toLowerCase() ?? '') && /^[,.:;]$/.test(tokens[k + 2]?.text ?? '.');
      return count !== undefined && count >= 2 && t.pos === 'NUM' && plural && offered && i < j + 1 + count && j + 1 + count <= runEnd;
    });
  });
}

/** A band of a scale, its two ends and what they count: "7 to 13 days", "5–10 kg", "between 24 and 72 hours". */
const BAND = /\b(?:between\s+(\d+)\s+and|(\d+)\s*(?:to|-|–))\s*(\d+)\s+([a-z]+)/gi;

/**
 * Whether sentence `i` gives a band whose two neighbours the rest of the answer gives ("at least 14 days before ...
 * 7 to 13 days beforehand ... less than 7 days"): without it the scale has a gap a reader sees (unseen41's readers:
 * "says nothing about cancelling 7 to 14 days before, so a middle tier was removed").
 */
function middleBand(sentences: readonly Piece[], i: number): boolean {
  const rest = sentences.filter((_, j) => j !== i).flatMap((s) => findFigures(s.text));
  return [...sentences[i]!.text.matchAll(BAND)].some(([, lowBetween, lowTo, high, unit]) => {
    const [from, to] = [Number(lowBetween ?? lowTo), Number(high)];
    // In the unit figures are read in ("72 hours" is 3 days), as the rest's figures are.
    const figure = findFigures(`${to} ${unit}`)[0];
    if (!figure) return false;
    const scale = figure.value / to;
    const near = (values: number[]) => rest.some((f) => f.kind === figure.kind && values.some((v) => Math.abs(v * scale - f.value) < 1e-9));
    return near([from, from - 1]) && near([to, to + 1]);
  });
}

/** Words a pointer names the dates of an earlier sentence by: "outside those dates", "in that period". */
const NAMES_DATES: ReadonlySet<string> = new Set(['date', 'dates', 'day', 'days', 'period', 'periods', 'time', 'times', 'months', 'weeks', 'season']);

/**
 * A demonstrative and what it points at: "that £850", "this limit", "the same 14 days"; and "the" before an amount, which
 * points back as surely ("with the £60 handling the total is £273.50": unseen131's readers, of the sentence pricing the
 * handling at £60 left out, "appears out of nowhere, worded as if it had already been mentioned").
 */
const POINTER = /\b(?:that|this|these|those|such|the same|the(?=\s+[£$€]\s?\d))\s+((?:[£$€]\s?)?\d[\d,]*(?:\.\d+)?%?|[A-Za-z]+)/gi;

/**
 * Whether a later sentence points back at a figure or a thing only sentence
 * `i` has named before it ("There's a £3,000 limit ... so only £850 is left.
 * Once ... that £850 is used"): without `i`, the pointer points at nothing.
 */
function pointedAtLater(sentences: readonly Piece[], i: number): boolean {
  const deleted = sentences[i]!.text;
  const named = nounsOf(deleted);
  for (const [j, later] of sentences.entries()) {
    if (j <= i) continue;
    const before = sentences.filter((_, k) => k < j && k !== i).map((s) => s.text);
    const namedBefore = new Set(before.flatMap((t) => [...nounsOf(t)]));
    for (const [, target] of later.text.matchAll(POINTER)) {
      const word = target!.toLowerCase();
      if (/\d/.test(word) ? deleted.includes(target!.trim()) && !before.some((t) => t.includes(target!.trim())) : [word, word.replace(/s$/, '')].some((w) => named.has(w) && !namedBefore.has(w)))
        return true;
      // "Two-night stays are possible outside those dates" after "Between 1 June and 31 August …": the dates, not the word (unseen45's readers).
      if (NAMES_DATES.has(word) && findDates(deleted).some((d) => d.form !== 'duration') && !before.some((t) => findDates(t).some((d) => d.form !== 'duration'))) return true;
    }
  }
  return false;
}

/**
 * Whether the next sentence points with a demonstrative at a thing no sentence before it but `i` names, nor the question
 * ("... falls £115 short of that minimum" after "we only book Zone C jobs worth at least £150"): its antecedent is `i`,
 * in whatever words, and without `i` it points at nothing (unseen63's readers: "'that minimum' refers to a £150 minimum
 * the answer never states").
 */
function pointedAtNext(task: string, sentences: readonly Piece[], i: number): boolean {
  const next = sentences[i + 1];
  if (!next) return false;
  // Any word before, however the model tags it ("a minimum job": an adjective there).
  const named = new Set([task, ...sentences.slice(0, i).map((s) => s.text)].flatMap((text) => readSentences(text).flatMap((s) => s.tokens.flatMap((t) => [t.lemma, t.text.toLowerCase()]))));
  return readSentences(next.text).some((s) =>
    s.tokens.some((t, k) => {
      const [noun, after] = [s.tokens[k + 1], s.tokens[k + 2]];
      // The model tags a noun that closes the sentence as an adjective ("short of that minimum."), and "that" before it as it likes; a
      // "that" whose noun a verb follows opens a clause ("means that customers pay").
      const closes = after === undefined || after.pos === 'PUNCT';
      const isNoun = noun?.pos === 'NOUN' || (noun?.pos === 'ADJ' && closes);
      const points = t.text.toLowerCase() === 'that' ? after?.pos !== 'VERB' && after?.pos !== 'AUX' : t.pos === 'DET';
      return DEMONSTRATIVE_DETERMINERS.has(t.text.toLowerCase()) && points && isNoun && !named.has(noun!.lemma) && !named.has(noun!.text.toLowerCase());
    }),
  );
}

const DEMONSTRATIVE_DETERMINERS: ReadonlySet<string> = new Set(['that', 'this', 'these', 'those']);

/** A condition a sentence opens with, up to its comma: "If anything is sold,", "Once the notice is sent,". */
const OPENING_CONDITION = /^(?:if|once|when|where|after)\b[^,;]*/i;

/**
 * Whether a later sentence opens on the condition that what only sentence `i` says might happen happens, by the verb's
 * lemma: "your goods may be sold ... If anything is sold, the money left ... is returned to you" (unseen51's readers:
 * "refers to a sale step that is never mentioned").
 */
function presupposedLater(task: string, sentences: readonly Piece[], i: number): boolean {
  const done = actionsOf(sentences[i]!.text);
  const asked = actionsOf(task);
  return sentences.some((later, j) => {
    const condition = j > i ? OPENING_CONDITION.exec(later.text.trim())?.[0] : undefined;
    if (!condition) return false;
    const before = new Set(sentences.filter((_, k) => k < j && k !== i).flatMap((s) => [...actionsOf(s.text)]));
    return [...actionsOf(condition)].some((verb) => done.has(verb) && !before.has(verb) && !asked.has(verb));
  });
}

/** A qualifier, a prohibition ("can't", "no other fees") or a condition the sentence opens with ("If ...", "Once ..."). */
function statesCondition(text: string): boolean {
  return findQualifiers(text).length > 0 || statesQualifier(text, 'not') || /^(?:if|once|unless|provided|only)\b/i.test(text);
}

/**
 * The figures, dates and names a sentence states, each by what it means; a count in words as its digits ("two items"
 * as 2), from two up: the model tags "one" as a number where it stands for a thing ("each one", "the one you booked").
 */
function factsOf(text: string): Set<string> {
  const spelled = readSentences(text)
    .flatMap((s) => s.tokens)
    .flatMap((t) => (t.pos === 'NUM' ? [spelledValue([t.text])] : []))
    .filter((value) => value !== undefined && value > 1);
  return new Set([
    ...findNumbers(text).map((n) => `#${numberKey(n)}`),
    ...spelled.map((value) => `#${value}`),
    ...findDates(text).map((d) => `@${d.key}`),
    ...findEntities(text).map((e) => `=${e.text.toLowerCase()}`),
  ]);
}

/**
 * One thing the answer could leave out: the answer's pieces (its sentences, the one a clause is cut from split in two
 * at the cut), which of them goes, and the candidate that removes it. Every rule reads the pieces, so a clause is
 * judged as a sentence would be: what points back at it, whether it alone answers an ask, whether the rest restates it.
 */
interface Omission {
  /** Whether it is a clause that closes a sentence (or else a whole sentence). */
  isClause: boolean;
  pieces: readonly Piece[];
  at: number;
  candidate: MutationCandidate;
}

/**
 * Every whole sentence, and every clause that closes a sentence (closingClauses: after a semicolon, after a comma and
 * one of CLAUSE_OPENERS, or after an "and" that opens a second predicate of the same subject, "It costs €55 for each
 * flight and can't weigh more than 30 kg"): a worker who answers in full sentences leaves out a clause as readily as a
 * sentence, and the sentence left ends where the clause began, as a sentence. Read once per answer: its candidates
 * and each judgement and trace of one ask for them.
 */
function omissionsOf(artifact: string): readonly Omission[] {
  return omissionsByAnswer.get(artifact, () => readOmissions(artifact));
}

const omissionsByAnswer = new RecentResults<readonly Omission[]>(2_000);

function readOmissions(artifact: string): Omission[] {
  const sentences = splitSentences(artifact);
  // The answer is read once, as the other rules read it; each sentence takes its tokens, offsets from its start.
  const tokens = readSentences(artifact).flatMap((s) => s.tokens);
  return sentences.flatMap((sentence, i) => {
    const next = sentences[i + 1];
    // With the space that follows it, or for the last sentence the space before it, so the rest reads as before.
    const whole = next ? { start: sentence.start, end: next.start, replacement: '' } : { start: sentences[i - 1]?.end ?? sentence.start, end: sentence.end, replacement: '' };
    const own = tokens.filter((t) => t.start >= sentence.start && t.end <= sentence.end).map((t) => ({ ...t, start: t.start - sentence.start, end: t.end - sentence.start }));
    const clauses = closingClauses(sentence, own).map(({ cut, clause }) => ({
      isClause: true,
      pieces: [...sentences.slice(0, i), { text: artifact.slice(sentence.start, cut), start: sentence.start, end: cut }, clause, ...sentences.slice(i + 1)],
      at: i + 1,
      candidate: { start: cut, end: clause.end, replacement: '' },
    }));
    return [{ isClause: false, pieces: sentences, at: i, candidate: whole }, ...clauses];
  });
}

function omissionAt(artifact: string, candidate: MutationCandidate): Omission | undefined {
  return omissionsOf(artifact).find((o) => o.candidate.start === candidate.start && o.candidate.end === candidate.end);
}

/**
 * Whether a clause states a figure neither the evidence nor the question does, in digits or in words: the answer's
 * own working ("which is £3 for your three tickets", "so that's ten hours in a small room", "after the $15
 * processing fee you would receive $160"). Left out, the answer stops short of what it worked out for the asker, a
 * gap its reader sees.
 */
function worksOut(fixture: TextFixture, clause: string): boolean {
  const figures = (text: string) => [...factsOf(text)].filter((f) => f.startsWith('#'));
  const given = new Set([...evidenceSentences(fixture.evidence), fixture.task].flatMap(figures));
  return figures(clause).some((f) => !given.has(f));
}

/**
 * Whether a clause only checks the case against a figure ("which is above the £60 minimum charge", "and 99.3% falls
 * short of it") or says again what the rest of the answer and the question state ("which is the £140 service plus
 * the £15 e-bike surcharge", "and your session starts in 10 hours"): without it the answer is as right as before,
 * so its omission is no mistake.
 */
function addsNothing(task: string, pieces: readonly Piece[], at: number): boolean {
  const clause = pieces[at]!.text;
  // A comparison inside a condition is a rule ("the instructor cancels only if the wind is over 20 knots"), not a check.
  if (CHECKS_AGAINST.test(clause) && !SETS_CONDITION.test(clause)) return true;
  const facts = [...factsOf(clause)];
  const elsewhere = new Set([task, ...pieces.filter((_, j) => j !== at).map((p) => p.text)].flatMap((text) => [...factsOf(text)]));
  return facts.length > 0 && facts.every((f) => elsewhere.has(f));
}

/** Words that open a condition a clause sets. */
const SETS_CONDITION = /\b(?:if|unless|when|whenever|where|once|provided|as\s+long\s+as)\b/i;

/** A comparison of the case with a bound: "is above", "is over", "is well within", "falls short", "exceeds". */
const CHECKS_AGAINST =
  /\b(?:is|are|was|were)\s+(?:well\s+|just\s+|still\s+)?(?:above|over|below|under|beyond|more\s+than|less\s+than|within|inside|outside)\b|\bfalls?\s+(?:short|below|within|outside)\b|\bexceeds?\b/i;

/**
 * Words after a comma that open a second clause the sentence could have done without: a coordinate clause ("and",
 * "but"), a contrast ("while", "whereas", "although") or a relative clause that adds a fact about what the sentence
 * names (", which is staffed Monday to Friday").
 */
const CLAUSE_OPENERS: ReadonlySet<string> = new Set(['and', 'but', 'while', 'whereas', 'although', 'which']);

/** Words that open a subordinate clause a sentence may begin with, whatever the model tags them. */
const SUBORDINATORS: ReadonlySet<string> = new Set([
  'if',
  'once',
  'when',
  'whenever',
  'while',
  'because',
  'as',
  'although',
  'though',
  'unless',
  'after',
  'before',
  'until',
  'since',
  'where',
  'provided',
]);

/** The parts of speech a subordinate clause opened within a sentence follows: punctuation, a conjunction, a linking adverb ("so", "then"). */
const OPENS_AFTER: ReadonlySet<string> = new Set(['PUNCT', 'SCONJ', 'CCONJ', 'ADV']);

/** Words that add to things already given: "further hints", "each extra hint", "additional nights". */
const ADDING: ReadonlySet<string> = new Set(['further', 'extra', 'additional']);

/**
 * Whether the next sentence adds to a thing the sentence names ("Every team gets 3 hints free … You can ask for further
 * hints …"): without the sentence, "further" adds to nothing (unseen112's readers: "'further hints' points to free hints the
 * answer never mentions").
 */
function addsTo(sentence: string, next: string): boolean {
  const nouns = new Set(
    readSentences(sentence)
      .flatMap((s) => s.tokens)
      .filter((t) => t.pos === 'NOUN')
      .map((t) => t.lemma.toLowerCase()),
  );
  const tokens = readSentences(next).flatMap((s) => s.tokens);
  return tokens.some((t, i) => ADDING.has(t.text.toLowerCase()) && tokens[i + 1]?.pos === 'NOUN' && nouns.has(tokens[i + 1]!.lemma.toLowerCase()));
}

/** What closes a sentence: the clause cut from it ends before these. */
const CLOSING_STOPS: ReadonlySet<string> = new Set(['.', '!', '?', '…']);

/** A verb as a finite one may be, whatever the model makes of its form: an auxiliary, or a verb not in its -ing form. */
const mayBeFinite = (t: Token) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/i.test(t.text));

/** A verb that is finite, not a participle: an auxiliary, or a verb in neither its -ing nor its -ed form ("costs", not "included"). */
const isFiniteVerb = (t: Token) => t.pos === 'AUX' || (t.pos === 'VERB' && !/(?:ing|ed)$/i.test(t.text));

/** Words that open a relative clause. */
const RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(['that', 'which', 'who', 'whose', 'whom']);

/** Brackets and quotation marks that open a passage a cut must not stop inside: "(these last 12 months." */
const OPENERS_CLOSERS: ReadonlyArray<readonly [string, string]> = [
  ['(', ')'],
  ['“', '”'],
];

/** Whether a text leaves a bracket or a quotation open: a cut there would cut the passage's close away. */
function leavesOpen(text: string): boolean {
  const count = (c: string) => text.split(c).length - 1;
  return OPENERS_CLOSERS.some(([open, close]) => count(open) > count(close)) || count('"') % 2 === 1;
}

/**
 * The clauses that close a sentence (its tokens, offsets from its start) and could be left out of it: where the sentence is cut (the semicolon or comma,
 * or the space before "and") and the clause from its first word after the opener to its last before the closing
 * stop. Both sides must be clauses, with a verb that may be finite each, the clause's before any comma of its own
 * ("paying at the airport instead costs €60"; a list item "and missing inventory items, while …" is none). A second
 * predicate opens with an auxiliary or a verb in the third person ("and can't be recovered", "and adds a named …"),
 * so a noun the model tags as a verb ("wear and tear", "phone and chat") is no cut. Never cut: a series, whose last
 * item would go and leave "A, B." ("costs £45, covers up to 14 days and …"; ", and any key that isn't handed back"
 * after a list of charges); inside a bracket or quotation; the "but" of "not only … but"; a clause with a comma of its own after an opening subordinate clause
 * ("If the item is faulty, unused, and …") or a relative clause the sentence goes on from ("…, which is open 9am to
 * 5pm, to book a place"); a second predicate of a subordinate clause whose main clause comes after it ("because if we
 * arrive and can't get in, there's a fee"). The items a colon announces stay as a list's sentences do (candidates: announcesList reads
 * the sentence left before the cut).
 */
function closingClauses(sentence: Piece, tokens: readonly Token[]): Array<{ cut: number; clause: Piece }> {
  const last = tokens.reduce((found, t, k) => (CLOSING_STOPS.has(t.text) ? found : k), -1);
  if (last < 0) return [];
  const commaFrom = (from: number) => tokens.findIndex((t, k) => k >= from && k <= last && t.text === ',');
  const opensClause = (from: number) => {
    const own = tokens.slice(from, last + 1);
    // A list's last item in a verb's -ing form ("a rebooking, and moving to a later date") is no clause, whatever the model makes of its noun.
    if (/ing$/i.test(own[0]?.text ?? '') && own[0]!.pos === 'VERB') return false;
    const comma = own.findIndex((t) => t.text === ',');
    return own.slice(0, comma === -1 ? own.length : comma).some(mayBeFinite);
  };
  // Whether the clause from `from` has its first verb in a relative clause ("any key that isn't handed back"): a thing, not a clause.
  const verbIsRelative = (from: number) => {
    const verb = tokens.findIndex((t, j) => j >= from && mayBeFinite(t));
    return verb > from && tokens.slice(from, verb).some((t) => RELATIVE_PRONOUNS.has(t.lemma));
  };
  // The head's last item: after its last comma, up to the cut.
  const lastItem = (cutToken: number) => {
    const comma = tokens.slice(0, cutToken).reduce((found, t, k) => (t.text === ',' ? k : found), -1);
    return tokens.slice(comma + 1, cutToken);
  };
  // A sentence that opens on a subordinate clause ("Once she turns 14 and has done the induction, she can …") is cut only after
  // the comma its main clause begins at; without a comma, an opening "After that" is a phrase.
  const opensSubordinate = SUBORDINATORS.has(tokens[0]?.lemma ?? '');
  const mainFrom = opensSubordinate ? (tokens.find((t) => t.text === ',')?.end ?? 0) : 0;
  // The same within a sentence: a subordinate clause opened after a conjunction or a comma ("…, because if we arrive and can't get in,
  // there's a £35 fee") has its main clause after its comma, so a cut before that comma leaves "because if we arrive." (unseen111's readers).
  const cutsOpenSubordinate = (at: number) => {
    // A comma cut closes the clause before it ("Rain isn't a reason to cancel, though, and if you …").
    if (sentence.text[at] === ',') return false;
    const head = tokens.filter((t) => t.end <= at);
    const opener = head.reduce((found, t, k) => (SUBORDINATORS.has(t.lemma) ? k : found), -1);
    if (opener <= 0 || head.slice(opener).some((t) => t.text === ',')) return false;
    const before = head[opener - 1]!;
    // Opened after punctuation, a conjunction or a linking adverb ("…, so if we arrive", "…: if we arrive"; the review), not after the
    // main clause's own words ("You pay a fee if we arrive and …").
    return OPENS_AFTER.has(before.pos) && tokens.some((t) => t.start > at && t.text === ',');
  };
  // Two predicates of one series, the item before ", and" and the one after it: finite verbs, neither an -ing form; a past
  // form ("counted one way only") only beside another ("took ..., lasted ..., and had to be"), as it may be a participle
  // phrase before a clause of its own ("counted one way only, and flocks of more than 1,000 head never pay").
  const predicatesInStep = (item: Token | undefined, next: Token | undefined) => {
    const finite = (u: Token | undefined) => u !== undefined && (u.pos === 'AUX' || (u.pos === 'VERB' && !/ing$/i.test(u.text)));
    const past = (u: Token) => /ed$/i.test(u.text) || u.lemma === 'have';
    return finite(item) && finite(next) && (!/ed$/i.test(item!.text) || past(next!));
  };
  // A predicate after a comma, after an item with a verb of its own, is one of a series ("costs £45, covers up to 14 days and …"):
  // without the last, "A, B." is left. Not after a phrase set off by commas ("all of your data, backups included, is deleted … and").
  const endsSeriesOfPredicates = (cutToken: number) => {
    const item = lastItem(cutToken);
    const before = lastItem(cutToken - item.length - 1);
    return (item[0]?.pos === 'VERB' || item[0]?.pos === 'AUX') && item.length < cutToken && before.some(isFiniteVerb);
  };
  const notOnly = /\bnot\s+only\b/i.test(sentence.text);
  const cuts: Array<{ at: number; from: number }> = [];
  for (const [k, t] of tokens.entries()) {
    const after = tokens[k + 1];
    if (!after) break;
    const opener = after.text.toLowerCase();
    if (t.text === ';') cuts.push({ at: t.start, from: k + 1 });
    else if (t.text === ',' && CLAUSE_OPENERS.has(opener)) {
      // A relative clause, or the clause after an opening subordinate one, with a comma of its own may close a phrase the sentence goes on from.
      if ((opener === 'which' || opensSubordinate) && commaFrom(k + 2) !== -1) continue;
      if (opener === 'but' && notOnly) continue;
      // ", and" after a last item with no verb of its own, before a thing whose verb is its relative clause's, goes on a list of things
      // ("any unpaid fees, cleaning beyond normal wear, and any key that isn't handed back"); after "both by email and on the Status Page"
      // a clause with its own subject and verb follows ("and the work takes place …").
      if (opener === 'and' && tokens.slice(0, k).some((u) => u.text === ',') && !lastItem(k).some(mayBeFinite) && verbIsRelative(k + 2)) continue;
      // The same series closed by ", and" ("takes place at the studio, lasts around 2.5 hours, and has to be …": unseen134's readers, of
      // the last left out, "grammatically broken").
      if (opener === 'and' && predicatesInStep(lastItem(k)[0], tokens[k + 2]) && endsSeriesOfPredicates(k)) continue;
      cuts.push({ at: t.start, from: k + 2 });
    } else if (k > 0 && t.pos === 'CCONJ' && t.lemma === 'and' && tokens[k - 1]!.text !== ',' && (after.pos === 'AUX' || (after.pos === 'VERB' && /s$/i.test(after.text)))) {
      if (endsSeriesOfPredicates(k)) continue;
      cuts.push({ at: tokens[k - 1]!.end, from: k + 1 });
    }
  }
  return cuts
    .filter(({ at }) => at >= mainFrom && !cutsOpenSubordinate(at) && !leavesOpen(sentence.text.slice(0, at)))
    .filter(({ at, from }) => opensClause(from) && tokens.some((t) => t.end <= at && mayBeFinite(t)))
    .map(({ at, from }) => {
      // The model leaves a stop on a last word it reads as an abbreviation ("6pm."): the sentence keeps it.
      const [start, end] = [tokens[from]!.start, tokens[last]!.end - (/[.!?…]$/.test(tokens[last]!.text) ? 1 : 0)];
      return { cut: sentence.start + at, clause: { text: sentence.text.slice(start, end), start: sentence.start + start, end: sentence.start + end } };
    });
}
