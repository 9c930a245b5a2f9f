import { describe, expect, it } from 'vitest';
import { reviewResult, stoodUnasked, UNASKED, type ReviewAnswer, type ReviewOf } from './types.js';

const of: ReviewOf = { itemId: 'item', condition: 'clean', repeat: 1, reviewId: 'review', requestDigest: 'digest' };
const answer: ReviewAnswer = { outcome: 'verdict', verdict: 'FAIL', reply: 'VERDICT: FAIL', error: null, usage: { inputTokens: 3, outputTokens: 1 } };
const sent = { attempts: 2, latencyMs: 5, cached: false, rateLimited: 1, cacheKey: 'key' };

describe('reviewResult', () => {
  it('makes every result with the same fields in the same order, and a follow-up only when the making has one', () => {
    const first = reviewResult('critic', of, answer, sent);
    const second = reviewResult('critic', of, answer, { ...sent, followUp: 'Are you sure?' });
    expect(Object.keys(first)).toEqual(Object.keys(reviewResult('other', of, { ...answer, outcome: 'error', verdict: null }, UNASKED)));
    expect(first).not.toHaveProperty('followUp');
    expect(second).toEqual({ ...first, followUp: 'Are you sure?' });
    expect(first).toMatchObject({ critic: 'critic', ...of, ...answer, ...sent });
  });

  it('made UNASKED, a result stood unasked; made by a review, it did not', () => {
    expect(stoodUnasked(reviewResult('critic', of, answer, UNASKED))).toBe(true);
    expect(stoodUnasked(reviewResult('critic', of, answer, sent))).toBe(false);
  });
});
