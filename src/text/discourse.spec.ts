import { describe, expect, it } from 'vitest';
import { statesNoClaim } from './discourse.js';

describe('statesNoClaim', () => {
  it.each([
    'Yes.',
    'Sadly, no.',
    'Unfortunately not.',
    'Yes, most likely.',
    'You can, yes.',
    'You should be able to.',
    'Not all of it.',
    'You keep some of it.',
    'Not on her own yet, unfortunately.',
    "I'm afraid not.",
    "I'm sorry, but no.",
    'Sorry, no.',
  ])('reads %j as a reply that states no claim', (sentence) => {
    expect(statesNoClaim(sentence)).toBe(true);
  });

  it.each([
    // A figure, a date or a name is a claim, however short the sentence.
    'Yes, within 14 days.',
    'No, not this April.',
    'Ask the Finance Team.',
    // Two words that carry a claim.
    'Refunds are not allowed.',
    'For now, yes, though the cover is running out.',
    "It isn't too late, but don't leave it much longer.",
    "I'm sorry, the shop is closed.",
  ])('reads %j as a claim', (sentence) => {
    expect(statesNoClaim(sentence)).toBe(false);
  });
});
