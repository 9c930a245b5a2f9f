import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMutants } from '../src/mutants/generate.js';
import { bandTopNeighbours, findQuantities, neighbourValues } from '../src/text/quantities.js';
import { textFixture } from '../test/support/textFixture.js';
import { numberFlip, UNCONVENTIONAL_PERIOD } from './number-flip.js';

const fixture = textFixture({
  artifact: 'Employees accrue 28 days of leave each year. They may carry over at most 5 days.',
  evidence: 'Employees accrue 28 days of leave each year. They may carry over at most 5 days into the next year, or 8 days with approval.',
});

/** The values number-flip moves a figure of `artifact` to, for each question asked of it. */
const replacementsUnder = (artifact: string) => (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact, evidence: artifact }), task })].map((c) => c.replacement);

describe('number-flip', () => {
  it.each([
    ['28 days', ['21 days', '30 days']],
    ['£1,250 a year', ['£1,200 a year', '£1,300 a year']],
    ['15% of pay', ['10% of pay', '20% of pay']],
    ['0.5 mg', ['0.4 mg', '0.6 mg']],
    ['a fee of £6.00', ['a fee of £5.00', 'a fee of £7.00']],
    // unseen24's readers, of "£13.00" beside "£19": "written differently, which suggests the price was edited".
    ['Essential costs £12.50 a month. The test is £19.', ['Essential costs £12.50 a month. The test is £18.', 'Essential costs £12.50 a month. The test is £20.']],
    ['a fee of EUR 14.50', ['a fee of EUR 14.00', 'a fee of EUR 15.00']],
    // unseen46's readers, of "1 hour of play, followed by 60 minutes": "mixes units oddly".
    ['1 hour of play and 45 minutes', ['1 hour of play and 30 minutes']],
    // unseen44's readers, of £5 million made £4 million: "policies are usually £1m, £2m, £5m or £10m".
    ['cover of £5 million', ['cover of £2 million', 'cover of £10 million']],
    ['cover of at least £3 million', ['cover of at least £2 million', 'cover of at least £5 million']],
    // A review: the steps are whole amounts of money; a count in millions flips as any figure.
    ['3 million visitors a year', ['2 million visitors a year', '4 million visitors a year']],
    ['A-levels: 3 A-levels', ['A-levels: 2 A-levels', 'A-levels: 4 A-levels']],
    // A product written with spaces is the answer's arithmetic, not a format named by its sides ("6x4").
    [
      'the daily rate of £3.22 (£98 × 12 ÷ 365)',
      [
        'the daily rate of £3.21 (£98 × 12 ÷ 365)',
        'the daily rate of £3.23 (£98 × 12 ÷ 365)',
        'the daily rate of £3.22 (£96 × 12 ÷ 365)',
        'the daily rate of £3.22 (£100 × 12 ÷ 365)',
        'the daily rate of £3.22 (£98 × 10 ÷ 365)',
        'the daily rate of £3.22 (£98 × 14 ÷ 365)',
        'the daily rate of £3.22 (£98 × 12 ÷ 360)',
        'the daily rate of £3.22 (£98 × 12 ÷ 370)',
      ],
    ],
    // unseen131's readers, of 2.5 hours made "3.0 hours": "an odd way to write it".
    ['each session lasts 2.5 hours', ['each session lasts 2 hours', 'each session lasts 3 hours']],
    // The review: an amount in a currency's word keeps its pence, and a figure written whole to a place keeps its place.
    ['A lesson costs 12.50 euros.', ['A lesson costs 12.00 euros.', 'A lesson costs 13.00 euros.']],
    ['a reading of 2.0 mmol/L', ['a reading of 3.0 mmol/L']],
    ['a fee of C$40', ['a fee of C$30', 'a fee of C$50']],
    ['99.9% uptime', ['99.5% uptime', '99.95% uptime']],
    ['a tier from 99.0%', ['a tier from 98.5%', 'a tier from 99.5%']],
    ['99.95% uptime', ['99.9% uptime', '99.99% uptime']],
    ['23 kg', ['22 kg', '24 kg']],
    ['a fee of 1.5% of the value', ['a fee of 1.0% of the value', 'a fee of 2.0% of the value']],
    ['requests before 10pm', ['requests before 9pm', 'requests before 11pm']],
    ['music in the marquee stops at 11 pm', ['music in the marquee stops at 10 pm']],
    ['100%', ['50%']],
    ['2 days', ['3 days']],
    ['two claims in any 12-month period', ['two claims in any 6-month period', 'two claims in any 24-month period']],
    // A step a charge counts time in divides the hour (unseen113's readers, of "45-minute blocks at an hourly rate": "an odd unit").
    ['charged in 30-minute blocks at the hourly rate', ['charged in 20-minute blocks at the hourly rate', 'charged in 60-minute blocks at the hourly rate']],
    ['charged in blocks of 30 minutes', ['charged in blocks of 20 minutes', 'charged in blocks of 60 minutes']],
    // The review: the same step in other words, and steps over an hour.
    ['rounded up to the nearest 30 minutes', ['rounded up to the nearest 20 minutes', 'rounded up to the nearest 60 minutes']],
    ['billed in units of 30 minutes', ['billed in units of 20 minutes', 'billed in units of 60 minutes']],
    ['billed in 30-minute units', ['billed in 20-minute units', 'billed in 60-minute units']],
    ['take a break every 90 minutes', ['take a break every 60 minutes', 'take a break every 120 minutes']],
    // Not a block of a course's weeks.
    ['taught in blocks of 8 weeks', ['taught in blocks of 6 weeks', 'taught in blocks of 12 weeks']],
    // The age of majority stays (unseen40's readers, of a carer "21 or over": "normally 18+").
    ['you need to be 18 or over, as an adult member', []],
    ['you need to be 16 or over, as a junior member', ['you need to be 14 or over, as a junior member', 'you need to be 18 or over, as a junior member']],
    ['children aged 12 travel free', ['children aged 5 travel free', 'children aged 13 travel free']],
    // The age of majority of an adult named by it (unseen113's readers, of "an adult over 20": "an odd age limit").
    ['an adult over 18 also needs to be on site', []],
    // An even number of ten or more to the next even one (unseen96's readers, of "more than 11 people": "an odd threshold").
    ['scores of 18 or over pass', ['scores of 16 or over pass', 'scores of 20 or over pass']],
    ['groups of more than 12 people', ['groups of more than 10 people', 'groups of more than 14 people']],
    ['groups of more than 13 people', ['groups of more than 12 people', 'groups of more than 14 people']],
    // A bound between the number and its noun leaves the unit a period's (unseen99's readers, of "16 or more days": "an odd cut-off").
    ['a full refund when you cancel 14 or more days ahead', ['a full refund when you cancel 10 or more days ahead', 'a full refund when you cancel 21 or more days ahead']],
    // A period in months or weeks to the lengths documents use: never "9 months" (unseen12's readers) nor "5 weeks".
    ['a credit note valid for 6 months', ['a credit note valid for 3 months', 'a credit note valid for 12 months']],
    ['a credit note valid for 4 weeks', ['a credit note valid for 3 weeks', 'a credit note valid for 6 weeks']],
    // Two whole numbers joined by "or" that name every value between two limits stay (unseen36's readers, of "aged 16 or 18": "an odd range that skips 17").
    ['clients aged 16 or 17 may come alone', []],
    ['short breaks of 3 or 4 nights', []],
    // The top of a band moves as the round number above it does (unseen63's readers, of "50 to 198 copies": "an odd boundary"), and
    // two bands that meet at the next whole number stay met ("orders of 500 to 509 copies fall into no tier").
    ['a discount for 50 to 199 copies', ['a discount for 40 to 199 copies', 'a discount for 60 to 199 copies', 'a discount for 50 to 99 copies', 'a discount for 50 to 299 copies']],
    [
      'Orders of 200 to 499 copies get 15% off, and orders of 500 copies or more get 25% off.',
      [
        'Orders of 100 to 499 copies get 15% off, and orders of 500 copies or more get 25% off.',
        'Orders of 300 to 499 copies get 15% off, and orders of 500 copies or more get 25% off.',
        'Orders of 200 to 499 copies get 10% off, and orders of 500 copies or more get 25% off.',
        'Orders of 200 to 499 copies get 20% off, and orders of 500 copies or more get 25% off.',
        'Orders of 200 to 499 copies get 15% off, and orders of 500 copies or more get 20% off.',
        'Orders of 200 to 499 copies get 15% off, and orders of 500 copies or more get 30% off.',
      ],
    ],
    // Two pairs of amounts in one ratio keep it (unseen124's readers, of £11 made £12 beside £110: "10 × £12 is £120, not £110").
    ['The fee rises from £9.50 to £11 a lesson, so a term goes from £95 to £110.', []],
    // The first days of a run and the day the run goes on from stay met (unseen124's readers, of "from day 10": "contradicts itself").
    [
      'Storage is free for the first 14 days, and from day 15 it is charged at £3 a day.',
      ['Storage is free for the first 14 days, and from day 15 it is charged at £2 a day.', 'Storage is free for the first 14 days, and from day 15 it is charged at £4 a day.'],
    ],
    // A share that remains of a whole implies the share before it (unseen38's readers: "a deposit ... which would have to be an unusual 60%").
    ['The remaining 50% of the order value is due on the day of fitting.', []],
    ['The remaining 70% is due on the day of fitting.', []],
    // A half is the share refunds and deposits split at (unseen40's readers, of a 40% refund band: "normally 50%").
    ['If you cancel that late, 50% of the fee is refunded.', []],
    ['Rifampex reduces its levels by about 50%.', ['Rifampex reduces its levels by about 40%.', 'Rifampex reduces its levels by about 60%.']],
    ['If you cancel that late, 40% of the fee is refunded.', ['If you cancel that late, 30% of the fee is refunded.', 'If you cancel that late, 50% of the fee is refunded.']],
    // A bound of a range keeps its side of the other (unseen15's readers: "two to two weeks"): never "between 15 and 10 kg".
    ['boxes between 15 and 20 kg', ['boxes between 10 and 20 kg', 'boxes between 15 and 30 kg']],
    // So does a bound whose other end is in a unit of its own (unseen111's readers: "60 minutes to an hour is the same length twice").
    ['Each flue takes 45 minutes to an hour.', ['Each flue takes 30 minutes to an hour.']],
    ['Each flue takes 45 minutes to 2 hours.', ['Each flue takes 30 minutes to 2 hours.', 'Each flue takes 60 minutes to 2 hours.', 'Each flue takes 45 minutes to 3 hours.']],
    // The review: "between … and", "up to", and "half an hour" as the other end.
    ['Each flue takes between 45 minutes and an hour.', ['Each flue takes between 30 minutes and an hour.']],
    ['Each flue takes from 45 minutes up to an hour.', ['Each flue takes from 30 minutes up to an hour.']],
    ['It takes half an hour to 45 minutes.', ['It takes half an hour to 60 minutes.']],
    ['It takes 45 minutes and an hour of drying.', ['It takes 30 minutes and an hour of drying.', 'It takes 60 minutes and an hour of drying.']],
    // A bound a range restates is one boundary written twice (unseen22's readers, of "the 20-mile area" beside "between 15 and 25 miles"): the other bound still moves.
    [
      'no charge within the 15-mile area; £20 for addresses between 15 and 25 miles away',
      [
        'no charge within the 15-mile area; £10 for addresses between 15 and 25 miles away',
        'no charge within the 15-mile area; £30 for addresses between 15 and 25 miles away',
        'no charge within the 15-mile area; £20 for addresses between 15 and 20 miles away',
        'no charge within the 15-mile area; £20 for addresses between 15 and 30 miles away',
      ],
    ],
    // The unitless other side of a comparison restates its unit (unseen31's readers, of the "45-minute service" made 50 beside "rather than 45"): only the 30 moves.
    ['The standard service lasts 45 minutes, so you would have 30 minutes rather than 45.', ['The standard service lasts 45 minutes, so you would have 20 minutes rather than 45.']],
    // It moves among the lengths of its unit (unseen115's readers, of "instead of the usual 70": "an odd standard slot length").
    // Never to the figure it is the alternative to (the review: "90 minutes instead of the usual 90"); "vs." is a word.
    ['A quiet slot runs for 90 minutes instead of the usual 60.', ['A quiet slot runs for 90 minutes instead of the usual 45.']],
    ['A quiet slot runs for 30 minutes vs. 45 for a standard one.', ['A quiet slot runs for 20 minutes vs. 45 for a standard one.', 'A quiet slot runs for 30 minutes vs. 60 for a standard one.']],
    // The length of a range of dates its sentence states (unseen118's readers, of 10 made 8: "covers 10 weeks, not 8").
    ['The summer term runs for 10 weeks, from Monday 20 April to Saturday 27 June 2026.', []],
    ['The summer term runs from Monday 20 April to Saturday 27 June 2026. It lasts 10 weeks.', []],
    [
      'The course runs for 4 weeks, from Monday 20 April to Saturday 27 June 2026.',
      ['The course runs for 3 weeks, from Monday 20 April to Saturday 27 June 2026.', 'The course runs for 6 weeks, from Monday 20 April to Saturday 27 June 2026.'],
    ],
    [
      'The summer term runs for 10 weeks, and fees are due by Monday 20 April 2026.',
      ['The summer term runs for 8 weeks, and fees are due by Monday 20 April 2026.', 'The summer term runs for 12 weeks, and fees are due by Monday 20 April 2026.'],
    ],
    // A bound after "than" is not an alternative to the figure before it, and may count something else.
    [
      'A ceremony takes 40 minutes, and the hall seats no more than 120.',
      [
        'A ceremony takes 30 minutes, and the hall seats no more than 120.',
        'A ceremony takes 45 minutes, and the hall seats no more than 120.',
        'A ceremony takes 40 minutes, and the hall seats no more than 110.',
        'A ceremony takes 40 minutes, and the hall seats no more than 130.',
      ],
    ],
    // A count described by adjectives is a count of the noun after them (unseen51's readers, of "88 full-size weighted keys" made 87 beside "fewer than 88 keys"): neither moves.
    ['It needs 88 full-size weighted keys; a keyboard with fewer than 88 keys will do for a term.', []],
    // A compound counts its last noun (unseen64's readers, of "500 charge cycles" made 400 beside "the 500-cycle limit"): the months and the 540 still move, the 500 never.
    [
      'Batteries are covered for 24 months or 500 charge cycles; at 540 cycles it has passed the 500-cycle limit.',
      [
        'Batteries are covered for 18 months or 500 charge cycles; at 540 cycles it has passed the 500-cycle limit.',
        'Batteries are covered for 36 months or 500 charge cycles; at 540 cycles it has passed the 500-cycle limit.',
        'Batteries are covered for 24 months or 500 charge cycles; at 530 cycles it has passed the 500-cycle limit.',
        'Batteries are covered for 24 months or 500 charge cycles; at 550 cycles it has passed the 500-cycle limit.',
      ],
    ],
    // Two compounds ending alike count different things (the review's finding): each figure still moves.
    [
      'New members get a 2 week trial period, and leaving needs a 2 month notice period.',
      ['New members get a 3 week trial period, and leaving needs a 2 month notice period.', 'New members get a 2 week trial period, and leaving needs a 3 month notice period.'],
    ],
    // A size of memory or storage is a power of two, halved or doubled (unseen65's readers, of a 32GB upgrade made 33: "not a real memory size"); a data allowance moves as any figure.
    ['It adds a 32GB memory upgrade.', ['It adds a 16GB memory upgrade.', 'It adds a 64GB memory upgrade.']],
    ['Data is capped at 30 GB a month.', ['Data is capped at 20 GB a month.', 'Data is capped at 40 GB a month.']],
    // "12 noon" is a time whose hour is the word after it (unseen73's readers, of "13 noon": "not a real time"); the price moves as ever.
    ['Extend by 12 noon on Saturday for £30 a night.', ['Extend by 12 noon on Saturday for £20 a night.', 'Extend by 12 noon on Saturday for £40 a night.']],
    // A clothing size goes in twos (unseen67's readers, of "a modern 9 to 10": "UK dress sizes go in even numbers"); a group size of people is a count.
    ['Vintage sizes run small, so choose a modern 8 to 10.', ['Vintage sizes run small, so choose a modern 6 to 10.', 'Vintage sizes run small, so choose a modern 8 to 12.']],
    // With a garment after it (the review of unseen67's rule): "a size 12 dress" is a size, not 12 dresses.
    ['A size 12 dress costs £40.', ['A size 10 dress costs £40.', 'A size 14 dress costs £40.', 'A size 12 dress costs £30.', 'A size 12 dress costs £50.']],
    [
      'Our private group size is 8 to 12 people.',
      ['Our private group size is 7 to 12 people.', 'Our private group size is 9 to 12 people.', 'Our private group size is 8 to 10 people.', 'Our private group size is 8 to 14 people.'],
    ],
    // A range of a count grows to at most twice its width (unseen85's readers, of "feeds 8 to 15 people": "an implausibly wide serving
    // range"); a range of a period as periods do.
    ['The platter feeds 8 to 10 people.', ['The platter feeds 7 to 10 people.', 'The platter feeds 9 to 10 people.']],
    ['Repairs take 7 to 10 working days.', ['Repairs take 6 to 10 working days.', 'Repairs take 8 to 10 working days.', 'Repairs take 7 to 14 working days.']],
    // A frequency in one word is a period of its unit (unseen52's readers: "a '7-weekly' round is an odd interval").
    ['windows cleaned on a 6-weekly round', ['windows cleaned on a 4-weekly round']],
    // Apart from its number, a frequency describes what is counted: "3 monthly instalments" counts instalments (the review's finding).
    ['Pay in 3 monthly instalments.', ['Pay in 2 monthly instalments.', 'Pay in 4 monthly instalments.']],
    // A deal's count stays above its price (unseen15's readers: "5 Deluxe washes for the price of 8").
    ['a book of 10 washes for the price of 8', ['a book of 15 washes for the price of 8', 'a book of 10 washes for the price of 7', 'a book of 10 washes for the price of 9']],
    // Two equal periods without a determiner are two rules: each may change alone.
    [
      'You accrue 28 days per year, and must give notice 4 weeks before.',
      ['You accrue 21 days per year, and must give notice 4 weeks before.', 'You accrue 30 days per year, and must give notice 4 weeks before.'],
    ],
    [
      'You have 10 months to go on your €25.00 plan.',
      [
        'You have 6 months to go on your €25.00 plan.',
        'You have 12 months to go on your €25.00 plan.',
        'You have 10 months to go on your €20.00 plan.',
        'You have 10 months to go on your €30.00 plan.',
      ],
    ],
    // A number no date holds is not written as one: "rated under 2000." reads as a year (the property specs over all suites).
    ['The C team is for players rated under 1500.', ['The C team is for players rated under 1000.']],
  ])('flips %s to a neighbouring value a document would state, in its format', (text, expected) => {
    const mutated = [...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))].map((c) => text.slice(0, c.start) + c.replacement + text.slice(c.end));
    expect(mutated).toEqual(expected);
  });

  it('refuses a period written in an unconventional length, with its reason', () => {
    const text = 'The credit note is valid for 6 months.';
    const at = text.indexOf('6');
    const f = textFixture({ artifact: text, evidence: text });
    expect(numberFlip.invalidReason!(f, { start: at, end: at + 1, replacement: '9' })).toBe(UNCONVENTIONAL_PERIOD);
    expect(numberFlip.invalidReason!(f, { start: at, end: at + 1, replacement: '12' })).not.toBe(UNCONVENTIONAL_PERIOD);
  });

  it.each([
    ['a count of one, whose noun is singular', 'Rest for 1 day.'],
    ['a figure the answer mentions twice', 'The fee is £40. You pay the £40 at the desk.'],
    // unseen132's readers, of the first 1,000 made 500: "'every further 500 litres or part of 1,000' contradicts itself".
    ['a number its sentence writes again without its unit', 'Every further 1,000 litres or part of 1,000.'],
    // unseen132's readers, of the first 3 made 4: "says up to 4 missed hours can be made up, then ... more than 3 hours".
    ['a period written twice, once after a participle', 'Up to 3 missed hours can be made up. Miss more than 3 hours and you rebook.'],
    ['a sum the answer states', 'The fee is £30 plus £20 postage, £50 in all.'],
    ['a product the answer states', 'Hire costs £12 an hour, so three hours cost £36.'],
    ['a product by a pair said in a word (unseen19\'s readers: "£70 per fuel on dual fuel comes to £140, not £150")', 'Leaving early costs £75 per fuel, which comes to £150 on a dual fuel account.'],
    ['a count by a price ("10 months of €25.00 is €250.00")', 'You have 10 months of your €25.00 plan to go, which comes to €250.00.'],
    ['a share of an amount ("25% of €250.00 is €62.50")', 'The charge is 25% of the €250.00 left, so €62.50.'],
    ['shares of one whole', 'You pay 20% of the bill and the insurer pays 80%.'],
    // unseen137's readers, of £1 made £2: "60 minutes at £2 per 10 minutes is £12, not £6".
    ['a rate per so many units, their count and the amount', 'A duvet needs about 60 minutes in the dryer, and at £1 for every 10 minutes that comes to around £6.'],
    // The review: the units as the quantities read them ("mins"), and hours counted against a rate per minutes.
    ['a rate per so many units written short', 'A duvet needs about 60 mins in the dryer, and at £1 for every 10 mins that comes to around £6.'],
    ['a rate per minutes, a count in hours and the amount', 'Parking is £2 per 30 minutes, so your 2 hours come to £8.'],
    ['an identifier', 'Severity 1 issues go to clause 4 of form KL-7.'],
    ['a phone number and a clock time', 'Call 0300 555 0142 between 09:00 and 17:00.'],
    ['a phone number written with hyphens', 'To get started, call 1-888-555-0142 today.'],
    ['an ordinal', 'Rent is due on the 1st of each month.'],
    ['digits that restate a number in words', 'Hold a licence for two (2) years.'],
    ['numbers joined by a slash', 'The 24/7 Access add-on is sold separately.'],
    ['a format named by its sides (unseen44\'s readers: "5x4 is an odd size")', 'Guests get unlimited 6x4 prints.'],
    ['a rating in amps (unseen44\'s readers: "UK sockets are 13-amp")', 'The booth needs a standard 13-amp socket.'],
    ['a rating in amps written with a capital', 'The booth needs a standard 13 Amp socket.'],
    ['a format named by its sides with a capital X', 'Guests get unlimited 6X4 prints.'],
    ['a day listed before its month (unseen143\'s readers, of 25 made 20: "Christmas Day was most likely changed")', 'The arena shuts on both 25 and 26 December.'],
    ['formats named side by side, the second bare (unseen141\'s readers, of 120 made 130: "not a standard roll format")', "Black-and-white rolls are developed by hand, whether they're 35mm or 120."],
    ['an amount less a share of it ("£21 less 25%, £15.75")', 'The premium is the adult rate of £21 less 25%, so £15.75 a month.'],
    ['a share of the part of one amount above another', 'Cover costs 1.5% of the value above the included $100 of your $1,800, which comes to $25.50.'],
    ['one price per two periods', 'It costs $390 a month, or $4,680 over a year.'],
    ['a threshold the answer restates with another word after it', 'You are under 25, so a surcharge applies; SUVs are only for drivers aged 25 or over.'],
    ['a period that restates a larger unit the answer names', 'Membership runs for a year and is renewed every 12 months.'],
    [
      'an age limit the answer states twice (unseen16\'s readers: "at least 60" beside "aged 25 or over")',
      'The driver must be at least 25 years old. If someone aged 25 or over drives for you, the van is free.',
    ],
    ['a period the answer refers back to in other words (unseen15\'s readers: "up to 21 days ... within the two weeks")', 'We can hold it for up to 14 days. Please collect it within the two weeks.'],
    [
      'a charge for each step of time, its total and the clock times it runs between (unseen58\'s readers: "6:30pm to 7pm is two 15-minute blocks at £15 each")',
      'Collection is by 6:30pm, and after that we charge £10 for every 15 minutes, so arriving at 7pm would add £20.',
    ],
    // unseen109's readers, of a 90-minute passage made 60: "last entry at 14:30 with a 16:00 close implies a ~90-minute transit".
    ['a period in minutes between two times of a day the answer gives', 'The flight closes at 16:00, and the last boat is let in at 14:30. Going through takes about 90 minutes.'],
    ['the hour of a time a period in minutes joins to another', 'It is open from 8am to 4pm. The last car is let in 15 minutes before closing, so arrive by 3:45pm.'],
    // unseen125's readers, of "Sunday mornings from 10am to 11pm" (12pm made 11pm): "contradicts itself".
    ['an hour of 12, whose neighbours are across noon or midnight', 'Mini Splat runs on Sunday mornings until 12pm. The café opens from 12 pm.'],
  ])('leaves alone %s', (_, text) => {
    expect([...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))]).toEqual([]);
  });

  it.each([
    ['a total that does not follow from the charge', 'We charge £10 for every 15 minutes after 6:30pm and £20 after 7pm.', '£10'],
    ['a total that follows, with no clock time in its sentence', 'Parking is £2 per hour, so a day pass at £10 saves money. The car park is open from 8am to 1pm.', '£2'],
    ['a period in minutes that joins no two of its times', 'The flight closes at 16:00, and the last boat is let in at 14:30. Each lock takes about 20 minutes.', '20'],
  ])('flips a charge per step of time beside %s (a review)', (_, text, figure) => {
    expect([...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))].map((c) => text.slice(c.start, c.end))).toContain(figure);
  });

  it.each([
    ['a result whose operands it leaves (kWh by pence)', 'Using 410 kWh at 20p per kWh comes to £82.00 for the quarter.'],
    ['a price by seats by months, and its total', 'At $15 a seat, 4 seats for 6 months cost $360.'],
    ['a ratio stated in words', 'The new tank holds 240 litres against 180 litres now, a third more.'],
    ['a count left over', 'You have used 7 of your 10 passes, so 3 passes remain.'],
    ['a total of four parts with words between them', 'The bill is £9.60 standing charge + £80.64 + £92.61 + £13.50 = £196.35.'],
    ['a total of three parts in words, opened by a colon', '€1,140 for the course, the €60 registration fee and €25 for materials: €1,225.'],
  ])('refuses every flip of %s: the answer would no longer agree with its own arithmetic', (_, text) => {
    const f = textFixture({ artifact: text, evidence: text });
    const candidates = [...numberFlip.candidates(f)];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(numberFlip.invalidReason!(f, c)).toMatch(/breaks arithmetic/);
  });

  it('keeps a limit’s flips that the count compared with it still satisfies, and refuses the one that breaks the comparison', () => {
    const text = 'With 9 members you are within the Free plan’s limit of 10.';
    const f = textFixture({ artifact: text, evidence: text });
    const judged = [...numberFlip.candidates(f)].map((c) => [text.slice(0, c.start) + c.replacement + text.slice(c.end), numberFlip.invalidReason!(f, c)]);
    expect(judged.filter(([, reason]) => reason === null).map(([mutant]) => mutant)).toEqual([
      'With 8 members you are within the Free plan’s limit of 10.',
      'With 9 members you are within the Free plan’s limit of 15.',
    ]);
    // 9 to 10 names the limit itself, a figure the evidence states; 10 to 5 leaves 9 members "within" a limit of 5.
    expect(judged.filter(([, reason]) => reason !== null)).toEqual([
      ['With 10 members you are within the Free plan’s limit of 10.', expect.stringMatching(/also stated/)],
      ['With 9 members you are within the Free plan’s limit of 5.', expect.stringMatching(/breaks a comparison/)],
    ]);
  });

  it('flips a period that is a larger unit in other words where the answer does not name that unit', () => {
    const text = 'Membership is renewed every 12 months.';
    expect([...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))].map((c) => c.replacement)).not.toEqual([]);
  });

  it('leaves alone a figure the question states, which the answer restates', () => {
    const text = 'Uptime was 99.3%, below the 99.9% commitment.';
    const asked = { ...textFixture({ artifact: text, evidence: 'The commitment is 99.9%.' }), task: 'Our uptime was 99.3% in March. Do we get a credit?' };
    const mutated = [...numberFlip.candidates(asked)].map((c) => text.slice(0, c.start) + c.replacement + text.slice(c.end));
    expect(mutated).toEqual(['Uptime was 99.3%, below the 99.5% commitment.', 'Uptime was 99.3%, below the 99.95% commitment.']);
  });

  // unseen118's readers, of "up to a maximum of 1 per term" for "miss two lessons": "sits awkwardly with a question about two missed lessons".
  it('leaves alone a figure the question states in words', () => {
    const text = 'You can book make-up lessons, up to a maximum of 2 per term.';
    const flips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: text, evidence: text }), task })].map((c) => c.replacement);
    expect(flips('My son will miss two lessons. Do I get any money back?')).toEqual([]);
    expect(flips('My son will miss some lessons. Do I get any money back?')).toEqual(['1', '3']);
  });

  it('leaves alone a remainder of periods the question states ("14 months into a 24-month contract, 10 months to go")', () => {
    const text = 'You have 10 months left to pay.';
    const asked = { ...textFixture({ artifact: text, evidence: text }), task: "I'm 14 months into my 24-month contract. What do I owe?" };
    expect([...numberFlip.candidates(asked)]).toEqual([]);
    const unrelated = { ...asked, task: "I'm 15 months into my 24-month contract. What do I owe?" };
    expect([...numberFlip.candidates(unrelated)]).not.toEqual([]);
  });

  it('keeps the question’s case on the side of a threshold the answer puts it ("I\'m 23 ... under 25": not "under 20")', () => {
    const text = 'Because you are under 25, a young driver surcharge applies.';
    const asked = { ...textFixture({ artifact: text, evidence: text }), task: "I'm 23. Is there an extra charge?" };
    expect([...numberFlip.candidates(asked)].map((c) => c.replacement)).toEqual(['30']);
    const older = { ...asked, task: "I'm 26. Is there an extra charge?" };
    expect([...numberFlip.candidates(older)].map((c) => c.replacement)).toEqual(['20']);
  });

  // unseen70's readers, of "holds up to 30 standing guests, so 35 people will fit": "contradicts".
  it('keeps the question’s case the threshold’s sentence restates on its side, counted by another noun ("up to 40 standing guests, so 35 people")', () => {
    const text = 'The Barrel Room holds up to 40 standing guests, so 35 people will fit comfortably.';
    const asked = { ...textFixture({ artifact: text, evidence: text }), task: 'Can we hire the Barrel Room for about 35 people?' };
    expect([...numberFlip.candidates(asked)].map((c) => c.replacement)).toEqual(['50']);
  });

  // The review: two pairs of amounts in one ratio by chance, and a first run and a count of another thing, still move.
  it('moves amounts that share a ratio by chance, and a first run beside a count of another thing', () => {
    const flips = (artifact: string) => [...numberFlip.candidates(textFixture({ artifact, evidence: artifact }))].map((c) => `${artifact.slice(c.start, c.end)}>${c.replacement}`);
    expect(flips('Adult tickets are £12 and child tickets £6, and parking is £8 for the day or £4 for an hour.')).toContain('£6>£5');
    expect(flips('Your first 10 sessions are at the member rate, and up to 11 people can share a lane.')).toContain('10>15');
  });

  // unseen119's readers, of "A group of 12 fits the 8 to 10 size range": "12 is outside 8–10".
  it("keeps inside a range the question's count its sentence restates", () => {
    const text = 'A group of 12 fits the 8 to 20 size range.';
    const asked = { ...textFixture({ artifact: text, evidence: text }), task: 'Could my company bring a group of 12 staff?' };
    expect([...numberFlip.candidates(asked)].map((c) => `${text.slice(c.start, c.end)}>${c.replacement}`)).toEqual(['8>7', '8>9', '20>30']);
    const unrelated = { ...asked, task: 'Could my company bring a group of 25 staff?' };
    expect([...numberFlip.candidates(unrelated)].map((c) => `${text.slice(c.start, c.end)}>${c.replacement}`)).toContain('20>10');
  });

  // unseen117's readers, of "one adult for every 9 children": "an odd ratio; they are usually 1:8 or 1:10"; and unseen10's answer, whose
  // "at least four adults" for 30 pupils no longer follows from one adult for every 6.
  it("moves a ratio of people among round ratios, and keeps the count the question's case needs of its first thing", () => {
    const text = "At least one parent or carer for every 8 children has to stay, so you'll need one more adult besides yourself.";
    const flips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: text, evidence: text }), task })].map((c) => c.replacement);
    expect(flips('Do I need to stay during the party?')).toEqual(['6', '10']);
    expect(flips('Do I need to stay during the party? There will be 14 of them.')).toEqual(['10']);
    // The review: a smaller count, a count in words, "per" and a noun of several words.
    expect(flips('Do I need to stay during the party? There will be seven of them.')).toEqual(['10']);
    const perStaff = 'At least 1 member of staff per 8 children must stay.';
    const staffFlips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: perStaff, evidence: perStaff }), task })].map((c) => c.replacement);
    expect(staffFlips('Do I need to stay? There will be 14 of them.')).toEqual(['10']);
  });

  // unseen87's readers, of "As he's under 14" for a 15-year-old: "contradicts the question".
  it('keeps the question\'s age in years on its side of an age threshold written without a unit ("15-year-old ... under 16": not 14)', () => {
    const text = "As he's under 16, a parent or guardian will need to stay with him.";
    const flips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: text, evidence: text }), task })].map((c) => c.replacement);
    expect(flips('My 15-year-old son races. Can he have a fit?')).toEqual(['18']);
    expect(flips('My son races. Can he have a fit?')).toEqual(['14', '18']);
  });

  it('keeps a case in another unit of time on its side of the threshold ("14 weeks old ... under 6 months": not 3)', () => {
    const text = "As he's under 6 months, he'll be in our Puppy Club group.";
    const flips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: text, evidence: text }), task })].map((c) => c.replacement);
    expect(flips('My puppy is 14 weeks old. Can he start?')).toEqual(['12']);
    expect(flips('My puppy is 2 weeks old. Can he start?')).toEqual(['3', '12']);
  });

  it('keeps a period the question\'s case is measured against on the side of it the case was ("four months ago" within a 6-month warranty: not 3), in whatever unit each is written', () => {
    const text = "That part has the manufacturer's 6-month warranty, which would still be running.";
    const flips = replacementsUnder(text);
    expect(flips('Graham serviced my machine four months ago. Is that covered?')).toEqual(['12']);
    expect(flips('Graham serviced my machine 1 year ago. Is that covered?')).toEqual(['3']);
    expect(flips('Graham serviced my machine last week. Is that covered?')).toEqual(['3', '12']);
    // The months from the month the question says it is to a date it names (unseen114's readers: "February to 14 June is only about 4 months").
    const notice = "You can move your wedding date once without charge, as you're giving us more than 3 months' notice.";
    const noticeFlips = replacementsUnder(notice);
    expect(noticeFlips("It's February, and we've had to postpone our wedding from 14 June to 27 September. Can we move it?")).toEqual(['2']);
    expect(noticeFlips("It's May, and we've had to postpone our wedding from 10 June to 20 June. Can we move it?")).toEqual(['2', '6']);
    // A thing's age in years is a period in months beside a limit in years (unseen110's readers: an 11-year-old harness, 10 made 15).
    const limit = 'We retire every harness once it is 10 years past its date of manufacture.';
    const limitFlips = replacementsUnder(limit);
    expect(limitFlips('My harness is 11 years old. Will you pass it?')).toEqual(['7']);
    expect(limitFlips('My harness is 4 years old. Will you pass it?')).toEqual(['7', '15']);
    // A measure the question writes in symbols beside a limit in words (unseen142's readers, of 1.4 made 1.3: "1.35 m is above a 1.3 m minimum").
    const height = 'The Full Canopy has a minimum height of 1.4 metres.';
    const heightFlips = replacementsUnder(height);
    expect(heightFlips('My son is 1.35 m tall. Can he ride?')).toEqual(['1.5']);
    expect(heightFlips('My son is 1.35 m tall and weighs 35 kg. Can he ride?')).toEqual(['1.5']);
    expect(heightFlips('My son weighs 35 kg. Can he ride?')).toEqual(['1.3', '1.5']);
    // One limit written twice, in words and in symbols, is one quantity (the review: the units of quantities.ts).
    const twice = 'The minimum height is 1.4 metres. Riders under 1.4 m must ride with an adult.';
    expect(replacementsUnder(twice)('Can he ride?')).toEqual([]);
    // Not a person's age (the review: "My son is 4 years old" beside a membership of 5 years).
    expect(limitFlips('My son is 11 years old. Will you pass his harness?')).toEqual(['7', '15']);
    expect(limitFlips("I'm 11 years old. Will you pass my harness?")).toEqual(['7', '15']);
    // A share of a whole the question counts in words: "missed three of the last six" keeps its side of "more than 2 of the final 6" (unseen33's readers).
    const share = 'She has missed more than 2 of the final 6 rehearsals, so she may be asked not to play.';
    const shareFlips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: share, evidence: share }), task })].map((c) => share.slice(0, c.start) + c.replacement);
    expect(shareFlips('She has missed three of the last six rehearsals. Can she play?').some((s) => s.endsWith('more than 3'))).toBe(false);
    expect(shareFlips('She has missed five of the last six rehearsals. Can she play?').some((s) => s.endsWith('more than 3'))).toBe(true);
    // A count of what is left is of its whole's unit: "a 12-month term ... after 8 months ... the 4 remaining monthly payments" (unseen33's readers).
    const term = 'The plan has a minimum term of 12 months. Leaving after 8 months, you would pay the 4 remaining monthly payments.';
    expect([...numberFlip.candidates({ ...textFixture({ artifact: term, evidence: term }), task: 'If I cancel after 8 months, will I have to pay anything?' })]).toEqual([]);
    // Pence times a count come to pounds: "about 100 miles ... at 25p a mile, roughly £25" (unseen33's readers saw 30p there).
    const mileage = 'About 100 miles would be extra. At 25p a mile, that is roughly £25.';
    expect([...numberFlip.candidates({ ...textFixture({ artifact: mileage, evidence: mileage }), task: 'What will the mileage cost?' })].map((c) => mileage.slice(c.start, c.end))).not.toContain('25');
    // A clock time is a time of day, not a period in proportion to its hour: "2pm" still moves for a question asked at 11am.
    const clock = 'Book a pickup before 2pm and the driver comes today.';
    expect([...numberFlip.candidates({ ...textFixture({ artifact: clock, evidence: clock }), task: "It's 11am. Can you collect today?" })].map((c) => c.replacement)).toEqual(['1', '3']);
  });

  it('leaves alone a period in hours that joins two times the answer and question give on weekdays ("48-hour window ... by 2pm on Thursday" for 2pm this Saturday)', () => {
    const text = 'You are inside the 48-hour window, so you get half back; a full refund needed cancelling by 2pm on Thursday.';
    const flips = (task: string) => [...numberFlip.candidates({ ...textFixture({ artifact: text, evidence: text }), task })].map((c) => c.replacement);
    expect(flips('I booked the room for 2pm to 4pm this Saturday. What do I get back?')).toEqual([]);
    // Booked for Sunday, Thursday 2pm is 72 hours before: the answer works nothing out with the 48 hours, which may move.
    expect(flips('I booked the room for 2pm to 4pm this Sunday. What do I get back?')).toEqual(['24', '72']);
  });

  it('keeps a band in order: the low end never passes the high end', () => {
    const text = 'Bags between 23 kg and 24 kg pay a fee.';
    const mutated = [...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))].map((c) => text.slice(0, c.start) + c.replacement + text.slice(c.end));
    expect(mutated).toEqual(['Bags between 22 kg and 24 kg pay a fee.', 'Bags between 23 kg and 26 kg pay a fee.']);
  });

  it.each(['Returns are due by 31 January 2026.', 'The rule applies from 2026-03-09, or 09/03/2026.', 'Claims are paid within 28 days, in the 2025-26 tax year.', 'The scheme closed in 2024.'])(
    'leaves the dates and deadlines of "%s" to date-shift',
    (text) => {
      expect([...numberFlip.candidates(textFixture({ artifact: text, evidence: text }))]).toEqual([]);
    },
  );

  it.each(['28', '5'])('keeps a flip of %s, which the supporting sentence states', (number) => {
    const candidates = [...numberFlip.candidates(fixture)].filter((c) => fixture.artifact.slice(c.start, c.end) === number);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(numberFlip.invalidReason!(fixture, c)).toBeNull();
  });

  it('rejects a flip to a value the supporting evidence states, and keeps one stated only for another rule', () => {
    const start = fixture.artifact.indexOf('5 days');
    expect(numberFlip.invalidReason!(fixture, { start, end: start + 1, replacement: '8' })).toMatch(/also stated/);
    // A sentence that shares two of the claim's words supports it too: its figure is stated for it.
    const beside = textFixture({ artifact: 'Staff may carry over 5 days.', evidence: 'Staff may carry over 5 days. Staff who carry over more need 3 signatures.' });
    expect(numberFlip.invalidReason!(beside, { start: 21, end: 22, replacement: '3' })).toMatch(/also stated/);
    // A figure of another rule is the honest mix-up the critic must catch: the mutant is kept.
    const elsewhere = textFixture({ artifact: 'Staff may carry over 5 days.', evidence: 'Staff may carry over 5 days. Rooms hold 3 people.' });
    expect(numberFlip.invalidReason!(elsewhere, { start: 21, end: 22, replacement: '3' })).toBeNull();
  });

  it('keeps flips whose new value only an operation the sentence does not make reaches ("45p" to "40p" or "50p", 45p and 5p)', () => {
    const evidence =
      'Business mileage in a private car is paid at 45p per mile for the first 10,000 miles in a tax year and 25p per mile after that. Passengers add 5p per mile for each colleague carried.';
    const f = textFixture({ task: 'How is business mileage paid?', artifact: 'A private car is paid 45p per mile for the first 10,000 miles in a tax year and 25p per mile after that.', evidence });
    const kept = [...numberFlip.candidates(f)].filter((c) => numberFlip.invalidReason!(f, c) === null).map((c) => c.replacement);
    expect(kept).toEqual(expect.arrayContaining(['40', '50', '30']));
  });

  it('rejects a flip of a number the evidence never states', () => {
    const f = textFixture({ artifact: 'Employees accrue 28 days of leave.', evidence: 'Employees accrue their leave in full each year.' });
    const [c] = numberFlip.candidates(f);
    expect(numberFlip.invalidReason!(f, c!)).toMatch(/not stated/);
  });

  it('never yields the original value, and every step is positive and plausible', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1_000_000 }), fc.boolean(), (value, grouped) => {
        const written = grouped ? value.toLocaleString('en-US') : String(value);
        const [q] = findQuantities(`about ${written} units`);
        // A band's top ("199") moves as the round number above it does (to 99 or 299): its step is measured against that number.
        const scale = bandTopNeighbours(value) ? value + 1 : value;
        for (const v of neighbourValues(q!)) {
          expect(v).not.toBe(value);
          expect(v).toBeGreaterThan(0);
          expect(Math.abs(v - value) / scale).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('is deterministic', () => {
    const once = generateMutants([fixture], [numberFlip], { seed: 3, cap: 100 });
    const again = generateMutants([fixture], [numberFlip], { seed: 3, cap: 100 });
    expect(again).toEqual(once);
  });
});

