/**
 * Writes the canary example (issue 32) into a folder: a seeded production
 * stream of 90 days, 2,000 reviews a day, 2% of them canaries
 * (verdicts.jsonl.gz), its answer key (answer-key.json) and the drift config
 * that maps its fields (critic.config.yaml). The worker improves on day 30 (the
 * ordinary rejection rate halves); a new critic version on day 45 catches 50%
 * of canary mutants instead of 80%.
 *
 *   npx tsc -p tsconfig.json && node dist/scripts/make-canary-stream.js OUT_DIR [SEED]
 *   npx critic-audit drift OUT_DIR/verdicts.jsonl.gz --config OUT_DIR/critic.config.yaml --canaries OUT_DIR/answer-key.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { canaryExampleKey, canaryExampleStream, productionLog, STREAM_FIELDS } from '../src/drift/simulate.js';

export const CANARY_EXAMPLE_CONFIG = `drift:
  fields:
    timestamp: ${STREAM_FIELDS.timestamp}
    verdict: ${STREAM_FIELDS.verdict}
    canary: ${STREAM_FIELDS.canary}
    fingerprint: [model, prompt_version]
  rejectValues: [reject]
  approveValues: [approve]
`;

/** Writes the example; returns the number of log lines. */
export function writeCanaryExample(out: string, seed: number | string = 'canary-example', days = 90): number {
  mkdirSync(out, { recursive: true });
  const key = canaryExampleKey(seed);
  const lines: string[] = [];
  for (const record of productionLog(canaryExampleStream(seed, days), key)) lines.push(JSON.stringify(record));
  writeFileSync(join(out, 'verdicts.jsonl.gz'), gzipSync(lines.join('\n') + '\n'));
  writeFileSync(join(out, 'answer-key.json'), JSON.stringify(key, null, 2) + '\n');
  writeFileSync(join(out, 'critic.config.yaml'), CANARY_EXAMPLE_CONFIG);
  return lines.length;
}

if (process.argv[1]?.endsWith('make-canary-stream.js')) {
  const [out, seed] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node dist/scripts/make-canary-stream.js OUT_DIR [SEED]');
    process.exit(2);
  }
  const n = writeCanaryExample(out, seed ?? 'canary-example');
  console.log(`wrote ${n} lines to ${join(out, 'verdicts.jsonl.gz')}, the key and the drift config`);
}
