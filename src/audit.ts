import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { mutatorsForSuite, type AuditConfig, type NamedCritic } from './config/load.js';
import { InputError, InterruptedError } from './errors.js';
import { sandboxCommand } from './code/sandbox.js';
import { formatWarning } from './fixtures/lint.js';
import { fixtureKind, isReviewFixture, isSandboxed } from './fixtures/kinds/index.js';
import { assertHeldOutChecksPinned, pinHeldOutChecks, type HeldOutCheckPins } from './fixtures/heldOutChecks.js';
import { loadFixtures } from './fixtures/load.js';
import type { Fixture } from './fixtures/types.js';
import { authoredMutants, withAuthored } from './mutants/authored.js';
import { generateMutants, type Generation } from './mutants/generate.js';
import { LabelStore } from './mutants/labelCache.js';
import { reviewFixtures } from './mutants/reviewFixtures.js';
import { verifyCodeLabels, type LabelVerificationRow } from './mutants/verifyCode.js';
import { fixtureItems, type ReviewItem } from './requests/items.js';
import { countFollowUpSteps, countReviewJobs, firstTurnConditions, followUpJobs, reviewJobs, type FollowUpStep, type JobOptions, type ReviewJob } from './requests/jobs.js';
import { countLoopRounds, loopCondition, loopRoundJobs, loopSchedules } from './requests/loop.js';
import { evidenceCorpora, type EvidenceCorpus } from './requests/corpus.js';
import type { ToolsSetting } from './requests/tools.js';
import { formatShard, inShard, type Shard } from './requests/shard.js';
import { costOf, formatCost } from './results/cost.js';
import { editedFixtureIds, planChanges, settingChanges } from './results/planChanges.js';
import { criticGrammar, type CriticRecord, type RunStatus, type RunStop } from './results/types.js';
import type { AuditPlan, AuditSettings } from './reports/types.js';
import type { BaselineSource } from './baseline/load.js';
import { RunStore, type ReviewKey } from './results/store.js';
import { canonical, ReplyCache } from './reviews/cache.js';
import type { BatchApi } from './reviews/batch/api.js';
import { runBatchPass, type BatchLedger, type BatchProgress } from './reviews/batch/run.js';
import { CriticCallError, reviewsFixture, type Critic } from './reviews/critic.js';
import type { VerdictGrammar } from './reviews/verdicts/index.js';
import { createCritic, type CriticEntry } from './reviews/providers/index.js';
import { BATCH_TOOLS } from './reviews/tools/schema.js';
import { runReviews, type EngineState } from './reviews/schedule.js';
import { reviewResult, UNASKED, type ReviewResult } from './reviews/types.js';
import type { Mutator } from '../mutators/types.js';
import { sha256Hex, stableId } from './util/hash.js';

export interface AuditOptions {
  outDir: string;
  /** Replies from and into the cross-run cache (default on). */
  cache?: boolean;
  /** Stop cleanly once the run has cost this much (needs pricing in the config). */
  maxCost?: number | undefined;
  /** Stops scheduling; reviews in flight finish. */
  signal?: AbortSignal;
  /** Cuts reviews in flight short (after the grace period of an interrupt). */
  abortInFlight?: AbortSignal;
  /** Before each phase that can take a while without a review (label verification): what it is doing. */
  onPhase?: (what: string) => void;
  onPlanned?: (total: number, alreadyDone: number) => void;
  onResult?: (result: ReviewResult) => void;
  /** The engine's retries, 429s and concurrency, as they change. */
  onEngine?: (state: EngineState) => void;
  /** Each warning about the fixtures as they load, before anything is sent. */
  onWarning?: (message: string) => void;
  backoffBaseMs?: number;
  /** Pace requests to the critics' rate limits (default on); off leaves adaptive concurrency alone, for the pacing bench. */
  pace?: boolean;
  /** Review only this share of the items (`--shard i/n`); a resumed folder keeps the share it was started with. */
  shard?: Shard | undefined;
  /** Send every critic that has a batch API through it (`--batch`), as `batch: true` on the critic does. */
  batch?: boolean | undefined;
  /** The baseline the run is compared with (`--baseline FILE`), recorded in its store so `report DIR` and a resume compare with it again. */
  baseline?: BaselineSource | undefined;
}

export interface AuditOutcome {
  store: RunStore;
  plan: AuditPlan;
  status: RunStatus;
  /** Why the run stopped early, if it did: its kind says how to exit (the CLI) and what the reports' headline names first. */
  stop: RunStop | null;
}

export interface PreparedRun {
  fixtures: Fixture[];
  /** The mutators applied: the config's, or the default list narrowed to the suite's kinds (mutatorsForSuite). */
  mutators: Mutator[];
  /** Artifact sentences no evidence supports, at most MAX_LOAD_WARNINGS of them (then how many more). */
  warnings: string[];
  labelVerification: LabelVerificationRow[];
  /** The held-out checks' digests the labels were verified with (code fixtures only). */
  heldOutChecks: HeldOutCheckPins | undefined;
  /**
   * The judged mutants, one fixture's at a time in fixture order, then the
   * code mutants the sandbox kept: the order the run stores them in. Text
   * mutants are generated (and judged by their oracles) as it is read, so the
   * whole suite's mutants are never held at once.
   */
  generation: () => Generator<Generation>;
}

