import { describe, expect, it } from 'vitest';
import { asksOf, givesWh, onlyAnswerToWh, whKindOf } from './whAsks.js';

describe('whKindOf', () => {
  it.each([
    ['who should I speak to?', 'who'],
    ['to whom do I write?', 'who'],
    ['when do entries close?', 'when'],
    ['where do I take it?', 'where'],
    ['how much do I pay up front?', 'how much'],
    ['how many lessons are left?', 'how many'],
    ['how long does it take?', 'how long'],
    ['what will I need to sort out myself?', 'what to do'],
    ['What do we have to do before the first visit?', 'what to do'],
    ["What's included in the price?", undefined],
    ['What happens if we need to cancel?', undefined],
    ['What options do we have?', undefined],
    ['Can you fix it', undefined],
    ["what's the latest I can book?", 'by when'],
    ['What is the deadline for entries?', 'by when'],
    ["What's the latest model?", undefined],
    ['What happens when I cancel?', undefined],
    // unseen95's readers: an ask set on the answer to the one before it.
    ['If not, where else can I go?', 'where'],
    ['Otherwise, who do I ask?', 'who'],
  ])('reads %s as %s', (ask, kind) => {
    expect(whKindOf(ask)).toBe(kind);
  });
});

describe('asksOf', () => {
  it.each([
    ['How much is it, and when do I pay?', ['How much is it', 'when do I pay?']],
    // unseen128's readers, of the only date left out: "the question asks by when, but the answer never gives the due date".
    ['How much is left to pay, and by when?', ['How much is left to pay', 'by when?']],
    ['Can I pay by card and by cheque?', ['Can I pay by card and by cheque?']],
    ['Can you hold it, and for how long?', ['Can you hold it', 'for how long?']],
    ['Is there parking, and to whom do I give the permit?', ['Is there parking', 'to whom do I give the permit?']],
  ])('splits %s into its asks', (task, asks) => {
    expect(asksOf(task)).toEqual(asks);
  });
});

