import { grammarOf } from '../reviews/verdicts/index.js';
import { isReviewFixture } from '../fixtures/kinds/index.js';
import { isLoaded, type ComparedBaseline } from '../baseline/load.js';
import type { ResultSource } from '../baseline/save.js';
import type { BatchSummary, InvalidatedReview } from '../results/store.js';
import type { Gate } from '../gates/gate.js';
import { AUTHORED_MUTANT_TYPES } from '../fixtures/plan.js';
import { MERGED } from '../mutants/generate.js';
import { conditionsOf, fixturesWithout, type Condition } from '../requests/conditions/index.js';
import { itemRecords, type ItemRecord } from '../requests/items.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import { costOf } from '../results/cost.js';
import type { RunStatus } from '../results/types.js';
import type { AuditReport, AuditReportBase, AuditSnapshot, CriticReport, MutantSummary } from './types.js';
import { inRankOrder, measureCritic, rankedFields, runMeasured, type CriticMeasureFields, type Ranked } from '../measures/index.js';
import { criticSummary } from './summary.js';
import { claimConfiguredThresholds } from './unclaimedThresholds.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';

export interface BuildOptions {
  /** The run to compare with: --baseline's, or the one the run recorded, read again (unreadable: maxRegression fails as no data). */
  baseline?: ComparedBaseline | undefined;
  /** The run's batches (batch mode); the report lists them when there are any. */
  batches?: BatchSummary[] | undefined;
  /** The stored reviews invalidated by fixture edits (RunStore.invalidated); the report lists them when there are any. */
  invalidated?: InvalidatedReview[] | undefined;
  /** The fixtures edited in their files since the run reviewed them (fixturesEditedSince): their verdicts stand until a resume invalidates them. */
  editedFixtures?: readonly string[] | undefined;
  /** Why the held-out checks' isolation check failed when the report was made (a check differs from its pin): the independence eval fails, and the command exits 2 once the reports are written. */
  isolationBreach?: string | undefined;
}

