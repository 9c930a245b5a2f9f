import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';

/** The findings of evidence-check on an answer: what the qualifier-deletion oracle reads too (droppedQualifiers, src/text/mismatches.ts). */
const findings = (evidence: string, artifact: string) => checkAgainstEvidence({ task: 'What applies?', artifact, evidence: [{ id: 'e', text: evidence }] }).map((f) => f.problem);

describe('qualifiers kept in other words, and what a negation bears on', () => {
  const cancel = "Bookings cancelled 48 hours or less before pick-up are refunded less three days' rental.";
  const tyres = 'Tyres and glass are covered only by the Glass & Tyre add-on at EUR 6.00 per day.';
  const charge = "An hourly charge is made for each hour started, up to a maximum of one full day's charge.";
  const passes = 'Members may buy a maximum of 5 day passes per month.';
  const claims = 'You can make up to 2 accidental damage claims each year.';
  const rollover = 'Unused data, up to a maximum of 20 GB, rolls over.';
  const deposit = 'The deposit is refunded within 30 days after move-out, less USD 40 for each access card not returned.';
  it.each([
    { name: '"within" for "or less"', evidence: cancel, artifact: "Cancelling within 48 hours of pick-up, you are refunded less three days' rental.", dropped: [] },
    { name: 'neither', evidence: cancel, artifact: "Cancelling 48 hours before pick-up, you are refunded less three days' rental.", dropped: ['or less'] },
    { name: '"need" for "only"', evidence: tyres, artifact: 'Tyres and glass need the separate Glass & Tyre add-on (€6 a day).', dropped: [] },
    { name: 'neither "need" nor "only"', evidence: tyres, artifact: 'Tyres and glass are covered by the Glass & Tyre add-on (€6 a day).', dropped: ['only'] },
    { name: 'a claim about what a negation is not said of', evidence: deposit, artifact: 'Your deposit will be returned within 30 days of moving out.', dropped: [] },
    {
      name: 'a claim about what the negation is said of, without it',
      evidence: deposit,
      artifact: 'Your deposit is refunded within 30 days, less $40 for each access card returned.',
      dropped: ['not'],
    },
    { name: 'a bound’s term negated', evidence: charge, artifact: "You won't be charged a full day, but by the hour.", dropped: [] },
    { name: 'a bound’s term restated without it', evidence: charge, artifact: "You'll be charged a full day's charge by the hour.", dropped: ['a maximum of'] },
    { name: 'a bound on a number the claim writes in words, kept', evidence: passes, artifact: 'You can buy up to five day passes a month.', dropped: [] },
    { name: 'a bound on a number the claim writes in words, dropped', evidence: passes, artifact: 'You can buy five day passes a month.', dropped: ['a maximum of'] },
    { name: '"allowed" for "up to"', evidence: claims, artifact: 'This uses one of the two accidental damage claims you are allowed each year.', dropped: [] },
    { name: 'the bounded number in an example the claim supposes', evidence: rollover, artifact: 'For example, with 30 GB unused you would roll over 20 GB.', dropped: [] },
  ])('$name: drops $dropped', ({ evidence, artifact, dropped }) => {
    expect(findings(evidence, artifact)).toEqual(dropped.map((keyword) => expect.stringContaining(`drops the evidence's qualifier "${keyword}"`)));
  });
});
