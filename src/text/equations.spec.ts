import { describe, expect, it } from 'vitest';
import { countInEquation, writtenEquations } from './equations.js';
import { findFigures } from './figures.js';
import { statesFigureAt } from './mismatches.js';
import type { SupportPassage } from './claims.js';

describe('writtenEquations', () => {
  it.each([
    { text: 'It costs 12 × £2.50 = £30 a month.', holds: ['12 × £2.50 = £30'] },
    { text: 'The refund is £1,940 ÷ 365 × 180 = £956.71, less the fee.', holds: ['£1,940 ÷ 365 × 180 = £956.71'] },
    { text: 'Summer: 8 × £340 × 1.5 = £4,080.', holds: ['8 × £340 × 1.5 = £4,080'] },
    { text: 'You get €295 ÷ 6 = €49.17 (rounded to the nearest cent).', holds: ['€295 ÷ 6 = €49.17'] },
    { text: 'A refund of £90 (2 × £45) within 28 days.', holds: ['£90 = 2 × £45'] },
    { text: 'A charge of 85% × £27 × 18 = £413.10.', holds: ['85% × £27 × 18 = £413.10'] },
    // In words: a count of things, what each costs, and their total.
    { text: '12 monthly payments of £22 come to £264 before that fee.', holds: ['12 monthly payments of £22 come to £264'] },
    { text: 'That is 2 lots of £30, which is £60 in all.', holds: ['2 lots of £30, which is £60'] },
    { text: 'Four nights: 4 nights at £85 each makes £340.', holds: ['4 nights at £85 each makes £340'] },
    // unseen121: a signed product whose result ", which is" writes; an amount split into lots of a unit amount.
    { text: 'Your first payment would be 4 × £41, which is £164.', holds: ['4 × £41, which is £164'] },
    { text: '£6,000 is 6 lots of £1,000, so cover is £7.20 a week.', holds: ['£6,000 = 6 lots of £1,000'] },
    { text: '£6,000 is 5 lots of £1,000, so cover is £7.20 a week.', holds: [] },
    // Equations that do not hold, or are no equations: a wrong product, a rounding to a whole unit the result does not write, a bare product.
    { text: '12 monthly payments of £22 come to £274 before that fee.', holds: [] },
    { text: 'Up to 6 guests at £9 each, and the fee is £54.', holds: [] },
    { text: 'It costs 12 × £2.50 = £32.50 a month.', holds: [] },
    { text: 'It costs 12 × £2.49 = £30 a month.', holds: [] },
    { text: 'The box is 50 × 40 cm.', holds: [] },
  ])('$text', ({ text, holds }) => {
    const equations = writtenEquations(text, findFigures(text)).map((e) =>
      e.result.start > e.factors[0]!.start ? `${text.slice(e.factors[0]!.start, e.result.end)}` : `${e.result.text} = ${text.slice(e.factors[0]!.start, e.factors[e.factors.length - 1]!.end)}`,
    );
    expect(equations).toEqual(holds);
  });
});

