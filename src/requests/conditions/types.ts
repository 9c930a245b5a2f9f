/**
 * A condition adds exactly one deliberate contaminant to the sealed request,
 * or none. `K` narrows the contaminant key to the registry's keys where a
 * request is built from it.
 */
export interface Condition<K extends string = string> {
  readonly name: string;
  /** The request key the contaminant travels in; undefined for the sealed request. */
  readonly contaminantKey?: K;
  /** What the critic is shown beyond the sealed request, for the manifest. */
  readonly describe: string;
  /** The contaminant's value for an item, or undefined when the item cannot carry it (no trace). */
  contaminant(item: { trace: string | undefined }): string | undefined;
}
