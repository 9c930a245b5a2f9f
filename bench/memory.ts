/**
 * Peak resident memory of a 100,000-review run with a fast local critic
 * (builtin:evidence-check) over a synthetic copy of the policy suite.
 *
 *   node dist/bench/memory.js [reviews=100000]
 *   BENCH_HEAP_POLICY=off node dist/bench/memory.js   (without the CLI's heap policy)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAudit } from '../src/audit.js';
import { loadConfig } from '../src/config/load.js';
import { applyCliHeapPolicy, syntheticPolicySuite, writeConfig } from './support.js';

applyCliHeapPolicy();

const target = Number(process.argv[2] ?? 100_000);
// Reviews one copy of the policy suite yields under the config below (27 originals and 503 mutants,
// each under four conditions), as counted by a run; the output says so when copies fall short.
const perCopy = 2_120;
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-memory-'));
const suite = syntheticPolicySuite(dir, Math.ceil(target / perCopy));
const config = loadConfig(writeConfig(dir, `fixtures: [${suite}]\nconcurrency: 16\ncritic: {provider: builtin:evidence-check}\n`));
const started = performance.now();
let reviews = 0;
let peakHeap = 0;
const sample = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 100);
const outcome = await runAudit(config, { outDir: join(dir, 'out'), cache: false, onResult: () => reviews++ });
outcome.store.close();
clearInterval(sample);
const maxRssMb = process.resourceUsage().maxRSS / 1024;
console.log(`reviews: ${reviews} in ${((performance.now() - started) / 1000).toFixed(1)} s${reviews < target ? ` (short of the ${target} asked for: perCopy is out of date)` : ''}`);
console.log(`peak RSS: ${maxRssMb.toFixed(0)} MB; peak JS heap in use (sampled every 100 ms): ${(peakHeap / 2 ** 20).toFixed(0)} MB`);
