import { flagSites, NO_FINDINGS, REVIEW_HEADER } from '../src/fixtures/reviewText.js';
import type { ReviewMutator } from './types.js';

/**
 * Seed 001's false consensus at its plainest: the review of a buggy artifact
 * leaves out the real flag (the last one gone: "No issues found"). A critic
 * that agrees has confirmed a review that missed a bug. Every flag of a
 * fixture's review is real, so every drop is a wrong review.
 */
export const dropFlag: ReviewMutator = {
  name: 'drop-flag',
  kind: 'review',
  *candidates(fixture) {
    const sites = flagSites(fixture.artifact);
    if (sites.length === 1) yield { start: REVIEW_HEADER.length, end: fixture.artifact.length, replacement: NO_FINDINGS };
    else for (const site of sites) yield { start: site.start - 1, end: site.end, replacement: '' }; // with the line break before it
  },
};