/** A suite with many unsupported sentences says so in a few lines at load, not in one line per sentence. */
const MAX_LOAD_WARNINGS = 20;

/**
 * The fixtures stage through the mutants stage: no critic involved. Code
 * mutants are generated up front and kept only when a held-out check fails on
 * them, run in the sandbox (with `cacheLabels`, results of earlier runs come
 * from the cache folder); a code suite's mutants are few.
 */
export async function prepareRun(config: AuditConfig, signal?: AbortSignal, cacheLabels = false, onPhase?: (what: string) => void): Promise<PreparedRun> {
  const warnings: string[] = [];
  const counts = { 'unsupported-sentence': 0, 'pasted-verdict': 0, 'plan-item': 0 };
  const fixtures = loadFixtures(config.fixtures, config.baseDir, {
    onWarning: (w) => {
      if (++counts[w.kind] <= MAX_LOAD_WARNINGS) warnings.push(formatWarning(w));
    },
    fields: config.fixtureFields,
    strictSealing: config.strictSealing,
  });
  const more = {
    'unsupported-sentence': 'artifact sentences not supported by the evidence',
    'pasted-verdict': 'pasted verdicts in sealed fixture texts',
    'plan-item': 'plan items whose quoted phrase the evidence or the reference does not state',
  };
  for (const kind of ['unsupported-sentence', 'pasted-verdict', 'plan-item'] as const) {
    if (counts[kind] > MAX_LOAD_WARNINGS) warnings.push(`${counts[kind] - MAX_LOAD_WARNINGS} more ${more[kind]}; critic-audit check lists them all`);
  }
  const options = { seed: config.seed, cap: config.mutantsPerFixture };
  const mutators = mutatorsForSuite(config, new Set(fixtures.map((f) => f.kind)));
  const codeFixtures = fixtures.filter(isSandboxed);
  // Authored code mutants are verified with the generated ones: kept only when a held-out check fails on them.
  const code = withAuthored(generateMutants(codeFixtures, mutators, options), codeFixtures.flatMap(authoredMutants));
  if (code.mutants.length) onPhase?.(`verifying ${code.mutants.length} code labels with the held-out checks in the sandbox${cacheLabels ? ' (results of earlier runs come from the cache)' : ''}…`);
  const labelCache = codeFixtures.length && cacheLabels ? LabelStore.open(config.baseDir) : undefined;
  const verified = codeFixtures.length
    ? await verifyCodeLabels(codeFixtures, code.mutants, { ...(signal ? { signal } : {}), cache: labelCache }).finally(() => labelCache?.close())
    : { kept: [], ignored: [], table: [] };
  if (config.reviewAudit) {
    const kept = (fixtureId: string) => verified.kept.filter((m) => m.fixtureId === fixtureId);
    const sources = reviewSources(config, fixtures);
    fixtures.push(
      ...reviewFixtures(
        sources,
        (id) =>
          codeFixtures.some((f) => f.id === id)
            ? kept(id)
            : generateMutants(
                sources.filter((f) => f.id === id),
                mutators,
                options,
              ).mutants,
        { ...options, ...config.reviewAudit },
      ),
    );
  }
  function* generation(): Generator<Generation> {
    for (const fixture of fixtures) {
      if (isSandboxed(fixture)) yield { mutants: [], ignored: code.ignored.filter((m) => m.fixtureId === fixture.id) };
      else {
        yield withAuthored(generateMutants([fixture], mutators, options), authoredMutants(fixture));
      }
    }
    yield { mutants: verified.kept, ignored: verified.ignored };
  }
  return { fixtures, mutators, warnings, labelVerification: verified.table, heldOutChecks: pinHeldOutChecks(codeFixtures), generation };
}

/** The fixtures `reviewAudits.from` names: each entry must name some of the audit's own. */
function reviewSources(config: AuditConfig, fixtures: readonly Fixture[]): Fixture[] {
  const roots = config.reviewAudit!.from.map((p) => resolve(config.baseDir, p));
  roots.forEach((root, i) => {
    if (!fixtures.some((f) => within(f.source.file, root)))
      throw config.source.errorAt(['reviewAudits', 'from', i], `names none of the audit's fixtures; list a folder or file that \`fixtures:\` loads`);
  });
  return fixtures.filter((f) => roots.some((root) => within(f.source.file, root)));
}

const within = (file: string, root: string) => resolve(file) === root || resolve(file).startsWith(root + sep);

/**
 * Runs the audit: fixtures -> mutants -> requests -> reviews -> the run store.
 * Every critic is built and planned before anything is sent, so a bad critic
 * entry fails the run (exit 2) with nothing half-done. A run folder that
 * already holds this audit is resumed: reviews already stored are not
 * repeated. Its store is closed here, and only here, when the run fails; a
 * run that ends (complete or stopped early) hands it to the caller, who
 * reports from it.
 */
