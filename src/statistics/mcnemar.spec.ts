import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logMcnemarExact, logMcnemarExactOneSided, mcnemarExact, mcnemarExactOneSided } from './mcnemar.js';

/**
 * Exact reference in integer arithmetic: for n = b + c, the prefix sums
 * S(k) = Σ_{i<=k} C(n, i) as BigInts, so P(X <= k) = S(k) / 2^n with no
 * rounding at all until the final conversion.
 */
const prefixCache = new Map<number, bigint[]>();
function binomialPrefixSums(n: number, upTo: number): bigint[] {
  const cached = prefixCache.get(n);
  if (cached && cached.length > upTo) return cached;
  const sums: bigint[] = [];
  let term = 1n;
  let sum = 0n;
  for (let i = 0; i <= upTo; i++) {
    if (i > 0) term = (term * BigInt(n - i + 1)) / BigInt(i); // exact: C(n,i−1)·(n−i+1) is divisible by i
    sum += term;
    sums.push(sum);
  }
  prefixCache.set(n, sums);
  return sums;
}

/** Natural log of num / 2^pow2 for a positive BigInt num, to ~1e-16 relative. */
function logRatio(num: bigint, pow2: number): number {
  const bits = num.toString(2).length;
  const shift = Math.max(0, bits - 60);
  const top = Number(num >> BigInt(shift));
  return Math.log(top) + (shift - pow2) * Math.LN2;
}

/** Exact log p-values: two-sided min(1, 2·S(min(b,c))/2^n), one-sided S(c)/2^n. */
function exactLogP(b: number, c: number): { twoSided: number; oneSided: number } {
  const n = b + c;
  if (n === 0) return { twoSided: 0, oneSided: 0 };
  const sums = binomialPrefixSums(n, Math.max(Math.min(b, c), c));
  return {
    twoSided: Math.min(0, logRatio(sums[Math.min(b, c)]!, n - 1)),
    oneSided: Math.min(0, logRatio(sums[c]!, n)),
  };
}

const LOG_1E_300 = Math.log(1e-300);

/** Compare a computed p-value and its log against the exact log. */
function expectMatches(got: number, gotLog: number, exactLog: number): void {
  if (exactLog > LOG_1E_300) {
    expect(got).toBeGreaterThan(0); // no underflow while the true value is representable
    const exact = Math.exp(exactLog);
    expect(Math.abs(got - exact) / exact).toBeLessThan(1e-9);
  }
  // Always (and in particular for true values far below 1e-300): logs agree
  // to 1e-9 absolute, i.e. the value to 1e-9 relative.
  expect(Math.abs(gotLog - exactLog)).toBeLessThan(1e-9);
}

function check(b: number, c: number): void {
  const exact = exactLogP(b, c);
  expectMatches(mcnemarExact(b, c), logMcnemarExact(b, c), exact.twoSided);
  expectMatches(mcnemarExactOneSided(b, c), logMcnemarExactOneSided(b, c), exact.oneSided);
}

describe('mcnemarExact', () => {
  it('reproduces known values', () => {
    // 2·(1 + 24)/2^24
    expect(mcnemarExact(23, 1)).toBeCloseTo(2.98e-6, 8);
    expect(Number(mcnemarExact(23, 1).toPrecision(3))).toBe(2.98e-6);
    // seed article: 38 against 1 → p = 1.5 × 10⁻¹⁰
    expect(Number(mcnemarExact(38, 1).toPrecision(2))).toBe(1.5e-10);
    expect(Math.abs(mcnemarExact(38, 1) / ((2 * 40) / 2 ** 39) - 1)).toBeLessThan(1e-13);
    // seed article: 17 against 10 → p = 0.25, not significant
    expect(Number(mcnemarExact(17, 10).toFixed(2))).toBe(0.25);
    // seed article: 25 against 8 → p = 0.005; 26 against 11 → p = 0.02
    expect(Number(mcnemarExact(25, 8).toFixed(3))).toBe(0.005);
    expect(Number(mcnemarExact(26, 11).toFixed(2))).toBe(0.02);
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(1, 0)).toBe(1);
    expect(mcnemarExact(5, 5)).toBe(1);
    expect(mcnemarExact(6, 2)).toBeCloseTo(0.2890625, 15); // 2·37/256
  });

  it('reproduces known one-sided values', () => {
    expect(mcnemarExactOneSided(23, 1)).toBeCloseTo(25 / 2 ** 24, 18);
    expect(mcnemarExactOneSided(0, 0)).toBe(1);
    expect(mcnemarExactOneSided(0, 3)).toBe(1); // first condition never ahead
    expect(mcnemarExactOneSided(3, 0)).toBeCloseTo(1 / 8, 14);
  });

  it('rejects non-count inputs', () => {
    for (const [b, c] of [
      [-1, 2],
      [1.5, 2],
      [2, Number.NaN],
    ] as const) {
      expect(() => mcnemarExact(b, c)).toThrow(RangeError);
      expect(() => mcnemarExactOneSided(b, c)).toThrow(RangeError);
    }
  });

  it('matches an exact BigInt computation on a grid up to b + c = 3000', () => {
    const ns = [1, 2, 3, 5, 10, 31, 100, 500, 1000, 1073, 1074, 1075, 1076, 1500, 2047, 2500, 3000];
    for (const n of ns) {
      const ks = new Set([0, 1, 2, 3, 10, Math.floor(n / 10), Math.floor(n / 4), Math.floor(n / 3), Math.floor(n / 2) - 1]);
      ks.add(Math.floor(n / 2));
      ks.add(Math.ceil(n / 2));
      ks.add(n - 1);
      ks.add(n);
      for (const k of ks) {
        if (k < 0 || k > n) continue;
        check(n - k, k);
        check(k, n - k);
      }
    }
  });

  it('matches the exact BigInt computation on random tables (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, c]) => check(n - c, c),
      ),
      { numRuns: 300 },
    );
  });

  it('never underflows to 0 while the exact value exceeds 1e-300, and is finite in log beyond', () => {
    // Smallest representable-range cases: all discordant items one way.
    for (let n = 900; n <= 3000; n += 7) {
      const exact = exactLogP(n, 0);
      if (exact.twoSided > LOG_1E_300) expect(mcnemarExact(n, 0)).toBeGreaterThan(0);
      expect(Number.isFinite(logMcnemarExact(n, 0))).toBe(true);
      expect(Math.abs(logMcnemarExact(n, 0) - (1 - n) * Math.LN2)).toBeLessThan(1e-9);
    }
  });

  it('two-sided p is twice the smaller one-sided p, capped at 1, and symmetric', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (b, c) => {
        expect(mcnemarExact(b, c)).toBe(mcnemarExact(c, b));
        const twice = 2 * Math.min(mcnemarExactOneSided(b, c), mcnemarExactOneSided(c, b));
        expect(Math.abs(mcnemarExact(b, c) - Math.min(1, twice))).toBeLessThanOrEqual(1e-12 * Math.min(1, twice));
        expect(mcnemarExact(b, c)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
