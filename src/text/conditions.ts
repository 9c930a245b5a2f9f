import { contentLemmas, providedAsVerb, sameStem } from './claims.js';
import { findDates } from './dates.js';
import type { Figure } from './figure.js';
import { findFigures } from './figures.js';
import { RecentResults } from '../util/recentResults.js';
import { readSentences } from './nlp.js';

/**
 * A condition an evidence sentence sets on one of its rules, stated by a
 * figure: "are refundable ... until 24 hours before departure", "If a lost
 * item is found and returned within 60 days of the charge being paid, the
 * replacement cost is refunded".
 */
export interface Condition {
  /** The condition as the sentence writes it, from the word that opens it. */
  text: string;
  /** The figures it states, read with what each counts ("24 hours" is a day), but a lone one ("1 adult", "one"). */
  figures: Figure[];
  /** The keys of the dates it states ("31 March 2027"). */
  dates: string[];
  /** The lemma of the rule's word the condition bears on ("refundable", "refund"). */
  predicate: string;
}

/**
 * The words that open a condition: a clause ("if", "as long as", "until"), a time bound ("at least 14 days before",
 * "no later than") or the notice a rule asks ("with at least 72 hours' notice"). "Provided" as
 * a verb ("is provided by") is none (providedAsVerb).
 */
const CONDITION_OPENER = /\b(?:only\s+if|if|unless|provided(?:\s+that)?|as\s+long\s+as|so\s+long\s+as|until|on\s+condition\s+that|at\s+least|no\s+later\s+than|with(?=\s+[^,;:.]{0,30}\bnotice\b))\b/gi;

/** Where a clause ends: the condition reaches to it, and the rule it bears on starts after the one before it. Not a figure's "£1,000" or "99.95%". */
const CLAUSE_END = /[,;:.!?](?=\s|$)/;

/** Parts of speech of a rule's word: "refundable", "refunded", "charged". */
const PREDICATE_POS: ReadonlySet<string> = new Set(['VERB', 'ADJ']);

/**
 * The conditions a sentence sets that a figure states. One that opens the
 * sentence ("If ..., the cost is refunded") bears on the clause after its
 * comma; one written after its rule ("are refundable ... until ...") on the
 * clause before it, from the last punctuation. The rule's word is read from
 * that clause (predicateOf).
 */
export function conditionsOf(sentence: string): readonly Condition[] {
  // An evidence sentence supports many claims, each asked about under every condition of an audit.
  return conditionsRead.get(sentence, () => readConditions(sentence));
}

const conditionsRead = new RecentResults<readonly Condition[]>(4096);

function readConditions(sentence: string): Condition[] {
  const found: Condition[] = [];
  let coveredTo = 0;
  for (const m of sentence.matchAll(CONDITION_OPENER)) {
    const start = m.index;
    // "if you give at least 5 working days' notice" is one condition, not also its "at least".
    if (start < coveredTo) continue;
    if (m[0].toLowerCase().startsWith('provided') && providedAsVerb(sentence, start, start + m[0].length)) continue;
    const written = conditionText(sentence.slice(start));
    const text = withoutAsides(written);
    const figures = figuresOf(text);
    const dates = findDates(text).map((d) => d.key);
    if (figures.length === 0 && dates.length === 0) continue;
    const opens = sentence.slice(0, start).trim() === '';
    const rule = opens ? clauseAfter(sentence, start + written.length) : clauseBefore(sentence, start);
    const predicate = predicateOf(rule);
    if (!predicate) continue;
    found.push({ text: text.trim(), figures, dates, predicate });
    coveredTo = start + written.length;
  }
  return found;
}

/**
 * The supporting sentence's conditions that an answer leaves out: the claim
 * says the rule's word, and no figure or date of the condition is written
 * anywhere in the answer or the question, in any form. Said in another
 * sentence ("You need to ask 24 hours ahead"), the condition is kept.
 */
export function droppedConditions(claim: string, support: string, answer: string, question: string): Condition[] {
  // Most supporting sentences set no condition: nothing else is read for them (evidence-check asks this of every claim).
  const conditions = conditionsOf(support);
  if (conditions.length === 0) return [];
  // "She must be accompanied when she plays" says no rule on playing: a clause of time is the case the claim's rule applies in,
  // whether it follows the rule or opens the claim ("When you cancel, the deposit is refundable").
  const rule = CASE_OPENING.test(claim) ? claim.replace(CASE_OPENING, '') : claim.split(CASE_CLAUSE)[0]!;
  const claimLemmas = readSentences(rule).flatMap((s) => s.tokens.map((t) => t.lemma));
  const onTheRule = conditions.filter((c) => claimLemmas.some((lemma) => sameStem(lemma, c.predicate)));
  if (onTheRule.length === 0) return [];
  const writtenFigures = [...findFigures(answer), ...findFigures(question)];
  const writtenDates = new Set([...findDates(answer), ...findDates(question)].map((d) => d.key));
  const askedKinds = new Set(findFigures(question).map((f) => f.kind));
  // Written in any form ("three days' notice" for "72 hours"), or the question's own case measured in its kind ("15 working days
  // away" for "at least 5 working days' notice"): the answer applies the condition to it rather than leaving it out.
  // Compared by value in one unit per kind ("72 hours" is 3 days), whatever each counts: "for 14 tickets" beside "no later than
  // 14 days before" is read as the answer's own case, as a false alarm costs more than a mutant.
  const kept = (c: Condition) => c.figures.some((f) => askedKinds.has(f.kind) || writtenFigures.some((w) => w.value === f.value)) || c.dates.some((d) => writtenDates.has(d));
  const ordinary = new Set(contentLemmas(claim));
  // "If the bike was locked to a fixed object ... you pay a €60 excess": the claim sets the condition in words of its own.
  const statesInWords = (c: Condition) => contentLemmas(c.text).filter((lemma) => ordinary.has(lemma)).length >= 2;
  return onTheRule.filter((c) => !kept(c) && !statesInWords(c));
}

