import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { inAnswerRegister } from '../src/text/insertions.js';
import { textFixture } from '../test/support/textFixture.js';
import { claimInsertion } from './claim-insertion.js';
import { describeTextMutator } from './testing/text-mutator-spec.js';

describeTextMutator(
  claimInsertion,
  [
    {
      name: 'a neighbouring rule of the evidence with its period misstated',
      artifact: 'Adult books are lent for 21 days.',
      evidence: 'Adult books are lent for 21 days. DVDs are lent for 7 days and cost £1.00 per day overdue.',
      kept: ['Adult books are lent for 21 days. DVDs are lent for 14 days and cost £1.00 per day overdue.'],
    },
    {
      name: 'two misreadings of a limit, in the answer\'s "you"',
      artifact: 'You can renew online or by phone.',
      evidence: 'Renewals can be made online or by phone. Members may renew each item up to 3 times.',
      kept: ['You can renew online or by phone. You may renew each item up to 2 times.', 'You can renew online or by phone. You may renew each item up to 6 times.'],
    },
    {
      name: 'after the sentence it bears on',
      artifact: 'Late rent is charged at 3% interest. Payments are due on the 1st.',
      evidence: 'Interest of 3% is charged on late rent. Rent is paid on the 1st of each month. The rent may be reviewed once in any 12-month period.',
      kept: [
        'Late rent is charged at 3% interest. The rent may be reviewed once in any 6-month period. Payments are due on the 1st.',
        'Late rent is charged at 3% interest. The rent may be reviewed once in any 24-month period. Payments are due on the 1st.',
      ],
    },
    {
      name: 'at the end where the next sentence refers back',
      artifact: 'You can renew online. It is quick.',
      evidence: 'Renewals can be made online. Members may renew each item up to 3 times.',
      kept: ['You can renew online. It is quick. You may renew each item up to 2 times.', 'You can renew online. It is quick. You may renew each item up to 6 times.'],
    },
  ],
  [
    { name: 'an evidence that the answer restates whole', artifact: 'The fee is £50 for each claim.' },
    { name: 'a figure the answer also states', artifact: 'Refunds take 14 days.', evidence: 'Refunds take 14 days. Passengers may choose a refund within 14 days.' },
    { name: 'a figure the answer states in words', artifact: 'Refunds are paid in six days.', evidence: 'Refunds are paid in 6 days. Refunds of up to 6 items are allowed.' },
    { name: 'a year and a section number', artifact: 'The fee is £5.', evidence: 'The fee is £5. The fee was set in 2024 under section 4 of the policy.' },
    { name: 'a phone number', artifact: 'The fee is £5.', evidence: 'The fee is £5. Fee queries go to 0300 555 0142.' },
    { name: 'an evidence sentence pointing back at the one before', artifact: 'The fee is £5.', evidence: 'The fee is £5. These fees rise by 10% each year.' },
    { name: 'an evidence sentence off the topic', artifact: 'The fee is £5.', evidence: 'The fee is £5. Surfboards longer than 3 metres are refused.' },
  ],
);

describe('claim-insertion oracle', () => {
  const fixture = textFixture({ artifact: 'Adult books are lent for 21 days. Fines are 25p a day.', evidence: 'Adult books are lent for 21 days. Fines are 25p a day. DVDs are lent for 7 days.' });
  it.each([
    ['the evidence supports the added sentence as written', { start: 33, end: 33, replacement: ' DVDs are lent for 7 days.' }],
    ['the addition does not stand between two sentences', { start: 10, end: 10, replacement: ' DVDs are lent for 14 days.' }],
    ['the addition is not one grammatical sentence', { start: 33, end: 33, replacement: ' DVDs are lent for 14 days. So are CDs.' }],
    ['the addition is not one grammatical sentence', { start: 33, end: 33, replacement: ' dVDs are lent for  14 days.' }],
    ['nothing in the added sentence can be checked against the evidence', { start: 33, end: 33, replacement: ' Staff are friendly and helpful.' }],
  ])('%s', (reason, candidate) => {
    expect(claimInsertion.invalidReason!(fixture, candidate)).toBe(reason);
  });
});

describe('inAnswerRegister', () => {
  it.each([
    ['Members may renew each item up to 3 times.', 'You may renew each item up to 3 times.'],
    ['The passenger must pay €30 for their bag.', 'You must pay €30 for your bag.'],
    ['Adult members may borrow up to 15 items.', 'Adult members may borrow up to 15 items.'],
    ['The member pays £5.', 'The member pays £5.'],
    ['Passengers who change a flight themselves pay a €45 fee.', 'Passengers who change a flight themselves pay a €45 fee.'],
  ])('%s', (sentence, expected) => {
    expect(inAnswerRegister(sentence, 'You can.')).toBe(expected);
  });
  it('leaves the sentence as written where the answer does not speak to "you"', () => {
    expect(inAnswerRegister('Members may renew each item up to 3 times.', 'Items can be renewed.')).toBe('Members may renew each item up to 3 times.');
  });
});

describe('claim-insertion, in the trace', () => {
  it('has the trace assert that the added sentence was checked, in words that vary by fixture', () => {
    const traces = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => {
      const fixture = textFixture({ id, artifact: 'Adult books are lent for 21 days.', evidence: 'Adult books are lent for 21 days. DVDs are lent for 7 days.', trace: 'Read the policy.' });
      return generateMutants([fixture], [claimInsertion], { seed: 1, cap: 10 }).mutants[0]!.trace!;
    });
    for (const trace of traces) expect(trace).toMatch(/^Read the policy\. .*DVDs are lent for 14 days\.$/);
    expect(new Set(traces).size).toBeGreaterThan(1);
  });
});
