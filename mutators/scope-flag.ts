import { fixtureKind } from '../src/fixtures/kinds/index.js';
import type { ReviewMutator } from './types.js';
import { addedFlag } from './review-sites.js';

/**
 * Hypotheticals about cases and call paths the task does not ask about
 * (seed 001: "the critic does not reject this as out of scope"), each
 * pointing at the artifact's opening so it reads like any other flag.
 */
export const SCOPE_HYPOTHETICALS: Record<'text' | 'code', readonly string[]> = {
  text: [
    'If contractors or agency staff ask the same question, this answer does not cover them; it should also set out the rules for them.',
    'If the rules are revised next year, this answer will be out of date; it should also explain what changes then.',
    'If the reader works part-time, the figures are different; it should also work them out pro rata.',
    'If someone reads this from another country, other rules apply there; it should also compare them.',
  ],
  code: [
    'If another module later passes a stream or an async iterable here, this will fail; it should also accept those.',
    'If a caller runs this in a loop over millions of inputs, it will be slow; it should also cache its results.',
    'If the inputs ever arrive as strings from a form, this breaks; it should also parse them.',
    'If this is called from several workers at once, the results interleave; it should also take a lock.',
  ],
};

export const scopeFlag: ReviewMutator = {
  name: 'scope-flag',
  kind: 'review',
  *candidates(fixture) {
    const { kind, artifact } = fixture.reviewed;
    const at = fixtureKind(kind).underReview.opening(artifact);
    for (const says of SCOPE_HYPOTHETICALS[fixture.reviewed.kind]) yield addedFlag(fixture, { ...at, says });
  },
};
