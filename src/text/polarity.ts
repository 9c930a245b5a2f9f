import type { Piece } from './claims.js';
import { POSSESSIVES, readSentences } from './nlp.js';

/**
 * The polarity of a claim: whether it says a thing is so or is not ("is
 * payable" / "is not payable", "must" / "need not", "permitted" /
 * "prohibited"). Each such place is a term with a sign;
 * the negation mutator reverses one, and the evidence-check critic flags a
 * claim whose term the evidence states only with the other sign.
 */
export interface PolarityPiece extends Piece {
  /** What the place is about, the same for both signs: "must", "payable", "before". */
  term: string;
  negative: boolean;
  /** The same place with its sign reversed. */
  reversed: string;
}

/** Adjectives and participles whose "is"/"is not" decides a claim. */
const STATES =
  'payable|eligible|entitled|required|permitted|allowed|taxable|exempt|refundable|covered|included|available|paid|reimbursed|deductible|mandatory|necessary|liable|recommended|suitable|accepted|counted|carried over|free|charged|transferable|refunded';

const COPULA = 'is|are|was|were|be';

/** Modals written with their negation, and each one's positive: what a reversal of "can't be refunded" writes. */
const POSITIVE_MODAL: Readonly<Record<string, string>> = {
  cannot: 'can',
  "can't": 'can',
  'can not': 'can',
  "won't": 'will',
  'will not': 'will',
  'must not': 'may',
  "mustn't": 'may',
  'may not': 'may',
  'should not': 'should',
  "shouldn't": 'should',
};
const NEGATED_MODALS = Object.keys(POSITIVE_MODAL)
  .map((m) => m.replace("'", "['’]").replace(' ', '\\s+'))
  .join('|');

/** State verbs whose "does not" decides a claim: "counts" / "doesn't count". */
const DO_VERBS = 'count|apply|include|cover|qualify|affect';
const thirdPerson = (verb: string) => (verb.endsWith('y') ? `${verb.slice(0, -1)}ies` : `${verb}s`);
const baseForm = (verb: string) => (verb.endsWith('ies') ? `${verb.slice(0, -3)}y` : verb.slice(0, -1));

