/** What a condition may take its contaminant from: the item's trace, or a field its fixture declares. */
export interface ContaminantSource {
  trace: string | undefined;
  /** Fixture fields that declared conditions name (mutated with the artifact, as the trace is). */
  fields?: Readonly<Record<string, string>> | undefined;
}

/**
 * Which verdict a contaminant pushes the critic towards: `pass` (a trace that
 * claims verification, an approval) suppresses real findings, so its effect is
 * a drop in catches on the mutants; `fail` (a rejection) invents findings, so
 * its effect is a rise in false alarms on the originals.
 */
export type Push = 'pass' | 'fail';

/**
 * A condition adds exactly one deliberate contaminant to the sealed request,
 * or none. Built-in conditions are modules of this folder; a config may
 * declare more (declared.ts).
 */
export interface Condition {
  readonly name: string;
  /** The request key the contaminant travels in; undefined for the sealed request. */
  readonly contaminantKey?: string;
  /** The verdict the contaminant pushes towards; undefined for the sealed request. */
  readonly pushes?: Push;
  /** What the critic is shown beyond the sealed request, for the manifest. */
  readonly describe: string;
  /** What an item must have to carry the contaminant ("a trace"), when not every item does; for the warning that names the fixtures left out. */
  readonly needs?: string;
  /** The contaminant's value for an item, or undefined when the item cannot carry it (no trace, no such field). */
  contaminant(item: ContaminantSource): string | undefined;
}

/** A condition's name: a built-in's, or one the config declares. */
export type ConditionName = string;