export async function runAudit(config: AuditConfig, options: AuditOptions): Promise<AuditOutcome> {
  requirePricing(config, options.maxCost);
  let started: StartedRun | undefined = await startRun(config, options);
  const { critics, plan } = started;
  const store = RunStore.open(options.outDir);
  const cache = options.cache === false ? undefined : ReplyCache.open(config.baseDir);
  let handedOver = false;
  try {
    recordPlan(store, plan, started.prepared, options.outDir);
    started = undefined; // the fixtures and mutants are in the store now: nothing the size of the suite is held while the reviews run
    const shard = keepShard(store, options.shard, options.outDir);
    const alreadyDone = store.count({ done: true });
    const auditHasReviews = [...store.eachFixture()].some(isReviewFixture);
    // The evidence a tool-using critic searches: each suite's, indexed once for the run when some critic has tools.
    const corpora = config.critics.some((c) => toolsOf(c.config)) ? evidenceCorpora([...store.eachFixture()]) : new Map();
    const plans = critics.map((critic, i) => planCritic(critic, config.critics[i]!, plan.critics[i]!, { config, store, shard, auditHasReviews, batch: options.batch, corpora }));
    refuseOnlineOverBatches(plans, store, options.outDir);
    // Every first-turn request of a code item built and scanned for held-out check text before any review is sent (a code suite is small).
    for (const p of plans) p.scanHeldOut();
    const planned = plans.reduce((sum, p) => sum + p.count, 0);
    options.onPlanned?.(planned, alreadyDone);
    // A resumed run has already spent what its stored reviews cost: the budget covers the run folder, not one invocation.
    const spent = plan.critics.reduce((sum, c) => sum + (c.pricing ? costOf(store.billedTokens(c.name), c.pricing) : 0), 0);
    const budgets = new RunBudgets(planned, config.errorBudget, options.maxCost, spent);

    let stop: RunStop | null = null;
    const waiting: string[] = [];
    for (const criticPlan of plans) {
      if (stop || options.signal?.aborted) break;
      const turn = await reviewWith(criticPlan, { config, options, store, cache, budgets });
      stop = turn.stop;
      if (turn.waiting) waiting.push(turn.waiting);
    }
    if (!stop && options.signal?.aborted) stop = { kind: 'interrupted', critic: null, reason: 'interrupted' };
    if (!stop && waiting.length) stop = { kind: 'pending', critic: null, reason: `waiting for ${waiting.join('; ')}` };
    const status: RunStatus = { complete: stop === null, stopReason: stop?.reason ?? null, stopKind: stop?.kind ?? null, stopCritic: stop?.critic ?? null, finishedAt: new Date().toISOString() };
    store.writeStatus(status);
    handedOver = true;
    return { store, plan, status, stop };
  } finally {
    cache?.close();
    if (!handedOver) store.close();
  }
}

/** A cost budget (`--max-cost`) needs prices: refused (exit 2) before anything is prepared when no critic has any. */
export function requirePricing(config: AuditConfig, maxCost: number | undefined): void {
  if (maxCost !== undefined && !config.critics.some((c) => 'pricing' in c.config && c.config.pricing)) {
    throw new InputError(config.file, undefined, '--max-cost', 'a cost budget needs prices: give at least one critic `pricing: {inputPerMillion, outputPerMillion}`');
  }
}

/**
 * The run's own budgets, spent over all critics (no one critic's stop): the
 * reviews that failed, against `errorBudget`'s share of those planned, and
 * what the reviews cost, against `--max-cost`.
 */
class RunBudgets {
  private errors = 0;
  private readonly errorLimit: number;

  /** `spent`: what the reviews already stored cost (a resumed run). */
  constructor(
    private readonly planned: number,
    private readonly errorBudget: number,
    private readonly maxCost: number | undefined,
    private spent: number,
  ) {
    this.errorLimit = Math.floor(errorBudget * planned);
  }

  /** Counts a review just made against the budgets, at its critic's prices (none: it costs nothing here). */
  spend(result: ReviewResult, pricing: CriticRecord['pricing']): void {
    if (result.outcome === 'error') this.errors++;
    if (pricing && result.usage && !result.cached) this.spent += costOf(result.usage, pricing);
  }

  /** The stop of a budget spent, or null to go on. */
  stop(): RunStop | null {
    if (this.errors > this.errorLimit)
      return {
        kind: 'error-budget',
        critic: null,
        reason: `errors exceeded the budget (${this.errors} of ${this.planned} planned reviews, budget ${(100 * this.errorBudget).toFixed(1)}%)`,
      };
    if (this.maxCost !== undefined && this.spent >= this.maxCost) return { kind: 'budget', critic: null, reason: `cost budget spent (${formatCost(this.spent)} of $${this.maxCost})` };
    return null;
  }
}

/** A critic whose reviews go through its provider's batch API. */
type BatchedCritic = Critic & { batch: BatchApi };

