import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/fixtures/load.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { auditDir, deterministicReply } from '../support/auditDir.js';
import { runCliAsProcess, type CliOutput } from '../support/cliRun.js';
import { delayed, drop, hang, malformedJSON, noVerdictReply, quotaExhausted, rateLimited, serverError, startFakeOpenAI, type FakeOpenAI, type FakeResponse } from '../support/fakeOpenAI.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Runs the CLI to completion in this process (runCliAsProcess), which never blocks the fake server living here for
 * longer than a synchronous step. The runs killed midway are child processes of their own.
 */
function runCli(args: string[], cwd: string): Promise<CliOutput> {
  return runCliAsProcess(args, { cwd });
}

/** auditDir with two mutants per fixture instead of four (56 items): for tests whose assertions do not need the larger run. */
function smallAuditDir(baseURL: string, extra = ''): { dir: string; config: string } {
  const audit = auditDir(baseURL, extra);
  writeFileSync(audit.config, readFileSync(audit.config, 'utf8').replace('mutantsPerFixture: 4', 'mutantsPerFixture: 2'));
  return audit;
}

/** The originals auditDir's fixture file gives: each fixture's own artifact and its controls (written variants and generated paraphrases). */
const ORIGINALS = loadFixtures([join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml')]).reduce((n, f) => n + 1 + f.variants.length, 0);

const report = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
const storedKeys = (dir: string) => {
  const db = new Database(join(dir, 'run.sqlite'), { readonly: true });
  const rows = db.prepare('SELECT critic, item_id, condition, repeat, outcome FROM results').all() as Array<Record<string, unknown>>;
  db.close();
  return rows;
};
const storedCount = (dir: string) => {
  try {
    const db = new Database(join(dir, 'run.sqlite'), { readonly: true, fileMustExist: true });
    const { n } = db.prepare('SELECT count(*) AS n FROM results').get() as { n: number };
    db.close();
    return n;
  } catch {
    return 0;
  }
};

describe('faults', () => {
  it('accounts for every review exactly once when 20% of requests fail in every way', async () => {
    const faults: Array<() => FakeResponse> = [() => rateLimited('0'), () => serverError(500), malformedJSON, drop, hang, () => noVerdictReply()];
    let n = 0;
    server = await startFakeOpenAI((body) => (n++ % 5 === 4 ? faults[Math.floor(n / 5) % faults.length]!() : deterministicReply(body)));
    const { dir, config } = smallAuditDir(server.baseURL, 'errorBudget: 0.5');
    // A hung request costs the whole time limit (and the fake server answers at once): 500 ms instead of 2 s.
    writeFileSync(config, readFileSync(config, 'utf8').replace('timeoutMs: 2000', 'timeoutMs: 500'));
    const run = await runCli(['run', '--config', config, '--out', join(dir, 'out'), '--no-cache'], dir);
    expect(run.code, run.stderr).toBeLessThan(2);
    const rows = storedKeys(join(dir, 'out'));
    const keys = rows.map((r) => `${r.item_id}/${r.condition}/${r.repeat}`);
    expect(new Set(keys).size).toBe(keys.length);
    const r = report(join(dir, 'out'));
    const v = r.critics.model.verdicts;
    expect(v.verdicts + v.noVerdict + v.errors).toBe(v.reviews);
    expect(v.reviews).toBe(rows.length);
    // Every planned review is there: items x 2 conditions.
    const items = r.mutants.valid + ORIGINALS;
    expect(rows.length).toBe(items * 2);
    expect(v.noVerdict).toBeGreaterThan(0);
    // Every kind of fault came up more than once (one in five requests fails, cycling through six kinds).
    expect(server.requests.length).toBeGreaterThan(2 * 5 * faults.length);
    expect(r.complete).toBe(true);
  }, 60_000);

  it('stops at once with exit 3 when the quota is exhausted', async () => {
    server = await startFakeOpenAI((_, i) => (i < 5 ? verdictOf(i) : quotaExhausted()));
    const { dir, config } = auditDir(server.baseURL);
    const run = await runCli(['run', '--config', config, '--out', join(dir, 'out'), '--no-cache'], dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/quota/);
    expect(server.requests.length).toBeLessThan(12);
    expect(report(join(dir, 'out')).complete).toBe(false);
  });

  it('exits 3 when errors exceed the error budget', async () => {
    server = await startFakeOpenAI(() => serverError(503));
    // failFast off: the first reviews' failing alike would otherwise stop the run before the budget is spent.
    const { dir, config } = auditDir(server.baseURL, 'errorBudget: 0.1\nfailFast: 0');
    writeFileSync(config, readFileSync(config, 'utf8').replace('retries: 4', 'retries: 0'));
    const run = await runCli(['run', '--config', config, '--out', join(dir, 'out'), '--no-cache'], dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/errors exceeded the budget/);
  });
});

const verdictOf = (i: number): FakeResponse => deterministicReply({ messages: [{ role: 'user', content: String(i) }] });

describe('interruptions', () => {
  it('SIGKILL midway, then resume: one result per key and the same report as an uninterrupted run', async () => {
    server = await startFakeOpenAI((body) => delayed(deterministicReply(body), 3));
    const { dir, config } = auditDir(server.baseURL);
    const reference = await runCli(['run', '--config', config, '--out', join(dir, 'reference'), '--no-cache'], dir);
    expect(reference.code, reference.stderr).toBe(0);
    const planned = report(join(dir, 'reference')).critics.model.verdicts.reviews;

    const killed = join(dir, 'killed');
    const child = spawn(process.execPath, [BIN, 'run', '--config', config, '--out', killed, '--no-cache'], { cwd: dir, stdio: 'ignore' });
    const killAt = Math.floor(planned * (0.2 + 0.5 * Math.random()));
    while (storedCount(killed) < killAt) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    const partial = storedCount(killed);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(planned);

    const before = server.requests.length;
    const resumed = await runCli(['run', '--config', config, '--resume', killed, '--no-cache'], dir);
    expect(resumed.code, resumed.stderr).toBe(0);
    // Only the missing reviews were sent again (plus at most the few lost in flight at the kill).
    expect(server.requests.length - before).toBeLessThanOrEqual(planned - partial + 8);
    const rows = storedKeys(killed);
    expect(rows).toHaveLength(planned);
    expect(new Set(rows.map((r) => `${r.item_id}/${r.condition}/${r.repeat}`)).size).toBe(planned);
    expect(report(killed).critics).toEqual(report(join(dir, 'reference')).critics);
  }, 60_000);

  it('SIGINT stops scheduling, writes an incomplete report and exits 130; --resume completes it', async () => {
    server = await startFakeOpenAI((body) => delayed(deterministicReply(body), 5));
    const { dir, config } = auditDir(server.baseURL);
    const out = join(dir, 'out');
    const child = spawn(process.execPath, [BIN, 'run', '--config', config, '--out', out, '--no-cache'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    while (storedCount(out) < 20) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGINT');
    const code = await new Promise((r) => child.on('close', r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/--resume/);
    const partial = report(out);
    expect(partial.complete).toBe(false);
    expect(partial.passed).toBe(false);
    const resumed = await runCli(['run', '--config', config, '--resume', out, '--no-cache'], dir);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(report(out).complete).toBe(true);
  }, 60_000);

  it('rerunning into a finished run folder sends nothing, and `report DIR` rebuilds the same report', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = smallAuditDir(server.baseURL);
    const out = join(dir, 'out');
    await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    const first = readFileSync(join(out, 'report.json'), 'utf8');
    const sent = server.requests.length;
    await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    expect(server.requests.length).toBe(sent);
    await server.close();
    server = undefined;
    const rebuilt = await runCliAsProcess(['report', out]);
    expect(rebuilt.code).toBe(0);
    const strip = (text: string) => ({ ...JSON.parse(text), createdAt: null });
    expect(strip(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual(strip(first));
  }, 60_000);

  it('a rerun into the same folder gates with its own thresholds, not those of the first run', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = smallAuditDir(server.baseURL, 'thresholds: {catchRate: 0.01}');
    const out = join(dir, 'out');
    await runCli(['run', '--config', config, '--out', out, '--no-cache', '--threshold', 'number-flip.break=0.99'], dir);
    const strict = report(out).critics.model.gates.find((g: any) => g.name === 'catchRate.number-flip');
    await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    const plain = report(out).critics.model.gates.find((g: any) => g.name === 'catchRate.number-flip');
    expect([strict.threshold, plain.threshold]).toEqual([0.99, 0.01]);
  }, 60_000);

  it('a run stopped by rate limits resumes with other engine settings and redoes its errors: none is kept', async () => {
    // Every request gets a retry-after too long to wait for: each is an error at once, and the budget stops the run.
    server = await startFakeOpenAI(() => rateLimited(300));
    const { dir, config } = smallAuditDir(server.baseURL, 'errorBudget: 0.01');
    const out = join(dir, 'out');
    const first = await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    expect(first.code, first.stderr).toBe(3);
    expect(storedKeys(out).filter((r) => r.outcome === 'error').length).toBeGreaterThan(0);
    server.setHandler((body) => deterministicReply(body));
    // Concurrency, retries, timeout and budget may change on resume; what the reviews depend on may not.
    writeFileSync(config, readFileSync(config, 'utf8').replace('errorBudget: 0.01', 'errorBudget: 0.05').replace('concurrency: 4', 'concurrency: 3').replace('retries: 4', 'retries: 2'));
    const resumed = await runCli(['run', '--config', config, '--resume', out, '--no-cache'], dir);
    expect(resumed.code, resumed.stderr.slice(-600)).toBeLessThan(2);
    const rows = storedKeys(out);
    expect(rows.filter((r) => r.outcome === 'error')).toEqual([]);
    expect(new Set(rows.map((r) => `${r.item_id}/${r.condition}/${r.repeat}`)).size).toBe(rows.length);
    const r = report(out);
    expect(r.complete).toBe(true);
    expect(r.critics.model.verdicts).toMatchObject({ errors: 0, reviews: rows.length });
  }, 60_000);

  it('refuses to mix a different audit into a run folder (exit 2)', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = smallAuditDir(server.baseURL);
    const out = join(dir, 'out');
    await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    const other = auditDir(server.baseURL, 'repeats: 2');
    const run = await runCli(['run', '--config', other.config, '--out', out, '--no-cache'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds a different audit/);
  }, 60_000);
});

describe('the reply cache', () => {
  it('serves a rerun from the cache, misses when the sampling changes, and explains why', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = smallAuditDir(server.baseURL);
    await runCli(['run', '--config', config, '--out', join(dir, 'a')], dir);
    const sent = server.requests.length;
    const second = await runCli(['run', '--config', config, '--out', join(dir, 'b')], dir);
    expect(second.code).toBe(0);
    expect(server.requests.length).toBe(sent);
    expect(report(join(dir, 'b')).critics.model.verdicts.cached).toBe(sent);
    expect(report(join(dir, 'b')).critics).toMatchObject({ model: { byMutator: report(join(dir, 'a')).critics.model.byMutator } });

    const noCache = await runCli(['run', '--config', config, '--out', join(dir, 'c'), '--no-cache'], dir);
    expect(noCache.code).toBe(0);
    expect(server.requests.length).toBe(2 * sent);

    const { config: warmer } = smallAuditDir(server.baseURL);
    const warmerText = readFileSync(warmer, 'utf8').replace('temperature: 0', 'temperature: 0.7');
    writeFileSync(join(dir, 'critic.config.yaml'), warmerText);
    await runCli(['run', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'd')], dir);
    expect(server.requests.length).toBe(3 * sent);

    const keyOf = (run: string) => {
      const db = new Database(join(dir, run, 'run.sqlite'), { readonly: true });
      const { cache_key } = db.prepare('SELECT cache_key FROM results ORDER BY item_id, condition LIMIT 1').get() as { cache_key: string };
      db.close();
      return cache_key;
    };
    const [a, d] = [keyOf('a'), keyOf('d')];
    expect(a).not.toBe(d);
    const explained = await runCliAsProcess(['cache', 'explain', a, d, '--config', join(dir, 'critic.config.yaml')]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/differs in: identity\.temperature/);
    const cleared = await runCliAsProcess(['cache', 'clear', '--config', join(dir, 'critic.config.yaml')]);
    expect(cleared.code).toBe(0);
    expect((await runCliAsProcess(['cache', 'explain', a, '--config', join(dir, 'critic.config.yaml')])).stdout).toMatch(/not in the cache/);
  }, 60_000);
});

describe('repeats and cost', () => {
  it('reviews each item N times, counts it once, and reports the share of items whose verdict flipped between repeats', async () => {
    server = await startFakeOpenAI((body, i) => (i % 7 === 0 ? verdictOf(i + 1) : deterministicReply(body)));
    const { dir, config } = smallAuditDir(server.baseURL, 'repeats: 3');
    const out = join(dir, 'out');
    const run = await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    expect(run.code, run.stderr).toBeLessThan(2);
    const r = report(out);
    const items = r.mutants.valid + ORIGINALS;
    expect(storedKeys(out)).toHaveLength(items * 2 * 3);
    const cells = Object.values<any>(r.critics.model.byMutator).flatMap((byCondition) => Object.values<any>(byCondition));
    expect(cells.reduce((sum, c) => sum + c.n, 0)).toBe(r.mutants.valid * 2);
    expect(cells.some((c) => c.flaky > 0)).toBe(true);
    for (const c of cells) expect(c.flaky).toBeGreaterThanOrEqual(0);
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    expect(markdown).toMatch(/### Flaky items: share whose verdict differed between repeats/);
    const [mutator, byCondition] = Object.entries<any>(r.critics.model.byMutator)[0]!;
    expect(markdown).toContain(`| ${mutator} | ${r.conditions.map((c: string) => `${(100 * byCondition[c].flaky).toFixed(0)}%`).join(' | ')} |`);
  }, 60_000);

  it('--max-cost stops the run cleanly once the priced tokens reach the budget', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = smallAuditDir(server.baseURL);
    writeFileSync(config, readFileSync(config, 'utf8').replace('  temperature: 0', '  temperature: 0\n  pricing: {inputPerMillion: 1000, outputPerMillion: 1000}'));
    const out = join(dir, 'out');
    const run = await runCli(['run', '--config', config, '--out', out, '--no-cache', '--max-cost', '1'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cost budget spent/);
    const r = report(out);
    expect(r.complete).toBe(false);
    // 49 tokens at $1,000 per million is $0.049 a review: about 21 reviews, plus those in flight.
    expect(r.cost).toBeGreaterThanOrEqual(1);
    expect(r.critics.model.verdicts.reviews).toBeLessThan(21 + 4 + 1);

    // The budget is the run folder's, not one invocation's: resuming with the same budget sends nothing.
    const sent = server.requests.length;
    const resumed = await runCli(['run', '--config', config, '--resume', out, '--no-cache', '--max-cost', '1'], dir);
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toMatch(/cost budget spent/);
    expect(server.requests.length).toBe(sent);
  }, 60_000);

  it('--max-cost without prices in the config is an input error (exit 2), not a budget silently ignored', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = smallAuditDir(server.baseURL);
    const run = await runCli(['run', '--config', config, '--out', join(dir, 'out'), '--no-cache', '--max-cost', '1'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--max-cost.*pricing/);
    expect(server.requests).toHaveLength(0);
  });
});
