import { fixtureKind } from '../src/fixtures/kinds/index.js';
import type { ReviewMutator } from './types.js';
import { addedFlag } from './review-sites.js';

/**
 * Hypotheticals about cases and call paths the task does not ask about
 * (seed 001: "the critic does not reject this as out of scope"), each
 * pointing at the artifact's opening so it reads like any other flag; the
 * reviewed artifact's kind words them (its `underReview.outOfScope`).
 */
export const scopeFlag: ReviewMutator = {
  name: 'scope-flag',
  kind: 'review',
  *candidates(fixture) {
    const { kind, artifact } = fixture.reviewed;
    const underReview = fixtureKind(kind).underReview;
    const at = underReview.opening(artifact);
    for (const says of underReview.outOfScope) yield addedFlag(fixture, { ...at, says });
  },
};
