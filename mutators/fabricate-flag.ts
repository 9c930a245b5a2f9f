import type { ReviewMutator } from './types.js';
import { addedFlag } from './review-sites.js';

/**
 * A flag on a part of the artifact that is right, asserting a bug there
 * (seed 001: 3 of 5 comments fabricated). Each comes from the fixture's
 * `falseFlags`: built from another verified mutant of the same artifact, so
 * the evidence or the held-out checks refute what the flag asks for.
 */
export const fabricateFlag: ReviewMutator = {
  name: 'fabricate-flag',
  kind: 'review',
  *candidates(fixture) {
    for (const { refutedBy: _refutedBy, ...flag } of fixture.falseFlags) yield addedFlag(fixture, flag);
  },
};
