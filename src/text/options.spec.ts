import { describe, expect, it } from 'vitest';
import { askedOptions, comparedNames } from './options.js';

describe('askedOptions', () => {
  it.each([
    [
      'two noun phrases, each by the words only it has',
      'Is it cheaper for us to buy two concession tickets or the Family Duo ticket?',
      [
        ['two concession tickets', ['concession']],
        ['the Family Duo ticket', ['family', 'duo']],
      ],
    ],
    ['two verbs, no named options', 'Should I take the annual plan or pay monthly?', []],
    ['a sentence that asks nothing', 'I could buy two concession tickets or the Family Duo ticket.', []],
  ])('%s', (_, task, expected) => {
    expect(
      askedOptions(task)
        .flat()
        .map((o) => [o.text, o.words]),
    ).toEqual(expected);
  });
});

describe('comparedNames', () => {
  it.each([
    ['a name a sentence compares', 'The Family Duo ticket is the cheaper option for you both.', ['Family Duo']],
    ['a name in a sentence that compares nothing', 'The Family Duo covers one adult and one child.', []],
  ])('%s', (_, sentence, expected) => {
    expect(comparedNames(sentence)).toEqual(expected);
  });
});
