import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, runCli } from '../support/cliRun.js';
import { RunStore } from '../../src/results/store.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import type { MessagesRequestBody } from '../support/fakeAnthropic.js';
import { startFakeAnthropicBatch, type FakeAnthropicBatch } from '../support/fakeAnthropicBatch.js';

const KEY = 'sk-ant-test-batch-SECRET-77e1';

/** A critic whose verdict is a fixed function of the request it was sent. */
function verdictOf(params: MessagesRequestBody): 'PASS' | 'FAIL' {
  const byte = createHash('sha256').update(params.messages!.at(-1)!.content).digest()[0]!;
  return byte % 3 === 0 ? 'PASS' : 'FAIL';
}

let server: FakeAnthropicBatch;
let dir: string;
let codes: number[];
let onlineResume: number;

beforeAll(async () => {
  process.env.CRITIC_AUDIT_ANTHROPIC_BATCH_KEY = KEY;
  // Batch 1 errors every 5th request; batch 2, carrying those, expires a third done; batch 3 ends.
  server = await startFakeAnthropicBatch({
    apiKey: KEY,
    answer: (params) => `I compared each claim with the evidence.\n\nVERDICT: ${verdictOf(params)}`,
    script: [{ polls: 2, fail: (_, index) => index % 5 === 1 }, { polls: 0, end: 'expired', answered: 1 / 3 }, { polls: 1 }],
  });
  const root = mkdtempSync(join(tmpdir(), 'critic-audit-anthropic-batch-'));
  const config = join(root, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/tax-rules.yaml'))}]
conditions: [clean, prior-fail]
mutantsPerFixture: 4
seed: 5
critic:
  name: claude
  provider: anthropic
  model: claude-fake
  baseURL: ${server.baseURL}
  apiKeyEnv: CRITIC_AUDIT_ANTHROPIC_BATCH_KEY
  pricing: {inputPerMillion: 3, outputPerMillion: 15, batchDiscount: 0.4}
`,
  );
  dir = join(root, 'run');
  // No `batch: true` in the config: --batch asks for it.
  codes = [(await runCli('run', '--batch', '--config', config, '--out', dir)).code];
  onlineResume = (await runCli('run', '--config', config, '--resume', dir)).code;
  while (codes.at(-1) === 130 && codes.length < 15) codes.push((await runCli('run', '--batch', '--config', config, '--resume', dir)).code);
}, 120_000);

afterAll(async () => {
  await server?.close();
  delete process.env.CRITIC_AUDIT_ANTHROPIC_BATCH_KEY;
});

describe('batch mode (anthropic Message Batches)', () => {
  it('resumes through errored and expired requests to one result per review, each the verdict of its own request', () => {
    expect(codes[0]).toBe(130);
    expect(codes.at(-1)).not.toBe(130);
    expect(server.batches.map((b) => b.requests.length)).toEqual([
      server.batches[0]!.requests.length,
      server.batches[0]!.requests.filter((_, i) => i % 5 === 1).length,
      server.batches[1]!.requests.length - Math.floor(server.batches[1]!.requests.length / 3),
    ]);
    const store = RunStore.open(dir);
    const results = Array.from(store.results());
    expect(store.readStatus()).toMatchObject({ complete: true });
    store.close();
    const planned = server.batches[0]!.requests;
    expect(results).toHaveLength(planned.length);
    const byId = new Map(results.map((r) => [r.reviewId, r]));
    for (const { custom_id, params } of planned) {
      expect(params).toMatchObject({ model: 'claude-fake', max_tokens: 1024 });
      expect(byId.get(custom_id)).toMatchObject({ outcome: 'verdict', verdict: verdictOf(params), usage: { inputTokens: 50, outputTokens: 10 } });
    }
  });

  it('refuses to resume online (without --batch) while batches run, rather than send their reviews twice', () => {
    expect(onlineResume).toBe(2);
    expect(server.batches).toHaveLength(3);
  });

  it('costs the batch price, pricing.batchDiscount of the online one', () => {
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    const n = server.batches[0]!.requests.length;
    expect(report.critics.claude.cost).toBeCloseTo((n * (50 * 3 + 10 * 15) * 0.4) / 1e6, 10);
  });

  it('writes no API key into any file of the run folder', () => {
    expect(new Set(server.apiKeys)).toEqual(new Set([KEY]));
    for (const file of filesUnder(dir)) expect(readFileSync(file).includes(KEY), file).toBe(false);
  });
});
