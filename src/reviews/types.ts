import type { ConditionName } from '../requests/conditions/index.js';
import type { TokenUsage } from './critic.js';
import type { ToolCall } from './tools/index.js';
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
  /** A tool-using critic's calls, in the order made (its last attempt's); absent for a critic without tools. */
  toolCalls?: ToolCall[];
}

/** Which review a result is of: the job's key and the digest of what was sent (a ReviewJob is one). */
export type ReviewOf = Pick<ReviewResult, 'itemId' | 'condition' | 'repeat' | 'reviewId' | 'requestDigest'>;

/** What a review came to: a verdict read from the reply, a reply without one, or an error. */
export type ReviewAnswer = Pick<ReviewResult, 'outcome' | 'verdict' | 'reply' | 'error' | 'usage'>;

/** How a review was made: attempts, time, the cache, 429s; on a second turn, the follow-up it sent; with tools, the calls the critic made. */
export type ReviewMaking = Pick<ReviewResult, 'attempts' | 'latencyMs' | 'cached' | 'rateLimited' | 'cacheKey' | 'followUp' | 'toolCalls'>;

/** The making of a result recorded without asking the critic (a first verdict that stands as the second): nothing sent, no cache key (see stoodUnasked). */
export const UNASKED: ReviewMaking = { attempts: 0, latencyMs: 0, cached: false, rateLimited: 0, cacheKey: '' };

/**
 * A review's result, online, batched or unasked alike. One object literal with
 * every field in one order: results made one way share V8's fast object
 * shape, where spreading a base object into each made a slow dictionary
 * object per review that lived long enough to grow a long run's heap. A
 * follow-up is set only when the making has one (a second turn's), tool calls
 * only for a tool-using critic.
 */
export function reviewResult(critic: string, of: ReviewOf, answer: ReviewAnswer, making: ReviewMaking): ReviewResult {
  return {
    critic,
    itemId: of.itemId,
    condition: of.condition,
    repeat: of.repeat,
    reviewId: of.reviewId,
    requestDigest: of.requestDigest,
    outcome: answer.outcome,
    verdict: answer.verdict,
    reply: answer.reply,
    error: answer.error,
    attempts: making.attempts,
    latencyMs: making.latencyMs,
    usage: answer.usage,
    cached: making.cached,
    rateLimited: making.rateLimited,
    cacheKey: making.cacheKey,
    ...(making.followUp !== undefined ? { followUp: making.followUp } : {}),
    ...(making.toolCalls !== undefined ? { toolCalls: making.toolCalls } : {}),
  };
}
