import { fixtureKind } from '../fixtures/kinds/index.js';
import { SEALED_CONDITION } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import { flaggedForPairing, type ItemOutcomes } from './itemOutcomes.js';
import type { FixtureKind } from '../fixtures/kinds/kind.js';
import type { Condition } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';
import { stoodUnasked, type ReviewResult } from '../reviews/types.js';
import type { ResultSink } from './sink.js';
import { grammarOf, type GrammarContext, type Verdict } from '../reviews/verdicts/index.js';
import { splitSentences, supportOf } from '../text/claims.js';
import type { NumberedClaim } from '../text/numberedClaims.js';
import { namedLines, quotes } from '../text/quote.js';
import { sha256Hex } from '../util/hash.js';
import { pointedClaims } from './located.js';
import { changeEffect, reasonOf, type ChangeEffect, type ReplyReading } from './turnChanges.js';

/** A verdict changed after the reveal: both verdicts, the reason in the critic's words, and what the change did. */
export interface ChangeAfterReveal {
  old_verdict: Verdict;
  new_verdict: Verdict;
  reason: string;
  effect: ChangeEffect;
}

/**
 * Seed 002's pass-two comparison, one per item (and repeat) of a condition
 * that reveals the author's explanation after the first verdict: its fields
 * in the seed's spelling, after the item's own. Both verdicts are kept; a
 * change says why, in the critic's words, and whether it corrupted a right
 * verdict or corrected a wrong one (the truth is known).
 */
export interface PassTwoRecord {
  /** The second turn's review id (opaque: it names neither the condition nor the item's role). */
  evaluation_id: string;
  critic: string;
  condition: string;
  item_id: string;
  fixture_id: string;
  role: 'original' | 'mutant';
  mutator: string | null;
  repeat: number;
  /** `sha256:` of pass one: the clean request's digest and the reply, what was reviewed and what was said. */
  pass_one_digest: string;
  /** `sha256:` of the explanation revealed. */
  author_explanation_digest: string;
  /** Claims of the artifact the explanation speaks to and pass one did not find fault with. */
  agreements: string[];
  /** Claims pass one found fault with that the explanation does not mention. */
  omissions_in_author_packet: string[];
  /** The explanation's claims no evidence supports (without evidence, a mutant's defence of its mutated claim). */
  unsupported_author_claims: string[];
  evaluator_changes_after_reveal: ChangeAfterReveal[];
  final_decision: Verdict;
}

/**
 * The pass-two record of one item's reveal, from its clean review (pass one)
 * and its second turn; undefined when either has no verdict, or the condition
 * reveals nothing for the item.
 */
export function passTwoRecord(item: ReviewItem, condition: Condition, first: ReviewResult, second: ReviewResult, reading: ReplyReading): PassTwoRecord | undefined {
  const explanation = condition.followUp?.reveals?.(item);
  if (explanation === undefined || first.verdict === null || second.verdict === null || first.reply === null || second.reply === null) return undefined;
  const kind = fixtureKind(item.kind);
  const claims = kind.claims(item.artifact);
  const context: GrammarContext = { artifact: item.artifact, evidence: item.evidence, claims, notFound: reading.notFound ?? 'flag' };
  const found = first.verdict === 'FAIL' ? pointedClaims(grammarOf(reading.grammar).parse(first.reply, context), first.reply, context, kind.pointedAt).map((c) => c.text) : [];
  const mentioned = claims.filter((c) => mentions(explanation, c, kind.pointedAt)).map((c) => c.text);
  const changes: ChangeAfterReveal[] =
    first.verdict === second.verdict
      ? []
      : [{ old_verdict: first.verdict, new_verdict: second.verdict, reason: reasonOf(second.reply), effect: changeEffect(item.role, first.verdict === 'FAIL', second.verdict === 'FAIL')! }];
  return {
    evaluation_id: second.reviewId,
    critic: second.critic,
    condition: condition.name,
    item_id: item.id,
    fixture_id: item.fixtureId,
    role: item.role,
    mutator: item.mutator,
    repeat: second.repeat,
    pass_one_digest: `sha256:${sha256Hex(JSON.stringify([first.requestDigest, first.reply]))}`,
    author_explanation_digest: `sha256:${sha256Hex(explanation)}`,
    // A FAIL that pointed at nothing leaves what pass one agreed with unknown.
    agreements: first.verdict === 'FAIL' && !found.length ? [] : mentioned.filter((c) => !found.includes(c)),
    omissions_in_author_packet: found.filter((c) => !mentioned.includes(c)),
    unsupported_author_claims: unsupportedClaims(explanation, item, kind),
    evaluator_changes_after_reveal: changes,
    final_decision: second.verdict,
  };
}

/** Whether the explanation speaks to a claim: names or quotes its line (code), or says what it says (prose). */
function mentions(explanation: string, claim: Pick<NumberedClaim, 'id' | 'text'>, pointedAt: FixtureKind['pointedAt']): boolean {
  if (pointedAt === 'lines') return quotes(explanation, claim.text) || namedLines(explanation).has(claim.id);
  return (
    supportOf(
      claim.text,
      splitSentences(explanation).map((s) => s.text),
    ) !== null
  );
}

