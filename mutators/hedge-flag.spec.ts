import { HEDGED, hedgeFlag } from './hedge-flag.js';
import { describeReviewMutator, reviewFixture } from './testing/review-mutator-spec.js';

const leave = { quote: 'Staff get 25 days of leave.', says: 'it says "25" where the evidence says "28".' };
const line = { line: 3, quote: 'return a - b;', says: '`a - b` is a bug here; it should be `a + b`.' };

describeReviewMutator(hedgeFlag, [
  ['a review without flags has none to hedge', reviewFixture([]), []],
  ['the finding becomes a doubt, its place kept', reviewFixture([leave]), [`Reviewer's findings:\n- "Staff get 25 days of leave.": ${HEDGED}`]],
  ['a code flag keeps its line', reviewFixture([line]), [`Reviewer's findings:\n- Line 3, "return a - b;": ${HEDGED}`]],
]);
