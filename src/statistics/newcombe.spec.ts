import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newcombeDifference, newcombeDifferenceOfRates, pairedDifferenceInterval } from './newcombe.js';
import { normalQuantile } from './normal.js';

const to4 = (ci: readonly number[]): string[] => ci.map((v) => v.toFixed(4));

/**
 * Independent Wilson limits: the roots of the score equation
 * (p̂ − π)² = z²·π(1 − π)/n found by bisection on each side of p̂, rather than
 * the closed form the implementation uses.
 */
function wilsonByBisection(x: number, n: number, z: number): [number, number] {
  const p = x / n;
  const f = (pi: number): number => (p - pi) ** 2 - (z * z * pi * (1 - pi)) / n; // > 0 outside the interval
  const root = (inside: number, outside: number): number => {
    let a = inside;
    let b = outside;
    for (let i = 0; i < 200; i++) {
      const m = (a + b) / 2;
      if (f(m) > 0) b = m;
      else a = m;
    }
    return (a + b) / 2;
  };
  const lo = x === 0 ? 0 : root(p, 0);
  const hi = x === n ? 1 : root(p, 1);
  return [lo, hi];
}

/** Method 10 written from the paper's definition on top of the bisection limits. */
function referenceUnpaired(x1: number, n1: number, x2: number, n2: number, z: number): [number, number] {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const [l1, u1] = wilsonByBisection(x1, n1, z);
  const [l2, u2] = wilsonByBisection(x2, n2, z);
  const d = p1 - p2;
  return [d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)];
}

const sample = fc.integer({ min: 1, max: 400 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
const table = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }));

describe('newcombeDifferenceOfRates (unpaired, method 10, from rates)', () => {
  it('reproduces the published 95% interval (Newcombe 1998, Statist. Med. 17:873, Table II): 56/70 − 48/80 = 0.2, 0.0524 to 0.3339', () => {
    const r = newcombeDifferenceOfRates(56 / 70, 70, 48 / 80, 80);
    expect(r.delta).toBeCloseTo(0.2, 12);
    expect(to4(r.ci)).toEqual(['0.0524', '0.3339']);
  });

  it('equals newcombeDifference on whole counts', () => {
    fc.assert(
      fc.property(sample, sample, ([x1, n1], [x2, n2]) => {
        const a = newcombeDifference(x1, n1, x2, n2);
        const b = newcombeDifferenceOfRates(x1 / n1, n1, x2 / n2, n2);
        expect(b.ci[0]).toBeCloseTo(a.ci[0], 12);
        expect(b.ci[1]).toBeCloseTo(a.ci[1], 12);
      }),
    );
  });
});

describe('newcombeDifference (unpaired, method 10)', () => {
  it('reproduces the published 95% intervals (Newcombe 1998, Statist. Med. 17:873, Table II)', () => {
    // Note 56/70 − 48/80 is +0.0524 to +0.3339: δ = 0.2 and the interval excludes 0.
    const cases: [number, number, number, number, string, string][] = [
      [56, 70, 48, 80, '0.0524', '0.3339'],
      [9, 10, 3, 10, '0.1705', '0.8090'],
      [5, 56, 0, 29, '-0.0381', '0.1926'],
      [0, 10, 0, 20, '-0.1611', '0.2775'],
      [0, 10, 0, 10, '-0.2775', '0.2775'],
      [10, 10, 0, 20, '0.6791', '1.0000'],
      [10, 10, 0, 10, '0.6075', '1.0000'],
    ];
    for (const [x1, n1, x2, n2, lo, hi] of cases) {
      const r = newcombeDifference(x1, n1, x2, n2);
      expect(r.delta).toBeCloseTo(x1 / n1 - x2 / n2, 15);
      expect(to4(r.ci)).toEqual([lo, hi]);
    }
  });

  it('agrees with an independent bisection-based computation', () => {
    fc.assert(
      fc.property(sample, sample, fc.constantFrom(0.01, 0.05, 0.1, 0.2), ([x1, n1], [x2, n2], alpha) => {
        const { ci } = newcombeDifference(x1, n1, x2, n2, alpha);
        const ref = referenceUnpaired(x1, n1, x2, n2, normalQuantile(1 - alpha / 2));
        expect(Math.abs(ci[0] - Math.max(-1, ref[0]))).toBeLessThan(1e-10);
        expect(Math.abs(ci[1] - Math.min(1, ref[1]))).toBeLessThan(1e-10);
      }),
      { numRuns: 300 },
    );
  });

  it('contains δ, stays in [−1, 1], and negates when the groups are swapped', () => {
    fc.assert(
      fc.property(sample, sample, ([x1, n1], [x2, n2]) => {
        const r = newcombeDifference(x1, n1, x2, n2);
        expect(r.ci[0]).toBeGreaterThanOrEqual(-1);
        expect(r.ci[1]).toBeLessThanOrEqual(1);
        expect(r.ci[0]).toBeLessThanOrEqual(r.delta);
        expect(r.ci[1]).toBeGreaterThanOrEqual(r.delta);
        const s = newcombeDifference(x2, n2, x1, n1);
        expect(s.ci[0]).toBeCloseTo(-r.ci[1], 12);
        expect(s.ci[1]).toBeCloseTo(-r.ci[0], 12);
      }),
    );
  });

  it('rejects invalid samples', () => {
    expect(() => newcombeDifference(1, 0, 1, 2)).toThrow(/first sample/);
    expect(() => newcombeDifference(1, 2, 3, 2)).toThrow(/second sample/);
    expect(() => newcombeDifference(1, 2, 1, 2, 0)).toThrow(/alpha/);
  });
});

