/**
 * Throughput of the run engine against a zero-latency OpenAI-compatible server
 * on loopback (in its own process), at concurrency 64, with the real openai
 * provider, run store and scheduler. Prints reviews per second, the harness's
 * own CPU time per review, and the same count of bare POSTs for comparison;
 * then the whole `critic-audit run --no-cache` through the CLI (start to exit,
 * report files included) on the same workload and server, as a ratio of the
 * bare loop's requests per second.
 *
 *   node dist/bench/throughput.js [copies=5]
 *   BENCH_HEAP_POLICY=off node dist/bench/throughput.js   (without the CLI's heap policy)
 */
import { setMaxListeners } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAudit } from '../src/audit.js';
import { loadConfig } from '../src/config/load.js';
import { HttpTransport } from '../src/reviews/providers/httpTransport.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { applyCliHeapPolicy, cliEntry, startFakeServerProcess, syntheticPolicySuite, writeConfig } from './support.js';

applyCliHeapPolicy();

const copies = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-throughput-'));
const suite = syntheticPolicySuite(dir, copies);
const { baseURL, child } = await startFakeServerProcess();
try {
  const configFile = writeConfig(dir, `fixtures: [${suite}]\nconcurrency: 64\ncritic: {name: model, provider: openai, model: fake, baseURL: "${baseURL}"}\n`);
  const config = loadConfig(configFile);
  const started = performance.now();
  // Reviews start once fixtures are loaded and mutants generated: time them from there.
  let reviewsStarted = started;
  let cpuBefore = process.cpuUsage();
  let reviews = 0;
  let errors = 0;
  const outcome = await runAudit(config, {
    outDir: join(dir, 'out'),
    cache: false,
    onPlanned: () => {
      reviewsStarted = performance.now();
      cpuBefore = process.cpuUsage();
    },
    onResult: (r) => {
      reviews++;
      if (r.outcome === 'error') errors++;
    },
  });
  const finished = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  outcome.store.close();
  const seconds = (finished - reviewsStarted) / 1000;
  console.log(`preparation (load fixtures, generate and judge mutants): ${((reviewsStarted - started) / 1000).toFixed(2)} s`);
  console.log(`reviews: ${reviews} (errors ${errors}) in ${seconds.toFixed(2)} s at concurrency 64`);
  console.log(`throughput: ${(reviews / seconds).toFixed(0)} reviews/s`);
  console.log(`harness CPU per review: ${((cpu.user + cpu.system) / reviews).toFixed(0)} µs (user+system, this process only; the server has its own)`);

  // The same number of bare node:http POSTs (the harness's own transport) against the same server, same
  // concurrency, same run: the transport's ceiling on this machine, so the harness's overhead is a ratio, not a guess.
  const body = JSON.stringify({ model: 'fake', messages: [{ role: 'user', content: 'x'.repeat(1500) }] });
  const transport = new HttpTransport();
  const url = new URL(`${baseURL}/chat/completions`);
  const signal = new AbortController().signal;
  setMaxListeners(64, signal); // one listener per request in flight
  let sent = 0;
  const bareStarted = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (sent < reviews) {
        sent++;
        JSON.parse((await transport.post(url, { 'content-type': 'application/json' }, body, { signal, timeoutMs: 60_000 })).body);
      }
    }),
  );
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  console.log(`bare node:http POSTs, same server and concurrency: ${(reviews / bareSeconds).toFixed(0)} requests/s`);
  console.log(
    `harness wall time per review beyond the bare transport: ${((1000 * seconds) / reviews - (1000 * bareSeconds) / reviews).toFixed(3)} ms (the harness runs at ${((100 * bareSeconds) / seconds).toFixed(0)}% of bare-transport throughput)`,
  );

  // The whole command as a user runs it: node's start, planning, the reviews and every report file, to exit.
  const cliStarted = performance.now();
  const cli = spawnSync(process.execPath, [...cliEntry(), 'run', '--no-cache', '--config', configFile, '--out', join(dir, 'cli')], { encoding: 'utf8' });
  const cliSeconds = (performance.now() - cliStarted) / 1000;
  const cliReviews = JSON.parse(readFileSync(join(dir, 'cli', 'report.json'), 'utf8')).critics.model.verdicts.reviews as number;
  const bareRate = reviews / bareSeconds;
  console.log(
    `critic-audit run end to end (start to exit, reports included; exit ${cli.status}): ${cliReviews} reviews in ${cliSeconds.toFixed(2)} s = ${(cliReviews / cliSeconds).toFixed(0)} reviews/s, ${(cliReviews / cliSeconds / bareRate).toFixed(2)} of the bare loop's requests/s`,
  );
} finally {
  child.kill();
}