describe('counts and results of written equations, as evidence-check and the number-flip oracle read them', () => {
  const passage = (evidence: string[], question: string): SupportPassage => ({ sentence: evidence[0]!, context: [], restated: [question], evidence });
  it.each([
    {
      name: 'a count and the product it gives',
      evidence: ['Goods Protection costs £2.50 a month for each £1,000 of cover.'],
      question: 'What does £12,000 of cover cost?',
      claim: 'For £12,000 of cover, Goods Protection costs 12 × £2.50 = £30 a month.',
      supported: ['12', '£30'],
      unsupported: [],
    },
    {
      name: 'a flipped count breaks the equation',
      evidence: ['Goods Protection costs £2.50 a month for each £1,000 of cover.'],
      question: 'What does £12,000 of cover cost?',
      claim: 'For £12,000 of cover, Goods Protection costs 13 × £2.50 = £30 a month.',
      supported: [],
      unsupported: ['13', '£30'],
    },
    {
      name: 'a flipped result breaks the equation',
      evidence: ['Goods Protection costs £2.50 a month for each £1,000 of cover.'],
      question: 'What does £12,000 of cover cost?',
      claim: 'For £12,000 of cover, Goods Protection costs 12 × £2.50 = £35 a month.',
      supported: [],
      unsupported: ['12', '£35'],
    },
    {
      name: 'a result from an amount the evidence does not state',
      evidence: ['Goods Protection costs £2.50 a month for each £1,000 of cover.'],
      question: 'What does £12,000 of cover cost?',
      claim: 'For £12,000 of cover, Goods Protection costs 12 × £3.50 = £42 a month.',
      supported: ['12'],
      unsupported: ['£3.50', '£42'],
    },
    {
      name: "a year's monthly payments summed in words",
      evidence: ['Student membership costs £22 a month or £240 a year.'],
      question: 'What is the cheapest way to pay?',
      claim: '12 monthly payments of £22 come to £264, so paying £240 for the year is cheaper.',
      supported: ['12', '£264'],
      unsupported: [],
    },
    {
      name: "a year's count of monthly payments where the text names no year",
      evidence: ['Student membership costs £22 a month.'],
      question: 'What will I pay?',
      claim: '12 monthly payments of £22 come to £264.',
      supported: [],
      unsupported: ['12', '£264'],
    },
    {
      name: 'a count of lessons in a sum in words, which the evidence must state (a review)',
      evidence: ['The Intensive course is 10 lessons at £35 each.'],
      question: 'What does the Intensive course cost?',
      claim: 'The Intensive course is 8 lessons at £35 each, which makes £280.',
      supported: [],
      unsupported: ['8', '£280'],
    },
    {
      name: 'a count of months that makes no year the text names',
      evidence: ['Membership has a minimum term of 12 months and costs £22 a month.'],
      question: 'What will I pay over the minimum term?',
      claim: '6 monthly payments of £22 come to £132.',
      supported: [],
      unsupported: ['6', '£132'],
    },
    {
      name: 'a flipped count breaks the sum in words',
      evidence: ['Student membership costs £22 a month or £240 a year.'],
      question: 'What is the cheapest way to pay?',
      claim: '13 monthly payments of £22 come to £264, so paying £240 for the year is cheaper.',
      supported: [],
      unsupported: ['13', '£264'],
    },
    {
      name: 'the working in brackets after the result',
      evidence: ['You can request a refund of the tickets’ face value within 28 days of our announcement.'],
      question: 'I bought two tickets at £45 each. Can I get my money back?',
      claim: 'You can ask for a refund of £90 (2 × £45) within 28 days of our announcement.',
      supported: ['2', '£90'],
      unsupported: [],
    },
    {
      name: 'a result used again in the same sentence',
      evidence: ['We refund the price paid divided by the days the ticket was valid for, multiplied by the days remaining, less the £10 administration fee.'],
      question: 'I paid £1,940 for an annual ticket and hand it in with 180 days left. What do I get back?',
      claim: 'The refund is £1,940 ÷ 365 × 180 = £956.71, less our £10 administration fee, so you would receive £946.71.',
      supported: ['£956.71', '£946.71'],
      unsupported: [],
    },
    {
      name: 'a result used again, wrongly',
      evidence: ['We refund the price paid divided by the days the ticket was valid for, multiplied by the days remaining, less the £10 administration fee.'],
      question: 'I paid £1,940 for an annual ticket and hand it in with 180 days left. What do I get back?',
      claim: 'The refund is £1,940 ÷ 365 × 180 = £956.71, less our £10 administration fee, so you would receive £947.71.',
      supported: ['£956.71'],
      unsupported: ['£947.71'],
    },
  ])('$name', ({ evidence, question, claim, supported, unsupported }) => {
    // The figure as written alone: "12", not the 12 of "£12,000".
    const at = (figure: string) => new RegExp(`(?<![£€$\\d,.])${figure.replace(/[.$]/g, '\\$&')}(?!\\d|,\\d)`).exec(claim)!.index;
    const read = (figure: string) => statesFigureAt(claim, at(figure), passage(evidence, question), claim);
    for (const f of supported) expect([f, read(f)]).toEqual([f, true]);
    for (const f of unsupported) expect([f, read(f)]).toEqual([f, false]);
  });

  it('reads no count outside an equation', () => {
    const text = 'Buy 12 and pay £30.';
    const figures = findFigures(text);
    expect(countInEquation(text, figures, figures.find((f) => f.text === '12')!)).toBe(false);
  });
});
