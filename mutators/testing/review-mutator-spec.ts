import { describe, expect, it } from 'vitest';
import { fixtureKind } from '../../src/fixtures/kinds/index.js';
import { reviewedEvidence } from '../../src/fixtures/kinds/review.js';
import { renderReview, type ReviewFlag } from '../../src/fixtures/reviewText.js';
import type { FalseFlag, ReviewFixture } from '../../src/fixtures/types.js';
import { applyCandidate } from '../../src/mutants/generate.js';
import type { ReviewMutator } from '../types.js';

/** A review fixture of the given correct flags, false flags and reviewed artifact. */
export function reviewFixture(
  flags: ReviewFlag[],
  falseFlags: FalseFlag[] = [],
  reviewed = { kind: 'text' as const, artifact: 'Staff get 28 days of leave. Requests go through the HR Portal.' },
): ReviewFixture {
  return {
    id: 'r',
    kind: 'review',
    task: 'How much leave?',
    artifact: renderReview(flags),
    evidence: [reviewedEvidence(reviewed.artifact, fixtureKind(reviewed.kind).underReview)],
    reviewed: { ...reviewed, itemId: null, role: flags.length ? 'mutant' : 'original', mutator: null },
    flags,
    falseFlags,
    variants: [],
    trace: undefined,
    cluster: 'r',
    source: { file: 'spec', line: 1 },
  };
}

/** Table-driven, after the text and code mutator specs: each fixture and the reviews the mutator makes of it, in order. */
export function describeReviewMutator(mutator: ReviewMutator, rows: ReadonlyArray<[name: string, fixture: ReviewFixture, expected: string[]]>): void {
  describe(`review mutator ${mutator.name}`, () => {
    it.each(rows)('%s', (_name, fixture, expected) => {
      const mutants = [...mutator.candidates(fixture)].map((c) => applyCandidate(fixture, mutator.name, c, mutator).artifact);
      expect(mutants).toEqual(expected);
    });

    it('is pure: the same fixture gives the same sites', () => {
      for (const [, fixture] of rows) expect([...mutator.candidates(fixture)]).toEqual([...mutator.candidates(fixture)]);
    });
  });
}
