import { WindowSum } from './windowSum.js';
import { atLeastOne, referenceRateGrid, type RateGrid } from './posterior.js';

/**
 * Two-sided Bernoulli CUSUM (Reynolds & Stoumbos, J. Quality Technology 31,
 * 1999) on the verdict stream, one review at a time.
 *
 * Each side accumulates the log-likelihood ratio of "the rate moved to the
 * design rate p1" against "it is still p0". The two log-ratios are rounded to
 * a ratio of whole numbers, so the statistic lives on the integers: an
 * approval moves it one step, a rejection `jump` steps. On the integers its
 * exact run-length distribution follows from a Markov chain (runLengths), so
 * thresholds do not depend on simulation noise.
 */
export type Direction = 'increase' | 'decrease';

export interface CusumSide {
  direction: Direction;
  /** The rate this side detects fastest. */
  designRate: number;
  /** Log-likelihood ratio, in nats, of one step of the statistic. */
  unit: number;
  /** Steps a rejection moves the statistic (up for 'increase', down for 'decrease'). */
  jump: number;
}

export function designSide(direction: Direction, p0: number, ratio: number): CusumSide {
  // Keep p1 inside (0, 1): for a high p0 "doubling" means halfway to 1.
  const p1 = direction === 'increase' ? Math.min(p0 * ratio, (1 + p0) / 2) : p0 * ratio;
  const approvalNats = Math.abs(Math.log((1 - p1) / (1 - p0)));
  const rejectionNats = Math.abs(Math.log(p1 / p0));
  return { direction, designRate: p1, unit: approvalNats, jump: Math.max(1, Math.round(rejectionNats / approvalNats)) };
}

export function step(side: CusumSide, statistic: number, rejected: boolean): number {
  if (side.direction === 'increase') return rejected ? statistic + side.jump : Math.max(0, statistic - 1);
  return rejected ? Math.max(0, statistic - side.jump) : statistic + 1;
}

/**
 * Average run length, in reviews, from a zero start to the first alarm, for
 * every threshold h = 1..hMax (index h), when rejections occur at `rate`.
 * Exact for the integer chain, O(hMax). Returns null for an increase chart
 * whose statistic drifts upwards at this rate: it alarms within roughly
 * h / drift reviews, which callers treat as "certain to alarm".
 */
export function runLengths(side: CusumSide, rate: number, hMax: number): Float64Array | null {
  return side.direction === 'increase' ? increaseRunLengths(side.jump, rate, hMax) : decreaseRunLengths(side.jump, rate, hMax);
}

/**
 * Decrease chart: +1 per approval, −m per rejection, floor 0. It climbs one
 * step at a time, so ARL(h) = Σ_{j<h} T_j with T_j the expected time to first
 * climb from j to j + 1. From j a rejection drops it to max(0, j − m), from
 * where it must climb back through j − m … j:
 *   T_j = (1 + p Σ_{i=max(0,j−m)}^{j−1} T_i) / (1 − p).
 */
function decreaseRunLengths(m: number, p: number, hMax: number): Float64Array {
  const arl = new Float64Array(hMax + 1);
  const recent = new WindowSum(m);
  for (let j = 0; j < hMax; j++) {
    const t = (1 + p * recent.sum()) / (1 - p);
    recent.push(t);
    arl[j + 1] = arl[j] + t;
  }
  return arl;
}

/**
 * Increase chart: −1 per approval, +m per rejection, floor 0. It returns to 0
 * one step at a time, so time splits into cycles from 0: an approval at 0 ends
 * a one-review cycle; a rejection jumps to m, and the cycle ends on reaching 0
 * (probability R) or the alarm. By renewal, ARL = E[cycle] / P(alarm in cycle)
 * = (1 + p E_m) / (p (1 − R)).
 *
 * Seen from the alarm (x = h − 1 − S) the excursion is a walk that climbs one
 * step at a time and is absorbed on reaching a = h − 1 or on falling below 0,
 * the textbook case for a scale function W (W(x) = 0 for x < 0, W(0) = 1,
 * W(x) = (1 − p) W(x + 1) + p W(x − m)): from x0 = h − m − 1,
 *   R = W(x0) / W(a),  E = [W(x0) Σ_{y=x0}^{a−1} W(y) / (1 − p) − W̄(x0) (W(a) − W(x0))] / W(a),
 * with W̄(x) = Σ_{y<x} W(y) / (1 − p). The increments d(y) = W(y + 1) − W(y)
 * satisfy d(y) = p / (1 − p) · (Σ_{z=y−m}^{y−1} d(z) + [y < m]), a sum of
 * positives, so W(a) − W(x0) = (1 − p) / p · d(a) is computed without the
 * cancellation a direct difference would suffer.
 */
