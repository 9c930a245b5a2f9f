import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, xoshiro128StarStar } from './random.js';

describe('xoshiro128StarStar', () => {
  it("matches the reference implementation's output from state {1, 2, 3, 4}", () => {
    const next = xoshiro128StarStar([1, 2, 3, 4]);
    const expected = [11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597, 4258142804];
    expect(Array.from({ length: expected.length }, next)).toEqual(expected);
  });
});

describe('createRng', () => {
  it('is deterministic for a seed and differs between seeds (numbers and strings)', () => {
    const draw = (seed: number | string) => {
      const rng = createRng(seed);
      return Array.from({ length: 8 }, () => rng.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw('audit-1')).toEqual(draw('audit-1'));
    expect(draw(1)).not.toEqual(draw(2));
    expect(draw('a')).not.toEqual(draw('b'));
    expect(draw(0)).not.toEqual(draw(2 ** 32)); // high bits are not dropped
  });

  it('next() is in [0, 1) and int(n) in [0, n) as an integer (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
        const rng = createRng(seed);
        for (let i = 0; i < 20; i++) {
          const u = rng.next();
          expect(u).toBeGreaterThanOrEqual(0);
          expect(u).toBeLessThan(1);
          const k = rng.int(n);
          expect(Number.isInteger(k)).toBe(true);
          expect(k).toBeGreaterThanOrEqual(0);
          expect(k).toBeLessThan(n);
        }
      }),
    );
  });

  it('int(n) is uniform (chi-square, n = 10 and n = 3)', () => {
    for (const n of [10, 3]) {
      const rng = createRng(`chi-${n}`);
      const draws = 100_000;
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < draws; i++) counts[rng.int(n)] += 1;
      const expected = draws / n;
      const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
      // 99.9th percentile of χ² with 9 df is 27.9; with 2 df, 13.8.
      expect(chi2).toBeLessThan(n === 10 ? 27.9 : 13.8);
    }
  });

  it('next() has the moments of U(0, 1)', () => {
    const rng = createRng(7);
    const m = 200_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < m; i++) {
      const u = rng.next();
      sum += u;
      sumSq += u * u;
    }
    // sd of the mean is √(1/12/m) ≈ 6.5e-4; allow 5 sd.
    expect(Math.abs(sum / m - 0.5)).toBeLessThan(3.3e-3);
    expect(Math.abs(sumSq / m - 1 / 3)).toBeLessThan(3.3e-3);
  });

  it('rejects bad arguments', () => {
    expect(() => createRng(1.5)).toThrow(RangeError);
    expect(() => createRng(Number.NaN)).toThrow(RangeError);
    const rng = createRng(1);
    expect(rng.int(1)).toBe(0);
    for (const n of [0, -1, 2.5, 2 ** 32 + 1]) expect(() => rng.int(n)).toThrow(RangeError);
  });
});
