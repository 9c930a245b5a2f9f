import { describe, expect, it } from 'vitest';
import { statesFigureAt } from './mismatches.js';
import { signalledOps, writtenCounts } from './chains.js';
import type { SupportPassage } from './claims.js';

/** Whether the figure written `figure` in the answer's sentence `claim` is supported, with the evidence and the question given. */
function supported(answer: string, claim: string, figure: string, evidence: string[], question: string): boolean | null {
  const passage: SupportPassage = { sentence: evidence[0]!, context: [], restated: [question], evidence };
  return statesFigureAt(claim, claim.indexOf(figure), passage, answer);
}

// Each form of arithmetic a correct answer works a figure out by, without the evidence stating it; and the same answer with the figure flipped, not supported.
const FORMS: ReadonlyArray<{ form: string; question: string; evidence: string[]; answer: string; figure: string; flipped: string }> = [
  {
    form: 'a sum, a count times it, less a share (two steps, the count from the question)',
    question: 'I bought two tickets at £38 each. What do I get back if I resell them?',
    evidence: ['A booking fee of £2.50 is charged per ticket.', 'Resold tickets are subject to a 10% resale fee.'],
    answer: 'With the booking fee that is £81 for two, and less the 10% resale fee you get £72.90.',
    figure: '£72.90',
    flipped: '£73.90',
  },
  {
    form: 'a share of an amount times a count',
    question: 'I need 18 panels. What will they cost?',
    evidence: ['Panels cost £27 each.', 'Members pay 85% of the list price.'],
    answer: 'At 85% of £27 for 18 panels you pay £413.10.',
    figure: '£413.10',
    flipped: '£414.10',
  },
  {
    // unseen132's evidence-check false alarm.
    form: 'an amount and a second "of the same amount"',
    question: 'What do I have to pay at the start?',
    evidence: ["Standard garages rent for £85 a month. A deposit equal to one month's rent is taken at the start, together with the first month's rent."],
    answer: "You pay the first month's rent of £85 and a deposit of the same amount, so £170 altogether.",
    figure: '£170',
    flipped: '£180',
  },
  {
    form: 'a fraction of an amount',
    question: 'What is my monthly share of the annual charge?',
    evidence: ['The annual charge is £96.'],
    answer: 'One-twelfth of £96 is £8 a month.',
    figure: '£8',
    flipped: '£7',
  },
  {
    form: 'a count in words times a unit price',
    question: 'I made three exchanges. What do I owe?',
    evidence: ['Each exchange costs £4.'],
    answer: 'Three exchanges at £4 each is £12.',
    figure: '£12',
    flipped: '£13',
  },
  {
    form: 'a unit price times a count the evidence writes in its words (10 for the price of 8)',
    question: 'How much is a book of Deluxe washes?',
    evidence: ['Our wash books give you 10 washes for the price of 8.', 'A single Deluxe wash costs $18 and a single Express wash costs $11.'],
    answer: "A wash book gives you 10 Deluxe washes for the price of 8, so at $18 each you'd pay $144.",
    figure: '$144',
    flipped: '$154',
  },
  {
    form: 'a rate per month for the year, over the months the answer counts',
    question: 'How much would I save by paying for the whole year up front?',
    evidence: ['The Plus plan costs £16 a month.', 'Paying annually earns a discount of one month, so twelve months are charged for the price of eleven.'],
    answer: "You're charged for eleven months instead of twelve. On the Plus plan at £16 a month, that's £176 for the year.",
    figure: '£176',
    flipped: '£186',
  },
  {
    form: 'a rate per unit per month times the units, restated per year',
    question: 'We have 15 seats on the Business plan. What would we pay?',
    evidence: ['Business: $24 per seat per month billed annually, or $29 per seat per month billed monthly.'],
    answer: 'At $24 per seat per month, for 15 seats that comes to $4,320 a year.',
    figure: '$4,320',
    flipped: '$4,330',
  },
  {
    form: 'a time of day moved by a stated period',
    question: 'The concert starts at 19:30. When do doors open?',
    evidence: ['Doors open 60 minutes before the advertised start.'],
    answer: 'Doors open at 18:30, one hour before the 19:30 start.',
    figure: '18:30',
    flipped: '17:30',
  },
];

