import { fixtureKind } from '../fixtures/kinds/index.js';
import type { FixtureKind } from '../fixtures/kinds/kind.js';
import type { Fixture } from '../fixtures/types.js';
import type { MutantRecord } from '../mutants/types.js';
import { SEALED_CONDITION, withholdsEvidence, type ConditionName } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { grammarOf, type ClaimVerdict, type GrammarContext, type ParsedVerdict } from '../reviews/verdicts/index.js';
import { stoodUnasked, type ReviewResult } from '../reviews/types.js';
import { wilsonIntervalOfMean, type Interval } from '../statistics/wilson.js';
import { claimAt, type NumberedClaim } from '../text/numberedClaims.js';
import { parseReview } from '../fixtures/reviewText.js';
import { namedLines, normaliseQuote, quotesNormalised } from '../text/quote.js';
import { holmAdjust } from '../statistics/holm.js';
import { ALL_MUTANTS, pairedComparison, type CriticTables, type PairedComparison } from './tabulate.js';
import type { ResultSink } from './sink.js';

/**
 * Where the critic looked, not only what it concluded. A catch is *located*
 * when the reply points at the mutation: per-claim grammars name the claim
 * that holds it; otherwise the reply (or the citations its grammar reads)
 * quotes the mutated span or its replacement (text), or names the mutated
 * line or quotes it (code). Computed from the stored replies, so
 * `critic-audit report DIR` rebuilds it.
 */

export interface LocatedCell {
  /** Items answered under the condition (the raw catch's n). */
  n: number;
  /** Items caught with the mutation located; with repeats, each item adds the share of its repeats that did. */
  caught: number;
  rate: number;
  ci: Interval;
}

/** What flagged originals pointed at: how many cited a claim (a sentence, or a line of code) of the artifact, and the claims cited most. */
export interface OriginalCitations {
  flagged: number;
  /** Flagged reviews whose reply pointed at a claim of the artifact. */
  citing: number;
  cited: Array<{ fixtureId: string; claim: string; count: number }>;
}

/** How well the critic's replies kept to its grammar, per critic. */
export interface GrammarAdherence {
  grammar: string;
  /** Answered reviews (replies), and the share the grammar read as a verdict. */
  answered: number;
  verdicts: number;
  rate: number;
  /** Replies in the grammar's form that break its rules, per reason (counted apart from no-verdicts; the replies are kept). */
  invalid: { count: number; rate: number; byReason: Record<string, number> };
  /** Replies the grammar could not read at all (no verdict), invalid ones not included. */
  noVerdict: number;
  /** Per-claim grammars only (else null). */
  claims: ClaimFigures | null;
}

export interface ClaimFigures {
  /** Share of claim verdicts that were `not-found`, on originals and on mutants (null: none given). */
  notFound: { originals: number | null; mutants: number | null };
  /** Cited spans and the share not found in the evidence (fabricated citations). */
  spans: { cited: number; notInEvidence: number; fabricatedShare: number | null };
  /**
   * Claim level, on mutants' valid replies: of the claims flagged, the share
   * that is the mutated claim (precision); of the replies, the share that
   * flagged the mutated claim (recall).
   */
  claimLevel: { replies: number; flaggedClaims: number; mutatedFlagged: number; precision: number | null; recall: number | null };
}

export interface LocatedAnalysis {
  /** mutator (and `all`) -> condition -> located catches. */
  byMutator: Record<string, Partial<Record<ConditionName, LocatedCell>>>;
  /**
   * All mutants' located catches under each condition against clean on the same mutants (a mutant is caught
   * located when a majority of its answered repeats located it): exact McNemar, Holm-adjusted over these rows.
   */
  pairedLocated: PairedComparison[];
  falseAlarmCitations: Partial<Record<ConditionName, OriginalCitations>>;
  grammar: GrammarAdherence;
}

