import { normalQuantile } from './normal.js';
import { wilsonInterval, wilsonIntervalOfMean, type Interval } from './wilson.js';

/**
 * Confidence intervals for a difference of two proportions by Newcombe's
 * "method 10" (hybrid score): combine the two Wilson intervals by squaring and
 * adding their one-sided distances. Unlike Wald (p̂1 − p̂2 ± z·se) it never
 * leaves [−1, 1], is not degenerate at 0/n or n/n, and keeps close to nominal
 * coverage at the small counts a single mutator produces.
 */
export interface DifferenceInterval {
  /** Point estimate p̂1 − p̂2. */
  delta: number;
  /** Two-sided (1 − α) interval for p1 − p2. */
  ci: Interval;
}

/**
 * Unpaired difference p1 − p2 of x1/n1 and x2/n2 (Newcombe, Statist. Med. 17
 * (1998) 873–890, method 10):
 *   L = δ − √((p̂1 − l1)² + (u2 − p̂2)²),  U = δ + √((u1 − p̂1)² + (p̂2 − l2)²)
 * where (l, u) are the Wilson limits. Use it when the two rates come from
 * different items, e.g. two critics reviewing disjoint mutant sets.
 */
export function newcombeDifference(x1: number, n1: number, x2: number, n2: number, alpha = 0.05): DifferenceInterval {
  for (const [x, n, name] of [
    [x1, n1, 'first'],
    [x2, n2, 'second'],
  ] as const) {
    if (!Number.isInteger(x) || !Number.isInteger(n) || x < 0 || n <= 0 || x > n) {
      throw new RangeError(`newcombeDifference: ${name} sample needs integers 0 <= x <= n, n > 0, got ${x}/${n}`);
    }
  }
  const z = zFor('newcombeDifference', alpha);
  return squareAndAdd(x1 / n1, wilsonInterval(x1, n1, z), x2 / n2, wilsonInterval(x2, n2, z));
}

/** Method 10's square-and-add step: the difference of two rates, each with its own Wilson limits. */
function squareAndAdd(p1: number, [l1, u1]: readonly [number, number], p2: number, [l2, u2]: readonly [number, number]): DifferenceInterval {
  const delta = p1 - p2;
  const lower = delta - Math.hypot(p1 - l1, u2 - p2);
  const upper = delta + Math.hypot(u1 - p1, p2 - l2);
  return { delta, ci: [Math.max(-1, lower), Math.min(1, upper)] };
}

/**
 * The same unpaired interval for two rates that are means of per-item shares
 * (an item reviewed several times counts once, with the share of its repeats
 * that flagged it), n the items behind each: the Wilson limits are those of
 * wilsonIntervalOfMean. With whole counts it is newcombeDifference.
 */
export function newcombeDifferenceOfRates(p1: number, n1: number, p2: number, n2: number, alpha = 0.05): DifferenceInterval {
  for (const [p, n, name] of [
    [p1, n1, 'first'],
    [p2, n2, 'second'],
  ] as const) {
    if (!Number.isInteger(n) || n <= 0 || !(p >= 0 && p <= 1)) throw new RangeError(`newcombeDifferenceOfRates: ${name} sample needs 0 <= rate <= 1 and an integer n > 0, got ${p}, ${n}`);
  }
  const z = zFor('newcombeDifferenceOfRates', alpha);
  return squareAndAdd(p1, wilsonIntervalOfMean(p1, n1, z), p2, wilsonIntervalOfMean(p2, n2, z));
}

/**
 * Paired difference of two flag rates measured on the same n items (Newcombe,
 * "Improved confidence intervals for the difference between binomial
 * proportions based on paired data", Statist. Med. 17 (1998) 2635–2650,
 * method 10). Cells: a = flagged under both conditions, b = first only,
 * c = second only, d = neither; δ = p̂1 − p̂2 = (b − c)/n.
 *
 * The paired design makes the two rates positively correlated, which narrows
 * the interval; the square-and-add step subtracts 2·φ·(distance₁)(distance₂),
 * with φ the correlation of the 2×2 table. Newcombe's continuity-corrected φ
 * is used: ad − bc is shrunk towards 0 by n/2 when positive (and set to 0 if
 * that overshoots), left alone when negative, and φ = 0 when any margin is
 * empty. The correction keeps the interval from being too narrow at small n.
 */
export function pairedDifferenceInterval(a: number, b: number, c: number, d: number, alpha = 0.05): DifferenceInterval {
  for (const [v, name] of [
    [a, 'a'],
    [b, 'b'],
    [c, 'c'],
    [d, 'd'],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) {
      throw new RangeError(`pairedDifferenceInterval: cell ${name} must be a non-negative integer, got ${v}`);
    }
  }
  const n = a + b + c + d;
  if (n === 0) throw new RangeError('pairedDifferenceInterval: need at least one paired item');
  const z = zFor('pairedDifferenceInterval', alpha);

  const x1 = a + b; // flagged under the first condition
  const x2 = a + c; // flagged under the second condition
  const p1 = x1 / n;
  const p2 = x2 / n;
  const [l1, u1] = wilsonInterval(x1, n, z);
  const [l2, u2] = wilsonInterval(x2, n, z);

  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  let phi = 0;
  if (margins > 0) {
    const cross = a * d - b * c;
    const corrected = cross > 0 ? Math.max(cross - n / 2, 0) : cross;
    phi = corrected / Math.sqrt(margins);
  }

  const delta = (b - c) / n;
  const dl1 = p1 - l1;
  const du1 = u1 - p1;
  const dl2 = p2 - l2;
  const du2 = u2 - p2;
  // max(0, ·) guards the square root against rounding when φ is near 1.
  const lower = delta - Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2));
  const upper = delta + Math.sqrt(Math.max(0, du1 * du1 - 2 * phi * du1 * dl2 + dl2 * dl2));
  return { delta, ci: [Math.max(-1, lower), Math.min(1, upper)] };
}

function zFor(fn: string, alpha: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`${fn}: alpha must be in (0, 1), got ${alpha}`);
  return normalQuantile(1 - alpha / 2);
}
