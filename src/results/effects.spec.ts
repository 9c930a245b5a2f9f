import { timedWithin } from '../../test/support/cpuTime.js';
import { describe, expect, it } from 'vitest';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import { pairedEffectBootstrap } from '../statistics/bootstrap.js';
import { bootstrapEffects } from './effects.js';
import type { ReviewResult } from '../reviews/types.js';
import { itemOutcomes, type ItemOutcomes } from './itemOutcomes.js';
import { reviewResult } from '../../test/support/reviewResult.js';

const item = (id: string, cluster: string, mutator: string | null = 'number-flip'): ReviewItem => ({
  id,
  fixtureId: cluster,
  cluster,
  kind: 'text',
  role: mutator ? 'mutant' : 'original',
  mutator,
  task: 't',
  artifact: id,
  evidence: [],
  trace: 'trace',
});

function outcomes(pairs: Array<[string, number, number]>, leaveOut?: { id: string; condition: ConditionName }): ItemOutcomes {
  const review = (itemId: string, condition: ConditionName, flagged: number): ReviewResult => reviewResult({ itemId, condition, verdict: flagged ? 'FAIL' : 'PASS' });
  const reviews = pairs.flatMap(([id, from, to]) => [review(id, 'clean', from), review(id, 'with-trace', to)]);
  return itemOutcomes(reviews.filter((r) => !(r.itemId === leaveOut?.id && r.condition === leaveOut.condition)));
}

describe('bootstrapEffects', () => {
  const items = Array.from({ length: 60 }, (_, i) => item(`m${i}`, `c${i % 12}`));
  const pairs = items.map((it, i): [string, number, number] => [it.id, 1, i % 12 < 6 ? 0 : i % 3 ? 1 : 0]);
  const summary = bootstrapEffects(items, outcomes(pairs), ['clean', 'with-trace'], { critic: 'x', seed: 7, resamples: 2000 });

  it("gives each condition's effect against clean per mutator and pooled, with its seed", () => {
    expect(summary).toMatchObject({ method: 'cluster-percentile', seed: 7, resamples: 2000, alpha: 0.05 });
    expect(summary.effects.map((e) => [e.mutator, e.to])).toEqual([
      ['number-flip', 'with-trace'],
      ['all', 'with-trace'],
    ]);
    const effect = summary.effects[0]!;
    expect(effect).toMatchObject({ n: 60, clusters: 12, seed: '7:x:number-flip:with-trace' });
    expect(effect.estimate).toBeCloseTo(-(30 + 10) / 60, 12);
    expect(effect.ci[0]).toBeLessThan(effect.estimate);
    expect(effect.ci[1]).toBeGreaterThan(effect.estimate);
  });

  it('is reproducible from the reported seed with the statistics module alone', () => {
    const effect = summary.effects[0]!;
    const again = pairedEffectBootstrap({ items: items.map((it, i) => ({ cluster: it.cluster, from: pairs[i]![1] as 0 | 1, to: pairs[i]![2] as 0 | 1 })), resamples: 2000, seed: effect.seed });
    expect(again.ci).toEqual(effect.ci);
  });

  it('resamples clusters, not items: clustered outcomes give a wider interval than the same outcomes spread over singletons', () => {
    const singletons = items.map((it) => ({ ...it, cluster: it.id }));
    const spread = bootstrapEffects(singletons, outcomes(pairs), ['clean', 'with-trace'], { critic: 'x', seed: 7, resamples: 2000 }).effects[0]!;
    const width = (ci: [number, number]) => ci[1] - ci[0];
    expect(width(summary.effects[0]!.ci)).toBeGreaterThan(1.5 * width(spread.ci));
  });

  it('skips items not answered under both conditions, and conditions with no pairs', () => {
    const partial = outcomes(pairs.slice(0, 10), { id: 'm0', condition: 'with-trace' });
    const s = bootstrapEffects(items, partial, ['clean', 'with-trace', 'prior-pass'], { critic: 'x', seed: 1, resamples: 100 });
    expect(s.effects.map((e) => [e.to, e.n])).toEqual([
      ['with-trace', 9],
      ['with-trace', 9],
    ]);
  });

  it('runs 10,000 resamples over 2,000 items in under a second', () => {
    for (const clusters of [100, 2000]) {
      const many = Array.from({ length: 2000 }, (_, i) => item(`m${i}`, `c${i % clusters}`));
      const o = outcomes(many.map((it, i) => [it.id, i % 3 ? 1 : 0, i % 5 ? 1 : 0]));
      // Two effects of clean → with-trace (see the spec above): a second a piece.
      const run = timedWithin(2000, () => bootstrapEffects(many, o, ['clean', 'with-trace'], { critic: 'x', seed: 3, resamples: 10_000 }));
      const s = run.value;
      expect(s.effects).toHaveLength(2);
      const perEffect = run.cpuMs / s.effects.length;
      console.log(`10,000 resamples over 2,000 items in ${clusters} clusters: ${perEffect.toFixed(0)} ms of CPU per effect`);
      expect(s.effects[0]!.n).toBe(2000);
      expect(perEffect).toBeLessThan(1000);
    }
  });
});
