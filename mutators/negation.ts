import { sentenceAround } from '../src/text/claims.js';
import { findPolarities, inStyleOf, negationsIn, polarityKey, statedPolarities } from '../src/text/polarity.js';
import { supportingSentence } from './text-support.js';
import type { TextMutator } from './types.js';

/** A clause opened by one of these sets a time or condition: "before the break clause can be used" reversed reads as nonsense. */
const CONDITION_OPENERS = /\b(?:before|after|if|once|until|unless|when|whether)\b[^,;:]*$/i;

/** Whether a polarity sits in a condition or time clause, or offers an alternative ("can instead change"), where its reverse is illogical. */
function inConditionOrAlternative(before: string, after: string): boolean {
  return CONDITION_OPENERS.test(before) || /^\s+instead\b/i.test(after);
}

/**
 * Reverses the polarity of one claim: "is payable" → "is not payable", "must"
 * → "need not", "can't" → "can", "permitted" → "prohibited", written as the
 * answer writes its negations. Only in a sentence with no other negation or
 * exception: "not refundable unless ..." reversed reads as tampered with.
 */
export const negation: TextMutator = {
  name: 'negation',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    for (const p of findPolarities(fixture.artifact)) {
      const claim = sentenceAround(fixture.artifact, p.start, p.end);
      if (!claim || negationsIn(claim.text) - negationsIn(p.text) > 0) continue;
      if (inConditionOrAlternative(fixture.artifact.slice(claim.start, p.start), fixture.artifact.slice(p.end, claim.end))) continue;
      yield { start: p.start, end: p.end, replacement: inStyleOf(fixture.artifact, p.reversed) };
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const original = findPolarities(fixture.artifact).find((p) => p.start === candidate.start && p.end === candidate.end);
    if (!original) return 'the span holds no polarity';
    const stated = statedPolarities(support.sentence);
    if (!stated.has(polarityKey(original))) return `the supporting evidence does not state "${original.term}"`;
    if (stated.has(polarityKey({ term: original.term, negative: !original.negative }))) return `the supporting evidence also states "${original.term}" with the other polarity`;
    return null;
  },
};
