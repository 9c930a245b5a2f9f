/**
 * A finished 10,000-review run served again entirely from the reply cache:
 * the second run's wall time, measured as a user would (the CLI, start to exit).
 *
 *   node dist/bench/cache-rerun.js [copies=5]
 *   BENCH_HEAP_POLICY=off node dist/bench/cache-rerun.js   (without the CLI's heap policy)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEntry, startFakeServerProcess, syntheticPolicySuite, writeConfig } from './support.js';

const copies = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-cache-'));
const suite = syntheticPolicySuite(dir, copies);
const { baseURL, child } = await startFakeServerProcess();
try {
  const config = writeConfig(dir, `fixtures: [${suite}]\nconcurrency: 64\ncritic: {name: model, provider: openai, model: fake, baseURL: "${baseURL}"}\n`);
  const run = (out: string) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [...cliEntry(), 'run', '--config', config, '--out', join(dir, out)], { encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    const verdicts = JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')).critics.model.verdicts;
    return { seconds, status: result.status, verdicts };
  };
  const first = run('first');
  const second = run('second');
  console.log(`first run: ${first.verdicts.reviews} reviews in ${first.seconds.toFixed(2)} s (cached ${first.verdicts.cached})`);
  console.log(`rerun from cache: ${second.verdicts.reviews} reviews in ${second.seconds.toFixed(2)} s (cached ${second.verdicts.cached})`);
  console.log(`ratio: the rerun took ${((100 * second.seconds) / first.seconds).toFixed(0)}% of the first run's time`);
} finally {
  child.kill();
}
