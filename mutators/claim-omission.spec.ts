import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { textFixture } from '../test/support/textFixture.js';
import { claimOmission } from './claim-omission.js';
import { describeTextMutator } from './testing/text-mutator-spec.js';

/** Two sentences, each needed: the mutants are each one alone. */
const pair = (name: string, first: string, second: string) => ({ name, artifact: `${first} ${second}`, kept: [second, first] });

describeTextMutator(
  claimOmission,
  [
    pair('a figure, then a name', 'Staff accrue 28 days of leave.', 'Claims go to the Finance Team.'),
    pair('a dose, then a restriction', 'The dose is 400 mg.', 'Children should not take it.'),
    pair('a cap, then a deadline', 'Relief is capped at £1,000.', 'Returns are filed by 31 January.'),
    pair('a period, then a qualifier', 'Refunds take 14 days.', 'Receipts are kept only for audits.'),
    pair('a share, then an approver', 'Pay is 90% of salary.', 'Overtime needs approval from the People Team.'),
    pair('a strength, then a storage limit', 'Tablets contain 5 mg.', 'Storage is below 25 degrees.'),
    pair('a month, then a quorum', 'Members vote in March.', 'A quorum is at least 6 people.'),
    pair('a price, then a term', 'Bikes cost £300.', 'Loans are repaid over 12 months.'),
    pair('a booking desk, then a cap', 'Flights need approval from the Travel Desk.', 'Hotels cost up to £150 a night.'),
    pair('a rest, then a keeper', 'Drivers rest 45 minutes.', 'Logs are kept by the Fleet Office.'),
    pair('a rate, then a start', 'Interest is 4% a year.', 'Penalties start after 30 days.'),
    {
      name: 'any of three sentences',
      artifact: 'Annual leave totals 28 days. Unused holiday may carry over, up to 5. Requests go through the HR Portal.',
      kept: [
        'Unused holiday may carry over, up to 5. Requests go through the HR Portal.',
        'Annual leave totals 28 days. Requests go through the HR Portal.',
        'Annual leave totals 28 days. Unused holiday may carry over, up to 5.',
      ],
    },
  ],
  [
    { name: 'the only sentence', artifact: 'The fee is £50.' },
    { name: 'sentences that state no figure, name or condition', artifact: 'Everyone is welcome here. All staff should feel valued.', reason: /states no figure/ },
    { name: 'a friendly opener and closer', artifact: 'Welcome to the guide. Read it with care.', reason: /states no figure/ },
    { name: 'sentences no evidence supports', artifact: 'Leave is 28 days. Claims go to the Finance Team.', evidence: 'Trains run hourly from the station.', reason: /no evidence sentence supports/ },
    { name: 'a claim restated', artifact: 'Leave is 28 days a year. Each year, leave is 28 days.', reason: /restates/ },
    { name: 'a team restated', artifact: 'Claims are paid within 14 days by the Finance Team. The Finance Team pays claims within 14 days.', reason: /restates/ },
    { name: 'a rate restated', artifact: 'Interest is charged at 4%. Interest is charged at 4% yearly.', reason: /restates/ },
    { name: 'a dose restated', artifact: 'The adult dose is 400 mg. Adults take a dose of 400 mg.', reason: /restates/ },
  ],
);

describe('claim-omission, in the trace', () => {
  it('has the trace leave out what the answer left out', () => {
    const fixture = textFixture({
      artifact: 'Staff accrue 28 days of leave. Claims go to the Finance Team.',
      evidence: 'Staff accrue 28 days of leave. Claims go to the Finance Team.',
      trace: 'Checked the handbook: staff accrue 28 days of leave. Confirmed.',
    });
    const { mutants } = generateMutants([fixture], [claimOmission], { seed: 1, cap: 10 });
    expect(mutants.find((m) => m.artifact === 'Claims go to the Finance Team.')!.trace).toBe('Confirmed.');
    expect(mutants.find((m) => m.artifact === 'Staff accrue 28 days of leave.')!.trace).toBe(fixture.trace);
  });
});
