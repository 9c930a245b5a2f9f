/**
 * Light-weight claim analysis of policy-style prose, shared by the text
 * mutators' validity oracles and the built-in evidence-check critic: sentences,
 * numbers, named entities, qualifiers, and the alignment of an artifact
 * sentence to the evidence sentence that supports it.
 */

import { dictionaryForm, sensesOf } from './lexicon.js';
import { type EntityPiece, findEntities } from './entities.js';
import { readSentences } from './nlp.js';
import { NUMBER_WORDS, spelledValue } from './numberWords.js';
import { isAbbreviationStop } from './abbreviations.js';
import { CURRENCY_BEFORE, readCurrency } from './currency.js';

export type { Piece } from './piece.js';
import type { Piece } from './piece.js';
import { RecentResults } from '../util/recentResults.js';
import { escapeRegExp } from '../util/escapeRegExp.js';

const SENTENCE_END = /[.!?](?=\s|$)|\n\s*\n/g;

/** The sentences of a text: a full stop, "!" or "?" before a space ends one, unless it ends an abbreviation ("i.e. £8"); a blank line does too. */
export function splitSentences(text: string): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    if (isAbbreviationStop(text, match.index)) continue;
    const end = match.index + match[0].length;
    pushTrimmed(text, start, end, pieces);
    start = end;
  }
  pushTrimmed(text, start, text.length, pieces);
  return pieces;
}

function pushTrimmed(text: string, start: number, end: number, into: Piece[]): void {
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const body = raw.trim();
  if (body) into.push({ text: body, start: start + lead, end: start + lead + body.length });
}

/**
 * A number as written: a currency (a sign, a prefixed sign or an ISO code: src/text/currency.ts), digits with optional
 * thousands separators and decimals, optional %. Not inside a word or after a decimal point, but a dimension's later
 * sides are numbers too ("8x10ft").
 */
export const NUMBER_PATTERN = new RegExp(String.raw`(?:(?<![\w.])|(?<=\d[x×]))(${CURRENCY_BEFORE})?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%?)(?![\d,]*\d)`, 'g');

export interface NumberPiece extends Piece {
  /** The sign of the amount's currency, however the text writes it ("€" for "EUR 14.50"); "" for no currency. */
  currency: string;
  /** The ISO code where the writing names one currency ("CAD" for "CAD 40" and "C$40"); undefined for a sign that names a family ("$"). */
  currencyCode?: string | undefined;
  /** The currency as written before the digits ("EUR ", "C$", "€"), which a changed amount keeps. */
  currencyWritten: string;
  percent: boolean;
  value: number;
  decimals: number;
  grouped: boolean;
}

export function findNumbers(text: string): NumberPiece[] {
  return [...text.matchAll(NUMBER_PATTERN)].map((m) => {
    const [whole, written = '', integer = '', fraction = '', percent = ''] = m;
    const { sign, code } = readCurrency(written);
    return {
      text: whole,
      start: m.index,
      end: m.index + whole.length,
      currency: sign,
      currencyCode: code,
      currencyWritten: written,
      percent: percent === '%',
      value: Number(integer.replace(/,/g, '') + fraction),
      decimals: fraction ? fraction.length - 1 : 0,
      grouped: integer.includes(','),
    };
  });
}

/** Canonical form for comparing numbers across texts: "£1,250", "£1250" and "GBP 1,250" agree, "15%" and "15" do not. */
export function numberKey(n: Pick<NumberPiece, 'currency' | 'value' | 'percent'>): string {
  return `${n.currency}${n.value}${n.percent ? '%' : ''}`;
}

export { findEntities, gazetteerFor, type EntityKind, type EntityPiece } from './entities.js';

/**
 * Qualifiers whose deletion changes a claim. Clause qualifiers run to the next
 * comma or the end of the sentence; word qualifiers are the words themselves.
 */
export const CLAUSE_QUALIFIERS = ['unless', 'except', 'provided that', 'provided', 'as long as'] as const;
export const WORD_QUALIFIERS = ['no more than', 'no later than', 'at least', 'at most', 'a maximum of', 'up to', 'only', 'just', 'within', 'never', 'not', 'or more', 'or less', 'once'] as const;

/** Qualifiers that negate the word after them. */
const NEGATIONS: ReadonlySet<string> = new Set(['not', 'never']);

/** Qualifiers written after the number they bound: "£10 or more". */
const AFTER_THEIR_NUMBER: ReadonlySet<string> = new Set(['or more', 'or less']);

