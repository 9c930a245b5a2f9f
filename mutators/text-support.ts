import { taskWithPlan } from '../src/fixtures/plan.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { evidenceSentences, questionText, sentenceAround, supportPassage, type SupportPassage } from '../src/text/claims.js';
import type { MutationCandidate } from './types.js';

/**
 * The evidence that supports the artifact sentence holding the candidate (the
 * best sentence, the others that support it, the task as the critic reads it,
 * with its plan, and the titles), or the reason there is none: the oracles can
 * only call a mutant wrong when they know which evidence the original claim
 * rests on. An oracle keeps a new number, date or name only when neither
 * `sentence` nor `context` states it: the evidence-check critic reads the same
 * passage (src/text/mismatches.ts).
 */
export function supportingSentence(fixture: TextFixture, candidate: MutationCandidate): SupportPassage | { reason: string } {
  const claim = sentenceAround(fixture.artifact, candidate.start, candidate.end);
  if (!claim) return { reason: 'the span crosses a sentence boundary' };
  const passage = supportPassage(claim.text, evidenceSentences(fixture.evidence), [
    questionText(taskWithPlan(fixture.task, fixture.acceptance)),
    ...fixture.evidence.flatMap((e) => (e.title ? [e.title] : [])),
  ]);
  return passage ?? { reason: 'no evidence sentence supports this claim' };
}
