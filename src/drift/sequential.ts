/**
 * Always-valid test of "the monitored rejection rate differs from the
 * reference rate" (a beta-binomial mixture, or "universal inference",
 * e-process; Wasserman, Ramdas & Balakrishnan, PNAS 2020).
 *
 * Numerator: the probability of every verdict so far under a Bayesian
 * mixture, built one review at a time from predictive probabilities: a
 * Jeffreys Beta(½, ½) prior for the reference reviews, and for the monitored
 * reviews a separate prior centred on the reference rate, worth
 * `priorStrength` reviews. Denominator: the best single-rate likelihood for
 * reference and monitored reviews together. Under "one unchanged rate" the
 * ratio is bounded by a test martingale, so by Ville's inequality it ever
 * reaching 1/α has probability at most α, however often it is looked at.
 * The reference is part of the data, so its own sampling error is paid for
 * instead of being mistaken for drift.
 */
export interface SequentialState {
  rejections: number;
  reviews: number;
  /** log numerator so far. */
  logMixture: number;
  /** Prior for the monitored reviews; null while the reference is still being read. */
  prior: { a: number; b: number } | null;
  monitoredRejections: number;
  monitoredReviews: number;
  /** Largest log e-value seen: the p-value is exp(−maxLogE), valid under continuous monitoring. */
  maxLogE: number;
}

export function newSequential(): SequentialState {
  return { rejections: 0, reviews: 0, logMixture: 0, prior: null, monitoredRejections: 0, monitoredReviews: 0, maxLogE: 0 };
}

/** Ends the reference: later reviews are scored under a prior centred on its rate. */
export function startMonitoring(state: SequentialState, priorStrength: number): void {
  const rate = state.rejections / state.reviews;
  state.prior = { a: rate * priorStrength, b: (1 - rate) * priorStrength };
}

export function observe(state: SequentialState, rejected: boolean): void {
  const { a, b } = state.prior ?? { a: 0.5, b: 0.5 };
  const k = state.prior ? state.monitoredRejections : state.rejections;
  const n = state.prior ? state.monitoredReviews : state.reviews;
  state.logMixture += Math.log((rejected ? a + k : b + n - k) / (a + b + n));
  state.reviews += 1;
  if (rejected) state.rejections += 1;
  if (!state.prior) return;
  state.monitoredReviews += 1;
  if (rejected) state.monitoredRejections += 1;
  state.maxLogE = Math.max(state.maxLogE, logE(state));
}

export function logE(state: SequentialState): number {
  const { rejections: k, reviews: n } = state;
  const logBest = (k > 0 ? k * Math.log(k / n) : 0) + (k < n ? (n - k) * Math.log1p(-k / n) : 0);
  return state.logMixture - logBest;
}

export function sequentialPValue(state: SequentialState): number {
  return Math.min(1, Math.exp(-state.maxLogE));
}
