import { ALL_MUTATORS } from '../../mutators/index.js';
import { buildBaseline } from '../../src/baseline/save.js';
import { thresholdsSchema } from '../../src/measures/index.js';
import { specimenAnswer, type Specimen, type SpecimenAnswer } from '../../src/measures/measure.js';
import { REVIEW_MUTATOR_NAMES } from '../../src/measures/reviewAudit.js';
import { generateMutants } from '../../src/mutants/generate.js';
import { reviewFixtures } from '../../src/mutants/reviewFixtures.js';
import { buildReport } from '../../src/reports/build.js';
import type { AuditReport, AuditSnapshot } from '../../src/reports/types.js';
import { renderHtmlReport } from '../../src/reports/html/page.js';
import { itemOutcomes } from '../../src/results/itemOutcomes.js';
import { conditionsOf, type ConditionName } from '../../src/requests/conditions/index.js';
import type { ReviewItem } from '../../src/requests/items.js';
import type { ReviewResult } from '../../src/reviews/types.js';
import { grammarOf } from '../../src/reviews/verdicts/index.js';
import { fixtureKind } from '../../src/fixtures/kinds/index.js';
import { reviewItems } from './reviewItems.js';
import { reviewResult } from './reviewResult.js';
import { COMPLETE, makeWorld, memoryStore, snapshotOf, type World } from './scriptedCritic.js';

/**
 * A measure's specimen run (src/measures/measure.ts, `Specimen`) built and reported: its text fixtures, each an
 * original and two number-flip mutants, with a review audit when asked (a review of each original and of one
 * mutant per fixture, and the review mutators' mutants of those reviews), reviewed by one critic, `critic`.
 */

/** A critic of reviews, unless the specimen answers otherwise: it agrees with every correct review, and with the flawed reviews of the first fixture only. */
const REVIEW_ANSWER: SpecimenAnswer = ({ fixture, role }) => (role === 'mutant' && fixture !== 0 ? 'FAIL' : 'PASS');

/** What a scripted answer knows of an item: its source fixture's index, its role, and its index among its fixture's mutants. */
function itemFacts(world: World, item: ReviewItem, mutantsOfFixture: ReadonlyMap<string, readonly string[]>) {
  const fixture = world.fixtures.findIndex((f) => item.fixtureId.includes(f.id));
  const mutant = item.mutant ? (mutantsOfFixture.get(item.fixtureId) ?? []).indexOf(item.mutant.id) : -1;
  return { fixtureId: item.fixtureId, fixture, role: item.role, mutant };
}

/** A specimen run: its snapshot, its critic's results and its report. */
export interface SpecimenRun {
  snapshot: AuditSnapshot;
  results: ReviewResult[];
  report: AuditReport;
}

/** A specimen run with these thresholds (parsed by the schema). */
export function specimenRun(specimen: Specimen = {}, thresholds: Record<string, unknown> = {}): SpecimenRun {
  const world = makeWorld(specimen.fixtures ?? 3, () => 2);
  const conditions = (specimen.conditions ?? ['clean']) as ConditionName[];
  const ofReviews = specimen.reviewAudit ? reviewFixtures(world.fixtures, (id) => world.mutants.filter((m) => m.fixtureId === id), { seed: 1, perFixture: 1 }) : [];
  const reviewMutants = ofReviews.length
    ? generateMutants(
        ofReviews,
        ALL_MUTATORS.filter((m) => REVIEW_MUTATOR_NAMES.includes(m.name)),
        { seed: 1, cap: 1 },
      ).mutants
    : [];
  const fixtures = [...world.fixtures, ...ofReviews];
  const mutants = [...world.mutants, ...reviewMutants];
  const items = reviewItems(fixtures, mutants);
  const base = snapshotOf({ fixtures, mutants }, ['critic'], conditions, thresholdsSchema.parse(thresholds));
  const snapshot = {
    ...base,
    settings: { ...base.settings, mutators: [...new Set(mutants.map((m) => m.mutator))], ...specimen.settings },
    critics: base.critics.map((c) => ({ ...c, ...(specimen.verdict ? { verdict: specimen.verdict } : {}), ...(specimen.tools ? { tools: specimen.tools } : {}) })),
  };
  const mutantsOfFixture = new Map<string, string[]>();
  for (const m of mutants) mutantsOfFixture.set(m.fixtureId, [...(mutantsOfFixture.get(m.fixtureId) ?? []), m.id]);
  const results = (answer: SpecimenAnswer, version: string): ReviewResult[] =>
    items.flatMap((item) =>
      [...conditionsOf(conditions), ...(specimen.stored ?? []).map((name) => ({ name }))].flatMap((of) => {
        const condition = of.name;
        const ofAReview = fixtureKind(item.kind).isReview;
        // A critic of reviews answers the reviews only; any other critic, everything but the reviews.
        if (ofAReview !== grammarOf(specimen.verdict).readsReviews) return [];
        const given = ofAReview && !specimen.answer ? REVIEW_ANSWER(itemFacts(world, item, mutantsOfFixture), of) : answer(itemFacts(world, item, mutantsOfFixture), of);
        if (given === null) return [];
        const verdict = given === 'none' ? null : given;
        return [
          reviewResult({
            itemId: item.id,
            condition,
            reviewId: `${item.id}/${condition}`,
            outcome: verdict ? 'verdict' : 'no-verdict',
            verdict,
            reply: `${version} on ${item.id}\n${verdict ? `VERDICT: ${verdict}` : 'no verdict'}`,
            ...specimen.result?.(itemFacts(world, item, mutantsOfFixture), of, verdict),
          }),
        ];
      }),
    );
  const baseline = specimen.baseline ? { file: 'baseline.json', sha256: 'x', data: buildBaseline(snapshot, memoryStore(results(specimen.baseline, 'baseline'))) } : undefined;
  const answered = results(specimen.answer ?? specimenAnswer, 'run');
  return { snapshot, results: answered, report: buildReport(snapshot, COMPLETE, memoryStore(answered), baseline ? { baseline } : {}) };
}

/** A specimen run's report.html, whole. */
export async function specimenHtml({ snapshot, results, report }: SpecimenRun): Promise<string> {
  const outcomes = new Map(snapshot.critics.map((c) => [c.name, itemOutcomes(results.filter((r) => r.critic === c.name))]));
  let text = '';
  for await (const piece of renderHtmlReport(snapshot, report, outcomes, (critic, itemId) => results.filter((r) => r.critic === critic && r.itemId === itemId))) text += piece;
  return text;
}
