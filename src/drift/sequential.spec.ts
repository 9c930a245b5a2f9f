import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../statistics/random.js';
import { logE, newSequential, observe, sequentialPValue, startMonitoring } from './sequential.js';

function run(reference: boolean[], monitored: boolean[], priorStrength = 20) {
  const state = newSequential();
  reference.forEach((r) => observe(state, r));
  startMonitoring(state, priorStrength);
  monitored.forEach((r) => observe(state, r));
  return state;
}

/** log ∫ p^k (1 − p)^(n − k) Beta(½, ½)(dp) = log B(k + ½, n − k + ½) / B(½, ½), as a product of ratios. */
function logBetaHalf(k: number, n: number): number {
  let sum = 0;
  for (let i = 0; i < k; i++) sum += Math.log((0.5 + i) / (1 + i));
  for (let j = 0; j < n - k; j++) sum += Math.log((0.5 + j) / (1 + k + j));
  return sum;
}

describe('mixture e-process', () => {
  it('depends on the counts only, not the order of the verdicts (the mixture is exchangeable)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), fc.array(fc.boolean(), { maxLength: 60 }), (ref, mon) => {
        fc.pre(ref.includes(true) && ref.includes(false));
        const a = run(ref, mon);
        const b = run([...ref].reverse(), [...mon].reverse());
        expect(a.logMixture).toBeCloseTo(b.logMixture, 9);
      }),
    );
  });

  it('matches the closed-form beta-binomial mixture for the reference part', () => {
    const ref = [true, false, false, true, false, false, false, false, false, false];
    const state = newSequential();
    ref.forEach((r) => observe(state, r));
    expect(state.logMixture).toBeCloseTo(logBetaHalf(2, 10), 12);
  });

  it('gives no evidence for a monitored rate equal to the reference, and strong evidence for a drop', () => {
    const rng = createRng(3);
    const draw = (n: number, p: number) => Array.from({ length: n }, () => rng.next() < p);
    const reference = draw(2000, 0.1);
    expect(sequentialPValue(run(reference, draw(2000, 0.1)))).toBeGreaterThan(0.05);
    const dropped = run(reference, draw(400, 0.02));
    expect(sequentialPValue(dropped)).toBeLessThan(1e-3);
    expect(logE(dropped)).toBeLessThanOrEqual(dropped.maxLogE);
  });

  it('keeps its p-value from rising: it is the running minimum, valid at every look', () => {
    const rng = createRng(9);
    const state = newSequential();
    for (let i = 0; i < 500; i++) observe(state, rng.next() < 0.1);
    startMonitoring(state, 20);
    let previous = 1;
    for (let i = 0; i < 2000; i++) {
      observe(state, rng.next() < (i < 1000 ? 0.03 : 0.1));
      expect(sequentialPValue(state)).toBeLessThanOrEqual(previous);
      previous = sequentialPValue(state);
    }
  });
});
