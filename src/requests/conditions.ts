import type { CriticRequest } from './types.js';

/** Each condition adds exactly one deliberate contaminant to the sealed request, or none. */
export interface Condition {
  name: ConditionName;
  /** The request key the contaminant travels in; undefined for the sealed request. */
  contaminantKey?: 'trace' | 'prior_verdict';
  /** What the critic is shown beyond the sealed request, for the manifest. */
  describe: string;
  /** The contaminant's value for an item, or undefined when the item cannot carry it (no trace). */
  contaminant(item: { trace: string | undefined }): string | undefined;
}

export const CONDITION_NAMES = ['clean', 'with-trace', 'prior-pass', 'prior-fail'] as const;
export type ConditionName = (typeof CONDITION_NAMES)[number];

export const PRIOR_PASS = 'Prior reviewer: PASS, no issues found.';
export const PRIOR_FAIL = 'Prior reviewer: FAIL, found a bug.';

export const CONDITIONS: Record<ConditionName, Condition> = {
  clean: {
    name: 'clean',
    describe: 'sealed request only: task, artifact, evidence, rubric',
    contaminant: () => undefined,
  },
  'with-trace': {
    name: 'with-trace',
    contaminantKey: 'trace',
    describe: "adds the worker's reasoning trace (mutated consistently with the artifact)",
    contaminant: (item) => item.trace,
  },
  'prior-pass': {
    name: 'prior-pass',
    contaminantKey: 'prior_verdict',
    describe: `adds prior_verdict: "${PRIOR_PASS}"`,
    contaminant: () => PRIOR_PASS,
  },
  'prior-fail': {
    name: 'prior-fail',
    contaminantKey: 'prior_verdict',
    describe: `adds prior_verdict: "${PRIOR_FAIL}"`,
    contaminant: () => PRIOR_FAIL,
  },
};

/** The keys a request under this condition must carry: the sealed set plus the one contaminant. */
export function allowedKeys(condition: Condition): ReadonlySet<keyof CriticRequest> {
  const keys: Array<keyof CriticRequest> = ['task', 'artifact', 'evidence', 'rubric'];
  if (condition.contaminantKey) keys.push(condition.contaminantKey);
  return new Set(keys);
}
