import type { ConditionName } from '../requests/conditions.js';
import type { ReviewResult } from '../reviews/schedule.js';

/** Replies kept per item and condition are cut to this many characters (the store keeps them whole). */
export const REPLY_EXCERPT_CHARS = 4000;

/**
 * One item under one condition, over its repeats, as the baseline, the
 * regression comparison and the bootstrap see it. Counted as tabulate counts:
 * errors are left out, a reply without a verdict is an answer that did not flag.
 */
export interface ItemConditionOutcome {
  /** Repeats that got a reply (verdict or not). */
  answered: number;
  /** Repeats whose verdict was FAIL. */
  flagged: number;
  /** Repeats whose reply had no verdict. */
  noVerdict: number;
  errors: number;
  /** The first answered repeat's reply (cut to REPLY_EXCERPT_CHARS), for the flipped-items listing. */
  reply: string | null;
}

export type ItemOutcomes = Map<string, Map<ConditionName, ItemConditionOutcome>>;

/** Per item and condition: what the critic answered, over its repeats. */
export function itemOutcomes(results: Iterable<ReviewResult>): ItemOutcomes {
  const outcomes: ItemOutcomes = new Map();
  for (const r of results) {
    let byCondition = outcomes.get(r.itemId);
    if (!byCondition) outcomes.set(r.itemId, (byCondition = new Map()));
    let o = byCondition.get(r.condition);
    if (!o) byCondition.set(r.condition, (o = { answered: 0, flagged: 0, noVerdict: 0, errors: 0, reply: null }));
    if (r.outcome === 'error') {
      o.errors++;
      continue;
    }
    o.answered++;
    if (r.outcome === 'no-verdict') o.noVerdict++;
    if (r.verdict === 'FAIL') o.flagged++;
    if (o.reply === null && r.reply !== null) o.reply = r.reply.length > REPLY_EXCERPT_CHARS ? `${r.reply.slice(0, REPLY_EXCERPT_CHARS)}…` : r.reply;
  }
  return outcomes;
}

/** Flagged by majority over the answered repeats, as tabulate's paired tests count an item. */
export const isFlagged = (o: { answered: number; flagged: number }) => o.flagged * 2 > o.answered;