/** One critic's part of the run, planned before anything is sent: how its reviews go (batch or online), in which order, how many. */
interface CriticPlan {
  critic: Critic;
  /** Its record in the run's plan: the prices it is billed at (the batch's, when batched) among them. */
  record: CriticRecord;
  grammar: VerdictGrammar;
  notFound: 'flag' | 'neutral';
  /** The critic, when its first turns go through its provider's batch API. */
  batched: BatchedCritic | undefined;
  /** Its first turns, read from the store as they are sent. */
  firstTurns: () => Iterable<ReviewJob>;
  /** The second turns that continue its stored clean reviews, planned once every first turn is in; a first verdict that stands is recorded on the way. */
  secondTurns: (record: (r: ReviewResult) => void) => Iterable<ReviewJob>;
  /** The rounds after the first of its review loops (`loop:`), one phase a round: each planned once the round before is stored. */
  loopRounds: Array<() => Iterable<ReviewJob>>;
  /** Its reviews, done or not (at most, for second turns and loops, which depend on the verdicts). */
  count: number;
  /** Builds the first turns of its code items, which throws (bad input) when one would carry a held-out check's text. */
  scanHeldOut: () => void;
}

function planCritic(
  critic: Critic,
  entry: NamedCritic,
  record: CriticRecord,
  run: { config: AuditConfig; store: RunStore; shard: Shard | undefined; auditHasReviews: boolean; batch: boolean | undefined; corpora: ReadonlyMap<string, EvidenceCorpus> },
): CriticPlan {
  const { config, store, shard } = run;
  const rubricFor = (item: ReviewItem) => config.rubric ?? fixtureKind(item.kind).defaultRubric;
  const reviews = (fixture: Fixture) => reviewsFixture(critic, entry.grammar, fixture, run.auditHasReviews);
  const reviewable = () => storedItems(store, reviews, shard);
  const setting = toolsOf(entry.config);
  const tools = setting && { setting, corpora: run.corpora };
  const jobOptions = { conditions: config.conditions, rubricFor, template: entry.template, repeats: config.repeats, claims: entry.grammar.perClaim, tools };
  return {
    critic,
    record,
    grammar: entry.grammar,
    notFound: entry.notFound,
    batched: batchMode(critic, entry.config, run.batch),
    firstTurns: () => reviewJobs(reviewable(), jobOptions),
    secondTurns: (recordResult) => secondTurns(followUpJobs(reviewable(), firstTurnIn(store, critic.name), jobOptions), critic.name, store, recordResult),
    loopRounds: loopPhases(config, store, critic.name, reviews, jobOptions),
    count: countReviewJobs(reviewable(), config) + countFollowUpSteps(reviewable(), config) + countLoopRounds(reviewable(), { loop: config.loop, repeats: config.repeats }),
    scanHeldOut: () => {
      for (const job of reviewJobs(withHeldOutChecks(reviewable()), jobOptions)) void job;
    },
  };
}

/**
 * The rounds 2 to `loop.rounds` of the critic's review loops, each a phase
 * run once the round before is stored: a mutant whose previous round ended
 * in a FAIL gets the version its worker submits (loopRoundJobs). A fixture's
 * items are read whole, as a false fix is another of its mutants; a shard
 * stores only its own items' reviews, so only they loop.
 */
function loopPhases(config: AuditConfig, store: RunStore, critic: string, reviews: (fixture: Fixture) => boolean, options: JobOptions): Array<() => Iterable<ReviewJob>> {
  const loop = config.loop;
  if (!loop) return [];
  let scheduleOf: ReturnType<typeof loopSchedules> | undefined;
  const phase = function* (round: number): Generator<ReviewJob> {
    scheduleOf ??= loopSchedules(store.mutantRecords(), loop, config.seed);
    const previous = (itemId: string, repeat: number) => {
      const r = store.result({ critic, itemId, condition: loopCondition(round - 1), repeat });
      return r?.outcome === 'verdict' ? (r.verdict ?? undefined) : undefined;
    };
    for (const fixture of store.eachFixture()) {
      if (!reviews(fixture)) continue;
      yield* loopRoundJobs([...fixtureItems(fixture, store.eachMutant(fixture.id))], round, previous, { ...options, loop, scheduleOf });
    }
  };
  return Array.from({ length: loop.rounds - 1 }, (_, i) => () => phase(i + 2));
}

function* withHeldOutChecks(items: Iterable<ReviewItem>): Generator<ReviewItem> {
  for (const item of items) if (item.heldOut) yield item;
}

/** What every critic's turn shares: the run's settings, its store, the reply cache and the budgets. */
interface RunContext {
  config: AuditConfig;
  options: AuditOptions;
  store: RunStore;
  cache: ReplyCache | undefined;
  budgets: RunBudgets;
}

/**
 * One critic's turn: its first turns in batches (batch mode) or online, then
 * its second turns online. Ends with why it stopped the run, if it did, or
 * the batches it is still waiting for.
 */