function increaseRunLengths(m: number, p: number, hMax: number): Float64Array | null {
  const q = 1 - p;
  if (p * m - q >= 0) return null;
  const arl = new Float64Array(hMax + 1);
  const w = new Float64Array(hMax); // W(y)
  const wBefore = new Float64Array(hMax); // Σ_{z<y} W(z)
  const recentD = new WindowSum(m);
  const recentW = new WindowSum(m);
  let wSum = 0;
  let dSum = 0;
  for (let y = 0; y < hMax; y++) {
    const d = (p / q) * (recentD.sum() + (y < m ? 1 : 0));
    const wy = 1 + dSum;
    w[y] = wy;
    wBefore[y] = wSum;
    const h = y + 1;
    if (h <= m) {
      arl[h] = 1 / p; // the first rejection alarms
    } else {
      const x0 = y - m;
      const rise = (q / p) * d; // W(a) − W(x0)
      const exit = ((w[x0] * recentW.sum()) / q - (wBefore[x0] / q) * rise) / wy;
      arl[h] = (1 + p * exit) / (p * (rise / wy));
    }
    recentD.push(d);
    recentW.push(wy);
    dSum += d;
    wSum += wy;
  }
  return arl;
}

/**
 * Thresholds are searched up to this many nats of evidence: first a cheap
 * pass, then the full range. Each pass recomputes the run lengths from h = 1,
 * and they do not depend on the cap, so any cap sequence ending at 96 gives
 * the same answer; two passes keep both a usual reference (done within 24
 * nats) and one too small for any threshold (all 96 tried) cheap.
 */
const NATS_CAPS = [24, 96];

export interface Calibration {
  /** Threshold in steps of the statistic; null when no threshold within 96 nats meets the target. */
  threshold: number | null;
  /** Posterior-averaged chance of a false alarm within the horizon at that threshold. */
  falseAlarm: number;
}

/**
 * Smallest threshold whose chance of a false alarm within `horizonReviews`,
 * averaged over what the reference says the rate may be, is at most `target`.
 */
export function calibrate(side: CusumSide, grid: RateGrid, horizonReviews: number, target: number): Calibration {
  let falseAlarm = 1;
  for (const nats of NATS_CAPS) {
    const hMax = Math.ceil(nats / side.unit) + side.jump;
    const average = new Float64Array(hMax + 1);
    grid.rates.forEach((rate, i) => {
      const weight = grid.weights[i];
      const arl = runLengths(side, rate, hMax);
      if (!arl) {
        for (let h = 1; h <= hMax; h++) average[h] += weight;
        return;
      }
      for (let h = 1; h <= hMax; h++) {
        // atLeastOne(x), without calling expm1 at either end (most of the thresholds searched
        // when none meets the target): 1 beyond x = 40 (e^−40 < 1e−17), and 1 − e^−x by its
        // series, to relative error x³/24 < 1e−13, below x = 1e−4.
        const x = horizonReviews / arl[h];
        average[h] += weight * (x > 40 ? 1 : x < 1e-4 ? x * (1 - x * (0.5 - x / 6)) : atLeastOne(x));
      }
    });
    for (let h = 1; h <= hMax; h++) {
      if (average[h] <= target) return { threshold: h, falseAlarm: average[h] };
    }
    falseAlarm = average[hMax];
  }
  return { threshold: null, falseAlarm };
}

/**
 * How many reviews a reference at the same rate (and the same horizon) would
 * need for this side to get a threshold: the answer to "the CUSUM is off,
 * what would turn it on?". Searched from `from` reviews up to within 5%;
 * near the boundary the false-alarm chance is not quite monotone in the size
 * (thresholds are whole numbers), so it is an "about" figure. Null
 * when no size would, as for the rising side at a rate of 50% or more, whose
 * whole-number steps (a rejection +1, an approval −1) climb even without a change.
 */
export function referenceReviewsNeeded(side: CusumSide, rate: number, horizonReviews: number, target: number, from: number): number | null {
  if (side.direction === 'increase' && rate * side.jump - (1 - rate) >= 0) return null;
  const enough = (n: number) => calibrate(side, referenceRateGrid(rate * n, n), horizonReviews, target).threshold !== null;
  let lo = Math.max(1, from);
  let hi = 2 * lo;
  while (!enough(hi)) {
    if (hi > 1e8) return null;
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1 && hi > 1.05 * lo) {
    const mid = Math.min(hi - 1, Math.max(lo + 1, Math.round(Math.sqrt(lo * hi))));
    if (enough(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