/** The mutation as the critic saw it: in the mutant's own text. */
interface MutationTarget {
  /** How a reply points at it: by quoting words (prose, and a review's flags) or by naming or quoting lines (code). */
  pointedAt: Exclude<FixtureKind['pointedAt'], 'flags'>;
  original: string;
  replacement: string;
  /** Text: what quoting the mutation means, normalised (see quotedPieces). */
  pieces: string[];
  /** Text, a deletion: the deleted words, which count on their own only inside quotation marks. */
  deleted: string | null;
  /** 1-based lines of the mutant the mutation touches, and their text. */
  lines: Set<number>;
  lineTexts: string[];
  claimId: number | undefined;
  /** An authored mutant's plan item: an accepted-issues reply locates it by naming that item. */
  breaks: number | undefined;
}

interface ItemView {
  item: ItemRecord;
  context: GrammarContext;
  /** The same without the evidence: what a reply under a condition that withheld it (blind) was written against. */
  blindContext: GrammarContext;
  target: MutationTarget | null;
}

/** The request a reply under this condition answered: without the evidence where the condition withheld it, as the stored verdict read it. */
const contextUnder = (view: ItemView, condition: ConditionName): GrammarContext => (withholdsEvidence(condition) ? view.blindContext : view.context);

export interface LocateOptions {
  grammar?: string | undefined;
  notFound?: 'flag' | 'neutral' | undefined;
}

/** Reads a critic's stored replies as they stream by: located catches, what flagged originals cited, and the grammar's adherence. */
export function replyAnalysis(items: readonly ItemRecord[], fixtures: readonly Fixture[], conditions: readonly ConditionName[], options: LocateOptions = {}): ResultSink<LocatedAnalysis> {
  const grammar = grammarOf(options.grammar);
  const byId = new Map(items.map((i) => [i.id, i]));
  const fixtureById = new Map(fixtures.map((f) => [f.id, f]));
  // Per mutant: answered repeats and located ones, two slots per condition (a long run has tens of thousands of mutants).
  const counts = new Map<string, Uint32Array>();
  const conditionIndex = new Map(conditions.map((c, i) => [c, i]));
  const cited: CitedClaims = new Map();
  const adherence: Adherence = { answered: 0, verdicts: 0, invalid: 0, noVerdict: 0, byReason: {} };
  const claimTally: ClaimTally = { originals: [0, 0], mutants: [0, 0], cited: 0, fabricated: 0, replies: 0, flagged: 0, mutatedFlagged: 0, seen: false };
  let view: ItemView | undefined;

  const add = (r: ReviewResult): void => {
    // An error has no reply; a first verdict that stood without a second turn was never asked for one.
    if (r.outcome === 'error' || stoodUnasked(r)) return;
    const item = byId.get(r.itemId);
    if (!item) return;
    if (view?.item.id !== item.id) view = itemView(item, fixtureById.get(item.fixtureId), options.notFound);
    const reply = r.reply ?? '';
    const context = contextUnder(view, r.condition);
    const parsed: ParsedVerdict = grammar.parse(reply, context);
    adherence.answered++;
    if (parsed.flagged !== null) adherence.verdicts++;
    else if (parsed.invalid) {
      adherence.invalid++;
      adherence.byReason[parsed.invalid] = (adherence.byReason[parsed.invalid] ?? 0) + 1;
    } else adherence.noVerdict++;
    if (parsed.claimVerdicts) tallyClaims(claimTally, parsed.claimVerdicts, parsed, view.target);

    const flagged = r.verdict === 'FAIL';
    if (view.target) {
      const at = conditionIndex.get(r.condition);
      if (at === undefined) return;
      let c = counts.get(r.itemId);
      if (!c) counts.set(r.itemId, (c = new Uint32Array(2 * conditions.length)));
      c[2 * at]!++;
      if (flagged && locates(parsed, reply, view.target)) c[2 * at + 1]!++;
    } else if (flagged) {
      const entry = cited.get(r.condition) ?? { flagged: 0, citing: 0, claims: new Map() };
      entry.flagged++;
      const pointed = pointedClaims(parsed, reply, context, fixtureKind(item.kind).pointedAt);
      if (pointed.length) entry.citing++;
      for (const claim of pointed) {
        const k = `${item.fixtureId}\u0000${claim.text}`;
        const e = entry.claims.get(k) ?? { fixtureId: item.fixtureId, claim: claim.text, count: 0 };
        e.count++;
        entry.claims.set(k, e);
      }
      cited.set(r.condition, entry);
    }
  };
  return { add, finish: () => located(items, conditions, counts, cited, adherence, claimTally, grammar.name) };
}