async function reviewWith(plan: CriticPlan, run: RunContext): Promise<{ stop: RunStop | null; waiting: string | null }> {
  const { critic } = plan;
  const { config, options, store } = run;
  // Every result is stored and spent against the run's budgets, a batch's as an online review's: the critics after this one stop on what it cost and what failed.
  const stored = (r: ReviewResult) => {
    store.add(r);
    run.budgets.spend(r, plan.record.pricing);
  };
  const record = (r: ReviewResult) => {
    stored(r);
    options.onResult?.(r);
  };
  try {
    let online = [plan.firstTurns, () => plan.secondTurns(record), ...plan.loopRounds];
    if (plan.batched) {
      const pass = await batchPass(plan.batched, () => skipDone(plan.firstTurns(), critic, store), store, stored, { grammar: plan.grammar, notFound: plan.notFound }, options.outDir);
      if (pass.stop || pass.waiting) return pass;
      // Every first turn is in: second turns (if any) go online, each waiting on one reply rather than on another batch.
      online = online.slice(1);
    }
    for (const jobs of online) {
      if (options.signal?.aborted) break;
      // Only a critic with reviews stored (a resumed run, or its second turns) can have a job done already. Looking each
      // job up commits the reviews written so far first (doneDigest), so a critic with none skips the lookups: the run's
      // later critics, whose store holds the earlier critics' reviews, keep their reviews' writes batched.
      const { stoppedBy } = await runReviews(critic, store.count({ critic: critic.name }) ? skipDone(jobs(), critic, store) : jobs(), {
        concurrency: config.concurrency,
        retries: config.retries,
        timeoutMs: config.timeoutMs,
        cache: run.cache,
        grammar: plan.grammar,
        notFound: plan.notFound,
        shouldStop: () => run.budgets.stop(),
        failFast: config.failFast,
        ...(options.onEngine ? { onEngine: options.onEngine } : {}),
        ...(options.backoffBaseMs !== undefined ? { backoffBaseMs: options.backoffBaseMs } : {}),
        ...(options.pace !== undefined ? { pace: options.pace } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.abortInFlight ? { abortInFlight: options.abortInFlight } : {}),
        onResult: record,
      });
      if (stoppedBy) return { stop: stoppedBy, waiting: null };
    }
    return { stop: null, waiting: null };
  } finally {
    await critic.close?.();
  }
}

/** What startRun prepared: the critics, the plan, and the fixtures and mutants for the store (recordPlan). */
interface StartedRun {
  critics: Critic[];
  plan: AuditPlan;
  prepared: PreparedRun;
}

/** Prepares the run (fixtures, mutants, critics) and its plan; nothing is written yet. */
async function startRun(config: AuditConfig, options: AuditOptions): Promise<StartedRun> {
  const prepared = await prepareRun(config, options.signal, options.cache !== false, options.onPhase).catch((err: unknown) => {
    throw options.signal?.aborted ? new InterruptedError('interrupted while verifying code labels, before any review was sent') : err;
  });
  prepared.warnings.forEach((w) => options.onWarning?.(w));
  const critics = config.critics.map((entry) => createCritic(entry, config));
  // A tool call needs its result before the critic goes on, which no batch API gives: `--batch` over a critic with tools is bad input.
  critics.forEach((critic, i) => {
    const entry = config.critics[i]!;
    if (toolsOf(entry.config) && batchMode(critic, entry.config, options.batch)) throw config.source.errorAt([...entry.path, 'tools'], `${BATCH_TOOLS}: run without --batch`);
  });
  const plan: AuditPlan = {
    settings: {
      configFile: config.file,
      configSha256: sha256Hex(readFileSync(config.file)),
      reviewsSha256: sha256Hex(
        canonical({
          // Where a fixture was declared does not change its reviews; what it says does.
          fixtures: prepared.fixtures.map(({ source: _source, ...content }) => content),
          conditions: config.conditions.map((c) => c.name),
          // Declared conditions change what the critic reads; keyed only when there are some, so older runs still resume.
          ...(config.declaredConditions.length ? { declaredConditions: config.declaredConditions } : {}),
          repeats: config.repeats,
          rubric: config.rubric ?? null,
          seed: config.seed,
          mutators: prepared.mutators.map((m) => m.name),
          cap: config.mutantsPerFixture,
          // The loop's rounds are reviews too: keyed only when set, so older runs still resume.
          ...(config.loop ? { loop: config.loop } : {}),
        }),
      ),
      ...reviewedSettings(config, prepared.mutators),
      thresholds: config.thresholds,
      bootstrap: config.bootstrap,
      // Not among what the reviews depend on: the policy decides what a held finding comes to, not what is sent.
      ...(config.escalation ? { escalation: config.escalation } : {}),
      ...(config.loop ? { loop: config.loop } : {}),
      errorBudget: config.errorBudget,
      reports: config.reports,
      ...(options.baseline ? { baseline: options.baseline } : {}),
    },
    critics: critics.map((c, i) => {
      const entry = config.critics[i]!.config;
      const { grammar, notFound } = config.critics[i]!;
      const pricing = 'pricing' in entry ? entry.pricing : undefined;
      const tools = toolsOf(entry);
      return {
        name: c.name,
        identity: c.identity,
        pricing: pricing && batchMode(c, entry, options.batch) ? batchPricing(pricing) : pricing,
        ...criticGrammar(grammar.name, notFound),
        ...(tools ? { tools, ...(c.kinds ? { kinds: [...c.kinds] } : {}) } : {}),
      };
    }),
    labelVerification: prepared.labelVerification,
    ...(prepared.heldOutChecks ? { heldOutChecks: prepared.heldOutChecks } : {}),
    ...(prepared.warnings.length ? { fixtureWarnings: prepared.warnings } : {}),
    ...(prepared.fixtures.some(isSandboxed) ? { sandboxNetwork: sandboxCommand().network } : {}),
    startedAt: new Date().toISOString(),
  };
  return { critics, plan, prepared };
}

