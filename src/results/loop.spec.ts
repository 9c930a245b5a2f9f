import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import type { ReviewResult } from '../reviews/types.js';
import { loopFigure, loopReading } from './loop.js';

/** Three fixtures of two mutants each; the loop's settings draw none for a false fix. */
const world = makeWorld(3, () => 2);
const mutants = world.items.filter((i) => i.role === 'mutant');
const settings = { rounds: 3, falseFixShare: 0 };

function figure(results: ReviewResult[], loop = settings) {
  const sink = loopReading(world.items);
  for (const r of results) sink.add(r);
  return loopFigure(world.items, sink.finish(), loop, 1)!;
}

const round = (itemId: string, n: number, verdict: 'PASS' | 'FAIL' | null, tokens: number | null = null) =>
  reviewResult({
    itemId,
    condition: n === 1 ? 'clean' : `loop-round-${n}`,
    verdict,
    outcome: verdict ? 'verdict' : 'no-verdict',
    usage: tokens === null ? null : { inputTokens: tokens - 1, outputTokens: 1 },
  });

describe('the loop figure', () => {
  it('walks each loop to its end: accepted at a round, the cap, or a round without a verdict; a mutant passed in round 1 has no loop', () => {
    const f = figure([
      round(mutants[0]!.id, 1, 'FAIL', 10),
      round(mutants[0]!.id, 2, 'PASS', 10),
      round(mutants[1]!.id, 1, 'FAIL', 10),
      round(mutants[1]!.id, 2, 'FAIL', 10),
      round(mutants[1]!.id, 3, 'PASS', 10),
      round(mutants[2]!.id, 1, 'FAIL', 10),
      round(mutants[2]!.id, 2, 'FAIL', 10),
      round(mutants[2]!.id, 3, 'FAIL', 10),
      round(mutants[3]!.id, 1, 'FAIL'),
      round(mutants[3]!.id, 2, null),
      round(mutants[4]!.id, 1, 'FAIL'),
      round(mutants[5]!.id, 1, 'PASS', 10),
      // An original is never a loop.
      round(world.items[0]!.id, 1, 'FAIL', 10),
    ]);
    expect(f.loops).toBe(5);
    expect(f.trueFix).toMatchObject({ loops: 5, hitCap: 1, unfinished: 2, accepted: { count: 2, rate: 0.4 } });
    expect(f.trueFix.acceptedByRound).toEqual([
      { round: 2, count: 1 },
      { round: 3, count: 2 },
    ]);
    // Tokens of the rounds each loop took, the first included; the loops that reported none count as none.
    expect(f.tokens).toEqual({ total: 80, perLoop: 16 });
    expect(f.falseFix.loops).toBe(0);
    expect(f.falseVsTrue).toBeNull();
  });

  it('with one round, every rejected mutant hits the cap; without any usage reported, tokens are null', () => {
    const f = figure(
      mutants.map((m) => round(m.id, 1, 'FAIL')),
      { rounds: 1, falseFixShare: 1 },
    );
    expect(f).toMatchObject({ loops: 6, hitCap: 6, tokens: { total: null, perLoop: null } });
    expect(f.falseFix).toMatchObject({ loops: 6, hitCap: 6, acceptedByRound: [] });
  });

  it('is absent without loop settings', () => {
    expect(loopFigure(world.items, new Map(), undefined, 1)).toBeUndefined();
  });
});
