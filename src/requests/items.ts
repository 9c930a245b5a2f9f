import type { Fixture } from '../fixtures/types.js';
import type { Mutant } from '../mutants/types.js';
import type { EvidenceItem } from '../fixtures/types.js';

/** One artifact to review: an original (a known-correct control) or a mutant (a known bug). */
export interface ReviewItem {
  id: string;
  fixtureId: string;
  cluster: string;
  kind: Fixture['kind'];
  role: 'original' | 'mutant';
  /** The mutator for a mutant; null for originals. */
  mutator: string | null;
  task: string;
  artifact: string;
  evidence: EvidenceItem[];
  trace: string | undefined;
  mutant?: Mutant;
}

/** Originals first (the reference and any correct variants), then the fixture's mutants. */
export function reviewItems(fixtures: readonly Fixture[], mutants: readonly Mutant[]): ReviewItem[] {
  const items: ReviewItem[] = [];
  for (const f of fixtures) {
    const base = { fixtureId: f.id, cluster: f.cluster, kind: f.kind, task: f.task, evidence: f.kind === 'text' ? f.evidence : [], trace: f.trace };
    items.push({ ...base, id: f.id, role: 'original', mutator: null, artifact: f.artifact });
    if (f.kind === 'code') {
      for (const v of f.variants) items.push({ ...base, id: `${f.id}~${v.id}`, role: 'original', mutator: null, artifact: v.artifact });
    }
    for (const m of mutants) {
      if (m.fixtureId === f.id) items.push({ ...base, id: m.id, role: 'mutant', mutator: m.mutator, artifact: m.artifact, trace: m.trace, mutant: m });
    }
  }
  return items;
}
