import type { ReviewResult } from '../../src/reviews/types.js';

/** A stored review for specs: a PASS on the first try unless told otherwise; only what a spec varies need be given. */
export function reviewResult(fields: Pick<ReviewResult, 'itemId' | 'condition'> & Partial<ReviewResult>): ReviewResult {
  return {
    critic: 'critic',
    repeat: 0,
    reviewId: fields.itemId,
    requestDigest: 'd',
    outcome: 'verdict',
    verdict: 'PASS',
    reply: null,
    error: null,
    attempts: 1,
    latencyMs: 1,
    usage: null,
    cached: false,
    rateLimited: 0,
    cacheKey: 'k',
    ...fields,
  };
}
