import { codeKind } from '../src/fixtures/kinds/code.js';
import { textKind } from '../src/fixtures/kinds/text.js';
import { scopeFlag } from './scope-flag.js';
import { describeReviewMutator, reviewFixture } from './testing/review-mutator-spec.js';

const code = { kind: 'code' as const, artifact: '\n/** Adds. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n' };

describeReviewMutator(scopeFlag, [
  [
    'text: a hypothetical per template, at the first words of the first sentence',
    reviewFixture([]),
    textKind.underReview.outOfScope.map((says) => `Reviewer's findings:\n- "Staff get 28 days of leave.": ${says}`),
  ],
  ['code: at the first line that has code', reviewFixture([], [], code), codeKind.underReview.outOfScope.map((says) => `Reviewer's findings:\n- Line 2, "/** Adds. */": ${says}`)],
]);