/** Each rule: a pattern, the term it states, its sign, and how to write the reverse. Tried in order; a later rule never takes text an earlier one found. */
const RULES: ReadonlyArray<{
  pattern: RegExp;
  term: (m: RegExpMatchArray) => string;
  negative: boolean;
  reverse: (m: RegExpMatchArray) => string;
  /** A bare verb of DO_VERBS: taken only where, as one that is a noun too ("cover", "count"), no article or possessive opens it as a noun. */
  bareVerb?: true;
}> = [
  // "A non-refundable deposit", "the pass is non-transferable": the state denied in one word, as "is not refundable" denies it.
  { pattern: new RegExp(`\\bnon-(${STATES})\\b`, 'g'), term: (m) => m[1]!, negative: true, reverse: (m) => m[1]! },
  { pattern: new RegExp(`\\b(${COPULA})\\s+not\\s+(${STATES})\\b`, 'g'), term: (m) => m[2]!, negative: true, reverse: (m) => `${m[1]} ${m[2]}` },
  { pattern: new RegExp(`\\b(is|are|was|were)n['’]t\\s+(${STATES})\\b`, 'g'), term: (m) => m[2]!, negative: true, reverse: (m) => `${m[1]} ${m[2]}` },
  // "Sprinklers are never permitted" denies the state as "are not permitted at any time" does (unseen83's false alarm, read as "permitted").
  { pattern: new RegExp(`\\b(${COPULA})\\s+never\\s+(${STATES})\\b`, 'g'), term: (m) => m[2]!, negative: true, reverse: (m) => `${m[1]} ${m[2]}` },
  // "can't be refunded", "won't be charged", "must not be paid": a state a negated modal denies is denied, as "is not refunded" denies it.
  {
    pattern: new RegExp(`\\b(${NEGATED_MODALS})\\s+be\\s+(${STATES})\\b`, 'gi'),
    term: (m) => m[2]!,
    negative: true,
    reverse: (m) => `${POSITIVE_MODAL[m[1]!.toLowerCase().replace(/\s+/g, ' ').replace('’', "'")] ?? 'can'} be ${m[2]}`,
  },
  // "fees can no longer be refunded": a state a modal says has ended is denied (unseen52's false alarm read it as "can").
  {
    pattern: new RegExp(`\\b(can|will|may)\\s+no\\s+longer\\s+be\\s+(${STATES})\\b`, 'gi'),
    term: (m) => m[2]!,
    negative: true,
    reverse: (m) => `${m[1]} still be ${m[2]}`,
  },
  // "No smoking or vaping is allowed", "Just so you know, no alcohol is allowed": a subject "no" opens, at the start of its sentence or
  // clause, is denied the state (unseen52's
  // false alarm read it as allowed). Not a bound ("No more than two guests are allowed") nor a "no" inside a clause ("There is no
  // minimum spend and delivery is free" says nothing of delivery).
  {
    pattern: new RegExp(`(?<=^|[.;:!?,]\\s+|\\n)([Nn])o\\s+(?!(?:more|fewer|less|longer|later|earlier|sooner)\\b)((?:[a-z]+\\s+){1,4}?)(${COPULA})\\s+(${STATES})\\b`, 'g'),
    term: (m) => m[4]!,
    negative: true,
    reverse: (m) => `${m[1] === 'N' ? m[2]!.charAt(0).toUpperCase() + m[2]!.slice(1) : m[2]}${m[3]} ${m[4]}`,
  },
  // "still not be charged": a bare "be" denied, as a reversal below writes it.
  // Not after a modal: "need not be paid" is the "need not" rule's, and "must not be paid" a negated modal's.
  {
    pattern: new RegExp(`(?<!\\b(?:need|must|may|might|can|could|should|would|will|shall|do|does|did)\\s+)\\bnot\\s+be\\s+(${STATES})\\b`, 'g'),
    term: (m) => m[1]!,
    negative: true,
    reverse: (m) => `be ${m[1]}`,
  },
  // "not" goes before a bare "be": "you'll still not be charged", never "you'll still be not charged" (unseen40's readers: "ungrammatical").
  {
    pattern: new RegExp(`(?<!['’]ll\\s+|\\bnot\\s+)\\b(${COPULA})\\s+(${STATES})\\b`, 'g'),
    term: (m) => m[2]!,
    negative: false,
    reverse: (m) => (m[1] === 'be' ? `not be ${m[2]}` : `${m[1]} not ${m[2]}`),
  },
  // "Buoyancy aids come free with every hire" says they are free.
  { pattern: /\b(comes?)\s+free\b/g, term: () => 'free', negative: false, reverse: (m) => `${m[1] === 'comes' ? 'does' : 'do'} not come free` },
  // "won't be able to use" says "cannot use": an ability, compared as "can" whatever the tense.
  // "won't have to" says no requirement, as "do not have to" does: before the "won't" and "have to" rules, which read it as a requirement.
  {
    pattern: /\b(won['’]t|will\s+not|wouldn['’]t|would\s+not)\s+have\s+to\b/g,
    term: () => 'must',
    negative: true,
    reverse: (m) => (/^wo?n|^will/i.test(m[1]!) && !/^would/i.test(m[1]!) ? 'will have to' : 'would have to'),
  },
  { pattern: /\b(?:will\s+not|won['’]t)\s+be\s+able\s+to\b/g, term: () => 'can', negative: true, reverse: () => 'will be able to' },
  { pattern: /(?<!['’]ll\s+)\bwill\s+be\s+able\s+to\b/g, term: () => 'can', negative: false, reverse: () => 'will not be able to' },
  { pattern: /\b(?:will\s+not|won['’]t)\b/g, term: () => 'will', negative: true, reverse: () => 'will' },
  { pattern: /\bwill\b/g, term: () => 'will', negative: false, reverse: () => 'will not' },
  { pattern: /\b(does|do)(?:\s+not|n['’]t)\s+have\s+to\b/g, term: () => 'must', negative: true, reverse: (m) => (m[1] === 'does' ? 'has to' : 'have to') },
  { pattern: /(?<!['’]ll\s+)\b(has|have)\s+to\b/g, term: () => 'must', negative: false, reverse: (m) => `${m[1] === 'has' ? 'does' : 'do'} not have to` },
  { pattern: new RegExp(`\\b(?:does\\s+not|doesn['’]t)\\s+(${DO_VERBS})\\b`, 'g'), term: (m) => m[1]!, negative: true, reverse: (m) => thirdPerson(m[1]!) },
  {
    pattern: new RegExp(`\\b(${DO_VERBS.replace(/(\w+)/g, (v) => thirdPerson(v))})\\b`, 'g'),
    term: (m) => baseForm(m[1]!),
    negative: false,
    reverse: (m) => `does not ${baseForm(m[1]!)}`,
    bareVerb: true,
  },
  // "Classic fares include": the plural present, not an infinitive ("to include") or a verb after a modal or "not".
  {
    pattern: new RegExp(`(?<!\\b(?:to|do|does|did|not|will|can|may|must|should|would|could)\\s+)(?<!n['’]t\\s+)\\b(${DO_VERBS})\\b`, 'g'),
    term: (m) => m[1]!,
    negative: false,
    reverse: (m) => `do not ${m[1]}`,
    bareVerb: true,
  },
  { pattern: new RegExp(`\\b(?:do\\s+not|don['’]t)\\s+(${DO_VERBS})\\b`, 'g'), term: (m) => m[1]!, negative: true, reverse: (m) => m[1]! },
  // "must not" forbids: its reverse permits ("may drive"); "must drive" would turn a prohibition into an order no one would mistake it for.
  { pattern: /\bmust\s+not\b/g, term: () => 'can', negative: true, reverse: () => 'may' },
  { pattern: /\bneed\s+not\b/g, term: () => 'must', negative: true, reverse: () => 'must' },
  { pattern: /\bmust\b/g, term: () => 'must', negative: false, reverse: () => 'need not' },
  { pattern: /\bmay\s+not\b/g, term: () => 'may', negative: true, reverse: () => 'may' },
  { pattern: /\bmay\b/g, term: () => 'may', negative: false, reverse: () => 'may not' },
  { pattern: /\bcannot\b/g, term: () => 'can', negative: true, reverse: () => 'can' },
  { pattern: /\bcan['’]t\b/g, term: () => 'can', negative: true, reverse: () => 'can' },
  { pattern: /\bcan\b/g, term: () => 'can', negative: false, reverse: () => 'cannot' },
  { pattern: /\bprohibited\b/g, term: () => 'permitted', negative: true, reverse: () => 'permitted' },
  { pattern: /\bpermitted\b/g, term: () => 'permitted', negative: false, reverse: () => 'prohibited' },
  { pattern: /\bexcluding\b/g, term: () => 'including', negative: true, reverse: () => 'including' },
  { pattern: /\bincluding\b/g, term: () => 'including', negative: false, reverse: () => 'excluding' },
];

/** Modals say nothing alone: "can export" and "cannot be recovered" are about two verbs, so a modal's term names its verb. */
const MODALS = new Set(['must', 'may', 'can', 'will']);

/** Words that open another clause after a comma (the model tags "although" a preposition). */
const CLAUSE_OPENERS: ReadonlySet<string> = new Set(['although', 'though', 'but', 'and', 'or', 'so', 'while', 'whereas', 'because', 'as', 'since', 'if', 'unless']);

/**
 * The lemma of the first verb after an offset in its sentence ("cannot be recovered" → "recover"), or "". None after a
 * modal that ends its clause, whose verb is the one the question asked of ("so she can, although volunteers under 18
 * can't work behind the bar": unseen118's evidence-check false alarm read "can work").
 */
function verbAfter(text: string, offset: number): string {
  for (const sentence of readSentences(text)) {
    if (sentence.end < offset) continue;
    const after = sentence.tokens.filter((t) => t.start >= offset);
    // Ended by its clause: a stop, or a comma before a conjunction that opens another clause ("so she can, although …"); not a
    // comma before words set off in the clause ("Guests can, of course, bring …", "can, though, bring …": the review).
    const [next, opener, then] = after;
    if (next === undefined || (next.pos === 'PUNCT' && next.text !== ',')) return '';
    if (next.text === ',' && opener !== undefined && CLAUSE_OPENERS.has(opener.text.toLowerCase()) && then !== undefined && then.pos !== 'PUNCT') return '';
    return after.find((t) => t.pos === 'VERB')?.lemma ?? '';
  }
  return '';
}

/** "A screen is included" says what "the room includes a screen" says; "your bike is covered", "the warranty covers your bike". */
const STATE_VERBS: Readonly<Record<string, string>> = { included: 'include', covered: 'cover' };

/**
 * One term for the ways of writing the same permission, so a claim and its
 * evidence compare however each words it: "may claim" says "can claim",
 * "allowed" says "permitted", "refundable" says "can refund".
 */
function sameMeaning(term: string): string {
  if (term.startsWith('may ')) return `can ${term.slice(4)}`;
  if (term === 'allowed') return 'permitted';
  const verb = STATE_VERBS[term];
  if (verb) return verb;
  const able = /^(refund|transfer)able$/.exec(term);
  return able ? `can ${able[1]}` : term;
}

/** Whether a text writes negations in short ("can't", "isn't"): a reversal writes its "not" the same way. */
export function usesContractions(text: string): boolean {
  return /\b\w+n['’]t\b/.test(text);
}

export function findPolarities(text: string): PolarityPiece[] {
  const found: PolarityPiece[] = [];
  const taken = (start: number, end: number) => found.some((p) => start < p.end && p.start < end);
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.pattern)) {
      const start = m.index!;
      const end = start + m[0].length;
      if (taken(start, end) || (rule.bareVerb && opensAsNoun(text, start, m[1]!))) continue;
      const term = rule.term(m).replace(/\s+/g, ' ');
      found.push({ text: m[0], start, end, term: sameMeaning(MODALS.has(term) ? `${term} ${verbAfter(text, end)}` : term), negative: rule.negative, reversed: rule.reverse(m) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Verbs of DO_VERBS that are nouns too: "a thermal cover", "the head count". */
const ALSO_NOUNS: ReadonlySet<string> = new Set(['cover', 'covers', 'count', 'counts']);
const ARTICLE = /^(?:a|an|the)$/i;

/**
 * Whether the word at `start` is a noun its phrase opens: an article or a possessive before it, with at most two
 * adjectives between ("keep the thermal cover on", "a thermal cover", "our cover": unseen39's readers, of "the thermal
 * do not cover", "garbled"). Not a capital letter that ends a name ("Zone A covers") nor an adjective alone ("cancelled
 * late count as used").
 */
function opensAsNoun(text: string, start: number, word: string): boolean {
  if (!ALSO_NOUNS.has(word.toLowerCase())) return false;
  const tokens = readSentences(text).find((s) => s.start <= start && start < s.end)?.tokens ?? [];
  let at = tokens.findIndex((t) => t.start === start) - 1;
  for (let adjectives = 0; at >= 0 && tokens[at]!.pos === 'ADJ' && adjectives < 2; adjectives++) at--;
  const opener = tokens[at];
  if (opener === undefined) return false;
  if (POSSESSIVES.has(opener.text.toLowerCase())) return true;
  const named = tokens[at - 1]?.pos === 'PROPN' || tokens[at - 1]?.pos === 'NOUN';
  return ARTICLE.test(opener.text) && !named;
}

/** The signs with which a text states each term: "must:+" and "must:-". */
export function statedPolarities(text: string): Set<string> {
  return new Set(findPolarities(text).map(polarityKey));
}

export function polarityKey(p: Pick<PolarityPiece, 'term' | 'negative'>): string {
  return `${p.term}:${p.negative ? '-' : '+'}`;
}

/**
 * A bound written after its figure ("must be 17 or older", "stays of 3 nights
 * or more", "ages eight and over", "bags of 10 kg or under"): the figure, in
 * digits or words, and which way the bound lets cases in.
 */
export const BOUND_AFTER_FIGURE =
  /\b(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?:\s+[a-z-]+){0,2}?\s+(?:or|and)\s+(?:(older|over|above|more)|younger|under|below|less|fewer)\b/i;

/** Words that bound a claim in time or amount, so its sign holds only on one side of the bound. */
const LIMITS = /\b(?:until|only|no more than|no later than|more than|less than)\b/i;

/** A claim's places whose term the evidence sentence states only with the other sign. */
export function reversedPolarities(claim: string, support: string): PolarityPiece[] {
  // "may weigh no more than 30 kg" is what "can't weigh more than 30 kg" says, "refundable until departure" what "can't be refunded once departed" says: a limit or a further negation turns the sign.
  if (LIMITS.test(support) || negationsIn(support) > findPolarities(support).filter((p) => p.negative).length) return [];
  const stated = statedPolarities(support);
  return findPolarities(claim).filter((p) => !stated.has(polarityKey(p)) && stated.has(polarityKey({ term: p.term, negative: !p.negative })));
}

/** The negations a sentence holds, and the exceptions that work as one ("unless", "except"): a second reads as a double negative. */
export function negationsIn(sentence: string): number {
  return sentence.match(/\b(?:not|never|cannot|no|unless|except|without)\b|n['’]t\b/gi)?.length ?? 0;
}

/** A reversal written as the text writes its negations: "cannot" → "can't", "is not" → "isn't" where the text contracts. */
export function inStyleOf(text: string, reversal: string): string {
  if (!usesContractions(text)) return reversal;
  return reversal
    .replace(/^cannot$/, "can't")
    .replace(/^will not\b/, "won't")
    .replace(/^(is|are|was|were|does|do) not\b/, "$1n't");
}
