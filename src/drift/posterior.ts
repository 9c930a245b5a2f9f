/**
 * What the reference window says the normal rejection rate may be: a grid
 * over the Jeffreys posterior Beta(k + ½, n − k + ½).
 *
 * Thresholds are averaged over this grid instead of being set at the point
 * estimate. A threshold tuned to an estimate that happens to sit low is
 * crossed by the true, slightly higher rate within months; over a year of
 * daily monitoring that estimation error, not chance, is what would cause most
 * false alarms. Averaging makes the false-alarm rate hold over references too.
 */
export interface RateGrid {
  readonly rates: Float64Array;
  /** Posterior weights, summing to 1. */
  readonly weights: Float64Array;
}

const POINTS = 81;
const HALF_WIDTH_SD = 8;

export function referenceRateGrid(rejections: number, reviews: number): RateGrid {
  if (!(rejections > 0 && rejections < reviews)) {
    throw new RangeError(`referenceRateGrid: need 0 < rejections < reviews, got ${rejections}/${reviews}`);
  }
  const a = rejections + 0.5;
  const b = reviews - rejections + 0.5;
  const mean = a / (a + b);
  const sd = Math.sqrt((mean * (1 - mean)) / (a + b + 1));
  const lo = Math.max(mean - HALF_WIDTH_SD * sd, mean * 1e-3);
  const hi = Math.min(mean + HALF_WIDTH_SD * sd, 1 - (1 - mean) * 1e-3);
  const rates = new Float64Array(POINTS);
  const logDensity = new Float64Array(POINTS);
  let max = -Infinity;
  for (let i = 0; i < POINTS; i++) {
    const p = lo + ((hi - lo) * i) / (POINTS - 1);
    rates[i] = p;
    logDensity[i] = (a - 1) * Math.log(p) + (b - 1) * Math.log1p(-p);
    max = Math.max(max, logDensity[i]);
  }
  const weights = logDensity.map((l) => Math.exp(l - max));
  const total = weights.reduce((s, w) => s + w, 0);
  return { rates, weights: weights.map((w) => w / total) };
}

/** Posterior average of f(rate). */
export function averageOver(grid: RateGrid, f: (rate: number) => number): number {
  let sum = 0;
  grid.rates.forEach((p, i) => {
    sum += grid.weights[i] * f(p);
  });
  return sum;
}

/**
 * P(at least one false alarm) when `expected` are expected: these detectors'
 * false alarms are rare and nearly independent (run lengths close to
 * geometric once long compared with a detector's start-up), so Poisson.
 */
export function atLeastOne(expected: number): number {
  return -Math.expm1(-expected);
}