export function buildReport(snapshot: AuditSnapshot, status: RunStatus, store: ResultSource, options: BuildOptions = {}): AuditReport {
  const items = itemRecords(snapshot.fixtures, snapshot.generation.mutants);
  const { settings } = snapshot;
  const conditions = conditionsOf(settings.conditions, settings.declaredConditions);
  const cleanOutcomes = new Map<string, ItemOutcomes>();
  const critics: Record<string, CriticReport> = {};
  const assembled: Array<{ name: string; gates: Gate[]; report: () => CriticReport }> = [];
  const warnings: string[] = [...(snapshot.fixtureWarnings ?? []), ...skippedFixtureWarnings(snapshot, conditions), ...invalidatedWarnings(options.invalidated ?? [], items)];
  const baseline = options.baseline;
  let reviews = 0;
  let errors = 0;
  let cost = 0;
  // The configured mutators, then the authored mutants' types the suite has (task-substitution, requirement-omission).
  const mutatorNames = [...settings.mutators, ...authoredTypes(snapshot.generation)];
  const byMutator = mutantSummaries(snapshot.generation, mutatorNames);
  for (const critic of snapshot.critics) {
    // One pass over the critic's results feeds the counts and every measure (docs/architecture.md, "Adding a measure").
    const scope = { critic, items, fixtures: snapshot.fixtures, conditions, runMutators: mutatorNames, generation: snapshot.generation, baseline, escalation: settings.escalation, settings };
    const { outcomes, tables, ...measured } = measureCritic(scope, store.results(critic.name), settings.thresholds);
    // A critic that answered nothing has shown nothing to interpret: the headline names why (its stop, or no data).
    const answered = tables.verdicts.verdicts + tables.verdicts.noVerdict > 0;
    // The measures' gates and warnings, in their ranks (docs/architecture.md, "Adding a measure").
    const gates = inRankOrder(measured.gates).flat();
    cleanOutcomes.set(critic.name, outcomes);
    warnings.push(...inRankOrder(measured.warnings).flat());
    // A no-data gate that does not fail the run (catchRate's default over a mutator with no valid mutant) is read here.
    for (const g of gates) if (g.status === 'no-data' && g.pass) warnings.push(`${critic.name}: ${g.name} has no data: ${g.detail}`);
    const v = tables.verdicts;
    const { cost: criticCost, costSplit } = costs(v, critic.pricing);
    // The kinds of artifact the critic reviewed (a checker of code reviews functions only), for the summary's words.
    const reviewed = [...new Set(items.filter((i) => outcomes.has(i.id)).map((i) => i.kind))];
    // report.json's keys of a critic in rank order: the report's own, and each measure's at its rank; made once every critic's gates are in.
    const own = (): Array<Ranked<[string, unknown]>> => [
      { rank: 10, piece: ['summary', criticSummary({ ...tables, gates, ...rankedFields<CriticMeasureFields>(measured.fields) }, conditions, reviewed)] },
      ...Object.entries(tables).map(([key, value]) => ({ rank: 20, piece: [key, value] as [string, unknown] })),
      { rank: 40, piece: ['gates', gates] },
      // A critic that answered nothing has shown nothing, whatever gates were configured: it does not pass.
      { rank: 50, piece: ['passed', answered && gates.every((g) => g.pass)] },
      { rank: 60, piece: ['cost', criticCost] },
      { rank: 70, piece: ['costSplit', costSplit] },
    ];
    // The fields are the report's own and the measures' (CriticReportBase and CriticMeasureFields), by construction.
    assembled.push({ name: critic.name, gates, report: () => rankedFields<CriticReport>([...own(), ...measured.fields]) });
    reviews += v.reviews;
    errors += v.errors;
    cost += criticCost ?? 0;
  }
  claimConfiguredThresholds(settings.thresholds, assembled);
  for (const c of assembled) critics[c.name] = c.report();
  const errorRate = reviews ? errors / reviews : 0;
  const run = runMeasured(
    {
      items,
      outcomes: cleanOutcomes,
      critics: new Map(Object.entries(critics)),
      validByMutator: Object.fromEntries(Object.entries(byMutator).map(([m, s]) => [m, s.valid])),
      conditions,
      declared: new Set((settings.declaredConditions ?? []).map((c) => c.name)),
      fixtures: snapshot.fixtures,
      settings,
      process: { invalidated: options.invalidated ?? [], editedFixtures: options.editedFixtures ?? [], heldOutChecks: snapshot.heldOutChecks, isolationBreach: options.isolationBreach },
    },
    settings.thresholds,
  );
  warnings.push(...inRankOrder(run.warnings).flat());
  const own: AuditReportBase = {
    tool: 'critic-audit',
    version: HARNESS_VERSION,
    createdAt: status.finishedAt,
    config: settings.configFile,
    seed: settings.seed,
    conditions: settings.conditions,
    repeats: settings.repeats,
    complete: status.complete,
    stopReason: status.stopReason,
    stopKind: status.stopKind ?? null,
    stopCritic: status.stopCritic ?? null,
    passed: status.complete && Object.values(critics).every((c) => c.passed),
    errorBudget: { budget: settings.errorBudget, errorRate, exceeded: errorRate > settings.errorBudget },
    cost: snapshot.critics.some((c) => c.pricing) ? cost : null,
    mutants: {
      byMutator,
      valid: snapshot.generation.mutants.length,
      ignored: snapshot.generation.ignored.length,
      merged: Object.values(byMutator).reduce((sum, s) => sum + s.merged, 0),
    },
    ignored: snapshot.generation.ignored,
    labelVerification: snapshot.labelVerification ?? [],
    critics,
    baseline: isLoaded(baseline) ? { file: baseline.file, sha256: baseline.sha256, createdAt: baseline.data.createdAt } : null,
    warnings,
    ...(options.batches?.length ? { batches: options.batches } : {}),
    ...(options.invalidated?.length ? { invalidated: options.invalidated } : {}),
  };
  // report.json's keys in rank order: the run-level measures' come after the critics (rank 0) and before the baseline (rank 100).
  const after = new Set(['baseline', 'warnings', 'batches', 'invalidated']);
  const fields = Object.entries(own).map(([key, value]) => ({ rank: after.has(key) ? 100 : 0, piece: [key, value] as [string, unknown] }));
  // The fields are the report's own and the run-level measures' (AuditReportBase and RunMeasureFields), by construction.
  return rankedFields<AuditReport>([...fields, ...run.fields]);
}

