import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';
import type { SupportPassage } from './claims.js';
import { statesFigureAt } from './mismatches.js';
import { askedLeadTime, measuredByCase, monthInAskedRange } from './spans.js';

describe('measuredByCase', () => {
  it.each([
    {
      name: 'days between two dates of the question',
      period: { value: 25, kind: 'day' },
      sentence: 'The week starts 25 days from today.',
      question: 'Today is 10 July. Our week starts Monday 4 August.',
      ok: true,
    },
    {
      name: 'days between a date of the sentence and one of the question',
      period: { value: 19, kind: 'day' },
      sentence: 'Cancelling on 15 October is 19 days before the start.',
      question: 'My course starts on 3 November.',
      ok: true,
    },
    {
      name: 'a range of dates the sentence writes, both ends',
      period: { value: 180, kind: 'day' },
      sentence: 'There are 180 whole days remaining (2 September to 28 February).',
      question: 'I hand it in on 1 September.',
      ok: true,
    },
    // unseen133's evidence-check false alarm.
    {
      name: 'the notice the question leaves from now until its event',
      period: { value: 16 / 24, kind: 'day' },
      sentence: "Cancelling now gives 16 hours' notice, which is less than the 24 hours needed.",
      question: "My lesson is at 10am tomorrow and it's now 6pm today. If I cancel now, will I be charged?",
      ok: true,
    },
    {
      name: 'other notice than the question leaves',
      period: { value: 14 / 24, kind: 'day' },
      sentence: "Cancelling now gives 14 hours' notice, which is less than the 24 hours needed.",
      question: "My lesson is at 10am tomorrow and it's now 6pm today. If I cancel now, will I be charged?",
      ok: false,
    },
    {
      name: 'a range of weekdays the sentence writes, both ends',
      period: { value: 4, kind: 'day' },
      sentence: 'It was four days late (Tuesday to Friday).',
      question: 'It was due back on Monday.',
      ok: true,
    },
    {
      name: 'hours between two times of the question',
      period: { value: 3.5 / 24, kind: 'day' },
      sentence: 'That is 3.5 hours at £6.00 an hour.',
      question: 'I book a car from 10:00 to 13:30.',
      ok: true,
    },
    {
      name: 'the difference of two periods the question states',
      period: { value: 7, kind: 'month' },
      sentence: 'You have 7 months left.',
      question: "I'm 5 months into a 12-month commitment.",
      ok: true,
    },
    {
      name: 'the difference of two periods the question states, in days',
      period: { value: 55, kind: 'day' },
      sentence: 'The client pays 55 days after the due date.',
      question: 'The invoice is due 45 days after the advance; the client pays 100 days after it.',
      ok: true,
    },
    // unseen111's evidence-check false alarm: a period of the question against one the sentence states.
    {
      name: 'the difference of a period the question states and one the sentence states',
      period: { value: 4, kind: 'day', end: 89 },
      sentence: "You'll need to avoid swimming for 2 weeks, so you'd stay out of the water for the first 4 days of your holiday.",
      question: "I'm going on holiday 10 days after my appointment. When can I swim?",
      ok: true,
    },
    {
      name: 'not a period of another rule, though the question and a stated period work it out',
      period: { value: 4, kind: 'day', end: 74 },
      sentence: "You'll need to avoid swimming for 2 weeks, and leave the wrapping on for 4 days.",
      question: "I'm going on holiday 10 days after my appointment. When can I swim?",
      ok: false,
    },
    // Not the case's: another span, a range not written as one, two weekdays the question names apart, a period with one question figure.
    {
      name: 'a span the dates do not measure',
      period: { value: 26, kind: 'day' },
      sentence: 'The week starts 26 days from today.',
      question: 'Today is 10 July. Our week starts Monday 4 August.',
      ok: false,
    },
    {
      name: 'two weekdays of the question, not a range',
      period: { value: 1, kind: 'day' },
      sentence: 'Exchange at least 24 hours before the performance.',
      question: "I have tickets for Friday's performance. Can I switch to Saturday's?",
      ok: false,
    },
    { name: 'one period of the question', period: { value: 6, kind: 'month' }, sentence: 'Probation lasts 6 months.', question: 'Is my 3-month review due?', ok: false },
    { name: 'a flipped difference', period: { value: 8, kind: 'month' }, sentence: 'You have 8 months left.', question: "I'm 5 months into a 12-month commitment.", ok: false },
  ])('$name: $ok', ({ period, sentence, question, ok }) => {
    expect(measuredByCase(period, sentence, question)).toBe(ok);
  });
});

