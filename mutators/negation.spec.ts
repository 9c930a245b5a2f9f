import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../src/reviews/builtin/evidenceCheck.js';
import { negation } from './negation.js';
import { describeTextMutator, keptMutants } from './testing/text-mutator-spec.js';

describeTextMutator(
  negation,
  [
    { name: '"is payable" reversed', artifact: 'Holiday pay is payable on leaving.', kept: ['Holiday pay is not payable on leaving.'] },
    { name: '"is not taxable" reversed', artifact: 'The allowance is not taxable.', kept: ['The allowance is taxable.'] },
    { name: '"are eligible" reversed', artifact: 'Part-time staff are eligible for the bonus.', kept: ['Part-time staff are not eligible for the bonus.'] },
    { name: '"must" to "need not"', artifact: 'Claims must include a receipt.', kept: ['Claims need not include a receipt.'] },
    { name: '"must not" to "must"', artifact: 'Patients must not drive.', kept: ['Patients must drive.'] },
    { name: '"need not" to "must"', artifact: 'Staff need not attend.', kept: ['Staff must attend.'] },
    { name: '"may" to "may not"', artifact: 'Staff may work from home.', kept: ['Staff may not work from home.'] },
    { name: '"may not" to "may"', artifact: 'Staff may not work abroad.', kept: ['Staff may work abroad.'] },
    { name: '"cannot" to "can"', artifact: 'Unused leave cannot be sold.', kept: ['Unused leave can be sold.'] },
    { name: '"permitted" to "prohibited"', artifact: 'Smoking is permitted outside.', kept: ['Smoking is not permitted outside.'] },
    { name: '"prohibited" to "permitted"', artifact: 'Alcohol with the tablets is prohibited.', kept: ['Alcohol with the tablets is permitted.'] },
    { name: '"before" to "after"', artifact: 'Apply 4 weeks before the start date.', kept: ['Apply 4 weeks after the start date.'] },
    { name: '"after" to "before"', artifact: 'Take it 2 hours after food.', kept: ['Take it 2 hours before food.'] },
    { name: '"including" to "excluding"', artifact: 'Leave is 28 days including bank holidays.', kept: ['Leave is 28 days excluding bank holidays.'] },
    { name: '"never" to "always"', artifact: 'Tablets are never crushed.', kept: ['Tablets are always crushed.'] },
  ],
  [
    { name: 'a sentence with no polarity', artifact: 'Leave accrues at 28 days per year.' },
    { name: '"May" the month', artifact: 'Payroll closes in May.' },
    { name: '"may" opening a sentence', artifact: 'May is a busy month.' },
    { name: '"before" inside a word', artifact: 'Beforehand, staff rest.' },
    { name: '"is" before a word that is not a state', artifact: 'The rate is 28 days.' },
    { name: 'a polarity the evidence does not state', artifact: 'Staff may work from home.', evidence: 'Staff work from home on Fridays.', reason: /does not state/ },
    { name: 'a polarity the evidence states both ways', artifact: 'Staff may work from home.', evidence: 'Staff may work from home, but may not work from abroad.', reason: /other polarity/ },
    { name: 'a reversal when the evidence says the reverse', artifact: 'Holiday pay is payable on leaving.', evidence: 'Holiday pay is not payable on leaving.', reason: /does not state/ },
  ],
);

describe('negation, against the evidence-check critic', () => {
  it('is caught wherever its oracle keeps it', () => {
    for (const artifact of ['Claims must include a receipt.', 'Holiday pay is payable on leaving.', 'Apply 4 weeks before the start date.']) {
      const [mutant] = keptMutants(negation, artifact);
      expect(checkAgainstEvidence({ artifact: mutant!, evidence: [{ id: 'e', text: artifact }] }).length).toBeGreaterThan(0);
      expect(checkAgainstEvidence({ artifact, evidence: [{ id: 'e', text: artifact }] })).toEqual([]);
    }
  });
});
