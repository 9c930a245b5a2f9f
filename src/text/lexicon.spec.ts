import { describe, expect, it } from 'vitest';
import { dictionaryForm, namesOneThing } from './lexicon.js';

describe('dictionaryForm', () => {
  it.each([
    ['claims', 'claim'],
    ['boxes', 'box'],
    // unseen33: "Photocopies would be cheaper" opening a sentence was read as no dictionary word.
    ['photocopies', 'photocopy'],
    ['facilities', 'facility'],
    ['rowley', undefined],
  ])('reads %j as %j', (word, form) => {
    expect(dictionaryForm(word)).toBe(form);
  });
});

describe('namesOneThing', () => {
  it.each([
    ['manchester', true],
    ['wembley', true],
    ['customer', false],
    ['leisure', false],
  ])('reads %j as one place or body: %s', (word, expected) => {
    expect(namesOneThing(word)).toBe(expected);
  });
});
