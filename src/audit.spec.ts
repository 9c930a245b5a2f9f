import Database from 'better-sqlite3';
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
import { RunStore, STORE_FILE } from './results/store.js';

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
  const stored = outcome.store.readPlan();
  outcome.store.close();
  expect(recorded).toMatchObject({ complete: outcome.stop === null, stopKind: outcome.stop?.kind ?? null, stopCritic: outcome.stop?.critic ?? null, stopReason: outcome.stop?.reason ?? null });
  return { stop: outcome.stop, results, startedAt: stored?.startedAt };
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

  it('resumes a run folder an older critic-audit wrote (its store in the first layout), sending nothing it already holds', async () => {
    const server = await startFakeOpenAI(deterministicReply);
    servers.push(server);
    const files = audit(server.baseURL);
    const first = stopOf(await run(files));
    const sentFirst = server.requests.length;
    expect(first.stop).toBeNull();
    // The store as the first versions wrote it: no rate_limited or follow_up column, the plan, fixtures and mutants in one snapshot document, no version.
    const file = join(files.dir, 'out', STORE_FILE);
    const store = RunStore.open(join(files.dir, 'out'));
    const snapshot = { ...store.readPlan(), fixtures: store.fixtures(), generation: { mutants: [...store.mutants()], ignored: store.ignoredMutants() } };
    store.close();
    const db = new Database(file);
    db.exec('DROP TABLE fixtures; DROP TABLE mutants; DROP TABLE batches; ALTER TABLE results DROP COLUMN rate_limited; ALTER TABLE results DROP COLUMN follow_up; PRAGMA user_version = 0');
    db.prepare("DELETE FROM meta WHERE key = 'plan'").run();
    db.prepare("INSERT INTO meta (key, value) VALUES ('snapshot', ?)").run(JSON.stringify(snapshot));
    db.close();

    const resumed = stopOf(await run(files));
    expect(resumed.stop).toBeNull();
    expect(server.requests).toHaveLength(sentFirst);
    expect(resumed.results).toEqual(first.results);
    // The plan came out of the snapshot document: the run folder is the one the first run started.
    expect(resumed.startedAt).toBe(first.startedAt);
  });
});