// A review: a decimal's last digits are no partner ("2.5 or 4 hours"), and two numbers that are not consecutive still move.
describe('number-flip, numbers joined by "or"', () => {
  const flips = (artifact: string) => [...numberFlip.candidates(textFixture({ artifact, evidence: artifact }))].map((c) => artifact.slice(c.start, c.end));
  it.each([
    ['Sessions last 2.5 or 4 hours.', '4'],
    ['Short breaks are 3 or 5 nights.', '5'],
    // A unit written on the second of two numbers is both's ("5 or 10kg"), and one the second writes apart is its own: no formats.
    ['Bags of 5 or 10kg are sold.', '5'],
    ['Bags weigh 5kg or 10 kg.', '10'],
    ['Collection is between 10am and 12 noon.', '10'],
    // The review: a bare number with a word after it measures or counts something.
    ['We deliver free within 5km or 10 miles.', '10'],
    ['Each guest gets 1kg and 2 bottles of wine.', '2'],
  ])('still flips a number of %s', (artifact, number) => {
    expect(flips(artifact)).toContain(number);
  });
});

// unseen38's readers: "then calls it 'the free 20'"; "arriving at about 2:25pm is 25 minutes late, yet the answer says 'more than 30 minutes late'".
describe('number-flip, a figure the answer or question measures another way', () => {
  const flips = (artifact: string, task = 'What do I pay?') =>
    [...numberFlip.candidates(textFixture({ artifact, evidence: artifact, task }))].map((c) => `${artifact.slice(c.start, c.end)}→${c.replacement}`);
  it('leaves a bare number after "the" that names a figure the answer gives with its unit, and that figure', () => {
    const artifact = 'Storage is free for 30 days. You are 10 days beyond the free 30, so you pay £20.';
    expect(flips(artifact).filter((f) => f.startsWith('30'))).toEqual([]);
    // Without the figure it names, the bare number is a figure of its own.
    expect(flips('You are 10 days beyond the free 30, so you pay £20.').some((f) => f.startsWith('30'))).toBe(true);
  });
  // unseen42's readers: "free within 20 miles but charges for miles over 30".
  it('leaves a bare number after a word of comparison that names a figure the answer gives with its unit, and that figure', () => {
    const artifact = 'Travel is free within 30 miles, and beyond that it is 60p for each mile over 30. An overnight stay is charged beyond 100 miles.';
    expect(flips(artifact).filter((f) => f.startsWith('30'))).toEqual([]);
    expect(flips(artifact).some((f) => f.startsWith('100'))).toBe(true);
  });
  it('keeps a limit in minutes on the side of the gap between the question’s clock times', () => {
    const artifact = 'As you will be more than 20 minutes late, the manager may move you to the next session.';
    expect(flips(artifact, 'We booked for 2pm but will not arrive until about 2:25pm. What happens?')).toEqual(['20→15']);
    expect(flips(artifact, 'We booked a session. What happens if we are late?')).toEqual(['20→15', '20→30']);
  });
  // unseen32: a 6:30am to 9pm day against "no more than 13 hours", never made 24.
  it('keeps a limit in hours on the side of the gap between the question’s clock times', () => {
    const artifact = 'That day is too long for one driver, who can be on duty for no more than 13 hours in a day.';
    expect(flips(artifact, 'We leave at 6:30am and get back around 9pm. Can one driver do that?')).toEqual(['13→12']);
    expect(flips(artifact, 'Can one driver do a long day?')).toEqual(['13→12', '13→24']);
  });
});

