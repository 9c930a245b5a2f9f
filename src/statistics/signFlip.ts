/**
 * An exact one-sided paired test of a weighted sum of per-item differences,
 * by sign flipping (the permutation distribution of a paired design). Each
 * item i has a difference d_i in {−1, 0, +1} between two conditions and a
 * weight w_g for its group g; the statistic is D = Σ w_g·d_i. Under the
 * sharp null that the two conditions are exchangeable within every item,
 * each discordant item (d_i ≠ 0) is +1 or −1 with probability 1/2,
 * independently, so with k_g discordant items in group g and B_g of them +1,
 * D = Σ_g w_g·(2·B_g − k_g), B_g ~ Binomial(k_g, 1/2). The p-value is
 * P(D ≥ observed), summed exactly over the B_g (two groups: k_1·k_2 terms).
 *
 * With one group it is McNemar's one-sided exact test; with two groups and
 * w_g = 1/n_g it tests a difference of discriminations (catch rate on the
 * mutants minus false-alarm rate on the originals), which weighs the
 * originals as much as the mutants however many fewer they are.
 */
export interface SignFlipGroup {
  /** Discordant items in favour of the first condition (d = +1). */
  plus: number;
  /** Discordant items in favour of the second (d = −1). */
  minus: number;
  /** The weight of each of its items' differences (1/n for a rate over n items). */
  weight: number;
}

export function signFlipUpperTail(groups: readonly [SignFlipGroup, SignFlipGroup]): number {
  for (const g of groups) {
    if (!Number.isInteger(g.plus) || !Number.isInteger(g.minus) || g.plus < 0 || g.minus < 0 || !(g.weight > 0)) {
      throw new RangeError(`signFlipUpperTail: need non-negative integer counts and a positive weight, got ${JSON.stringify(g)}`);
    }
  }
  const [a, b] = groups;
  const ka = a.plus + a.minus;
  const kb = b.plus + b.minus;
  const observed = a.weight * (a.plus - a.minus) + b.weight * (b.plus - b.minus);
  // Ties in floating point: the observed value itself counts as reached.
  const tolerance = 1e-9 * (a.weight * ka + b.weight * kb + 1);
  const pa = binomialHalfPmf(ka);
  const pb = binomialHalfPmf(kb);
  let p = 0;
  for (let i = 0; i <= ka; i++) {
    const da = a.weight * (2 * i - ka);
    // The smallest B_b reaching the observed value, given B_a = i; every larger one does too.
    const need = Math.ceil(((observed - da) / b.weight + kb) / 2 - tolerance / b.weight);
    let tail = 0;
    for (let j = Math.max(0, need); j <= kb; j++) tail += pb[j]!;
    p += pa[i]! * tail;
  }
  return Math.min(1, p);
}

/** P(B = j), j = 0..k, for B ~ Binomial(k, 1/2), through logs (2^-k underflows past k = 1,074). */
function binomialHalfPmf(k: number): Float64Array {
  const out = new Float64Array(k + 1);
  let log = -k * Math.LN2;
  for (let j = 0; j <= k; j++) {
    if (j > 0) log += Math.log((k - j + 1) / j);
    out[j] = Math.exp(log);
  }
  return out;
}
