import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { loadFixtures } from '../../fixtures/load.js';
import type { TextFixture } from '../../fixtures/types.js';
import { checkAgainstEvidence } from './evidenceCheck.js';

const findings = (task: string, evidence: string[], artifact: string) => checkAgainstEvidence({ task, artifact, evidence: evidence.map((text, i) => ({ id: `e${i}`, text })) }).map((f) => f.problem);

const cables = [
  'The Standard Service costs €75 and adds wheel truing and cable lubrication.',
  'The Full Overhaul costs €140: we fit new gear and brake cables and housing, with those parts included.',
  'Replacing gear and brake cables and housing can be added to a Standard Service for a fitting charge of €25.',
  'The parts are extra: a Shimano cable set costs €18 and a Jagwire Pro set costs €34.',
];
const storage = ['We keep every cleaned item free of charge for 28 days.', 'From the 29th day a storage fee of £2 per item per week is added to your bill.'];
/** unseen111's aftercare page. */
const tattooAftercare =
  'Leave the wrapping on for 2 to 4 hours, then wash the tattoo gently with warm water and unscented soap. Apply a thin layer of the aftercare balm we provide two or three times a day. Avoid swimming, baths, saunas and sunbeds for 2 weeks. Most tattoos take about 4 weeks to heal fully on the surface.';
/** unseen114's collection page. */
const workshopDays = [
  'Repaired watches are returned by Royal Mail Special Delivery, insured, for £18.',
  'Items can also be collected from the workshop, Tuesday to Saturday, 9:30am to 5pm.',
  'We are closed on Sundays and Mondays.',
];
const pottery = ['Studio membership costs £72 a month, with a minimum term of 3 months.', 'Members can book up to 3 open-studio sessions a week, each lasting 3 hours.'];
const storageTask = 'I dropped off three shirts five weeks ago. Will I have to pay anything extra?';

/**
 * Correct answers written in the words people use, which the support
 * analysis reads as the evidence says them (docs/fixtures.md), and the same
 * answers with a figure or word that is wrong, which it must still flag.
 */
