import type { AuditConfig } from './config/load.js';
import { loadFixtures } from './fixtures/load.js';
import type { Fixture } from './fixtures/types.js';
import { generateMutants, type Generation } from './mutants/generate.js';
import { reviewItems, type ReviewItem } from './requests/items.js';
import { reviewJobs } from './requests/jobs.js';
import { DEFAULT_RUBRICS } from './requests/rubric.js';
import type { Critic } from './reviews/critic.js';
import { createCritic } from './reviews/providers/index.js';
import { QuotaExhaustedError, runReviews, type ReviewResult } from './reviews/schedule.js';

/** Everything a run measured: the input to every report. */
export interface AuditRun {
  config: AuditConfig;
  fixtures: Fixture[];
  generation: Generation;
  items: ReviewItem[];
  critics: Critic[];
  results: ReviewResult[];
  /** False when the run stopped early; the reports say why. */
  complete: boolean;
  stopReason: string | null;
  startedAt: Date;
  finishedAt: Date;
}

export interface AuditOptions {
  signal?: AbortSignal;
  onResult?: (result: ReviewResult) => void;
  /** Called once the number of reviews is known, before any is sent. */
  onPlanned?: (total: number) => void;
  backoffBaseMs?: number;
}

/** The fixtures stage through the mutants stage: pure input, no critic involved. */
export function prepareItems(config: AuditConfig): { fixtures: Fixture[]; generation: Generation; items: ReviewItem[] } {
  const fixtures = loadFixtures(config.fixtures, config.baseDir);
  const generation = generateMutants(fixtures, config.mutators, { seed: config.seed, cap: config.mutantsPerFixture });
  return { fixtures, generation, items: reviewItems(fixtures, generation.mutants) };
}

/**
 * Runs the audit: fixtures -> mutants -> requests -> reviews. Every critic is
 * built before anything is sent, so a bad critic entry fails the run (exit 2)
 * with nothing half-done.
 */
export async function runAudit(config: AuditConfig, options: AuditOptions = {}): Promise<AuditRun> {
  const startedAt = new Date();
  const { fixtures, generation, items } = prepareItems(config);
  const critics = config.critics.map((entry) => createCritic(entry, config));
  const plans = critics.map((critic, i) => {
    const reviewable = items.filter((item) => !critic.kinds || critic.kinds.includes(item.kind));
    const rubricFor = (item: ReviewItem) => config.rubric ?? DEFAULT_RUBRICS[item.kind];
    return { critic, jobs: [...reviewJobs(reviewable, { conditions: config.conditions, rubricFor, template: config.critics[i]!.template })] };
  });
  options.onPlanned?.(plans.reduce((sum, p) => sum + p.jobs.length, 0));

  const results: ReviewResult[] = [];
  let stopReason: string | null = null;
  for (const { critic, jobs } of plans) {
    if (stopReason || options.signal?.aborted) break;
    try {
      await runReviews(critic, jobs, {
        concurrency: config.concurrency,
        retries: config.retries,
        timeoutMs: config.timeoutMs,
        ...(options.backoffBaseMs !== undefined ? { backoffBaseMs: options.backoffBaseMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onResult: (r) => {
          results.push(r);
          options.onResult?.(r);
        },
      });
    } catch (err) {
      if (!(err instanceof QuotaExhaustedError)) throw err;
      stopReason = `critic ${critic.name}: ${err.message}`;
    }
  }
  if (!stopReason && options.signal?.aborted) stopReason = 'interrupted';
  return { config, fixtures, generation, items, critics, results, complete: stopReason === null, stopReason, startedAt, finishedAt: new Date() };
}
