/**
 * Pacing against a rate limit: the real openai provider, scheduler and run
 * store at concurrency 64 against a server in its own process that enforces
 * 3,000 requests a minute with 40 ms latency (bench/rate-limit-server.ts),
 * once with adaptive concurrency alone (a 429 halves the reviews in flight)
 * and once paced from the rate-limit headers, alternately, each against a
 * fresh server. Prints, per run, the share of the limit sustained (answered
 * reviews per second over the limit's 50 a second) and the 429s per review.
 *
 *   node dist/bench/rate-limit.js [copies=2] [rounds=1]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAudit } from '../src/audit.js';
import { loadConfig } from '../src/config/load.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';
import { syntheticPolicySuite, writeConfig } from './support.js';

const RPM = 3_000;
const LATENCY_MS = 40;
const copies = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 1);

function startServer(): Promise<{ baseURL: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'dist/bench/rate-limit-server.js'), String(RPM), String(LATENCY_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => resolve({ baseURL: chunk.toString().trim(), stop: () => child.kill() }));
  });
}

async function measure(pace: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-rate-limit-'));
  const suite = syntheticPolicySuite(dir, copies);
  const { baseURL, stop } = await startServer();
  try {
    const config = loadConfig(
      writeConfig(dir, `fixtures: [${suite}]\nconditions: [clean, with-trace]\nconcurrency: 64\ncritic: {name: model, provider: openai, model: fake, baseURL: "${baseURL}"}\n`),
    );
    let started = 0;
    let answered = 0;
    let errors = 0;
    let rateLimited = 0;
    const outcome = await runAudit(config, {
      outDir: join(dir, 'out'),
      cache: false,
      pace,
      onPlanned: () => {
        started = performance.now();
      },
      onResult: (r) => {
        if (r.outcome === 'error') errors++;
        else answered++;
        rateLimited += r.rateLimited;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    outcome.store.close();
    const reviews = answered + errors;
    const share = answered / seconds / (RPM / 60);
    return `${pace ? 'paced from headers ' : 'adaptive alone     '}: ${reviews} reviews in ${seconds.toFixed(1)} s, ${errors} errors; sustained ${(100 * share).toFixed(1)}% of the limit; ${(rateLimited / reviews).toFixed(3)} 429s per review (${rateLimited} in all)`;
  } finally {
    stop();
  }
}

console.log(`limit ${RPM} requests/min (${RPM / 60}/s, a one-second bucket), latency ${LATENCY_MS} ms, concurrency 64`);
for (let round = 0; round < rounds; round++) {
  console.log(await measure(false));
  console.log(await measure(true));
}