/**
 * Writes the run's plan, fixtures and mutants to its store. A run folder
 * holds one audit: reopening it with the same config, critics and mutants
 * resumes it. Fixtures edited since are no refusal: their plan is replaced,
 * and every stored review is bound to the digest of the request it answered,
 * so the reviews the edit changed are invalidated and made again as the
 * resume reaches them (skipDone), and those of items no longer planned are
 * invalidated here. Any other change is refused rather than mixed in.
 */
function recordPlan(store: RunStore, plan: AuditPlan, prepared: PreparedRun, outDir: string): void {
  const previous = store.readPlan<AuditSettings>();
  const refusal = (changes: string) => new InputError(outDir, undefined, undefined, `this run folder holds a different audit: ${changes}; run it as it was started, or choose another folder`);
  // Older runs did not record reviewsSha256: for them, any change to the config file counts.
  const sameReviews = (p: AuditPlan) => (p.settings.reviewsSha256 !== undefined ? p.settings.reviewsSha256 === plan.settings.reviewsSha256 : p.settings.configSha256 === plan.settings.configSha256);
  // Held out from the author: a check edited since its labels were verified is bad input, not an edit to invalidate reviews by.
  if (previous?.heldOutChecks) assertHeldOutChecksPinned(previous.heldOutChecks, prepared.fixtures, 'found by this resume');
  let edited = new Set<string>();
  if (previous && (!sameReviews(previous) || JSON.stringify(previous.critics.map((c) => c.identity)) !== JSON.stringify(plan.critics.map((c) => c.identity)))) {
    const changes = planChanges({ ...previous, fixtures: store.eachFixture() }, { ...plan, fixtures: prepared.fixtures });
    // What an older run did not record cannot be named: only where the difference must be.
    const unrecorded =
      previous.settings.reviewsSha256 === undefined
        ? 'the config file changed (a run folder this old records nothing finer)'
        : 'the rubric or mutantsPerFixture changed (a run folder this old did not record which)';
    edited = editedFixtureIds(store.eachFixture(), prepared.fixtures);
    const fixturesOnly = previous.settings.reviewsSha256 !== undefined && changes.length > 0 && settingChanges(previous, plan).length === 0;
    if (!fixturesOnly) throw refusal(changes.length ? changes.join('; ') : unrecorded);
  }
  // The mutants of the fixtures not edited must be the ones stored: an edited fixture's may differ.
  const previousMutants = previous && store.mutantIdsDigest(edited);
  // Resumed: the same reviews, but this invocation's report settings (--threshold overrides among them) are the ones that count;
  // a resume given no --baseline finishes the run against the baseline it was started with, never silently against none.
  const baseline = plan.settings.baseline ?? previous?.settings.baseline;
  const settings = { ...plan.settings, ...(baseline ? { baseline } : {}) };
  store.writePlan(previous ? { ...plan, settings, startedAt: previous.startedAt } : plan, prepared.fixtures, prepared.generation(), () => {
    if (previousMutants !== undefined && store.mutantIdsDigest(edited) !== previousMutants)
      throw refusal('the same settings make other mutants (this version of critic-audit, or of the code sandbox, judged them otherwise)');
  });
  if (edited.size) store.invalidateUnplanned(plannedItemIds(store));
}

/** The ids of every item the stored plan reviews. */
function plannedItemIds(store: RunStore): Set<string> {
  const ids = new Set<string>();
  for (const fixture of store.eachFixture()) for (const item of fixtureItems(fixture, store.eachMutant(fixture.id))) ids.add(item.id);
  return ids;
}

/**
 * The review items of the fixtures the critic reviews (reviewsFixture), read
 * from the store one fixture at a time as the scheduler asks for them.
 */
function* storedItems(store: RunStore, reviews: (fixture: Fixture) => boolean, shard: Shard | undefined): Generator<ReviewItem> {
  for (const fixture of store.eachFixture()) {
    if (!reviews(fixture)) continue;
    for (const item of fixtureItems(fixture, store.eachMutant(fixture.id))) if (!shard || inShard(item.id, shard)) yield item;
  }
}

/** A critic's stored clean review of an item, as the first turn of its second turns: only one that ended in a verdict. */
function firstTurnIn(store: RunStore, critic: string) {
  return (itemId: string, repeat: number) => {
    const r = store.result({ critic, itemId, condition: 'clean', repeat });
    return r?.outcome === 'verdict' && r.verdict && r.reply !== null ? { verdict: r.verdict, reply: r.reply, requestDigest: r.requestDigest } : undefined;
  };
}

/**
 * The second turns to send, in order; where the first verdict stands (the
 * condition follows up only the other), its result is recorded on the way,
 * without asking the critic: the second verdict is the first.
 */
