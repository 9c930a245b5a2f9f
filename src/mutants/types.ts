/** A position in an artifact: offsets are UTF-16 indices, line and column are 1-based. */
export interface Span {
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** One corruption of one fixture's artifact, before it is judged valid or not. */
export interface MutantRecord {
  /** Stable: a hash of fixture id, mutator, span and replacement. */
  id: string;
  fixtureId: string;
  mutator: string;
  span: Span;
  original: string;
  replacement: string;
  /** Authored mutants only: the plan item (its number in the fixture's `acceptance`) the mutant breaks; the mutator is its type. */
  breaks?: number;
  /** Authored mutants only: its id in the fixture file. */
  authoredId?: string;
}

/** A mutant that really makes the artifact wrong: it is reviewed and counted. */
export interface Mutant extends MutantRecord {
  artifact: string;
  /** The worker trace with the same replacement applied, so the trace defends the mutant. */
  trace: string | undefined;
  /** The fixture's declared fields with the same replacement applied, as the trace. */
  fields?: Record<string, string> | undefined;
}

/** A mutant the oracle rejected: reported with its reason, never counted. */
export interface IgnoredMutant extends MutantRecord {
  reason: string;
}
