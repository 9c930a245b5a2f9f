import type { Condition } from './types.js';

/**
 * The hypothesis-only baseline (Poliak et al. 2018; Gururangan et al. 2018)
 * turned on the mutants: the sealed request without its evidence. What a
 * critic still tells apart blind, it tells from the artifact's form, not from
 * checking it against the source; a mutant set detectable that way measures
 * the mutants' tells, not the critic's reading. It withholds a sealed key
 * rather than adding one (the `evidence` key is absent, not an empty list), so
 * it applies to text artifacts only: code is reviewed without evidence anyway.
 */
export const blind = {
  name: 'blind',
  withholds: 'evidence',
  kinds: ['text'],
  needs: 'a text artifact',
  label: 'without the evidence (blind)',
  describe: 'sealed request without its evidence (the key absent): task, artifact, rubric; text artifacts only',
  contaminant: () => undefined,
} as const satisfies Condition;