export interface QualifierPiece extends Piece {
  keyword: string;
}

/** A qualifier as whole words, any case, any spacing between its words. */
const qualifierPattern = (keyword: string, flags: string) => new RegExp(`\\b${keyword.replace(/ /g, '\\s+')}\\b`, flags);

/**
 * "Once" as a limit on how often ("extend it once by three months", "move it
 * once, free of charge", "once in any 12-month period"), read from what follows
 * it: a conjunction opens a clause instead ("once the offer is issued", "Once
 * in use"), and "once a year" or "once per booking" is a rate.
 */
// Not "at once" (at the same time: "no more than 8 children on at once", unseen44's false alarm).
const ONCE_AS_LIMIT = /(?<!\bat\s+)\bonce(?=\s*[,.;]|\s+(?:by|for|in|free|during|on|at)\b)(?!\s+in\s+use\b)/gi;

// Compiled once: this runs for every sentence of every review of the evidence-check critic.
const QUALIFIER_PATTERNS = [...CLAUSE_QUALIFIERS, ...WORD_QUALIFIERS].map((keyword) => ({ keyword, pattern: keyword === 'once' ? ONCE_AS_LIMIT : qualifierPattern(keyword, 'gi') }));

/**
 * "provided" as a verb: after a form of "be", before "by" ("is provided by the company"), or closing its noun phrase
 * before punctuation or "and" ("the aftercare balm provided, up to 3 times a day", "one of the card sleeves provided and
 * tape it closed"), where a condition's clause would follow.
 */
const PROVIDED_AS_VERB = /\b(?:is|are|be|been|being|was|were)\s+\||^[^|]*\|(?:\s+(?:by|and|or)\b|[,.;:)])/i;

/** Whether the "provided" written at text[start, end) is the verb, read from the words around it (PROVIDED_AS_VERB). */
export function providedAsVerb(text: string, start: number, end: number): boolean {
  return PROVIDED_AS_VERB.test(`${text.slice(Math.max(0, start - 8), start)}|${text.slice(end, end + 4)}`);
}

