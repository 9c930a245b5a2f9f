import { describe, expect, it } from 'vitest';
import { fisherExact } from './fisher.js';

describe("Fisher's exact test", () => {
  it('matches scipy.stats.fisher_exact (two-sided) on small tables', () => {
    // The lady tasting tea, [[3, 1], [1, 3]]: p = 0.485714.
    expect(fisherExact(3, 4, 1, 4)).toBeCloseTo(0.485714, 5);
    // [[12, 3], [5, 10]]: p = 0.0253277.
    expect(fisherExact(12, 15, 5, 15)).toBeCloseTo(0.0253277, 6);
  });

  it('is 1 for identical rates and symmetric in the two groups', () => {
    expect(fisherExact(40, 50, 40, 50)).toBe(1);
    expect(fisherExact(7, 20, 15, 22)).toBeCloseTo(fisherExact(15, 22, 7, 20), 12);
  });

  it('finds 80% against 50% of a few hundred canaries, and stays finite at tens of thousands', () => {
    expect(fisherExact(480, 600, 150, 300)).toBeLessThan(1e-15);
    const p = fisherExact(8000, 10_000, 16_050, 20_000);
    expect(p).toBeGreaterThan(0.2);
    expect(p).toBeLessThanOrEqual(1);
  });

  it('refuses counts that are not a table', () => {
    expect(() => fisherExact(5, 4, 1, 4)).toThrow(RangeError);
    expect(() => fisherExact(-1, 4, 1, 4)).toThrow(RangeError);
  });
});