describe('pairedDifferenceInterval (paired, method 10)', () => {
  it('reproduces the published 95% intervals (Newcombe 1998, Statist. Med. 17:2635)', () => {
    const cases: [number, number, number, number, string, string][] = [
      [36, 12, 2, 0, '0.0569', '0.3404'],
      [18, 12, 2, 18, '0.0562', '0.3290'],
      [53, 0, 0, 1, '-0.0729', '0.0729'],
      [0, 30, 0, 0, '0.8395', '1.0000'],
    ];
    for (const [a, b, c, d, lo, hi] of cases) {
      const r = pairedDifferenceInterval(a, b, c, d);
      expect(r.delta).toBeCloseTo((b - c) / (a + b + c + d), 15);
      expect(to4(r.ci)).toEqual([lo, hi]);
    }
  });

  it('reduces to the unpaired interval on the margins when the corrected φ is 0', () => {
    const cell = fc.integer({ min: 0, max: 8 });
    fc.assert(
      fc.property(fc.tuple(cell, cell, cell, cell), ([a, b, c, d]) => {
        const n = a + b + c + d;
        fc.pre(n > 0);
        const cross = a * d - b * c;
        const margins = (a + b) * (c + d) * (a + c) * (b + d);
        fc.pre(margins === 0 || (cross >= 0 && cross <= n / 2));
        const paired = pairedDifferenceInterval(a, b, c, d);
        const unpaired = newcombeDifference(a + b, n, a + c, n);
        expect(paired.ci[0]).toBeCloseTo(unpaired.ci[0], 12);
        expect(paired.ci[1]).toBeCloseTo(unpaired.ci[1], 12);
      }),
    );
  });

  it('is narrower than the unpaired interval under positive correlation, wider under negative', () => {
    fc.assert(
      fc.property(table, ([a, b, c, d]) => {
        const n = a + b + c + d;
        const margins = (a + b) * (c + d) * (a + c) * (b + d);
        fc.pre(n > 0 && margins > 0);
        const cross = a * d - b * c;
        const paired = pairedDifferenceInterval(a, b, c, d).ci;
        const unpaired = newcombeDifference(a + b, n, a + c, n).ci;
        const width = (ci: readonly number[]) => ci[1]! - ci[0]!;
        if (cross > n / 2) expect(width(paired)).toBeLessThanOrEqual(width(unpaired) + 1e-12);
        if (cross < 0) expect(width(paired)).toBeGreaterThanOrEqual(width(unpaired) - 1e-12);
      }),
    );
  });

  it('contains δ, stays in [−1, 1], and negates when the conditions are swapped', () => {
    fc.assert(
      fc.property(table, ([a, b, c, d]) => {
        fc.pre(a + b + c + d > 0);
        const r = pairedDifferenceInterval(a, b, c, d);
        expect(r.ci[0]).toBeGreaterThanOrEqual(-1);
        expect(r.ci[1]).toBeLessThanOrEqual(1);
        expect(r.ci[0]).toBeLessThanOrEqual(r.delta + 1e-15);
        expect(r.ci[1]).toBeGreaterThanOrEqual(r.delta - 1e-15);
        const s = pairedDifferenceInterval(a, c, b, d);
        expect(s.delta).toBeCloseTo(-r.delta, 15);
        expect(s.ci[0]).toBeCloseTo(-r.ci[1], 12);
        expect(s.ci[1]).toBeCloseTo(-r.ci[0], 12);
      }),
    );
  });

  it('rejects invalid tables', () => {
    expect(() => pairedDifferenceInterval(0, 0, 0, 0)).toThrow(/at least one/);
    expect(() => pairedDifferenceInterval(1, -1, 0, 0)).toThrow(/cell b/);
    expect(() => pairedDifferenceInterval(1, 1, 0.5, 0)).toThrow(/cell c/);
  });
});
