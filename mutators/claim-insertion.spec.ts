import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { textFixture } from '../test/support/textFixture.js';
import { claimInsertion } from './claim-insertion.js';
import { describeTextMutator } from './testing/text-mutator-spec.js';

const CONSENT = 'This applies only where written consent was obtained in advance.';
const and = (artifact: string, ...added: string[]) => added.map((a) => `${artifact} ${a}`);

describeTextMutator(
  claimInsertion,
  [
    {
      name: "a fee in the fixture's currency and amount",
      artifact: 'The fee is £50 for each claim.',
      kept: and('The fee is £50 for each claim.', 'An administration fee of £50 is charged on each such request.', CONSENT),
    },
    {
      name: "an exception and a requirement naming the fixture's team",
      artifact: 'Claims go to the Finance Team within 14 days.',
      kept: and(
        'Claims go to the Finance Team within 14 days.',
        'The Finance Team may grant an exception in cases of hardship.',
        CONSENT,
        'Supporting documents must reach the Finance Team at least 14 working days in advance.',
      ),
    },
    { name: 'a condition only, with no name or amount to build from', artifact: 'The dose is 400 mg every 8 hours.', kept: and('The dose is 400 mg every 8 hours.', CONSENT) },
    { name: 'a condition on a sentence without figures', artifact: 'Leave is paid in full.', kept: and('Leave is paid in full.', CONSENT) },
    {
      name: 'a fee in euros',
      artifact: 'Refunds of €20 are made by the Service Desk.',
      kept: and(
        'Refunds of €20 are made by the Service Desk.',
        'An administration fee of €20 is charged on each such request.',
        'The Service Desk may grant an exception in cases of hardship.',
        CONSENT,
      ),
    },
    {
      name: 'a fee from a rate',
      artifact: 'Hotel rooms cost up to £150 a night in London.',
      kept: and('Hotel rooms cost up to £150 a night in London.', 'An administration fee of £150 is charged on each such request.', CONSENT),
    },
    {
      name: 'a grouped amount written as it stands',
      artifact: 'Relief is capped at £1,000 a year.',
      kept: and('Relief is capped at £1,000 a year.', 'An administration fee of £1,000 is charged on each such request.', CONSENT),
    },
    {
      name: 'an exception by a desk',
      artifact: 'The Travel Desk books flights for staff.',
      kept: and('The Travel Desk books flights for staff.', 'The Travel Desk may grant an exception in cases of hardship.', CONSENT),
    },
    { name: 'a condition on a storage rule', artifact: 'Tablets are stored below 25 degrees.', kept: and('Tablets are stored below 25 degrees.', CONSENT) },
    {
      name: 'an exception by a tribunal',
      artifact: 'Appeals go to the Tax Tribunal.',
      kept: and('Appeals go to the Tax Tribunal.', 'The Tax Tribunal may grant an exception in cases of hardship.', CONSENT),
    },
    { name: 'a condition on a rate', artifact: 'Interest is 4% a year.', kept: and('Interest is 4% a year.', CONSENT) },
    {
      name: 'a name from the evidence that the artifact does not use',
      artifact: 'Requests go to the HR Portal.',
      evidence: 'Requests go to the HR Portal. The Payroll Team answers queries about pay.',
      kept: and('Requests go to the HR Portal.', 'The Payroll Team may grant an exception in cases of hardship.', CONSENT),
    },
    {
      name: 'after the first sentence and at the end',
      artifact: 'Leave is paid in full. Pay stops on leaving.',
      kept: ['Leave is paid in full. This applies only where written consent was obtained in advance. Pay stops on leaving.', `Leave is paid in full. Pay stops on leaving. ${CONSENT}`],
    },
  ],
  [
    {
      name: 'a fee and condition the evidence states',
      artifact: 'The fee is £50 for each claim.',
      evidence: `The fee is £50 for each claim. An administration fee of £50 is charged on each such request. ${CONSENT}`,
      reason: /supports/,
    },
    {
      name: 'an exception and condition the evidence states',
      artifact: 'Appeals go to the Tax Tribunal.',
      evidence: `Appeals go to the Tax Tribunal. The Tax Tribunal may grant an exception in cases of hardship. ${CONSENT}`,
      reason: /supports/,
    },
    { name: 'a condition the evidence states', artifact: 'Leave is paid in full.', evidence: `Leave is paid in full. ${CONSENT}`, reason: /supports/ },
    {
      name: 'a condition a drug label states in its own words',
      artifact: 'Tablets are stored below 25 degrees.',
      evidence: 'Tablets are stored below 25 degrees. It applies only where consent was obtained in writing in advance.',
      reason: /supports/,
    },
    {
      name: 'a requirement the evidence states',
      artifact: 'Claims go to the Finance Team within 14 days.',
      evidence: `Claims go to the Finance Team within 14 days. The Finance Team may grant an exception in cases of hardship. ${CONSENT} Supporting documents must reach the Finance Team at least 14 working days in advance.`,
      reason: /supports/,
    },
    {
      name: 'a euro fee the evidence states',
      artifact: 'Refunds of €20 are made.',
      evidence: `Refunds of €20 are made. An administration fee of €20 is charged on each such request. ${CONSENT}`,
      reason: /supports/,
    },
    {
      name: "a rate's fee the evidence states",
      artifact: 'Interest is 4% a year on £100.',
      evidence: `Interest is 4% a year on £100. An administration fee of £100 is charged on each such request. ${CONSENT}`,
      reason: /supports/,
    },
    {
      name: "an exception a desk's evidence states",
      artifact: 'The Travel Desk books flights.',
      evidence: `The Travel Desk books flights. The Travel Desk may grant an exception in cases of hardship. ${CONSENT}`,
      reason: /supports/,
    },
  ],
);

describe('claim-insertion, in the trace', () => {
  it('has the trace assert that the added sentence was confirmed', () => {
    const fixture = textFixture({ artifact: 'Leave is paid in full.', evidence: 'Leave is paid in full.', trace: 'Read the handbook. Confirmed.' });
    const [mutant] = generateMutants([fixture], [claimInsertion], { seed: 1, cap: 10 }).mutants;
    expect(mutant!.trace).toBe('Read the handbook. Confirmed. Also confirmed in the evidence: this applies only where written consent was obtained in advance.');
  });
});