type ClaimTally = { originals: number[]; mutants: number[]; cited: number; fabricated: number; replies: number; flagged: number; mutatedFlagged: number; seen: boolean };
type CitedClaims = Map<ConditionName, { flagged: number; citing: number; claims: Map<string, { fixtureId: string; claim: string; count: number }> }>;
type Adherence = { answered: number; verdicts: number; invalid: number; noVerdict: number; byReason: Record<string, number> };

/** The figures of replyAnalysis, from its counts once every reply was read. */
function located(
  items: readonly ItemRecord[],
  conditions: readonly ConditionName[],
  counts: Map<string, Uint32Array>,
  cited: CitedClaims,
  adherence: Adherence,
  claimTally: ClaimTally,
  grammar: string,
): LocatedAnalysis {
  const byMutator: LocatedAnalysis['byMutator'] = {};
  for (const item of items) {
    if (!item.mutator) continue;
    const c = counts.get(item.id);
    if (!c) continue;
    for (const group of [item.mutator, ALL_MUTANTS]) {
      conditions.forEach((condition, at) => {
        const answered = c[2 * at]!;
        if (!answered) return;
        const cells = (byMutator[group] ??= {});
        const cell = (cells[condition] ??= { n: 0, caught: 0, rate: 0, ci: [0, 1] });
        cell.n++;
        cell.caught += c[2 * at + 1]! / answered;
      });
    }
  }
  for (const cells of Object.values(byMutator)) {
    for (const cell of Object.values(cells)) {
      if (!cell) continue;
      cell.rate = cell.caught / cell.n;
      cell.ci = wilsonIntervalOfMean(cell.rate, cell.n);
    }
  }
  const pairedLocated = pairedLocatedCatches(items, conditions, counts);
  const falseAlarmCitations: LocatedAnalysis['falseAlarmCitations'] = {};
  for (const [condition, e] of cited) {
    falseAlarmCitations[condition] = { flagged: e.flagged, citing: e.citing, cited: [...e.claims.values()].sort((a, b) => b.count - a.count).slice(0, 5) };
  }
  const share = (part: number, whole: number) => (whole ? part / whole : null);
  return {
    byMutator,
    pairedLocated,
    falseAlarmCitations,
    grammar: {
      grammar,
      answered: adherence.answered,
      verdicts: adherence.verdicts,
      rate: adherence.answered ? adherence.verdicts / adherence.answered : 0,
      invalid: { count: adherence.invalid, rate: adherence.answered ? adherence.invalid / adherence.answered : 0, byReason: adherence.byReason },
      noVerdict: adherence.noVerdict,
      claims: claimTally.seen
        ? {
            notFound: { originals: share(claimTally.originals[0]!, claimTally.originals[1]!), mutants: share(claimTally.mutants[0]!, claimTally.mutants[1]!) },
            spans: { cited: claimTally.cited, notInEvidence: claimTally.fabricated, fabricatedShare: share(claimTally.fabricated, claimTally.cited) },
            claimLevel: {
              replies: claimTally.replies,
              flaggedClaims: claimTally.flagged,
              mutatedFlagged: claimTally.mutatedFlagged,
              precision: share(claimTally.mutatedFlagged, claimTally.flagged),
              recall: share(claimTally.mutatedFlagged, claimTally.replies),
            },
          }
        : null,
    },
  };
}

