import type { IgnoredMutant, MutantRecord } from './types.js';

/** How much a mutator found to work with across a suite, and why the sites it could not use were ignored. */
export interface MutatorCoverage {
  mutator: string;
  /** Distinct candidate sites judged: valid + ignored (from a sampled generation, the valid ones kept). */
  sites: number;
  valid: number;
  ignored: number;
  /** The commonest ignore reasons, most frequent first (ties by reason). */
  topReasons: Array<{ reason: string; count: number }>;
}

/** What coverage is counted from: generateMutants' output, or a run snapshot's `generation`. */
export interface GenerationCounts {
  mutants: ReadonlyArray<Pick<MutantRecord, 'mutator'>>;
  ignored: ReadonlyArray<Pick<IgnoredMutant, 'mutator' | 'reason'>>;
}

/**
 * Per mutator, in the order given: sites, valid and ignored mutants, and the
 * top ignore reasons, summed over generations (one per fixture, so a large
 * suite's mutants need never be held at once).
 */
export function mutatorCoverage(mutators: readonly string[], generations: Iterable<GenerationCounts>, topReasons = 3): MutatorCoverage[] {
  const counts = new Map(mutators.map((name) => [name, { valid: 0, ignored: 0, reasons: new Map<string, number>() }]));
  for (const generation of generations) {
    for (const m of generation.mutants) {
      const c = counts.get(m.mutator);
      if (c) c.valid++;
    }
    for (const m of generation.ignored) {
      const c = counts.get(m.mutator);
      if (!c) continue;
      c.ignored++;
      c.reasons.set(m.reason, (c.reasons.get(m.reason) ?? 0) + 1);
    }
  }
  return mutators.map((mutator) => {
    const { valid, ignored, reasons } = counts.get(mutator)!;
    const top = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
    return { mutator, sites: valid + ignored, valid, ignored, topReasons: top.slice(0, topReasons) };
  });
}

/** Why a mutator has no valid mutant ("no sites", or all ignored with the top reasons), or null when it has one. */
export function whyUnusable(c: MutatorCoverage): string | null {
  if (c.valid > 0) return null;
  if (c.sites === 0) return 'no sites';
  const more = c.ignored - c.topReasons.reduce((sum, r) => sum + r.count, 0);
  const reasons = c.topReasons.map((r) => `${r.reason} (${r.count})`).join('; ');
  return `all ${c.ignored} site${c.ignored === 1 ? '' : 's'} ignored: ${reasons}${more ? `; ${more} for other reasons` : ''}`;
}
