import { describe, expect, it } from 'vitest';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewResult } from '../reviews/types.js';
import { itemOutcomes, REPLY_EXCERPT_CHARS } from './itemOutcomes.js';
import { reviewResult } from '../../test/support/reviewResult.js';

const review = (itemId: string, condition: ConditionName, outcome: ReviewResult['outcome'], verdict: ReviewResult['verdict'], reply: string | null = null): ReviewResult =>
  reviewResult({ itemId, condition, outcome, verdict, reply, error: outcome === 'error' ? 'HTTP 500' : null });

describe('itemOutcomes', () => {
  // Over two thousand items, so the counts outgrow their first allocation.
  const results = Array.from({ length: 2500 }, (_, i) => [
    review(`m${i}`, 'with-trace', 'verdict', i % 2 ? 'FAIL' : 'PASS', `reply ${i}`),
    review(`m${i}`, 'with-trace', 'no-verdict', null, 'no verdict here'),
    review(`m${i}`, 'with-trace', 'error', null),
    review(`m${i}`, 'clean', 'verdict', 'FAIL', `first ${i}`),
    review(`m${i}`, 'clean', 'verdict', 'FAIL', `second ${i}`),
  ]).flat();

  it('counts each item under each condition over its repeats, and leaves out conditions it was never reviewed under', () => {
    const outcomes = itemOutcomes(results);
    expect([...outcomes.itemIds()]).toHaveLength(2500);
    // Either side of the first allocation's last slot.
    for (const id of ['m1022', 'm1023', 'm1024', 'm1025']) expect(outcomes.of(id, 'clean')).toEqual({ answered: 2, flagged: 2, noVerdict: 0, errors: 0, reply: null });
    expect(outcomes.of('m2499', 'with-trace')).toEqual({ answered: 2, flagged: 1, noVerdict: 1, errors: 1, reply: null });
    expect(outcomes.of('m2498', 'with-trace')).toEqual({ answered: 2, flagged: 0, noVerdict: 1, errors: 1, reply: null });
    expect(outcomes.of('m0', 'clean')).toEqual({ answered: 2, flagged: 2, noVerdict: 0, errors: 0, reply: null });
    expect(outcomes.of('m0', 'prior-pass')).toBeUndefined();
    expect(outcomes.of('nobody', 'clean')).toBeUndefined();
    expect([...outcomes.conditionsOf('m7')].map(([c]) => c)).toEqual(['clean', 'with-trace']);
    // In name order, as the store lists them: a baseline saved from these outcomes keeps its bytes.
    const all = itemOutcomes((['with-trace', 'prior-pass', 'clean', 'prior-fail'] as const).map((c) => review('x', c, 'verdict', 'PASS')));
    expect([...all.conditionsOf('x')].map(([c]) => c)).toEqual(['clean', 'prior-fail', 'prior-pass', 'with-trace']);
    expect([...outcomes.itemIds()].slice(0, 3)).toEqual(['m0', 'm1', 'm2']);
  });

  it('keeps the first answered reply per item and condition only when asked, cut to the excerpt length', () => {
    const long = 'x'.repeat(REPLY_EXCERPT_CHARS + 10);
    const outcomes = itemOutcomes([...results, review('long', 'clean', 'verdict', 'PASS', long)], { reply: true });
    expect(outcomes.of('m3', 'with-trace')!.reply).toBe('reply 3');
    expect(outcomes.of('m3', 'clean')!.reply).toBe('first 3');
    expect(outcomes.of('long', 'clean')!.reply).toBe(`${'x'.repeat(REPLY_EXCERPT_CHARS)}…`);
    // An item whose only review under a condition is an error has an outcome, with no answer and no reply.
    expect(itemOutcomes([review('e', 'clean', 'error', null)], { reply: true }).of('e', 'clean')).toEqual({ answered: 0, flagged: 0, noVerdict: 0, errors: 1, reply: null });
  });

  it("makes room for a config's declared conditions as their first reviews arrive, keeping every count and reply already held", () => {
    const declared = [...results, ...Array.from({ length: 2500 }, (_, i) => review(`m${i}`, i % 2 ? 'round-summary' : 'worker-retrieval', 'verdict', i % 3 ? 'PASS' : 'FAIL', `declared ${i}`))];
    const outcomes = itemOutcomes(declared, { reply: true });
    expect(outcomes.of('m1024', 'clean')).toEqual({ answered: 2, flagged: 2, noVerdict: 0, errors: 0, reply: 'first 1024' });
    expect(outcomes.of('m2499', 'with-trace')).toEqual({ answered: 2, flagged: 1, noVerdict: 1, errors: 1, reply: 'reply 2499' });
    expect(outcomes.of('m3', 'round-summary')).toEqual({ answered: 1, flagged: 1, noVerdict: 0, errors: 0, reply: 'declared 3' });
    expect(outcomes.of('m4', 'worker-retrieval')).toEqual({ answered: 1, flagged: 0, noVerdict: 0, errors: 0, reply: 'declared 4' });
    expect(outcomes.of('m4', 'round-summary')).toBeUndefined();
    expect([...outcomes.conditionsOf('m5')].map(([c]) => c)).toEqual(['clean', 'round-summary', 'with-trace']);
  });
});
