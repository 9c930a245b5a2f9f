import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, runCli } from '../support/cliRun.js';
import { RunStore } from '../../src/results/store.js';
import { auditDir, deterministicReply } from '../support/auditDir.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAIBatch, type FakeOpenAIBatch } from '../support/fakeOpenAIBatch.js';

const KEY = 'sk-test-batch-SECRET-4f9c2a';
const CRITIC = `  apiKeyEnv: CRITIC_AUDIT_BATCH_KEY
  pricing: {inputPerMillion: 2, outputPerMillion: 8}
`;

function verdicts(dir: string): Map<string, string | null> {
  const store = RunStore.open(dir);
  try {
    return new Map(Array.from(store.results(), (r) => [`${r.itemId}|${r.condition}|${r.repeat}`, r.outcome === 'error' ? 'error' : r.verdict]));
  } finally {
    store.close();
  }
}

let batchServer: FakeOpenAIBatch;
let online: Map<string, string | null>;
let dir: string;
let codes: number[];
let messages: string[];

beforeAll(async () => {
  process.env.CRITIC_AUDIT_BATCH_KEY = KEY;
  // The same audit online, against a critic that answers as the batch server does: what batch mode must end with.
  const onlineServer = await startFakeOpenAI(deterministicReply);
  const reference = auditDir(onlineServer.baseURL, CRITIC);
  await runCli('run', '--no-cache', '--config', reference.config, '--out', join(reference.dir, 'run'));
  await onlineServer.close();
  online = verdicts(join(reference.dir, 'run'));

  // Batch 1 answers all but every 7th request (HTTP 500 in its error file); batch 2, carrying those, expires with half done; batch 3 completes.
  batchServer = await startFakeOpenAIBatch({
    answer: deterministicReply,
    script: [{ polls: 1, fail: (_, index) => index % 7 === 3 }, { polls: 0, end: 'expired', answered: 0.5 }, { polls: 0 }],
  });
  const audit = auditDir(batchServer.baseURL, `${CRITIC}  batch: true\n`);
  dir = join(audit.dir, 'run');
  codes = [];
  messages = [];
  let result = await runCli('run', '--no-cache', '--config', audit.config, '--out', dir);
  codes.push(result.code);
  messages.push(result.stderr);
  for (let i = 0; i < 12 && result.code === 130; i++) {
    result = await runCli('run', '--no-cache', '--config', audit.config, '--resume', dir);
    codes.push(result.code);
    messages.push(result.stderr);
  }
}, 120_000);

afterAll(async () => {
  await batchServer?.close();
  delete process.env.CRITIC_AUDIT_BATCH_KEY;
});

describe('batch mode (openai)', () => {
  it('submits the planned reviews as one batch and exits 130 while it runs, naming the batch and --resume', () => {
    expect(codes[0]).toBe(130);
    expect(messages[0]).toMatch(/waiting for critic model: \d+ reviews in batch batch_\d+.*--resume/);
    expect(batchServer.inputs[0]!.length).toBe(online.size);
    const line = batchServer.inputs[0]![0] as { custom_id: string; method: string; url: string; body: { model: string; messages: unknown[] } };
    expect(line).toMatchObject({ method: 'POST', url: '/v1/chat/completions', body: { model: 'fake-model' } });
    expect(line.custom_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('resumes through a partial failure and an expiry to one result per review, each as the online run stored it', () => {
    expect(codes.at(-1)).not.toBe(130);
    expect([...batchServer.batches.values()].map((b) => b.status)).toEqual(['completed', 'expired', 'completed']);
    const failed = batchServer.inputs[0]!.filter((_, index) => index % 7 === 3).length;
    expect(batchServer.inputs[1]!.length).toBe(failed);
    expect(batchServer.inputs[2]!.length).toBe(failed - Math.floor(failed * 0.5));
    expect(verdicts(dir)).toEqual(online);
    const store = RunStore.open(dir);
    expect(store.readStatus()).toMatchObject({ complete: true, stopReason: null });
    expect(store.openBatches('model', { all: true }).map((b) => b.state)).toEqual(['completed', 'expired', 'completed']);
    store.close();
  });

  it('lists every batch in report.md and report.json: its status, the reviews it carried and the results that came from it', () => {
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    const ids = [...batchServer.batches.keys()];
    const failed = batchServer.inputs[1]!.length;
    const expired = failed - Math.floor(failed * 0.5);
    expect(report.batches).toEqual([
      { critic: 'model', batchId: ids[0], status: 'completed', sent: online.size, answered: online.size - failed },
      { critic: 'model', batchId: ids[1], status: 'expired', sent: failed, answered: failed - expired },
      { critic: 'model', batchId: ids[2], status: 'completed', sent: expired, answered: expired },
    ]);
    const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(markdown).toContain('## Batches');
    expect(markdown).toContain(`| model | \`${ids[1]}\` | expired | ${failed} | ${failed - expired} |`);
  });

  it('costs the batch price (pricing.batchDiscount, default 0.5)', () => {
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    // The fake batch API reports 40 input and 8 output tokens per request.
    expect(report.critics.model.cost).toBeCloseTo((online.size * (40 * 2 + 8 * 8) * 0.5) / 1e6, 10);
  });

  it('writes no API key into any file of the run folder, though every call carried it', () => {
    expect(batchServer.authorizations.length).toBeGreaterThan(0);
    for (const auth of batchServer.authorizations) expect(auth).toBe(`Bearer ${KEY}`);
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith('.jsonl'))).toBe(true);
    for (const file of files) expect(readFileSync(file).includes(KEY), file).toBe(false);
  });
});
