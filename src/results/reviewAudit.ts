import { fixtureKind, isReviewFixture } from '../fixtures/kinds/index.js';
import type { Fixture, ReviewFixture } from '../fixtures/types.js';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { agreeDisagree, citationResolves } from '../reviews/verdicts/agree-disagree.js';
import type { ReviewResult } from '../reviews/types.js';
import { wilsonInterval, wilsonIntervalOfMean, type Interval } from '../statistics/wilson.js';
import type { ResultSink } from './sink.js';

/**
 * Seed 001's measures of a critic of reviews, per review mutator and
 * condition: how often it agreed with a review it should have rejected
 * (false consensus: a dropped or hedged real flag, a fabricated flag, a
 * hypothetical out of scope), and whether its DISAGREE_EVIDENCE citations
 * point at a real line or span. On the correct reviews: how often it
 * disagreed (a false alarm), and how often it used DISAGREE_CONCERN to
 * dismiss a real flag. Read from the stored replies, so `report DIR`
 * rebuilds it.
 */

export interface Rate {
  rate: number;
  ci: Interval;
}

export interface ReviewAuditCell {
  /** Review mutants answered with a verdict word, an invalid citation's included (with repeats, each item counts once with the share of its repeats). */
  n: number;
  /** Of them, those the critic agreed with. */
  agreed: number;
  /** AGREE on a flawed review. */
  falseConsensus: Rate;
  /** DISAGREE_EVIDENCE replies, and the share whose citation resolves to a line or span of the artifact under review or the evidence (null: none). */
  evidenceReplies: number;
  citationsResolved: Rate | null;
}

export interface CorrectReviewsCell {
  /** Correct reviews answered, and those the critic disagreed with (a false alarm on a review). */
  n: number;
  disagreed: number;
  falseAlarm: Rate;
  /** Correct reviews holding a real flag, and the share dismissed with DISAGREE_CONCERN (null: none). */
  withRealFlag: number;
  concernDismissedRealFlag: Rate | null;
}

export interface ReviewAuditReport {
  byMutator: Record<string, Partial<Record<ConditionName, ReviewAuditCell>>>;
  correctReviews: Partial<Record<ConditionName, CorrectReviewsCell>>;
}

interface Tally {
  answered: number;
  agreed: number;
  concern: number;
  evidence: number;
  resolved: number;
}

const empty = (): Tally => ({ answered: 0, agreed: 0, concern: 0, evidence: 0, resolved: 0 });

/** The review audit of a critic of reviews, read from its results as they stream by; null when the run has no review items. */
export function reviewAudit(items: readonly ItemRecord[], fixtures: readonly Fixture[], conditions: readonly ConditionName[]): ResultSink<ReviewAuditReport> | null {
  const reviewItems = new Map(items.filter((i) => fixtureKind(i.kind).isReview).map((i) => [i.id, i]));
  if (!reviewItems.size) return null;
  const fixtureById = new Map(fixtures.filter(isReviewFixture).map((f) => [f.id, f]));
  const tallies = new Map<string, Tally>();
  const add = (r: ReviewResult): void => {
    const item = reviewItems.get(r.itemId);
    if (!item || r.outcome === 'error') return;
    const key = `${r.itemId}\u0000${r.condition}`;
    const t = tallies.get(key) ?? empty();
    tallies.set(key, t);
    // A first verdict that stood unasked has no reply of its own; its verdict counts, its citation was counted on its first turn.
    if (r.reply === null) {
      if (r.verdict !== null) t.answered++;
      if (r.verdict === 'PASS') t.agreed++;
      return;
    }
    // The verdict word as the critic gave it: a DISAGREE_EVIDENCE whose citation resolves to nothing is an invalid reply
    // (no stored verdict), but it did not agree.
    const parsed = agreeDisagree.parse(r.reply);
    if (parsed.verdict === null) return;
    t.answered++;
    if (parsed.verdict === 'AGREE') t.agreed++;
    const fixture = fixtureById.get(item.fixtureId);
    const context = { artifact: reviewText(item, fixture), evidence: fixture?.evidence ?? [] };
    if (parsed.verdict === 'DISAGREE_CONCERN' && parsed.flagged) t.concern++;
    if (parsed.verdict === 'DISAGREE_EVIDENCE' && parsed.citations?.length) {
      t.evidence++;
      if (citationResolves(parsed.citations[0]!, context)) t.resolved++;
    }
  };
  return { add, finish: () => reviewAuditFigures(reviewItems, fixtureById, tallies, conditions) };
}

/** The audit's figures from the tallies per item and condition, once every result was read. */
function reviewAuditFigures(
  reviewItems: ReadonlyMap<string, ItemRecord>,
  fixtureById: ReadonlyMap<string, ReviewFixture>,
  tallies: ReadonlyMap<string, Tally>,
  conditions: readonly ConditionName[],
): ReviewAuditReport {
  const byMutator: ReviewAuditReport['byMutator'] = {};
  const correctReviews: ReviewAuditReport['correctReviews'] = {};
  const sums = new Map<string, { n: number; agreed: number; evidence: number; resolved: number; concern: number; realFlags: number; dismissed: number }>();
  for (const item of reviewItems.values()) {
    const realFlag = (fixtureById.get(item.fixtureId)?.flags.length ?? 0) > 0;
    for (const condition of conditions) {
      const t = tallies.get(`${item.id}\u0000${condition}`);
      if (!t?.answered) continue;
      const key = `${item.mutator ?? ''}\u0000${condition}`;
      const s = sums.get(key) ?? { n: 0, agreed: 0, evidence: 0, resolved: 0, concern: 0, realFlags: 0, dismissed: 0 };
      sums.set(key, s);
      s.evidence += t.evidence;
      s.resolved += t.resolved;
      s.n++;
      s.agreed += t.agreed / t.answered;
      if (realFlag) {
        s.realFlags++;
        s.dismissed += t.concern / t.answered;
      }
    }
  }
  const share = (part: number, n: number): Rate => ({ rate: part / n, ci: wilsonIntervalOfMean(part / n, n) });
  for (const [key, s] of sums) {
    const [mutator, condition] = key.split('\u0000') as [string, ConditionName];
    if (mutator) {
      (byMutator[mutator] ??= {})[condition] = {
        n: s.n,
        agreed: s.agreed,
        falseConsensus: share(s.agreed, s.n),
        evidenceReplies: s.evidence,
        citationsResolved: s.evidence ? { rate: s.resolved / s.evidence, ci: wilsonInterval(s.resolved, s.evidence) } : null,
      };
    } else {
      correctReviews[condition] = {
        n: s.n,
        disagreed: s.n - s.agreed,
        falseAlarm: share(s.n - s.agreed, s.n),
        withRealFlag: s.realFlags,
        concernDismissedRealFlag: s.realFlags ? share(s.dismissed, s.realFlags) : null,
      };
    }
  }
  return { byMutator, correctReviews };
}

/** The review the critic read: the fixture's, or a review mutant's text. */
function reviewText(item: ItemRecord, fixture: ReviewFixture | undefined): string {
  const review = fixture?.artifact ?? item.artifact ?? '';
  const m = item.mutant;
  return m ? review.slice(0, m.span.start) + m.replacement + review.slice(m.span.end) : review;
}