describe('the case’s periods, as evidence-check and the oracles read them', () => {
  const evidence = ['If you cancel between 42 and 14 days before the session starts, we refund 50% of the session fee.'];
  const task = 'Today is 10 July. We need to cancel our week starting Monday 4 August. How much will we get back?';
  it('evidence-check does not flag a span the question’s dates measure, and flags one they do not', () => {
    const findings = (artifact: string) => checkAgainstEvidence({ task, artifact, evidence: [{ id: 'e', text: evidence[0]! }] }).map((f) => f.problem);
    expect(findings('The week starts 25 days from today, so we refund 50% of the session fee.')).toEqual([]);
    expect(findings('The week starts 27 days from today, so we refund 50% of the session fee.')).not.toEqual([]);
  });
  it('the number-flip oracle does not read it as stated: a mutant of it is ignored, not counted', () => {
    const passage: SupportPassage = { sentence: evidence[0]!, context: [], restated: [task], evidence };
    const claim = 'The week starts 25 days from today, so we refund 50% of the session fee.';
    expect(statesFigureAt(claim, claim.indexOf('25'), passage, claim)).toBe(false);
  });
  it('evidence-check reads a day and time the question gives, moved by hours the claim writes', () => {
    const theft = [{ id: 'e', text: 'Report it to the police within 24 hours of discovering the theft.' }];
    const ask = 'My bike was stolen. I noticed it was gone on Saturday at 20:00. What are my deadlines?';
    const findings = (artifact: string) => checkAgainstEvidence({ task: ask, artifact, evidence: theft }).map((f) => f.problem);
    expect(findings('Report the theft to the police by Sunday 20:00 (within 24 hours).')).toEqual([]);
    expect(findings('Report the theft to the police by Monday 20:00 (within 24 hours).')).toEqual([expect.stringContaining('"Monday" is not the date the evidence gives')]);
  });
});

// unseen62's false alarm: a month the claim names alone, the month of a day it states.
describe('a month named alone beside a day of it', () => {
  const evidence = [
    { id: 'e1', text: 'The plot year runs from 1 April to 31 March.' },
    { id: 'e2', text: 'Members who join after 1 April pay £4 for each remaining month of the plot year, counting the month they join.' },
  ];
  const task = "I'm taking over a bed from 1 October, which leaves six months of the plot year. What will I pay?";
  const findings = (artifact: string) => checkAgainstEvidence({ task, artifact, evidence }).map((f) => f.problem);
  it.each([
    { artifact: 'The plot year ends on 31 March, so October to March is six months, counting the month you join.', months: [] },
    { artifact: 'The plot year ends on 31 March, so October to February is five months, counting the month you join.', months: ['February'] },
    { artifact: 'The plot year ends on 28 February, so October to February is five months, counting the month you join.', months: ['28 February', 'February'] },
    // A review: the month in another role than a range's end.
    { artifact: 'The plot year ends on 31 March, so you pay £4 for each month from March, counting the month you join.', months: ['March'] },
  ])('$artifact', ({ artifact, months }) => {
    const flagged = findings(artifact).flatMap((p) => /^"([^"]+)" is not the date the evidence gives/.exec(p)?.[1] ?? []);
    expect(flagged.sort()).toEqual(months.sort());
  });
});

