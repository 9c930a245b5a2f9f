import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import chalk from 'chalk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { deterministicReply } from '../support/auditDir.js';
import { delayed, serverError, startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI.js';
import { MEAL_ALLOWANCE_YAML } from '../support/textFixture.js';
import { closedPort } from '../support/closedPort.js';

/**
 * The first line of every report says why the run measured less than it
 * planned before it says anything of gates or positive controls: an
 * unreachable critic, an interrupt, a spent budget, no data. Each run is one
 * small fixture and one mutator, through the CLI, with the step summary on.
 */
const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A folder with the fixture and a config reviewed by `critic` (YAML under `critic:`), gated on catch rate, false alarms, anchoring and the positive control. */
function audit(critic: string, extra = ''): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-headlines-'));
  writeFileSync(join(dir, 'meals.yaml'), MEAL_ALLOWANCE_YAML);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [meals.yaml]
mutators: [number-flip]
conditions: [clean, with-trace]
seed: 3
timeoutMs: 5000
critic:
  name: model
${critic}
thresholds:
  catchRate: 0.5
  maxFalseAlarmRate: 0.2
  maxAnchoringDrop: 0.15
  positiveControl: {minVerdictRate: 0.8, minDiscrimination: 0.2}
${extra}`,
  );
  return { dir, config };
}

const openai = (baseURL: string, more = '') => `  provider: openai\n  model: fake-model\n  baseURL: ${baseURL}\n  temperature: 0${more}`;

interface Run {
  code: number | null;
  out: string;
  stdout: string;
  stderr: string;
  summary: string;
}

/** Starts the CLI's run in a child process, for a spec that interrupts it, with the step summary written to a file. */
function start(dir: string, config: string) {
  const out = join(dir, 'out');
  const summary = stepSummary(dir);
  const child = spawn(process.execPath, [BIN, 'run', '--config', config, '--out', out, '--no-cache'], {
    cwd: dir,
    env: { ...process.env, FORCE_COLOR: '0', GITHUB_STEP_SUMMARY: summary },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, out, stdout, stderr, summary: readFileSync(summary, 'utf8') })));
  return { child, out, done };
}

/** The CLI's run in this process (no Node start per run), its terminal output captured, with the step summary written to a file. */
async function runCli(dir: string, config: string, args: string[] = []): Promise<Run> {
  const out = join(dir, 'out');
  const summary = stepSummary(dir);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void stdout.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void stderr.push(parts.join(' ')));
  const before = { summary: process.env['GITHUB_STEP_SUMMARY'], colour: chalk.level };
  process.env['GITHUB_STEP_SUMMARY'] = summary;
  chalk.level = 0;
  try {
    const code = await main(['run', '--config', config, '--out', out, '--no-cache', ...args]);
    return { code, out, stdout: stdout.join('\n'), stderr: stderr.join('\n'), summary: readFileSync(summary, 'utf8') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    chalk.level = before.colour;
    if (before.summary === undefined) delete process.env['GITHUB_STEP_SUMMARY'];
    else process.env['GITHUB_STEP_SUMMARY'] = before.summary;
  }
}

function stepSummary(dir: string): string {
  const file = join(dir, 'step-summary.md');
  writeFileSync(file, '');
  return file;
}

const reportOf = (out: string) => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));

/** The top of each report: its first line, and the line after it that holds the critic's summary sentence; report.html's first heading as text. */
function tops(run: Run) {
  const markdown = readFileSync(join(run.out, 'report.md'), 'utf8').split('\n');
  const summary = run.summary.split('\n');
  const html = readFileSync(join(run.out, 'report.html'), 'utf8');
  const text = (fragment: string) =>
    fragment
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  // An element's text, or "" when the page has none (the spec then fails on what the text should say).
  const element = (open: string, close = open) => text(html.match(new RegExp(`<${open}>(.*?)</${close}>`))?.[1] ?? '');
  const terminal = run.stdout.split('\n');
  return {
    terminal: { first: terminal[0]!, critic: terminal[1]! },
    markdown: { first: markdown[0]!, critic: markdown[2]! },
    github: { first: summary[0]!, critic: summary[2]! },
    html: { first: element('h1'), title: element('title'), critic: element('ul class="summary"', 'ul') },
  };
}

/** Every report's first line opens with the cause, then the verdict and the gates; the critic's sentence, as report.json has it, comes next. */
function expectHeadlines(run: Run, cause: string, gates: RegExp) {
  const report = reportOf(run.out);
  const sentence = report.critics.model.summary;
  const top = tops(run);
  const after = (prefix: string, verdict: string) => new RegExp(`^${literal(prefix)}${literal(cause)} · ${literal(verdict)} · ${gates.source}`);
  expect(top.terminal.first).toMatch(after('critic-audit ', report.passed ? 'PASSED' : 'FAILED'));
  expect(top.markdown.first).toMatch(after('# critic-audit: ', report.passed ? '✅ passed' : '❌ failed'));
  expect(top.github.first).toMatch(after('## critic-audit: ', report.passed ? '✅ passed' : '❌ failed'));
  expect(top.html.first).toMatch(after('critic-audit: ', report.passed ? 'passed' : 'failed'));
  expect(top.html.title).toMatch(after('critic-audit: ', report.passed ? 'passed' : 'failed'));
  expect(top.terminal.critic).toBe(`  model: ${sentence}`);
  expect(top.markdown.critic).toBe(`- **model**: ${sentence}`);
  expect(top.github.critic).toBe(`- **model**: ${sentence}`);
  expect(top.html.critic).toBe(`model: ${sentence}`);
  return { report, top };
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const storedCount = (out: string) => {
  try {
    const db = new Database(join(out, 'run.sqlite'), { readonly: true, fileMustExist: true });
    const { n } = db.prepare('SELECT count(*) AS n FROM results').get() as { n: number };
    db.close();
    return n;
  } catch {
    return 0;
  }
};

describe('the first line names why the run stopped, then the gates', { timeout: 60_000 }, () => {
  it('an unreachable critic (a closed port): "critic model unreachable", not a failed positive control', async () => {
    // errorBudget 1: the critic's first attempts failing alike (fail-fast) is what stops this run, not its first failed review.
    const { dir, config } = audit(openai(`http://127.0.0.1:${await closedPort()}/v1`), 'errorBudget: 1');
    const run = await runCli(dir, config);
    expect(run.code, run.stderr).toBe(3);
    const { report, top } = expectHeadlines(run, 'critic model unreachable', /4 of 4 gates failed \(all with no data\)/);
    expect(report).toMatchObject({ complete: false, stopKind: 'unreachable', stopCritic: 'model' });
    expect(report.critics.model.summary).toMatch(/^answered no review \(\d+ failed\); fails 4 of 4 gates \(all with no data\)$/);
    // A critic that answered nothing has no anchoring figures to call uninterpretable.
    for (const line of Object.values(top)) expect(line.first).not.toMatch(/positive control/);
    expect(report.warnings.join('\n')).not.toMatch(/positive control failed/);
    // The reason in full comes right after the summary.
    expect(readFileSync(join(run.out, 'report.md'), 'utf8').split('\n')[4]).toMatch(/^> \*\*Incomplete run:\*\* critic model: its first 10 attempts all failed the same way: .*ECONNREFUSED/);
  });

  it('an interrupted run (SIGINT): "interrupted", before the gates its partial figures fail', async () => {
    server = await startFakeOpenAI((body) => delayed(deterministicReply(body), 150));
    const { dir, config } = audit(openai(server.baseURL), 'concurrency: 1');
    const run = start(dir, config);
    while (storedCount(run.out) < 3) await new Promise((r) => setTimeout(r, 5));
    run.child.kill('SIGINT');
    const done = await run.done;
    expect(done.code, done.stderr).toBe(130);
    const { report } = expectHeadlines(done, 'interrupted', /(\d+ of 4 gates failed|all 4 gates passed)/);
    expect(report).toMatchObject({ complete: false, stopKind: 'interrupted', stopCritic: null });
    expect(report.critics.model.verdicts.reviews).toBeLessThan(server.requests.length + 1);
    expect(readFileSync(join(done.out, 'report.md'), 'utf8')).toMatch(/^> \*\*Incomplete run:\*\* interrupted\. Figures cover the reviews that finished\.$/m);
  });

  it('a spent --max-cost budget: "cost budget spent"', async () => {
    server = await startFakeOpenAI((body) => deterministicReply(body));
    const { dir, config } = audit(openai(server.baseURL, '\n  pricing: {inputPerMillion: 1000, outputPerMillion: 1000}'), 'concurrency: 1');
    const run = await runCli(dir, config, ['--max-cost', '0.05']);
    expect(run.code, run.stderr).toBe(1);
    const { report } = expectHeadlines(run, 'cost budget spent', /(\d+ of 4 gates failed|all 4 gates passed)/);
    expect(report).toMatchObject({ complete: false, stopKind: 'budget' });
  });

  it('errors beyond the error budget: "error budget exhausted", exit 3', async () => {
    server = await startFakeOpenAI(() => serverError(503));
    // Fail-fast off: the first attempts failing alike would otherwise stop the run as unreachable first.
    const { dir, config } = audit(openai(server.baseURL), 'errorBudget: 0.1\nfailFast: 0\nretries: 0\nconcurrency: 1');
    const run = await runCli(dir, config);
    expect(run.code, run.stderr).toBe(3);
    const { report } = expectHeadlines(run, 'error budget exhausted', /4 of 4 gates failed \(all with no data\)/);
    expect(report).toMatchObject({ complete: false, stopKind: 'error-budget', stopCritic: null });
  });

  it('a finished run whose critic answered nothing: "no data"', async () => {
    // Every review fails, but the error budget (100%) is not exceeded and fail-fast is off: the run finishes, measuring nothing.
    const { dir, config } = audit(`  provider: exec\n  command: ["false"]`, 'errorBudget: 1\nfailFast: 0\nretries: 0');
    const run = await runCli(dir, config);
    expect(run.code, run.stderr).toBe(1);
    const { report } = expectHeadlines(run, 'no data: no review was answered', /4 of 4 gates failed \(all with no data\)/);
    expect(report).toMatchObject({ complete: true, stopKind: null });
  });
});
