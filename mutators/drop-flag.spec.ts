import { dropFlag } from './drop-flag.js';
import { describeReviewMutator, reviewFixture } from './testing/review-mutator-spec.js';

const leave = { quote: 'Staff get 25 days of leave.', says: 'it says "25" where the evidence says "28".' };
const portal = { quote: 'Requests go through the HR Portal.', says: 'no evidence supports this claim.' };

describeReviewMutator(dropFlag, [
  ['a review without flags has none to drop', reviewFixture([]), []],
  ['the only flag: what is left is "No issues found"', reviewFixture([leave]), ["Reviewer's findings: none. No issues found."]],
  [
    'one of two flags, each in turn',
    reviewFixture([leave, portal]),
    [
      `Reviewer's findings:\n- "Requests go through the HR Portal.": no evidence supports this claim.`,
      `Reviewer's findings:\n- "Staff get 25 days of leave.": it says "25" where the evidence says "28".`,
    ],
  ],
]);
