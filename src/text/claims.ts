/**
 * Light-weight claim analysis of policy-style prose, shared by the text
 * mutators' validity oracles and the built-in evidence-check critic: sentences,
 * numbers, named entities, qualifiers, and the alignment of an artifact
 * sentence to the evidence sentence that supports it.
 */

export interface Piece {
  text: string;
  start: number;
  end: number;
}

const SENTENCE_END = /[.!?](?=\s|$)|\n\s*\n/g;

export function splitSentences(text: string): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
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

/** A number as written: currency sign, digits with optional thousands separators and decimals, optional %. */
export const NUMBER_PATTERN = /(?<![\w.])([£$€]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%?)(?![\d,]*\d)/g;

export interface NumberPiece extends Piece {
  currency: string;
  percent: boolean;
  value: number;
  decimals: number;
  grouped: boolean;
}

export function findNumbers(text: string): NumberPiece[] {
  return [...text.matchAll(NUMBER_PATTERN)].map((m) => {
    const [whole, currency = '', integer = '', fraction = '', percent = ''] = m;
    return {
      text: whole,
      start: m.index,
      end: m.index + whole.length,
      currency,
      percent: percent === '%',
      value: Number(integer.replace(/,/g, '') + fraction),
      decimals: fraction ? fraction.length - 1 : 0,
      grouped: integer.includes(','),
    };
  });
}

