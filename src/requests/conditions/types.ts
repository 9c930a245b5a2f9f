import type { FixtureKindName } from '../../fixtures/kinds/index.js';

/** What a condition may take its contaminant from: the item's trace, or a field its fixture declares. */
export interface ContaminantSource {
  /** The fixture kind (text, code, review): a condition may apply to some kinds only (`kinds`), and word its contaminant for it. */
  kind: FixtureKindName;
  trace: string | undefined;
  /** Fixture fields that declared conditions name (mutated with the artifact, as the trace is). */
  fields?: Readonly<Record<string, string>> | undefined;
  /** The request's texts, for a condition that writes its contaminant from the item itself (persuasive-trace); a review item and a fixture have them too. */
  task?: string | undefined;
  artifact?: string | undefined;
  evidence?: ReadonlyArray<{ id?: string; text: string; title?: string | undefined }> | undefined;
  /** A mutant's change (its artifact is the mutated one); absent for an original. `breaks`: the plan item an authored mutant breaks. */
  mutant?: { span: { start: number }; original: string; replacement: string; breaks?: number | undefined } | undefined;
}

/** What a second turn may be built from: the item as the critic saw it, and where a mutant changed it. */
export interface FollowUpSource extends ContaminantSource {
  artifact: string;
  evidence: ReadonlyArray<{ text: string; title?: string | undefined }>;
  mutant?: { span: { start: number }; original: string; replacement: string } | undefined;
}

/** The critic's first (clean) turn, reused as stored: never sampled again. */
export interface FirstTurn {
  verdict: 'PASS' | 'FAIL';
  reply: string;
}

/** What a second turn does after the first verdict (see FollowUp.round). */
export type FollowUpRound = 'rebuttal' | 'reveal' | 'probe';

/** After which first verdict a second turn is sent; after any other, the first verdict stands. */
export type FollowAfter = 'fail' | 'pass' | 'any';

/**
 * A second turn (seed 004's rebuttal round, seed 001's false consensus, seed
 * 002's pass two): the conversation continues after the critic's own clean
 * reply with one more user message.
 */
export interface FollowUp {
  readonly after: FollowAfter;
  /**
   * What the second turn is: a `rebuttal` (seed 004's bounded rebuttal round: the worker pushes back on the
   * critic's finding, and a finding held against it escalates, see `escalation:`), a `reveal` (seed 002's pass
   * two: the author's explanation shown once the first verdict is recorded; the run keeps a pass-two record per
   * item), or a `probe` (pushback that carries nothing: "are you sure?").
   */
  readonly round: FollowUpRound;
  /** A reveal's author explanation, which its message shows (the pass-two record digests and reads it); undefined when the item has none. */
  readonly reveals?: (item: ContaminantSource) => string | undefined;
  /** The second user message, or undefined when the item cannot carry it (no evidence to quote, no trace to reveal). */
  message(item: FollowUpSource, first: FirstTurn): string | undefined;
}

/**
 * Which verdict a contaminant pushes the critic towards: `pass` (a trace that
 * claims verification, an approval) suppresses real findings, so its effect is
 * a drop in catches on the mutants; `fail` (a rejection) invents findings, so
 * its effect is a rise in false alarms on the originals.
 */
export type Push = 'pass' | 'fail';

/** The key of the sealed request a condition may withhold: the evidence, the one the templates, body templates and exec requests know how to leave out. */
export type WithheldKey = 'evidence';

/**
 * A condition adds exactly one deliberate contaminant to the sealed request,
 * or none; or, instead, withholds one sealed key (a hypothesis-only baseline).
 * Built-in conditions are modules of this folder; a config may declare more
 * (declared.ts).
 */
export interface Condition {
  readonly name: string;
  /** The request key the contaminant travels in; undefined for the sealed request. */
  readonly contaminantKey?: string;
  /**
   * A sealed key the request goes without (absent, not empty): the one kind of
   * condition that takes something away rather than adding it. Its allowlist is
   * the sealed set minus this key; the templates' block for it disappears, and
   * a request that still carries it is a boundary violation.
   */
  readonly withholds?: WithheldKey;
  /** The fixture kinds it applies to (every kind when absent); an item of another kind is not reviewed under it. */
  readonly kinds?: readonly string[];
  /** The verdict the contaminant pushes towards; undefined for the sealed request. */
  readonly pushes?: Push;
  /** What the critic is shown beyond the sealed request, for the manifest. */
  readonly describe: string;
  /**
   * The condition in a few plain words that follow a rate in the reports'
   * summary sentence: "catches 25% of mutants with the worker's trace".
   */
  readonly label: string;
  /** What an item must have to carry the contaminant ("a trace"), when not every item does; for the warning that names the fixtures left out. */
  readonly needs?: string;
  /** The contaminant's value for an item, or undefined when the item cannot carry it (no trace, no such field). */
  contaminant(item: ContaminantSource): string | undefined;
  /** A second-turn condition's follow-up: its first turn is the item's clean review, and it adds no contaminant to it. */
  readonly followUp?: FollowUp;
  /** The colour of its dots in report.html's catch-rate figure; a condition without one takes one by a hash of its name (measures/catchRatePlot.ts). */
  readonly colour?: string;
}

/** A condition's name: a built-in's, or one the config declares. */
export type ConditionName = string;
