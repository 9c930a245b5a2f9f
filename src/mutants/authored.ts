import type { Fixture } from '../fixtures/types.js';
import { differingHunk } from '../text/differingHunk.js';
import { stableId } from '../util/hash.js';
import { applyCandidate, type Generation, MERGED, recordOf } from './generate.js';
import type { IgnoredMutant, Mutant } from './types.js';

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

/**
 * A fixture's generated mutants with its authored ones added: a generated mutant
 * whose text an authored one already is (a date moved onto the length of the
 * other scheme a task-substitution answers with) is ignored as merged, as two
 * mutators' twins are, so no request reaches a critic twice under one condition.
 * The authored one keeps the text: it was written to break a named plan item.
 */
export function withAuthored(generated: Readonly<Generation>, authored: readonly Mutant[]): Generation {
  const byText = new Map(authored.map((m) => [`${m.fixtureId}\0${m.artifact}`, m]));
  const mutants: Mutant[] = [];
  const ignored: IgnoredMutant[] = [...generated.ignored];
  for (const mutant of generated.mutants) {
    const twin = byText.get(`${mutant.fixtureId}\0${mutant.artifact}`);
    if (twin === undefined) mutants.push(mutant);
    else ignored.push({ ...recordOf(mutant), reason: `${MERGED} ${twin.mutator} mutant ${twin.id}` });
  }
  return { mutants: [...mutants, ...authored], ignored };
}
