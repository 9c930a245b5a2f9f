import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm.js';

describe('holmAdjust', () => {
  it('matches a hand-computed example, in the original order', () => {
    // sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → running max 0.06
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    const expected = [0.03, 0.06, 0.06, 0.02];
    adjusted.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 15));
  });

  it('caps at 1 and handles edge cases', () => {
    expect(holmAdjust([])).toEqual([]);
    expect(holmAdjust([0.3])).toEqual([0.3]);
    expect(holmAdjust([0.4, 0.5, 0.9])).toEqual([1, 1, 1]);
    expect(holmAdjust([0, 1])).toEqual([0, 1]);
    const ties = holmAdjust([0.02, 0.02, 0.02]);
    ties.forEach((v) => expect(v).toBeCloseTo(0.06, 15));
  });

  it('rejects values that are not probabilities', () => {
    for (const bad of [-0.1, 1.5, Number.NaN]) expect(() => holmAdjust([0.1, bad])).toThrow(RangeError);
  });

  it('is monotone in the raw p-values, never below them, capped at 1, and between raw and Bonferroni', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), (ps) => {
        const adj = holmAdjust(ps);
        const m = ps.length;
        expect(adj).toHaveLength(m);
        for (let i = 0; i < m; i++) {
          expect(adj[i]!).toBeGreaterThanOrEqual(ps[i]!);
          expect(adj[i]!).toBeLessThanOrEqual(Math.min(1, m * ps[i]!));
          for (let j = 0; j < m; j++) {
            if (ps[i]! <= ps[j]!) expect(adj[i]!).toBeLessThanOrEqual(adj[j]!);
          }
        }
      }),
    );
  });

  it('is invariant to the order the p-values are given in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }).chain((ps) =>
          fc.tuple(
            fc.constant(ps),
            fc.shuffledSubarray(
              ps.map((_, i) => i),
              { minLength: ps.length },
            ),
          ),
        ),
        ([ps, perm]) => {
          const adj = holmAdjust(ps);
          const permuted = holmAdjust(perm.map((i) => ps[i]!));
          perm.forEach((i, k) => expect(permuted[k]).toBe(adj[i]));
        },
      ),
    );
  });
});
