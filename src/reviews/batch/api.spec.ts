import { describe, expect, it } from 'vitest';
import { splitForLimits } from './api.js';

describe('splitForLimits', () => {
  const lines = ['aaaa', 'bb', 'cccccc', 'd', 'ee'];

  it.each([
    { limits: { requests: 10, bytes: 1_000 }, sizes: [5] },
    { limits: { requests: 2, bytes: 1_000 }, sizes: [2, 2, 1] },
    // Bytes count each line and its newline: 5 + 3 fits in 8, the 7 of "cccccc\n" starts a new file.
    { limits: { requests: 10, bytes: 8 }, sizes: [2, 1, 2] },
  ])('splits within $limits, in order', ({ limits, sizes }) => {
    const batches = splitForLimits(lines, limits);
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(lines);
  });

  it('keeps a line larger than the byte limit alone in its batch rather than dropping it', () => {
    expect(splitForLimits(['x'.repeat(20), 'y'], { requests: 10, bytes: 8 })).toEqual([['x'.repeat(20)], ['y']]);
  });
});
