import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalQuantile } from './normal.js';
import { wilsonInterval } from './wilson.js';

const count = fc.integer({ min: 1, max: 5000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

describe('wilsonInterval', () => {
  it("gives the seed article's interval for 46/90", () => {
    const [lo, hi] = wilsonInterval(46, 90);
    expect(lo.toFixed(4)).toBe('0.4095');
    expect(hi.toFixed(4)).toBe('0.6118');
  });

  it('pins the bound at exactly 0 for 0/n and exactly 1 for n/n', () => {
    for (const n of [1, 2, 3, 7, 10, 30, 90, 1000, 12345]) {
      const [lo0, hi0] = wilsonInterval(0, n);
      expect(lo0).toBe(0);
      expect(hi0).toBeGreaterThan(0);
      const [loN, hiN] = wilsonInterval(n, n);
      expect(hiN).toBe(1);
      expect(loN).toBeLessThan(1);
      // The two are mirror images.
      expect(hi0).toBeCloseTo(1 - loN, 14);
    }
    // Published: 0/10 → upper 0.2775 (Newcombe 1998, single-proportion paper)
    expect(wilsonInterval(0, 10)[1].toFixed(4)).toBe('0.2775');
  });

  it('returns [0, 1] for no observations and rejects invalid counts', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    for (const [x, n] of [
      [-1, 5],
      [6, 5],
      [1.5, 5],
      [1, Number.NaN],
    ] as const) {
      expect(() => wilsonInterval(x, n)).toThrow(RangeError);
    }
  });

  it('contains p̂ and stays inside [0, 1] (property)', () => {
    fc.assert(
      fc.property(count, ([x, n]) => {
        const [lo, hi] = wilsonInterval(x, n);
        const p = x / n;
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(p);
        expect(hi).toBeGreaterThanOrEqual(p);
        if (x > 0) expect(lo).toBeGreaterThan(0);
        if (x < n) expect(hi).toBeLessThan(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('limits solve the score equation (p̂ − π)² = z²·π(1 − π)/n (property)', () => {
    const z = normalQuantile(0.975);
    fc.assert(
      fc.property(count, ([x, n]) => {
        const p = x / n;
        for (const pi of wilsonInterval(x, n)) {
          expect(Math.abs((p - pi) ** 2 - (z * z * pi * (1 - pi)) / n)).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('is symmetric under swapping successes and failures', () => {
    fc.assert(
      fc.property(count, ([x, n]) => {
        const [lo, hi] = wilsonInterval(x, n);
        const [lo2, hi2] = wilsonInterval(n - x, n);
        expect(lo).toBeCloseTo(1 - hi2, 12);
        expect(hi).toBeCloseTo(1 - lo2, 12);
      }),
    );
  });

  it('narrows with a smaller z', () => {
    const wide = wilsonInterval(30, 80);
    const narrow = wilsonInterval(30, 80, normalQuantile(0.95));
    expect(narrow[0]).toBeGreaterThan(wide[0]);
    expect(narrow[1]).toBeLessThan(wide[1]);
  });
});
