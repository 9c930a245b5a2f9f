import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from '../test/support/closedPort.js';
import { deterministicReply } from '../test/support/auditDir.js';
import { quotaExhausted, serverError, startFakeOpenAI, type FakeHandler, type FakeOpenAI } from '../test/support/fakeOpenAI.js';
import { startFakeOpenAIBatch, type FakeOpenAIBatch } from '../test/support/fakeOpenAIBatch.js';
import { MEAL_ALLOWANCE_YAML } from '../test/support/textFixture.js';
import { runAudit, type AuditOptions, type AuditOutcome } from './audit.js';
import { loadConfig } from './config/load.js';
import { InputError } from './errors.js';
import { STORE_FILE } from './results/store.js';

/**
 * How a run stops early, as runAudit returns it and the store records it:
 * one small fixture, one mutator, the clean condition, against a loopback
 * fake of the OpenAI API (or none listening). Each stop kind is the typed
 * value the scheduler or the run's budgets made, never read back from words.
 */
const servers: Array<FakeOpenAI | FakeOpenAIBatch> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(handler: FakeHandler): Promise<string> {
  const server = await startFakeOpenAI(handler);
  servers.push(server);
  return server.baseURL;
}

/** The critic `model` at `baseURL` (and any more critic lines), with the run's settings `extra`. */
function audit(baseURL: string, { critic = '', extra = '', more = '' } = {}): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-stops-'));
  writeFileSync(join(dir, 'meals.yaml'), MEAL_ALLOWANCE_YAML);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [meals.yaml]\nmutators: [number-flip]\nconditions: [clean]\nseed: 3\nconcurrency: 1\nretries: 0\ntimeoutMs: 5000\n${extra}critics:\n  - {name: model, provider: openai, model: fake-model, baseURL: "${baseURL}", temperature: 0${critic}}\n${more}`,
  );
  return { dir, config };
}

async function run(files: { dir: string; config: string }, options: Partial<AuditOptions> = {}): Promise<AuditOutcome> {
  const outcome = await runAudit(loadConfig(files.config), { outDir: join(files.dir, 'out'), cache: false, ...options });
  return outcome;
}

/** The outcome's stop, and the status the store recorded, which must say the same; the store is closed. */
function stopOf(outcome: AuditOutcome) {
  const recorded = outcome.store.readStatus();
  const results = [...outcome.store.results()];
  outcome.store.close();
  expect(recorded).toMatchObject({ complete: outcome.stop === null, stopKind: outcome.stop?.kind ?? null, stopCritic: outcome.stop?.critic ?? null, stopReason: outcome.stop?.reason ?? null });
  return { stop: outcome.stop, results };
}

describe('runAudit stops early with a typed stop', { timeout: 30_000 }, () => {
  it("unreachable: the critic's first attempts all fail alike (fail-fast), naming the critic; the critics after it are not asked", async () => {
    const files = audit(`http://127.0.0.1:${await closedPort()}/v1`, { extra: 'failFast: 2\nerrorBudget: 1\n', more: '  - {name: checker, provider: builtin:evidence-check}\n' });
    const { stop, results } = stopOf(await run(files));
    expect(stop).toMatchObject({ kind: 'unreachable', critic: 'model', reason: expect.stringMatching(/^critic model: its first 2 attempts all failed the same way: .*ECONNREFUSED/) });
    expect(results.every((r) => r.critic === 'model')).toBe(true);
  });

  it('quota: the provider says the quota is gone', async () => {
    const { stop } = stopOf(await run(audit(await fake(() => quotaExhausted()))));
    expect(stop).toMatchObject({ kind: 'quota', critic: 'model', reason: expect.stringMatching(/^critic model: .*quota/) });
  });

  it("input: the API refuses the critic's config, the reason naming its field", async () => {
    const refused: FakeHandler = () => ({
      kind: 'error',
      status: 400,
      body: { error: { message: 'max_tokens is too large', type: 'invalid_request_error', param: 'max_tokens' } },
    });
    const { stop } = stopOf(await run(audit(await fake(refused), { critic: ', maxTokens: 999999' })));
    expect(stop).toMatchObject({ kind: 'input', critic: 'model', reason: expect.stringMatching(/^critic model: .*critics\[0\]\.maxTokens.*lower maxTokens/) });
  });

  it('error-budget: more reviews failed than the budget allows (no one critic stops the run)', async () => {
    const { stop, results } = stopOf(await run(audit(await fake(() => serverError(503)), { extra: 'failFast: 0\nerrorBudget: 0.1\n' })));
    expect(stop).toMatchObject({ kind: 'error-budget', critic: null, reason: expect.stringMatching(/^errors exceeded the budget \(\d+ of \d+ planned reviews, budget 10\.0%\)$/) });
    expect(results.length).toBeGreaterThan(0);
  });

  it('budget: --max-cost spent', async () => {
    const files = audit(await fake(deterministicReply), { critic: ', pricing: {inputPerMillion: 1000, outputPerMillion: 1000}' });
    const { stop } = stopOf(await run(files, { maxCost: 0.05 }));
    expect(stop).toMatchObject({ kind: 'budget', critic: null, reason: expect.stringMatching(/^cost budget spent \(\$0\.\d+ of \$0\.05\)$/) });
  });

  it('interrupted: the signal stops scheduling; what was answered is kept', async () => {
    const interrupt = new AbortController();
    const { stop, results } = stopOf(await run(audit(await fake(deterministicReply)), { signal: interrupt.signal, onResult: () => interrupt.abort() }));
    expect(stop).toEqual({ kind: 'interrupted', critic: null, reason: 'interrupted' });
    expect(results).toHaveLength(1);
  });

  it('pending: batches still running, named with their critic', async () => {
    const batches = await startFakeOpenAIBatch({ answer: deterministicReply, script: [{ polls: 5 }] });
    servers.push(batches);
    const { stop, results } = stopOf(await run(audit(batches.baseURL, { critic: ', batch: true' })));
    expect(stop).toMatchObject({ kind: 'pending', critic: null, reason: expect.stringMatching(/^waiting for critic model: \d+ reviews in batch batch_\d+$/) });
    expect(results).toHaveLength(0);
  });

  it('none: a run that finishes is complete, its stop null', async () => {
    const { stop, results } = stopOf(await run(audit(await fake(deterministicReply))));
    expect(stop).toBeNull();
    expect(results.length).toBeGreaterThan(1);
  });
});

describe("runAudit and the run folder's store", { timeout: 30_000 }, () => {
  it('closes the store itself when it refuses to go on (a resume asked for another shard): nothing is left open', async () => {
    const files = audit(await fake(deterministicReply));
    stopOf(await run(files, { shard: { index: 1, count: 2 } }));
    await expect(run(files, { shard: { index: 2, count: 2 } })).rejects.toThrow(InputError);
    // The last connection to close checkpoints the WAL and removes it: an open one would keep it.
    expect(existsSync(join(files.dir, 'out', `${STORE_FILE}-wal`))).toBe(false);
  });
});
