import { describe, expect, it } from 'vitest';
import { findPolarities, reversedPolarities } from './polarity.js';

describe('a state a negated modal denies', () => {
  it.each([
    { claim: "The registration fee can't be refunded.", support: 'The registration fee is not refunded in any of these cases.', reversed: [] },
    { claim: 'The registration fee cannot be refunded.', support: 'The registration fee is not refunded in any of these cases.', reversed: [] },
    { claim: "You won't be charged for the first hour.", support: 'The first hour is not charged.', reversed: [] },
    { claim: 'The registration fee can be refunded.', support: 'The registration fee is not refunded in any of these cases.', reversed: ['be refunded'] },
    { claim: "The registration fee can't be refunded.", support: 'The registration fee is refunded in full.', reversed: ["can't be refunded"] },
  ])('$claim against "$support": reverses $reversed', ({ claim, support, reversed }) => {
    expect(reversedPolarities(claim, support).map((p) => p.text)).toEqual(reversed);
  });

  it.each([
    { text: "The fee can't be refunded.", reversal: 'can be refunded' },
    { text: 'It won’t be charged.', reversal: 'will be charged' },
    { text: 'The deposit must not be paid late.', reversal: 'may be paid' },
  ])('$text reverses to "$reversal"', ({ text, reversal }) => {
    expect(findPolarities(text).map((p) => p.reversed)).toEqual([reversal]);
  });
});
