import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { countedFigures } from '../src/text/counts.js';
import {
  asAnswerStatement,
  inAnswerRegister,
  misstatedFigures,
  NAMES_ANOTHER_PARTY,
  OFF_THE_QUESTION,
  organisationNamed,
  PRICES_ANOTHER_OPTION,
  PRICES_SUBJECT_AGAIN,
  pricesAnotherOption,
  pricesSubjectAgain,
  RESTATES_QUANTITY,
  restatedQuantity,
  unnamedSubjectName,
} from '../src/text/insertions.js';
import { textFixture } from '../test/support/textFixture.js';
import { BREAKS_ANSWER_BANDS, BREAKS_PRICE_SCALE, CONTRADICTS_WORKED_COUNT, claimInsertion, INSIDE_ANSWER_RANGE, MOVES_ASKERS_CASE } from './claim-insertion.js';
import { applyTo, describeTextMutator } from './testing/text-mutator-spec.js';

// The answer's own kept cases need a task (what the addition must be on the topic of): in the table below.
describeTextMutator(
  claimInsertion,
  [],
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

/** Every sentence claim-insertion adds to an answer to a task, with its mutant kept. */
function added(task: string, artifact: string, evidence: string): string[] {
  const fixture = { ...textFixture({ artifact, evidence }), task };
  return [...claimInsertion.candidates(fixture)].filter((c) => claimInsertion.invalidReason!(fixture, c) === null).map((c) => applyTo(artifact, c));
}

describe('claim-insertion, read without the evidence', () => {
  it('adds no sentence whose misstated figure breaks the arithmetic it states ("£1.00 per day overdue, so £7.00 for 7 days")', () => {
    const fixture = {
      ...textFixture({
        artifact: 'Adult books are lent for 21 days.',
        evidence: 'Adult books are lent for 21 days. DVDs cost £1.00 per day overdue, so £7.00 for 7 days.',
      }),
      task: 'How long are adult books and DVDs lent for, and what do they cost overdue?',
    };
    const candidates = [...claimInsertion.candidates(fixture)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(claimInsertion.invalidReason!(fixture, c)).toMatch(/breaks arithmetic/);
  });
});

describe('claim-insertion oracle, a value reached by chance', () => {
  it('keeps a misstated price that a chain of the evidence\'s figures reaches ("£16 per hour", half the double kayak\'s £32), since no evidence writes it', () => {
    const task = 'My full-day single kayak hire, which I paid £70 for, starts tomorrow. Can I cancel it?';
    const artifact = "Your hire starts less than 48 hours from now, so if you cancel you'll get a 50% refund, which is £35 of the £70 you paid.";
    const evidence =
      'Cancellations made less than 48 hours before the start receive a 50% refund. Single kayaks cost £18 per hour, £45 for a half day of up to four hours, or £70 for a full day. Double kayaks cost £32 per hour, £60 for a half day or £95 for a full day.';
    expect(added(task, artifact, evidence)).toContain(`${artifact} Single kayaks cost £16 per hour, £45 for a half day of up to four hours, or £70 for a full day.`);
  });
});

describe('claim-insertion, refused with its reason', () => {
  it.each([
    {
      name: 'a second value for a quantity the answer states (the minutes a ride includes, the rate after them)',
      task: 'How long does a ride on a day pass last, and what does extra time cost?',
      artifact: 'Each ride on a day pass includes 45 minutes, then 10p a minute.',
      evidence: 'Each ride on a day pass includes 45 minutes, then 10p a minute. Rides on an annual pass include up to 120 minutes, then £0.08 a minute.',
      reason: RESTATES_QUANTITY,
    },
    {
      name: 'a second value for the extra minutes the answer gives',
      task: 'How many extra minutes do I get when my station is full?',
      artifact: 'When your station is full, you get 20 extra minutes to find another one.',
      evidence: 'When your station is full, you get 20 extra minutes to find another one. A full station gives riders 15 extra minutes free of charge.',
      reason: RESTATES_QUANTITY,
    },
    {
      name: 'a rule sharing one word with a long question (notice to change a test date, for a test cancelled this morning)',
      task: 'The centre cancelled my driving test this morning. Can I get my fee back?',
      artifact: 'Yes, if the centre cancels your test you get a full refund of the £62 fee.',
      evidence: 'If the centre cancels a test, the candidate gets a full refund of the £62 fee. A test can be moved with 3 working days of notice.',
      reason: OFF_THE_QUESTION,
    },
    {
      name: 'a rule of a lender by a name the question and answer never use (Harbourside beside Northgate Bank)',
      task: 'Our mortgage offer from Northgate Bank was issued on 15 January 2026. By when do we need to complete?',
      artifact: 'Northgate Bank offers are valid for six months from the issue date, so you would need to complete by 15 July 2026.',
      evidence:
        'Offers from Northgate Bank are valid for 6 months from the date of issue. Offers from Harbourside Building Society are valid for 3 months from issue, and new-build offers from Harbourside are valid for 9 months.',
      reason: NAMES_ANOTHER_PARTY,
    },
    {
      // unseen13's readers: "20 weekly lessons" beside "$460" a term at "$46 each" and three lessons taken, four in notice, three left.
      name: 'another value for a count the answer works out (lessons in a term: 3 + 4 + 3, and $460 at $46 each)',
      task: 'We paid $460 for a term of 45-minute guitar lessons and my son has had three lessons so far. If I give notice today, how much will we get back?',
      artifact:
        "We need four weeks' written notice to withdraw, and lessons during the notice period are still charged. So after the three lessons already taken and four more in the notice period, three lessons remain, and we'd refund those at $46 each, which is $138.",
      evidence:
        "Parents must give four weeks' written notice to withdraw. Lessons falling within the notice period are charged in full. Individual lessons cost $46 for 45 minutes. Each term consists of 10 weekly lessons.",
      reason: CONTRADICTS_WORKED_COUNT,
    },
    {
      // unseen134's readers, of 20 misstated 14: "the full-refund cut-off is 21 days but the deposit-loss rule starts at 14 days or fewer".
      name: 'an edge apart from a figure the answer compares against, "the" between ("more than the 21 days needed")',
      task: "I've paid the full £260 for the beginners' course but need to cancel 4 weeks before it starts. How much will I get back?",
      artifact: "Four weeks is 28 days, which is more than the 21 days needed for a full refund minus the £25 admin fee. That means you'll get £235 of your £260 back.",
      evidence: 'If you cancel 21 days or more before the course starts, you get a full refund minus a £25 admin fee. If you cancel 20 days or fewer before the start, you lose your deposit.',
      reason: BREAKS_ANSWER_BANDS,
    },
    {
      // unseen134's readers, of 5 misstated 4: "if one artist covers up to 4 people, the second artist should start at 5, not 6 or more".
      name: 'an edge apart from a party the answer counts after its noun ("any party of 6 or more" beside "up to 4 people")',
      task: 'There are seven of us getting ready, including me. Will there be more than one artist?',
      artifact: 'Yes, any party of 6 or more is given a second artist, usually Hannah Cole, the senior hairstylist.',
      evidence: 'One artist can look after up to 5 people on the morning, including the bride. Any party of 6 or more is given a second artist, usually Hannah Cole, our senior hairstylist.',
      reason: BREAKS_ANSWER_BANDS,
    },
    {
      // The review: guests count people as a party does, and "the required 21 days" is compared against as "the 21 days needed".
      name: 'an edge apart from a party the answer counts after its noun, the evidence counting guests',
      task: 'There are seven of us getting ready, including me. Will there be more than one artist?',
      artifact: 'Yes, any party of 6 or more is given a second artist, usually Hannah Cole, the senior hairstylist.',
      evidence: 'One artist can look after up to 5 guests on the morning, including the bride. Any party of 6 or more is given a second artist, usually Hannah Cole, our senior hairstylist.',
      reason: BREAKS_ANSWER_BANDS,
    },
    {
      name: 'an edge apart from a figure compared against with "the" and a word between ("more than the required 21 days")',
      task: "I've paid the full £260 for the beginners' course but need to cancel 4 weeks before it starts. How much will I get back?",
      artifact: "Four weeks is 28 days, which is more than the required 21 days for a full refund minus the £25 admin fee. That means you'll get £235 of your £260 back.",
      evidence: 'If you cancel 21 days or more before the course starts, you get a full refund minus a £25 admin fee. If you cancel 20 days or fewer before the start, you lose your deposit.',
      reason: BREAKS_ANSWER_BANDS,
    },
    {
      // unseen130's readers, of under 5 made 12: "it says under-12s go free, then charges the 10-year-old an £8 child ticket".
      name: "a limit moved across the question's case (free under 5 made under 12, for a child aged 10)",
      task: 'What will a public night at Kestrel Ridge Observatory cost for two adults and one child aged 10?',
      artifact: 'Two adult tickets at £14 each come to £28. Your 10-year-old needs a child ticket, which is £8, so the three of you will pay £36 altogether.',
      evidence: "Public night tickets cost £14 for adults and £8 for children aged 5 to 15. Children under 5 go free but must sit on an adult's lap in the planetarium.",
      reason: MOVES_ASKERS_CASE,
    },
  ])('$name', ({ task, artifact, evidence, reason }) => {
    const fixture = { ...textFixture({ artifact, evidence }), task };
    const candidates = [...claimInsertion.candidates(fixture)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(claimInsertion.invalidReason!(fixture, c)).toBe(reason);
  });
});

// unseen35's readers: "a 30-minute visit at £32 costs more than a 60-minute visit at £26", and "£8 ... implausibly cheap next to £26 for 60 minutes".
describe('claim-insertion, against the answer’s price for another size of the same thing', () => {
  const artifact = 'A 60-minute visit for your dog normally costs £26, and with the 50% bank holiday surcharge you would pay £39 on Easter Monday.';
  const evidence = 'A 30-minute visit for a cat or dog costs £22 on any day. A 60-minute visit for a dog costs £26. Visits on bank holidays carry a 50% surcharge.';
  it.each(['pet-visit', 'pet-visit-2', 'pet-visit-3'])('refuses a 30-minute price above the hour’s £26 or below its half, £13, and keeps one between (fixture %s)', (id) => {
    const fixture = { ...textFixture({ artifact, evidence }), id, task: 'How much will a 60-minute visit for my dog cost on Easter Monday?' };
    const candidates = [...claimInsertion.candidates(fixture)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) {
      const price = Number(/£(\d+)/.exec(c.replacement)![1]);
      expect(claimInsertion.invalidReason!(fixture, c) === BREAKS_PRICE_SCALE, c.replacement).toBe(price > 26 || price < 13);
    }
  });
});

// unseen72's readers, of a paired-lesson price put between the two daughters' fees: "appears mid-calculation and is never used".
describe('claim-insertion, where the answer adds up its working', () => {
  it('puts the addition after the total, not inside the working', () => {
    const artifact =
      "Each term has 11 weekly lessons, so at £19 a lesson one daughter's term comes to £209. Your second daughter gets 10% off her lesson fees, so her term is £188.10. Altogether that's £397.10 a term for the two of them.";
    const evidence =
      'Individual lessons cost £19 for 30 minutes. Each term has 11 weekly lessons. A second child from the same family gets 10% off lesson fees. Paired lessons, for two pupils of a similar level, cost £13 per pupil for 30 minutes.';
    const fixture = { ...textFixture({ artifact, evidence }), task: 'My two daughters would each like a 30-minute guitar lesson every week. What would a term of lessons cost us?' };
    const candidates = [...claimInsertion.candidates(fixture)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(c.start, c.replacement).toBe(artifact.length);
  });
});

// unseen93's readers, of "carry an 24-month warranty": a figure misstated after "an" keeps its article right.
describe('claim-insertion, a figure after an article', () => {
  it('adds no misstated figure its article no longer fits', () => {
    const artifact =
      "A re-celled pack from Kestrel Cell Works is under warranty for 12 months from the date it's dispatched, covering both cell failure and workmanship. During that time it's guaranteed to hold at least 80% of its rated capacity. Water or crash damage isn't covered, and neither is a pack that someone else has opened or modified after it was returned to you.";
    const evidence =
      'Every re-celled pack comes with a 12-month warranty covering cell failure and workmanship, starting from the date we dispatch it. We guarantee that a re-celled pack will hold at least 80% of its rated capacity throughout the warranty period. Cell-balancing and BMS-only repairs carry a 6-month warranty. Refurbished exchange packs bought outright from our stock carry an 18-month warranty. The warranty does not cover water damage, crash damage, or packs opened or modified by anyone else after we return them.';
    const base = textFixture({ artifact, evidence });
    // The title names who "we" are, so that "from our stock" is written as the answer would.
    const fixture = { ...base, evidence: [{ ...base.evidence[0]!, title: 'Kestrel Cell Works refurbishment warranty' }], task: "What warranty do I get on a battery you've re-celled?" };
    const replacements = [...claimInsertion.candidates(fixture)].map((c) => c.replacement.trim());
    expect(replacements).toContainEqual(expect.stringMatching(/a [2-9]-month warranty\.$/));
    expect(replacements).not.toContainEqual(expect.stringMatching(/\ban (?:12|24)-month\b/));
  });
});

// unseen140, held to the insertion property: "Our standard turnaround" names no subject; as the answer writes it, "Second
// Light's standard turnaround" names a turnaround the question and answer never speak of.
describe('claim-insertion, a subject the answer writes in', () => {
  it('adds no sentence whose subject, as the answer writes it, the question and answer never speak of', () => {
    const artifact =
      "Choose express, which gets them back in 3 working days for an additional £25 per photo. Added to the £35 Light restoration price, that makes £60 per photo, or £120 for the two. Express can't be used for Complex restorations, but scratches are Light work, so that doesn't affect you.";
    const evidence =
      'Our standard turnaround is 10 working days from the day your photo or scan reaches us. Express turnaround of 3 working days costs an extra £25 per photo. Complex restorations are not available on express. Every restoration is checked by Priya Kendal, our lead retoucher, before it is sent to you.';
    const base = textFixture({ artifact, evidence });
    const fixture = {
      ...base,
      evidence: [{ ...base.evidence[0]!, title: 'Second Light: turnaround' }],
      task: "I need Light restoration on two scratched photos from Second Light as fast as possible for a funeral. What's the quickest option and what will it cost?",
    };
    const replacements = [...claimInsertion.candidates(fixture)].map((c) => c.replacement.trim());
    expect(replacements.filter((r) => /standard turnaround/i.test(r))).toEqual([]);
  });
});

// unseen89's and unseen90's readers: "the bands stop at 50 miles, yet the limit is given as 90"; "up to 30 children, but the second
// entertainer starts at 36".
describe('claim-insertion, beside the bands the answer gives', () => {
  const verdicts = (task: string, artifact: string, evidence: string) => {
    const fixture = { ...textFixture({ artifact, evidence }), task };
    return [...claimInsertion.candidates(fixture)].map((c) => [c.replacement.trim(), claimInsertion.invalidReason!(fixture, c) === BREAKS_ANSWER_BANDS]);
  };
  const refused = (found: (string | boolean)[][]) => found.filter(([, isRefused]) => isRefused).map(([sentence]) => sentence);
  it('refuses a band misstated off the edge the answer gives, as written it continues', () => {
    const evidence = 'One entertainer runs a party for up to 30 children. For 31 to 50 children, a second entertainer is added for £90.';
    const found = verdicts('How many children can one entertainer run a party for?', 'One entertainer runs the party for up to 30 children.', evidence);
    // 31 moves by one, as number-flip moves an odd figure: to 32, off the edge; 30 is the answer's own figure, never written.
    expect(refused(found)).toEqual(['For 32 to 50 children, a second entertainer is added for £90.']);
    expect(found.filter(([, isRefused]) => !isRefused).map(([sentence]) => sentence)).toContain('For 31 to 60 children, a second entertainer is added for £90.');
  });
  it('refuses a limit beyond the top of a range the answer gives of the same thing', () => {
    const evidence =
      'Travel within 20 miles of our base in Harrogate is included in every package. Events between 20 and 50 miles away carry a flat travel charge of £60, and events between 50 and 80 miles away a flat charge of £120. We do not travel more than 80 miles from Harrogate.';
    const artifact =
      'Yes. Travel is only included within 20 miles of our Harrogate base, and events between 20 and 50 miles away carry a flat travel charge of £60, so that would apply to your party.';
    const found = verdicts('Our party is in a village about 35 miles from Harrogate. Will there be a travel charge?', artifact, evidence);
    expect(refused(found)).toEqual(['We do not travel more than 90 miles from Harrogate.', 'We do not travel more than 70 miles from Harrogate.']);
  });
  it("keeps a band that starts at the top of the answer's", () => {
    const evidence = 'Travel is free within 10 miles of our base. For venues between 10 and 20 miles away, travel is a flat £15. For venues between 20 and 30 miles away, travel is a flat £25.';
    const found = verdicts('Our party venue is 18 miles from your base. How much will travel cost?', 'At 18 miles, your venue falls in the 10 to 20 mile band, so travel is a flat £15.', evidence);
    expect(found.map(([sentence]) => sentence)).toContain('For venues between 20 and 40 miles away, travel is a flat £25.');
    expect(refused(found)).toEqual([]);
  });
  // A review of the rule: a figure next to one the answer neither bounds nor ranges is no band's edge; a range whose sentence shares one word.
  it('keeps a figure next to a figure of its unit that is no band', () => {
    const evidence = 'The guided tour lasts 2 hours. Bikes for the tour can be hired for 3 hours for £15.';
    const found = verdicts('How long is the tour, and can I hire a bike for it?', 'The guided tour lasts 2 hours.', evidence);
    expect(found.map(([sentence]) => sentence)).toContain('Bikes for the tour can be hired for 4 hours for £15.');
    expect(refused(found)).toEqual([]);
  });
  it('keeps a figure beyond a range whose sentence shares one word with it', () => {
    const evidence = 'Keep the wrap on for 2 to 4 hours after your session. Full-day sessions of up to 6 hours are charged at a flat £480.';
    const found = verdicts('How long is a full-day tattoo session, and how long do I keep the wrap on?', 'Keep the wrap on for 2 to 4 hours after your session.', evidence);
    expect(found.length).toBeGreaterThan(0);
    expect(refused(found)).toEqual([]);
  });
  it('keeps a figure beyond a range of another thing in its unit', () => {
    const evidence = 'Keep the wrap on for 2 to 4 hours. Full-day sessions of up to 6 hours are charged at a flat £480.';
    const found = verdicts('How long is a full-day tattoo session, and how long do I keep the wrap on?', 'Keep the wrap on for 2 to 4 hours.', evidence);
    expect(found).toContainEqual(['Full-day sessions of up to 8 hours are charged at a flat £480.', false]);
    expect(refused(found)).toEqual([]);
  });
});

// unseen71's readers, of "Within 90 days of the wedding, the full package price is due" beside "between 180 and 61 days": "the band should end at 91 days".
describe('claim-insertion, against a range the answer gives in the same unit', () => {
  const artifact = 'Cancelling now would fall between 180 and 61 days before your wedding, so the fee would be 50% of the package price.';
  const evidence = 'Between 180 and 61 days before the wedding, the cancellation fee is 50% of the package price. Within 60 days of the wedding, the full package price is due.';
  it('refuses a period misstated into the 61 to 180 days, and keeps one outside them', () => {
    const fixture = { ...textFixture({ artifact, evidence }), task: 'How much of the package price would we owe if we cancelled the wedding now?' };
    const verdicts = [...claimInsertion.candidates(fixture)].map((c) => [c.replacement.trim(), claimInsertion.invalidReason!(fixture, c) === INSIDE_ANSWER_RANGE]);
    expect(verdicts).toEqual([
      ['Within 90 days of the wedding, the full package price is due.', true],
      ['Within 30 days of the wedding, the full package price is due.', false],
    ]);
  });

  it('reads no range in a sum that "comes to" its total', () => {
    const fixture = {
      ...textFixture({
        artifact: 'An upright moved locally is £220. Stairs are charged per flight, and two flights at £35 each is £70. So £220 plus £70 comes to £290 in total.',
        // Not a digital piano's flat rate beside the upright's price: another option of what the question asks (pricesAnotherOption).
        evidence: 'Local moves: upright piano £220. Stairs are charged at £35 per flight. Piano tuning after a move costs £95.',
      }),
      task: 'We need an upright piano moved up two flights of stairs. What will the move cost?',
    };
    const kept = [...claimInsertion.candidates(fixture)].filter((c) => claimInsertion.invalidReason!(fixture, c) === null).map((c) => c.replacement.trim());
    expect(kept).toEqual(['Piano tuning after a move costs £105.', 'Piano tuning after a move costs £85.']);
  });
});

// unseen36's readers: "half-day class (£150) is priced higher than the full-day class (£135)", "a ten-session package at £940 (£94 each)
// costs far more than ten single £52 sessions".
describe('claim-insertion, against the answer’s price for a part of a day, or for one of a package’s sessions', () => {
  it.each([
    {
      name: 'a half-day class beside the full-day class',
      artifact: 'Full-day classes are £135 per person, so for the 3 of you the total comes to £405.',
      evidence: 'Full-day classes cost £135 per person. Half-day classes run from 10am to 1.30pm and cost £130 per person.',
      task: 'What will a full-day class cost for 3 of us?',
      // Below £135 and, by the day, above it (a half day at more than £67.50).
      keeps: (price: number) => price < 135 && price > 67.5,
    },
    {
      name: 'a package of ten sessions beside one session',
      artifact: "With a valid NUS card you get 10% off the £52 price of a single 45-minute session, so you'd pay £46.80. Just so you know, the student discount can't be used on packages.",
      evidence:
        "Single sessions: a 30-minute sports massage costs £38, a 45-minute session costs £52 and a 60-minute session costs £65. Appointments starting at 6pm or later carry a £5 evening supplement on any session length. A package of five 60-minute sessions costs £295 and must be used within 6 months of purchase. A package of ten 45-minute sessions costs £510 and must be used within 12 months of purchase. Packages are non-refundable and can't be shared with another person. Students with a valid NUS card get 10% off single sessions, but not off packages.",
      task: "I'm a student with an NUS card. How much would a single 45-minute massage cost me?",
      // Above £52 and, by the session, below it (ten sessions at less than £520).
      keeps: (price: number) => price > 52 && price < 520,
    },
  ])('refuses a misstated price out of order with the answer’s row, and keeps one in order: $name', ({ artifact, evidence, task, keeps }) => {
    for (const id of ['row-a', 'row-b', 'row-c']) {
      const fixture = { ...textFixture({ artifact, evidence }), id, task };
      const rows = [...claimInsertion.candidates(fixture)].filter((c) => /half-day|ten 45-minute/i.test(c.replacement));
      expect(rows.length, id).toBeGreaterThan(0);
      for (const c of rows) {
        const price = Number(/£(\d+)/.exec(c.replacement)![1]);
        expect(claimInsertion.invalidReason!(fixture, c) === BREAKS_PRICE_SCALE, c.replacement).toBe(!keeps(price));
      }
    }
  });
});

describe('unnamedSubjectName', () => {
  const task = 'Can our Northgate Bank offer be extended?';
  const answer = 'Northgate may grant one extension of up to one month.';
  it.each([
    ['a party in the subject that neither names', 'Offers from Harbourside Building Society are valid for 3 months.', 'Harbourside Building Society'],
    ['the party they name, by its first word', 'Northgate Bank will consider one extension of up to 1 month.', null],
    ['a person by a name they never use, past a title', 'Dr Okafor reviews every extension within 5 days.', 'Dr Okafor'],
    ['a name in the predicate, not the subject', 'Extensions are requested through Harbourside Mortgage Desk.', null],
    ['a subject past an opening condition', 'For new builds, Harbourside offers last 9 months.', 'Harbourside'],
    ['no name at all', 'Extension requests must reach us 14 days before the offer expires.', null],
  ])('%s', (_, added, expected) => {
    expect(unnamedSubjectName(added, task, answer)).toBe(expected);
  });

  it('ends the subject at a verb the model reads as a noun ("Standard prints cost 28p ... £7.50 for A3": A3 is in the predicate)', () => {
    expect(unnamedSubjectName('Standard prints cost 28p for a 6x4 print and £7.50 for A3.', 'What does an A4 print cost?', 'An A4 print costs £3.20.')).toBeNull();
  });
});

describe('restatedQuantity', () => {
  const answer = 'A standard A3 print costs £7.50, ready the same day.';
  it.each([
    ['another price of the thing the answer prices', 'Standard prints cost £8.00 and are ready the same day.', '£8.00'],
    ['a row of a price list for a size the answer never names', 'Standard prints cost 35p for a 6x4 print, £3.20 for A4 and £7.50 for A3.', undefined],
    ['a row for the size the answer prices, at another price', 'Standard prints cost 35p for a 6x4 print and £8.00 for A3.', '£8.00'],
  ])('%s', (_, added, expected) => {
    const figure = restatedQuantity(added, answer);
    expect(figure && added.slice(figure.start, figure.end)).toBe(expected);
  });

  // unseen117's readers: "says run-flats cost £25 per tyre to fit, then says fitting costs £16 per tyre".
  it.each([
    ['an activity the answer prices by its verb', 'Fitting costs £16 per tyre on top of the tyre price.', 'Run-flats cost £25 per tyre to fit.', '£16'],
    ['an activity the answer never prices', 'Fitting costs £16 per tyre on top of the tyre price.', 'Disposing of each old tyre is £3.', undefined],
    // The review: a noun in -ing is no verb the answer prices after "to".
    ['a fee named by a noun in -ing beside a verb of the answer', 'Booking costs £2 per ticket.', 'Tickets cost £9 if you book online.', undefined],
    ['a fee named by a noun in -ing beside another price per day', 'Parking costs £5 per day.', 'Entry costs £8 per day.', undefined],
  ])('%s', (_, added, pricedIn, expected) => {
    const figure = restatedQuantity(added, pricedIn);
    expect(figure && added.slice(figure.start, figure.end)).toBe(expected);
  });
});

describe('pricesSubjectAgain', () => {
  it.each([
    ['a price list with a price for the thing the answer prices', 'Half-day pass, valid from 12:30: adult €42, child €34, senior €36.', 'The two adult passes are €295 each (€590).', true],
    ['a second price for the cat the answer prices', 'Complete: cat £38.00; dog up to 15 kg £54.00.', "The cat's Essentials plan goes from £24.00 down to £21.60.", true],
    ['a price for another thing', 'Helmets cost €6 a day, goggles €4.', 'The 6-day ski pack is €168.', false],
    ['a single price, whose thing is the sentence’s subject (restatedQuantity reads it)', 'Cover can be added to any lift pass for €2.50 a day.', 'On a €162 adult pass you get back €108.', false],
    ['a price in another currency than the answer’s', 'Adult passes are £40.', 'The adult pass is €295.', false],
    ['a thing the answer names without a price', 'Adults pay €42 for a half-day.', 'Adults must show the pass at the gate. The helmet costs €6.', false],
    ['rows of a price list for lengths the answer never states', 'Lessons cost $32 for 30 minutes, $46 for 45 minutes and $58 for 60 minutes.', 'Lessons left are refunded at $46 each.', false],
    ['a row for the length the answer states', 'Lesson prices: guitar $32 for 30 minutes, piano $50 for 45 minutes.', 'Each 45-minute piano lesson costs $46.', true],
  ])('%s: %s', (_, added, answer, expected) => {
    expect(pricesSubjectAgain(added, answer)).toBe(expected);
  });

  it('refuses the insertion with its reason', () => {
    const fixture = {
      ...textFixture({
        artifact: 'The two adult 6-day passes are €295 each, so €590 for both.',
        evidence: 'A 6-day pass costs €295 for an adult. Lost passes are replaced for a fee: adult €42, child €34, senior €36.',
      }),
      task: 'What will 6-day lift passes cost for two adults and a child?',
    };
    const candidates = [...claimInsertion.candidates(fixture)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(claimInsertion.invalidReason!(fixture, c)).toBe(PRICES_SUBJECT_AGAIN);
  });
});

describe('pricesAnotherOption', () => {
  const evidence = ['Our 3.5-tonne two-horse box costs £125 per day. The 7.5-tonne three-horse box with living area costs £210 per day, or £520 for a weekend.'];
  const boxTask = 'I want the 3.5-tonne box for 2 days. What will the hire cost?';
  const boxAnswer = 'Two days in the 3.5-tonne box at £125 a day comes to £250.';
  it.each([
    // unseen127's readers, twice, of the 7.5-tonne box's day rate in an answer on the 3.5-tonne box: "an unrelated sentence ... dropped into the answer".
    ['another size of the box the question asks about', 'The 7.5-tonne three-horse box with living area costs £210 per day, or £520 for a weekend.', boxTask, boxAnswer, evidence, true],
    // unseen126's readers, twice, of pay-as-you-go gritting beside a commercial car park's: "doesn't fit and clashes with the £85".
    [
      'another kind of the service the answer prices',
      'Pay-as-you-go gritting costs £30 per visit.',
      'Our business car park is 1,400 square metres. What would one gritting visit cost?',
      'Commercial car park gritting is £85 a visit for areas up to 1,000 square metres.',
      ['Pay-as-you-go gritting costs £25 per visit.', 'Commercial car park gritting is £85 a visit for areas up to 1,000 square metres.'],
      true,
    ],
    ['the option the question asks about', 'The 3.5-tonne box costs £320 for a weekend.', boxTask, boxAnswer, evidence, false],
    ['a thing the question and answer never name', 'Horse insurance costs £15 per day.', boxTask, boxAnswer, evidence, false],
    ['no price', 'The 7.5-tonne three-horse box has a living area.', boxTask, boxAnswer, evidence, false],
    // The review: a price in a later clause is that clause's subject's, and a subject past a comma is the verb's only where no other verb comes first.
    ['a price of another thing, in a later clause', 'The 7.5-tonne box is kept at our Leeds yard, where parking costs £5.', boxTask, boxAnswer, evidence, false],
    [
      'the subject of a price set off by a participle clause',
      'Standard scans, supplied as JPEG files about 2900 pixels on the long edge, cost a further £5 a roll.',
      'How much are standard scans of a roll of film?',
      'Developing a roll costs £9, and standard scans are £5 more.',
      ['Standard scans, supplied as JPEG files, cost a further £5 a roll. Hi-res scans cost £12 a roll.'],
      false,
    ],
    [
      'a count, not an option ("one entertainer", "a second entertainer")',
      'For 31 to 50 children, a second entertainer is added for £90.',
      'How many children can one entertainer run a party for?',
      'One entertainer runs the party for up to 30 children.',
      ['One entertainer runs a party for up to 30 children. For 31 to 50 children, a second entertainer is added for £90.'],
      false,
    ],
    // A word the evidence never tells an option by: "Individual lessons" are the asker's "45-minute guitar lessons".
    [
      'the same thing by another word',
      'Individual lessons cost $34 for 30 minutes.',
      'We paid for a term of 45-minute guitar lessons. How much is refunded?',
      'Lessons after the notice period are refunded at $46 each.',
      ['Individual lessons cost $32 for 30 minutes and $46 for 45 minutes.'],
      false,
    ],
  ])('%s: %s', (_, added, task, answer, listed, expected) => {
    expect(pricesAnotherOption(added, task, answer, listed)).toBe(expected);
  });

  it('refuses the insertion with its reason', () => {
    const fixture = {
      ...textFixture({
        artifact: 'Two days in the 3.5-tonne box at £125 a day comes to £250. Extra miles are charged at 45p each.',
        evidence: 'Our 3.5-tonne two-horse box costs £125 per day. The 7.5-tonne three-horse box with living area costs £210 per day. Extra miles are charged at 45p per mile.',
      }),
      task: boxTask,
    };
    const candidates = [...claimInsertion.candidates(fixture)].filter((c) => c.replacement.includes('7.5-tonne'));
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(claimInsertion.invalidReason!(fixture, c)).toBe(PRICES_ANOTHER_OPTION);
  });
});

describe('misstatedFigures', () => {
  it('misstates the prices of a price list, never the measure that names a row ("$46 for 45 minutes" never "for 40 minutes")', () => {
    const sentences = misstatedFigures('Lessons cost $32 for 30 minutes and $46 for 45 minutes.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toMatch(/for 30 minutes and \$\d+ for 45 minutes/);
  });

  // unseen104's readers, of a wine glass at £38 misstated as £43: "the odd £43 price also looks altered".
  it('moves a figure off the fives as number-flip does: an even one to the next even one, an odd one by one', () => {
    const prices = (sentence: string) => misstatedFigures(sentence, new Set(), () => 0).flatMap((m) => m.sentences);
    expect(prices('Wine glasses start at £38 each.')).toEqual(['Wine glasses start at £40 each.', 'Wine glasses start at £36 each.']);
    expect(prices('Tumblers start at £31 each.')).toEqual(['Tumblers start at £32 each.', 'Tumblers start at £30 each.']);
    expect(prices('Tumblers start at £35 each.')).toEqual(['Tumblers start at £40 each.', 'Tumblers start at £30 each.']);
    // A review: money is never counted in weeks or dozens, so £7 and £12 are not doubled.
    expect(prices('Tumblers start at £7 each.')).toEqual(['Tumblers start at £8 each.', 'Tumblers start at £6 each.']);
    expect(prices('Tumblers start at £12 each.')).toEqual(['Tumblers start at £14 each.', 'Tumblers start at £10 each.']);
    // A review: money in words ("12 dollars") was stepped by the dozen, to 24.
    expect(prices('A locker costs 12 dollars a day.')).toEqual(['A locker costs 14 dollars a day.', 'A locker costs 10 dollars a day.']);
    expect(prices('A locker holds 12 bags.')).toEqual(['A locker holds 24 bags.']);
    // A whole measure is written whole (unseen112's readers, of "2.0 hours": "an unusual way to write a duration").
    expect(prices('The Fell Trek lasts 2.5 hours.')).toEqual(['The Fell Trek lasts 3 hours.', 'The Fell Trek lasts 2 hours.']);
    // Two prices written with a slash are two amounts ("£10/£6"), not "24/7".
    expect(prices('Tickets cost £10/£6.')).toContain('Tickets cost £10/£5.');
  });

  // unseen105's readers, of "48 hours a day" and "90 days a year": "impossible", "makes no sense".
  it('never misstates the whole of a period, a way of saying always', () => {
    const prices = (sentence: string) => misstatedFigures(sentence, new Set(), () => 0).flatMap((m) => m.sentences);
    expect(prices('The service runs 24 hours a day, 365 days a year, and a call-out costs £145.')).toEqual([
      'The service runs 24 hours a day, 365 days a year, and a call-out costs £155.',
      'The service runs 24 hours a day, 365 days a year, and a call-out costs £135.',
    ]);
    expect(prices('The phone line is open 7 days a week.')).toEqual([]);
    // A review: "open 24 hours, 7 days a week" and "24/7" were misstated as "48 hours, 7 days a week" and "24/14".
    for (const always of ['24 hours, 7 days a week,', '24 hours, every day, and', '24 hrs, 365 days a year, and', '24 hours on weekdays, and', '24 hours, and', '24/7 and'])
      expect(prices(`The help desk is open ${always} a call-out costs £145.`)).toEqual([
        `The help desk is open ${always} a call-out costs £155.`,
        `The help desk is open ${always} a call-out costs £135.`,
      ]);
    expect(prices('The help desk is open 12 hours, 7 days a week.')).toEqual(['The help desk is open 8 hours, 7 days a week.', 'The help desk is open 24 hours, 7 days a week.']);
    // Hours before or after an event are a period, whatever opens before them.
    expect(prices('The box office is open 24 hours before the show.')).toEqual(['The box office is open 48 hours before the show.']);
    expect(prices('The phone line is open 6 days a week.').length).toBeGreaterThan(0);
  });

  // unseen38's readers: "session lengths 45/90/120 break the regular pattern"; "120 min costs more per minute".
  it('never misstates the measure a row of a list opens with, nor a price to dearer by the unit than a longer row', () => {
    // The 90-minute row's £18 would make it cheaper by the minute than the 120-minute row, its £22 dearer than the 60-minute row; £28 likewise.
    const sentence = 'Sessions are priced by length: 60 minutes costs £14.50, 90 minutes costs £20 and 120 minutes costs £26 per jumper.';
    expect(misstatedFigures(sentence, new Set(), () => 0).flatMap((m) => m.sentences)).toEqual([
      'Sessions are priced by length: 60 minutes costs £15.50, 90 minutes costs £20 and 120 minutes costs £26 per jumper.',
      'Sessions are priced by length: 60 minutes costs £13.50, 90 minutes costs £20 and 120 minutes costs £26 per jumper.',
      'Sessions are priced by length: 60 minutes costs £14.50, 90 minutes costs £20 and 120 minutes costs £24 per jumper.',
    ]);
    const lessons = misstatedFigures('Lessons cost $32 for 30 minutes, $46 for 45 minutes and $58 for 60 minutes.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(lessons).not.toContain('Lessons cost $30 for 30 minutes, $46 for 45 minutes and $58 for 60 minutes.');
    expect(lessons).toContain('Lessons cost $34 for 30 minutes, $46 for 45 minutes and $58 for 60 minutes.');
  });

  // unseen49's readers, of "singers aged 16 or 22 need a consent form": "makes no sense ... it should be 16 or 17";
  // of "an adult aged 14 or over": "contradicts itself".
  it('never misstates one of two consecutive ages joined by "or", nor an adult\'s age to a child\'s', () => {
    const pair = misstatedFigures('Singers aged 16 or 17 need a consent form signed by a parent.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(pair).toEqual([]);
    const adult = misstatedFigures('Under-12s must be with an adult aged 16 or over.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(adult.length).toBeGreaterThan(0);
    for (const s of adult) expect(Number(/adult aged (\d+)/.exec(s)?.[1])).toBeGreaterThanOrEqual(16);
  });

  // unseen46's readers, of "20 monthly direct debits": "more payments than months in the year".
  it('never misstates a count of monthly instalments past the twelve a year holds', () => {
    const counts = (sentence: string) =>
      misstatedFigures(sentence, new Set(), () => 0)
        .flatMap((m) => m.sentences)
        .map((s) => Number(/by (\d+) monthly/.exec(s)?.[1]));
    expect(counts('All fees can be paid in full or by 10 monthly direct debits.').filter((n) => n > 12)).toEqual([]);
    expect(counts('All fees can be paid in full or by 6 monthly direct debits.').length).toBeGreaterThan(0);
    expect(counts('All fees can be paid in full or by 6 monthly direct debits.').filter((n) => n > 12)).toEqual([]);
  });

  // unseen40's readers, of a 40% refund band: "tiers like this are normally 50%".
  it('never misstates a half of money, and misstates another share', () => {
    const halves = misstatedFigures('If you cancel that late, 50% of the fee is refunded.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(halves).toEqual([]);
    const shares = misstatedFigures('If you cancel that late, 40% of the fee is refunded.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(shares.length).toBeGreaterThan(0);
  });

  // unseen41's readers, of "7 full days cost £290" beside "£32" a day: "the block booking is dearer than paying day by day".
  it('never misstates the size a price is given for as its subject ("10 full days cost £290")', () => {
    const sentences = misstatedFigures('Block bookings of 10 full days cost £290.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toMatch(/^Block bookings of 10 full days cost £(?!290)\d+\.$/);
  });

  it('misstates the price of a priced thing, never the measure written before it ("a 60-minute session" never "a 120-minute session"; unseen16\'s readers)', () => {
    const sentences = misstatedFigures('A 60-minute one-to-one session with a tutor costs $45.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toMatch(/^A 60-minute one-to-one session with a tutor costs \$(?!45\.)\d+\.$/);
  });

  // unseen18's readers, of a 30-day notice period misstated as 20 and as 40 days: "one would expect 30 days or a month".
  it.each([
    { sentence: "The monthly plan can be cancelled at any time with 30 days' notice.", values: ['60'] },
    { sentence: 'A 12-month plan can be cancelled after its first term.', values: ['24'] },
    { sentence: "Bikes are held for 14 days' notice of collection.", values: ['21', '7'] },
  ])('moves a period written as a number of its unit to a length documents write: $sentence', ({ sentence, values }) => {
    const sentences = misstatedFigures(sentence, new Set(), () => 0).flatMap((m) => m.sentences);
    expect(sentences.map((s) => /\d+/.exec(s)?.[0]).sort()).toEqual(values);
  });

  // unseen60's readers, of a tier of "any 6 bottles ... 5% off" misstated: "an odd figure (the usual tier is 5%)", "'any 7 bottles'
  // is an odd mixed-case threshold (usually 6)".
  it.each([
    { sentence: 'Buy any 6 bottles and receive 5% off them.', counts: 'Buy 12 bottles or more and receive 10% off.', values: [] },
    { sentence: 'Buy any 4 bottles and receive 15% off them.', counts: 'Buy 12 bottles or more and receive 20% off.', values: ['10%', '20%', '3'] },
    { sentence: 'Buy any 6 bottles and receive 6% off them.', counts: 'Buy 11 bottles or more.', values: ['5', '5%', '7', '7%'] },
  ])('keeps a share in fives and a tier a whole fraction of a larger one: $sentence', ({ sentence, counts, values }) => {
    const words = sentence.split(' ');
    const changed = misstatedFigures(sentence, new Set(), () => 0, new Set(), countedFigures(counts))
      .flatMap((m) => m.sentences)
      .map((s) => s.split(' ').find((word, i) => word !== words[i]));
    expect(changed.sort()).toEqual(values);
  });

  it('leaves the minutes of a time alone ("8:20" never becomes "8:60")', () => {
    const sentences = misstatedFigures('Lift status is published at 8:20 each day, and a day pass costs €50.', new Set(), () => 0).flatMap((m) => m.sentences);
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toContain('8:20');
  });
});

describe("claim-insertion, on the task's topic", () => {
  it.each([
    {
      name: 'a neighbouring rule of the evidence with its period misstated, sharing two words with the task',
      task: 'How long are adult books and DVDs lent for, and what do they cost overdue?',
      artifact: 'Adult books are lent for 21 days.',
      evidence: 'Adult books are lent for 21 days. DVDs are lent for 7 days and cost £1.00 per day overdue.',
      kept: ['Adult books are lent for 21 days. DVDs are lent for 14 days and cost £1.00 per day overdue.'],
    },
    {
      name: 'two misreadings of a limit, in the answer\'s "you", beside the rule the answer gives',
      task: 'Can I renew my books online?',
      artifact: 'You can renew online or by phone.',
      evidence: 'Items can be renewed online or by phone. Members may renew each item up to 3 times.',
      kept: ['You can renew online or by phone. You may renew each item up to 2 times.', 'You can renew online or by phone. You may renew each item up to 4 times.'],
    },
    {
      name: 'the next tier of the rule the answer gives, as round as the original (85.0%, never 94.5%)',
      task: 'What service credit do we get for 99.3% uptime?',
      artifact: 'Below 99.5%, the credit is 10%.',
      evidence: 'Below 99.5%, the credit is 10%. Below 95.0%, the credit is 100%.',
      kept: ['Below 99.5%, the credit is 10%. Below 85.0%, the credit is 100%.'],
    },
    {
      name: "a rule of another subject group than the task's (children beside adult books)",
      task: 'What fines will I pay on an adult book?',
      artifact: 'Adult books cost 25p a day overdue.',
      evidence: "Adult books cost 25p a day overdue. Children's books are charged 10p per day overdue.",
      kept: [],
    },
    // unseen55's readers: "the sentence about replacing leather handles for £60 doesn't fit a question about shoe soles".
    {
      name: 'a price of a gerund whose object the task does not speak of (bag handles beside leather soles)',
      task: 'How much would it be to have full leather soles put on a pair of ordinary leather shoes?',
      artifact: 'A pair of full leather soles costs £58, and new heels are included in that price.',
      evidence: 'Full leather soles cost £58 a pair, including new heels. Replacing a pair of leather handles costs £48.',
      kept: [],
    },
    {
      name: 'a price of a gerund whose object the task speaks of',
      task: 'How much would it be to have full leather soles put on a pair of ordinary leather shoes?',
      artifact: 'A pair of full leather soles costs £58, and new heels are included in that price.',
      evidence: 'Full leather soles cost £58 a pair, including new heels. Stretching a pair of leather shoes costs £12.',
      kept: [
        'A pair of full leather soles costs £58, and new heels are included in that price. Stretching a pair of leather shoes costs £10.',
        'A pair of full leather soles costs £58, and new heels are included in that price. Stretching a pair of leather shoes costs £14.',
      ],
    },
    // A review: a noun the model reads opening the sentence ("Wedding") is no gerund.
    {
      name: 'a price of a noun phrase opening with a word in "-ing" (wedding shoes beside ordinary shoes)',
      task: 'How much would it be to have full leather soles put on a pair of ordinary leather shoes?',
      artifact: 'A pair of full leather soles costs £58, and new heels are included in that price.',
      evidence: 'Full leather soles cost £58 a pair, including new heels. Wedding shoes with leather soles cost £24 to dye.',
      kept: [],
    },
    {
      name: 'a rival of the name the task uses (a Light fare beside a Classic fare)',
      task: 'I have a Classic fare. Can I check a second bag?',
      artifact: 'Classic fares include one checked bag.',
      evidence: 'Classic fares include one checked bag. Light fares include one cabin bag up to 8 kg and no checked bag.',
      kept: [],
    },
    {
      name: 'a neighbour sharing one task word but none with the rule beside it (rent review beside late rent)',
      task: 'What happens if my rent is paid late?',
      artifact: 'No late-payment fees are charged.',
      evidence: 'No late-payment fees will be charged. The rent may be reviewed once in any 12-month period.',
      kept: [],
    },
    {
      name: "a rule for another condition than the task's (deep vein thrombosis beside atrial fibrillation)",
      task: 'What is the dose of Tremadex for atrial fibrillation?',
      artifact: 'For atrial fibrillation, the dose is 5 mg twice daily.',
      evidence: 'For atrial fibrillation, the dose is 5 mg twice daily. For treatment of deep vein thrombosis, the dose is 20 mg twice daily.',
      kept: [],
    },
    {
      name: 'a condition naming another group by its adjective (overseas trips beside trips in the UK)',
      task: 'What are the hotel limits on business trips in the UK?',
      artifact: 'On UK trips, the hotel limit is £120 a night.',
      evidence: 'On UK trips, the hotel limit is £120 a night. For overseas trips, the hotel limit is £180 a night.',
      kept: [],
    },
    {
      name: 'another variant of the product the task names, in words it never uses',
      task: 'What dose of Amoxiva capsules should an adult take?',
      artifact: 'Adults take 500 mg of Amoxiva every 8 hours.',
      evidence: 'Adults take 500 mg of Amoxiva every 8 hours. Adults may take Amoxiva Retard tablets at a dose of 750 mg twice daily.',
      kept: [],
    },
    {
      name: 'the reader in the third person in an answer that speaks to "you" (copied, not written)',
      task: 'My flight was cancelled. Can I get a refund?',
      artifact: 'You can get a full refund of your flight.',
      evidence: 'Passengers on a cancelled flight may choose a full refund. Where a flight is delayed, passengers who choose not to travel get a refund of 90% of the fare.',
      kept: [],
    },
    {
      // 14 days is two weeks: misstated as one or three (date-shift's whole-week rule), never as 10 days.
      name: 'a deadline of the evidence misstated to a neighbouring usual length, without its clause number',
      task: 'Can I cancel my membership?',
      artifact: 'You can cancel your membership online by giving one month of notice in writing.',
      evidence: '9.1 Memberships may be cancelled by giving one month of notice in writing. 9.7 If you joined online, you may cancel within 14 days of joining.',
      kept: [
        'You can cancel your membership online by giving one month of notice in writing. If you joined online, you may cancel within 21 days of joining.',
        'You can cancel your membership online by giving one month of notice in writing. If you joined online, you may cancel within 7 days of joining.',
      ],
    },
    {
      name: 'one word of the task, where the answer speaks of the rule in two of its words',
      task: 'When does my policy pay out?',
      artifact: 'Illness cover starts 14 days after the policy start date.',
      evidence: 'Illness cover starts 14 days after the policy start date. Premiums are collected by direct debit. Cover for accidental injury starts 48 hours after the policy start date.',
      kept: [
        'Illness cover starts 14 days after the policy start date. Cover for accidental injury starts 72 hours after the policy start date.',
        'Illness cover starts 14 days after the policy start date. Cover for accidental injury starts 24 hours after the policy start date.',
      ],
    },
    {
      name: 'a figure that is part of a name (Time-Limited 12), and a label line',
      task: 'What is the vet fee limit on my policy?',
      artifact: 'Your policy pays vet fees up to £4,000 a year.',
      evidence: 'Your policy pays vet fees up to £4,000 a year. The vet fee limit is per condition on Time-Limited 12. Vet fee limit: £3,000 per condition.',
      kept: [],
    },
    {
      name: 'a rule granted without bound ("of any age") on a word a bounded sentence of the answer uses ("unaccompanied")',
      task: 'Can my daughter use the pool unaccompanied?',
      artifact: 'Juniors can use the pool unaccompanied once they turn 14.',
      evidence: 'Juniors aged 14 and over may use the pool unaccompanied. Juniors of any age may attend public swimming sessions unaccompanied, provided they can swim 25 metres.',
      kept: [],
    },
    {
      name: 'the same rule where the answer bounds nothing it grants',
      task: 'Can my daughter use the pool unaccompanied?',
      artifact: 'Juniors can use the pool unaccompanied.',
      evidence: 'Juniors may use the pool unaccompanied. Juniors of any age may attend public swimming sessions unaccompanied, provided they can swim 25 metres.',
      kept: [
        'Juniors can use the pool unaccompanied. Juniors of any age may attend public swimming sessions unaccompanied, provided they can swim 30 metres.',
        'Juniors can use the pool unaccompanied. Juniors of any age may attend public swimming sessions unaccompanied, provided they can swim 20 metres.',
      ],
    },
    {
      name: 'a sentence that cites another clause by its number ("under 4.1") left out; an amount in the answer’s writing of its currency',
      task: 'What does Super Cover cost and what does it do?',
      artifact: 'Super Cover costs €24 a day.',
      evidence: '4.2 Super Cover costs EUR 24.00 per day. Super Cover reduces the excess under 4.1 to zero. Super Cover reduces the deposit to EUR 300.00.',
      kept: ['Super Cover costs €24 a day. Super Cover reduces the deposit to €310.00.', 'Super Cover costs €24 a day. Super Cover reduces the deposit to €290.00.'],
    },
    {
      name: 'a sentence sharing only the reader’s role with the task ("member")',
      task: "I'm a member at Riverside. Can I bring a client in to work alongside me?",
      artifact: 'If your client works at a desk, they need a day pass, which costs $25 when you buy it.',
      evidence: 'Guests who work in the space require a Day Pass, which costs USD 25 when bought by a member. Members may host up to 2 guests at a time for meetings at no charge.',
      kept: [],
    },
    {
      name: 'a price rule whose verb the model reads as a noun ("Single kayaks cost £18"), its subject the kayak the task names',
      task: 'My single kayak hire is tomorrow and I paid £70 for the full day. Can I cancel it?',
      artifact: 'You can cancel up to 48 hours before your hire and get a full refund of the £70.',
      evidence: 'If you cancel at least 48 hours before your hire starts, we refund your payment in full. Single kayaks cost £18 per hour or £70 for a full day.',
      kept: [
        'You can cancel up to 48 hours before your hire and get a full refund of the £70. Single kayaks cost £16 per hour or £70 for a full day.',
        'You can cancel up to 48 hours before your hire and get a full refund of the £70. Single kayaks cost £20 per hour or £70 for a full day.',
      ],
    },
    {
      name: 'rows of a price list for other lengths than the answer’s, their prices misstated (never a row’s length: "$46 for 40 minutes"; never dearer by the minute than a longer row)',
      task: 'We paid for a term of 45-minute guitar lessons and my son wants to stop. How much is refunded?',
      artifact: 'Lessons after the notice period are refunded at $46 each.',
      evidence: 'Lessons after the notice period are refunded. Individual lessons cost $32 for 30 minutes, $46 for 45 minutes and $58 for 60 minutes.',
      kept: [
        'Lessons after the notice period are refunded at $46 each. Individual lessons cost $34 for 30 minutes, $46 for 45 minutes and $58 for 60 minutes.',
        'Lessons after the notice period are refunded at $46 each. Individual lessons cost $32 for 30 minutes, $46 for 45 minutes and $60 for 60 minutes.',
        'Lessons after the notice period are refunded at $46 each. Individual lessons cost $32 for 30 minutes, $46 for 45 minutes and $56 for 60 minutes.',
      ],
    },
    {
      // unseen41's readers: "'both prices' doesn't fit the three prices given".
      name: 'nothing added before a sentence that counts what came before it ("Both prices include a fitting")',
      task: 'How much do you charge to take up a pair of jeans?',
      artifact: 'Taking up jeans with a plain new hem costs £12, or £18 with the original hem. Both prices include a free fitting.',
      evidence: 'Jeans hem: £12 plain, £18 keeping the original hem. Taking in the waist of jeans costs from £14. All prices include a free fitting.',
      kept: [],
    },
    {
      // unseen43's readers: "the free-delivery-over-12-bottles condition is stated twice, word for word".
      name: 'no evidence sentence added that repeats, in one of its clauses, what the answer says',
      task: 'If I buy a case of 12 bottles after my tasting, can you deliver it to my home in Leeds, and what will that cost?',
      artifact: 'Yes, we deliver wine bought at the cellar door anywhere in mainland UK, and delivery is free on orders of 12 bottles or more. Your order will be dispatched within 3 working days.',
      evidence:
        'Wine bought at the cellar door can be delivered anywhere in mainland UK. Delivery costs £9.95 per order and is free on orders of 12 bottles or more. Orders are dispatched within 3 working days by our courier.',
      kept: [],
    },
    {
      // unseen84's readers: "says shoe and harness hire included twice in a row".
      name: 'no evidence sentence added whose clause without a figure says again what an answer sentence says, in three words or more',
      task: 'What is included in a climbing birthday party for my son, and how many children can come?',
      artifact: 'A climbing party costs £180 for up to 10 children. The party lasts 2 hours in the party room, with shoe and harness hire included.',
      evidence:
        'Birthday parties cost £180 for up to 10 children. Parties last 2 hours in the party room. Shoe and harness hire are included, but food is not; families may order pizza at £4 per child.',
      kept: [],
    },
    {
      // unseen99's readers: "the repeated meeting-point sentence also suggests the answer was edited".
      name: 'no evidence sentence added that names a place an answer sentence names, with its verb ("meets at Fernhollow Common car park")',
      task: 'Where do we meet for the foray, and what do I need to bring with me?',
      artifact: 'Meet at Fernhollow Common car park, where parking costs £4 for the day. Wear walking boots and bring a waterproof jacket.',
      evidence:
        'Parking at Fernhollow Common car park costs £4 for the day. Your walk meets at Fernhollow Common car park, next to the noticeboard, 15 minutes before the start time. Wear walking boots and bring a waterproof jacket.',
      kept: [],
    },
    // unseen62's readers: "the closing sentence about 5-day pass prices has nothing to do with a lost pass".
    {
      name: 'no sentence about a kind of thing by a size the question never gives it ("a 5-day pass" beside a season pass)',
      task: "I've lost my season pass. What will a replacement cost?",
      artifact: 'A replacement season pass costs £15, and you will need to show photo ID.',
      evidence: 'A replacement season pass costs £15, with photo ID. A 5-day pass costs £175 for adults.',
      kept: [],
    },
    {
      name: 'a sentence about a kind of thing by the size the question gives it',
      task: "I've lost my 5-day pass. What will a replacement cost?",
      artifact: 'A replacement pass costs £15, and you will need to show photo ID.',
      evidence: 'A replacement pass costs £15, with photo ID. A 5-day pass can be used on any 5 days within 7 consecutive days.',
      kept: ['A replacement pass costs £15, and you will need to show photo ID. A 5-day pass can be used on any 5 days within 14 consecutive days.'],
    },
    // unseen63's readers: "the answer says a Luton van deposit is £90, but the customer paid a £100 deposit for a Luton van".
    {
      name: 'no figure misstated that the question states, only the others',
      task: 'I paid a £100 deposit for a Luton van move on Saturday. If I cancel now, five days before, do I get the deposit back?',
      artifact: 'Yes. If you cancel 5 days or more before the move, your deposit is refunded in full.',
      evidence: 'Deposits are refunded in full if you cancel 5 days or more before the move. A deposit of £50 is payable when you book a small van, and £100 when you book a Luton van.',
      kept: [
        'Yes. If you cancel 5 days or more before the move, your deposit is refunded in full. A deposit of £40 is payable when you book a small van, and £100 when you book a Luton van.',
        'Yes. If you cancel 5 days or more before the move, your deposit is refunded in full. A deposit of £60 is payable when you book a small van, and £100 when you book a Luton van.',
      ],
    },
    // A review: the question's own thing of that size, in other words ("2 of its 5 days").
    {
      name: 'a sentence about a kind of thing by a size the question gives in other words',
      task: "I've lost my pass after using 2 of its 5 days. What will a replacement cost?",
      artifact: 'A replacement pass costs £15, and you will need to show photo ID.',
      evidence: 'A replacement pass costs £15, with photo ID. A 5-day pass can be used on any 5 days within 7 consecutive days.',
      kept: ['A replacement pass costs £15, and you will need to show photo ID. A 5-day pass can be used on any 5 days within 14 consecutive days.'],
    },
    // A review: "Please note that ..." states a fact; it instructs nothing.
    {
      name: 'a statement the document opens with "Please note"',
      task: "I've lost my season pass. Can I get a replacement pass from the ticket office?",
      artifact: 'Yes: a replacement season pass costs £15 at the ticket office.',
      evidence: 'A replacement season pass costs £15 at the ticket office. Please note that the ticket office needs 2 forms of photo ID to issue a replacement pass.',
      kept: ['Yes: a replacement season pass costs £15 at the ticket office. Please note that the ticket office needs 3 forms of photo ID to issue a replacement pass.'],
    },
    // unseen62's readers: "the sentence about arriving 20 minutes before departure has nothing to do with a delay claim".
    {
      name: 'no instruction to the reader where the question does not ask what to do',
      task: "I've lost my season pass. Can I get a replacement pass from the ticket office?",
      artifact: 'Yes: a replacement season pass costs £15 at the ticket office.',
      evidence: 'A replacement season pass costs £15 at the ticket office. Please bring 2 forms of photo ID to the ticket office to collect a replacement pass.',
      kept: [],
    },
    {
      name: 'an instruction to the reader where the question asks what to do',
      task: "I've lost my season pass. What should I do to get a replacement pass from the ticket office?",
      artifact: 'Go to the ticket office: a replacement season pass costs £15 there.',
      evidence: 'A replacement season pass costs £15 at the ticket office. Please bring 2 forms of photo ID to the ticket office to collect a replacement pass.',
      kept: ['Go to the ticket office: a replacement season pass costs £15 there. Please bring 3 forms of photo ID to the ticket office to collect a replacement pass.'],
    },
    {
      name: 'a sentence sharing words with the answer only',
      task: 'Can I renew by phone?',
      artifact: 'You can renew by phone. Reserved items wait for you.',
      evidence: 'Renewals can be made by phone. Reserved items are held for 7 days.',
      kept: [],
    },
  ])('$name', ({ task, artifact, evidence, kept }) => {
    expect(added(task, artifact, evidence)).toEqual(kept);
  });
});

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
    // unseen24's readers, of "You entitled to an NHS sight test pay nothing ...": "garbled".
    ['Customers entitled to an NHS sight test pay nothing for it.', 'Customers entitled to an NHS sight test pay nothing for it.'],
    ['Members aged 65 or over pay £20.', 'Members aged 65 or over pay £20.'],
    ['Members pay £5 a month.', 'You pay £5 a month.'],
  ])('%s', (sentence, expected) => {
    expect(inAnswerRegister(sentence, 'You can.')).toBe(expected);
  });
  it('leaves the sentence as written where the answer does not speak to "you"', () => {
    expect(inAnswerRegister('Members may renew each item up to 3 times.', 'Items can be renewed.')).toBe('Members may renew each item up to 3 times.');
  });
});

describe('asAnswerStatement', () => {
  it.each([
    ['7.3 All other freezes are charged at £7.50 a month.', 'All other freezes are charged at £7.50 a month.'],
    ["We'll send you a text when you reach 80% of your limit.", 'Brightwave will send you a text when you reach 80% of your limit.'],
    ['If you tell us within 30 days, we will refund our fee.', "If you tell Brightwave within 30 days, Brightwave will refund Brightwave's fee."],
    ['We are not liable for losses over £500.', 'Brightwave is not liable for losses over £500.'],
    ['We pay claims within 10 days.', null],
    ['Excess: £95 per condition per policy year.', null],
    ['Regular price: $899.99.', null],
    ['Half-day pass, valid from 12:30: adult €42, child €34, senior €36.', null],
    ['Fees (counted from the date the advance is paid): 2.5% of face value for the first 30 days.', null],
    // unseen32's readers, of this line added to an answer: "a stray unrelated price line".
    ['Combined physio and hydro session (60 minutes): £70.', null],
    ['Extended stay discount: 10% off.', null],
    // unseen33's readers, of this row added to an answer: "an unrelated fragment".
    ['Cleaning solution £7 per bottle, charged when opened.', null],
    ['A bottle of cleaning solution costs £7.', 'A bottle of cleaning solution costs £7.'],
    ['The deposit charged is refunded: within 14 days of checkout.', 'The deposit charged is refunded: within 14 days of checkout.'],
    ['A fair use limit applies to data in each billing month: 9 GB on Essentials.', 'A fair use limit applies to data in each billing month: 9 GB on Essentials.'],
  ])('%s', (sentence, expected) => {
    expect(asAnswerStatement(sentence, 'Brightwave')).toBe(expected);
  });
  it('leaves out a sentence where the organisation speaking as "we" has no name in the answer', () => {
    expect(asAnswerStatement('We will refund the fee within 10 days.', undefined)).toBeNull();
  });
  it.each([
    ["We'd refund the three lessons left at $46 each.", 'We pay refunds within 14 days.', 'We pay refunds within 14 days.'],
    ['Our fee is £250, and we can start this week.', 'We do not refund our fee.', 'We do not refund our fee.'],
  ])('keeps "we" where the answer speaks as the organisation too: %s', (answer, sentence, expected) => {
    expect(asAnswerStatement(sentence, undefined, answer)).toBe(expected);
  });
});

describe('organisationNamed', () => {
  it.each([
    [['Brightwave Mobile, Customer Terms, section 11'], ['Brightwave will text you.'], 'Brightwave'],
    [['Aurelia Air Baggage Conditions, section 2'], ['Aurelia Air lets you check one bag.'], 'Aurelia Air'],
    [['Policy schedule, policy number TD-5581024', 'Thistledown Pet Insurance, Policy wording'], ['Thistledown pays the rest.'], 'Thistledown'],
    [['Brightwave Mobile, Customer Terms'], ['Your plan costs €25.'], undefined],
    // A name joined by "&" is named whole or not at all (unseen84's readers: "calls the business 'Thread'").
    [['Thread & Frame fabric policy'], ["Thread & Frame can't guarantee it."], 'Thread & Frame'],
    [['Thread & Frame fabric policy'], ["Thread can't guarantee it."], undefined],
  ])('%j', (titles, texts, expected) => {
    expect(organisationNamed(titles, texts)).toBe(expected);
  });
});

describe('claim-insertion, in the trace', () => {
  it('has the trace assert that the added sentence was checked, in words that vary by fixture', () => {
    const traces = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => {
      const fixture = {
        ...textFixture({ id, artifact: 'Adult books are lent for 21 days.', evidence: 'Adult books are lent for 21 days. DVDs are lent for 7 days.', trace: 'Read the policy.' }),
        task: 'How long are adult books and DVDs lent for?',
      };
      return generateMutants([fixture], [claimInsertion], { seed: 1, cap: 10 }).mutants[0]!.trace!;
    });
    for (const trace of traces) expect(trace).toMatch(/^Read the policy\. .*DVDs are lent for 14 days\.$/);
    expect(new Set(traces).size).toBeGreaterThan(1);
  });
});
