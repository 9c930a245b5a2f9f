/**
 * Reviews per second of a Python exec critic (examples/persistent-critic.py,
 * and the same review() one process per review through
 * bench/oneshot-critic.py) in oneshot and in persistent mode, in one run: the
 * real exec providers, built from a config, through the real scheduler at
 * concurrency 8, on the bundled policy suite's requests (reply cache off).
 * Needs python3 on PATH.
 *
 *   node dist/bench/exec-modes.js [reviews=400]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareRun } from '../src/audit.js';
import { loadConfig, type AuditConfig } from '../src/config/load.js';
import type { Mutant } from '../src/mutants/types.js';
import { fixtureItems } from '../src/requests/items.js';
import { reviewJobs, type ReviewJob } from '../src/requests/jobs.js';
import { fixtureKind } from '../src/fixtures/kinds/index.js';
import { createCritic } from '../src/reviews/providers/index.js';
import { runReviews } from '../src/reviews/schedule.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';
import { applyCliHeapPolicy, writeConfig } from './support.js';

applyCliHeapPolicy();

const reviews = Number(process.argv[2] ?? 400);
const concurrency = 8;
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-exec-modes-'));

function configFor(mode: 'oneshot' | 'persistent'): AuditConfig {
  const script = join(PACKAGE_ROOT, mode === 'persistent' ? 'examples/persistent-critic.py' : 'bench/oneshot-critic.py');
  const suite = join(PACKAGE_ROOT, 'fixtures/policy');
  return loadConfig(writeConfig(dir, `fixtures: [${suite}]\nconcurrency: ${concurrency}\ncritic: {name: numbers, provider: exec, mode: ${mode}, command: [python3, ${JSON.stringify(script)}]}\n`));
}

/** The first `count` reviews of the bundled suite, every condition, as a run would send them. */
async function jobsOf(config: AuditConfig, count: number): Promise<ReviewJob[]> {
  const prepared = await prepareRun(config);
  const mutants: Mutant[] = [...prepared.generation()].flatMap((g) => g.mutants);
  const items = prepared.fixtures.flatMap((f) => [
    ...fixtureItems(
      f,
      mutants.filter((m) => m.fixtureId === f.id),
    ),
  ]);
  const jobs = [...reviewJobs(items, { conditions: config.conditions, rubricFor: (item) => fixtureKind(item.kind).defaultRubric, template: config.critics[0]!.template })];
  if (jobs.length < count) throw new Error(`the suite has ${jobs.length} reviews, fewer than ${count}`);
  return jobs.slice(0, count);
}

async function reviewsPerSecond(mode: 'oneshot' | 'persistent'): Promise<number> {
  const config = configFor(mode);
  const jobs = await jobsOf(config, reviews);
  const critic = createCritic(config.critics[0]!, config);
  let verdicts = 0;
  let errors = 0;
  const started = performance.now();
  try {
    await runReviews(critic, jobs, {
      concurrency,
      retries: config.retries,
      timeoutMs: config.timeoutMs,
      onResult: (r) => {
        if (r.outcome === 'verdict') verdicts++;
        if (r.outcome === 'error') errors++;
      },
    });
  } finally {
    await critic.close?.();
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = reviews / seconds;
  console.log(
    `${mode.padEnd(10)} ${reviews} reviews (verdicts ${verdicts}, errors ${errors}) in ${seconds.toFixed(2)} s: ${rate.toFixed(1)} reviews/s, ${((1000 * seconds) / reviews).toFixed(1)} ms each`,
  );
  return rate;
}

console.log(
  `python3: ${execFileSync('python3', ['-c', 'import sys; print(sys.executable, sys.version.split()[0])'], { encoding: 'utf8' }).trim()}; concurrency ${concurrency}; load average ${loadavg()[0]!.toFixed(1)}`,
);
const oneshot = await reviewsPerSecond('oneshot');
const persistent = await reviewsPerSecond('persistent');
console.log(`persistent / oneshot: ${(persistent / oneshot).toFixed(0)}x`);