/**
 * A condition without its asides: a parenthesis holding a verb is a sentence of its own ("if you prefer (1 kg is about
 * 2.2 lbs)" sets no condition by a figure, unseen89's false alarm); one without ("if you cancel in good time (14 days
 * before the event)", "(by email)") is part of the condition.
 */
function withoutAsides(condition: string): string {
  return condition.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) =>
    readSentences(inner)
      .flatMap((s) => s.tokens)
      .some((t) => t.pos === 'VERB' || t.pos === 'AUX')
      ? ''
      : whole,
  );
}

/** A clause of time that sets the case a claim's rule applies in. */
const CASE_CLAUSE = /\b(?:when|whenever|while)\b/i;

/** The same clause opening the claim, to its comma. */
const CASE_OPENING = /^\s*(?:when|whenever|while)\b[^,]*,/i;

/**
 * A condition from its opening word to the end of its clause, or to an "and" or "but" that opens another predicate ("until
 * midnight on the date scratched off and costs £2.25").
 */
function conditionText(rest: string): string {
  const endAt = rest.search(CLAUSE_END);
  const clause = endAt < 0 ? rest : rest.slice(0, endAt);
  const tokens = readSentences(clause).flatMap((s) => s.tokens);
  // The tagger reads a verb before its figure ("and costs £2.25") as a noun: a noun right before a figure opens a predicate too.
  // A participle after "and" is the same predicate's ("is found and returned within 60 days"); a finite verb opens another.
  const opensPredicate = (i: number) =>
    tokens[i]?.pos === 'AUX' || (tokens[i]?.pos === 'VERB' && /s$/.test(tokens[i]!.text)) || (tokens[i]?.pos === 'NOUN' && /^(?:NUM|SYM)$/.test(tokens[i + 1]?.pos ?? ''));
  const next = tokens.findIndex((t, i) => i > 0 && (t.lemma === 'and' || t.lemma === 'but') && opensPredicate(i + 1));
  return next < 0 ? clause : clause.slice(0, tokens[next]!.start).trimEnd();
}

/** Verbs that say little of a rule by themselves: "Refunds are given in full" is a rule on refunds. */
const LIGHT_VERBS: ReadonlySet<string> = new Set(['give', 'get', 'make', 'take', 'have', 'do', 'apply']);

/**
 * The rule's word: its first verb or adjective after its auxiliary ("Lost property is kept": "kept", not the subject's
 * "lost"), else its first; where that verb is a light one, the noun before it.
 */
function predicateOf(rule: string): string | undefined {
  const tokens = readSentences(rule).flatMap((s) => s.tokens);
  const aux = tokens.findIndex((t) => t.pos === 'AUX');
  const afterAux = aux < 0 ? -1 : tokens.findIndex((t, i) => i > aux && PREDICATE_POS.has(t.pos));
  const at = afterAux >= 0 ? afterAux : tokens.findIndex((t) => PREDICATE_POS.has(t.pos));
  if (at < 0) return undefined;
  if (!LIGHT_VERBS.has(tokens[at]!.lemma)) return tokens[at]!.lemma;
  return tokens
    .slice(0, at)
    .filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN') // a noun that opens the sentence is read as a name ("Refunds are given")
    .at(-1)?.lemma;
}

/** The figures a condition states; not a lone one ("at least 1 adult", "unless the cemetery requests one"), as often a pronoun or an article as a bound. */
function figuresOf(text: string): Figure[] {
  return findFigures(text).filter((f) => !/^(?:1|one)$/i.test(f.text));
}

function clauseAfter(sentence: string, from: number): string {
  const rest = sentence.slice(from).replace(/^\s*[,;:]\s+/, '');
  const endAt = rest.search(CLAUSE_END);
  return endAt < 0 ? rest : rest.slice(0, endAt);
}

/** The clause before a condition, from the punctuation before it; where the condition follows a comma (", as long as"), the clause before that comma. */
function clauseBefore(sentence: string, until: number): string {
  const before = sentence.slice(0, until).replace(/[,;:]\s*$/, '');
  const from = Math.max(...[...before.matchAll(/[,;:](?=\s)/g)].map((p) => p.index + 1), 0);
  return before.slice(from);
}
