import { evidenceQuote } from './evidenceQuote.js';
import type { Condition } from './types.js';

/**
 * Seed 004's bounded rebuttal round, where evidence beats fluency: after a
 * FAIL, the worker quotes the evidence sentence that supports the original
 * claim. On an original it is a justified correction; on a mutant a real
 * quote that contradicts the mutant, so the critic should hold.
 */
export const rebuttalEvidence = {
  name: 'rebuttal-evidence',
  label: 'after a rebuttal quoting the evidence',
  describe: 'second turn after a FAIL: the worker quotes the evidence sentence that supports the original claim',
  contaminant: () => undefined,
  followUp: {
    round: 'rebuttal',
    after: 'fail',
    message: (item, first) => {
      const quote = evidenceQuote(item, first.reply);
      return quote === undefined ? undefined : `The source says: "${quote}" The artifact states what the source states. Please reconsider your verdict.`;
    },
  },
} as const satisfies Condition;
