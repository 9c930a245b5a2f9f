import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../src/reviews/builtin/evidenceCheck.js';
import { describeTextMutator, keptMutants } from './testing/text-mutator-spec.js';
import { unitSwap } from './unit-swap.js';

describeTextMutator(
  unitSwap,
  [
    { name: 'hours for days and weeks', artifact: 'Staff receive 28 days of leave.', kept: ['Staff receive 28 hours of leave.', 'Staff receive 28 weeks of leave.'] },
    { name: 'days and minutes for hours', artifact: 'Take one dose every 6 hours.', kept: ['Take one dose every 6 days.', 'Take one dose every 6 minutes.'] },
    { name: 'g and mcg for mg', artifact: 'The dose is 500 mg.', kept: ['The dose is 500 g.', 'The dose is 500 mcg.'] },
    { name: 'mg for g', artifact: 'Take at most 4 g.', kept: ['Take at most 4 mg.'] },
    { name: 'the word written as a word', artifact: 'Each tablet holds 5 milligrams.', kept: ['Each tablet holds 5 grams.', 'Each tablet holds 5 micrograms.'] },
    { name: 'a singular unit kept singular', artifact: 'Rest for 1 hour.', kept: ['Rest for 1 day.', 'Rest for 1 minute.'] },
    { name: 'percentage points for % in a change', artifact: 'The rate rises by 2%.', kept: ['The rate rises by 2 percentage points.'] },
    { name: '% for percentage points', artifact: 'The rate falls by 3 percentage points.', kept: ['The rate falls by 3%.'] },
    { name: 'per year for per month', artifact: 'The allowance is £50 per month.', kept: ['The allowance is €50 per month.', 'The allowance is £50 per week.', 'The allowance is £50 per year.'] },
    { name: 'a month for a year after an amount', artifact: 'Relief is capped at 300 a year.', kept: ['Relief is capped at 300 a month.'] },
    { name: 'euros for pounds where the evidence uses pounds only', artifact: 'The fee is £1,250.', kept: ['The fee is €1,250.'] },
    { name: 'minutes, not the days that would make a deadline', artifact: 'Reply in 24 hours.', kept: ['Reply in 24 minutes.'] },
    { name: 'ml for litres', artifact: 'Drink 2 litres.', kept: ['Drink 2 millilitres.'] },
  ],
  [
    { name: "a deadline, date-shift's", artifact: 'Claims are paid within 28 days.' },
    { name: '"once a year", no amount', artifact: 'Reviews happen once a year.' },
    { name: 'a percentage that is not a change', artifact: 'Pay is 90% of salary.' },
    { name: 'a bare number', artifact: 'There are 3 steps.' },
    { name: 'a unit-like word that is not one', artifact: 'Room 5 goes first.' },
    { name: 'a currency where the evidence uses two', artifact: 'The fee is £100.', evidence: 'The fee is £100, or €120 abroad.' },
    { name: 'a unit the evidence does not state with this number', artifact: 'The dose is 500 mg.', evidence: 'The dose is 500 units.', reason: /does not state/ },
    { name: 'a swap to a unit the evidence also states with this number', artifact: 'Rest for 2 hours.', evidence: 'Rest for 2 hours, or 2 days or 2 minutes after surgery.', reason: /also states/ },
  ],
);

describe('unit-swap, against the evidence-check critic', () => {
  it('is caught wherever its oracle keeps it, and the original is not', () => {
    for (const artifact of ['Staff receive 28 days of leave.', 'The dose is 500 mg.', 'The allowance is £50 per month.', 'The rate rises by 2%.']) {
      const evidence = [{ id: 'e', text: artifact }];
      for (const mutant of keptMutants(unitSwap, artifact)) expect(checkAgainstEvidence({ artifact: mutant, evidence }).length, mutant).toBeGreaterThan(0);
      expect(checkAgainstEvidence({ artifact, evidence })).toEqual([]);
    }
  });
});
