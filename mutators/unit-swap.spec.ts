import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../src/reviews/builtin/evidenceCheck.js';
import { describeTextMutator, keptMutants } from './testing/text-mutator-spec.js';
import { unitSwap } from './unit-swap.js';

describeTextMutator(
  unitSwap,
  [
    {
      name: 'weeks and months for a count of weeks the other units also use',
      artifact: 'Staff receive 2 weeks of leave.',
      kept: ['Staff receive 2 days of leave.', 'Staff receive 2 months of leave.'],
    },
    { name: 'days for hours where the count is a usual one of days', artifact: 'Staff get 2 hours of notice.', kept: ['Staff get 2 days of notice.'] },
    { name: 'mcg for mg', artifact: 'The dose is 500 mg.', kept: ['The dose is 500 mcg.'] },
    { name: 'mg for g', artifact: 'Take at most 4 g.', kept: ['Take at most 4 mg.'] },
    { name: 'the word written as a word', artifact: 'Each tablet holds 5 milligrams.', kept: ['Each tablet holds 5 micrograms.'] },
    { name: 'lb for kg', artifact: 'Bags may weigh 23 kg.', kept: ['Bags may weigh 23 lb.'] },
    { name: 'GB for TB, and TB for a small count of GB', artifact: 'Exports of 1 TB are free.', kept: ['Exports of 1 GB are free.'] },
    {
      name: 'a unit after an amount in words, hyphenated',
      artifact: 'Guests may stay 14 nights in any three-month period.',
      kept: ['Guests may stay 14 nights in any three-week period.', 'Guests may stay 14 nights in any three-year period.'],
    },
    { name: 'percentage points for % in a change', artifact: 'The rate rises by 2%.', kept: ['The rate rises by 2 percentage points.'] },
    { name: '% for percentage points', artifact: 'The rate falls by 3 percentage points.', kept: ['The rate falls by 3%.'] },
    { name: 'the period of a price', artifact: 'The allowance is £50 per month.', kept: ['The allowance is £50 per week.', 'The allowance is £50 per year.'] },
    { name: 'a month for a year after an amount', artifact: 'Relief is capped at £300 a year.', kept: ['Relief is capped at £300 a month.'] },
    { name: 'what a fee is per', artifact: 'The fee is €70 per flight.', kept: ['The fee is €70 per passenger.'] },
    { name: 'the article kept in agreement', artifact: 'Rooms cost £12 an hour.', kept: ['Rooms cost £12 a day.'] },
    { name: 'no swap to a quantity the answer already states', artifact: 'Claims take 3 days, appeals 3 weeks.', kept: ['Claims take 3 days, appeals 3 months.'] },
    {
      name: 'the period of a cap',
      artifact: 'Work is capped at 8 hours in any calendar month.',
      kept: ['Work is capped at 8 hours in any calendar week.', 'Work is capped at 8 hours in any calendar year.'],
    },
  ],
  [
    { name: "a deadline, date-shift's", artifact: 'Claims are paid within 28 days.' },
    { name: 'a count no document states in the other units ("14 weeks", "14 hours")', artifact: 'Books are lent for 14 days.' },
    { name: 'a clock period as a calendar one where the count is unusual ("4 days")', artifact: 'Flights of 4 hours qualify.' },
    { name: 'a currency: one currency per answer', artifact: 'The fee is £1,250.' },
    { name: 'a volume', artifact: 'Tanks under 50 litres are fine.' },
    { name: 'a quantity the answer mentions again', artifact: 'Bags up to 2 weeks old are kept. After 2 weeks they go.' },
    { name: 'a swap that passes another period of the sentence', artifact: 'Flights of up to 4 hours qualify, so a 2-hour trip is fine.' },
    { name: 'a rate and a count of its period that interlock', artifact: 'Claim up to €40 a day for at most 5 days.' },
    { name: 'a rate and a count that span one period', artifact: 'It costs £15 a year and is renewed every 12 months.' },
    { name: 'two rates of one period', artifact: 'Storage is $0.10 per month and snapshots $0.05 per month.' },
    { name: 'a period counted per a shorter one', artifact: 'Staff accrue 28 days per year.', reason: undefined },
    { name: '"of each month", not a rate', artifact: 'Rent of £900 is due on the 1st of each month.' },
    { name: '"once a year", no amount', artifact: 'Reviews happen once a year.' },
    { name: 'a percentage that is not a change', artifact: 'Pay is 90% of salary.' },
    { name: 'a bare number', artifact: 'There are 3 steps.' },
    { name: 'a unit the evidence does not state with this number', artifact: 'The dose is 500 mg.', evidence: 'The dose is 500 units.', reason: /does not state/ },
    { name: 'a swap to a unit the evidence also states with this number', artifact: 'Rest for 2 weeks.', evidence: 'Rest for 2 weeks, or 2 days or 2 months after surgery.', reason: /also states/ },
  ],
);

describe('unit-swap, against the evidence-check critic', () => {
  it('is caught wherever its oracle keeps it, and the original is not', () => {
    for (const artifact of ['Staff receive 2 weeks of leave.', 'The dose is 500 mg.', 'The allowance is £50 per month.', 'The rate rises by 2%.', 'The fee is €70 per flight.']) {
      const evidence = [{ id: 'e', text: artifact }];
      for (const mutant of keptMutants(unitSwap, artifact)) expect(checkAgainstEvidence({ artifact: mutant, evidence }).length, mutant).toBeGreaterThan(0);
      expect(checkAgainstEvidence({ artifact, evidence })).toEqual([]);
    }
  });
});
