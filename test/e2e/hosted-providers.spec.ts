import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { message, startFakeAnthropic, type FakeAnthropic } from '../support/fakeAnthropic.js';

/** The hosted providers through the CLI: a real run against a loopback fake, and no key anywhere in what it leaves. */

const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
const POLICY = JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'));
const KEY = 'sk-ant-SECRET-e2e-0123456789';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

function runCli(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
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
