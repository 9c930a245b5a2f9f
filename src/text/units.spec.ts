import { describe, expect, it } from 'vitest';
import { misstatedUnits } from './units.js';

describe('misstatedUnits', () => {
  it.each([
    // unseen41's evidence-check false alarms: the rate prices are quoted by, before amounts with rates of their own.
    {
      claim: 'Our prices are per person for two people sharing, so solo travellers pay a single supplement of £35 a night.',
      support: 'Solo travellers on self-guided tours pay a single supplement of £35 per night.',
      misstated: [],
    },
    { claim: 'Solo travellers pay a single supplement of £35 per person.', support: 'Solo travellers pay a single supplement of £35 per night.', misstated: ['per person'] },
    { claim: 'The supplement is charged per person.', support: 'The supplement of £35 is charged per night.', misstated: ['per person'] },
    // A review: where the support gives a rate of its own, the claim's is read against it.
    { claim: 'Lockers are charged per week, and towels cost £2 a day.', support: 'Lockers are charged per day, and towels cost £2 a day.', misstated: ['per week'] },
  ])('$claim', ({ claim, support, misstated }) => {
    expect(misstatedUnits(claim, support).map((u) => u.text)).toEqual(misstated);
  });
});
