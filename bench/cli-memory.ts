/**
 * Peak resident memory of the whole commands a user runs on a 100,000-review
 * run with a fast local critic: `critic-audit run` (reviews, then every report
 * file) without the reply cache, then with it (the default; a fresh cache, so
 * every reply is stored, then a rerun that reads every reply from it), and
 * `critic-audit report DIR` (every report file rebuilt from the store). Each
 * runs in a child process that prints its own peak RSS on exit.
 *
 *   node dist/bench/cli-memory.js [copies=48]
 *   BENCH_HEAP_POLICY=off node dist/bench/cli-memory.js   (without the CLI's heap policy)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEntry, syntheticPolicySuite, writeConfig } from './support.js';

// 48 copies of the policy suite make 101,760 reviews (see bench/memory.ts).
const copies = Number(process.argv[2] ?? 48);
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-cli-memory-'));
const suite = syntheticPolicySuite(dir, copies);
const config = writeConfig(dir, `fixtures: [${suite}]\nconcurrency: 16\ncritic: {provider: builtin:evidence-check}\n`);
const out = join(dir, 'out');
// Preloaded into the child: its peak RSS, as the last line on stderr.
const reportPeak = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss-kb '+process.resourceUsage().maxRSS+'\\n'))`;

function measure(args: string[]): { seconds: number; peakMb: number; status: number | null } {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', reportPeak, ...cliEntry(), ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  const peak = /peak-rss-kb (\d+)/.exec(child.stderr);
  if (!peak) throw new Error(`no peak RSS from critic-audit ${args[0]}: ${child.stderr.slice(-2000)}`);
  return { seconds, peakMb: Number(peak[1]) / 1024, status: child.status };
}

const runs = [
  ['run --no-cache', ['run', '--config', config, '--out', out, '--no-cache']],
  ['report DIR', ['report', out]],
  ['run (cache: every reply a miss)', ['run', '--config', config, '--out', join(dir, 'cached-1')]],
  ['run (cache: every reply a hit)', ['run', '--config', config, '--out', join(dir, 'cached-2')]],
] as const;
for (const [name, args] of runs) {
  const { seconds, peakMb, status } = measure([...args]);
  console.log(`critic-audit ${name}: peak RSS ${peakMb.toFixed(0)} MB, ${seconds.toFixed(1)} s (exit ${status})`);
}