// unseen71's false alarm: a month beside a period of working days in the supporting sentence, which is no date of its kind.
describe('a month beside a period of working days', () => {
  const evidence = [{ id: 'e', text: 'For real estate sales, our Closing Rush option guarantees an appointment within 3 business days for an extra $100. Closing Rush is not available in December.' }];
  const findings = (artifact: string) => checkAgainstEvidence({ artifact, evidence }).map((f) => f.problem);
  it.each([
    { artifact: "For an extra $100 our Closing Rush option guarantees an appointment within 3 business days, although it isn't offered in December.", months: [] },
    { artifact: "For an extra $100 our Closing Rush option guarantees an appointment within 3 business days, although it isn't offered in November.", months: ['November'] },
  ])('$artifact', ({ artifact, months }) => {
    expect(findings(artifact).flatMap((p) => /^"([^"]+)" is not the date the evidence gives/.exec(p)?.[1] ?? [])).toEqual(months);
  });
});

// unseen96's false alarm: a deadline of working days, stated as a number of working days one has ("You have 10 working days to ...").
describe('a deadline of working days stated as the days one has', () => {
  const evidence = [{ id: 'e', text: 'You have 10 working days to approve or reject them; if we hear nothing, the order is paused. Payment is due 5 days after approval.' }];
  const findings = (artifact: string) => checkAgainstEvidence({ artifact, evidence }).map((f) => f.problem);
  it.each([
    { artifact: 'Please approve or reject them within 10 working days, or the order is paused.', dates: [] },
    { artifact: 'Please approve or reject them within 10 business days, or the order is paused.', dates: [] },
    { artifact: 'Please approve or reject them within 12 working days, or the order is paused.', dates: ['within 12 working days'] },
    // The same number of calendar days is another deadline.
    { artifact: 'Please pay within 5 working days of approval.', dates: ['within 5 working days'] },
  ])('$artifact', ({ artifact, dates }) => {
    expect(findings(artifact).flatMap((p) => /^"([^"]+)" is not the date the evidence gives/.exec(p)?.[1] ?? [])).toEqual(dates);
  });
  // A review: working days the sentence gives for another thing.
  it.each([
    {
      text: 'You have 5 working days to cancel your order, and refunds are paid within 10 working days of the cancellation.',
      artifact: 'Refunds are paid within 5 working days.',
      dates: ['within 5 working days'],
    },
    { text: 'We need 10 working days to press the records after you approve the test pressings.', artifact: 'Please approve them within 10 working days.', dates: ['within 10 working days'] },
    // The verb of the other thing said in another clause of the claim (a second review).
    {
      text: 'You have 10 working days to cancel your order, and refunds are paid within 7 working days of the cancellation.',
      artifact: 'If you cancel your order now, your refund will be paid within 10 working days.',
      dates: ['within 10 working days'],
    },
  ])('$artifact', ({ text, artifact, dates }) => {
    const found = checkAgainstEvidence({ artifact, evidence: [{ id: 'e', text }] }).map((f) => f.problem);
    expect(found.flatMap((p) => /^"([^"]+)" is not the date the evidence gives/.exec(p)?.[1] ?? [])).toEqual(dates);
  });
  // Working days another sentence gives belong to its own rule (unseen15's cancellation, whose date-shift mutant must stay wrong).
  it.each([
    { artifact: 'Because you are cancelling more than 10 working days before the move, your deposit is refunded minus a £30 admin fee.', dates: [] },
    { artifact: 'Because you are cancelling more than 5 working days before the move, your deposit is refunded minus a £30 admin fee.', dates: ['5 working days before'] },
  ])('$artifact', ({ artifact, dates }) => {
    const rules = [
      {
        id: 'e',
        text: 'If you cancel more than 10 working days before the move date, your deposit will be refunded minus an admin fee of £30. You may reschedule your move once free of charge if you give at least 5 working days notice before the move.',
      },
    ];
    const found = checkAgainstEvidence({ artifact, evidence: rules }).map((f) => f.problem);
    expect(found.flatMap((p) => /^"([^"]+)" is not the date the evidence gives/.exec(p)?.[1] ?? [])).toEqual(dates);
  });
});

