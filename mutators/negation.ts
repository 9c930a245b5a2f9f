import { findPolarities, polarityKey, statedPolarities } from '../src/text/polarity.js';
import { supportingSentence } from './text-support.js';
import type { TextMutator } from './types.js';

/** Reverses the polarity of one claim: "is payable" → "is not payable", "must" → "need not", "permitted" → "prohibited", "before" → "after". */
export const negation: TextMutator = {
  name: 'negation',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    for (const p of findPolarities(fixture.artifact)) yield { start: p.start, end: p.end, replacement: p.reversed };
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    const original = findPolarities(fixture.artifact).find((p) => p.start === candidate.start && p.end === candidate.end);
    if (!original) return 'the span holds no polarity';
    const stated = statedPolarities(support.sentence);
    if (!stated.has(polarityKey(original))) return `the supporting evidence does not state "${original.text}"`;
    if (stated.has(polarityKey({ term: original.term, negative: !original.negative }))) return `the supporting evidence also states "${original.term}" with the other polarity`;
    return null;
  },
};