/** All mutants' located catches, each condition against clean on the mutants answered under both (see LocatedAnalysis.pairedLocated). */
function pairedLocatedCatches(items: readonly ItemRecord[], conditions: readonly ConditionName[], counts: Map<string, Uint32Array>): PairedComparison[] {
  const sealed = conditions.indexOf(SEALED_CONDITION);
  if (sealed < 0) return [];
  const locatedUnder = (c: Uint32Array, at: number) => c[2 * at + 1]! * 2 > c[2 * at]!;
  const rows = conditions.flatMap((condition, at) => {
    if (at === sealed) return [];
    const pairs: Array<[boolean, boolean]> = [];
    for (const item of items) {
      const c = item.mutator ? counts.get(item.id) : undefined;
      if (c?.[2 * sealed] && c[2 * at]) pairs.push([locatedUnder(c, sealed), locatedUnder(c, at)]);
    }
    const row = pairedComparison(ALL_MUTANTS, SEALED_CONDITION, condition, pairs);
    return row ? [row] : [];
  });
  const adjusted = holmAdjust(rows.map((r) => r.p));
  rows.forEach((r, i) => (r.pHolm = adjusted[i]!));
  return rows;
}

function tallyClaims(tally: ClaimTally, verdicts: readonly ClaimVerdict[], parsed: ParsedVerdict, target: MutationTarget | null): void {
  tally.seen = true;
  const side = target ? tally.mutants : tally.originals;
  for (const v of verdicts) {
    side[1]!++;
    if (v.verdict === 'not-found') side[0]!++;
    if (v.spanFound !== null) {
      tally.cited++;
      if (!v.spanFound) tally.fabricated++;
    }
  }
  if (target && parsed.flagged !== null && parsed.flaggedClaims) {
    tally.replies++;
    tally.flagged += parsed.flaggedClaims.length;
    if (target.claimId !== undefined && parsed.flaggedClaims.includes(target.claimId)) tally.mutatedFlagged++;
  }
}

/**
 * Per review, for the report's drill-down: true when a catch on a mutant is
 * located, false when it is not, null when the review is no catch on a mutant.
 */
export function catchLocator(fixtures: readonly Fixture[], options: LocateOptions = {}): (item: ItemRecord, r: ReviewResult) => boolean | null {
  const grammar = grammarOf(options.grammar);
  const fixtureById = new Map(fixtures.map((f) => [f.id, f]));
  let view: ItemView | undefined;
  return (item, r) => {
    if (!item.mutant || r.verdict !== 'FAIL') return null;
    if (view?.item.id !== item.id) view = itemView(item, fixtureById.get(item.fixtureId), options.notFound);
    if (!view.target) return null;
    const reply = r.reply ?? '';
    return locates(grammar.parse(reply, contextUnder(view, r.condition)), reply, view.target);
  };
}

/** An item's request as the critic read it (artifact, evidence, claims) and, for a mutant, where its mutation sits. */
function itemView(item: ItemRecord, fixture: Fixture | undefined, notFound: 'flag' | 'neutral' = 'flag'): ItemView {
  const evidence = fixture && 'evidence' in fixture ? fixture.evidence : [];
  const m = item.mutant;
  const artifact = m && fixture ? mutatedArtifact(fixture.artifact, m) : (item.artifact ?? '');
  const kind = fixtureKind(item.kind);
  const claims = kind.claims(artifact);
  const context: GrammarContext = { artifact, evidence, claims, notFound };
  return {
    item,
    context,
    blindContext: { ...context, evidence: [] },
    target: m && fixture ? (kind.pointedAt === 'flags' ? reviewTarget(fixture.artifact, artifact, m, claims) : targetOf(kind.pointedAt, artifact, m, claims)) : null,
  };
}

function mutatedArtifact(original: string, m: Pick<MutantRecord, 'span' | 'replacement'>): string {
  return original.slice(0, m.span.start) + m.replacement + original.slice(m.span.end);
}