describe('figures worked out by a short chain of arithmetic', () => {
  it.each(FORMS)('$form: supported as written, not when flipped', ({ question, evidence, answer, figure, flipped }) => {
    expect(supported(answer, answer, figure, evidence, question)).toBe(true);
    const mutated = answer.replace(figure, flipped);
    expect(supported(mutated, mutated, flipped, evidence, question)).toBe(false);
  });

  // unseen79's false alarms: the £475 a rate times the question's hours makes is an operand of the next sentence's difference.
  it("rests a later step on a figure a rate times the question's count works out", () => {
    const evidence = ['The Atrium costs £95 an hour.', 'A deposit of 25% is due when booking, with the balance due 14 days before the event.'];
    const question = 'We would like the Atrium for a 5-hour launch. What will we pay?';
    const answer = (remaining: string) => `At £95 an hour, 5 hours comes to £475. You pay a 25% deposit of £118.75 when you book, and the remaining ${remaining} is due later.`;
    const claim = (remaining: string) => `You pay a 25% deposit of £118.75 when you book, and the remaining ${remaining} is due later.`;
    expect(supported(answer('£356.25'), claim('£356.25'), '£356.25', evidence, question)).toBe(true);
    expect(supported(answer('£366.25'), claim('£366.25'), '£366.25', evidence, question)).toBe(false);
  });

  it('takes at most one operand from the evidence alone: two fees the evidence states do not make a third by coincidence', () => {
    const evidence = ['The setup fee is $35.', 'Storage is $5 a day.'];
    const answer = 'The day pass costs $30.';
    expect(supported(answer, answer, '$30', evidence, 'How much is a day pass?')).toBe(false);
  });

  it("works a period out only from the question's case: a policy's two 7-day periods make no 14 days", () => {
    const evidence = ['Use for no more than 7 days.', 'Stop if symptoms have not improved within 7 days.'];
    const answer = 'Use it for no more than 14 days, and stop if symptoms have not improved within 7 days.';
    expect(supported(answer, answer, '14 days', evidence, 'How long can I use it?')).toBe(false);
  });

  it.each([
    ['A private car is paid 45p per mile for the first 10,000 miles and 25p per mile after that.', ['clock']],
    ['Additional credits are $25 each, or $20 on an annual contract.', ['quotient']],
    ['Cash withdrawals cost an extra £1.50 per withdrawal.', []],
    ['You pay less than £10 a month.', []],
    ['With the booking fee that is £81 for two, less the 10% resale fee.', ['difference', 'product', 'share', 'sum']],
    ['Three exchanges at £4 is £12.', ['product']],
    ["So at $18 each you'd pay $144.", ['product', 'quotient']],
    ["At £16 a month, that's £176 for the year.", ['product']],
    ['Arriving at 6.20pm makes you 20 minutes late.', ['clock']],
    ['The £43 rate is halved, making it £21.50.', ['product', 'quotient']],
    ['Ten months of £25.00 comes to £250.00.', ['product', 'sum']],
  ])('signals in "%s": %j', (sentence, ops) => {
    expect([...signalledOps(sentence)].sort()).toEqual(ops);
  });

  // The review: "the same amount each day" says the amount does not change, and doubles nothing.
  it('reads "of the same amount" as a second of the amount before it, "the same amount each day" as none', () => {
    expect(writtenCounts('a deposit of the same amount').map((c) => c.value)).toEqual([2]);
    expect(writtenCounts('Parking costs £6 per day, the same amount each day.')).toEqual([]);
    const [evidence, question] = [['Parking costs £6 per day.'], 'I am parking for 3 days. What will it cost?'];
    const answer = 'Parking costs £6 per day, the same amount each day, so for 3 days you pay £12.';
    expect(supported(answer, answer, '£12', evidence, question)).toBe(false);
  });

  it('reads "the quarter" as a period, "a quarter" and "half" as fractions', () => {
    expect(writtenCounts('That comes to £82.00 for the quarter.')).toEqual([]);
    expect(writtenCounts('A quarter of it, or half.').map((c) => c.value)).toEqual([0.25, 0.5]);
  });
});
