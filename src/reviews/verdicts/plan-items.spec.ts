import { describe, expect, it } from 'vitest';
import { acceptedIssues, issueAnchors, namedPlanItems } from './accepted-issues.js';

describe('namedPlanItems: the plan items an accepted-issues issue names', () => {
  it.each([
    ['item 5 → gross margin instead of after-tax profit → recompute by hand', [5]],
    ['5 → returns subtracted as a fixed amount → run the test', [5]],
    ['5 -> no sales tax', [5]],
    ['2. Returns are a fixed amount', [2]],
    ['3: empty price crashes', [3]],
    ['[4] no hand-calculated test', [4]],
    ['Plan item 2 is not met: the cap is missing', [2]],
    ['Item #3 fails: `median([])` does not throw', [3]],
    ['Items 2 and 4 are violated', [2, 4]],
    ['items 1, 3 & 5', [1, 3, 5]],
    ['The cap of 5 days is wrong (see item 1)', [1]],
    ['Returns 2.5 for [1, 2, 3, 4]: wrong', []],
    ['The function ignores negatives', []],
  ])('%s', (issue, items) => {
    expect(namedPlanItems(issue)).toEqual(items);
  });

  it('reads the issues of a whole reply', () => {
    const parsed = acceptedIssues.parse('1. item 2 → the even case returns the upper middle → run `median([2, 1])`\n2. 4 → no RangeError for [] → run `median([])`');
    expect(parsed.issues.map(namedPlanItems)).toEqual([[2], [4]]);
  });
});

describe('issueAnchors: how an issue can be verified', () => {
  it.each([
    ['item 2 → the even case returns the upper middle → run `median([2, 1])`', ['plan-item', 'test']],
    ['The cap contradicts handbook-2024', ['evidence']],
    ['The cap contradicts handbook-20245', []],
    ['line 12 divides by the count', ['line']],
    ['L4 returns early', ['line']],
    ['test_empty_input fails', ['test']],
    ['The tone is off and the answer feels incomplete.', []],
    ['Something is wrong with the handbook', []],
  ])('%s', (issue, anchors) => {
    expect(issueAnchors(issue, ['handbook-2024'])).toEqual(anchors);
  });
});
