import { describe, expect, it } from 'vitest';
import { findPolarities, reversedPolarities } from './polarity.js';

describe('a state a negated modal denies', () => {
  it.each([
    { claim: "The registration fee can't be refunded.", support: 'The registration fee is not refunded in any of these cases.', reversed: [] },
    { claim: 'The registration fee cannot be refunded.', support: 'The registration fee is not refunded in any of these cases.', reversed: [] },
    { claim: "You won't be charged for the first hour.", support: 'The first hour is not charged.', reversed: [] },
    { claim: 'The registration fee can be refunded.', support: 'The registration fee is not refunded in any of these cases.', reversed: ['be refunded'] },
    { claim: "The registration fee can't be refunded.", support: 'The registration fee is refunded in full.', reversed: ["can't be refunded"] },
    { claim: 'The deposit is refundable.', support: 'A non-refundable deposit of 25% secures the date.', reversed: ['is refundable'] },
    // unseen52's false alarms: a state that has ended, and one a subject opened by "no" is denied.
    { claim: 'After the second class, fees can no longer be refunded.', support: 'After the second class, fees are not refundable.', reversed: [] },
    { claim: 'After the second class, fees can no longer be refunded.', support: 'Fees are refunded in full after the second class.', reversed: ['can no longer be refunded'] },
    { claim: 'No smoking or vaping is allowed in any van.', support: 'Smoking and vaping are not permitted in any van.', reversed: [] },
    { claim: 'No smoking is allowed in the vans.', support: 'Smoking is permitted in the vans.', reversed: ['No smoking is allowed'] },
    // unseen83's false alarm: "never" denies a state as "not" does.
    { claim: 'Sprinklers are never permitted.', support: 'Sprinklers are not permitted at any time.', reversed: [] },
    { claim: 'Sprinklers are never permitted.', support: 'Sprinklers are permitted at any time.', reversed: ['are never permitted'] },
    // A review: a "no" inside a clause, or a bound, denies nothing.
    { claim: 'There is no minimum order and delivery is free.', support: 'Delivery is free on every order.', reversed: [] },
    { claim: 'No more than two guests are allowed.', support: 'Up to two guests are allowed.', reversed: [] },
    { claim: "The deposit isn't refundable.", support: 'A non-refundable deposit of 25% secures the date.', reversed: [] },
    { claim: 'A screen is not included.', support: 'The room includes a screen.', reversed: ['is not included'] },
    { claim: 'Buoyancy aids are not free.', support: 'Buoyancy aids come free with every hire.', reversed: ['are not free'] },
    { claim: 'Your bike is covered.', support: "The warranty doesn't cover crash damage.", reversed: ['is covered'] },
    // A review: a requirement after a modal stays one for the critic, and "won't have to" is none.
    { claim: 'Members do not have to pay a £50 deposit.', support: 'Members will have to pay a £50 deposit.', reversed: ['do not have to'] },
    { claim: 'You do not have to book in advance.', support: "You'd have to book in advance.", reversed: ['do not have to'] },
    { claim: 'Members do not have to pay a deposit.', support: "Members won't have to pay a deposit.", reversed: [] },
    { claim: 'Members have to pay a deposit.', support: "Members won't have to pay a deposit.", reversed: ['have to'] },
  ])('$claim against "$support": reverses $reversed', ({ claim, support, reversed }) => {
    expect(reversedPolarities(claim, support).map((p) => p.text)).toEqual(reversed);
  });

  it.each([
    { text: "The fee can't be refunded.", reversal: 'can be refunded' },
    { text: 'It won’t be charged.', reversal: 'will be charged' },
    { text: 'The deposit must not be paid late.', reversal: 'may be paid' },
    { text: 'The pass is non-transferable.', reversal: 'transferable' },
    { text: 'A helmet comes free with every hire.', reversal: 'does not come free' },
    { text: "You'll still be charged for the original number.", reversal: 'not be charged' },
    { text: "You'll still not be charged for the original number.", reversal: 'be charged' },
    // A review: "need not be paid" stays the "need not" rule's ("You need be paid" was written).
    { text: 'The balance need not be paid up front.', reversal: 'must' },
  ])('$text reverses to "$reversal"', ({ text, reversal }) => {
    expect(findPolarities(text).map((p) => p.reversed)).toEqual([reversal]);
  });
});

// unseen39's readers, of "keep the thermal do not cover on": "garbled".
describe('a verb that is also a noun', () => {
  it.each([
    { text: 'Keep the thermal cover on while it warms up.', reversals: [] },
    { text: 'The hire comes with a thermal cover and steps.', reversals: [] },
    { text: 'Put our cover back on after use.', reversals: [] },
    { text: 'Our plans cover accidental damage.', reversals: ['do not cover'] },
    { text: 'The warranty covers parts.', reversals: ['does not cover'] },
    // A review: a capital letter that ends a name, an adjective alone, a verb that is no noun.
    { text: 'Zone A covers central Bristol.', reversals: ['does not cover'] },
    { text: 'Block sessions cancelled late count as used.', reversals: ['do not count'] },
    { text: 'The joining fee of £20 applies to monthly memberships.', reversals: ['does not apply'] },
  ])('$text reverses to $reversals', ({ text, reversals }) => {
    expect(findPolarities(text).map((p) => p.reversed)).toEqual(reversals);
  });
});
