import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../src/reviews/builtin/evidenceCheck.js';
import { describeTextMutator, keptMutants } from './testing/text-mutator-spec.js';
import { DENOMINATOR_NOT_IN_USE, PERIOD_NOT_IN_USE, RATE_TIMES_COUNT, UNCONVENTIONAL_DAY_COUNT, unitSwap } from './unit-swap.js';

/** Evidence that gives a rate per every period a price may move to. */
const ALL_PERIODS = 'Desks are £9 per hour, £40 per day, £150 per week, £500 per month, £1,400 per quarter or £5,000 per year.';

const reasonOf = (reason: string) => new RegExp(reason.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

describeTextMutator(
  unitSwap,
  [
    { name: 'working days for calendar days in a deadline', artifact: 'Refunds are paid within 7 days.', kept: ['Refunds are paid within 7 working days.'] },
    {
      name: 'calendar days for working days, written as days where the answer never counts calendar days',
      artifact: 'Claims are answered within 10 working days.',
      kept: ['Claims are answered within 10 days.'],
    },
    {
      name: 'calendar days for working days, written either way where the answer counts calendar days too',
      artifact: 'Claims are answered within 10 working days. Once a claim is approved, the money reaches you within 14 calendar days.',
      kept: [
        'Claims are answered within 10 days. Once a claim is approved, the money reaches you within 14 calendar days.',
        'Claims are answered within 10 calendar days. Once a claim is approved, the money reaches you within 14 calendar days.',
      ],
    },
    {
      name: 'business days where the answer calls them so',
      artifact: 'You have 30 days to claim. Reviews take 5 business days.',
      // Not "30 business days": a count working days are not counted in (unseen13's readers).
      kept: ['You have 30 days to claim. Reviews take 5 days.'],
    },
    { name: 'a deadline counted before an event', artifact: 'Cancel at least 10 days beforehand.', kept: ['Cancel at least 10 working days beforehand.'] },
    // unseen74's readers, of "within 3 days ..., can stretch to 5 working days": "the unit mismatch suggests the normal turnaround was changed".
    {
      name: 'neither of two counts a sentence sets side by side in one unit',
      artifact: 'A service takes 3 working days, although in spring that can stretch to 5 working days.',
      kept: [],
    },
    {
      name: 'a count beside another of another unit in its sentence',
      artifact: 'A service takes 3 working days, and the parts can take 2 weeks.',
      kept: ['A service takes 3 days, and the parts can take 2 weeks.'],
    },
    // unseen80's readers, of "7 to 10 days" beside "2 working days" and "14 working days": "every other time is in working days".
    {
      name: 'no working days made calendar days where another sentence counts in working days, but calendar days made working days',
      artifact: 'A service takes 10 working days. Express jobs are done within 2 working days. Collect it within 7 days.',
      kept: ['A service takes 10 working days. Express jobs are done within 2 working days. Collect it within 7 working days.'],
    },
    { name: 'an allowance of leave', artifact: 'Staff may take 5 days of paid leave.', kept: ['Staff may take 5 working days of paid leave.'] },
    { name: 'a number in words', artifact: 'Inspections happen within five working days.', kept: ['Inspections happen within five days.'] },
    { name: 'working hours in a deadline of its own', artifact: 'You get a first response within one hour.', kept: ['You get a first response within one working hour.'] },
    { name: 'working hours of notice', artifact: 'Work may start with as little as 2 hours’ notice.', kept: ['Work may start with as little as 2 working hours’ notice.'] },
    { name: 'an allowance of up to some days', artifact: 'You may ask for one deferral of up to 10 days.', kept: ['You may ask for one deferral of up to 10 working days.'] },
    {
      name: 'a period no date of the answer is worked out from',
      artifact: 'Tell us within 10 days of the notice, which was dated 14 April 2025. The new fee applies from 1 June 2025.',
      kept: ['Tell us within 10 working days of the notice, which was dated 14 April 2025. The new fee applies from 1 June 2025.'],
    },
    // unseen138's readers, of 7 days made working days: "the rule says 7 working days but the reasoning checks against less than a week".
    { name: 'no calendar days the answer states again in weeks', artifact: 'You get a refund if you cancel at least 7 days before, and 8 May is less than a week before your start.', kept: [] },
    {
      name: 'calendar days the answer states in weeks of another length',
      artifact: 'You get a refund if you cancel at least 10 days before, and 8 May is less than a week before your start.',
      kept: ['You get a refund if you cancel at least 10 working days before, and 8 May is less than a week before your start.'],
    },
    // unseen106's readers, of "Within 7 working days" after "Between 8 and 28 days before the booking": "the other bands are calendar days".
    {
      name: 'no band that meets the next one a day on, in another sentence',
      artifact: 'Between 8 and 28 days before the booking, half the fee is refunded. Within 7 days of the booking there is no refund.',
      kept: [],
    },
    // A review: the band rule refused any two periods a day apart, and missed a unit in the singular or after "calendar".
    ...[
      'Between 2 and 7 days before, half is refunded. Within 1 day of the booking there is no refund.',
      'Between 8 and 28 calendar days before, half is refunded. Within 7 days of the booking there is no refund.',
      'Within 7 days of the booking there is no refund. From 8 to 28 days before, half is refunded.',
    ].map((artifact) => ({ name: `no band that meets a range a day on (${artifact.slice(0, 30)}…)`, artifact, kept: [] })),
    {
      name: 'two periods a day apart that are no bands',
      artifact: 'Replacement cards arrive within 5 days. Disputes are answered within 4 days.',
      kept: ['Replacement cards arrive within 5 working days. Disputes are answered within 4 days.'],
    },
    {
      name: 'a range of days whose own ends are a day apart',
      artifact: 'Screen repairs take 1 to 2 working days.',
      kept: ['Screen repairs take 1 to 2 days.'],
    },
    { name: 'percentage points for % in a change', artifact: 'The rate rises by 2%.', kept: ['The rate rises by 2 percentage points.'] },
    { name: '% for percentage points', artifact: 'The rate falls by 3 percentage points.', kept: ['The rate falls by 3%.'] },
    // unseen143's readers, of "prices go up by 5 percentage points": "the wrong unit for a price rise".
    { name: 'no percentage points for a change of a price', artifact: 'Bear in mind that plan prices go up by 5% from 1 April 2026.', kept: [] },
    { name: 'no percentage points for a change of a charge', artifact: 'The £70 charge is reduced by 50% to £35.', kept: [] },
    // A price's period moves only to one the evidence or the question gives a rate per (periodInUse): here it gives every one.
    {
      name: 'the period of a price, to one within its scale',
      artifact: 'The allowance is £50 per month.',
      evidence: `The allowance is £50 per month. ${ALL_PERIODS}`,
      kept: ['The allowance is £50 per week.', 'The allowance is £50 per quarter.'],
    },
    {
      name: 'a quarter for a year after an amount, never a month',
      artifact: 'Relief is capped at £300 a year.',
      evidence: `Relief is capped at £300 a year. ${ALL_PERIODS}`,
      kept: ['Relief is capped at £300 a quarter.'],
    },
    {
      name: 'an add-on priced a month, never a year',
      artifact: 'The 24/7 Access add-on costs $30 a month.',
      evidence: `The 24/7 Access add-on costs $30 a month. ${ALL_PERIODS}`,
      kept: ['The 24/7 Access add-on costs $30 a week.', 'The 24/7 Access add-on costs $30 a quarter.'],
    },
    {
      name: 'the period of a price, only to one the evidence gives another rate per',
      artifact: 'The plan costs $35 a month.',
      evidence: 'The plan costs $35 a month. Lockers are $60 a quarter, and meeting rooms $12 per hour.',
      kept: ['The plan costs $35 a quarter.'],
    },
    { name: 'the period of a price, to one the question prices by', artifact: 'The plan costs $35 a month.', task: 'Can I pay $10 a week instead?', kept: ['The plan costs $35 a week.'] },
    { name: 'what a fee is per, within its family', artifact: 'The fee is €70 per flight.', kept: ['The fee is €70 per passenger.', 'The fee is €70 per booking.'] },
    {
      name: 'no denominator the sentence already names',
      artifact: 'Each passenger may bring one pet, and the fee is €70 per flight.',
      kept: ['Each passenger may bring one pet, and the fee is €70 per booking.'],
    },
    {
      name: 'either of two fees per flight, which may differ in what they are per',
      artifact: 'A bag costs €35 per flight. Overweight bags pay €50 per flight.',
      kept: [
        'A bag costs €35 per passenger. Overweight bags pay €50 per flight.',
        'A bag costs €35 per booking. Overweight bags pay €50 per flight.',
        'A bag costs €35 per flight. Overweight bags pay €50 per passenger.',
        'A bag costs €35 per flight. Overweight bags pay €50 per booking.',
      ],
    },
    {
      name: 'an item for a visit, which the evidence counts',
      artifact: 'Reservations cost 40p per item.',
      evidence: 'Reservations cost 40p per item. Each visit may collect up to 10 items.',
      kept: ['Reservations cost 40p per visit.'],
    },
    {
      // Not for a group: a price per head read per group is a fraction of a group's (unseen42's and unseen43's readers).
      name: 'a player for a booking, which the evidence counts, and not for a group',
      artifact: 'Weekday games are £3 per player cheaper.',
      evidence: 'Weekday games are £3 per player cheaper. Each booking is for one group of 2 to 6 players.',
      kept: ['Weekday games are £3 per booking cheaper.'],
    },
    // The price of a place stays per head (unseen115's readers: "a shared flight priced per booking is odd"; unseen111's: "£175 per booking sits oddly with groups of up to six").
    {
      name: 'a fee per head for a booking',
      artifact: 'Moving to another date costs an amendment fee of £20 per person.',
      evidence: 'Moving to another date costs an amendment fee of £20 per person. Each booking may hold up to 6 people.',
      kept: ['Moving to another date costs an amendment fee of £20 per booking.'],
    },
    {
      name: 'a ticket for a booking',
      artifact: 'An exchange costs £2 per ticket.',
      evidence: 'An exchange costs £2 per ticket, on bookings made online.',
      kept: ['An exchange costs £2 per booking.'],
    },
    { name: 'the article kept in agreement', artifact: 'Reservations cost 40p an item.', evidence: 'Reservations cost 40p an item, on any visit.', kept: ['Reservations cost 40p a visit.'] },
    {
      name: 'a figure whose own clause another supporting sentence states ("... take 2 and 5 working days respectively")',
      artifact: "Our express same-day service is only for Safety Checks and single repairs like a puncture, and it isn't available for a Full Overhaul, which takes 5 working days.",
      evidence:
        'Our express same-day service is available only for Safety Checks and single repairs, such as a puncture or a brake pad swap. Express service is not available for the Standard Service or the Full Overhaul, which take 2 and 5 working days respectively.',
      kept: ["Our express same-day service is only for Safety Checks and single repairs like a puncture, and it isn't available for a Full Overhaul, which takes 5 days."],
    },
    {
      name: 'the period of a cap',
      artifact: 'Work is capped at 8 hours in any calendar month.',
      kept: ['Work is capped at 8 hours in any calendar week.', 'Work is capped at 8 hours in any calendar quarter.', 'Work is capped at 8 hours in any calendar year.'],
    },
  ],
  [
    { name: 'a change of time scale (three months to three weeks)', artifact: 'Bring proof of address dated within the last three months.' },
    { name: 'a price per hour to one per day, 24 times cheaper', artifact: 'Rooms cost £12 an hour.' },
    { name: 'a count of weeks', artifact: 'Staff receive 2 weeks of leave.' },
    { name: 'kg to lb, against metric evidence', artifact: 'Bags may weigh 23 kg.' },
    { name: 'a thousandfold scale: mcg for mg', artifact: 'The dose is 500 mg.' },
    { name: 'a thousandfold scale: mg for g', artifact: 'Take at most 4 g.' },
    { name: 'a thousandfold scale, written as a word', artifact: 'Each tablet holds 5 milligrams.' },
    { name: 'a thousandfold scale: MB or TB for GB ("2 MB" of data a day)', artifact: 'Each plan includes 2 GB of data.' },
    { name: 'a thousandfold scale: GB for TB', artifact: 'Exports of 1 TB are free.' },
    {
      name: 'a period a date of the answer is worked out from (30 working days from 14 April is not 14 May)',
      artifact: 'Tell us within 30 days of the notice, which was dated 14 April 2025, so by 14 May 2025.',
    },
    { name: 'how long a thing lasts, not a deadline ("for 5 days", "after 2 days")', artifact: 'Take it for 5 days. It helps after 2 days.' },
    { name: 'how long a thing lasts, "for up to 5 days"', artifact: 'Use it for up to 5 days.' },
    { name: 'a count of working days no document states ("45 working days")', artifact: 'Data is kept within 45 days.', reason: reasonOf(UNCONVENTIONAL_DAY_COUNT) },
    // unseen13's readers took "if you enrol within 14 working days" for an altered 14 days: working days count 1 to 10, then 15 and 20.
    { name: 'a count of days not conventional in working days ("14 working days")', artifact: 'If you enrol within 14 days, the fee is taken off.', reason: reasonOf(UNCONVENTIONAL_DAY_COUNT) },
    { name: 'a count of working days not conventional in calendar days ("20 days")', artifact: 'Submit the form at least 20 working days before travel.', reason: reasonOf(UNCONVENTIONAL_DAY_COUNT) },
    // A count usual in working days but not where it stands: a wait after a dose is counted in days as a clinician writes it.
    { name: 'a count of days not conventional in calendar days ("at least 4 days" after a dose)', artifact: 'Wait at least 4 days after the last dose.', reason: reasonOf(UNCONVENTIONAL_DAY_COUNT) },
    // unseen13's readers: "£2 per visit per week" beside "3 × £2" for three shirts.
    {
      name: 'what a rate is per, where the answer multiplies it by a count of that thing',
      artifact: 'Storage is £2 per item. For your three shirts that is 3 × £2 = £6.',
      reason: reasonOf(RATE_TIMES_COUNT),
    },
    // unseen14's readers: "€14 per group, so €112 for eight of you": the count is of people the number alone names.
    {
      name: 'what a rate is per, where the answer multiplies it by a bare count ("eight of you")',
      artifact: 'The room fee is €14 per person, so €112 for eight of you.',
      reason: reasonOf(RATE_TIMES_COUNT),
    },
    // unseen117's readers, of "2 working hours either side of high tide": "tides don't follow working hours".
    { name: 'a window either side of a moment, in working time', artifact: 'The ramp can be used within 2 hours either side of high tide.' },
    {
      name: 'the price of a place per head, which never moves to per booking',
      artifact: 'A shared flight costs £189 per person.',
      evidence: 'A shared flight costs £189 per person. Each booking may hold up to 6 people.',
    },
    // The review: "Off-peak" names no discount, and a fee in a later clause prices no place of this one.
    { name: 'an off-peak place per head', artifact: 'Off-peak sessions cost £12 per person.', evidence: 'Off-peak sessions cost £12 per person. Each booking may hold up to 6 people.' },
    {
      name: 'a place per head before a clause with a deposit',
      artifact: 'A session is £44 per person, and a £100 deposit secures the date.',
      evidence: 'A session is £44 per person, and a £100 deposit secures the date. Each booking may hold up to 16 people.',
    },
    { name: 'a hyphenated count ("14-working-day loan")', artifact: 'Each is on a 14-day loan.' },
    { name: 'hours counted from an event', artifact: 'Refunds are possible within 24 hours of departure.' },
    { name: 'a rate whose period another word of the answer names', artifact: 'The plan costs $100 a month or 10% of your monthly usage.' },
    { name: 'a rate whose period the sentence names again', artifact: 'A late book costs 25p for each day, counted from the day after it was due.' },
    { name: 'a currency: one currency per answer', artifact: 'The fee is £1,250.' },
    { name: 'a volume', artifact: 'Tanks under 50 litres are fine.' },
    { name: 'a quantity the answer mentions again', artifact: 'Data stays for 45 days. When the 45 days are up, it goes within 14 days of that, as 14 days is the limit.' },
    { name: 'a rate and a count of its period that interlock', artifact: 'Claim up to €40 a day for at most 5 days.' },
    { name: 'two rates of one period', artifact: 'Storage is $0.10 per month and snapshots $0.05 per month.' },
    { name: 'a period counted per a shorter one', artifact: 'Staff accrue 28 days per year.' },
    { name: '"of each month", not a rate', artifact: 'Rent of £900 is due on the 1st of each month.' },
    { name: '"once a year", no amount', artifact: 'Reviews happen once a year.' },
    { name: 'a percentage that is not a change', artifact: 'Pay is 90% of salary.' },
    { name: 'a bare number', artifact: 'There are 3 steps.' },
    // unseen17's readers: "'$35 a week' is an odd billing period for a business address/mail plan, which is normally priced monthly".
    {
      name: 'the period of a price, to one the evidence gives no rate per',
      artifact: 'With the Business Address plan at $35 a month you can use our address.',
      evidence: 'The Business Address plan costs $35 a month. Mail forwarding is an extra $10 a month plus postage.',
      reason: reasonOf(PERIOD_NOT_IN_USE),
    },
    {
      name: 'air travel\'s things where no one flies (unseen20\'s readers: "2 dogs per passenger makes no sense for a holiday cottage")',
      artifact: 'You can bring a maximum of 2 dogs per booking at Heron Barn.',
      evidence: 'Heron Barn welcomes dogs: a maximum of 2 dogs per booking. Each dog costs £30 per stay.',
      reason: reasonOf(DENOMINATOR_NOT_IN_USE),
    },
    {
      name: 'a thing the evidence never counts (unseen22\'s readers, of a sweep\'s "travel charge per item": "you\'d expect it per visit")',
      artifact: 'The £20 travel charge per visit is for addresses between 15 and 25 miles away.',
      evidence: 'Addresses 15 to 25 miles away pay a £20 travel charge per visit.',
      reason: reasonOf(DENOMINATOR_NOT_IN_USE),
    },
    { name: 'working time where the answer says the service runs around the clock', artifact: 'Support runs around the clock, with a first response within one hour.' },
    // unseen46's readers: "'7 working days' is an odd limit for a court-booking app that takes weekend bookings".
    { name: 'how far ahead one may book ("up to 7 days in advance")', artifact: 'Courts are booked in the app up to 7 days in advance.' },
    { name: 'working time where the answer says the service runs 24 hours a day', artifact: 'The helpline runs 24 hours a day, with a first response within one hour.' },
    {
      name: 'working hours where the question is about a Friday night',
      task: 'My boiler broke down on Friday night. How soon can you come?',
      artifact: 'A visit costs £120, and an engineer aims to reach you within 4 hours.',
    },
    // unseen43's readers: "working hours don't apply to a Saturday-night emergency".
    {
      name: 'working hours where the question is about an emergency on a Saturday night',
      task: 'A branch came through my roof on Saturday night. How much will a call-out cost?',
      artifact: 'A visit costs £220, and the team aims to reach you within 4 hours.',
    },
    {
      name: 'a unit the question frames its case in (unseen15\'s readers: "10 calendar days" beside the question\'s "15 working days")',
      artifact: 'Because you are cancelling more than 10 working days before the move, the deposit is refunded.',
      task: 'The move is 15 working days away. What will I get back?',
    },
    {
      // Its oracle also finds the sum broken; counts a sentence sets side by side in one unit are no candidates since unseen74 (countedBeside).
      name: 'a period a count of days the answer works out rests on ("10 days ... 7 days have passed, so 3 days are left": in working days the count is wrong)',
      artifact: 'You have 10 days to appeal and 7 days have passed, so 3 days are left.',
      task: 'My claim was refused last week. Can I still appeal?',
    },
    // The independent review's: the arithmetic reason reached by a swap that stays a candidate.
    { name: 'a unit the evidence does not state with this number', artifact: 'Refunds are paid within 7 days.', evidence: 'Refunds are paid within 7 working days.', reason: /does not state/ },
    {
      name: 'a swap to a unit the evidence also states with this number',
      artifact: 'Refunds are paid within 7 days.',
      evidence: 'Refunds are paid within 7 days, or 7 working days for cheques.',
      reason: /also states/,
    },
  ],
);

describe('unit-swap, against the evidence-check critic', () => {
  it('is caught wherever its oracle keeps it, and the original is not', () => {
    // Each artifact is its own evidence, with the other rates a price's new period needs (periodInUse).
    for (const [artifact, rates = ''] of [
      ['Refunds are paid within 7 days.'],
      ['Reviews take 5 working days.'],
      ['The dose is 500 mg.'],
      ['The allowance is £50 per month.', ALL_PERIODS],
      ['The rate rises by 2%.'],
      ['The fee is €70 per flight.'],
    ] as const) {
      const text = `${artifact} ${rates}`.trim();
      const evidence = [{ id: 'e', text }];
      for (const mutant of keptMutants(unitSwap, artifact, text)) expect(checkAgainstEvidence({ artifact: mutant, evidence }).length, mutant).toBeGreaterThan(0);
      expect(checkAgainstEvidence({ artifact, evidence })).toEqual([]);
    }
  });
});