describe('givesWh and onlyAnswerToWh', () => {
  // unseen87's readers, of the cut-off left out: "the question asks for the latest booking time, but the answer never gives it".
  it('reads a time with a word of a limit for "by when", not office hours beside it', () => {
    expect(givesWh('The final cut-off is 3pm on the working day beforehand.', 'by when')).toBe(true);
    expect(givesWh('The booking office takes calls between 9am and 4pm.', 'by when')).toBe(false);
    const sentences = ['You can book up to 14 days ahead, and the final cut-off is 3pm the day before.', 'The office takes calls between 9am and 4pm.'];
    expect(onlyAnswerToWh(["what's the latest I can book?"], sentences, 0)).toEqual({ ask: "what's the latest I can book?", kind: 'by when' });
    expect(onlyAnswerToWh(['when does the office open?'], sentences, 0)).toBeUndefined();
  });

  it('reads a name for "who", a date or time for "when", a period for "how long"', () => {
    expect(givesWh('Ask for Priya Shah, our shop manager.', 'who')).toBe(true);
    expect(givesWh('Bring the coat back with your receipt.', 'who')).toBe(false);
    expect(givesWh('Entries close on 14 February.', 'when')).toBe(true);
    expect(givesWh('It runs on Saturdays at 9:30am.', 'when')).toBe(true);
    expect(givesWh('The whole process takes about three weeks.', 'how long')).toBe(true);
    expect(givesWh('The whole process is hand-finished.', 'how long')).toBe(false);
    expect(givesWh("Foundations are not included, so you'll need to arrange those yourself.", 'what to do')).toBe(true);
    expect(givesWh('The kit includes the timber frame and the windows.', 'what to do')).toBe(false);
    // unseen27: "If you need a new key, ..." supposes a case; it tells the asker nothing they must show.
    expect(givesWh('If you need a new key, transponder keys are cut on site from £180.', 'what to do')).toBe(false);
    expect(givesWh('You have a 14-day cooling-off period.', 'what to do')).toBe(false);
    // unseen61's readers, of it left out for "what do I need to show to get it?": "the answer never says what to show".
    expect(givesWh("To get the discount, you'll need proof of address, such as a council tax bill.", 'what to do')).toBe(true);
    expect(givesWh('You need not book ahead.', 'what to do')).toBe(false);
  });

  // unseen14's readers: "how many photos would we get?" with the sentence giving "twenty edited images" deleted, while
  // "extra edited images are $18 each" stayed: a price answers "how much", not "how many".
  it('reads a count, in digits or words, for "how many", and not a price', () => {
    expect(givesWh('The session comes with twenty edited images.', 'how many')).toBe(true);
    expect(givesWh('You get 20 edited images.', 'how many')).toBe(true);
    expect(givesWh('Extra edited images are $18 each.', 'how many')).toBe(false);
    expect(givesWh('Extra edited images are $18 each.', 'how much')).toBe(true);
    const sentences = ['Newborn sessions are on weekday mornings.', 'The session costs $380 and comes with twenty edited images.', 'Extra edited images are $18 each.'];
    expect(onlyAnswerToWh(['Can I book a Saturday?', 'how many photos would we get?'], sentences, 1)).toEqual({ ask: 'how many photos would we get?', kind: 'how many' });
  });

  it('finds the sentence that alone answers a wh-ask in kind, and none where two do', () => {
    const asks = ['Can you fix it', 'who should I speak to?'];
    expect(onlyAnswerToWh(asks, ['Yes, we can.', 'Ask for Priya Shah.'], 1)).toEqual({ ask: 'who should I speak to?', kind: 'who' });
    expect(onlyAnswerToWh(asks, ['Yes, Priya Shah can.', 'Ask for Priya Shah.'], 1)).toBeUndefined();
    expect(onlyAnswerToWh(asks, ['Yes, we can.', 'Ask for Priya Shah.'], 0)).toBeUndefined();
  });

  // unseen129's and unseen126's readers, of the delivery slot and the instalments' due dates left out.
  it('of several sentences that give a "when", reads the only one with a time of day, or else the only one with a dated limit', () => {
    const sauna = ['Weekend hire lasts from Friday afternoon until Monday morning.', 'Callum delivers between 2pm and 5pm on the Friday.'];
    const saunaAsks = ['What do I get for a weekend hire', 'when will it arrive?'];
    expect(onlyAnswerToWh(saunaAsks, sauna, 1)).toEqual({ ask: 'when will it arrive?', kind: 'when' });
    expect(onlyAnswerToWh(saunaAsks, sauna, 0)).toBeUndefined();
    const contract = ['The contract costs £320 and runs from 1 November to 31 March.', 'It is paid in two instalments of £160, the first due by 1 November and the second by 1 January.'];
    const contractAsks = ['How much is your contract', 'when do I have to pay for it?'];
    expect(onlyAnswerToWh(contractAsks, contract, 1)).toEqual({ ask: 'when do I have to pay for it?', kind: 'when' });
    // The review: of two that give a "when", the one with a word of the ask answers it, though the other gives a time of day.
    const course = ['It starts on 14 April.', 'Evening sessions run from 7pm to 9pm.'];
    const courseAsks = ['Where is the course held', 'when does it start?'];
    expect(onlyAnswerToWh(courseAsks, course, 0)).toEqual({ ask: 'when does it start?', kind: 'when' });
    expect(onlyAnswerToWh(courseAsks, course, 1)).toBeUndefined();
    // Two that give times of day, or two dated limits: neither alone answers it.
    expect(onlyAnswerToWh(saunaAsks, ['Hire runs from 4pm on Friday.', 'Callum delivers between 2pm and 5pm on the Friday.'], 1)).toBeUndefined();
    expect(onlyAnswerToWh(contractAsks, ['The contract is due by 1 October.', 'The second half is due by 1 January.'], 1)).toBeUndefined();
  });

  // unseen95's readers, of the other site left out ("the answer never says where else to go") and of the express price left out
  // ("the question also asks how much more delivery within the hour would cost").
  it('reads "where else" as a place the question does not name, and of several figures the one that repeats a phrase of the ask', () => {
    const tip = ['No, Ridgeway Road recycling centre is closed every Wednesday.', 'Furnace Lane is open every day.', 'Arrive by 3:45pm.'];
    const tipAsks = ['Is the Ridgeway Road tip open on a Wednesday?', 'If not, where else can I go?'];
    expect(onlyAnswerToWh(tipAsks, tip, 1)).toEqual({ ask: 'If not, where else can I go?', kind: 'where' });
    expect(onlyAnswerToWh(['Is the Ridgeway Road tip open on a Wednesday?', 'If not, where can I go?'], tip, 1)).toBeUndefined();
    // The second review: weekdays in the plural name no other place.
    const plural = ['No, Ridgeway Road recycling centre is closed on Wednesdays and Sundays.', 'Furnace Lane is open every day.'];
    expect(onlyAnswerToWh(tipAsks, plural, 1)).toEqual({ ask: 'If not, where else can I go?', kind: 'where' });
    const courier = ['A standard delivery costs £12; we collect within 2 hours.', "For delivery within the hour you'd need express, at £22."];
    const courierAsks = ['What will that cost', 'how much more would it be to get it there within the hour?'];
    expect(onlyAnswerToWh(courierAsks, courier, 1)).toEqual({ ask: courierAsks[1], kind: 'how much' });
    expect(onlyAnswerToWh(courierAsks, courier, 0)).toBeUndefined();
  });
});