function targetOf(pointedAt: MutationTarget['pointedAt'], artifact: string, m: MutantRecord, claims: readonly NumberedClaim[]): MutationTarget {
  const start = m.span.start;
  const end = start + m.replacement.length;
  const firstLine = lineOf(artifact, start);
  const lastLine = lineOf(artifact, Math.max(start, end - 1));
  const all = artifact.split('\n');
  const lines = new Set<number>();
  for (let n = firstLine; n <= lastLine; n++) lines.add(n);
  return {
    pointedAt,
    original: m.original,
    replacement: m.replacement,
    pieces: quotedPieces(artifact, start, m),
    deleted: m.replacement.trim() ? null : normaliseQuote(m.original),
    lines,
    lineTexts: [...lines].map((n) => all[n - 1]!.trim()),
    // An inserted sentence's span begins at the space before it: the claim is the one its first word starts.
    claimId: claimAt(claims, start + (m.replacement.length - m.replacement.trimStart().length))?.id,
    breaks: m.breaks,
  };
}

/**
 * A review mutant's mutation, as a critic of reviews points at it: the
 * quotes of the flags it dropped, hedged or added (the words of the
 * artifact under review those flags are about). Quoting one locates the catch.
 */
function reviewTarget(review: string, mutant: string, m: MutantRecord, claims: readonly NumberedClaim[]): MutationTarget {
  const lineAround = (text: string, start: number, end: number) => text.slice(text.lastIndexOf('\n', start - 1) + 1, (text.indexOf('\n', end) + 1 || text.length + 1) - 1);
  const touched = [lineAround(review, m.span.start, m.span.end), m.original, m.replacement, lineAround(mutant, m.span.start, m.span.start + m.replacement.length)];
  const quotes = [...new Set(touched.flatMap((text) => parseReview(text.replace(/^\n/, '')).flatMap((f) => (f.quote ? [normaliseQuote(f.quote)] : []))))];
  // Quoted like prose: the changed flag, not a line number.
  return { ...targetOf('words', mutant, m, claims), pieces: quotes, deleted: null };
}

/**
 * What quoting a text mutation means: its replacement, or the original it
 * replaced. A deletion has no replacement, and what it deleted is often a
 * word any reply uses ("not", "only"): it counts in quotation marks
 * (`drops "only"`), with a word of its context ("only 20"), or on its own
 * when it is a clause of three words or more; quoting the words that now
 * meet across the gap counts too.
 */
function quotedPieces(mutant: string, start: number, m: MutantRecord): string[] {
  if (m.replacement.trim()) {
    // The whole token too, when the replacement is part of one ("6" of "6p"): a reply quoting "6p" names it.
    // A grouped amount is one token: the "€" swapped in front of "5,000" is quoted as "€5,000".
    const head = /(?:\p{N}+[.,])*[\p{L}\p{N}]*$/u.exec(mutant.slice(0, start))![0];
    const tail = /^[\p{L}\p{N}]*(?:[.,]\p{N}+)*/u.exec(mutant.slice(start + m.replacement.length))![0];
    const tokens = head || tail ? [head + m.replacement + tail, head + m.original + tail] : [];
    return [m.replacement, m.original, ...tokens].map(normaliseQuote);
  }
  const before = /(\S+)\s*$/.exec(mutant.slice(0, start))?.[1] ?? '';
  const after = /^\s*(\S+)/.exec(mutant.slice(start))?.[1] ?? '';
  const deleted = m.original.trim();
  const pieces = [`${before} ${deleted}`, `${deleted} ${after}`, `${before} ${after}`];
  if (deleted.split(/\s+/).length >= 3) pieces.push(deleted);
  return pieces.map((p) => normaliseQuote(p.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '')));
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

