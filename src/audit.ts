import { readFileSync } from 'node:fs';
import type { AuditConfig } from './config/load.js';
import { InputError, InterruptedError } from './errors.js';
import { sandboxCommand } from './code/sandbox.js';
import { loadFixtures } from './fixtures/load.js';
import type { CodeFixture, Fixture } from './fixtures/types.js';
import { generateMutants, type Generation } from './mutants/generate.js';
import { LabelStore } from './mutants/labelCache.js';
import { verifyCodeLabels, type LabelVerificationRow } from './mutants/verifyCode.js';
import { reviewItems, type ReviewItem } from './requests/items.js';
import { countReviewJobs, reviewJobs, type ReviewJob } from './requests/jobs.js';
import { DEFAULT_RUBRICS } from './requests/rubric.js';
import type { RunSnapshot, RunStatus } from './results/snapshot.js';
import { RunStore } from './results/store.js';
import { ReplyCache } from './reviews/cache.js';
import type { Critic } from './reviews/critic.js';
import { createCritic } from './reviews/providers/index.js';
import { QuotaExhaustedError, runReviews, type ReviewResult } from './reviews/schedule.js';
import { sha256Hex } from './util/hash.js';

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
  onPlanned?: (total: number, alreadyDone: number) => void;
  onResult?: (result: ReviewResult) => void;
  backoffBaseMs?: number;
}

export interface AuditOutcome {
  store: RunStore;
  snapshot: RunSnapshot;
  status: RunStatus;
  /** Why the run stopped early and how to exit: quota or error budget (3), interrupt (130), cost (1). */
  stop: { reason: string; kind: 'unreachable' | 'interrupted' | 'budget' } | null;
}

/**
 * The fixtures stage through the mutants stage: no critic involved. Text
 * mutants were judged by their oracles as they were generated; code mutants
 * are kept only when a held-out check fails on them, run in the sandbox
 * (with `cacheLabels`, results of earlier runs come from the cache folder).
 */
export async function prepareItems(config: AuditConfig, signal?: AbortSignal, cacheLabels = false): Promise<{ fixtures: Fixture[]; generation: Generation; labelVerification: LabelVerificationRow[]; items: ReviewItem[] }> {
  const fixtures = loadFixtures(config.fixtures, config.baseDir);
  const generated = generateMutants(fixtures, config.mutators, { seed: config.seed, cap: config.mutantsPerFixture });
  const codeFixtures = fixtures.filter((f): f is CodeFixture => f.kind === 'code');
  const codeIds = new Set(codeFixtures.map((f) => f.id));
  const labelCache = codeFixtures.length && cacheLabels ? LabelStore.open(config.baseDir) : undefined;
  const verified = codeFixtures.length
    ? await verifyCodeLabels(codeFixtures, generated.mutants.filter((m) => codeIds.has(m.fixtureId)), { ...(signal ? { signal } : {}), cache: labelCache }).finally(() => labelCache?.close())
    : { kept: [], ignored: [], table: [] };
  const generation = {
    mutants: [...generated.mutants.filter((m) => !codeIds.has(m.fixtureId)), ...verified.kept],
    ignored: [...generated.ignored, ...verified.ignored],
  };
  return { fixtures, generation, labelVerification: verified.table, items: reviewItems(fixtures, generation.mutants) };
}

/**
 * Runs the audit: fixtures -> mutants -> requests -> reviews -> the run store.
 * Every critic is built before anything is sent, so a bad critic entry fails
 * the run (exit 2) with nothing half-done. A run folder that already holds
 * this audit is resumed: reviews already stored are not repeated.
 */
