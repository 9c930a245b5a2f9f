import { fabricateFlag } from './fabricate-flag.js';
import { describeReviewMutator, reviewFixture } from './testing/review-mutator-spec.js';

const leave = { quote: 'Staff get 25 days of leave.', says: 'it says "25" where the evidence says "28".' };
const wrongPortal = { quote: 'Requests go through the HR Portal.', says: 'it says "HR Portal" where the evidence says "Payroll Team".', refutedBy: 'Requests go through the HR Portal.' };

describeReviewMutator(fabricateFlag, [
  ['no false flag to add', reviewFixture([leave]), []],
  [
    'added to a review that found nothing',
    reviewFixture([], [wrongPortal]),
    [`Reviewer's findings:\n- "Requests go through the HR Portal.": it says "HR Portal" where the evidence says "Payroll Team".`],
  ],
  [
    'added after the real flag',
    reviewFixture([leave], [wrongPortal]),
    [
      `Reviewer's findings:\n- "Staff get 25 days of leave.": it says "25" where the evidence says "28".\n- "Requests go through the HR Portal.": it says "HR Portal" where the evidence says "Payroll Team".`,
    ],
  ],
]);
