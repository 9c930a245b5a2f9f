/**
 * Throughput of the run engine against a zero-latency OpenAI-compatible server
 * on loopback (in its own process), at concurrency 64, with the real openai
 * client, run store and scheduler. Prints reviews per second and the harness's
 * own CPU time per review.
 *
 *   node dist/bench/throughput.js [copies=5]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAudit } from '../src/audit.js';
import { loadConfig } from '../src/config/load.js';
import { startFakeServerProcess, syntheticPolicySuite, writeConfig } from './support.js';

const copies = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-throughput-'));
const suite = syntheticPolicySuite(dir, copies);
const { baseURL, child } = await startFakeServerProcess();
try {
  const config = loadConfig(writeConfig(dir, `fixtures: [${suite}]\nconcurrency: 64\ncritic: {name: model, provider: openai, model: fake, baseURL: "${baseURL}"}\n`));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let reviews = 0;
  let errors = 0;
  const outcome = await runAudit(config, {
    outDir: join(dir, 'out'),
    cache: false,
    onResult: (r) => {
      reviews++;
      if (r.outcome === 'error') errors++;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  outcome.store.close();
  console.log(`reviews: ${reviews} (errors ${errors}) in ${seconds.toFixed(2)} s at concurrency 64`);
  console.log(`throughput: ${(reviews / seconds).toFixed(0)} reviews/s`);
  console.log(`harness CPU per review: ${((cpu.user + cpu.system) / reviews).toFixed(0)} µs (user+system, this process only; the server has its own)`);
} finally {
  child.kill();
}
