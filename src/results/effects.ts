import { SEALED_CONDITION, type ConditionName } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { pairedEffectBootstrap, type PairedEffectItem } from '../statistics/bootstrap.js';
import type { Interval } from '../statistics/wilson.js';
import { isFlagged, type ItemOutcomes } from './itemOutcomes.js';
import { ALL_MUTANTS, CONTROL } from './tabulate.js';

export const DEFAULT_RESAMPLES = 10_000;

/** One condition's effect against clean: mean flag rate under `to` minus under clean, on the same items. */
export interface BootstrapEffect {
  mutator: string;
  from: 'clean';
  to: ConditionName;
  n: number;
  clusters: number;
  estimate: number;
  /** 95% percentile interval over the resamples. */
  ci: Interval;
  /** The exact seed this effect's resampling used (a string the RNG hashes): reproducible with pairedEffectBootstrap. */
  seed: string;
}

export interface BootstrapSummary {
  method: 'cluster-percentile';
  /** The base seed (the config's bootstrap.seed, else the run's seed). */
  seed: number;
  resamples: number;
  alpha: number;
  effects: BootstrapEffect[];
}

/**
 * Seed 000's "resampling the 30 functions": for each mutator (and all
 * mutants pooled, and the originals) and each contaminated condition, a
 * cluster bootstrap of the paired effect. Clusters (the fixture's `cluster`)
 * are drawn with replacement and each item keeps both of its outcomes, so
 * both the shared difficulty of a fixture's mutants and the pairing survive.
 */
export function bootstrapEffects(
  items: readonly ItemRecord[],
  outcomes: ItemOutcomes,
  conditions: readonly ConditionName[],
  options: { critic: string; seed: number; resamples?: number },
): BootstrapSummary {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const alpha = 0.05;
  const groups = new Map<string, ItemRecord[]>();
  const add = (g: string, item: ItemRecord) => (groups.get(g) ?? groups.set(g, []).get(g)!).push(item);
  for (const item of items) {
    if (item.mutator) {
      add(item.mutator, item);
      add(ALL_MUTANTS, item);
    } else add(CONTROL, item);
  }
  const order = [...groups.keys()]
    .filter((g) => g !== ALL_MUTANTS && g !== CONTROL)
    .concat(ALL_MUTANTS, CONTROL)
    .filter((g) => groups.has(g));
  const effects: BootstrapEffect[] = [];
  for (const group of order) {
    for (const to of conditions) {
      if (to === SEALED_CONDITION) continue;
      const paired: PairedEffectItem[] = [];
      for (const item of groups.get(group)!) {
        const x = outcomes.of(item.id, SEALED_CONDITION);
        const y = outcomes.of(item.id, to);
        if (!x?.answered || !y?.answered) continue;
        paired.push({ cluster: item.cluster, from: isFlagged(x) ? 1 : 0, to: isFlagged(y) ? 1 : 0 });
      }
      if (paired.length === 0) continue;
      const seed = `${options.seed}:${options.critic}:${group}:${to}`;
      const result = pairedEffectBootstrap({ items: paired, resamples, seed, alpha });
      effects.push({ mutator: group, from: 'clean', to, n: paired.length, clusters: new Set(paired.map((p) => p.cluster)).size, estimate: result.estimate, ci: result.ci, seed });
    }
  }
  return { method: 'cluster-percentile', seed: options.seed, resamples, alpha, effects };
}
