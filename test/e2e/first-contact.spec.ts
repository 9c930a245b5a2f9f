import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { HARNESS_VERSION, PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess, type CliOutput } from '../support/cliRun.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI.js';
import { closedPort } from '../support/closedPort.js';

/** What a newcomer meets first: failures that say why, the documented `report` examples (docs/cli.md), help and version. */

const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
const POLICY = JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'));

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

/** The CLI in this process (runCliAsProcess: the modules and word lists load once), as a newcomer's run would go. */
function runCli(args: string[], cwd: string): Promise<CliOutput> {
  return runCliAsProcess(args, { cwd, env: { OPENAI_TEST_KEY: 'sk-test' } });
}

/** The CLI in a process of its own, for what only the whole command shows: how long it takes, node's start included. */
function runSpawned(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, FORCE_COLOR: '0', OPENAI_TEST_KEY: 'sk-test' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}

/** A folder with a config over one bundled fixture file, reviewed by `critic` (YAML, indented under `critic:`). */
function audit(critic: string, scripts: Record<string, string> = {}): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-first-contact-'));
  for (const [name, source] of Object.entries(scripts)) writeFileSync(join(dir, name), source);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(config, `fixtures: [${POLICY}]\nconditions: [clean, with-trace]\nmutantsPerFixture: 3\nseed: 3\nconcurrency: 8\ntimeoutMs: 5000\ncritic:\n${critic}\n`);
  return { dir, config };
}

/** How long the run took from its plan to its stop (the manifest's createdAt to report.json's), without node's start or the reports. */
function runSeconds(out: string): number {
  const planned = Date.parse(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).createdAt);
  const stopped = Date.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).createdAt);
  return (stopped - planned) / 1000;
}

describe('a run whose reviews all fail says why', () => {
  const cases: Array<{ kind: string; setup: () => Promise<{ dir: string; config: string }>; cause: RegExp }> = [
    {
      kind: 'a missing program',
      setup: async () => audit('  provider: exec\n  command: [critic-audit-no-such-program, critic.py]'),
      cause: /failed to run critic-audit-no-such-program: spawn critic-audit-no-such-program ENOENT/,
    },
    {
      kind: 'a script that exits non-zero',
      setup: async () =>
        audit(`  provider: exec\n  command: [${JSON.stringify(process.execPath)}, broken.mjs]`, {
          'broken.mjs': "process.stderr.write('ModuleNotFoundError: No module named transformers\\n'); process.exit(4);",
        }),
      cause: /exited with code 4: ModuleNotFoundError: No module named transformers/,
    },
    {
      kind: 'a critic that hangs',
      setup: async () => audit(`  provider: exec\n  command: [${JSON.stringify(process.execPath)}, hang.mjs]\n  timeoutMs: 500`, { 'hang.mjs': 'setInterval(() => {}, 1000);' }),
      cause: /exec critic timed out/,
    },
    {
      kind: 'a server that is down',
      setup: async () => audit(`  provider: openai\n  model: m\n  baseURL: http://127.0.0.1:${await closedPort()}/v1`),
      cause: /ECONNREFUSED 127\.0\.0\.1:\d+/,
    },
    {
      kind: 'a baseURL without /v1 (404)',
      setup: async () => {
        server = await startFakeOpenAI(() => ({ kind: 'completion', content: 'VERDICT: PASS' }));
        return audit(`  provider: openai\n  model: m\n  baseURL: ${server.baseURL.replace(/\/v1$/, '')}`);
      },
      cause: /HTTP 404 from POST http:\/\/127\.0\.0\.1:\d+\/chat\/completions \(does baseURL need a \/v1\?\)/,
    },
    {
      kind: 'a wrong API key (401)',
      setup: async () => {
        server = await startFakeOpenAI(() => ({
          kind: 'error',
          status: 401,
          body: { error: { message: 'Incorrect API key provided: sk-test', type: 'invalid_request_error', code: 'invalid_api_key' } },
        }));
        return audit(`  provider: openai\n  model: m\n  baseURL: ${server.baseURL}\n  apiKeyEnv: OPENAI_TEST_KEY`);
      },
      cause: /HTTP 401 from POST .*: Incorrect API key provided/,
    },
  ];

  it.each(cases)('$kind: exit 3 within seconds, the cause in the summary, report.md and report.json', async ({ setup, cause }) => {
    const { dir, config } = await setup();
    const out = join(dir, 'out');
    const run = await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/stopped early: critic .*: its first 10 attempts all failed the same way/);
    expect(run.stdout).toMatch(/why reviews failed:/);
    expect(run.stdout).toMatch(cause);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(cause);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const [critic] = Object.values(report.critics) as Array<{ errorCauses: Array<{ count: number; message: string; example: { itemId: string } }>; verdicts: { errors: number } }>;
    expect(critic!.errorCauses[0]!.message).toMatch(cause);
    expect(critic!.errorCauses.reduce((n, c) => n + c.count, 0)).toBe(critic!.verdicts.errors);
    expect(critic!.verdicts.errors).toBeGreaterThan(0);
    // Known in seconds, not after the whole budget (a hang takes a timeout or two of 0.5 s): from the plan to the stop.
    expect(runSeconds(out)).toBeLessThan(5);
  });

  it('a dead endpoint stops the run within 5 s, at the default retries', async () => {
    const { dir, config } = audit(`  provider: openai\n  model: m\n  baseURL: http://127.0.0.1:${await closedPort()}/v1`);
    const run = await runSpawned(['run', '--config', config, '--out', join(dir, 'out'), '--no-cache'], dir);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/ECONNREFUSED/);
    // The run itself (plan to stop) well within 5 s; the whole command, node's start and the reports included, too,
    // with room for a busy machine.
    expect(runSeconds(join(dir, 'out'))).toBeLessThan(2.5);
    expect(run.seconds).toBeLessThan(15);
  });

  it('report DIR exits 3 on a run that stopped unreachable, as run did', async () => {
    const { dir, config } = audit('  provider: exec\n  command: [critic-audit-no-such-program]');
    const out = join(dir, 'out');
    expect((await runCli(['run', '--config', config, '--out', out, '--no-cache'], dir)).code).toBe(3);
    const again = await runCli(['report', out], dir);
    expect(again.code).toBe(3);
    expect(again.stdout).toMatch(/spawn critic-audit-no-such-program ENOENT/);
  });
});

