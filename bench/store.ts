/**
 * The run store alone: how fast it writes reviews (the upsert, positional
 * binding, batched commits) and reads them back (the row decoder), with no
 * critic or scheduler around it. Each phase runs `rounds` times on a fresh
 * folder; the best round is printed (the least disturbed by other work), as
 * this process's CPU time (user and system) and as wall time: on a shared
 * machine the CPU time is the steadier of the two.
 *
 *   node dist/bench/store.js [reviews=200000] [rounds=3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunStore } from '../src/results/store.js';
import type { ReviewResult } from '../src/reviews/types.js';

const reviews = Number(process.argv[2] ?? 200_000);
const rounds = Number(process.argv[3] ?? 3);
const conditions = ['clean', 'planted-pass', 'authority', 'self-review'] as const;

/** Review `i`: a verdict with a short reply and token counts, as a hosted critic's; every tenth a second turn. */
const review = (i: number): ReviewResult => ({
  critic: 'model',
  itemId: `item-${Math.floor(i / conditions.length)}`,
  condition: conditions[i % conditions.length]!,
  repeat: 0,
  reviewId: `review-${i}`,
  requestDigest: `digest-${i}`,
  outcome: 'verdict',
  verdict: i % 3 ? 'PASS' : 'FAIL',
  reply: `VERDICT: ${i % 3 ? 'PASS' : 'FAIL'}\nThe artifact matches its evidence in every sentence but one (${i}).`,
  error: null,
  attempts: 1,
  latencyMs: 12.5,
  usage: { inputTokens: 900, outputTokens: 40 },
  cached: false,
  rateLimited: 0,
  cacheKey: `key-${i}`,
  ...(i % 10 === 0 ? { followUp: 'Are you sure?' } : {}),
});

type Phase = 'write' | 'read' | 'readCounts' | 'readItems';
const best: Record<Phase, { cpuMs: number; wallMs: number }> = {
  write: { cpuMs: Infinity, wallMs: Infinity },
  read: { cpuMs: Infinity, wallMs: Infinity },
  readCounts: { cpuMs: Infinity, wallMs: Infinity },
  readItems: { cpuMs: Infinity, wallMs: Infinity },
};
/** Runs `phase`, keeping its best CPU and wall times. */
function timed(phase: Phase, work: () => void): void {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  best[phase].cpuMs = Math.min(best[phase].cpuMs, (used.user + used.system) / 1000);
  best[phase].wallMs = Math.min(best[phase].wallMs, wallMs);
}

for (let round = 0; round < rounds; round++) {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-store-'));
  const store = RunStore.open(dir);
  const results = Array.from({ length: reviews }, (_, i) => review(i));
  timed('write', () => {
    for (const r of results) store.add(r);
    store.count(); // flushes the last batch
  });
  let read = 0;
  timed('read', () => {
    for (const r of store.results()) read += r.attempts;
  });
  timed('readCounts', () => {
    for (const r of store.results('model', { text: false })) read += r.attempts;
  });
  timed('readItems', () => {
    for (let item = 0; item < reviews / conditions.length; item += 10) read += store.itemResults('model', `item-${item}`).length;
  });
  if (read < reviews) throw new Error(`read back ${read} of ${reviews}`);
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
const line = (what: string, phase: Phase, perReview = true) =>
  `${what}: CPU ${best[phase].cpuMs.toFixed(0)} ms${perReview ? ` (${((1000 * best[phase].cpuMs) / reviews).toFixed(2)} µs per review)` : ''}, wall ${best[phase].wallMs.toFixed(0)} ms`;
console.log(`${reviews} reviews, best of ${rounds} rounds`);
console.log(line('write (add, batched commits)', 'write'));
console.log(line('read results()', 'read'));
console.log(line('read results(critic, { text: false })', 'readCounts'));
console.log(line('read itemResults() of every tenth item', 'readItems', false));
