import type { ConditionName } from '../requests/conditions.js';
import type { ReviewResult } from '../reviews/schedule.js';

/**
 * What became of one item under one condition, over its repeats: the drill-down
 * and mutation.json read the stored reviews through this, counting as the
 * report's tables do (a FAIL flags; a no-verdict reply stays in the
 * denominator as not flagged; an error is left out).
 */
export interface ItemConditionOutcome {
  answered: number;
  flagged: number;
  noVerdict: number;
  errors: number;
  reviews: ReviewResult[];
}

/**
 * caught: flagged by a majority of the answered repeats (a FAIL; for an
 * original this is a false alarm); missed: answered, not flagged, with at
 * least one verdict; noverdict: every answer lacked a verdict; error: no
 * answer at all, only errors.
 */
export type OutcomeCode = 'caught' | 'missed' | 'noverdict' | 'error';

export const OUTCOME_CODES: readonly OutcomeCode[] = ['caught', 'missed', 'noverdict', 'error'];

/** itemId -> condition -> outcome, from one critic's stored reviews. */
export function collectOutcomes(results: Iterable<ReviewResult>): Map<string, Map<ConditionName, ItemConditionOutcome>> {
  const outcomes = new Map<string, Map<ConditionName, ItemConditionOutcome>>();
  for (const r of results) {
    let byCondition = outcomes.get(r.itemId);
    if (!byCondition) outcomes.set(r.itemId, (byCondition = new Map()));
    let o = byCondition.get(r.condition);
    if (!o) byCondition.set(r.condition, (o = { answered: 0, flagged: 0, noVerdict: 0, errors: 0, reviews: [] }));
    o.reviews.push(r);
    if (r.outcome === 'error') {
      o.errors++;
      continue;
    }
    o.answered++;
    if (r.outcome === 'no-verdict') o.noVerdict++;
    if (r.verdict === 'FAIL') o.flagged++;
  }
  return outcomes;
}

export function outcomeCode(o: ItemConditionOutcome): OutcomeCode {
  if (o.answered === 0) return 'error';
  if (o.flagged * 2 > o.answered) return 'caught';
  if (o.noVerdict === o.answered) return 'noverdict';
  return 'missed';
}

/** Flagged for a paired test: by majority over the answered repeats, as the report's McNemar counts. */
export const flaggedForPairing = (o: ItemConditionOutcome | undefined): boolean | undefined => (o && o.answered > 0 ? o.flagged * 2 > o.answered : undefined);
