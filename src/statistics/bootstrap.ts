import { createRng } from './random.js';
import type { Interval } from './wilson.js';
import { groupBy } from '../util/groupBy.js';

/**
 * Cluster (block) bootstrap. Mutants made from the same source function share
 * its difficulty, so they are not independent: resampling single items would
 * pretend there are as many independent observations as mutants and give
 * intervals that are far too narrow. Resampling whole clusters keeps that
 * dependence, and each item carries both of its paired outcomes, so the
 * pairing is kept as well.
 */
export interface BootstrapResult {
  /** The statistic on the original data. */
  estimate: number;
  /** Percentile interval (α/2 and 1 − α/2 quantiles of the bootstrap distribution). */
  ci: Interval;
  /** Resamples whose statistic was finite; only these enter the interval. */
  resamples: number;
}

export interface ClusterBootstrapOptions<T extends { cluster: string }> {
  items: readonly T[];
  /** Computed on the pooled items of one resample (and once on the original items). */
  statistic: (items: readonly T[]) => number;
  resamples?: number;
  seed: number | string;
  alpha?: number;
}

/**
 * General cluster bootstrap: draw as many clusters as there are, with
 * replacement, pool their items and compute the statistic; the percentile
 * interval of those values is returned. Resamples where the statistic is not
 * finite (e.g. an empty denominator) are dropped and counted out of
 * `resamples`. Deterministic for a given seed and item order.
 */
export function clusterBootstrap<T extends { cluster: string }>({ items, statistic, resamples = 10000, seed, alpha = 0.05 }: ClusterBootstrapOptions<T>): BootstrapResult {
  checkOptions('clusterBootstrap', items.length, resamples, alpha);
  const clusters = groupByCluster(items);
  const k = clusters.length;
  const rng = createRng(seed);
  const values = new Float64Array(resamples);
  let kept = 0;
  const pooled: T[] = [];
  for (let r = 0; r < resamples; r++) {
    pooled.length = 0;
    for (let j = 0; j < k; j++) {
      const members = clusters[rng.int(k)]!;
      for (let i = 0; i < members.length; i++) pooled.push(members[i]!);
    }
    const v = statistic(pooled);
    if (Number.isFinite(v)) values[kept++] = v;
  }
  return {
    estimate: statistic(items),
    ci: percentileInterval(values.subarray(0, kept), alpha),
    resamples: kept,
  };
}

export interface PairedEffectItem {
  cluster: string;
  /** Outcome under the first (reference) condition. */
  from: 0 | 1;
  /** Outcome under the second condition. */
  to: 0 | 1;
}

export interface PairedEffectBootstrapOptions {
  items: readonly PairedEffectItem[];
  resamples?: number;
  seed: number | string;
  alpha?: number;
}

/**
 * Fast path for the audit's main effect, mean(to) − mean(from) over paired
 * binary outcomes, e.g. detection rate with a contaminating line minus
 * detection rate sealed.
 *
 * Only two numbers per cluster matter (its item count and Σ(to − from)), so
 * they are precomputed into typed arrays and each resample costs one random
 * draw and two additions per cluster, with no allocation. Draws the same
 * random sequence as `clusterBootstrap`, so both give the same interval for
 * this statistic and seed.
 */
export function pairedEffectBootstrap({ items, resamples = 10000, seed, alpha = 0.05 }: PairedEffectBootstrapOptions): BootstrapResult {
  checkOptions('pairedEffectBootstrap', items.length, resamples, alpha);
  const index = new Map<string, number>();
  const sizes: number[] = [];
  const diffs: number[] = [];
  let total = 0;
  for (const item of items) {
    if ((item.from !== 0 && item.from !== 1) || (item.to !== 0 && item.to !== 1)) {
      throw new RangeError(`pairedEffectBootstrap: outcomes must be 0 or 1, got from=${item.from}, to=${item.to} in cluster ${item.cluster}`);
    }
    let c = index.get(item.cluster);
    if (c === undefined) {
      c = sizes.length;
      index.set(item.cluster, c);
      sizes.push(0);
      diffs.push(0);
    }
    sizes[c] += 1;
    diffs[c] += item.to - item.from;
    total += item.to - item.from;
  }
  const k = sizes.length;
  const size = Int32Array.from(sizes);
  const diff = Int32Array.from(diffs);
  const rng = createRng(seed);
  const values = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let n = 0;
    let d = 0;
    for (let j = 0; j < k; j++) {
      const c = rng.int(k);
      n += size[c]!;
      d += diff[c]!;
    }
    values[r] = d / n; // n > 0: every cluster has at least one item
  }
  return {
    estimate: total / items.length,
    ci: percentileInterval(values, alpha),
    resamples,
  };
}

/**
 * Percentile interval with linear interpolation between order statistics
 * (Hyndman & Fan type 7, R's default), so the limits move smoothly with α and
 * do not depend on an arbitrary rounding of (B + 1)·α/2. Sorts `values` in place.
 */
export function percentileInterval(values: Float64Array, alpha = 0.05): Interval {
  if (values.length === 0) throw new RangeError('percentileInterval: no finite bootstrap values');
  values.sort();
  return [quantileSorted(values, alpha / 2), quantileSorted(values, 1 - alpha / 2)];
}

function quantileSorted(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

function groupByCluster<T extends { cluster: string }>(items: readonly T[]): T[][] {
  return [...groupBy(items, (item) => item.cluster).values()]; // first-appearance order, as in the fast path
}

function checkOptions(fn: string, count: number, resamples: number, alpha: number): void {
  if (count === 0) throw new RangeError(`${fn}: need at least one item`);
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`${fn}: resamples must be a positive integer, got ${resamples}`);
  }
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`${fn}: alpha must be in (0, 1), got ${alpha}`);
}
