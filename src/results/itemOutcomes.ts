import type { ConditionName } from '../requests/conditions.js';
import type { ReviewResult } from '../reviews/schedule.js';

/** Replies kept per item and condition are cut to this many characters (the store keeps them whole). */
export const REPLY_EXCERPT_CHARS = 4000;

/**
 * One item under one condition, over its repeats, counted the one way every
 * table, gate, baseline and report counts it: a FAIL flags; a reply without a
 * verdict is an answer that did not flag; an error is no answer and is left
 * out of every rate.
 */
export interface ItemConditionOutcome {
  /** Repeats that got a reply (verdict or not). */
  answered: number;
  /** Repeats whose verdict was FAIL. */
  flagged: number;
  /** Repeats whose reply had no verdict. */
  noVerdict: number;
  errors: number;
  /** With `keep.reply`: the first answered repeat's reply, cut to REPLY_EXCERPT_CHARS; else null. */
  reply: string | null;
}

export type ItemOutcomes = Map<string, Map<ConditionName, ItemConditionOutcome>>;

/**
 * Per item and condition: what the critic answered, over its repeats. Replies
 * are kept only when asked for: a long run's replies are most of its bytes,
 * and the tables need only the counts (reports read whole reviews from the
 * store item by item).
 */
export function itemOutcomes(results: Iterable<ReviewResult>, keep: { reply?: boolean } = {}): ItemOutcomes {
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
    if (keep.reply && o.reply === null && r.reply !== null) o.reply = r.reply.length > REPLY_EXCERPT_CHARS ? `${r.reply.slice(0, REPLY_EXCERPT_CHARS)}…` : r.reply;
  }
  return outcomes;
}

/** Flagged by majority over the answered repeats: how a paired test counts an item (no pseudo-replication). */
export const isFlagged = (o: { answered: number; flagged: number }) => o.flagged * 2 > o.answered;

/** Flagged for a paired test, or undefined when the item has no answer under the condition. */
export const flaggedForPairing = (o: ItemConditionOutcome | undefined): boolean | undefined => (o && o.answered > 0 ? isFlagged(o) : undefined);

/** The repeats did not all answer alike (some FAIL, some PASS, some without a verdict). */
export function isFlaky(o: ItemConditionOutcome): boolean {
  const passed = o.answered - o.flagged - o.noVerdict;
  return [o.flagged, o.noVerdict, passed].filter((n) => n > 0).length > 1;
}

/**
 * caught: flagged by a majority of the answered repeats (a FAIL; for an
 * original this is a false alarm); missed: answered, not flagged, with at
 * least one verdict; noverdict: every answer lacked a verdict; error: no
 * answer at all, only errors.
 */
export type OutcomeCode = 'caught' | 'missed' | 'noverdict' | 'error';

export function outcomeCode(o: ItemConditionOutcome): OutcomeCode {
  if (o.answered === 0) return 'error';
  if (isFlagged(o)) return 'caught';
  if (o.noVerdict === o.answered) return 'noverdict';
  return 'missed';
}