const QUOTED = /`([^`\n]+)`|"([^"\n]+)"|\u201c([^\u201d\n]+)\u201d/g;
/** A quoted fragment of a code line counts when it holds at least this many characters besides spaces (so `<=` alone does not). */
const MIN_CODE_FRAGMENT = 5;

/** Whether a reply points at the mutation (see the module's comment). */
function locates(parsed: ParsedVerdict, reply: string, target: MutationTarget): boolean {
  if (parsed.flaggedClaims) return target.claimId !== undefined && parsed.flaggedClaims.includes(target.claimId);
  // An authored mutant breaks one plan item: an accepted-issues catch is located when an issue names it.
  if (target.breaks !== undefined && parsed.namedItems) return parsed.namedItems.includes(target.breaks);
  for (const text of parsed.citations ?? [reply]) {
    const said = normaliseQuote(text);
    if (target.pointedAt === 'words') {
      if (target.pieces.some((p) => quotesNormalised(said, p))) return true;
      if (target.deleted !== null && [...text.matchAll(QUOTED)].some((q) => normaliseQuote((q[1] ?? q[2] ?? q[3])!) === target.deleted)) return true;
      continue;
    }
    if ([...namedLines(text)].some((n) => target.lines.has(n))) return true;
    const lines = target.lineTexts.map(normaliseQuote);
    if (lines.some((l) => l.replace(/\s/g, '').length >= MIN_CODE_FRAGMENT && said.includes(l))) return true;
    const replacement = normaliseQuote(target.replacement);
    for (const q of text.matchAll(QUOTED)) {
      const fragment = normaliseQuote((q[1] ?? q[2] ?? q[3])!);
      if (fragment.replace(/\s/g, '').length >= MIN_CODE_FRAGMENT && fragment.includes(replacement) && lines.some((l) => l.includes(fragment))) return true;
    }
  }
  return false;
}

/** The claims of an artifact a flagging reply pointed at: the claims it flagged, or those it quotes in full (text) or names by line (code). */
export function pointedClaims(parsed: ParsedVerdict, reply: string, context: GrammarContext, pointedAt: FixtureKind['pointedAt']): GrammarContext['claims'] {
  if (parsed.flaggedClaims) return context.claims.filter((c) => parsed.flaggedClaims!.includes(c.id));
  const texts = parsed.citations ?? [reply];
  const said = texts.map(normaliseQuote);
  const lines = pointedAt === 'lines' ? new Set(texts.flatMap((t) => [...namedLines(t)])) : new Set<number>();
  return context.claims.filter((c) => lines.has(c.id) || said.some((s) => s.includes(normaliseQuote(c.text))));
}

/**
 * Puts the located catches beside the raw ones: each catch cell gains
 * `located` and `unlocated` (the share of its catches that were not located,
 * "right verdict, wrong reason"; null without a catch). Pooled cells too.
 */
export function attachLocated(tables: CriticTables, analysis: LocatedAnalysis): void {
  const attach = (cells: CriticTables['pooled'], located: Partial<Record<ConditionName, LocatedCell>> | undefined) => {
    for (const [condition, cell] of Object.entries(cells) as Array<[ConditionName, NonNullable<CriticTables['pooled'][ConditionName]>]>) {
      const l = located?.[condition] ?? { n: cell.n, caught: 0, rate: 0, ci: wilsonIntervalOfMean(0, cell.n) };
      cell.located = l;
      cell.unlocated = cell.caught > 0 ? Math.max(0, cell.caught - l.caught) / cell.caught : null;
    }
  };
  for (const [mutator, cells] of Object.entries(tables.byMutator)) attach(cells, analysis.byMutator[mutator]);
  attach(tables.pooled, analysis.byMutator[ALL_MUTANTS]);
}

/** The tables with every catch cell's raw figures replaced by its located ones: what `catchRate` gates with `mode: located`. */
export function locatedTables(tables: CriticTables): CriticTables {
  const swap = (cells: CriticTables['pooled']): CriticTables['pooled'] =>
    Object.fromEntries(Object.entries(cells).flatMap(([c, cell]) => (cell ? [[c, cell.located ? { ...cell, ...cell.located } : cell]] : [])));
  return { ...tables, byMutator: Object.fromEntries(Object.entries(tables.byMutator).map(([m, cells]) => [m, swap(cells)])), pooled: swap(tables.pooled) };
}
