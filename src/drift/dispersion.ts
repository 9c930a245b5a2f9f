/**
 * Is the reference's rejection rate one rate, or does it vary from day to
 * day more than chance allows?
 *
 * Every threshold here assumes independent reviews at one constant rate.
 * When the daily rate itself wanders (a mix of task types that changes by the
 * day, batches of similar artifacts), day-level counts are more spread than a
 * binomial, the detectors read that spread as drift, and false alarms come far
 * more often than falseAlarmRate (a daily rate with a 2-point sd around 10%
 * gives about 40% a year instead of 5%). This is the check that says so.
 *
 * Pearson's dispersion test: X² = Σ (k_d − n_d p̂)² / (n_d p̂ (1 − p̂)) over the
 * days d, which is χ² with D − 1 degrees of freedom when every day has the
 * same rate p. Days are pooled in time order until each pool expects at least
 * MIN_EXPECTED rejections and approvals, so a thin first day or a low rate does
 * not break the χ² approximation.
 */
export interface Dispersion {
  /** UTC days with reviews. */
  days: number;
  /** Pools of consecutive days the test ran on (days, when each has enough reviews). */
  pools: number;
  chiSquare: number;
  df: number;
  /** X² / df: about 1 for a binomial, above for day-to-day variation. */
  ratio: number;
  pValue: number;
}

const MIN_EXPECTED = 5;

/** Reviews and rejections per day, in time order. Null when there is too little to test (fewer than two pools). */
export function dispersionTest(days: ReadonlyArray<readonly [reviews: number, rejections: number]>): Dispersion | null {
  let n = 0;
  let k = 0;
  for (const [reviews, rejections] of days) {
    n += reviews;
    k += rejections;
  }
  if (k === 0 || k === n) return null;
  const p = k / n;
  const pools: Array<[number, number]> = [];
  let current: [number, number] = [0, 0];
  for (const [reviews, rejections] of days) {
    current[0] += reviews;
    current[1] += rejections;
    if (current[0] * p >= MIN_EXPECTED && current[0] * (1 - p) >= MIN_EXPECTED) {
      pools.push(current);
      current = [0, 0];
    }
  }
  if (current[0] > 0 && pools.length) {
    const last = pools[pools.length - 1]!;
    last[0] += current[0];
    last[1] += current[1];
  }
  if (pools.length < 2) return null;
  let chiSquare = 0;
  for (const [reviews, rejections] of pools) chiSquare += (rejections - reviews * p) ** 2 / (reviews * p * (1 - p));
  const df = pools.length - 1;
  return { days: days.filter(([reviews]) => reviews > 0).length, pools: pools.length, chiSquare, df, ratio: chiSquare / df, pValue: chiSquareSurvival(chiSquare, df) };
}

/** P(χ²_df ≥ x): the regularized upper incomplete gamma Q(df / 2, x / 2). */
export function chiSquareSurvival(x: number, df: number): number {
  if (x <= 0) return 1;
  return upperGamma(df / 2, x / 2);
}

/** Q(a, x) by its series (x < a + 1) or continued fraction (Numerical Recipes, 3rd ed., §6.2). */
function upperGamma(a: number, x: number): number {
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let i = 1; i < 10_000; i++) {
      term *= x / (a + i);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Modified Lentz.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** Lanczos approximation (g = 7, 9 terms), relative error below 1e-14 for a > 0. */
function logGamma(a: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const z = a - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