describe('the documented report examples (docs/cli.md)', () => {
  it('`report` on an older run rebuilds it and leaves reports/latest on the newest', async () => {
    const { dir, config } = audit('  provider: builtin:evidence-check');
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(['run', '--config', config])).toBe(0);
    const older = readlinkSync(join(dir, 'reports', 'latest'));
    await new Promise((resolve) => setTimeout(resolve, 5)); // a new timestamp for the second run's folder
    expect(await main(['run', '--config', config])).toBe(0);
    const newest = readlinkSync(join(dir, 'reports', 'latest'));
    expect(newest).not.toBe(older);
    expect(await main(['report', join(dir, 'reports', older)])).toBe(0);
    expect(readlinkSync(join(dir, 'reports', 'latest'))).toBe(newest);
  });

  it('`critic-audit report reports/latest` rebuilds the newest run and leaves the link pointing at it', async () => {
    const { dir, config } = audit('  provider: builtin:evidence-check');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(['run', '--config', config])).toBe(0);
    const latest = join(dir, 'reports', 'latest');
    const target = readlinkSync(latest);
    expect(target).toMatch(/^\d{4}-\d\d-\d\dT/);
    log.mockClear();
    expect(await main(['report', latest])).toBe(0);
    expect(readlinkSync(latest)).toBe(target);
    expect(existsSync(join(latest, 'report.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(latest, 'report.json'), 'utf8')).passed).toBe(true);
    expect(log.mock.calls.flat().join('\n')).toMatch(/critic-audit PASSED/);
  });
});

describe('help and version', () => {
  it('--version prints the package version', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await main(['--version'])).toBe(0);
    expect(log).toHaveBeenCalledWith(HARNESS_VERSION);
  });

  it.each(['run', 'report', 'check', 'plan', 'cache', 'check-request', 'drift'])('%s --help prints its usage and exits 0', async (command) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await main([command, '--help'])).toBe(0);
    expect(log.mock.calls.flat().join('\n')).toContain(`critic-audit ${command}`);
  });
});