describe('evidence-check on answers in their own words', () => {
  it.each([
    {
      name: 'a fitting charge said as "to fit the cables"',
      task: 'Would a Standard Service with new cables be cheaper than the Full Overhaul?',
      evidence: cables,
      artifact: 'A Standard Service with new cables would cost €75, plus €25 to fit the cables and €18 for the Shimano cable set, so €118 altogether.',
      flagged: false,
    },
    {
      name: 'a wrong fitting charge',
      task: 'Would a Standard Service with new cables be cheaper than the Full Overhaul?',
      evidence: cables,
      artifact: 'A Standard Service with new cables would cost €75, plus €20 to fit the cables and €18 for the Shimano cable set, so €113 altogether.',
      flagged: true,
    },
    {
      name: 'an equation of the answer’s own, with the question’s count',
      task: storageTask,
      evidence: storage,
      artifact: 'Five weeks is one week past the free period, so for your three shirts that is 3 × £2 = £6 on top of the cleaning cost.',
      flagged: false,
    },
    {
      name: 'an equation that does not hold',
      task: storageTask,
      evidence: storage,
      artifact: 'Five weeks is one week past the free period, so for your three shirts that is 3 × £2 = £8 on top of the cleaning cost.',
      flagged: true,
    },
    {
      name: 'an equation on a rate the evidence does not give',
      task: storageTask,
      evidence: storage,
      artifact: 'Five weeks is one week past the free period, so for your three shirts that is 3 × £3 = £9 on top of the cleaning cost.',
      flagged: true,
    },
    {
      name: 'an age range in other words',
      task: 'My son is four. Can he join a class?',
      evidence: ['Little Notes is a group music class for children aged three to five, held on Saturdays at 9:30am, at $18 per session.'],
      artifact: 'He could join Little Notes, our group class for three- to five-year-olds, which runs on Saturdays at 9:30am and costs $18 per session.',
      flagged: false,
    },
    {
      name: 'an age range with another top',
      task: 'My son is four. Can he join a class?',
      evidence: ['Little Notes is a group music class for children aged three to five, held on Saturdays at 9:30am, at $18 per session.'],
      artifact: 'He could join Little Notes, our group class for three- to seven-year-olds, which runs on Saturdays at 9:30am and costs $18 per session.',
      flagged: true,
    },
    {
      name: 'a "not yet" before the time the evidence’s rule starts',
      task: "I joined six weeks ago and I've hurt my knee. Can I cancel my membership?",
      evidence: ['Membership has a minimum term of 3 months.', "After the minimum term, members can cancel by giving one calendar month's notice."],
      artifact: "Membership has a minimum term of 3 months, so you can't cancel just yet; after the minimum term you can cancel by giving one calendar month's notice.",
      flagged: false,
    },
    {
      name: 'a reversal of the rule after that time',
      task: "I joined six weeks ago and I've hurt my knee. Can I cancel my membership?",
      evidence: ['Membership has a minimum term of 3 months.', "After the minimum term, members can cancel by giving one calendar month's notice."],
      artifact: "Membership has a minimum term of 3 months; after the minimum term you can't cancel, even by giving one calendar month's notice.",
      flagged: true,
    },
    // unseen63's false alarm: "not ... until" for what "must" come "before".
    {
      name: 'what must come first, as the condition the other sign lasts until',
      task: 'I uploaded my files last week. Can I order copies now?',
      evidence: ['You must approve a proof before your title can be ordered.'],
      artifact: "Your title can't be ordered until you've approved a proof.",
      flagged: false,
    },
    {
      name: 'a "not ... until" of another event than what must come first',
      task: 'I uploaded my files last week. Can I order copies now?',
      evidence: ['You must approve a proof before your title can be ordered.'],
      artifact: "Your title can't be ordered until the end of the month.",
      flagged: true,
    },
    {
      name: 'advice to keep clear of a case the evidence only supposes',
      task: 'I have a Full Valet booked for tomorrow morning. What happens if I keep it?',
      evidence: ['If the car is not available when the valeter arrives, we will wait 20 minutes before treating the booking as a late cancellation.'],
      artifact: 'If you keep the booking, make sure the car is available, as the valeter will wait 20 minutes before treating it as a late cancellation.',
      flagged: false,
    },
    {
      name: 'the supposed case reversed',
      task: 'I have a Full Valet booked for tomorrow morning. What happens if I keep it?',
      evidence: ['If the car is not available when the valeter arrives, we will wait 20 minutes before treating the booking as a late cancellation.'],
      artifact: 'If the car is available when the valeter arrives, they will wait 20 minutes before treating the booking as a late cancellation.',
      flagged: true,
    },
    {
      name: 'a reversal of the modal rule a condition without its comma runs into',
      task: 'Can I park on site?',
      evidence: ['If you arrive early you can park on site.'],
      artifact: 'You cannot park on site.',
      flagged: true,
    },
    {
      name: 'a "not yet" against a rule that holds "once a year", no time it starts at',
      task: 'Can I freeze my membership?',
      evidence: ['Members can freeze their membership once a year.'],
      artifact: "You can't freeze your membership yet.",
      flagged: true,
    },
    {
      name: 'a range restated without the "within" before it',
      task: 'How long does a wool carpet take to dry?',
      evidence: ['Most synthetic carpets are dry within 4 to 6 hours of cleaning, but wool carpets and thick rugs can take up to 12 hours.'],
      artifact: 'Wool carpets can take up to 12 hours to dry, compared with 4 to 6 hours for most synthetic carpets.',
      flagged: false,
    },
    {
      name: 'another range without the "within"',
      task: 'How long does a wool carpet take to dry?',
      evidence: ['Most synthetic carpets are dry within 4 to 6 hours of cleaning, but wool carpets and thick rugs can take up to 12 hours.'],
      artifact: 'Wool carpets can take up to 12 hours to dry, compared with 3 to 6 hours for most synthetic carpets.',
      flagged: true,
    },
    {
      name: 'a squad named in the plural by its last age band',
      task: 'My son plays for the Under-14s. Can he go to the trials?',
      evidence: ['Places in the Under-13 to Under-16 development squads are offered through trials held on Saturday 13 June 2026 at Highfield Sports Centre.'],
      artifact: 'Yes: places in the squads from the Under-13s to the Under-16s are offered through trials on Saturday 13 June 2026 at Highfield Sports Centre.',
      flagged: false,
    },
    {
      name: 'a lower bound the claim restates as "more than"',
      task: 'My session is five days away. Can I move it instead of cancelling?',
      evidence: ['Each booking can be moved once free of charge if you ask at least 72 hours in advance.'],
      artifact: "Since you're more than 72 hours away, you can move the booking once free of charge.",
      flagged: false,
    },
    {
      name: 'the lower bound dropped',
      task: 'My session is five days away. Can I move it instead of cancelling?',
      evidence: ['Each booking can be moved once free of charge if you ask at least 72 hours in advance.'],
      artifact: 'You can move the booking once free of charge if you ask 72 hours in advance.',
      flagged: true,
    },
    // unseen95's false alarm: a claim that joins two sentences, a number's unit from the one that is not the best support.
    {
      name: 'a unit the other sentence the claim joins gives',
      task: 'What does membership include?',
      evidence: pottery,
      artifact: 'Membership is £72 a month with a minimum term of 3 months, and it lets you book up to 3 open-studio sessions a week, each lasting 3 hours.',
      flagged: false,
    },
    {
      name: 'a unit neither sentence gives that number',
      task: 'What does membership include?',
      evidence: pottery,
      artifact: 'Membership is £72 a month with a minimum term of 3 weeks, and it lets you book up to 3 open-studio sessions a week, each lasting 3 hours.',
      flagged: true,
    },
    // A review of that reading: the other sentence's unit only in a clause that sentence says.
    {
      name: 'a unit of the other sentence in a clause the supporting one says',
      task: 'What does membership include?',
      evidence: pottery,
      artifact: 'Members can book up to 3 open-studio sessions a week, each lasting 3 months.',
      flagged: true,
    },
    {
      name: 'a unit of the other sentence in a clause of its own sentence',
      task: 'What does membership include?',
      evidence: pottery,
      artifact: 'Studio membership costs £72 a month, with a minimum term of 3 hours.',
      flagged: true,
    },
    // unseen111's false alarm: a period the question's case measures, in a unit the evidence gives a like number otherwise.
    {
      name: 'a period the question and a stated period work out, beside "4 hours" in the evidence',
      task: "I'm going on holiday 10 days after my tattoo appointment. When will I be able to go swimming?",
      evidence: [tattooAftercare],
      artifact:
        "You'll need to avoid swimming for 2 weeks after your tattoo, so you'd have to stay out of the water for the first 4 days of your holiday. The same 2-week rule applies to baths, saunas and sunbeds.",
      flagged: false,
    },
    {
      name: 'a period no case works out, in a unit the evidence does not give its number',
      task: "I'm going on holiday 10 days after my tattoo appointment. When will I be able to go swimming?",
      evidence: [tattooAftercare],
      artifact: "You'll need to avoid swimming for 2 weeks after your tattoo, and leave the wrapping on for 4 days.",
      flagged: true,
    },
    // unseen114's false alarm: a claim that joins a sentence of opening days, which shares one ordinary word and names its days.
    {
      name: 'days closed, from the sentence the claim joins that names them',
      task: 'Does Ashgrove still have my clock?',
      evidence: workshopDays,
      artifact: "You can collect the clock from the workshop Tuesday to Saturday, 9:30am to 5pm; we're closed on Sundays and Mondays.",
      flagged: false,
    },
    {
      name: 'a day closed that neither sentence gives',
      task: 'Does Ashgrove still have my clock?',
      evidence: workshopDays,
      artifact: "You can collect the clock from the workshop Tuesday to Saturday, 9:30am to 5pm; we're closed on Sundays and Fridays.",
      flagged: true,
    },
    {
      name: 'not a sentence of another day, that names a day the claim does not',
      task: 'Who can collect my daughter?',
      evidence: ['Campers are collected on the final Saturday between 10am and 12 noon.', 'A coach leaves on the first Sunday at 11am and returns by 3pm on the final Saturday.'],
      artifact: 'Collection is on the final Saturday between 11am and 12 noon.',
      flagged: true,
    },
    // unseen112's false alarm: a period the question gives as the time to its case, restated.
    {
      name: 'a period the question gives as the time to its case ("5 days away")',
      task: 'We have to cancel. The trek is 5 days away. How much will we get back?',
      evidence: ['Cancellations made 2 to 6 days before the trek receive a 50% refund.'],
      artifact: "Because you're cancelling 5 days before the trek, you'll receive a 50% refund.",
      flagged: false,
    },
    {
      name: 'not another period the question gives ("ten minutes late")',
      task: "We'll be about ten minutes late for our 6:30pm game. What happens?",
      evidence: ['Please arrive 15 minutes before your start time.'],
      artifact: 'Please arrive 10 minutes before your start time.',
      flagged: true,
    },
    // unseen112's false alarm: a clause of no ordinary word the evidence says, read with the sentence that names its other date.
    {
      name: 'a closed season, from the sentence that names its other month',
      task: "We're visiting in mid-November. Can we do the Fell Trek then?",
      evidence: ['Treks run from 1 March to 31 October. The Fell Trek leaves at 10:30 on Sundays. From November to February there are no treks, but Meet the Herd runs on Saturdays.'],
      artifact: 'Treks run from 1 March to 31 October, and there are none from November to February.',
      flagged: false,
    },
    {
      name: 'an open season where the sentence that names its other month closes it (the review)',
      task: "We're visiting in mid-November. Can we do the Fell Trek then?",
      evidence: ['Treks run from 1 March to 31 October. The Fell Trek leaves at 10:30 on Sundays. From November to February there are no treks, but Meet the Herd runs on Saturdays.'],
      artifact: 'Treks run from 1 March to 31 October, and there are some from November to February.',
      flagged: true,
    },
    {
      name: 'a closed season that no sentence gives',
      task: "We're visiting in mid-November. Can we do the Fell Trek then?",
      evidence: ['Treks run from 1 March to 31 October. The Fell Trek leaves at 10:30 on Sundays. From November to February there are no treks, but Meet the Herd runs on Saturdays.'],
      artifact: 'Treks run from 1 March to 31 October, and there are none from November to January.',
      flagged: true,
    },
    // unseen118's false alarm: a modal that ends its clause answers the question's verb, not the next clause's.
    {
      name: 'a modal that ends its clause, beside a denial of another verb',
      task: 'My daughter is 17. Can she volunteer at the cinema?',
      evidence: ['Volunteers must be at least 16 years old, and volunteers under 18 cannot work behind the bar.'],
      artifact: "Yes, volunteers need to be at least 16, so she can, although volunteers under 18 can't work behind the bar.",
      flagged: false,
    },
    {
      name: 'a modal before words set off by commas, of the denied verb (the review)',
      task: 'Can we bring food?',
      evidence: ['Guests cannot bring their own food into the hall.'],
      artifact: 'Guests can, of course, bring their own food into the hall.',
      flagged: true,
    },
    {
      name: 'a modal of the denied verb',
      task: 'My daughter is 17. Can she volunteer at the cinema?',
      evidence: ['Volunteers must be at least 16 years old, and volunteers under 18 cannot work behind the bar.'],
      artifact: 'Yes, volunteers need to be at least 16, and volunteers under 18 can work behind the bar.',
      flagged: true,
    },
    // unseen118's false alarms: a claim that says the other clause of a sentence whose first clause has the "once".
    {
      name: "the clause after a qualifier's, in its own words",
      task: 'We need to cancel our move, which is 10 days away. Will we lose our deposit?',
      evidence: ["You may postpone once free of charge if you give us more than 14 days' notice, and postponements with 14 days' notice or less are treated as cancellations."],
      artifact: "Postponing won't avoid this now, because a postponement with 14 days' notice or less is treated as a cancellation.",
      flagged: false,
    },
    {
      name: "the qualifier's own clause without it",
      task: 'Can we postpone our move?',
      evidence: ["You may postpone once free of charge if you give us more than 14 days' notice, and postponements with 14 days' notice or less are treated as cancellations."],
      artifact: "You can postpone free of charge if you give us more than 14 days' notice.",
      flagged: true,
    },
    {
      name: "the qualifier's term granted in a clause of its own, beside the other clause (the review)",
      task: 'Can we postpone our move?',
      evidence: ["You may postpone once free of charge if you give us more than 14 days' notice, and postponements with 14 days' notice or less are treated as cancellations."],
      artifact: "You can postpone as often as you like, but postponements with 14 days' notice or less are treated as cancellations.",
      flagged: true,
    },
    {
      name: "a claim that joins the qualifier's clause to the other, saying words only the qualifier's clause says",
      task: 'Can we postpone?',
      evidence: ["You may postpone once free of charge if you give us more than 14 days' notice, and postponements with less notice cost £50."],
      artifact: "A postponement is free of charge with more than 14 days' notice and costs £50 with less.",
      flagged: true,
    },
    {
      name: "the qualifier's own clause without it, beside the subject of the clause before",
      task: 'Can you clear my gutters in November?',
      evidence: ['Gutter clearing costs £60 for a terraced house and £85 for a detached house, and is only carried out between April and October.'],
      artifact: 'Gutter clearing is carried out between April and October.',
      flagged: true,
    },
    // The review: a weekday joined to a common word stays a name the evidence must state, so another part of the day is caught.
    {
      name: 'a weekday joined to another part of the day',
      task: 'Can I join the hive-share?',
      evidence: ['Every hive-sharer must attend at least 10 of the weekly Sunday-afternoon inspections during the season.'],
      artifact: 'You would need to attend at least 10 of the weekly Sunday-morning inspections.',
      flagged: true,
    },
    // unseen95's false alarm: hours between two times of day, one of them said as a word.
    {
      name: 'hours worked out from "noon" and a clock time',
      task: 'Could we return the van at noon instead of 10am? What would that cost?',
      evidence: ['Vans must be returned by 10am on the last day.', 'Late returns are charged at £30 for each hour or part hour, up to 3 hours.'],
      artifact: "Noon is 2 hours after the 10am return time, and late returns cost £30 for each hour or part hour, so you'd pay £60 (2 × £30).",
      flagged: false,
    },
    {
      name: '"midday" as a word of a noun phrase, no time of day',
      task: 'When is lunch?',
      evidence: ['Lunch is served from 12:30pm in the main hall.'],
      artifact: 'The midday meal is served from 12:30pm in the main hall.',
      flagged: false,
    },
    {
      name: 'hours that "noon" and a clock time do not make',
      task: 'Could we return the van at noon instead of 10am? What would that cost?',
      evidence: ['Vans must be returned by 10am on the last day.', 'Late returns are charged at £30 for each hour or part hour, up to 3 hours.'],
      artifact: "Noon is 3 hours after the 10am return time, and late returns cost £30 for each hour or part hour, so you'd pay £90 (3 × £30).",
      flagged: true,
    },
  ])('$name: flagged $flagged', ({ task, evidence, artifact, flagged }) => {
    expect(findings(task, evidence, artifact).length > 0).toBe(flagged);
  });
});

describe('evidence-check on a figure the answer refers back to', () => {
  // unseen83's false alarm: "Once your 8 hours are used up" refers back to the 8 hours the answer's first sentence gives.
  const [fixture] = loadFixtures([resolve(import.meta.dirname, '../../../fixtures/unseen83/coworking.yaml')], resolve(import.meta.dirname, '../../..')).filter(
    (f): f is TextFixture => f.id === 'cowork-meeting-room-credits',
  );
  it.each([
    ['as the answer gives it', (a: string) => a, []],
    ['a figure the answer never gave', (a: string) => a.replace('Once your 8 hours', 'Once your 9 hours'), [expect.stringMatching(/"9" is not what the evidence says/)]],
  ])('%s', (_, edit, problems) => {
    expect(checkAgainstEvidence({ task: fixture!.task, artifact: edit(fixture!.artifact), evidence: fixture!.evidence }).map((f) => f.problem)).toEqual(problems);
  });
});
