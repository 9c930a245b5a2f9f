import { describe, expect, it } from 'vitest';
import { splitSentences } from './claims.js';
import { readSentences } from './nlp.js';

/** Texts and the sentences both splitters must find in them: an abbreviation ends one only where a new sentence starts after it. */
const CASES: { name: string; text: string; sentences: string[] }[] = [
  {
    name: '"i.e." before an amount',
    text: 'A six-month permit costs 55% of the annual price, i.e. £79.20, plus the £15 surcharge, which makes £94.20; two of them come to £188.40. Buying one annual permit therefore saves you £14.40.',
    sentences: [
      'A six-month permit costs 55% of the annual price, i.e. £79.20, plus the £15 surcharge, which makes £94.20; two of them come to £188.40.',
      'Buying one annual permit therefore saves you £14.40.',
    ],
  },
  {
    name: '"i.e." inside a working',
    text: 'That is one-twelfth of £96, i.e. £8, giving £32, from which the £12 fee is deducted.',
    sentences: ['That is one-twelfth of £96, i.e. £8, giving £32, from which the £12 fee is deducted.'],
  },
  { name: '"e.g." before a name', text: 'Some cards, e.g. Visa, are accepted. Cash is not.', sentences: ['Some cards, e.g. Visa, are accepted.', 'Cash is not.'] },
  { name: '"approx." and "incl."', text: 'It costs approx. £5 incl. VAT. Delivery is free.', sentences: ['It costs approx. £5 incl. VAT.', 'Delivery is free.'] },
  { name: '"no." before a number', text: 'Use form no. 5 to apply. It takes a day.', sentences: ['Use form no. 5 to apply.', 'It takes a day.'] },
  { name: '"etc." before lower case', text: 'Bring ID, keys etc. and your permit. It takes a day.', sentences: ['Bring ID, keys etc. and your permit.', 'It takes a day.'] },
  { name: '"etc." that ends a sentence', text: 'Bring ID, keys, etc. The desk opens at 9.', sentences: ['Bring ID, keys, etc.', 'The desk opens at 9.'] },
  { name: '"no" as a word that ends a sentence', text: 'The answer is no. Then go home.', sentences: ['The answer is no.', 'Then go home.'] },
  { name: '"p.m." before lower case', text: 'Doors open at 7 p.m. on Fridays. Entry is £5.', sentences: ['Doors open at 7 p.m. on Fridays.', 'Entry is £5.'] },
  { name: '"cf." and "vs."', text: 'Annual is £180 vs. £200 monthly, cf. section 4. Both renew.', sentences: ['Annual is £180 vs. £200 monthly, cf. section 4.', 'Both renew.'] },
];

describe('sentence splitting at abbreviations', () => {
  it.each(CASES)('splitSentences: $name', ({ text, sentences }) => {
    expect(splitSentences(text).map((s) => s.text)).toEqual(sentences);
  });

  it.each(CASES)('readSentences (the language model): $name', ({ text, sentences }) => {
    expect(readSentences(text).map((s) => s.text)).toEqual(sentences);
  });

  it('keeps the offsets and every token of a sentence the model split at an abbreviation', () => {
    const text = 'Fees are approx. £5 incl. VAT. Delivery is free.';
    const [first] = readSentences(text);
    expect(text.slice(first!.start, first!.end)).toBe('Fees are approx. £5 incl. VAT.');
    expect(first!.tokens.map((t) => text.slice(t.start, t.end))).toEqual(first!.tokens.map((t) => t.text));
    expect(first!.tokens.map((t) => t.text)).toContain('VAT');
  });
});
