import { describe, expect, it } from 'vitest';
import { articleAgrees, indefiniteArticle } from './articles.js';

describe('indefiniteArticle', () => {
  it.each([
    ['Off-Peak', 'an'],
    ['Anytime', 'an'],
    ['Northern', 'a'],
    ['WVR', 'a'],
    ['LNER', 'an'],
    ['MOT', 'an'],
    ['UK', 'a'],
    ['Universal', 'a'],
    ['user', 'a'],
    ['European', 'a'],
    ['one-off', 'a'],
    ['Unlimited', 'an'],
    ['unused', 'an'],
    ['Uber', 'an'],
    ['hour', 'an'],
    ['Heathrow', 'a'],
    // A figure by its number as said (unseen32's readers, of "an £70" for "an £80": "only reads right as an £80").
    ['£80', 'an'],
    ['£70', 'a'],
    ['€8.50', 'an'],
    ['8-hour', 'an'],
    ['11', 'an'],
    ['18', 'an'],
    ['11,000', 'an'],
    ['18000', 'an'],
    ['118', 'a'],
    ['110', 'a'],
    ['180', 'a'],
    ['1,100', 'a'],
  ])('says "%s" with "%s"', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });
});

describe('articleAgrees', () => {
  it.each([
    ['at a WVR ticket office', 'Northern', true],
    ['at a WVR ticket office', 'Off-Peak', false],
    ['at A WVR ticket office', 'LNER', false],
    ['at an LNER ticket office', 'Orbit', true],
    ['at the WVR ticket office', 'Off-Peak', true],
    ['at WVR ticket offices', 'Anytime', true],
  ])('before the name in "%s", "%s" fits: %s', (text, replacement, fits) => {
    const name = /[A-Z]{3,}/.exec(text)!;
    expect(articleAgrees(text, name.index, replacement)).toBe(fits);
  });
});
