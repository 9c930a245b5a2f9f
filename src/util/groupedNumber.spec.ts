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
  ])('writes %d with %d decimals as %s', (value, decimals, text) => {
    expect(groupedNumber(value, decimals)).toBe(text);
  });

  // Up to 13 significant digits: beyond 17, ICU stops printing a double's exact digits and toFixed does not (no text states such a number).
  it('agrees with toLocaleString("en-US") on any number of magnitude below 10^9 with up to 4 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)), fc.integer({ min: 0, max: 4 }), (value, decimals) => {
        expect(groupedNumber(value, decimals)).toBe(value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
      }),
      { numRuns: 5000 },
    );
  });
});
