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
import { CPU_AT_EXIT } from '../support/cpuTime.js';

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

/** The CLI in a process of its own, for what only the whole command shows: the CPU time it spends, node's start included. */
function runSpawned(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string; cpuSeconds: number }> {
  const cpuFile = join(cwd, 'cpu-ms');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', CPU_AT_EXIT, BIN, ...args], { cwd, env: { ...process.env, FORCE_COLOR: '0', OPENAI_TEST_KEY: 'sk-test', CPU_TIME_FILE: cpuFile } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, cpuSeconds: Number(readFileSync(cpuFile, 'utf8')) / 1000 }));
  });
}

/**
 * A folder with a config over one bundled fixture file, reviewed by `critic` (YAML, indented under `critic:`). The
 * timeout is long enough for eight exec critics' processes started at once on a loaded 2-core machine: at 5 s, a
 * fresh clone's `.ci/run` beside other work timed out 8 of them, a second cause of failure that rightly leaves the stop
 * to the error budget, not to the first attempts. The hanging critic sets its own.
 */
function audit(critic: string, scripts: Record<string, string> = {}): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-first-contact-'));
  for (const [name, source] of Object.entries(scripts)) writeFileSync(join(dir, name), source);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(config, `fixtures: [${POLICY}]\nconditions: [clean, with-trace]\nmutantsPerFixture: 3\nseed: 3\nconcurrency: ${CONCURRENCY}\ntimeoutMs: 30000\ncritic:\n${critic}\n`);
  return { dir, config };
}

/** Reviews in flight at once (the configs' `concurrency`), and the attempts failing one way that stop a run (`failFast`'s default). */
const CONCURRENCY = 8;
const FAIL_FAST = 10;

/**
 * Whether a run stopped at its first attempts, not after its whole plan: the
 * reviews it recorded and the items it planned (every original and mutant,
 * reviewed under each condition that reaches it).
 */
function reviewsRecorded(out: string): { recorded: number; items: number } {
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  const [critic] = Object.values(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).critics) as Array<{ verdicts: { reviews: number } }>;
  return { recorded: critic!.verdicts.reviews, items: manifest.fixtures.length + manifest.mutants.length };
}

/**
 * A run stopped by failFast: the first FAIL_FAST attempts failed, and no review
 * started after them; those in flight then (at most CONCURRENCY) end cut short.
 * A run that went on would record every planned review, each after its retries'
 * backoff (seconds each at the default retries): minutes, not seconds. Counted,
 * not timed, so a busy machine cannot make it fail or pass.
 */
function expectStoppedAtFirstAttempts(out: string): void {
  const { recorded, items } = reviewsRecorded(out);
  expect(recorded).toBeGreaterThan(0);
  expect(recorded).toBeLessThanOrEqual(FAIL_FAST + CONCURRENCY);
  expect(items).toBeGreaterThan(4 * (FAIL_FAST + CONCURRENCY));
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

  it.each(cases)('$kind: exit 3 at its first attempts, the cause in the summary, report.md and report.json', async ({ setup, cause }) => {
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
    // Known in seconds, not after the whole budget (a hang takes a timeout or two of 0.5 s): stopped at the first attempts.
    expectStoppedAtFirstAttempts(out);
  });

  it('a dead endpoint stops the run at its first attempts, at the default retries, the whole command in seconds of CPU', async () => {
    const { dir, config } = audit(`  provider: openai\n  model: m\n  baseURL: http://127.0.0.1:${await closedPort()}/v1`);
    const run = await runSpawned(['run', '--config', config, '--out', join(dir, 'out'), '--no-cache'], dir);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/ECONNREFUSED/);
    expect(run.stderr).toMatch(/stopped early: critic .*: its first 10 attempts all failed the same way/);
    // A refused connection fails at once, so a review backing off gives its slot to a fresh one whose first attempt fails
    // too: the FAIL_FAST failures come before any backoff ends (250-750 ms for the first at the default retries), and the
    // stop ends every backoff. What is left of the command's time is CPU: node's start, the modules, the plan and the
    // reports, about 3 s here (1.35 s wall-clock by hand on an idle machine). Measured as the process's CPU time, which a busy
    // machine does not stretch.
    expectStoppedAtFirstAttempts(join(dir, 'out'));
    expect(run.cpuSeconds).toBeGreaterThan(0);
    expect(run.cpuSeconds).toBeLessThan(6);
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
