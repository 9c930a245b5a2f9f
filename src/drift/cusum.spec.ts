import { describe, expect, it } from 'vitest';
import { createRng } from '../statistics/random.js';
import { calibrate, designSide, referenceReviewsNeeded, runLengths, step, type CusumSide } from './cusum.js';
import { atLeastOne, referenceRateGrid } from './posterior.js';

/** ARL from state 0 by solving (I − P) L = 1 densely: the slow, obvious answer. */
function denseArl(side: CusumSide, p: number, h: number): number {
  const a = Array.from({ length: h }, () => new Float64Array(h + 1));
  for (let s = 0; s < h; s++) {
    a[s]![s]! += 1;
    a[s]![h] = 1;
    for (const [next, prob] of [
      [step(side, s, true), p],
      [step(side, s, false), 1 - p],
    ] as const) {
      if (next < h) a[s]![next]! -= prob;
    }
  }
  for (let c = 0; c < h; c++) {
    let pivot = c;
    for (let r = c + 1; r < h; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < h; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      if (f !== 0) for (let k = c; k <= h; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a[0]![h]! / a[0]![0]!;
}

function simulatedArl(side: CusumSide, p: number, h: number, runs: number, seed: number): number {
  const rng = createRng(seed);
  let total = 0;
  for (let r = 0; r < runs; r++) {
    let s = 0;
    let n = 0;
    while (s < h) {
      s = step(side, s, rng.next() < p);
      n++;
    }
    total += n;
  }
  return total / runs;
}

describe('CUSUM run lengths', () => {
  const cases: Array<[string, CusumSide, number]> = [
    ['increase, p0 10%', designSide('increase', 0.1, 2), 0.1],
    ['increase, p0 10%, true rate 13%', designSide('increase', 0.1, 2), 0.13],
    ['increase, p0 2%', designSide('increase', 0.02, 2), 0.02],
    ['decrease, p0 10%', designSide('decrease', 0.1, 0.5), 0.1],
    ['decrease, p0 10%, true rate 2%', designSide('decrease', 0.1, 0.5), 0.02],
    ['decrease, p0 30%', designSide('decrease', 0.3, 0.25), 0.3],
  ];

  it.each(cases)('match a dense Markov-chain solve for every threshold (%s)', (_name, side, p) => {
    const arl = runLengths(side, p, 120)!;
    for (const h of [1, 2, side.jump, side.jump + 1, side.jump + 2, 40, 77, 120]) {
      expect(Math.abs(arl[h]! / denseArl(side, p, h) - 1)).toBeLessThan(1e-9);
    }
  });

  it('match a seeded simulation (4,000 runs per case)', () => {
    for (const [side, p, h] of [
      [designSide('increase', 0.1, 2), 0.1, 30],
      [designSide('decrease', 0.1, 0.5), 0.1, 60],
    ] as const) {
      const exact = runLengths(side, p, h)![h]!;
      const sim = simulatedArl(side, p, h, 4000, 7);
      // Run lengths are near-geometric: the sd of the mean is about ARL / √runs.
      expect(Math.abs(sim - exact)).toBeLessThan((4 * exact) / Math.sqrt(4000));
    }
  });

  it('stay finite and increasing at thresholds worth 40 nats', () => {
    for (const side of [designSide('increase', 0.01, 2), designSide('decrease', 0.01, 0.5)]) {
      const hMax = Math.ceil(40 / side.unit);
      const arl = runLengths(side, 0.01, hMax)!;
      for (let h = 2; h <= hMax; h++) expect(arl[h]).toBeGreaterThanOrEqual(arl[h - 1]!);
      expect(Number.isFinite(arl[hMax])).toBe(true);
      expect(Math.log(arl[hMax]!)).toBeGreaterThan(30);
    }
  });

  it('report an upward-drifting increase chart as certain to alarm', () => {
    const side = designSide('increase', 0.1, 2);
    expect(runLengths(side, 0.2, 100)).toBeNull();
  });
});

describe('CUSUM calibration', () => {
  it('meets the target averaged over the reference posterior, and no smaller threshold does', () => {
    const grid = referenceRateGrid(280, 2800);
    const side = designSide('decrease', 0.1, 0.5);
    const { threshold, falseAlarm } = calibrate(side, grid, 365 * 200, 0.05 / 6);
    expect(threshold).not.toBeNull();
    expect(falseAlarm).toBeLessThanOrEqual(0.05 / 6);
    const below = calibrate(side, grid, 365 * 200, 1)!;
    expect(below.threshold).toBe(1);
    // At the point estimate alone the same threshold is far safer than the target:
    // the average is dominated by plausible rates away from the estimate.
    const atEstimate = atLeastOne((365 * 200) / runLengths(side, 0.1, threshold!)![threshold!]!);
    expect(atEstimate).toBeLessThan(falseAlarm);
  });

  it('says about how large a reference turns an off side on: that size does, 10% less does not', () => {
    const horizon = 365 * 15;
    const target = 0.05 / 6;
    const rate = 25 / 210;
    for (const direction of ['increase', 'decrease'] as const) {
      const side = designSide(direction, rate, direction === 'increase' ? 2 : 0.5);
      const enough = (n: number) => calibrate(side, referenceRateGrid(rate * n, n), horizon, target).threshold !== null;
      expect(enough(210)).toBe(false);
      const needed = referenceReviewsNeeded(side, rate, horizon, target, 210)!;
      expect(needed).toBeGreaterThan(210);
      expect(enough(needed)).toBe(true);
      // Near the boundary the answer is not quite monotone in the size (whole-number thresholds), hence "about".
      expect(enough(Math.floor(needed / 1.1))).toBe(false);
    }
  });

  it('says no reference turns the rising side on at a rate of 50% or more', () => {
    const side = designSide('increase', 0.6, 2);
    expect(side.jump).toBe(1);
    expect(calibrate(side, referenceRateGrid(6000, 10_000), 365 * 1000, 0.01).threshold).toBeNull();
    expect(referenceReviewsNeeded(side, 0.6, 365 * 1000, 0.01, 10_000)).toBeNull();
  });

  it('gives up (null) when the reference is too small to bound false alarms', () => {
    const grid = referenceRateGrid(3, 30);
    expect(calibrate(designSide('increase', 0.1, 2), grid, 365 * 200, 0.001).threshold).toBeNull();
  });
});
