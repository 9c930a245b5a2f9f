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
  const byFixture = new Map<string, Mutant[]>();
  for (const m of mutants) {
    const group = byFixture.get(m.fixtureId);
    if (group) group.push(m);
    else byFixture.set(m.fixtureId, [m]);
  }
  return fixtures.flatMap((f) => [...fixtureItems(f, byFixture.get(f.id) ?? [])]);
}

/**
 * One fixture's items, made one at a time as they are asked for. Every field
 * is written out: spreading shared fields into each item makes V8 build a
 * slower, bigger object, which adds up at a fast critic's thousands a second.
 */
export function* fixtureItems(f: Fixture, mutants: Iterable<Mutant>): Generator<ReviewItem> {
  const evidence = f.kind === 'text' ? f.evidence : [];
  const original = (id: string, artifact: string): ReviewItem => ({ fixtureId: f.id, cluster: f.cluster, kind: f.kind, task: f.task, evidence, trace: f.trace, id, role: 'original', mutator: null, artifact });
  yield original(f.id, f.artifact);
  if (f.kind === 'code') for (const v of f.variants) yield original(`${f.id}~${v.id}`, v.artifact);
  for (const m of mutants) yield { fixtureId: f.id, cluster: f.cluster, kind: f.kind, task: f.task, evidence, trace: m.trace, id: m.id, role: 'mutant', mutator: m.mutator, artifact: m.artifact, mutant: m };
}
