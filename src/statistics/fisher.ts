/**
 * Fisher's exact test on a 2×2 table: x1 successes of n1 against x2 of n2.
 * Given the margins, the first group's successes are hypergeometric; the
 * two-sided p-value sums every table no more likely than the one observed
 * (the usual "minimum likelihood" definition, as R's fisher.test), with a
 * relative tolerance so that tables equal in probability are not lost to
 * rounding. Computed in log space: a few thousand canaries either side of a
 * change would underflow the probabilities themselves.
 */
export function fisherExact(x1: number, n1: number, x2: number, n2: number): number {
  for (const [name, v] of [
    ['x1', x1],
    ['n1', n1],
    ['x2', x2],
    ['n2', n2],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`fisherExact: ${name} must be a non-negative integer, got ${v}`);
  }
  if (x1 > n1 || x2 > n2) throw new RangeError(`fisherExact: successes exceed trials (${x1}/${n1}, ${x2}/${n2})`);
  const successes = x1 + x2;
  const lo = Math.max(0, successes - n2);
  const hi = Math.min(n1, successes);
  if (lo === hi) return 1;
  const logP = (k: number) => logChoose(n1, k) + logChoose(n2, successes - k);
  const observed = logP(x1);
  const tolerance = Math.log1p(1e-7);
  let max = -Infinity;
  const terms: number[] = [];
  for (let k = lo; k <= hi; k++) {
    const l = logP(k);
    terms.push(l);
    if (l > max) max = l;
  }
  let total = 0;
  let tail = 0;
  for (const l of terms) {
    const w = Math.exp(l - max);
    total += w;
    if (l <= observed + tolerance) tail += w;
  }
  return Math.min(1, tail / total);
}

/** log C(n, k), by the log-gamma function. */
function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

const FACTORIALS: number[] = [0];

/** log n!, exact sums up to a cache of 10,000 entries, Stirling's series beyond. */
function logFactorial(n: number): number {
  if (n < 10_000) {
    for (let i = FACTORIALS.length; i <= n; i++) FACTORIALS.push(FACTORIALS[i - 1]! + Math.log(i));
    return FACTORIALS[n]!;
  }
  return (n + 0.5) * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * n) - 1 / (360 * n ** 3);
}