/** Per mutator: its valid mutants, the ignored ones, and of those the texts a more specific mutator also made. */
function mutantSummaries(generation: AuditSnapshot['generation'], mutators: readonly string[]): Record<string, MutantSummary> {
  const byMutator: Record<string, MutantSummary> = {};
  for (const name of mutators) byMutator[name] = { valid: 0, ignored: 0, merged: 0 };
  for (const m of generation.mutants) byMutator[m.mutator]!.valid++;
  for (const m of generation.ignored) {
    byMutator[m.mutator]!.ignored++;
    if (m.reason.startsWith(MERGED)) byMutator[m.mutator]!.merged++;
  }
  return byMutator;
}

/** A critic's cost at its prices (every review's tokens, cached ones included), and that cost split into spent and cached; null without pricing. */
function costs(v: CriticReport['verdicts'], pricing: AuditSnapshot['critics'][number]['pricing']): Pick<CriticReport, 'cost' | 'costSplit'> {
  if (!pricing) return { cost: null, costSplit: null };
  const cost = costOf(v, pricing);
  const cached = costOf({ inputTokens: v.cachedInputTokens, outputTokens: v.cachedOutputTokens }, pricing);
  return { cost, costSplit: { spent: cost - cached, cached } };
}

/** The authored mutants' types among the suite's mutants, valid or ignored, in AUTHORED_MUTANT_TYPES' order. */
function authoredTypes(generation: AuditSnapshot['generation']): string[] {
  const present = new Set([...generation.mutants, ...generation.ignored].filter((m) => m.breaks !== undefined).map((m) => m.mutator));
  return AUTHORED_MUTANT_TYPES.filter((t) => present.has(t));
}

/** A fixture that cannot carry a condition's contaminant (no trace, no such field) is not reviewed under it: said once per condition. */
function skippedFixtureWarnings(snapshot: AuditSnapshot, conditions: readonly Condition[]): string[] {
  // A review fixture carries neither a worker's trace nor a declared field: not worth a warning each run.
  const fixtures = snapshot.fixtures.filter((f) => !isReviewFixture(f));
  const reviews = snapshot.fixtures.filter(isReviewFixture);
  const criticsOfReviews = snapshot.critics.filter((c) => grammarOf(c.verdict).audits === 'reviews').map((c) => c.name);
  return conditions.flatMap((c) => {
    const skipped = fixturesWithout(c, fixtures);
    const warnings = skipped.length
      ? [`condition ${c.name}: ${skipped.length} of ${fixtures.length} fixtures lack ${c.needs ?? `a ${c.contaminantKey}`} and are not reviewed under it (${shown(skipped)})`]
      : [];
    // A condition for some kinds only (blind) leaves the critics of reviews without its rows, though a review of an answer reads like one: said.
    const skippedReviews = c.kinds ? fixturesWithout(c, reviews) : [];
    if (skippedReviews.length && criticsOfReviews.length)
      warnings.push(
        `condition ${c.name}: it applies to ${c.kinds!.join(' and ')} artifacts only, so the review audit's ${skippedReviews.length} review items are not reviewed under it (${shown(skippedReviews)}): the critics of reviews (${criticsOfReviews.join(', ')}) have no ${c.name} rows`,
      );
    return warnings;
  });
}

/** Reviews invalidated by fixture edits: said first, as the figures leave their verdicts out, and a resume cut short has not made them all again. */
function invalidatedWarnings(invalidated: readonly InvalidatedReview[], items: readonly ItemRecord[]): string[] {
  if (!invalidated.length) return [];
  const fixtureOf = new Map(items.map((i) => [i.id, i.fixtureId]));
  const fixtures = [...new Set(invalidated.map((r) => fixtureOf.get(r.itemId) ?? r.itemId))];
  const pending = invalidated.filter((r) => !r.reReviewed && (r.newRequestDigest !== null || r.awaitsFirstTurn)).length;
  return [
    `${invalidated.length} stored review${invalidated.length > 1 ? 's were' : ' was'} invalidated: what ${invalidated.length > 1 ? 'they' : 'it'} reviewed changed since (fixture${fixtures.length > 1 ? 's' : ''} ${shown(fixtures)} edited between runs of this folder); their verdicts count in no rate` +
      (pending ? `; ${pending} not reviewed again yet: review ${pending > 1 ? 'them' : 'it'} again with run --resume DIR` : ''),
  ];
}

/** The first few of a list of ids, and how many more. */
function shown(ids: readonly string[]): string {
  return ids.slice(0, 5).join(', ') + (ids.length > 5 ? `, and ${ids.length - 5} more` : '');
}
