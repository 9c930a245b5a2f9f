import { describe, expect, it } from 'vitest';
import { ageNeighbours, isAge } from './ages.js';

/** Whether the first occurrence of `figure` in `text` reads as an age. */
const ageAt = (text: string, figure: string) => {
  const start = text.indexOf(figure);
  return isAge(text, start, start + figure.length);
};

describe('isAge', () => {
  it.each([
    ['after "aged"', 'Children aged 12 and under travel free.', '12'],
    ['before "or over", in a text about people by age', 'Borrowing is free, but you need to be 18 or over and an adult member.', '18'],
    ['after "under", in a text about ages', 'Riders under 16 must wear a helmet; children ride with an adult.', '16'],
    ['before "years old"', 'You must be 21 years old to hire a car.', '21'],
    ['joined to "over-"', 'The over-60 rate is £5.', '60'],
    ['before "+"', 'Seniors 65+ pay half.', '65'],
    ['said of a person, in a text that names no age', 'Borrowing is free, but you need to be 18 or over and have a card.', '18'],
    ['said of the asker', "I'm 23. Can I hire a van?", '23'],
    ['as the upper bound of an age range', 'The plan costs £12.50 a month for each child aged 0 to 18.', '18'],
    ['as the upper bound of an age range with a dash', 'Juniors (ages 5-11) swim free.', '11'],
    // unseen47's readers, of "under 16" made 15 and 17: "UK safeguarding rules usually use under 16 or under 18".
    ['after people named by it ("pupils under 16")', 'Yes, for pupils under 16 a parent has to be at home for the whole lesson.', '16'],
    // unseen113's readers, of "an adult over 18" made 20: "an odd age limit; an adult would normally be 18 or over".
    ['after an adult named by it ("an adult over 18")', 'An adult over 18 also needs to be on site for the whole booking.', '18'],
    ['after someone named by it ("someone over 18")', 'The studio can be booked by someone over 18 also.', '18'],
  ])('reads an age %s', (_, text, figure) => {
    expect(ageAt(text, figure)).toBe(true);
  });

  it.each([
    ['a weight', 'Bags under 23 kg travel free; children have no allowance.', '23'],
    // The review: a height in feet after "someone over".
    ['a height in feet', 'Someone over 6 foot may find the cab cramped.', '6'],
    ['an amount', 'Orders of £30 or over are delivered free to adults.', '30'],
    ['a count of a noun', 'Groups of 10 or more people, adults or children, book ahead.', '10'],
    ['a bare threshold in a text that speaks of no ages', 'Scores of 18 or over pass.', '18'],
    ['a price a thing is said to be', 'The fee will be 18 euros.', '18'],
    ['a measure after people named by a bound', 'Riders over 100 kg must use the larger horses.', '100'],
  ])('reads no age in %s', (_, text, figure) => {
    expect(ageAt(text, figure)).toBe(false);
  });
});

describe('ageNeighbours', () => {
  it.each([
    // The age of majority stays (unseen40's readers, of 21 and 16 for an adult's age: "normally 18+").
    [18, []],
    [16, [14, 18]],
    // Not to 60: a driver who "must be 25 or over" made "60 or over" is another stage of life (unseen20's readers).
    [25, [21]],
    [60, [65]],
    [19, [18, 21]],
    [5, [12]],
  ])('moves %d to the usual ages beside it, at most ten years away', (value, expected) => {
    expect(ageNeighbours(value)).toEqual(expected);
  });

  it.each([
    // unseen49's readers, of "an adult aged 14 or over": "contradicts itself".
    ['Under-12s must be with an adult aged ', 16, [18]],
    ['accompanied by adults over ', 16, [18]],
    ['Children aged ', 16, [14, 18]],
    ['an adult aged over ', 16, [18]],
    ['an adult (aged ', 16, [18]],
    ['adults over the age of ', 16, [18]],
    ['an adult who is at least ', 16, [18]],
    ['For adults and adolescents aged ', 16, [14, 18]],
    ['An adult must stay with children under ', 12, [5, 13]],
  ])('after "%s", moves %d only to an adult\'s age where the words name an adult', (before, value, expected) => {
    expect(ageNeighbours(value, { text: `${before}${value} or over.`, start: before.length })).toEqual(expected);
  });
});
