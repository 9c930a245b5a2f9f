import type { Fixture } from '../fixtures/types.js';
import { differingHunk } from '../text/differingHunk.js';
import { stableId } from '../util/hash.js';
import { applyCandidate } from './generate.js';
import type { Mutant } from './types.js';

/**
 * A fixture's hand-written mutants (its `mutants:` key) as mutants of the
 * stream: the mutator is the authored type, the id is stable (fixture, the
 * authored id and its text), and the span is the one hunk where it differs
 * from the reference artifact (common prefix and suffix left out), so the
 * diff, the drill-down and located catches read it like a generated one.
 * Text ones were judged at load (the evidence they contradict, the item they
 * omit); code ones still go to the sandbox's held-out checks.
 */
export function authoredMutants(fixture: Fixture): Mutant[] {
  return (fixture.authoredMutants ?? []).map((m) => {
    const { start, end, replacement } = differingHunk(fixture.artifact, m.artifact);
    const mutant = applyCandidate(fixture, m.type, { start, end, replacement });
    return { ...mutant, id: stableId(fixture.id, 'authored', m.id, m.artifact), breaks: m.breaks, authoredId: m.id };
  });
}
