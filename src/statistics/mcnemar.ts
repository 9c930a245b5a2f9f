/**
 * McNemar's exact test on the discordant pairs of a paired design: b items
 * flagged under the first condition only, c under the second only. Under the
 * null each discordant item falls either way with probability 1/2, so the
 * smaller count is Binomial(b + c, 1/2).
 *
 * Computed in log space: 2^-(b+c) underflows a double once b + c exceeds 1,074,
 * and audits with thousands of mutants reach that.
 */
export function mcnemarExact(b: number, c: number): number {
  return Math.exp(logMcnemarExact(b, c));
}

/** One-sided exact p-value for "the first condition flags more than the second" (b > c). */
export function mcnemarExactOneSided(b: number, c: number): number {
  return Math.exp(logMcnemarExactOneSided(b, c));
}

/**
 * Natural log of the two-sided exact p-value. A p-value below ~1e-308 becomes
 * 0 (or a subnormal) as a double; its log is still finite and exact enough to
 * report ("p < 10^-400") or compare.
 */
export function logMcnemarExact(b: number, c: number): number {
  assertCounts(b, c);
  const n = b + c;
  if (n === 0) return 0;
  return Math.min(0, Math.LN2 + logBinomialLowerTail(Math.min(b, c), n));
}

/** Natural log of the one-sided exact p-value for b > c. */
export function logMcnemarExactOneSided(b: number, c: number): number {
  assertCounts(b, c);
  const n = b + c;
  if (n === 0) return 0;
  return Math.min(0, logBinomialLowerTail(c, n));
}

/** log P(X <= k) for X ~ Binomial(n, 1/2), summed with log-sum-exp. */
function logBinomialLowerTail(k: number, n: number): number {
  const logHalfN = -n * Math.LN2;
  let logTerm = logHalfN; // log C(n, 0) / 2^n
  let logSum = logTerm;
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    logSum = logAddExp(logSum, logTerm);
  }
  return logSum;
}

function logAddExp(a: number, b: number): number {
  const hi = Math.max(a, b);
  return hi + Math.log1p(Math.exp(Math.min(a, b) - hi));
}

function assertCounts(b: number, c: number): void {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) {
    throw new RangeError(`McNemar: discordant counts must be non-negative integers, got b=${b}, c=${c}`);
  }
}
