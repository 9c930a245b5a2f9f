import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { message, startFakeAnthropic, type FakeAnthropic } from '../support/fakeAnthropic.js';
import { startFakeReviewService, type ServiceHandler } from '../support/fakeReviewService.js';

/** The hosted providers through the CLI: a real run against a loopback fake, and no key anywhere in what it leaves. */

const POLICY = JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'));
const KEY = 'sk-ant-SECRET-e2e-0123456789';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** The CLI in this process (runCliAsProcess: the modules and word lists load once): its exit code and everything it printed. */
async function runCli(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runCliAsProcess(args, { cwd, env });
  return { code, output: `${stdout}${stderr}` };
}

function auditFolder(critic: string): { dir: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-hosted-'));
  writeFileSync(
    join(dir, 'critic.config.yaml'),
    `fixtures: [${POLICY}]\nconditions: [clean, prior-pass]\nmutantsPerFixture: 2\nseed: 3\nconcurrency: 4\nretries: 1\ntimeoutMs: 5000\ncritic:\n${critic}\n`,
  );
  return { dir, out: join(dir, 'out') };
}

/** Every file under a folder, as text (SQLite included: a key in any of its pages would show). */
function everyFile(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f).toString('latin1'));
}

async function fakeClaude(): Promise<FakeAnthropic> {
  const server = await startFakeAnthropic({ apiKey: KEY, handler: (body) => message(`Read it.\n\nVERDICT: ${(body.messages?.[0]?.content.length ?? 0) % 2 ? 'PASS' : 'FAIL'}`) });
  closers.push(() => server.close());
  return server;
}

describe('an anthropic critic through the CLI', () => {
  it('runs an audit against the Messages API and leaves the key in no output file or log', { timeout: 60_000 }, async () => {
    const server = await fakeClaude();
    const { dir, out } = auditFolder(`  name: claude\n  provider: anthropic\n  model: claude-fake\n  baseURL: ${server.baseURL}\n  apiKeyEnv: E2E_ANTHROPIC_KEY`);
    const { code, output } = await runCli(['run', '--out', out], dir, { E2E_ANTHROPIC_KEY: KEY });
    expect(code, output).toBeLessThanOrEqual(1);
    expect(server.requests.length).toBeGreaterThan(10);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.critics.claude.verdicts.errors).toBe(0);
    const manifest = readFileSync(join(out, 'manifest.json'), 'utf8');
    expect(manifest).toContain('"provider": "anthropic"');
    for (const text of [output, ...everyFile(dir)]) expect(text).not.toContain('SECRET');
  });

  it('stops with exit 2 naming apiKeyEnv when the API rejects the key, instead of retrying it', { timeout: 60_000 }, async () => {
    const server = await fakeClaude();
    const { dir, out } = auditFolder(`  provider: anthropic\n  model: claude-fake\n  baseURL: ${server.baseURL}\n  apiKeyEnv: E2E_ANTHROPIC_KEY`);
    const { code, output } = await runCli(['run', '--out', out], dir, { E2E_ANTHROPIC_KEY: 'sk-ant-wrong' });
    expect(code, output).toBe(2);
    expect(output).toMatch(/critic\.apiKeyEnv.*invalid x-api-key/);
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).passed).toBe(false);
  });

  it('exits 2 before sending anything when the key variable is unset', { timeout: 60_000 }, async () => {
    const server = await fakeClaude();
    const { dir, out } = auditFolder(`  provider: anthropic\n  model: claude-fake\n  baseURL: ${server.baseURL}\n  apiKeyEnv: E2E_ANTHROPIC_UNSET`);
    const { code, output } = await runCli(['run', '--out', out], dir, {});
    expect(code).toBe(2);
    expect(output).toMatch(/apiKeyEnv.*E2E_ANTHROPIC_UNSET is not set/);
    expect(server.requests).toHaveLength(0);
  });
});

async function reviewService(handler: ServiceHandler) {
  const service = await startFakeReviewService(handler);
  closers.push(() => service.close());
  return service;
}

const httpCritic = (url: string) => `  name: service
  provider: http
  url: ${url}
  headers: {Authorization: "Bearer \${E2E_REVIEW_TOKEN}"}
  body: {question: "{{task}}", answer: "{{artifact}}", sources: "{{evidence_json}}"}
  reply: output.review
  verdictPath: output.verdict`;

describe('an http critic through the CLI', () => {
  it('runs an audit against a review service and leaves the token in no output file or log', { timeout: 60_000 }, async () => {
    const service = await reviewService((r) => ({ json: { output: { review: 'Compared with the sources.', verdict: JSON.stringify(r.body).length % 2 ? 'PASS' : 'FAIL' } } }));
    const { dir, out } = auditFolder(httpCritic(service.url));
    const { code, output } = await runCli(['run', '--out', out], dir, { E2E_REVIEW_TOKEN: 'tok-SECRET-e2e' });
    expect(code, output).toBeLessThanOrEqual(1);
    expect(service.requests.length).toBeGreaterThan(10);
    expect(service.requests[0]!.headers.authorization).toBe('Bearer tok-SECRET-e2e');
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.critics.service.verdicts.verdicts).toBe(service.requests.length);
    for (const text of [output, ...everyFile(dir)]) expect(text).not.toContain('SECRET');
  });

  it('exits 3 after the first review when the reply path is not in the response, naming it and the keys there are', { timeout: 60_000 }, async () => {
    const service = await reviewService(() => ({ json: { answer: 'VERDICT: PASS', trace_id: 'abc' } }));
    const { dir, out } = auditFolder(httpCritic(service.url));
    // One review at a time: the run must stop after the first, not after a batch of them.
    writeFileSync(join(dir, 'critic.config.yaml'), readFileSync(join(dir, 'critic.config.yaml'), 'utf8').replace('concurrency: 4', 'concurrency: 1'));
    const { code, output } = await runCli(['run', '--out', out], dir, { E2E_REVIEW_TOKEN: 'tok' });
    expect(code, output).toBe(3);
    expect(output).toMatch(/critic\.reply\): output\.review is not in the response \(its top-level keys: answer, trace_id\)/);
    expect(service.requests).toHaveLength(1);
  });
});
