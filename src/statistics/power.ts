import { normalQuantile } from './normal.js';

/**
 * Planning numbers for a paired (McNemar-type) comparison of two review
 * conditions on the same items, using Connor's normal approximation
 * (Biometrics 43, 1987):
 *
 *   n = (z_{1−α/2}·√ψ + z_{power}·√(ψ − δ²))² / δ²
 *
 * ψ is the share of items whose verdict differs between the conditions
 * (discordant pairs) and δ the true difference in detection rate. Only the
 * discordant items carry information, which is why ψ, not the detection
 * rates themselves, drives the answer.
 */
export interface PairedDesign {
  /** Expected share of discordant items, 0 < ψ <= 1. */
  psi: number;
  /** Difference in detection rate to detect, 0 < δ <= ψ. */
  delta: number;
  /** Two-sided significance level (default 0.05). */
  alpha?: number;
  /** Target power (default 0.8). */
  power?: number;
}

export interface SampleSize {
  /** Items needed, rounded up. */
  n: number;
  /** The formula's unrounded value, so callers and tests can show "≈". */
  exact: number;
}

/** Items needed to detect a paired difference δ with the given power. */
export function pairedSampleSize({ psi, delta, alpha = 0.05, power = 0.8 }: PairedDesign): SampleSize {
  checkLevels('pairedSampleSize', alpha, power);
  checkPsi('pairedSampleSize', psi);
  if (!(Number.isFinite(delta) && delta > 0)) {
    throw new RangeError(`pairedSampleSize: delta must be a positive difference in detection rate, got ${delta}`);
  }
  if (delta > psi) {
    throw new RangeError(`pairedSampleSize: delta (${delta}) cannot exceed psi (${psi}); the rate difference is at most the discordant share`);
  }
  if (delta * delta >= psi) {
    throw new RangeError(`pairedSampleSize: need delta² < psi, got delta=${delta}, psi=${psi}`);
  }
  const exact = connorN(psi, delta, normalQuantile(1 - alpha / 2), normalQuantile(power));
  return { n: Math.ceil(exact), exact };
}

export interface DetectableEffectDesign {
  /** Number of paired items available (e.g. mutants of one mutator). */
  n: number;
  /** Expected share of discordant items, 0 < ψ <= 1. */
  psi: number;
  alpha?: number;
  power?: number;
}

/**
 * Smallest δ that n paired items detect with the given power: the same formula
 * solved for δ by bisection (n(δ) is strictly decreasing on (0, ψ]).
 *
 * Used to warn when a mutator has too few mutants for its result to mean
 * anything. Returns +Infinity when even δ = ψ (every discordant item going the
 * same way) needs more than n items, i.e. no possible effect is detectable.
 */
export function minimumDetectableEffect({ n, psi, alpha = 0.05, power = 0.8 }: DetectableEffectDesign): number {
  checkLevels('minimumDetectableEffect', alpha, power);
  checkPsi('minimumDetectableEffect', psi);
  if (!(Number.isFinite(n) && n > 0)) {
    throw new RangeError(`minimumDetectableEffect: n must be a positive number of items, got ${n}`);
  }
  const zA = normalQuantile(1 - alpha / 2);
  const zB = normalQuantile(power);
  // δ = ψ is the largest feasible effect (and δ² < ψ must hold, which only bites at ψ = 1).
  let hi = psi < 1 ? psi : 1 - 1e-12;
  if (connorN(psi, hi, zA, zB) > n) return Number.POSITIVE_INFINITY;
  let lo = 0;
  // 200 halvings reach adjacent doubles long before the loop ends; stop there.
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (connorN(psi, mid, zA, zB) > n) lo = mid;
    else hi = mid;
  }
  return hi;
}

function connorN(psi: number, delta: number, zA: number, zB: number): number {
  const root = zA * Math.sqrt(psi) + zB * Math.sqrt(psi - delta * delta);
  return (root * root) / (delta * delta);
}

function checkLevels(fn: string, alpha: number, power: number): void {
  if (!(alpha > 0 && alpha < 1)) {
    throw new RangeError(`${fn}: alpha must be in (0, 1), got ${alpha}`);
  }
  if (!(power >= 0.5 && power < 1)) {
    throw new RangeError(`${fn}: power must be in [0.5, 1), got ${power}`);
  }
}

function checkPsi(fn: string, psi: number): void {
  if (!(psi > 0 && psi <= 1)) {
    throw new RangeError(`${fn}: psi (share of discordant items) must be in (0, 1], got ${psi}`);
  }
}