function* secondTurns(steps: Iterable<FollowUpStep>, critic: string, store: RunStore, record: (r: ReviewResult) => void): Generator<ReviewJob> {
  for (const step of steps) {
    if (step.kind === 'send') {
      yield step.job;
      continue;
    }
    const { itemId, condition, repeat, first } = step;
    if (isStillDone(store, { critic, itemId, condition, repeat }, first.requestDigest)) continue; // recorded by the invocation this one resumes
    const of = { itemId, condition, repeat, reviewId: stableId(itemId, condition, repeat), requestDigest: first.requestDigest };
    record(reviewResult(critic, of, { outcome: 'verdict', verdict: first.verdict, reply: null, error: null, usage: null }, UNASKED));
  }
}

/** The shard a run folder reviews: the one it was started with; asking a resume for another is refused, not mixed in. */
function keepShard(store: RunStore, asked: Shard | undefined, outDir: string): Shard | undefined {
  const stored = store.readShard();
  if (!asked) return stored;
  if (store.count() > 0 && (!stored || formatShard(stored) !== formatShard(asked))) {
    throw new InputError(outDir, undefined, '--shard', `this run folder reviews ${stored ? `shard ${formatShard(stored)}` : 'every shard'}, not ${formatShard(asked)}; choose another folder`);
  }
  store.writeShard(asked);
  return asked;
}

/**
 * The jobs not done yet. A stored review is bound to the digest of the request
 * it answered: one whose request has changed since (its fixture was edited
 * between runs of this folder) is invalidated and made again.
 */
function* skipDone(jobs: Iterable<ReviewJob>, critic: Critic, store: RunStore): Generator<ReviewJob> {
  for (const job of jobs) {
    if (!isStillDone(store, { critic: critic.name, itemId: job.itemId, condition: job.condition, repeat: job.repeat }, job.requestDigest)) yield job;
  }
}

/** A critic entry's `tools:`, when it has them. */
export function toolsOf(entry: CriticEntry): ToolsSetting | undefined {
  return 'tools' in entry ? entry.tools : undefined;
}

/** The run's settings that its reviews depend on, as its saved plan records them: a resume or a report compares them. */
function reviewedSettings(config: AuditConfig, mutators: readonly { name: string }[]) {
  return {
    seed: config.seed,
    conditions: config.conditions.map((c) => c.name),
    ...(config.declaredConditions.length ? { declaredConditions: config.declaredConditions } : {}),
    mutators: mutators.map((m) => m.name),
    repeats: config.repeats,
    rubric: config.rubric ?? null,
    mutantsPerFixture: config.mutantsPerFixture,
  };
}

/**
 * What `report DIR` does first, so that a report never counts a verdict on what the fixtures no longer say: the resume's
 * rule (recordPlan, then isStillDone) applied to the first turns the edited fixtures make as they are now. A stored
 * review that answered another request is invalidated (listed in report.json `invalidated`, counted in no rate) and
 * is made again by `run --resume DIR`; so is one of an item the edited fixture no longer makes. Nothing is compared,
 * and the reason comes back, when the config itself changed beyond its fixtures (a resume refuses that).
 */
export async function invalidateEditedReviews(config: AuditConfig, store: RunStore): Promise<{ fixtures: string[]; notCompared: string | null }> {
  const previous = store.readPlan<AuditSettings>();
  if (!previous) return { fixtures: [], notCompared: null };
  const prepared = await prepareRun(config, undefined, true);
  const settings = { ...reviewedSettings(config, prepared.mutators), ...(config.loop ? { loop: config.loop } : {}) };
  const changes = settingChanges(previous, { settings: { ...previous.settings, ...settings }, critics: previous.critics });
  if (changes.length) return { fixtures: [], notCompared: `the config changed beyond its fixtures (${changes.join('; ')})` };
  const edited = editedFixtureIds(store.eachFixture(), prepared.fixtures);
  if (!edited.size) {
    invalidateContinuations(store, config.conditions);
    return { fixtures: [], notCompared: null };
  }
  const mutants = new Map<string, Generation['mutants']>();
  for (const { mutants: made } of prepared.generation()) for (const m of made) mutants.set(m.fixtureId, [...(mutants.get(m.fixtureId) ?? []), m]);
  const items = prepared.fixtures.filter((f) => edited.has(f.id)).flatMap((f) => [...fixtureItems(f, mutants.get(f.id) ?? [])]);
  const planned = plannedItemIds(store);
  for (const item of items) planned.add(item.id);
  const corpora = config.critics.some((c) => toolsOf(c.config)) ? evidenceCorpora(prepared.fixtures) : new Map();
  for (const entry of config.critics) {
    const setting = toolsOf(entry.config);
    const options = {
      conditions: config.conditions,
      rubricFor: (item: ReviewItem) => config.rubric ?? fixtureKind(item.kind).defaultRubric,
      template: entry.template,
      repeats: config.repeats,
      claims: entry.grammar.perClaim,
      tools: setting && { setting, corpora },
    };
    for (const job of reviewJobs(items, options)) isStillDone(store, { critic: entry.name, itemId: job.itemId, condition: job.condition, repeat: job.repeat }, job.requestDigest);
  }
  // The items the edited fixtures made before and make no more: the store's plan still lists them, the fixtures do not.
  const dropped = new Set([...store.eachFixture()].filter((f) => edited.has(f.id)).flatMap((f) => [...fixtureItems(f, store.eachMutant(f.id))].map((i) => i.id)));
  for (const item of items) dropped.delete(item.id);
  for (const id of dropped) planned.delete(id);
  store.invalidateUnplanned(planned);
  invalidateContinuations(store, config.conditions);
  return { fixtures: [...edited].sort(), notCompared: null };
}

