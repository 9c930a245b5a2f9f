import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';
import { nameStated, otherNumber } from './mismatches.js';

/** The findings of evidence-check on an answer: what the entity-swap oracle reads too (nameStated, src/text/mismatches.ts). */
const findings = (task: string, evidence: string[], artifact: string) => checkAgainstEvidence({ task, artifact, evidence: evidence.map((text, i) => ({ id: `e${i}`, text })) }).map((f) => f.problem);

describe('names the evidence names', () => {
  const zones = [
    'Vehicles in the Premium, Luxury and Electric categories may not be driven into Zone B.',
    'Transporting the vehicle on any ferry requires the prior written authorisation of the renting branch.',
  ];
  it.each([
    {
      name: 'a name the evidence wraps across two lines',
      task: 'Is there a limit?',
      evidence: ['We reimburse at the percentage applicable to your plan, limited to the Scheduled\nFee Allowance for each procedure.'],
      artifact: 'We reimburse at your plan percentage, up to the Scheduled Fee Allowance for each procedure.',
      ok: true,
    },
    // unseen63's false alarm: "At 15 miles from our Ashcombe yard" beside "Our yard is in Ashcombe".
    {
      name: 'a place written before a thing the evidence says is in it',
      task: 'We are in Fernley, about 15 miles away. Will you come out for a small hedge?',
      evidence: ['Our yard is in Ashcombe, and our call-out area is divided into zones.', 'Zone C covers addresses over 12 miles and up to 20 miles away.'],
      artifact: 'At 15 miles from our Ashcombe yard, Fernley is in Zone C, which covers addresses over 12 miles and up to 20 miles away.',
      ok: true,
    },
    {
      name: 'a place written before a thing the evidence puts elsewhere',
      task: 'We are in Fernley, about 15 miles away. Will you come out for a small hedge?',
      evidence: ['Our yard is in Ashcombe, and our call-out area is divided into zones.', 'Zone C covers addresses over 12 miles and up to 20 miles away.'],
      artifact: 'At 15 miles from our Bramley yard, Fernley is in Zone C, which covers addresses over 12 miles and up to 20 miles away.',
      ok: false,
    },
    {
      name: 'a place by the adjective that pertains to it, where the question names the place',
      task: 'I chipped a tooth on holiday in Spain. Am I covered?',
      evidence: ['Receipts not in English must be accompanied by an English translation.'],
      artifact: 'Receipts in Spanish need an English translation.',
      ok: true,
    },
    {
      name: 'an adjective of a place named nowhere',
      task: 'I chipped a tooth on holiday in Spain. Am I covered?',
      evidence: ['Receipts not in English must be accompanied by an English translation.'],
      artifact: 'Receipts in French need an English translation.',
      ok: false,
    },
    {
      name: 'names from an evidence sentence that says two more of the claim’s words and names',
      task: 'Can I drive into Zone B and take a ferry?',
      evidence: zones,
      artifact: "Premium and Luxury vehicles can't be taken into Zone B, and any ferry crossing needs our written authorisation beforehand.",
      ok: true,
    },
    {
      name: 'a name an evidence sentence gives for another rule, saying only one more of the claim’s words',
      task: 'Can I take a ferry?',
      evidence: ['Economy cars may be driven into Zone A.', 'Transporting the vehicle on any ferry requires the prior written authorisation of the renting branch.'],
      artifact: 'Taking Economy vehicles on any ferry needs our written authorisation beforehand.',
      ok: false,
    },
    {
      name: 'a name the answer joins to a day the evidence writes beside it',
      task: 'Can my daughter come?',
      evidence: ['Our Young Makers class on Saturday afternoons is for ages 10 to 15 and costs £95 for a five-week block.'],
      artifact: 'For younger potters we run a Saturday Young Makers class for ages 10 to 15.',
      ok: true,
    },
    {
      name: 'a name joined to a word the evidence does not write beside it',
      task: 'Can my daughter come?',
      evidence: ['Our Young Makers class on Saturday afternoons is for ages 10 to 15 and costs £95 for a five-week block.'],
      artifact: 'For younger potters we run a Junior Young Makers class for ages 10 to 15.',
      ok: false,
    },
    {
      name: 'a name the answer hyphenates where the evidence writes its words apart (unseen49: "a Friday-to-Monday short break")',
      task: 'Can we stay two nights with our dog?',
      evidence: ['Short breaks run Friday to Monday (3 nights) or Monday to Friday (4 nights).'],
      artifact: 'You could book a Friday-to-Monday short break instead, which is 3 nights.',
      ok: true,
    },
    {
      name: 'a hyphenated name in the plural where the evidence writes its words apart, singular',
      task: 'Can we stay two nights with our dog?',
      evidence: ['Short breaks run Friday to Monday (3 nights) or Monday to Friday (4 nights).'],
      artifact: 'We only take Friday-to-Mondays at this time of year, which are 3 nights.',
      ok: true,
    },
    {
      name: 'a hyphenated name whose words the evidence does not write together',
      task: 'Is there anything for the dog?',
      evidence: ['Every booking of Breeze Cottage by the Sea includes a welcome pack for your dog.'],
      artifact: 'Every booking of Sea-Breeze Cottage includes a welcome pack for your dog.',
      ok: false,
    },
    {
      name: 'a name in the singular where the evidence writes its plural',
      task: 'Would joining Calloway Friends save me money?',
      evidence: ['Friends get priority booking 48 hours before general sale.'],
      artifact: "As a Friend you'd get priority booking 48 hours before general sale.",
      ok: true,
    },
    {
      name: 'a name in the plural where the evidence writes it singular',
      task: 'When can I hire the hall?',
      evidence: ['The hall is open Monday to Friday 9:00–20:00 and Saturday 9:00–17:00.'],
      artifact: 'The hall is open 9:00–17:00 on Saturdays.',
      ok: true,
    },
    {
      name: 'another name in either number',
      task: 'Would joining Calloway Friends save me money?',
      evidence: ['Friends get priority booking 48 hours before general sale.'],
      artifact: "As a Patron you'd get priority booking 48 hours before general sale.",
      ok: false,
    },
    {
      name: 'the first word of a list item, capitalised by the list',
      task: 'What do I pay to move in?',
      evidence: ['When you move in, you pay your first month’s rent together with a one-off administration fee of £15 and a security deposit of £124.'],
      artifact: "Here's what you'd pay:\n- Security deposit: £124\n- One-off administration fee: £15",
      ok: true,
    },
    {
      name: 'a name of two words opening a list item, still a name',
      task: 'Who replaces a lost card?',
      evidence: ['Lost cards are replaced by the Customer Services Desk.'],
      artifact: 'What to do:\n- Reception Team staff replace lost cards.',
      ok: false,
    },
    {
      name: 'a name of two words the evidence gives only in another sentence, the only one of its type',
      task: 'Where do I return a projector?',
      evidence: ['Please return all equipment to the Customer Services Desk.', 'Projectors may be returned on weekdays only.'],
      artifact: 'Projectors go back to the Customer Services Desk on weekdays.',
      ok: true,
    },
    {
      name: 'a name of two words the evidence gives elsewhere beside another of its type',
      task: 'Where do I return a projector?',
      evidence: ['Please return all equipment to the Customer Services Desk.', 'Books can also go to the Returns Desk.', 'Projectors may be returned on weekdays only.'],
      artifact: 'Projectors go back to the Customer Services Desk on weekdays.',
      ok: false,
    },
  ])('$name: supported $ok', ({ task, evidence, artifact, ok }) => {
    expect(findings(task, evidence, artifact)).toEqual(ok ? [] : [expect.stringMatching(/is not named in the supporting evidence/)]);
  });
});

describe('otherNumber', () => {
  it.each([
    ['Friend', ['Friends']],
    ['Friends', ['Friend']],
    ['Saturdays', ['Saturday']],
    ['Joint Friends', ['Joint Friend']],
    ['Gold Family', ['Gold Families']],
    ['Families', ['Family']],
    ['Bus', ['Buses']],
    ['Church', ['Churches']],
    ['Churches', ['Church']],
    ['HMRC', []],
  ])('%s', (name, forms) => {
    expect(otherNumber(name)).toEqual(forms);
  });
});

describe('the entity-swap oracle reads no name by its being the only one of its type', () => {
  it('a name of two words the evidence gives only in another sentence is not named for the oracle', () => {
    const evidence = ['Please return all equipment to the Customer Services Desk.', 'Projectors may be returned on weekdays only.'];
    const claim = 'Projectors go back to the Customer Services Desk on weekdays.';
    const passage = { sentence: evidence[1]!, context: [], restated: ['Where do I return a projector?'], evidence };
    expect([nameStated(claim, 'Customer Services Desk', passage), nameStated(claim, 'Customer Services Desk', passage, true)]).toEqual([false, true]);
  });
});
