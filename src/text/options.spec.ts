import { describe, expect, it } from 'vitest';
import { askedOptions, comparedThings } from './options.js';

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

describe('comparedThings', () => {
  it.each([
    [
      'a name and the subject of a sentence that compares',
      'The Family Duo ticket is the cheaper option for you both.',
      [
        ['Family Duo', ['family', 'duo']],
        ['The Family Duo ticket', ['family', 'duo', 'ticket']],
      ],
    ],
    ['a subject without a name', 'The annual plan is the better deal.', [['The annual plan', ['annual', 'plan']]]],
    ['a pronoun subject', 'It is the cheapest way to go.', []],
    ['a sentence that compares nothing', 'The Family Duo covers one adult and one child.', []],
  ])('%s', (_, sentence, expected) => {
    expect(comparedThings(sentence).map((t) => [t.text, t.words])).toEqual(expected);
  });
});