/**
 * Second turns and loop rounds continue an item's first turn: where one is invalidated and not made again yet (by
 * this report, an earlier one, or a resume cut short), their requests will change once it is, so they go with it.
 */
function invalidateContinuations(store: RunStore, conditions: AuditConfig['conditions']): void {
  const firstTurns = new Set(firstTurnConditions(conditions).map((c) => c.name));
  const waiting = new Map(
    store
      .invalidated()
      .filter((r) => !r.reReviewed && firstTurns.has(r.condition))
      .map((r) => [`${r.critic}\0${r.itemId}`, r]),
  );
  for (const { critic, itemId } of waiting.values()) store.invalidateContinuations(critic, itemId, firstTurns);
}

/** Whether a review is done and answered the request whose digest is given; one that answered another request is invalidated. */
function isStillDone(store: RunStore, key: ReviewKey, requestDigest: string): boolean {
  const stored = store.doneDigest(key);
  if (stored === undefined) return false;
  if (stored === requestDigest) return true;
  store.invalidate(key, requestDigest);
  return false;
}

/** The critic, when its reviews go through its provider's batch API: it has one, and its entry or `--batch` asks for it. */
function batchMode(critic: Critic, entry: NamedCritic['config'], all: boolean | undefined): BatchedCritic | undefined {
  if (!critic.batch) return undefined;
  return all || ('batch' in entry && entry.batch) ? (critic as BatchedCritic) : undefined;
}

/** A resume without batch mode would send again, online, what the critic's running batches carry: refused (exit 2) instead. */
function refuseOnlineOverBatches(plans: readonly CriticPlan[], store: RunStore, outDir: string): void {
  const online = plans.find(({ critic, batched }) => !batched && store.openBatches(critic.name).length > 0);
  if (!online) return;
  throw new InputError(outDir, undefined, '--batch', `critic ${online.critic.name} has batches running in this run folder; resume it in batch mode (--batch, or batch: true on the critic)`);
}

/** Batch prices: `batchDiscount` (default 0.5) of the online ones. */
function batchPricing(pricing: { inputPerMillion: number; outputPerMillion: number; batchDiscount?: number | undefined }): { inputPerMillion: number; outputPerMillion: number } {
  const discount = pricing.batchDiscount ?? DEFAULT_BATCH_DISCOUNT;
  return { inputPerMillion: pricing.inputPerMillion * discount, outputPerMillion: pricing.outputPerMillion * discount };
}

const DEFAULT_BATCH_DISCOUNT = 0.5;

/**
 * One invocation's turn of batch mode for a critic (see runBatchPass): each
 * input file is kept in the run folder's batches/ (requests only, no key).
 * What is still running comes back in words, for the run's status; a batch
 * API that fails stops the run (unreachable). Its results go through
 * `stored`, which spends them against the run's budgets.
 */
async function batchPass(
  critic: BatchedCritic,
  jobs: () => Iterable<ReviewJob>,
  store: RunStore,
  stored: (result: ReviewResult) => void,
  reading: { grammar: VerdictGrammar | undefined; notFound: 'flag' | 'neutral' },
  outDir: string,
): Promise<{ stop: RunStop | null; waiting: string | null }> {
  const before = store.openBatches(critic.name, { all: true }).length;
  const ledger: BatchLedger = {
    openBatches: (name) => store.openBatches(name),
    addBatch: (record) => store.addBatch(record),
    closeBatch: (batchId, state) => store.closeBatch(batchId, state),
    add: stored,
  };
  let pass: BatchProgress;
  try {
    pass = await runBatchPass(critic, jobs, ledger, {
      ...reading,
      writeInput: (index, lines) => {
        mkdirSync(join(outDir, 'batches'), { recursive: true });
        writeFileSync(join(outDir, 'batches', `${critic.name}-${before + index + 1}.jsonl`), `${lines.join('\n')}\n`);
      },
    });
  } catch (err) {
    if (err instanceof CriticCallError) return { stop: { kind: 'unreachable', critic: critic.name, reason: `critic ${critic.name}: ${err.message}` }, waiting: null };
    throw err;
  }
  if (!pass.open.length) return { stop: null, waiting: null };
  const reviews = pass.open.reduce((n, b) => n + b.customIds.length, 0);
  return { stop: null, waiting: `critic ${critic.name}: ${reviews} reviews in ${pass.open.length === 1 ? 'batch' : 'batches'} ${pass.open.map((b) => b.batchId).join(', ')}` };
}