// unseen72's false alarm: a count of months, the length of a range of months the claim writes before it.
describe('a count of months after a range of months', () => {
  const evidence = [{ id: 'e', text: 'Customers who paid annually are refunded £45 for each complete month left in their storage year, less a £25 administration fee.' }];
  const task = 'I paid for this year on 1 January, and the caravan leaves on 30 June. What refund would I get?';
  const findings = (artifact: string) => checkAgainstEvidence({ task, artifact, evidence }).map((f) => f.problem);
  it.each([
    { artifact: "You're refunded £45 for each complete month left: July to December is six months, so £270, less the £25 administration fee.", flagged: [] },
    { artifact: "You're refunded £45 for each complete month left: July to December is five months, so £225, less the £25 administration fee.", flagged: ['five'] },
  ])('$artifact', ({ artifact, flagged }) => {
    expect(findings(artifact).flatMap((p) => /^"(six|five)" is not what the evidence says/.exec(p)?.[1] ?? [])).toEqual(flagged);
  });
});

describe('monthInAskedRange', () => {
  it.each([
    { month: 3, question: 'What will my bills for January to June add up to?', ok: true },
    { month: 6, question: 'What will my bills for January to June add up to?', ok: true },
    { month: 7, question: 'What will my bills for January to June add up to?', ok: false },
    { month: 1, question: 'What do I pay from November to February?', ok: true },
    { month: 3, question: 'What do I pay in January and June?', ok: false },
  ])('month $month of "$question": $ok', ({ month, question, ok }) => {
    expect(monthInAskedRange(month, question)).toBe(ok);
  });
});

describe('rounding the claim says it makes', () => {
  const evidence = ['Compensation for a delay of 30 to 59 minutes is 50% of the fare paid.'];
  const passage: SupportPassage = { sentence: evidence[0]!, context: [], restated: ['My single fare was £4.656. What do I get for a 35-minute delay?'], evidence };
  it.each([
    { claim: 'The compensation is 50% of the fare, £2.328, rounded to £2.33.', figure: '£2.33', ok: true },
    { claim: 'The compensation is 50% of the fare, £2.328, rounded up to £2.33.', figure: '£2.33', ok: true },
    { claim: 'The compensation is 50% of the fare, £2.328, rounded to £2.34.', figure: '£2.34', ok: false },
    { claim: 'The compensation is 50% of the fare, £2.328, rounded down to £2.33.', figure: '£2.33', ok: false },
    { claim: 'The compensation is 50% of the fare, £2.338, rounded to £2.34.', figure: '£2.34', ok: false },
  ])('$figure in "$claim": $ok', ({ claim, figure, ok }) => {
    const findings = checkAgainstEvidence({ task: passage.restated[0]!, artifact: claim, evidence: [{ id: 'e', text: evidence[0]! }] }).map((f) => f.problem);
    expect(findings.some((p) => p.startsWith(`"${figure}" is not what the evidence says`))).toBe(!ok);
  });
  it('the number-flip oracle does not read the rounding: a flipped result would break the answer’s own arithmetic', () => {
    const claim = 'The compensation is 50% of the fare, £2.328, rounded to £2.33.';
    expect(statesFigureAt(claim, claim.indexOf('£2.33'), passage, claim)).toBe(false);
  });
});

