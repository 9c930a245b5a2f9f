import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, normalSurvival } from './normal.js';

const relErr = (got: number, want: number): number => Math.abs(got - want) / Math.abs(want);

/**
 * Independent reference for Φ, from first principles rather than Cody's
 * coefficients: the power series Φ(x) = ½ + φ(x)·Σ x^(2k+1)/(2k+1)!! for
 * |x| <= 3, and Laplace's continued fraction for the tail beyond.
 */
function referenceCdf(x: number): number {
  const phi = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  if (Math.abs(x) <= 3) {
    let term = x;
    let sum = x;
    for (let k = 1; Math.abs(term) > 1e-18 * Math.abs(sum); k++) {
      term *= (x * x) / (2 * k + 1);
      sum += term;
    }
    return 0.5 + phi * sum;
  }
  const t = Math.abs(x);
  let cf = t;
  for (let k = 300; k >= 1; k--) cf = t + k / cf;
  const tail = phi / cf;
  return x < 0 ? tail : 1 - tail;
}

describe('normalQuantile (AS 241)', () => {
  it('matches published quantiles to double precision', () => {
    // Reference values are Φ⁻¹ of the decimal probability printed to 16 digits;
    // the double nearest 0.975 is 2.2e-17 below it, which moves z by ~4e-16,
    // so 1e-15 relative is "exact" here.
    expect(relErr(normalQuantile(0.975), 1.959963984540054)).toBeLessThan(1e-15);
    expect(relErr(normalQuantile(0.8), 0.8416212335729143)).toBeLessThan(1e-15);
    expect(relErr(normalQuantile(0.995), 2.5758293035489)).toBeLessThan(1e-13);
    expect(relErr(normalQuantile(1e-10), -6.361340902404056)).toBeLessThan(1e-15);
    expect(relErr(normalQuantile(1 - 1e-10), 6.361340902404056)).toBeLessThan(1e-6); // 1 − 1e-10 is inexact
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 15);
  });

  it('covers the extreme tails and the boundaries', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isFinite(normalQuantile(Number.MIN_VALUE))).toBe(true);
    expect(relErr(normalCdf(normalQuantile(1e-300)), 1e-300)).toBeLessThan(1e-12);
  });

  it('rejects probabilities outside [0, 1]', () => {
    for (const p of [-0.1, 1.1, Number.NaN]) expect(() => normalQuantile(p)).toThrow(RangeError);
  });

  it('is antisymmetric about 1/2 and strictly increasing', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 0.5, noNaN: true }), (p) => {
        // q and 1 − q are both exact doubles (Sterbenz), unlike p and 1 − p.
        const q = 1 - p;
        expect(Math.abs(normalQuantile(1 - q) + normalQuantile(q))).toBeLessThanOrEqual(1e-13 * Math.abs(normalQuantile(q)) + 1e-16);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1, noNaN: true }), fc.double({ min: 1e-300, max: 1, noNaN: true }), (p, q) => {
        fc.pre(p < q && q < 1);
        expect(normalQuantile(p)).toBeLessThanOrEqual(normalQuantile(q));
      }),
    );
  });
});

describe('normalCdf (Cody)', () => {
  it('matches known values with full relative precision, including far tails', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(relErr(normalCdf(-1), 0.15865525393145705)).toBeLessThan(1e-15);
    expect(relErr(normalCdf(-2), 0.022750131948179207)).toBeLessThan(1e-15);
    expect(relErr(normalCdf(-5), 2.866515718791939e-7)).toBeLessThan(1e-14);
    expect(relErr(normalCdf(-10), 7.619853024160527e-24)).toBeLessThan(1e-14);
    expect(relErr(normalCdf(-20), 2.753624118606234e-89)).toBeLessThan(1e-14);
    expect(relErr(normalCdf(1.959963984540054), 0.975)).toBeLessThan(1e-15);
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalSurvival(10)).toBe(normalCdf(-10));
  });

  it('agrees with an independent series / continued-fraction computation', () => {
    fc.assert(
      fc.property(fc.double({ min: -37, max: 8, noNaN: true }), (x) => {
        expect(relErr(normalCdf(x), referenceCdf(x))).toBeLessThan(1e-12);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips with the quantile: cdf(quantile(p)) ≈ p', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 0.999999, noNaN: true }), (p) => {
        expect(relErr(normalCdf(normalQuantile(p)), p)).toBeLessThan(1e-12);
      }),
      { numRuns: 2000 },
    );
    for (const p of [1e-10, 1e-5, 0.001, 0.025, 0.05, 0.2, 0.5, 0.8, 0.95, 0.975, 0.995]) {
      expect(relErr(normalCdf(normalQuantile(p)), p)).toBeLessThan(1e-14);
    }
  });

  it('round-trips the other way: quantile(cdf(x)) ≈ x', () => {
    fc.assert(
      fc.property(fc.double({ min: -37, max: 3, noNaN: true }), (x) => {
        expect(Math.abs(normalQuantile(normalCdf(x)) - x)).toBeLessThan(1e-9 * Math.max(1, Math.abs(x)));
      }),
      { numRuns: 2000 },
    );
  });
});
