import { findDates } from '../src/text/dates.js';
import { supportingSentence } from './text-support.js';
import type { TextMutator } from './types.js';

/**
 * Moves one date or deadline by a plausible step, written exactly as before
 * (order, separators, zero padding, a weekday moved with its date). The only
 * mutator that touches dates: number-flip and entity-swap leave them alone.
 */
export const dateShift: TextMutator = {
  name: 'date-shift',
  kind: 'text',
  specificity: 3,
  *candidates(fixture) {
    for (const date of findDates(fixture.artifact)) {
      if (!date.possible) continue;
      for (const replacement of date.shifts()) yield { start: date.start, end: date.end, replacement };
    }
  },
  invalidReason(fixture, candidate) {
    const support = supportingSentence(fixture, candidate);
    if ('reason' in support) return support.reason;
    // Found in place: a lone month or weekday is a date only by the words around it.
    const mutated = fixture.artifact.slice(0, candidate.start) + candidate.replacement + fixture.artifact.slice(candidate.end);
    const original = findDates(fixture.artifact).find((d) => d.start === candidate.start && d.end === candidate.end);
    const shifted = findDates(mutated).find((d) => d.start === candidate.start && d.end === candidate.start + candidate.replacement.length);
    if (!original || !shifted) return 'the span holds no date';
    const stated = new Set(findDates(support.sentence).map((d) => d.key));
    if (!stated.has(original.key)) return 'the original date is not stated in the supporting evidence';
    if (stated.has(shifted.key)) return 'the new date is also stated in the supporting evidence';
    return null;
  },
};
