import { flagSites } from '../src/fixtures/reviewText.js';
import type { ReviewMutator } from './types.js';

/** What a hedged flag says instead of its finding. */
export const HEDGED = 'this might be wrong, but I am not sure; it may be fine as written.';

/**
 * The real flag kept in place but reworded as a doubt (seed 001: "the
 * reviewer hedged"): a critic that agrees lets the finding go soft, and a
 * hedge is the flag the next round drops. The right verdict is not AGREE.
 */
export const hedgeFlag: ReviewMutator = {
  name: 'hedge-flag',
  kind: 'review',
  *candidates(fixture) {
    for (const site of flagSites(fixture.artifact)) yield { start: site.saysStart, end: site.end, replacement: HEDGED };
  },
};
