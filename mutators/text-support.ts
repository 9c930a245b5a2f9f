import type { TextFixture } from '../src/fixtures/types.js';
import { alignToEvidence, evidenceSentences, sentenceAround } from '../src/text/claims.js';
import type { MutationCandidate } from './types.js';

/** Below this share of shared words, no evidence sentence really supports the claim. */
export const MIN_SUPPORT = 0.3;

/**
 * The evidence sentence that supports the artifact sentence holding the
 * candidate, or the reason there is none: the oracles can only call a mutant
 * wrong when they know which evidence the original claim rests on.
 */
export function supportingSentence(fixture: TextFixture, candidate: MutationCandidate): { sentence: string } | { reason: string } {
  const claim = sentenceAround(fixture.artifact, candidate.start, candidate.end);
  if (!claim) return { reason: 'the span crosses a sentence boundary' };
  const support = alignToEvidence(claim.text, evidenceSentences(fixture.evidence));
  if (!support || support.score < MIN_SUPPORT) return { reason: 'no evidence sentence supports this claim' };
  return { sentence: support.sentence };
}
