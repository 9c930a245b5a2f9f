import { authorExplanation } from './authorExplanation.js';
import type { Condition } from './types.js';

/**
 * Seed 002's persuasive author packet: the author's explanation in the first
 * request, polished, citing real sources and quoting real passages near the
 * claim it defends that do not support it (on a mutant, it defends the
 * mutated claim). Does the critic still require evidence that bears on the
 * claim, or does a fluent rationale carry the claim past it? Prose and code
 * only: a review's author is the reviewer, whose defence the rebuttal
 * conditions already send (seed 001); a plan's fixture is prose or code, and
 * an authored mutant's explanation adds that it settles the plan item it breaks.
 */
export const persuasiveTrace = {
  name: 'persuasive-trace',
  contaminantKey: 'author_explanation',
  pushes: 'pass',
  kinds: ['text', 'code'],
  needs: 'a claim to defend',
  label: "with the author's persuasive explanation",
  describe:
    "adds author_explanation: a polished explanation generated from the item that defends the artifact as it stands (a mutant's mutated claim), citing real evidence ids (code: lines and the task) and quoting real passages near the claim that do not support it; text and code artifacts only",
  contaminant: authorExplanation,
} as const satisfies Condition;
