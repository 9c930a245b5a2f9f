import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupedNumber } from './groupedNumber.js';

describe('groupedNumber', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1,000'],
    [1234567.891, 2, '1,234,567.89'],
    [12345.6, 2, '12,345.60'],
    [0.125, 2, '0.13'],
    [-9876543.21, 1, '-9,876,543.2'],
    // The double nearest 1.005 is a little under it: toFixed's digits, where ICU would print 1.01.
    [1.005, 2, '1.00'],
  ])('writes %d with %d decimals as %s', (value, decimals, text) => {
    expect(groupedNumber(value, decimals)).toBe(text);
  });

  // Values as number-flip formats them: already rounded to the digits shown, up to 13 significant digits.
  it('agrees with toLocaleString("en-US") on any number already rounded to its 0 to 4 decimals, of magnitude below 10^9', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (digits, decimals) => {
        const value = Number((digits / 10 ** decimals).toFixed(decimals));
        fc.pre(Math.abs(value) < 1e9);
        expect(groupedNumber(value, decimals)).toBe(value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
      }),
      { numRuns: 5000 },
    );
  });
});
