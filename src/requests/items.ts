import type { Fixture } from '../fixtures/types.js';
import type { Mutant, MutantRecord } from '../mutants/types.js';
import type { EvidenceItem } from '../fixtures/types.js';
import { taskWithPlan } from '../fixtures/plan.js';
import type { HeldOutChecks } from '../fixtures/heldOutChecks.js';
import { groupBy } from '../util/groupBy.js';

/**
 * An item as the reports count it: what it is, not the text a critic reads.
 * A long run holds tens of thousands of these while its reports are built,
 * so a mutant's artifact and trace stay in the run store.
 */
export interface ItemRecord {
  id: string;
  fixtureId: string;
  cluster: string;
  kind: Fixture['kind'];
  role: 'original' | 'mutant';
  /** The mutator for a mutant; null for originals. */
  mutator: string | null;
  /** An original's artifact (the reference or a correct variant); a mutant's is left out. */
  artifact?: string;
  mutant?: MutantRecord;
}

/** One artifact to review: an original (a known-correct control) or a mutant (a known bug). */
export interface ReviewItem extends ItemRecord {
  task: string;
  artifact: string;
  evidence: EvidenceItem[];
  trace: string | undefined;
  /** The fixture's declared fields (mutated with a mutant's artifact), for declared conditions. */
  fields: Readonly<Record<string, string>> | undefined;
  mutant?: Mutant;
  /** A code fixture's held-out checks: never sent, scanned for in every request before it is (assertNoHeldOutCheckText). */
  heldOut?: HeldOutChecks;
}

/** Every fixture's items in fixtureItems' order, as records: the reports' view of a run. */
export function itemRecords(fixtures: readonly Fixture[], mutants: readonly MutantRecord[]): ItemRecord[] {
  const byFixture = groupBy(mutants, (m) => m.fixtureId);
  return fixtures.flatMap((f) => {
    const original = (id: string, artifact: string): ItemRecord => ({ id, fixtureId: f.id, cluster: f.cluster, kind: f.kind, role: 'original', mutator: null, artifact });
    const variants = f.variants.map((v) => original(variantId(f, v), v.artifact));
    const mutantItems = (byFixture.get(f.id) ?? []).map((m): ItemRecord => ({ id: m.id, fixtureId: f.id, cluster: f.cluster, kind: f.kind, role: 'mutant', mutator: m.mutator, mutant: m }));
    return [original(f.id, f.artifact), ...variants, ...mutantItems];
  });
}

/**
 * One fixture's items, originals first (the reference and any correct
 * variants), then its mutants, made one at a time as they are asked for. Every field
 * is written out: spreading shared fields into each item makes V8 build a
 * slower, bigger object, which adds up at a fast critic's thousands a second.
 */
export function* fixtureItems(f: Fixture, mutants: Iterable<Mutant>): Generator<ReviewItem> {
  const evidence = 'evidence' in f ? f.evidence : [];
  // The sealed request's keys are fixed: an acceptance plan reaches the critic in the task text.
  const task = taskWithPlan(f.task, f.acceptance);
  const heldOut = 'checks' in f ? { heldOut: { exprs: f.checks.map((c) => c.expr), source: f.source } } : {};
  const original = (id: string, artifact: string): ReviewItem => ({
    fixtureId: f.id,
    cluster: f.cluster,
    kind: f.kind,
    task,
    evidence,
    trace: f.trace,
    fields: f.fields,
    id,
    role: 'original',
    mutator: null,
    artifact,
    ...heldOut,
  });
  yield original(f.id, f.artifact);
  for (const v of f.variants) yield original(variantId(f, v), v.artifact);
  for (const m of mutants)
    yield {
      fixtureId: f.id,
      cluster: f.cluster,
      kind: f.kind,
      task,
      evidence,
      trace: m.trace,
      fields: m.fields,
      id: m.id,
      role: 'mutant',
      mutator: m.mutator,
      artifact: m.artifact,
      mutant: m,
      ...heldOut,
    };
}

const variantId = (f: Fixture, v: { id: string }) => `${f.id}~${v.id}`;
