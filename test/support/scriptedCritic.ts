import { readFileSync } from 'node:fs';
import { DEFAULT_TEMPLATE_FILE } from '../../src/config/load.js';
import type { Thresholds } from '../../src/measures/index.js';
import type { Fixture, TextFixture } from '../../src/fixtures/types.js';
import { spanOf } from '../../src/mutants/span.js';
import type { Mutant } from '../../src/mutants/types.js';
import { conditionsOf, type ConditionName } from '../../src/requests/conditions/index.js';
import { contaminantIn } from '../../src/requests/types.js';
import type { ReviewItem } from '../../src/requests/items.js';
import { reviewItems } from './reviewItems.js';
import { reviewJobs } from '../../src/requests/jobs.js';
import type { AuditSnapshot } from '../../src/reports/types.js';
import type { Critic } from '../../src/reviews/critic.js';
import { runReviews } from '../../src/reviews/schedule.js';
import type { ReviewResult } from '../../src/reviews/types.js';
import { createRng } from '../../src/statistics/random.js';
import { stableId } from '../../src/util/hash.js';

/**
 * A world of synthetic fixtures and mutants whose true catch rates are known,
 * reviewed by a scripted in-process critic through the real scheduler. Used
 * to check the gates' error rates and the bootstrap's coverage by simulation.
 */
export interface World {
  fixtures: TextFixture[];
  mutants: Mutant[];
  items: ReviewItem[];
}

/** `clusters` fixtures (one cluster each), with `mutantsPer(k)` number-flip mutants in fixture k. */
export function makeWorld(clusters: number, mutantsPer: (k: number) => number): World {
  const fixtures: TextFixture[] = [];
  const mutants: Mutant[] = [];
  for (let k = 0; k < clusters; k++) {
    const id = `fixture-${String(k).padStart(3, '0')}`;
    const count = mutantsPer(k);
    const lines = Array.from({ length: count }, (_, j) => `Rule ${j + 1} of policy ${k}: staff may claim up to ${100 + 10 * j} pounds.`);
    const artifact = lines.join('\n');
    fixtures.push({
      id,
      kind: 'text',
      variants: [],
      task: `What may staff claim under policy ${k}?`,
      artifact,
      evidence: [{ id: 'policy', text: artifact }],
      trace: 'Checked every rule against the policy; all verified.',
      cluster: `cluster-${k}`,
      source: { file: 'scripted.yaml', line: k + 1 },
    });
    let offset = 0;
    for (let j = 0; j < count; j++) {
      const original = String(100 + 10 * j);
      const start = artifact.indexOf(`${original} pounds`, offset);
      const end = start + original.length;
      offset = end;
      const replacement = String(100 + 10 * j + 5);
      mutants.push({
        id: stableId(id, 'number-flip', start, end, replacement),
        fixtureId: id,
        mutator: 'number-flip',
        span: spanOf(artifact, start, end),
        original,
        replacement,
        artifact: artifact.slice(0, start) + replacement + artifact.slice(end),
        trace: 'Checked every rule against the policy; all verified.',
      });
    }
  }
  return { fixtures, mutants, items: reviewItems(fixtures, mutants) };
}

/** The probability that the critic flags an item under a condition: the script's ground truth. */
export type FlagRate = (item: ReviewItem, condition: ConditionName) => number;

export interface ScriptOptions {
  name: string;
  /** Seeds this run's fresh randomness. */
  seed: number | string;
  rate: FlagRate;
  /**
   * Share of reviews decided by the item's own fixed uniform draw (shared by
   * every run and condition) rather than a fresh one: how persistent an item's
   * difficulty is. Each review's uniform is still exactly U(0, 1), so the flag
   * probability is exactly `rate`.
   */
  persistence?: number;
  /** Seeds the items' fixed draws (the same across runs). */
  itemSeed?: number | string;
}

/**
 * A deterministic critic with known rates: it recognises the item from the
 * artifact text and the condition from the request's contaminant, and flags
 * with probability rate(item, condition). Replies end in a VERDICT line, as
 * the real verdict parser expects.
 */
export function scriptedCritic(world: World, options: ScriptOptions): Critic {
  const byArtifact = new Map(world.items.map((item) => [item.artifact, item]));
  const persistence = options.persistence ?? 0;
  const uniform = (seed: string) => createRng(seed).next();
  return {
    name: options.name,
    identity: { provider: 'scripted', name: options.name },
    async review(call) {
      const item = byArtifact.get(call.request.artifact);
      if (!item) throw new Error('scripted critic: unknown artifact');
      const prior = contaminantIn(call.request, 'prior_verdict');
      const condition: ConditionName = contaminantIn(call.request, 'trace') !== undefined ? 'with-trace' : prior === undefined ? 'clean' : prior.includes('PASS') ? 'prior-pass' : 'prior-fail';
      const fresh = uniform(`${options.seed}:${call.reviewId}`);
      const sticky = uniform(`${options.itemSeed ?? 'items'}:${item.id}`);
      const choose = uniform(`${options.seed}:choose:${call.reviewId}`);
      const u = choose < persistence ? sticky : fresh;
      const flag = u < options.rate(item, condition);
      return { text: `Reviewed ${item.id}.\nVERDICT: ${flag ? 'FAIL' : 'PASS'}` };
    },
  };
}

const TEMPLATE = readFileSync(DEFAULT_TEMPLATE_FILE, 'utf8');

/** Runs the scripted critic over every item and condition through the real scheduler. */
export async function review(world: World, critic: Critic, conditions: ConditionName[], repeats = 1): Promise<ReviewResult[]> {
  const results: ReviewResult[] = [];
  const jobs = reviewJobs(world.items, { conditions: conditionsOf(conditions), rubricFor: () => 'Check the artifact against the evidence.', template: TEMPLATE, repeats });
  await runReviews(critic, jobs, { concurrency: 4, retries: 0, timeoutMs: 10_000, onResult: (r) => results.push(r) });
  return results;
}

/** A result source for buildReport and buildBaseline, like the run store but in memory. */
export function memoryStore(results: readonly ReviewResult[]) {
  return { results: (critic?: string) => results.filter((r) => critic === undefined || r.critic === critic) };
}

export function snapshotOf(world: { fixtures: Fixture[]; mutants: Mutant[] }, critics: string[], conditions: ConditionName[], thresholds: Thresholds = {}, seed = 1): AuditSnapshot {
  return {
    settings: { configFile: 'scripted.yaml', configSha256: '0'.repeat(64), seed, conditions, mutators: ['number-flip'], repeats: 1, thresholds, errorBudget: 0.05 },
    critics: critics.map((name) => ({ name, identity: { provider: 'scripted', name } })),
    fixtures: world.fixtures,
    generation: { mutants: world.mutants, ignored: [] },
    startedAt: new Date(0).toISOString(),
  };
}

export const COMPLETE = { complete: true, stopReason: null, finishedAt: new Date(0).toISOString() };
