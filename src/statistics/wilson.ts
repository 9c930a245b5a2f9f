/** Two-sided standard normal quantile for a 95% interval. */
const Z95 = 1.959963984540054;

export type Interval = [number, number];

/**
 * Wilson score interval for a binomial proportion. Unlike the Wald interval it
 * stays inside [0, 1] and keeps its coverage at 0/n and n/n, which matter here:
 * a critic that catches nothing or everything is a common, important result.
 */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || successes < 0 || n < 0 || successes > n) {
    throw new RangeError(`wilsonInterval: need integers 0 <= successes <= n, got ${successes}/${n}`);
  }
  if (n === 0) return [0, 1];
  return wilsonAt(successes / n, n, z);
}

/**
 * The same interval for a mean of per-item shares (an item reviewed several
 * times counts once, with the share of its repeats that flagged it), so that
 * repeats widen nothing and narrow nothing: n is the number of items.
 */
export function wilsonIntervalOfMean(mean: number, n: number, z = Z95): Interval {
  if (!Number.isInteger(n) || n < 0 || !(mean >= 0 && mean <= 1)) throw new RangeError(`wilsonIntervalOfMean: need 0 <= mean <= 1 and an integer n >= 0, got ${mean}, ${n}`);
  return n === 0 ? [0, 1] : wilsonAt(mean, n, z);
}

function wilsonAt(p: number, n: number, z: number): Interval {
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0/n and n/n the bound is exactly 0 or 1 in exact arithmetic; pin it so
  // rounding cannot leave a spurious 3e-17 or 0.9999999999999999.
  const lower = p === 0 ? 0 : Math.max(0, centre - half);
  const upper = p === 1 ? 1 : Math.min(1, centre + half);
  return [lower, upper];
}
