import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimumDetectableEffect, pairedSampleSize } from './power.js';

describe('pairedSampleSize', () => {
  it('reproduces the worked numbers of the seed article (5% level, 80% power)', () => {
    // ψ = 0.25, δ = 0.15: (1.96·0.5 + 0.84·√0.2275)² / 0.0225 = 1.908 / 0.0225 ≈ 85
    const a = pairedSampleSize({ psi: 0.25, delta: 0.15 });
    expect(a.exact).toBeCloseTo(84.813, 3);
    expect(a.n).toBe(85);
    // ψ = 0.10, δ = 0.05: "needs about 312"
    const b = pairedSampleSize({ psi: 0.1, delta: 0.05 });
    expect(b.exact).toBeCloseTo(311.587, 3);
    expect(b.n).toBe(312);
  });

  it('uses exact quantiles, not the rounded 1.96 and 0.84', () => {
    const rounded = (1.96 * Math.sqrt(0.25) + 0.84 * Math.sqrt(0.25 - 0.0225)) ** 2 / 0.0225;
    const { exact } = pairedSampleSize({ psi: 0.25, delta: 0.15 });
    expect(Math.abs(exact - rounded)).toBeGreaterThan(1e-3);
    expect(Math.abs(exact - rounded)).toBeLessThan(0.2);
  });

  it('needs more items for a stricter level or higher power', () => {
    const base = pairedSampleSize({ psi: 0.25, delta: 0.15 }).exact;
    expect(pairedSampleSize({ psi: 0.25, delta: 0.15, alpha: 0.01 }).exact).toBeGreaterThan(base);
    expect(pairedSampleSize({ psi: 0.25, delta: 0.15, power: 0.9 }).exact).toBeGreaterThan(base);
  });

  it('rejects impossible designs with a clear message', () => {
    expect(() => pairedSampleSize({ psi: 0.25, delta: 0 })).toThrow(/delta must be a positive/);
    expect(() => pairedSampleSize({ psi: 0.25, delta: -0.1 })).toThrow(RangeError);
    expect(() => pairedSampleSize({ psi: 0.1, delta: 0.2 })).toThrow(/cannot exceed psi/);
    expect(() => pairedSampleSize({ psi: 1, delta: 1 })).toThrow(/delta² < psi/);
    expect(() => pairedSampleSize({ psi: 0, delta: 0.1 })).toThrow(/psi/);
    expect(() => pairedSampleSize({ psi: 1.2, delta: 0.1 })).toThrow(/psi/);
    expect(() => pairedSampleSize({ psi: 0.25, delta: 0.1, alpha: 0 })).toThrow(/alpha/);
    expect(() => pairedSampleSize({ psi: 0.25, delta: 0.1, power: 1 })).toThrow(/power/);
    expect(() => pairedSampleSize({ psi: 0.25, delta: 0.1, power: 0.3 })).toThrow(/power/);
    expect(() => pairedSampleSize({ psi: Number.NaN, delta: 0.1 })).toThrow(RangeError);
  });
});

describe('minimumDetectableEffect', () => {
  it('inverts pairedSampleSize', () => {
    expect(minimumDetectableEffect({ n: 84.81301594230999, psi: 0.25 })).toBeCloseTo(0.15, 10);
    expect(minimumDetectableEffect({ n: 311.58687517566733, psi: 0.1 })).toBeCloseTo(0.05, 10);
    fc.assert(
      fc.property(
        fc.double({ min: 0.02, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.constantFrom(0.01, 0.05, 0.1),
        fc.constantFrom(0.5, 0.8, 0.9),
        (psi, share, alpha, power) => {
          const delta = psi * share;
          const { exact } = pairedSampleSize({ psi, delta, alpha, power });
          const back = minimumDetectableEffect({ n: exact, psi, alpha, power });
          expect(Math.abs(back - delta)).toBeLessThan(1e-9 * Math.max(1, delta));
        },
      ),
    );
  });

  it('with the rounded-up n, the detectable effect is no larger than the target', () => {
    const { n } = pairedSampleSize({ psi: 0.25, delta: 0.15 });
    expect(minimumDetectableEffect({ n, psi: 0.25 })).toBeLessThanOrEqual(0.15);
  });

  it('shrinks as n grows', () => {
    const small = minimumDetectableEffect({ n: 40, psi: 0.3 });
    const large = minimumDetectableEffect({ n: 400, psi: 0.3 });
    expect(large).toBeLessThan(small);
    expect(small).toBeLessThanOrEqual(0.3);
  });

  it('returns Infinity when no feasible effect is detectable', () => {
    // Even δ = ψ (all discordant items one way) needs (1.96 + 0.84·√(1−ψ))²/ψ items.
    expect(minimumDetectableEffect({ n: 5, psi: 0.25 })).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isFinite(minimumDetectableEffect({ n: 5, psi: 1 }))).toBe(true);
  });

  it('validates inputs', () => {
    expect(() => minimumDetectableEffect({ n: 0, psi: 0.25 })).toThrow(/n must be/);
    expect(() => minimumDetectableEffect({ n: 50, psi: 0 })).toThrow(/psi/);
    expect(() => minimumDetectableEffect({ n: 50, psi: 0.2, alpha: 1 })).toThrow(/alpha/);
  });
});
