import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { findNumbers } from '../src/text/claims.js';
import { textFixture } from '../test/support/textFixture.js';
import { numberFlip, wrongValues } from './number-flip.js';

const fixture = textFixture({
  artifact: 'Employees accrue 28 days of leave each year. They may carry over at most 5 days.',
  evidence: 'Employees accrue 28 days of leave each year. They may carry over at most 5 days into the next year, or 8 days with approval.',
});

describe('number-flip', () => {
  it.each([
    ['28 days', ['30 days', '26 days']],
    ['£1,250 a year', ['£1,350 a year', '£1,150 a year']],
    ['15% of pay', ['16% of pay', '14% of pay']],
    ['0.5 mg', ['0.6 mg', '0.4 mg']],
    ['1 day', ['2 day']],
    ['100%', ['90%']],
  ])('flips %s keeping its format', (text, expected) => {
    const mutated = [...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))].map((c) => text.slice(0, c.start) + c.replacement + text.slice(c.end));
    expect(mutated).toEqual(expected);
  });

  it.each(['Returns are due by 31 January 2026.', 'The rule applies from 2026-03-09, or 09/03/2026.', 'Claims are paid within 28 days, in the 2025-26 tax year.', 'The scheme closed in 2024.'])(
    'leaves the dates and deadlines of "%s" to date-shift',
    (text) => {
      expect([...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))]).toEqual([]);
    },
  );

  it.each(['28', '5'])('keeps a flip of %s, which the supporting sentence states', (number) => {
    const candidates = [...numberFlip.candidates(fixture)].filter((c) => fixture.artifact.slice(c.start, c.end) === number);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(numberFlip.invalidReason!(fixture, c)).toBeNull();
  });

  it('rejects a flip to a value the supporting sentence also states', () => {
    const start = fixture.artifact.indexOf('5 days');
    expect(numberFlip.invalidReason!(fixture, { start, end: start + 1, replacement: '8' })).toMatch(/also stated/);
  });

  it('rejects a flip of a number the evidence never states', () => {
    const f = textFixture({ artifact: 'Employees accrue 28 days of leave.', evidence: 'Employees accrue their leave in full each year.' });
    const [c] = numberFlip.candidates(f);
    expect(numberFlip.invalidReason!(f, c!)).toMatch(/not stated/);
  });

  it('never yields the original value, and every step is positive and plausible', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (value, grouped) => {
        const written = grouped ? value.toLocaleString('en-US') : String(value);
        const [n] = findNumbers(`about ${written} units`);
        for (const v of wrongValues(n!)) {
          expect(v).not.toBe(value);
          expect(v).toBeGreaterThan(0);
          expect(Math.abs(v - value) / value).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('is deterministic', () => {
    const once = generateMutants([fixture], [numberFlip], { seed: 3, cap: 100 });
    const again = generateMutants([fixture], [numberFlip], { seed: 3, cap: 100 });
    expect(again).toEqual(once);
  });
});
