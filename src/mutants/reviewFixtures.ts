import { z } from 'zod';
import { fixtureKind, isReviewFixture } from '../fixtures/kinds/index.js';
import type { UnderReview } from '../fixtures/kinds/kind.js';
import { reviewedEvidence } from '../fixtures/kinds/review.js';
import { renderReview, type ReviewFlag } from '../fixtures/reviewText.js';
import type { FalseFlag, Fixture, ReviewFixture } from '../fixtures/types.js';
import { sha256Hex } from '../util/hash.js';
import { positiveInt } from '../util/schemaParts.js';
import type { Mutant } from './types.js';

/** The config's `reviewAudits:` (seed 001): which suites' originals and verified mutants become reviewed artifacts, and how the reviews are corrupted. */
export const reviewAuditsSchema = z.strictObject({
  from: z
    .array(z.string().min(1))
    .min(1, 'list at least one fixture folder or file')
    .describe('Fixture folders or files of the audit (as `fixtures:` names them) whose originals and verified mutants get reviews.'),
  mutators: z.array(z.string().min(1)).min(1).optional().describe('The review mutators (default: all four).'),
  reviewed: z.array(z.string().min(1)).min(1).optional().describe("The artifact mutators whose mutants are reviewed (default: the audit's)."),
  perFixture: positiveInt.default(2).describe('Reviewed mutants per source fixture, sampled with the seed; its original is always reviewed too.'),
});

export type ReviewAuditsConfig = z.infer<typeof reviewAuditsSchema>;

/** At most this many fabricated flags a review fixture offers fabricate-flag. */
const FALSE_FLAGS_PER_REVIEW = 2;

/**
 * The review fixtures of seed 001's audit, built from what the harness has
 * already verified: for each source fixture, a correct review of its
 * original (no flags) and of a few of its verified mutants (one flag on the
 * mutated span, saying what the evidence or the reference says there). Each
 * also carries false flags for fabricate-flag: another verified mutant's
 * change asked for at a site where the artifact is right, so the evidence
 * or the held-out checks refute it.
 */
export function reviewFixtures(
  sources: readonly Fixture[],
  mutantsOf: (fixtureId: string) => readonly Mutant[],
  options: { seed: number; perFixture: number; reviewed?: readonly string[] | undefined },
): ReviewFixture[] {
  const fixtures: ReviewFixture[] = [];
  for (const source of sources) {
    // A review is not reviewed again; the kind of any other artifact says how a review of it is made.
    if (isReviewFixture(source)) continue;
    const reviewing: UnderReview<Fixture> = fixtureKind(source.kind).underReview;
    const all = mutantsOf(source.id);
    const reviewable = options.reviewed ? all.filter((m) => options.reviewed!.includes(m.mutator)) : all;
    const chosen = sampled(reviewable, options.seed, options.perFixture);
    const make = (reviewed: { itemId: string; artifact: string; mutant: Mutant | null }): ReviewFixture => ({
      id: `review-of-${reviewed.itemId}`,
      kind: 'review',
      task: source.task,
      artifact: renderReview(reviewed.mutant ? [realFlag(reviewing, reviewed.mutant)] : []),
      evidence: [reviewedEvidence(reviewed.artifact, reviewing), ...reviewing.evidence(source)],
      reviewed: { kind: source.kind, artifact: reviewed.artifact, itemId: reviewed.itemId, role: reviewed.mutant ? 'mutant' : 'original', mutator: reviewed.mutant?.mutator ?? null },
      flags: reviewed.mutant ? [realFlag(reviewing, reviewed.mutant)] : [],
      falseFlags: falseFlags(reviewing, source, reviewed.mutant, all, options.seed),
      variants: [],
      trace: undefined,
      cluster: source.cluster,
      source: source.source,
    });
    fixtures.push(make({ itemId: source.id, artifact: source.artifact, mutant: null }));
    for (const m of chosen) fixtures.push(make({ itemId: m.id, artifact: m.artifact, mutant: m }));
  }
  return fixtures;
}

/** The correct review's flag on a mutant: where the mutation sits in the mutant, and what should be there. */
function realFlag(reviewing: UnderReview<Fixture>, m: Mutant): ReviewFlag {
  return reviewing.flag(m.artifact, m.span.start, m.replacement, m.original);
}

/**
 * Fabricated flags for a review of `reviewed` (null: the original): other
 * mutants' changes, at sites the reviewed artifact has right, asked for as
 * fixes. Only replacements (not insertions or deletions), away from the
 * reviewed mutation.
 */
function falseFlags(reviewing: UnderReview<Fixture>, source: Fixture, reviewed: Mutant | null, all: readonly Mutant[], seed: number): FalseFlag[] {
  const artifact = reviewed?.artifact ?? source.artifact;
  const shift = reviewed ? reviewed.replacement.length - reviewed.original.length : 0;
  const apart = all.filter((m) => m !== reviewed && m.original.trim() && m.replacement.trim() && (!reviewed || m.span.end <= reviewed.span.start || m.span.start >= reviewed.span.end));
  const candidates = apart.map((m): FalseFlag => {
    const at = reviewed && m.span.start >= reviewed.span.end ? m.span.start + shift : m.span.start;
    // The flag asks for the mutant's text where the artifact has the right one: `wrong` and `right` swap.
    const flag = reviewing.flag(artifact, at, m.original, m.replacement);
    return { ...flag, refutedBy: reviewing.refutedBy(source, flag) };
  });
  // A sentence or line the real flag is on is wrong already; two on one would be one fabricated finding twice.
  const real = reviewed ? realFlag(reviewing, reviewed) : undefined;
  const sameSite = (a: FalseFlag | ReviewFlag, b: FalseFlag | ReviewFlag) => a.quote === b.quote && a.line === b.line;
  const fresh = candidates.map((f, i) => ({ f, i })).filter(({ f, i }) => (!real || !sameSite(f, real)) && candidates.findIndex((g) => sameSite(f, g)) === i);
  const chosen = new Set(
    sampled(
      fresh.map(({ i }) => apart[i]!),
      seed,
      FALSE_FLAGS_PER_REVIEW,
    ),
  );
  return fresh.filter(({ i }) => chosen.has(apart[i]!)).map(({ f }) => f);
}

/** Up to `n` of the mutants, in a seeded hash order (as the mutants stage samples), kept in artifact order. */
function sampled(mutants: readonly Mutant[], seed: number, n: number): Mutant[] {
  if (mutants.length <= n) return [...mutants];
  const rank = new Map(mutants.map((m) => [m.id, sha256Hex(`${seed}\0review\0${m.id}`)]));
  const chosen = new Set([...mutants].sort((a, b) => (rank.get(a.id)! < rank.get(b.id)! ? -1 : 1)).slice(0, n));
  return mutants.filter((m) => chosen.has(m));
}
