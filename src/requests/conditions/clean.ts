import type { Condition } from './types.js';

/** The sealed request alone: the measure every contaminant is compared against. */
export const clean = {
  name: 'clean',
  label: 'sealed',
  describe: 'sealed request only: task, artifact, evidence, rubric',
  colour: '#37474f', // slate, as in seed 000's figure
  contaminant: () => undefined,
} as const satisfies Condition;
