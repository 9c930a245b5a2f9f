import { ALL_MUTATORS } from '../../mutators/index.js';
import { mutatorCoverage, whyUnusable, type GenerationCounts } from '../mutants/coverage.js';
import { fixturesWithout, type Condition, type ContaminantSource } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import type { GatedMutator } from './gate.js';

const KIND_OF = new Map<string, string>(ALL_MUTATORS.map((m) => [m.name, m.kind]));

/**
 * The configured mutators a critic's catch rates are gated on, so that one
 * with no valid mutant gets a no-data gate instead of none: those of the
 * artifact kinds the critic reviewed (every kind in the suite while it has
 * reviewed nothing; a text checker has no code gates). Each says why it made
 * no valid mutant: no site to mutate, or every mutant ignored, with the top
 * reasons (the words `critic-audit check` uses).
 */
export function gatedMutators(mutators: readonly string[], generation: GenerationCounts, items: readonly ItemRecord[], outcomes: ItemOutcomes): GatedMutator[] {
  const reviewed = new Set<string>(items.filter((i) => outcomes.has(i.id)).map((i) => i.kind));
  const kinds = reviewed.size ? reviewed : new Set<string>(items.map((i) => i.kind));
  const coverage = new Map(mutatorCoverage(mutators, [generation]).map((c) => [c.mutator, c]));
  // A registered mutator's kind is its own; an authored type's are those of the fixtures its mutants came from.
  const itemKinds = new Map<string, Set<string>>();
  for (const i of items) if (i.mutator && !KIND_OF.has(i.mutator)) (itemKinds.get(i.mutator) ?? itemKinds.set(i.mutator, new Set()).get(i.mutator)!).add(i.kind);
  const kindsOf = (name: string) => (KIND_OF.has(name) ? [KIND_OF.get(name)!] : [...(itemKinds.get(name) ?? [])]);
  return mutators
    .filter((name) => kindsOf(name).length === 0 || kindsOf(name).some((k) => kinds.has(k)))
    .map((name) => {
      const why = whyUnusable(coverage.get(name)!);
      return { name, noMutants: why === null ? null : `${name} made no valid mutant (${why})` };
    });
}

/**
 * The gated mutators whose artifacts are of one of these kinds (every one
 * when `kinds` is undefined): those a condition that applies to some kinds
 * only (blind: text) can measure.
 */
export function mutatorsOfKinds(mutators: readonly GatedMutator[], kinds: readonly string[] | undefined, items: readonly ItemRecord[]): GatedMutator[] {
  if (!kinds) return [...mutators];
  const ofItems = new Map<string, Set<string>>();
  for (const i of items) if (i.mutator) (ofItems.get(i.mutator) ?? ofItems.set(i.mutator, new Set()).get(i.mutator)!).add(i.kind);
  return mutators.filter(({ name }) => {
    const own = KIND_OF.has(name) ? [KIND_OF.get(name)!] : [...(ofItems.get(name) ?? [])];
    return own.some((k) => kinds.includes(k));
  });
}

/**
 * The run's conditions that cannot apply to a critic: none of the fixtures of
 * the kinds it reviewed can carry their contaminant (a critic of reviews
 * under with-trace: a review has no worker's trace). Their gates are left out
 * for it, rather than failing for want of data it could never have.
 */
export function conditionsNotApplicable(
  conditions: readonly Condition[],
  fixtures: ReadonlyArray<ContaminantSource & { id: string; kind: string }>,
  items: readonly ItemRecord[],
  outcomes: ItemOutcomes,
): string[] {
  const reviewed = new Set<string>(items.filter((i) => outcomes.has(i.id)).map((i) => i.kind));
  const own = fixtures.filter((f) => reviewed.has(f.kind));
  if (!own.length) return [];
  return conditions.filter((c) => fixturesWithout(c, own).length === own.length).map((c) => c.name);
}
