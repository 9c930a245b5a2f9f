import { ALL_MUTATORS } from '../../mutators/index.js';
import { AUTHORED_MUTANT_TYPES } from '../fixtures/plan.js';
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
 * reviewed nothing; a text checker has no code gates, the critics of code
 * have them), and those of a kind the suite has no fixture of (no critic
 * could measure them). Each says why it made no valid mutant: no fixture of
 * its kind, no site to mutate, or every mutant ignored, with the top reasons
 * (the words `critic-audit check` uses).
 */
export function gatedMutators(mutators: readonly string[], generation: GenerationCounts, items: readonly ItemRecord[], outcomes: ItemOutcomes): GatedMutator[] {
  const suite = new Set<string>(items.map((i) => i.kind));
  const reviewed = new Set<string>(items.filter((i) => outcomes.has(i.id)).map((i) => i.kind));
  const kinds = reviewed.size ? reviewed : suite;
  const coverage = new Map(mutatorCoverage(mutators, [generation]).map((c) => [c.mutator, c]));
  // A registered mutator's kind is its own; an authored type's are those of the fixtures its mutants came from.
  const itemKinds = new Map<string, Set<string>>();
  for (const i of items) if (i.mutator && !KIND_OF.has(i.mutator)) (itemKinds.get(i.mutator) ?? itemKinds.set(i.mutator, new Set()).get(i.mutator)!).add(i.kind);
  const kindsOf = (name: string) => (KIND_OF.has(name) ? [KIND_OF.get(name)!] : [...(itemKinds.get(name) ?? [])]);
  return mutators
    .filter((name) => kindsOf(name).length === 0 || kindsOf(name).some((k) => kinds.has(k) || !suite.has(k)))
    .map((name) => {
      const absent = kindsOf(name).filter((k) => !suite.has(k));
      const why = absent.length ? `no ${absent.join(' or ')} fixture in the suite` : whyUnusable(coverage.get(name)!);
      return { name, noMutants: why === null ? null : `${name} made no valid mutant (${why})` };
    });
}

/**
 * The gated mutators, and each mutator a per-mutator threshold names that
 * the run does not have (not in `mutators:`, or an authored type no fixture
 * gives), as a member with nothing to measure: a gate named for it is then
 * never silently absent. A named mutator the run has but the critic does not
 * review is left out, as in gatedMutators.
 */
export function withNamed(gated: readonly GatedMutator[], named: readonly string[], runMutators: readonly string[]): GatedMutator[] {
  const missing = named.filter((name) => !runMutators.includes(name) && !gated.some((m) => m.name === name));
  return [
    ...gated,
    ...missing.map((name) => ({
      name,
      noMutants: (AUTHORED_MUTANT_TYPES as readonly string[]).includes(name) ? `no fixture has an authored ${name} mutant` : `${name} is not among the run's mutators`,
    })),
  ];
}

/** The mutators a per-mutator threshold map names by themselves (its keys but `default` and `mode`); none for a single number. */
export function namedMutators(setting: number | Readonly<Record<string, unknown>> | undefined): string[] {
  return typeof setting === 'object' ? Object.keys(setting).filter((key) => key !== 'default' && key !== 'mode') : [];
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
 * The run's conditions that reach none of a critic's fixtures (those of the
 * kinds it reviewed; every fixture while it has reviewed none), each with
 * null when other fixtures of the suite can carry it (a critic of reviews
 * under with-trace: a review has no worker's trace), so its gates are left
 * out for this critic and measured on the critics that review those; or why
 * it reaches no fixture of the suite at all (no fixture has a trace), so its
 * gates are no-data and fail the run.
 */
export function unreachedConditions(
  conditions: readonly Condition[],
  fixtures: ReadonlyArray<ContaminantSource & { id: string; kind: string }>,
  items: readonly ItemRecord[],
  outcomes: ItemOutcomes,
): Map<string, string | null> {
  const reviewed = new Set<string>(items.filter((i) => outcomes.has(i.id)).map((i) => i.kind));
  const own = reviewed.size ? fixtures.filter((f) => reviewed.has(f.kind)) : fixtures;
  const unreached = new Map<string, string | null>();
  for (const c of conditions) {
    if (fixturesWithout(c, own).length < own.length) continue;
    const nowhere = fixturesWithout(c, fixtures).length === fixtures.length;
    unreached.set(c.name, nowhere ? `${c.name} applies to none of the ${fixtures.length} fixture${fixtures.length === 1 ? '' : 's'} (none has ${c.needs ?? `a ${c.contaminantKey}`})` : null);
  }
  return unreached;
}
