import type { Condition } from './types.js';

/**
 * Seed 002's pass two: the author's explanation is revealed only after the
 * first verdict is recorded, and the critic may revise; both verdicts are kept.
 */
export const revealTrace = {
  name: 'reveal-trace',
  label: "once shown the worker's trace",
  describe: "second turn after either verdict: the worker's trace revealed (mutated consistently with the artifact)",
  contaminant: () => undefined,
  followUp: {
    round: 'reveal',
    after: 'any',
    reveals: (item) => item.trace,
    message: (item) => (item.trace === undefined ? undefined : `Here is the author's explanation:\n\n${item.trace.trimEnd()}\n\nDoes this change your decision? End with a VERDICT line.`),
  },
} as const satisfies Condition;