// unseen96's readers: "says the minimum run is 100 copies but then prices a 150-record run".
describe('number-flip, a count of ten or more the answer writes again of another noun', () => {
  const flips = (artifact: string) =>
    [...numberFlip.candidates(textFixture({ artifact, evidence: artifact, task: 'What is your smallest run?' }))].map((c) => `${artifact.slice(c.start, c.end)}→${c.replacement}`);
  it('leaves both mentions of the count, and flips the rest', () => {
    const artifact = 'The smallest run we press is 100 copies. On black vinyl, 100 records cost £1,150.';
    expect(flips(artifact).filter((f) => f.startsWith('100'))).toEqual([]);
    expect(flips(artifact).some((f) => f.startsWith('£1,150'))).toBe(true);
  });
  it('still flips a small count written again by chance, and a count written once', () => {
    expect(flips('The package covers 2 adults and 2 children.').filter((f) => f.startsWith('2'))).not.toEqual([]);
    expect(flips('The smallest run we press is 100 copies, at £1,150.').some((f) => f.startsWith('100'))).toBe(true);
    // unseen26: two measures of different things.
    expect(flips('A tuning costs £95 within 15 miles. A piano more than 15 cents flat needs a pitch raise.').filter((f) => f.startsWith('15'))).not.toEqual([]);
  });
});
