import { describe, expect, it } from 'vitest';
import { refersBack, statesNoClaim } from './discourse.js';

describe('statesNoClaim', () => {
  it.each([
    'Yes.',
    'Sadly, no.',
    'Unfortunately not.',
    'Yes, most likely.',
    'You can, yes.',
    'You should be able to.',
    'Not all of it.',
    'You keep some of it.',
    'Not on her own yet, unfortunately.',
    "I'm afraid not.",
    "I'm sorry, but no.",
    'Sorry, no.',
  ])('reads %j as a reply that states no claim', (sentence) => {
    expect(statesNoClaim(sentence)).toBe(true);
  });

  it.each([
    // A figure, a date or a name is a claim, however short the sentence.
    'Yes, within 14 days.',
    'No, not this April.',
    'Ask the Finance Team.',
    // Two words that carry a claim.
    'Refunds are not allowed.',
    'For now, yes, though the cover is running out.',
    "It isn't too late, but don't leave it much longer.",
    "I'm sorry, the shop is closed.",
    // A review found an apology read as a reply's stance made these no claim.
    'Sorry, it is refundable.',
    'Sorry, that is not allowed.',
  ])('reads %j as a claim', (sentence) => {
    expect(statesNoClaim(sentence)).toBe(false);
  });
});

describe('refersBack', () => {
  it.each([
    ["We'd need to look at the machine to find out which it is.", true],
    ['Either way, the diagnosis costs £20.', true],
    ['Refunds go back to the card with which it was paid.', false],
    ['Diagnosis costs £20.', false],
    // unseen55's readers, of the sentence before left out: "'Once you've done that' points back to a step that isn't there".
    ["Once you've done that, the shop can release the bag to you.", true],
    ['Note that the shop closes at 5pm.', false],
    // A review: a complementizer before a clause of its own.
    ['Please note that, unless agreed, fees apply.', false],
    // unseen39's readers, of the sentence before left out: "'To sign up' has nothing to refer to".
    ["To sign up you'll need a smart meter that records exports.", true],
    ['To apply, send us the form.', true],
    ['To renew your membership, call us.', false],
    // A review: set phrases and a purpose with an object.
    ['To date, we have refunded every claim.', false],
    ['To help us plan, book a week ahead.', false],
    // unseen60's readers, of a sentence added before it: "'that' reads as if it refers to the off-peak plan".
    ["That's a saving of £104.", true],
    ['Yes, that works out cheaper.', true],
    ['That comes to £30 in all.', true],
    ['We confirm that is the price.', false],
    ['A plan that is cheaper is available.', false],
    // A review of the clause omissions: an adverb between "That" and its verb.
    ['That normally takes 2 to 3 weeks.', true],
    ['Plans that normally cost more are cheaper today.', false],
    // unseen84's readers, of the clause before left out: "'by then' points to a deadline the answer never gives".
    ["Places for payments that haven't arrived by then are released.", true],
    ['Until then, your place is held.', true],
    ['Book online, then pay at the desk.', false],
    ['Booking closes on 20 February, or earlier if all 16 places are filled before then.', false],
    ['You have 14 days to pay, and places not paid by then are released.', false],
    ['Pay by noon, and places not paid by then are released.', false],
    // unseen112's readers, of the sentence before left out: "'If that happens' points back to a cancellation the answer never mentions".
    ["If that happens, we'll text you by 08:00 on the day.", true],
    ['If that is all, please book.', true],
    ['Please note that the shop closes at 5pm.', false],
    ['Whichever date you move to, the balance is paid on the day.', true],
    // unseen120's readers, of the denial before it left out: "'either' points back to something else not included".
    ["Lunch isn't included either, so each child brings one.", true],
    ["Lunch isn't included either.", true],
    ['You can pay either online or by phone.', false],
  ])('reads %j as referring back: %s', (sentence, expected) => {
    expect(refersBack(sentence)).toBe(expected);
  });
});
