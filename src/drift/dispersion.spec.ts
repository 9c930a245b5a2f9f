import { describe, expect, it } from 'vitest';
import { createRng } from '../statistics/random.js';
import { chiSquareSurvival, dispersionTest } from './dispersion.js';

/** Days of `perDay` reviews whose rate is drawn uniformly with the given sd (in points) around 10%. */
function reference(rng: ReturnType<typeof createRng>, days: number, perDay: number, sdPoints: number): Array<[number, number]> {
  const halfWidth = (Math.sqrt(3) * sdPoints) / 100;
  return Array.from({ length: days }, () => {
    const p = 0.1 - halfWidth + 2 * halfWidth * rng.next();
    let k = 0;
    for (let i = 0; i < perDay; i++) if (rng.next() < p) k++;
    return [perDay, k];
  });
}

describe('chiSquareSurvival', () => {
  it('matches tabulated χ² quantiles and the closed form for 2 df', () => {
    expect(chiSquareSurvival(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(27.68825, 13)).toBeCloseTo(0.01, 6);
    expect(chiSquareSurvival(135.8067, 100)).toBeCloseTo(0.01, 5);
    expect(chiSquareSurvival(0.1148318, 3)).toBeCloseTo(0.99, 6);
    for (const x of [0.5, 3, 10, 40]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(chiSquareSurvival(0, 5)).toBe(1);
  });
});

describe('dispersionTest', () => {
  it('is about 1 for days at one rate, and far above for days alternating between 5% and 15%', () => {
    const steady = dispersionTest(Array.from({ length: 14 }, () => [200, 20] as const))!;
    expect(steady).toMatchObject({ days: 14, pools: 14, df: 13, chiSquare: 0, pValue: 1 });
    const swinging = dispersionTest(Array.from({ length: 14 }, (_, d) => [200, d % 2 ? 10 : 30] as const))!;
    expect(swinging.ratio).toBeGreaterThan(5);
    expect(swinging.pValue).toBeLessThan(1e-10);
  });

  it('pools thin days in time order until each pool expects 5 rejections and 5 approvals', () => {
    // 2% at 50 a day: one rejection expected a day, so pools of 5 days.
    const days = Array.from({ length: 14 }, (_, d) => [50, d % 5 === 0 ? 2 : 1] as const);
    const t = dispersionTest(days)!;
    expect(t.days).toBe(14);
    expect(t.pools).toBe(2); // days 1–5 (about 6 expected), 6–10, and days 11–14 (under 5) join the last pool
    expect(dispersionTest([[10, 1]])).toBeNull();
    expect(
      dispersionTest([
        [100, 0],
        [100, 0],
      ]),
    ).toBeNull();
  });

  it('warns (p < 0.01) in about 1% of steady references, and in most whose daily rate has a 4-point sd', () => {
    const rng = createRng('dispersion');
    const share = (days: number, perDay: number, sd: number, runs: number) =>
      Array.from({ length: runs }, () => dispersionTest(reference(rng, days, perDay, sd))!.pValue < 0.01).filter(Boolean).length / runs;
    expect(share(14, 200, 0, 1000)).toBeLessThan(0.025);
    expect(share(14, 30, 0, 1000)).toBeLessThan(0.025);
    expect(share(14, 200, 4, 200)).toBeGreaterThan(0.9);
    // A 2-point sd at 200 a day (false alarms near 40% a year) is caught about a third of the time in 14 days.
    const twoPoints = share(14, 200, 2, 400);
    expect(twoPoints).toBeGreaterThan(0.2);
    expect(twoPoints).toBeLessThan(0.5);
  });
});
