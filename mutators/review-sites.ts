import type { ReviewFixture } from '../src/fixtures/types.js';
import { NO_FINDINGS, REVIEW_HEADER, renderFlag, type ReviewFlag } from '../src/fixtures/reviewText.js';
import type { MutationCandidate } from './types.js';

/** A flag added to a review: it takes the place of "none. No issues found." or goes after the last flag. */
export function addedFlag(fixture: ReviewFixture, flag: ReviewFlag): MutationCandidate {
  const review = fixture.artifact;
  const empty = review.endsWith(NO_FINDINGS);
  return { start: empty ? REVIEW_HEADER.length : review.length, end: review.length, replacement: `\n${renderFlag(flag)}` };
}
