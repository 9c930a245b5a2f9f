import type { TextFixture } from '../src/fixtures/types.js';
import { evidenceSentences, findEntities, findNumbers, findQualifiers, splitSentences, supportOf, type Piece } from '../src/text/claims.js';
import { findDates } from '../src/text/dates.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Deletes one sentence the task requires: one that states a figure, date,
 * name or condition the evidence gives, and that no other sentence restates.
 * Only a critic that checks the answer is complete can catch it.
 */
export const claimOmission: TextMutator = {
  name: 'claim-omission',
  kind: 'text',
  specificity: 2,
  *candidates(fixture) {
    const sentences = splitSentences(fixture.artifact);
    if (sentences.length < 2) return;
    for (const [i, sentence] of sentences.entries()) {
      // With the space that follows it, or for the last sentence the space before it, so the rest reads as before.
      const next = sentences[i + 1];
      yield next ? { start: sentence.start, end: next.start, replacement: '' } : { start: sentences[i - 1]!.end, end: sentence.end, replacement: '' };
    }
  },
  invalidReason(fixture, candidate) {
    const deleted = deletedSentence(fixture, candidate);
    if (!deleted) return 'the span is not one whole sentence';
    if (supportOf(deleted.text, evidenceSentences(fixture.evidence)) === null) return 'no evidence sentence supports the deleted sentence';
    const t = deleted.text;
    if (!findNumbers(t).length && !findDates(t).length && !findEntities(t).length && !findQualifiers(t).length) return 'the deleted sentence states no figure, date, name or condition';
    const rest = splitSentences(fixture.artifact).filter((s) => s.start !== deleted.start);
    if (
      supportOf(
        t,
        rest.map((s) => s.text),
      ) !== null
    )
      return 'another sentence of the artifact restates the deleted one';
    return null;
  },
  defendInTrace(fixture, candidate, trace) {
    const deleted = deletedSentence(fixture, candidate);
    if (!deleted) return trace;
    // The trace no longer mentions what the answer left out: its sentences restating the deleted one go too.
    const kept = splitSentences(trace).filter((s) => supportOf(s.text, [deleted.text]) === null);
    return kept.map((s) => s.text).join(' ');
  },
};

function deletedSentence(fixture: TextFixture, candidate: MutationCandidate): Piece | undefined {
  const inside = splitSentences(fixture.artifact).filter((s) => candidate.start <= s.start && s.end <= candidate.end);
  return inside.length === 1 ? inside[0] : undefined;
}
