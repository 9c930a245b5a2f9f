import type { Condition } from './types.js';

/** The worker's own account of its reasoning: does the critic anchor on it? */
export const withTrace = {
  name: 'with-trace',
  contaminantKey: 'trace',
  pushes: 'pass',
  needs: 'a trace',
  label: "with the worker's trace",
  describe: "adds the worker's reasoning trace (mutated consistently with the artifact)",
  colour: '#c0603a', // clay, as in seed 000's figure
  contaminant: (item) => item.trace,
} as const satisfies Condition;
