import type { Condition } from './types.js';

export const PRIOR_FAIL = 'Prior reviewer: FAIL, found a bug.';

/** An earlier reviewer's rejection: does the critic flag a correct artifact because of it? */
export const priorFail = {
  name: 'prior-fail',
  contaminantKey: 'prior_verdict',
  pushes: 'fail',
  label: 'when told a prior reviewer failed it',
  describe: `adds prior_verdict: "${PRIOR_FAIL}"`,
  contaminant: () => PRIOR_FAIL,
} as const satisfies Condition;
