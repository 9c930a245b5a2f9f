import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/results/store.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { deterministicReply } from '../support/auditDir.js';
import { runCli } from '../support/cliRun.js';
import { quotaExhausted, startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAIBatch, type BatchScript, type FakeOpenAIBatch } from '../support/fakeOpenAIBatch.js';

/**
 * The run's budgets span every critic of an invocation (docs/run-engine.md):
 * what a batch critic's results cost, and the errors among them, count
 * against `--max-cost` and `errorBudget` for the critics after it, as an
 * online critic's reviews do.
 */
const KEY = 'sk-test-batch-budgets';
const PRICING = '    pricing: {inputPerMillion: 2, outputPerMillion: 8}\n';

/** A config whose first critic goes through the batch API and whose second runs online after it. */
function twoCritics(batchURL: string, onlineURL: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-batch-budgets-'));
  const config = join(dir, 'critic.config.yaml');
  const critic = (name: string, baseURL: string, extra: string) =>
    `  - name: ${name}\n    provider: openai\n    model: fake-model\n    baseURL: ${baseURL}\n    apiKeyEnv: CRITIC_AUDIT_BATCH_KEY\n    temperature: 0\n${PRICING}${extra}`;
  writeFileSync(
    config,
    `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'))}]
conditions: [clean]
mutantsPerFixture: 4
seed: 3
concurrency: 4
retries: 0
critics:
${critic('batched', batchURL, '    batch: true\n')}${critic('online', onlineURL, '')}`,
  );
  return config;
}

const servers: Array<FakeOpenAI | FakeOpenAIBatch> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  delete process.env.CRITIC_AUDIT_BATCH_KEY;
});

/**
 * Three steps of one audit: the first invocation submits the batch, and the
 * online critic's first reply says its quota is spent, which stops the run
 * before it reviews anything else; the provider moves the batch on; the
 * resume collects the batch, then goes on to the online critic, now answering.
 */
async function resumedRun(script: readonly BatchScript[], ...flags: string[]) {
  process.env.CRITIC_AUDIT_BATCH_KEY = KEY;
  const batch = await startFakeOpenAIBatch({ answer: deterministicReply, script });
  const online = await startFakeOpenAI([quotaExhausted()]);
  servers.push(batch, online);
  const config = twoCritics(batch.baseURL, online.baseURL);
  const dir = join(mkdtempSync(join(tmpdir(), 'critic-audit-batch-budgets-run-')), 'run');
  const first = await runCli('run', '--no-cache', '--config', config, '--out', dir, ...flags);
  expect(first.code, first.stderr).toBe(3);
  expect(first.stderr).toMatch(/quota/);
  // A batch moves a step each time it is looked at: validating to in_progress here, so that the resume's poll finds it ended.
  for (const id of batch.batches.keys()) await fetch(`${batch.baseURL}/batches/${id}`, { headers: { authorization: `Bearer ${KEY}` } });
  online.setHandler(deterministicReply);
  const sentBefore = online.requests.length;
  const resumed = await runCli('run', '--no-cache', '--config', config, '--resume', dir, ...flags);
  const store = RunStore.open(dir);
  try {
    return { resumed, status: store.readStatus(), batched: store.count({ critic: 'batched' }), onlineRequests: online.requests.length - sentBefore };
  } finally {
    store.close();
  }
}

describe("a batch critic's results count against the run's budgets", () => {
  it('its errors spend errorBudget: the online critic after it is not sent a review once they pass it', async () => {
    // Every 4th request of the first batch fails (HTTP 500 in the error file): 25% errors, over the default 5% budget.
    const { resumed, status, batched, onlineRequests } = await resumedRun([{ polls: 0, fail: (_, index) => index % 4 === 0 }, { polls: 5 }]);
    expect(batched).toBeGreaterThan(0);
    expect(status).toMatchObject({ complete: false, stopKind: 'error-budget' });
    expect(resumed.code).toBe(3);
    expect(onlineRequests).toBe(0);
  }, 60_000);

  it('its cost spends --max-cost: the online critic after it is not sent a review once the batch cost it', async () => {
    // The fake batch API bills 40 input and 8 output tokens a request: at half of $2 and $8 a million, $0.000072 each.
    const { resumed, status, onlineRequests } = await resumedRun([{ polls: 0 }], '--max-cost', '0.0001');
    expect(status).toMatchObject({ complete: false, stopKind: 'budget' });
    expect(status.stopReason).toMatch(/^cost budget spent \(\$0\.\d{4} of \$0\.0001\)$/);
    expect(resumed.code).not.toBe(0);
    expect(onlineRequests).toBe(0);
  }, 60_000);
});