/** Canonical form for comparing numbers across texts: "£1,250" and "£1250" agree, "15%" and "15" do not. */
export function numberKey(n: NumberPiece): string {
  return `${n.currency}${n.value}${n.percent ? '%' : ''}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Capitalised words that open sentences or are not names. */
const NOT_NAMES = new Set(
  'A An The This That These Those It Its If In On At For From To By With While When Where Unless Except Only Each Every Any All No Not Employees Employee Staff Adults Adult Children Patients Patient Taxpayers Businesses Claims Payments Doses Requests Where Once After Before During Under Over As Both Either Neither Retrieved Checked Confirmed Verified Read Looked Found Took Cross Then So Also But And Or Our Their Your'.split(
    ' ',
  ),
);

/**
 * What a name is, for swapping like with like: a month, a weekday, an acronym,
 * a phrase by its head word ("Finance Team" is a team), or a single word by
 * the word before it ("in London" is a place the way "in Leeds" is).
 */
export type EntityKind = 'month' | 'weekday' | 'acronym' | `phrase:${string}` | `word:${string}`;

export interface EntityPiece extends Piece {
  kind: EntityKind;
}

// A run of capitalised words or acronyms, allowing "&", "of", "and", "for" between them ("Leave & Absence").
const NAME_RUN = /\b[A-Z][A-Za-z0-9'-]*(?:(?:\s+(?:&|of|and|for|de)\s+|\s+)[A-Z][A-Za-z0-9'-]*)*/g;

export function findEntities(text: string): EntityPiece[] {
  const entities: EntityPiece[] = [];
  for (const match of text.matchAll(NAME_RUN)) {
    let words = match[0].split(/\s+/);
    let start = match.index;
    // Drop leading words capitalised only by grammar: at a sentence start ("Employees of ..."), or function words anywhere.
    const opening = opensSentence(text, start);
    while (words.length > 0 && NOT_NAMES.has(words[0]!) && (opening || FUNCTION_WORDS.has(words[0]!))) {
      start = text.indexOf(words[1] ?? '', start + words[0]!.length);
      words = words.slice(1);
    }
    while (words.length > 0 && /^(?:&|of|and|for|de)$/.test(words[words.length - 1]!)) words = words.slice(0, -1);
    if (words.length === 0 || start < 0) continue;
    // A lone capitalised word opening a sentence is capitalised by grammar, unless it is a known kind of name.
    const kind = entityKind(words, /(\w+)\W*$/.exec(text.slice(Math.max(0, start - 24), start))?.[1]?.toLowerCase() ?? '');
    if (words.length === 1 && start === match.index && opensSentence(text, start) && kind.startsWith('word:')) continue;
    const body = words.join(' ');
    if (text.slice(start, start + body.length) !== body) continue; // irregular spacing: skip rather than mis-span
    if (words.length === 1 && body.length < 2) continue; // a unit such as the C of "8°C"
    if (insideLongerName(text, start, start + body.length)) continue; // "Account" of "Payments on Account"
    entities.push({ text: body, start, end: start + body.length, kind });
  }
  return entities;
}

/** Capitalised function words: never the start of a name, wherever they stand. */
const FUNCTION_WORDS = new Set(
  'A An The This That These Those It Its If In On At For From To By With While When Where Unless Except Only Each Every Any All No Not Once After Before During Under Over As Both Either Neither Then So Also But And Or Our Their Your'.split(
    ' ',
  ),
);

/**
 * A name joined to another by "on" or "to" ("Payments on Account", "Time to
 * Pay Arrangement") is one longer name; swapping either half would garble it.
 */
function insideLongerName(text: string, start: number, end: number): boolean {
  return /\s(?:on|to)\s+[A-Z]/.test(text.slice(end, end + 6)) || /[A-Z][A-Za-z]*\s+(?:on|to)\s$/.test(text.slice(Math.max(0, start - 24), start));
}

function opensSentence(text: string, offset: number): boolean {
  return /(?:^|[.!?:]\s+|\n\s*)$/.test(text.slice(Math.max(0, offset - 4), offset)) || offset === 0;
}

function entityKind(words: string[], previousWord: string): EntityKind {
  const last = words[words.length - 1]!;
  if (words.length === 1) {
    if (MONTHS.includes(last)) return 'month';
    if (WEEKDAYS.includes(last)) return 'weekday';
    if (/^[A-Z0-9]{2,}$/.test(last)) return 'acronym';
    return `word:${previousWord}`;
  }
  return `phrase:${last.toLowerCase()}`;
}

/** Same-kind stand-ins that exist whatever the fixture names. */
export function gazetteerFor(kind: EntityKind): readonly string[] {
  if (kind === 'month') return MONTHS;
  if (kind === 'weekday') return WEEKDAYS;
  return [];
}

/**
 * Qualifiers whose deletion changes a claim. Clause qualifiers run to the next
 * comma or the end of the sentence; word qualifiers are the words themselves.
 */
export const CLAUSE_QUALIFIERS = ['unless', 'except', 'provided that'] as const;
export const WORD_QUALIFIERS = ['no more than', 'no later than', 'at least', 'at most', 'up to', 'only', 'within', 'never', 'not'] as const;

export interface QualifierPiece extends Piece {
  keyword: string;
}

/** A qualifier as whole words, any case, any spacing between its words. */
const qualifierPattern = (keyword: string, flags: string) => new RegExp(`\\b${keyword.replace(/ /g, '\\s+')}\\b`, flags);

// Compiled once: this runs for every sentence of every review of the evidence-check critic.
const QUALIFIER_PATTERNS = [...CLAUSE_QUALIFIERS, ...WORD_QUALIFIERS].map((keyword) => ({ keyword, pattern: qualifierPattern(keyword, 'gi') }));

export function findQualifiers(text: string): QualifierPiece[] {
  const found: QualifierPiece[] = [];
  const taken = (s: number, e: number) => found.some((q) => s < q.end && q.start < e);
  for (const { keyword, pattern } of QUALIFIER_PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (taken(m.index, m.index + m[0].length)) continue;
      found.push({ keyword, text: m[0], start: m.index, end: m.index + m[0].length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function isClauseQualifier(keyword: string): boolean {
  return (CLAUSE_QUALIFIERS as readonly string[]).includes(keyword);
}

/** Whether a qualifier keyword is stated in a text (as whole words, any case). */
export function statesQualifier(text: string, keyword: string): boolean {
  return qualifierPattern(keyword, 'i').test(text);
}

const STOPWORDS = new Set(
  'the a an and or of to in on at for by with from as is are was were be been being that this these those it its their his her they he she we you your our any all each every per not no only than then so such which who whom whose what when where while if unless except provided may must can will shall should would could has have had do does did into onto within up at least most more'.split(
    ' ',
  ),
);

function contentWords(text: string, entities: readonly EntityPiece[]): Set<string> {
  let plain = text;
  for (const e of entities) plain = plain.replace(e.text, ' ');
  const words =
    plain
      .toLowerCase()
      .replace(NUMBER_PATTERN, ' ')
      .match(/[a-z][a-z'-]+/g) ?? [];
  return new Set(words.filter((w) => w.length > 2 && !STOPWORDS.has(w)).map(stem));
}

/** A crude stem so "accrues" meets "accrue" and "payments" meets "payment". */
function stem(word: string): string {
  return word.replace(/(?:ing|ed|es|s)$/, '');
}

/**
 * Evidence sentences recur across every candidate of a fixture: their words are
 * computed once. Generation and reviews go fixture by fixture, so a few dozen
 * fixtures' sentences are all that is ever reused; a bigger cache only holds a
 * large suite's evidence (about 0.7 KB a sentence) for the whole run.
 */
const evidenceWordCache = new Map<string, Set<string>>();
const EVIDENCE_WORD_CACHE_SIZE = 1_000;

function evidenceWords(sentence: string): Set<string> {
  let words = evidenceWordCache.get(sentence);
  if (!words) {
    if (evidenceWordCache.size >= EVIDENCE_WORD_CACHE_SIZE) evidenceWordCache.clear();
    words = contentWords(sentence, findEntities(sentence));
    evidenceWordCache.set(sentence, words);
  }
  return words;
}

/**
 * The evidence sentence that supports a claim: the one sharing most of the
 * claim's ordinary words. Names and numbers are left out of the match on
 * purpose, so a swapped name or flipped number does not move the alignment.
 */
export function alignToEvidence(claim: string, evidenceSentences: readonly string[]): { sentence: string; score: number } | null {
  const claimWords = contentWords(claim, findEntities(claim));
  if (claimWords.size === 0) return null;
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of evidenceSentences) {
    const words = evidenceWords(sentence);
    let shared = 0;
    for (const w of claimWords) if (words.has(w)) shared++;
    const score = shared / claimWords.size;
    if (!best || score > best.score) best = { sentence, score };
  }
  return best;
}

/** Below this share of a claim's ordinary words shared, no evidence sentence really supports the claim. */
export const MIN_SUPPORT = 0.3;

/**
 * The evidence sentence that supports a claim, or null when none does: the one
 * definition of "supported by the evidence" that the oracles, the evidence-check
 * critic and the fixture lint share.
 */
export function supportOf(claim: string, evidenceSentences: readonly string[]): string | null {
  const support = alignToEvidence(claim, evidenceSentences);
  return support && support.score >= MIN_SUPPORT ? support.sentence : null;
}

export function evidenceSentences(evidence: ReadonlyArray<{ text: string; title?: string | undefined }>): string[] {
  return evidence.flatMap((e) => splitSentences(e.text).map((s) => s.text));
}

/** The sentence of `text` that contains the offset range. */
export function sentenceAround(text: string, start: number, end: number): Piece | undefined {
  return splitSentences(text).find((s) => s.start <= start && end <= s.end);
}

/** Whether `needle` occurs in `haystack` as whole words. */
export function containsWords(haystack: string, needle: string): boolean {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w])${escaped}(?![\\w])`).test(haystack);
}
