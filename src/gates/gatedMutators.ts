import { ALL_MUTATORS } from '../../mutators/index.js';
import type { IgnoredMutant } from '../mutants/types.js';
import type { ItemRecord } from '../requests/items.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import { groupBy } from '../util/groupBy.js';
import type { GatedMutator } from './evaluate.js';

/** Ignored-mutant reasons named in a no-data gate's detail. */
const TOP_REASONS = 3;

const KIND_OF = new Map<string, string>(ALL_MUTATORS.map((m) => [m.name, m.kind]));

/**
 * The configured mutators a critic's catch rates are gated on, so that one
 * with no valid mutant gets a no-data gate instead of none: those of the
 * artifact kinds the critic reviewed (every kind in the suite while it has
 * reviewed nothing; a text checker has no code gates). Each says why it made
 * no valid mutant: no site to mutate, or every mutant ignored, with the top reasons.
 */
export function gatedMutators(mutators: readonly string[], validByMutator: Readonly<Record<string, { valid: number }>>, ignored: readonly IgnoredMutant[], items: readonly ItemRecord[], outcomes: ItemOutcomes): GatedMutator[] {
  const reviewed = new Set<string>(items.filter((i) => outcomes.has(i.id)).map((i) => i.kind));
  const kinds = reviewed.size ? reviewed : new Set<string>(items.map((i) => i.kind));
  const ignoredBy = groupBy(ignored, (m) => m.mutator);
  return mutators
    .filter((name) => !KIND_OF.has(name) || kinds.has(KIND_OF.get(name)!))
    .map((name) => ({ name, noMutants: (validByMutator[name]?.valid ?? 0) > 0 ? null : whyNone(name, KIND_OF.get(name), ignoredBy.get(name) ?? []) }));
}

function whyNone(mutator: string, kind: string | undefined, ignored: readonly IgnoredMutant[]): string {
  if (ignored.length === 0) return `${mutator} made no valid mutant: it found no site to mutate in the ${kind ? `${kind} ` : ''}fixtures`;
  const reasons = [...groupBy(ignored, (m) => m.reason)].sort((a, b) => b[1].length - a[1].length);
  const top = reasons.slice(0, TOP_REASONS).map(([reason, list]) => `${reason} (${list.length})`).join('; ');
  return `${mutator} made no valid mutant: all ${ignored.length} were ignored by the validity oracle: ${top}${reasons.length > TOP_REASONS ? `; ${others(reasons.length - TOP_REASONS)}` : ''}`;
}

const others = (n: number) => `${n} other reason${n === 1 ? '' : 's'}`;
