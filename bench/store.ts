/**
 * The run store alone: how fast it writes reviews (the upsert, positional
 * binding, batched commits) and reads them back (the row decoder), with no
 * critic or scheduler around it. Each phase runs `rounds` times on a fresh
 * folder; the best round is printed (the least disturbed by other work).
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

const best = { write: Infinity, read: Infinity, readCounts: Infinity, readItems: Infinity };
for (let round = 0; round < rounds; round++) {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-store-'));
  const store = RunStore.open(dir);
  const results = Array.from({ length: reviews }, (_, i) => review(i));
  let started = performance.now();
  for (const r of results) store.add(r);
  store.count(); // flushes the last batch
  best.write = Math.min(best.write, performance.now() - started);

  let read = 0;
  started = performance.now();
  for (const r of store.results()) read += r.attempts;
  best.read = Math.min(best.read, performance.now() - started);
  started = performance.now();
  for (const r of store.results('model', { text: false })) read += r.attempts;
  best.readCounts = Math.min(best.readCounts, performance.now() - started);
  started = performance.now();
  for (let item = 0; item < reviews / conditions.length; item += 10) read += store.itemResults('model', `item-${item}`).length;
  best.readItems = Math.min(best.readItems, performance.now() - started);
  if (read < reviews) throw new Error(`read back ${read} of ${reviews}`);
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
const perReview = (ms: number) => `${((1000 * ms) / reviews).toFixed(2)} µs per review`;
console.log(`${reviews} reviews, best of ${rounds} rounds`);
console.log(`write (add, batched commits): ${best.write.toFixed(0)} ms, ${perReview(best.write)}`);
console.log(`read results(): ${best.read.toFixed(0)} ms, ${perReview(best.read)}`);
console.log(`read results(critic, { text: false }): ${best.readCounts.toFixed(0)} ms, ${perReview(best.readCounts)}`);
console.log(`read itemResults() of every tenth item: ${best.readItems.toFixed(0)} ms`);