// unseen52's false alarm: "on a Monday, Tuesday, Wednesday or Thursday evening" for "Monday to Thursday".
describe('weekdays listed against a range of the evidence', () => {
  const evidence = [{ id: 'e', text: 'Evening classes run once a week from 18:30 to 20:30, Monday to Thursday. The office opens Friday to Sunday and stays open until 19:30 on Fridays.' }];
  const findings = (artifact: string) => checkAgainstEvidence({ task: 'When are classes?', artifact, evidence }).map((f) => f.problem);
  it.each([
    { artifact: 'Your class is 18:30 to 20:30 on a Monday, Tuesday, Wednesday or Thursday evening.', wrong: [] },
    // A review: a list says a range only from its first day to its last, each day after the one before; days apart say none.
    { artifact: 'Your class is 18:30 to 20:30 on a Monday, Tuesday or Wednesday evening.', wrong: ['Tuesday', 'Wednesday'] },
    { artifact: 'Your class is 18:30 to 20:30 on a Monday, Wednesday or Thursday evening.', wrong: ['Wednesday'] },
    // A weekday alone is the evidence's own, not any day of a range it holds; a range of the claim is read as a range.
    { artifact: 'The office stays open until 19:30 on Saturdays.', wrong: ['Saturdays'] },
    { artifact: 'Classes run from 18:30 to 20:30, Monday to Wednesday.', wrong: ['Wednesday'] },
  ])('$artifact', ({ artifact, wrong }) => {
    expect(findings(artifact).flatMap((p) => /^"([A-Za-z]+)" is not the date/.exec(p)?.[1] ?? [])).toEqual(wrong);
  });
});

describe('askedLeadTime', () => {
  const hours = (lead: { least: number; most: number } | undefined) => lead && [lead.least * 24, lead.most * 24];
  it.each([
    ['a part of the day now, a time of day for the event', "My Lantern Walk is at 7:30pm on Saturday and it's now Friday morning. Can I cancel?", [31.5, 37.5]],
    ['"It\'s" and a weekday as now, times of day on both', "It's Thursday at 3pm and my class is on Friday at 10am. Can I cancel?", [19, 19]],
    ['"today", and an event in the evening a week round', 'Today is Monday; my booking is on Sunday evening.', [138, 167]],
    ['a whole day where neither says when in it', 'It is now Tuesday and the tour is on Thursday.', [24, 72]],
    // The review: the stop inside "7.30pm" ends no clause.
    ['a time of day written with a stop', "My walk is at 7.30pm on Saturday and it's now Friday morning.", [31.5, 37.5]],
    // unseen133's evidence-check false alarm: "Cancelling now gives 16 hours' notice".
    ['tomorrow, and now today', "My lesson is at 10am tomorrow and it's now 6pm today. If I cancel now, will I be charged?", [16, 16]],
    ['tomorrow, after a weekday named now', "It's Friday at 3pm now and my class is at 9am tomorrow.", [18, 18]],
    // unseen137's readers, of "12 hours before" made 8: "10pm to 9am is 11 hours".
    // The review: "today" of the event where another clause says "now".
    ['today for the event, and a now with a time of day', "My lesson is at 5pm today and it's now 1pm.", [4, 4]],
    ['tomorrow, and a now with a time of day and no day', "I booked a tyre fitting for 9am tomorrow and paid the deposit online. It's now 10pm and I need to cancel.", [11, 11]],
  ])('reads %s', (_, question, expected) => {
    expect(hours(askedLeadTime(question))).toEqual(expected);
  });
  it.each([
    ['no now', 'My Lantern Walk is at 7:30pm on Saturday. Can I cancel?'],
    ['two events and no now', 'I booked Friday at 9am and Saturday at 10am.'],
    ['"now that", which places no present', 'Now that the 2pm slot has gone, can I have 9am tomorrow?'],
    ['a weekday after a now that names no weekday', "It's now 6pm today and my lesson is on Friday at 10am."],
    ['an event earlier the same day than now', "It's now Friday evening and my walk was on Friday at 3pm."],
    ['"currently" of something else than the time', "I'm currently free on Tuesday; the class is on Thursday."],
  ])('reads nothing where there is %s', (_, question) => {
    expect(askedLeadTime(question)).toBeUndefined();
  });
});
