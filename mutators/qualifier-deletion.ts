import { findQualifiers, isClauseQualifier, sentenceAround, statesQualifier, type QualifierPiece } from '../src/text/claims.js';
import { supportingSentence } from './text-support.js';
import type { MutationCandidate, TextMutator } from './types.js';

/**
 * Without "within", "made within 30 days of the notice" reads "made 30 days of
 * the notice": wrong, but caught by grammar alone, so it tells nothing about the critic.
 */
const UNGRAMMATICAL_ALONE = new Set(['within']);

/** Deletes a qualifying word ("only", "at least") or clause ("unless ...", "except ...") that the evidence states. */
export const qualifierDeletion: TextMutator = {
  name: 'qualifier-deletion',
  kind: 'text',
  specificity: 1,
  *candidates(fixture) {
    for (const qualifier of findQualifiers(fixture.artifact)) {
      if (UNGRAMMATICAL_ALONE.has(qualifier.keyword)) continue;
      const span = isClauseQualifier(qualifier.keyword) ? clauseSpan(fixture.artifact, qualifier) : wordSpan(fixture.artifact, qualifier);
      if (span) yield { ...span, replacement: '' };
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const [qualifier] = findQualifiers(fixture.artifact.slice(candidate.start, candidate.end));
    if (!qualifier) return 'the span holds no qualifier';
    if (!statesQualifier(support.sentence, qualifier.keyword)) return `the evidence does not state "${qualifier.keyword}"`;
    return null;
  },
};

/** The word itself and one adjacent space, so the sentence still reads. */
function wordSpan(text: string, q: QualifierPiece): Omit<MutationCandidate, 'replacement'> {
  if (text[q.end] === ' ') return { start: q.start, end: q.end + 1 };
  if (text[q.start - 1] === ' ') return { start: q.start - 1, end: q.end };
  return { start: q.start, end: q.end };
}

/** From the keyword to the next comma, semicolon or end of sentence, with the punctuation that set it off. */
function clauseSpan(text: string, q: QualifierPiece): Omit<MutationCandidate, 'replacement'> | null {
  const sentence = sentenceAround(text, q.start, q.end);
  if (!sentence) return null;
  const rest = text.slice(q.end, sentence.end);
  const stop = rest.search(/,(?!\d{3})|[;:]|[.!?]$/); // a comma inside "£1,000" does not end the clause
  let end = q.end + (stop === -1 ? rest.length : stop);
  let start = q.start;
  if (text.slice(start - 2, start) === ', ') start -= 2;
  else if (text[end] === ',') end += text[end + 1] === ' ' ? 2 : 1;
  else if (text[start - 1] === ' ') start -= 1;
  return end > q.end ? { start, end } : null;
}
