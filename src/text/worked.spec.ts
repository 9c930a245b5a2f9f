import { describe, expect, it } from 'vitest';
import { workedCounts } from './worked.js';

describe('workedCounts', () => {
  it('sums the parts one sentence counts of a noun, with the counts beside them that count no noun', () => {
    const answer = 'So after the three lessons already taken and four more in the notice period, three lessons remain.';
    expect(workedCounts(answer, '')).toEqual([{ value: 10, noun: 'lesson' }]);
  });

  it('divides an amount of the question or answer by an amount priced each, to a whole count', () => {
    expect(workedCounts('We refund those at $46 each, which is $138.', 'We paid $460 for the term.')).toEqual([
      { value: 10, noun: undefined },
      { value: 3, noun: undefined },
    ]);
  });

  it('reads no count from one part alone, nor from an amount priced per period', () => {
    expect(workedCounts('Three lessons remain.', '')).toEqual([]);
    expect(workedCounts('Hire is $22 a month, so $132 in all.', '')).toEqual([]);
  });
});
