import type { ConditionName } from '../requests/conditions/index.js';
import type { TokenUsage } from './critic.js';
import type { Verdict } from './verdicts/index.js';

export type Outcome = 'verdict' | 'no-verdict' | 'error';

/**
 * A second-turn result recorded without asking the critic: the condition does
 * not follow the first verdict up, so it stands. It has no cache key (nothing
 * was sent), which tells it apart from a review, with or without its text.
 */
export const stoodUnasked = (r: Pick<ReviewResult, 'cacheKey'>) => r.cacheKey === '';

/** One finished review, whatever became of it: nothing is dropped. */
export interface ReviewResult {
  critic: string;
  itemId: string;
  condition: ConditionName;
  repeat: number;
  reviewId: string;
  requestDigest: string;
  outcome: Outcome;
  verdict: Verdict | null;
  reply: string | null;
  error: string | null;
  attempts: number;
  latencyMs: number;
  usage: TokenUsage | null;
  /** True when the reply came from the cache rather than the critic. */
  cached: boolean;
  /** Attempts the critic answered with HTTP 429 (rate limited). */
  rateLimited: number;
  /** The cache key of this review, for `critic-audit cache explain`. */
  cacheKey: string;
  /**
   * A second-turn condition's follow-up message, as sent after the first (clean) reply; null when the first verdict
   * stood without one (the condition follows up only the other verdict), absent for single-turn reviews.
   */
  followUp?: string | null;
}
