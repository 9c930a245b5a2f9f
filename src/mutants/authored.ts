import type { Fixture } from '../fixtures/types.js';
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

/**
 * The single replacement that turns `original` into `changed`: what lies
 * between their common prefix and common suffix, widened to whole words where
 * it would start or end inside one ("People" → "Finance", not "Peopl" →
 * "Financ"), so reports and located catches read words.
 */
export function differingHunk(original: string, changed: string): { start: number; end: number; replacement: string } {
  let start = 0;
  while (start < original.length && start < changed.length && original[start] === changed[start]) start++;
  let tail = 0;
  while (tail < original.length - start && tail < changed.length - start && original[original.length - 1 - tail] === changed[changed.length - 1 - tail]) tail++;
  const word = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
  if (word(original[start - 1]) && (word(original[start]) || word(changed[start]))) while (start > 0 && word(original[start - 1])) start--;
  const end = original.length - tail;
  if (word(original[end]) && (word(original[end - 1]) || word(changed[changed.length - tail - 1]))) while (tail > 0 && word(original[original.length - tail])) tail--;
  return { start, end: original.length - tail, replacement: changed.slice(start, changed.length - tail) };
}