/**
 * The explanation's sentences no evidence bears out: those the evidence check
 * finds fault with (a figure, name or qualifier the evidence does not state as
 * written). Without evidence to read (code: its held-out checks stay hidden),
 * a mutant's defence of its change: the sentences that state the mutated piece.
 */
function unsupportedClaims(explanation: string, item: ReviewItem, kind: FixtureKind): string[] {
  if (item.evidence.length) return [...new Set(checkAgainstEvidence({ task: item.task, artifact: explanation, evidence: item.evidence }).map((f) => f.claim))];
  const piece = item.mutant?.replacement.trim();
  if (!piece || !(kind.quotableInTrace?.(piece) ?? true)) return [];
  return splitSentences(explanation)
    .map((s) => s.text)
    .filter((s) => s.includes(piece));
}

/** Changes after a reveal of one effect: how many, of the items compared, and what they were. */
export interface ChangeCount {
  count: number;
  rate: number;
  ci: Interval;
}

/**
 * Seed 002's pass two, split by what a change did (the truth is known): per
 * condition that reveals the author's explanation after the first verdict,
 * the items whose verdict changed, corrupting (a right verdict made wrong: a
 * catch withdrawn, the yield that `maxYield` gates, or a correct original
 * newly flagged) or corrective (a false alarm withdrawn, or a missed defect
 * found). Item by item, by majority over repeats, as the second turns count;
 * pass-two.jsonl in the run folder has the record of each.
 */
export interface PassTwoCell {
  /** Items with a verdict in both passes. */
  n: number;
  changed: number;
  corrupting: ChangeCount & { withdrawnCatches: number; newFalseAlarms: number };
  corrective: ChangeCount & { withdrawnFalseAlarms: number; foundDefects: number };
  /** Reviews whose verdict changed after the reveal with no reason given (the reply only a verdict line): seed 002's silent rewrite. */
  silent: number;
}

/** Per revealing condition, the changes after the reveal; undefined when the run has no such condition (nothing in report.json). */
export function passTwoCells(
  items: readonly ItemRecord[],
  outcomes: ItemOutcomes,
  conditions: readonly Condition[],
  silent: Readonly<Record<string, number>> = {},
): Record<string, PassTwoCell> | undefined {
  const reveals = conditions.filter((c) => c.followUp?.round === 'reveal');
  if (!reveals.length) return undefined;
  const cells: Record<string, PassTwoCell> = {};
  for (const { name } of reveals) {
    const counts = { n: 0, withdrawnCatches: 0, newFalseAlarms: 0, withdrawnFalseAlarms: 0, foundDefects: 0 };
    for (const item of items) {
      const first = flaggedForPairing(outcomes.of(item.id, SEALED_CONDITION));
      const second = flaggedForPairing(outcomes.of(item.id, name));
      if (first === undefined || second === undefined) continue;
      counts.n++;
      const effect = changeEffect(item.role, first, second);
      if (effect === 'corrupting') counts[item.role === 'mutant' ? 'withdrawnCatches' : 'newFalseAlarms']++;
      if (effect === 'corrective') counts[item.role === 'mutant' ? 'foundDefects' : 'withdrawnFalseAlarms']++;
    }
    if (!counts.n) continue;
    const { n, withdrawnCatches, newFalseAlarms, withdrawnFalseAlarms, foundDefects } = counts;
    const of = (count: number): ChangeCount => ({ count, rate: count / n, ci: wilsonInterval(count, n) });
    cells[name] = {
      n,
      changed: withdrawnCatches + newFalseAlarms + withdrawnFalseAlarms + foundDefects,
      corrupting: { ...of(withdrawnCatches + newFalseAlarms), withdrawnCatches, newFalseAlarms },
      corrective: { ...of(withdrawnFalseAlarms + foundDefects), withdrawnFalseAlarms, foundDefects },
      silent: silent[name] ?? 0,
    };
  }
  return cells;
}

/**
 * Per revealing condition, the reviews whose verdict changed after the reveal with no reason given: the second
 * reply is only a verdict line (seed 002: "a silent rewrite destroys the value of the independent pass"). Reads
 * the critic's results as they stream by, keeping each clean verdict and each silent second turn; undefined when
 * the run has no condition that reveals.
 */
export function silentChanges(conditions: readonly Condition[]): ResultSink<Record<string, number>> | undefined {
  const reveals = new Set(conditions.filter((c) => c.followUp?.round === 'reveal').map((c) => c.name));
  if (!reveals.size) return undefined;
  const first = new Map<string, Verdict>();
  const silent: Array<{ key: string; condition: string; verdict: Verdict }> = [];
  return {
    add(r) {
      if (r.verdict === null) return;
      const key = `${r.itemId}\u0000${r.repeat}`;
      if (r.condition === SEALED_CONDITION) first.set(key, r.verdict);
      else if (reveals.has(r.condition) && !stoodUnasked(r) && reasonOf(r.reply ?? '') === '') silent.push({ key, condition: r.condition, verdict: r.verdict });
    },
    finish() {
      const counts: Record<string, number> = {};
      for (const s of silent) {
        const before = first.get(s.key);
        if (before !== undefined && before !== s.verdict) counts[s.condition] = (counts[s.condition] ?? 0) + 1;
      }
      return counts;
    },
  };
}
