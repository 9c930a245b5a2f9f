import type { CodeFixture, Fixture, ReviewFixture, TextFixture } from '../src/fixtures/types.js';

/** A place in the artifact and what to put there instead. Offsets are UTF-16 indices into `fixture.artifact`. */
export interface MutationCandidate {
  start: number;
  end: number;
  replacement: string;
}

/**
 * A mutator is a small pure object, after Stryker's: a name and a generator
 * over candidate sites. It never decides sampling or ids; the mutants stage does.
 */
export interface Mutator<F extends Fixture = Fixture> {
  readonly name: string;
  readonly kind: F['kind'];
  /** Every candidate site, in artifact order. Pure and deterministic. */
  candidates(fixture: F): Iterable<MutationCandidate>;
  /**
   * The validity oracle for text: why this candidate would NOT make the artifact
   * wrong against its evidence, or null when it surely does. Code mutants are
   * instead verified by running the held-out checks.
   */
  invalidReason?(fixture: F, candidate: MutationCandidate): string | null;
  /**
   * Where two mutators make the same text of one fixture, it is one mutant,
   * kept by the one of higher specificity (the other's is reported as merged):
   * "must not" to "must" is a negation before it is a deleted qualifier. 0 when unset.
   */
  readonly specificity?: number;
  /**
   * The worker's trace made to defend this mutant, where replacing the
   * original text wherever the trace quotes it is not enough (a deleted or an
   * added sentence). The default replaces every whole-word occurrence.
   */
  defendInTrace?(fixture: F, candidate: MutationCandidate, trace: string): string;
}

export type TextMutator = Mutator<TextFixture>;
export type CodeMutator = Mutator<CodeFixture>;
export type ReviewMutator = Mutator<ReviewFixture>;