export function findQualifiers(text: string): QualifierPiece[] {
  const found: QualifierPiece[] = [];
  const taken = (s: number, e: number) => found.some((q) => s < q.end && q.start < e);
  for (const { keyword, pattern } of QUALIFIER_PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (taken(m.index, m.index + m[0].length)) continue;
      // "Insurance is provided by the company": a verb, not the condition "provided (that)".
      if (keyword.startsWith('provided') && providedAsVerb(text, m.index, m.index + m[0].length)) continue;
      if (AFTER_THEIR_NUMBER.has(keyword) && !afterANumber(text, m.index)) continue;
      found.push({ keyword, text: m[0], start: m.index, end: m.index + m[0].length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Whether a number ends the text before `at`, with at most a unit and its noun after it: "8 kg or less", "2 or more",
 * "three or more", "£10 or more", "7 days' notice or more". "younger or less mobile bowlers" compares, and bounds no figure (unseen80's evidence-check
 * false alarms: an answer about ramps for younger bowlers read as dropping its "or less").
 */
function afterANumber(text: string, at: number): boolean {
  const words = text
    .slice(Math.max(0, at - 40), at)
    .trim()
    .split(/\s+/)
    .slice(-3);
  return words.some((word) => /\d/.test(word) || spelledValue([word.replace(/[^A-Za-z-]/g, '')]) !== undefined);
}

export function isClauseQualifier(keyword: string): boolean {
  return (CLAUSE_QUALIFIERS as readonly string[]).includes(keyword);
}

/**
 * The ways of writing each qualifier: "no more than 30 kg" says what "up to
 * 30 kg" and "a maximum of 30 kg" say, "can't" what "not" says. A paraphrase
 * keeps the qualifier when it writes any member of its class.
 */
/** A range states both its bounds: "anywhere from one to three months" keeps "a minimum of one month and a maximum of three". */
const RANGE = String.raw`(?:from|between)\s+[\w£$€.,%-]+\s+(?:to|and)\s+[\w£$€.,%-]+`;

const QUALIFIER_CLASSES: ReadonlyArray<readonly string[]> = [
  [
    'no more than',
    'at most',
    'up to',
    'not more than',
    'a maximum of',
    'maximum',
    'as many as',
    'or less',
    'or fewer',
    'capped',
    'cap',
    'ceiling',
    'never go above',
    'no longer than',
    'limit',
    // "each household is limited to 60" says what "up to 60" says.
    'limited',
    'weight limit',
    // "one of the two claims you're allowed" says what "up to 2 claims" says.
    'allowed',
    'caps',
    'limits',
    'first',
    String.raw`(?:n't|not|never)\s+(?:\w+\s+){0,2}(?:more|longer|greater|heavier)\s+than`,
    'just',
    // "can only visit twice": "only" before a count bounds it as "no more than" does.
    String.raw`only\s+(?:[\w'’-]+\s+){0,4}(?:once|twice|\d+)`,
    // "You can pause for as long as 3 months" says what "for up to 3 months" says (unseen135's evidence-check false alarms);
    // before a period or an amount only: "as long as the load weighs" and "as long as 6 guests come" are conditions.
    String.raw`as\s+long\s+as\s+(?=(?:\d+|${NUMBER_WORDS.join('|')})\s+(?:(?:working|business)\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b)|as\s+much\s+as\s+(?=[£$€])`,
    RANGE,
  ],
  ['at least', 'no fewer than', 'no less than', 'a minimum of', 'minimum', 'no later than', 'or more', 'or older', 'or over', 'and over', 'or above', RANGE],
  // "Free delivery starts at six bottles" bounds a count from below as "6 or more bottles" does (unseen136's false alarm):
  // a count with its noun, not a time ("check-in starts at 3pm"), and for a lower bound alone, not "no later than".
  ['at least', 'or more', 'a minimum of', String.raw`(?:starts?|begins?|kicks?\s+in)\s+(?:at|from)\s+(?=(?:\d+|${NUMBER_WORDS.join('|')})\s+(?!(?:[ap]\.?m|o['’]clock)\b)[a-z]{3,})`],
  // "In its 10-mile service area" bounds the distance as "within its 10-mile service area" does (unseen91's false alarm): before a figure only.
  ['within', 'no later than', 'inside', 'by', 'in the', String.raw`in\s+(?:its|our|your|their)\s+(?=\d)`, 'before', 'has', 'have', 'from', 'after', 'deadline', 'last'],
  // "up to 24 hours before departure" is a deadline, as "no later than" is; "up to 23 kg" is a limit only.
  ['up to', 'no later than', 'until', 'before'],
  // "Tyres and glass need the Glass & Tyre add-on" says what "are covered only by the add-on" says; "you'd lose your deposit but nothing more"
  // what "you lose only the deposit" says.
  [
    'only',
    'solely',
    'just',
    'merely',
    'exclusively',
    'as long as',
    'so long as',
    'provided',
    'apart from',
    'except',
    'other than',
    'need',
    'needs',
    'require',
    'requires',
    // Only after "but", which sets it against what the claim keeps: "and nothing else is refunded" says the opposite.
    String.raw`but\s+nothing\s+(?:more|else)`,
  ],
  // "Within 48 hours of pick-up" bounds the time as "48 hours or less before pick-up" does.
  ['or less', 'or fewer', 'within'],
  // "Nobody needs to bring a partner" says what "Partners are not required" says (unseen136's false alarm).
  ['not', "n't", 'never', 'no', 'cannot', 'without', 'nor', 'neither', 'none', 'nothing', 'no longer', 'rather than', 'instead of', 'nobody', 'no one'],
  // "Can be extended once" says what "a single extension" and "one time only" say.
  ['once', 'one time', 'a single', 'twice'],
  // "Provided" is "provided that" without its "that": a condition an answer sets with "as long as", "if" or "only if".
  ['unless', 'except', 'provided that', 'provided', 'as long as', 'so long as', 'if', 'only if', 'other than', 'apart from', 'but'],
];

/**
 * A class's ways as one pattern: literal phrases, any spacing, any apostrophe; a member holding a backslash is a
 * pattern already. A bound after its number may be hyphenated to it ("the 10-or-more price band"; unseen124's false
 * alarm), and no other ("up-to-date" says nothing of "up to": the review).
 */
const classPattern = (words: readonly string[]) =>
  new RegExp(`(?:\\b|(?<=\\w))(?:${words.map((w) => (w.includes('\\') ? w : w.replace(/'/g, "['’]").replace(/ /g, w.startsWith('or ') ? '[\\s-]+' : '\\s+'))).join('|')})\\b`, 'i');
const CLASS_PATTERNS: ReadonlyMap<string, RegExp> = new Map(
  [...CLAUSE_QUALIFIERS, ...WORD_QUALIFIERS].map((keyword) => [keyword, classPattern(QUALIFIER_CLASSES.filter((c) => c.includes(keyword)).flat())] as const),
);

/** Whether a text states a qualifier in any of its ways of writing it (as whole words, any case). */
export function statesQualifier(text: string, keyword: string): boolean {
  return (CLASS_PATTERNS.get(keyword) ?? qualifierPattern(keyword, 'i')).test(text);
}

/**
 * What a qualifier bears on: the first number after it ("up to 6"), else its
 * first ordinary word ("only members"). A claim drops the qualifier only when
 * it restates that and writes the qualifier in none of its ways: a claim that
 * restates half of an evidence sentence keeps the other half's qualifiers out.
 */
export function qualifiedTerm(text: string, q: QualifierPiece): { number: string } | { lemmas: string[] } | null {
  // "Once" bears on the verb before it: "a digital loan may be renewed once" is said by "you can renew it".
  if (q.keyword === 'once') {
    const verb = readSentences(text.slice(0, q.start))
      .at(-1)
      ?.tokens.filter((t) => t.pos === 'VERB')
      .at(-1);
    return verb ? { lemmas: [verb.lemma] } : null;
  }
  // A clause qualifier ("unless they opt out") bears on the clause before it.
  if (isClauseQualifier(q.keyword)) {
    const before = contentLemmas(
      text
        .slice(0, q.start)
        .split(/[.!?;]\s/)
        .pop() ?? '',
    );
    return before.length ? { lemmas: before.slice(-2) } : null;
  }
  if (AFTER_THEIR_NUMBER.has(q.keyword)) {
    const lastNumber = findNumbers(text.slice(Math.max(0, q.start - 30), q.start)).pop();
    return lastNumber ? { number: numberKey(lastNumber) } : null;
  }
  // A compound's "only" bears on the word the hyphen joins it to: "card-only payments" on cards, "supply-only orders" on
  // supply, not on orders (unseen38's evidence-check false alarms: a balance "due ... when you order" read as dropping it).
  const joined = /([A-Za-z]+)-$/.exec(text.slice(Math.max(0, q.start - 24), q.start))?.[1];
  if (joined) {
    const lemmas = contentLemmas(joined);
    return lemmas.length ? { lemmas } : null;
  }
  const after = text.slice(q.end, q.end + 60);
  // An "only" that closes its clause bears on the words before it: "may hire our Compact model only, with a young driver
  // surcharge" restricts the model, not the surcharge (unseen52's false alarms).
  // A term of things joined by "and" or "or" is all of them, names included ("the Classic, Super and Mega parties only"): a claim
  // about one names no more than its case.
  // So does one before a second predicate of its subject ("are packed by the PTA chair only and can be collected …":
  // the packer, not the collection; unseen80's false alarms).
  if (q.keyword === 'only' && /^\s*(?:[,.;:)]|and\s+(?:can|could|may|must|will|should|is|are|has|have)\b|$)/.test(after)) {
    const sentence =
      text
        .slice(Math.max(0, q.start - 80), q.start)
        .split(/[.!?;:]\s/)
        .pop() ?? '';
    const joined = /\b((?:[A-Za-z]+,\s+)*[A-Za-z]+,?\s+(?:and|or)\s+(?:[A-Za-z]+\s+){0,1}[A-Za-z]+)\s*$/.exec(sentence)?.[1];
    if (joined)
      return {
        lemmas: joined
          .toLowerCase()
          .split(/[\s,]+/)
          .filter((w) => w !== 'and' && w !== 'or')
          .map((w) => contentLemmas(w)[0] ?? w),
      };
    const lemmas = contentLemmas(sentence.split(/,\s/).pop() ?? '').slice(-2);
    return lemmas.length ? { lemmas } : null;
  }
  // A negation bears on the word it negates and the one it is said of: "each access card not returned" is about cards, not whatever is returned.
  if (NEGATIONS.has(q.keyword)) {
    const subject = contentLemmas(
      text
        .slice(0, q.start)
        .split(/[.!?;,:]\s/)
        .pop() ?? '',
    ).slice(-1);
    const negated = contentLemmas(after.split(/\s+/).slice(0, 6).join(' ')).slice(0, subject.length ? 1 : 2);
    return negated.length ? { lemmas: [...subject, ...negated] } : null;
  }
  const firstNumber = findNumbers(after)[0];
  // Two words, where there are two: "only any fare difference" bears on a fare difference, not on every fare.
  const words = contentLemmas(after.split(/\s+/).slice(0, 6).join(' '));
  if (firstNumber && (!words.length || after.indexOf(firstNumber.text) < after.toLowerCase().indexOf(words[0]!.slice(0, 4)))) return { number: numberKey(firstNumber) };
  return words.length ? { lemmas: words.slice(0, 2) } : null;
}

const STOPWORDS = new Set(
  'the a an and or of to in on at for by with from as is are was were be been being that this these those it its their his her they he she we you your our any all each every per not no only than then so such which who whom whose what when where while if unless except provided may must can will shall should would could has have had do does did into onto within up at least most more get'.split(
    ' ',
  ),
);

/** The parts of speech that carry a claim's meaning; names (PROPN) and numbers are left out on purpose. */
const CONTENT_POS = new Set(['NOUN', 'VERB', 'ADJ', 'ADV']);

/** A sentence's ordinary words by their dictionary form ("withdrawals" → "withdrawal"), read by the language model. */
export function contentLemmas(text: string): string[] {
  const lemmas = new Set<string>();
  for (const sentence of readSentences(text)) {
    // A clause's label ("2.2 Credits do not roll over") comes before the sentence's first word.
    const first = sentence.tokens.findIndex((t) => t.pos !== 'NUM' && t.pos !== 'PUNCT' && t.pos !== 'X');
    for (const [i, t] of sentence.tokens.entries()) {
      // The model reads a capitalised noun that opens a sentence ("Claims are paid") as a name; a dictionary word there is an ordinary word.
      const opensAlone = i === first && t.pos === 'PROPN' && sentence.tokens[i + 1]?.pos !== 'PROPN'; // not the first word of a name ("Finance Team")
      const lemma = opensAlone ? dictionaryForm(t.lemma) : CONTENT_POS.has(t.pos) ? t.lemma : undefined;
      if (lemma === undefined || !/^[a-z][a-z'-]+$/.test(lemma) || lemma.length <= 2 || STOPWORDS.has(lemma)) continue;
      lemmas.add(lemma);
    }
  }
  return [...lemmas];
}

/** What one evidence sentence says, for matching a claim's words against it: its lemmas and their commonest senses. */
interface EvidenceWords {
  lemmas: Set<string>;
  senses: Set<string>;
  /** Its numbers and names (factsOf). */
  facts: Set<string>;
  /** The sentence itself. */
  text: string;
  /** saysWord's answers so far, by lemma: the claims of one fixture ask about the same words again and again. */
  says: Map<string, boolean>;
}

/**
 * Evidence sentences recur across every candidate of a fixture: their words are
 * computed once. Generation and reviews go fixture by fixture, so a few dozen
 * fixtures' sentences are all that is ever reused; a bigger cache only holds a
 * large suite's evidence for the whole run.
 */
const evidenceWordCache = new Map<string, EvidenceWords>();
const EVIDENCE_WORD_CACHE_SIZE = 1_000;

function evidenceWords(sentence: string): EvidenceWords {
  let words = evidenceWordCache.get(sentence);
  if (!words) {
    if (evidenceWordCache.size >= EVIDENCE_WORD_CACHE_SIZE) evidenceWordCache.clear();
    const lemmas = new Set(contentLemmas(sentence));
    words = { lemmas, senses: new Set([...lemmas].flatMap((l) => sensesOf(l))), facts: factsOf(sentence), text: sentence, says: new Map() };
    evidenceWordCache.set(sentence, words);
  }
  return words;
}

/**
 * Whether the evidence says this word in its own words: the same lemma, a
 * synonym (a shared common WordNet sense: "extra" and "additional"), or the
 * same stem with a suffix ("renew" and "renewal", "refund" and "refundable").
 */
function saysWord(words: EvidenceWords, lemma: string): boolean {
  let says = words.says.get(lemma);
  if (says === undefined) words.says.set(lemma, (says = saysInWords(words, lemma)));
  return says;
}

function saysInWords(words: EvidenceWords, lemma: string): boolean {
  if (words.lemmas.has(lemma)) return true;
  if (sensesOf(lemma).some((s) => words.senses.has(s))) return true;
  for (const other of words.lemmas) if (sameStem(other, lemma)) return true;
  return false;
}

/** Whether two lemmas are one word with a suffix: "refund" and "refundable", "renew" and "renewal", "fit" and "fitting"; not "charge" and "charter". */
export function sameStem(a: string, b: string): boolean {
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter === longer || (shorter.length >= 5 && longer.startsWith(shorter)) || inflects(shorter, longer);
}

/**
 * Whether a longer word is a short word with "-ing" or "-ed", as English
 * spells them: "fitting" of "fit" (the consonant doubled), "pricing" of
 * "price" (the "e" dropped), "renting" of "rent". The language model leaves a
 * participle it reads as a noun or adjective as it is ("a fitting charge"),
 * and a word under five letters is too short for the stem rule above.
 */
export function inflects(shorter: string, longer: string): boolean {
  if (shorter.length < 3) return false;
  const stems = [shorter, ...(/[bdgklmnprtv]$/.test(shorter) ? [`${shorter}${shorter.at(-1)}`] : []), ...(shorter.endsWith('e') ? [shorter.slice(0, -1)] : [])];
  return stems.some((stem) => longer === `${stem}ing` || longer === `${stem}ed`);
}

/**
 * The evidence sentence that supports a claim: the one that says most of the
 * claim's ordinary words (in the same or other words), numbers and names. A
 * claim in other words shares few words with its evidence, and its figures and
 * names are what tie it to the sentence; a swapped name or flipped number
 * costs one of them, not the alignment.
 */
export function alignToEvidence(claim: string, evidenceSentences: readonly string[]): { sentence: string; score: number } | null {
  const claimWords = contentLemmas(claim);
  const claimFacts = factsOf(claim);
  const total = claimWords.length + claimFacts.size;
  if (claimWords.length === 0) return null;
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of evidenceSentences) {
    const words = evidenceWords(sentence);
    let shared = 0;
    for (const w of claimWords) if (saysWord(words, w)) shared++;
    for (const f of claimFacts) if (saysFact(words, f)) shared++;
    const score = shared / total;
    if (!best || score > best.score) best = { sentence, score };
  }
  return best;
}

/**
 * Whether an evidence sentence states a number or name of the claim: the same
 * number, or the name written in it as words (a name the sentence writes
 * where the entity reader does not take it for one: "Device Plan: Pixelon 8").
 */
function saysFact(words: EvidenceWords, fact: string): boolean {
  return words.facts.has(fact) || (fact.startsWith('@') && containsWords(words.text.toLowerCase(), fact.slice(1)));
}

/** A text's numbers and names, each once: "#£10", "@oakfield room". */
function factsOf(text: string): Set<string> {
  return new Set([...findNumbers(text).map((n) => `#${numberKey(n)}`), ...findEntities(text).map((e) => `@${e.text.toLowerCase()}`)]);
}

/** What an evidence sentence says of a claim: the claim's ordinary words it says in any words ("refund"), and the claim's numbers and names it states ("#£10", "@zone b"). */
export function saidBy(claim: string, sentence: string): Set<string> {
  const words = evidenceWords(sentence);
  return new Set([...contentLemmas(claim).filter((w) => saysWord(words, w)), ...[...factsOf(claim)].filter((f) => saysFact(words, f))]);
}

/** Whether a text says this ordinary word, in the same or other words (a synonym, the same stem). */
export function textSaysWord(text: string, lemma: string): boolean {
  return saysWord(evidenceWords(text), lemma);
}

/** Below this share of a claim's ordinary words shared, no evidence sentence really supports the claim. */
export const MIN_SUPPORT = 0.3;

/**
 * Below this share of a claim's words and facts said by two evidence
 * sentences together, the two do not support it: a claim that joins two
 * sentences ("It goes back to your payment method, and each item can only be
 * adjusted once") says half of what they say between them, each saying at
 * least two of its words or facts.
 */
export const MIN_JOINED_SUPPORT = 0.5;

/** The evidence a claim rests on: its best sentence, and a second sentence where the claim joins two. */
interface Support {
  sentence: string;
  joined: string | null;
}

/**
 * The evidence sentence that supports a claim, or null when none does: the one
 * definition of "supported by the evidence" that the oracles, the evidence-check
 * critic and the fixture lint share.
 */
export function supportOf(claim: string, evidenceSentences: readonly string[]): string | null {
  return supportFor(claim, evidenceSentences)?.sentence ?? null;
}

/**
 * A claim is supported by the sentence that says at least MIN_SUPPORT of its
 * ordinary words, numbers and names; a claim of numbers and names only
 * ("He has until 15 January 2025.") by the sentence that states at least
 * MIN_SUPPORT of them; a claim that joins two sentences by the two that say
 * MIN_JOINED_SUPPORT of it between them.
 */
function supportFor(claim: string, evidenceSentences: readonly string[]): Support | null {
  // Undefined is RecentResults' "not held": a claim without support is held as NO_SUPPORT.
  const support = supportCache.get(`${sourcesId(evidenceSentences)}\u0000${claim}`, () => findSupport(claim, evidenceSentences) ?? NO_SUPPORT);
  return support === NO_SUPPORT ? null : support;
}

/**
 * Claims recur far more than they differ: a mutant changes one sentence of its
 * answer, so the others are the original's, and every oracle, critic and
 * record that reads the answer asks for their support again (generation,
 * evidence-check under each condition, pass-two, located catches). A default
 * audit asks about a thousand times per fixture.
 */
const supportCache = new RecentResults<Support>(20_000);
const NO_SUPPORT: Support = { sentence: '', joined: null };

/**
 * A short id for each evidence seen, so that a held claim's key does not hold
 * its whole evidence (a suite has a few dozen): by its text, and by the list
 * itself, which a caller passes for every claim of an answer.
 */
const sourceIds = new Map<string, number>();
const listIds = new WeakMap<readonly string[], number>();
function sourcesId(evidenceSentences: readonly string[]): number {
  let id = listIds.get(evidenceSentences);
  if (id !== undefined) return id;
  const joined = evidenceSentences.join('\u0001');
  id = sourceIds.get(joined);
  if (id === undefined) {
    if (sourceIds.size >= 1_000) sourceIds.clear();
    sourceIds.set(joined, (id = nextSourcesId++));
  }
  listIds.set(evidenceSentences, id);
  return id;
}
let nextSourcesId = 0;

function findSupport(claim: string, evidenceSentences: readonly string[]): Support | null {
  const best = alignToEvidence(claim, evidenceSentences);
  if (best && best.score >= MIN_SUPPORT) return { sentence: best.sentence, joined: null };
  const claimFacts = factsOf(claim);
  const claimWords = contentLemmas(claim);
  if (claimWords.length === 0) {
    // A claim of numbers and names only: the sentence that states most of them, as a share of them.
    let stating: { sentence: string; shared: number } | null = null;
    for (const sentence of evidenceSentences) {
      const shared = [...claimFacts].filter((f) => saysFact(evidenceWords(sentence), f)).length;
      if (!stating || shared > stating.shared) stating = { sentence, shared };
    }
    return stating && claimFacts.size > 0 && stating.shared / claimFacts.size >= MIN_SUPPORT ? { sentence: stating.sentence, joined: null } : null;
  }
  if (!best) return null;
  const said = (sentence: string) => saidBy(claim, sentence);
  const first = said(best.sentence);
  if (first.size < 2) return null;
  let second: { sentence: string; adds: number } | null = null;
  for (const sentence of evidenceSentences) {
    if (sentence === best.sentence) continue;
    const adds = [...said(sentence)].filter((x) => !first.has(x)).length;
    if (!second || adds > second.adds) second = { sentence, adds };
  }
  if (!second || second.adds < 2 || (first.size + second.adds) / (claimWords.length + claimFacts.size) < MIN_JOINED_SUPPORT) return null;
  return { sentence: best.sentence, joined: second.sentence };
}

export interface SupportPassage {
  /** The evidence sentence that supports the claim best: its units, polarities and qualifiers are the claim's to keep. */
  sentence: string;
  /** The other evidence sentences that support it too (two or more of its ordinary words, or the second of two the claim joins): where its names may be named, and a figure whose own clause they say. */
  context: string[];
  /** The question and the documents' titles: an answer restates their facts. */
  restated: string[];
  /** Every evidence sentence: where a figure may come from when the sentences its clause restates state no other figure of its kind (src/text/figures.ts). */
  evidence: readonly string[];
}

/**
 * The evidence a claim rests on: the sentence that supports it best, and the
 * other sentences that support it too (a claim may join two sentences of a
 * document), with any further text it may restate (the task). Null when no
 * evidence sentence supports it.
 */
export function supportPassage(claim: string, evidenceSentences: readonly string[], also: readonly string[] = []): SupportPassage | null {
  const support = supportFor(claim, evidenceSentences);
  if (support === null) return null;
  const { sentence, joined } = support;
  // By ordinary words alone, at least two of them: a sentence that merely names the swapped-in team is no support.
  const claimWords = contentLemmas(claim);
  const claimEntities = findEntities(claim);
  const claimNames = new Set(claimEntities.map((e) => e.text.toLowerCase()));
  const claimCalendar = new Set(calendarNames(claimEntities));
  const others = evidenceSentences.filter((s) => {
    if (s === sentence) return false;
    if (s === joined) return true;
    const words = evidenceWords(s);
    const shared = claimWords.filter((w) => saysWord(words, w)).length;
    // Or one ordinary word and a day or month the claim names too: "…; we're closed on Sundays and Mondays" joins "We are
    // closed on Sundays and Mondays" to a sentence on collection hours (unseen114's false alarm).
    return shared >= 2 || (shared === 1 && namesOnlyCalendarOf(claimCalendar, s)) || writesNameOf(claim, s, claimNames);
  });
  return { sentence, context: others, restated: [...also], evidence: evidenceSentences };
}

/**
 * Whether a sentence names weekdays or months, every one of them one the claim names too ("Sundays" and "Sunday" alike):
 * not a sentence of another day's timetable that shares one of them ("on the first Sunday at 11am and … on the final Saturday").
 */
function namesOnlyCalendarOf(claimCalendar: ReadonlySet<string>, sentence: string): boolean {
  const own = calendarNames(findEntities(sentence));
  return own.length > 0 && own.every((name) => claimCalendar.has(name));
}

/** The weekdays and months among a text's names, singular and lower-case ("Sundays" as "sunday"). */
function calendarNames(entities: readonly EntityPiece[]): string[] {
  return entities.filter((e) => e.kind === 'weekday' || e.kind === 'month').map((e) => e.text.toLowerCase().replace(/s$/, ''));
}

/**
 * Whether a claim writes, in ordinary words, a name of two words or more that
 * a sentence gives: "a full valet is normally $149" restates the price list's
 * "Full Valet: $149", so that sentence states the claim's figure. Not a name
 * the claim names itself: naming it is no support (a swapped-in name would
 * draw its own rule in). A sentence whose name only shares a word with the
 * claim ("Hotel" of "the Preferred Hotel List") is not drawn in.
 */
function writesNameOf(claim: string, sentence: string, claimNames: ReadonlySet<string>): boolean {
  return findEntities(sentence).some((e) => {
    const name = e.text.toLowerCase();
    return name.includes(' ') && !claimNames.has(name) && containsWords(claim.toLowerCase(), name);
  });
}

/**
 * A question as a source of the facts an answer may restate: without the
 * numbers of its numbered lines (an acceptance plan's "1." and "2." are no
 * figures of the case).
 */
export function questionText(task: string): string {
  return task.replace(/^\s*\d+[.)]\s/gm, '');
}

export function evidenceSentences(evidence: ReadonlyArray<{ text: string; title?: string | undefined }>): string[] {
  return evidence.flatMap((e) => splitSentences(e.text).map((s) => s.text));
}

/** The text of the sentence after a piece of `text` (a sentence, a claim), or nothing. */
export function sentenceAfter(text: string, piece: { end: number }): string {
  return splitSentences(text.slice(piece.end))[0]?.text ?? '';
}

/** The sentence of `text` that contains the offset range. */
export function sentenceAround(text: string, start: number, end: number): Piece | undefined {
  return splitSentences(text).find((s) => s.start <= start && end <= s.end);
}

/**
 * A replacement of `text[start, end)` read as an oracle reads it: the sentence around it as it was and as
 * replaced, the offset of the span in that sentence, and the whole text as replaced.
 */
export function replacedInSentence(text: string, start: number, end: number, replacement: string): { sentence: string; at: number; replaced: string; replacedText: string } {
  const claim = sentenceAround(text, start, end)!;
  const at = start - claim.start;
  return {
    sentence: claim.text,
    at,
    replaced: claim.text.slice(0, at) + replacement + claim.text.slice(end - claim.start),
    replacedText: text.slice(0, start) + replacement + text.slice(end),
  };
}

/** Whether `needle` occurs in `haystack` as whole words. */
export function containsWords(haystack: string, needle: string): boolean {
  // Any spacing between the words: a document wraps a name across lines ("Scheduled\nFee Allowance").
  const escaped = escapeRegExp(needle).replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\w])${escaped}(?![\\w])`).test(haystack);
}
