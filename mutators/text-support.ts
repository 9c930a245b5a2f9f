import type { TextFixture } from '../src/fixtures/types.js';
import { evidenceSentences, sentenceAround, supportOf } from '../src/text/claims.js';
import type { MutationCandidate } from './types.js';

/**
 * The evidence sentence that supports the artifact sentence holding the
 * candidate, or the reason there is none: the oracles can only call a mutant
 * wrong when they know which evidence the original claim rests on.
 */
export function supportingSentence(fixture: TextFixture, candidate: MutationCandidate): { sentence: string } | { reason: string } {
  const claim = sentenceAround(fixture.artifact, candidate.start, candidate.end);
  if (!claim) return { reason: 'the span crosses a sentence boundary' };
  const sentence = supportOf(claim.text, evidenceSentences(fixture.evidence));
  return sentence === null ? { reason: 'no evidence sentence supports this claim' } : { sentence };
}