export async function runAudit(config: AuditConfig, options: AuditOptions): Promise<AuditOutcome> {
  const prepared = await prepareItems(config, options.signal, options.cache !== false).catch((err: unknown) => {
    throw options.signal?.aborted ? new InterruptedError('interrupted while verifying code labels, before any review was sent') : err;
  });
  const { fixtures, generation, labelVerification, items } = prepared;
  const critics = config.critics.map((entry) => createCritic(entry, config));
  const snapshot: RunSnapshot = {
    settings: {
      configFile: config.file,
      configSha256: sha256Hex(readFileSync(config.file)),
      seed: config.seed,
      conditions: config.conditions,
      mutators: config.mutators.map((m) => m.name),
      repeats: config.repeats,
      thresholds: config.thresholds,
      bootstrap: config.bootstrap,
      errorBudget: config.errorBudget,
      reports: config.reports,
    },
    critics: critics.map((c, i) => {
      const entry = config.critics[i]!.config;
      return { name: c.name, identity: c.identity, pricing: 'pricing' in entry ? entry.pricing : undefined };
    }),
    fixtures,
    generation,
    labelVerification,
    ...(fixtures.some((f) => f.kind === 'code') ? { sandboxNetwork: sandboxCommand().network } : {}),
    startedAt: new Date().toISOString(),
  };
  const store = openStore(options.outDir, snapshot);
  const cache = options.cache === false ? undefined : ReplyCache.open(config.baseDir);

  const done = store.completedKeys();
  const rubricFor = (item: ReviewItem) => config.rubric ?? DEFAULT_RUBRICS[item.kind];
  const plans = critics.map((critic, i) => {
    const reviewable = items.filter((item) => !critic.kinds || critic.kinds.includes(item.kind));
    const jobs = () => reviewJobs(reviewable, { conditions: config.conditions, rubricFor, template: config.critics[i]!.template, repeats: config.repeats });
    return { critic, jobs, count: countReviewJobs(reviewable, config) };
  });
  const planned = plans.reduce((sum, p) => sum + p.count, 0);
  options.onPlanned?.(planned, done.size);

  const errorLimit = Math.floor(config.errorBudget * planned);
  let errors = 0;
  let cost = 0;
  let stop: AuditOutcome['stop'] = null;
  const shouldStop = () => {
    if (errors > errorLimit) return `errors exceeded the budget (${errors} of ${planned} planned reviews, budget ${(100 * config.errorBudget).toFixed(1)}%)`;
    if (options.maxCost !== undefined && cost >= options.maxCost) return `cost budget spent ($${cost.toFixed(4)} of $${options.maxCost})`;
    return null;
  };

  for (const { critic, jobs } of plans) {
    if (stop || options.signal?.aborted) break;
    const pricing = snapshot.critics.find((c) => c.name === critic.name)?.pricing;
    try {
      const { stoppedBy } = await runReviews(critic, skipDone(jobs(), critic, done), {
        concurrency: config.concurrency,
        retries: config.retries,
        timeoutMs: config.timeoutMs,
        cache,
        shouldStop,
        ...(options.backoffBaseMs !== undefined ? { backoffBaseMs: options.backoffBaseMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.abortInFlight ? { abortInFlight: options.abortInFlight } : {}),
        onResult: (r) => {
          store.add(r);
          if (r.outcome === 'error') errors++;
          if (pricing && r.usage && !r.cached) cost += (r.usage.inputTokens * pricing.inputPerMillion + r.usage.outputTokens * pricing.outputPerMillion) / 1e6;
          options.onResult?.(r);
        },
      });
      if (stoppedBy) stop = { reason: stoppedBy, kind: stoppedBy.startsWith('errors') ? 'unreachable' : 'budget' };
    } catch (err) {
      if (!(err instanceof QuotaExhaustedError)) throw err;
      stop = { reason: `critic ${critic.name}: ${err.message}`, kind: 'unreachable' };
    }
  }
  if (!stop && options.signal?.aborted) stop = { reason: 'interrupted', kind: 'interrupted' };
  cache?.close();
  const status: RunStatus = { complete: stop === null, stopReason: stop?.reason ?? null, finishedAt: new Date().toISOString() };
  store.writeStatus(status);
  return { store, snapshot, status, stop };
}

/**
 * A run folder holds one audit. Reopening it with the same config and the
 * same mutants resumes it; anything else is refused rather than mixed in.
 */
function openStore(outDir: string, snapshot: RunSnapshot): RunStore {
  const existed = RunStore.exists(outDir);
  const store = RunStore.open(outDir);
  if (!existed) {
    store.writeSnapshot(snapshot);
    return store;
  }
  const previous = store.readSnapshot();
  const sameAudit = previous
    && previous.settings.configSha256 === snapshot.settings.configSha256
    && JSON.stringify(previous.generation.mutants.map((m) => m.id)) === JSON.stringify(snapshot.generation.mutants.map((m) => m.id))
    && JSON.stringify(previous.critics.map((c) => c.identity)) === JSON.stringify(snapshot.critics.map((c) => c.identity));
  if (!sameAudit) {
    store.close();
    throw new InputError(outDir, undefined, '--out', 'this run folder holds a different audit (the config, fixtures or critics changed); choose another folder');
  }
  // Same reviews, but this invocation's report settings (--threshold overrides among them) are the ones that count.
  store.writeSnapshot({ ...snapshot, startedAt: previous.startedAt });
  return store;
}

function* skipDone(jobs: Iterable<ReviewJob>, critic: Critic, done: Set<string>): Generator<ReviewJob> {
  for (const job of jobs) {
    if (!done.has(RunStore.keyOf({ critic: critic.name, itemId: job.itemId, condition: job.condition, repeat: job.repeat }))) yield job;
  }
}
