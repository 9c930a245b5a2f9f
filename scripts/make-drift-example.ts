/**
 * Writes fixtures/drift/verdicts.jsonl.gz, the bundled drift example:
 * 60 days of production verdicts at 100 reviews a day. Critic version
 * critic-2025.01 rejects about 10%; from day 30, critic-2025.02 takes over and
 * rejects about 2%, the kind of quiet change seed 004 warns about. Two lines are
 * deliberately bad, to show how bad lines are reported.
 *
 * Deterministic (seeded, and gzip without a timestamp): rerunning it
 * reproduces the committed file byte for byte.
 *
 *   npx tsc -p tsconfig.json && node dist/scripts/make-drift-example.js
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { syntheticReviews } from '../src/drift/simulate.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';

const DAYS = 60;
const SWITCH_DAY = 30;
const TASKS = ['summary', 'extraction', 'policy-qa'];

const lines: string[] = [];
let i = 0;
for (const review of syntheticReviews({ seed: 'drift-example', days: DAYS, reviewsPerDay: 100, rate: (day) => (day < SWITCH_DAY ? 0.1 : 0.02) })) {
  const day = Math.floor((review.time - Date.UTC(2025, 0, 1)) / 86_400_000);
  lines.push(
    JSON.stringify({
      ts: new Date(review.time).toISOString(),
      task_type: TASKS[i++ % TASKS.length],
      critic_version: day < SWITCH_DAY ? 'critic-2025.01' : 'critic-2025.02',
      review: { decision: review.rejected ? 'reject' : 'approve' },
    }),
  );
}
// A writer cut off mid-line, and a review logged without its decision.
lines.splice(1234, 0, '{"ts":"2025-01-13T08:53:00.000Z","task_type":"summ');
lines.splice(4321, 0, JSON.stringify({ ts: '2025-02-13T05:02:00.000Z', task_type: 'extraction', critic_version: 'critic-2025.02', review: {} }));

const out = join(PACKAGE_ROOT, 'fixtures', 'drift');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'verdicts.jsonl.gz'), gzipSync(lines.join('\n') + '\n', { level: 9 }));
console.log(`wrote ${lines.length} lines to ${join(out, 'verdicts.jsonl.gz')}`);
