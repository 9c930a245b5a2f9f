import { describe, expect, it } from 'vitest';
import { namedLines, quotes } from './quote.js';

describe('quotes', () => {
  it.each([
    ['the artifact says £1350 a year', '£1,350', true],
    ['The ARTIFACT says   1,350', '£1,350', true],
    ['\u201cShared Parental Leave\u201d is wrong', '"shared parental leave"', true],
    ['the rate is 116%', '16%', false],
    ['the rate is 16%.', '16%', true],
    ['notable', 'not', false],
    ['it is not allowed', 'not', true],
    ['anything', '   ', false],
  ])('%j quotes %j: %s', (haystack, needle, expected) => {
    expect(quotes(haystack, needle)).toBe(expected);
  });
});

describe('namedLines', () => {
  it.each([
    ['line 7 is wrong', [7]],
    ['Lines 3-5 and line 9', [3, 4, 5, 9]],
    ['lines 4 and 6', [4, 6]],
    ['L12: off by one', [12]],
    ['the timeline 2024 is fine', []],
  ])('%j names %j', (reply, lines) => {
    expect([...namedLines(reply)].sort((a, b) => a - b)).toEqual(lines);
  });
});
