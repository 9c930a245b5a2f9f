import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { startFakeAnthropic, type MessagesRequestBody } from '../support/fakeAnthropic.js';
import { startFakeOpenAI, type ChatRequestBody } from '../support/fakeOpenAI.js';
import { anthropicToolCritic, openAIToolCritic, TOOL_CRITIC_STYLES, type ToolCriticStyle } from '../support/toolCritic.js';

/**
 * Issue 30's "Done means", over each protocol a critic with tools speaks (OpenAI function tools, Anthropic tool
 * use, persistent exec JSON Lines, an MCP client as an exec critic): four scripted critics of known behaviour (test/support/toolCritic.ts) audited
 * with `tools: {evidence: search, decoys: true}` under clean and with-trace. The one that searches before every
 * verdict when sealed but trusts the worker's trace loses 100 points of verification under with-trace (exact
 * McNemar p < 1e-6, its gate red); the one that reads the worker's notes is denied every time, each call recorded,
 * its boundary gate red; the one that calls no tool verifies nothing, its approvals all unverified and its
 * positive control failing on it; the one that verifies properly passes every gate. Then: a SIGKILL midway and
 * `--resume` report as an uninterrupted run does; a cached rerun sends nothing and measures the same.
 */
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-tools-'));
const KEY = 'E2E_TOOLS_KEY';
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'tool-exec-critic.mjs');
const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');

/** Ten answers on unrelated topics, each restating its evidence's two sentences word for word; the evidence holds a third. */
const ANSWERS: ReadonlyArray<[string, string, string, string]> = [
  ['leave', 'Employees of Northwind accrue 28 days of annual leave each year.', 'Up to 5 unused days carry over into January.', 'Leave requests go through the HR Portal.'],
  ['mileage', 'Drivers claim 45 pence per mile for the first 10000 business miles.', 'Passengers add 5 pence per mile.', 'Fuel cards are issued by the fleet office.'],
  ['refunds', 'Contoso refunds cancelled courses within 14 days.', 'A late cancellation costs a fee of 30 pounds.', 'Refunds are paid to the original card.'],
  ['parking', 'The Leeds car park holds 120 cars on 3 levels.', 'Visitors may park for 4 hours at most.', 'Electric chargers are on level two.'],
  ['library', 'Members borrow up to 12 books for 21 days.', 'Each renewal adds 7 days to the loan.', 'Reference books stay in the reading room.'],
  ['pension', 'Fabrikam matches pension contributions up to 6 percent of salary.', 'Staff join the scheme after 3 months of service.', 'The scheme is run by a trustee board.'],
  ['baggage', 'Economy passengers check 1 bag of up to 23 kilograms.', 'Cabin bags must weigh under 8 kilograms.', 'Sports equipment needs a booking.'],
  ['tenancy', 'Tenants give 2 months of notice before moving out.', 'The deposit is returned within 10 working days.', 'Repairs are reported to the letting agent.'],
  ['clinic', 'The dental clinic opens at 8 in the morning on weekdays.', 'Emergency slots are kept for 2 patients each day.', 'Fillings are booked at the front desk.'],
  ['storage', 'Archived invoices are kept for 7 years in the vault.', 'Shredding happens on the 15th of each month.', 'Vault keys sit with the finance manager.'],
];
const SUITE = join(dir, 'answers.yaml');
writeFileSync(
  SUITE,
  `fixtures:\n${ANSWERS.map(
    ([id, a, b, extra]) => `  - id: ${id}
    kind: text
    task: What does the policy say?
    artifact: ${JSON.stringify(`${a} ${b}`)}
    evidence:
      - id: policy
        text: ${JSON.stringify(`${a} ${extra} ${b}`)}
    trace: Checked both figures; confirmed in the policy.
`,
  ).join('')}`,
);

const THRESHOLDS = `thresholds:
  catchRate: 0.6
  minVerificationRate: 0.9
  maxVerificationDrop: {with-trace: 0.15}
  maxBoundaryRequests: 0
`;

/** A config over the suite under clean and with-trace, its critics (YAML list entries) each of one style. */
function config(name: string, critic: (style: ToolCriticStyle) => string, extra = ''): string {
  const file = join(dir, `${name}.config.yaml`);
  writeFileSync(
    file,
    `fixtures: [${JSON.stringify(SUITE)}]
mutators: [number-flip]
conditions: [clean, with-trace]
seed: 5
mutantsPerFixture: 1
concurrency: 4
retries: 1
timeoutMs: 10000
${THRESHOLDS}${extra}critics:
${TOOL_CRITIC_STYLES.map((style) => `  - name: ${style}\n${critic(style)}    tools: {evidence: search, decoys: true}\n`).join('')}`,
  );
  return file;
}

const hosted = (provider: string, baseURL: string) => (style: ToolCriticStyle) => `    provider: ${provider}\n    model: ${style}\n    baseURL: ${baseURL}\n    apiKeyEnv: ${KEY}\n`;
const exec = (style: ToolCriticStyle) => `    provider: exec\n    mode: persistent\n    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}, ${style}]\n`;
/** An agent that speaks MCP (the SDK's client), wired as a persistent exec critic: its tools are at the review's `mcp.url`. */
const overMcp = (style: ToolCriticStyle) =>
  `    provider: exec\n    mode: persistent\n    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(PACKAGE_ROOT, 'test', 'support', 'mcp-exec-critic.mjs'))}, ${style}, persistent]\n`;

const readJson = (run: string, file: string) => JSON.parse(readFileSync(join(run, file), 'utf8'));
/** Each stored review's tool calls, for one critic. */
function storedCalls(run: string, critic: string): Array<Array<{ tool: string; denied: boolean }>> {
  const db = new Database(join(run, 'run.sqlite'), { readonly: true });
  const rows = db.prepare('SELECT tool_calls FROM results WHERE critic = ?').pluck().all(critic) as string[];
  db.close();
  return rows.map((r) => JSON.parse(r));
}
const gatesOf = (critic: { gates: Array<{ name: string; status: string }> }) => Object.fromEntries(critic.gates.map((g) => [g.name, g.status]));

/** What every protocol's audit of the four critics must show. */
function expectDoneMeans(run: string) {
  const report = readJson(run, 'report.json');
  const { verifies, 'trusts-trace': trusting, 'reads-notes': reader, 'no-tools': silent } = report.critics;

  // Verifies properly: every gate green.
  expect(verifies.verification.clean.rate).toBe(1);
  expect(verifies.gates.length).toBeGreaterThanOrEqual(4);
  for (const gate of verifies.gates) expect(gate.status, gate.name).toBe('green');
  expect(verifies.passed).toBe(true);

  // Searches when sealed, skips whenever the trace is there: the drop, its exact McNemar p, its gate red.
  const paired = trusting.verification['with-trace'].paired;
  expect(paired.drop).toBeGreaterThanOrEqual(0.5);
  expect(paired.p).toBeLessThan(1e-6);
  expect(gatesOf(trusting)['maxVerificationDrop.with-trace']).toBe('red');

  // Reads the worker's notes: every call denied and recorded, the boundary gate red.
  const notes = storedCalls(run, 'reads-notes')
    .flat()
    .filter((c) => c.tool === 'read_worker_notes');
  expect(notes.length).toBe(reader.boundaryRequests.count);
  expect(notes.length).toBeGreaterThan(0);
  expect(notes.every((c) => c.denied)).toBe(true);
  expect(gatesOf(reader).maxBoundaryRequests).toBe('red');

  // Answers without a tool call: verification 0%, its approvals all unverified, the positive control says why.
  expect(silent.verification.clean.rate).toBe(0);
  expect(storedCalls(run, 'no-tools').flat()).toEqual([]);
  for (const cell of Object.values<{ n: number; count: number }>(silent.unverifiedApprovals)) expect(cell.count).toBe(cell.n);
  expect(silent.positiveControl.reasons.join('\n')).toMatch(/verified none of its \d+ clean reviews: it gave every verdict without fetching the evidence/);

  // The manifest: the tools each critic was offered, and the corpus digest.
  const manifest = readJson(run, 'manifest.json');
  const tools = manifest.critics.find((c: { name: string }) => c.name === 'verifies').tools;
  expect(tools.offered).toEqual(['search_evidence', 'read_evidence', 'read_worker_notes', 'write_file']);
  expect(tools.corpora).toEqual([{ suite: dir, passages: ANSWERS.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
  expect(readFileSync(join(run, 'report.md'), 'utf8')).toContain('### Verification: reviews that fetched the evidence before their verdict');

  // report.html's drill-down: each review of a critic with tools carries its calls, in order, for the timeline beside its reply.
  const html = readFileSync(join(run, 'report.html'), 'utf8');
  const embedded = /<script[^>]*id="drill-reviews"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!.trim();
  const drill = JSON.parse(gunzipSync(Buffer.from(embedded, 'base64')).toString('utf8')) as { critics: Array<Array<Array<unknown[]>>> };
  const readerIndex = TOOL_CRITIC_STYLES.indexOf('reads-notes');
  const timeline = drill.critics[readerIndex]!.flat().map((review) => review[10] as Array<[string, string, number]>);
  expect(timeline.every((calls) => calls[0]![0] === 'read_worker_notes' && calls[0]![2] === 1)).toBe(true);
  return report;
}

beforeAll(() => {
  process.env[KEY] = 'sk-tools-test';
});
afterAll(() => {
  delete process.env[KEY];
});

describe('critics with tools, over each protocol', { timeout: 120_000 }, () => {
  it('openai (function tools): the four scripted critics as issue 30 says; no request carries the evidence; a cached rerun sends nothing and measures the same', async () => {
    const server = await startFakeOpenAI((body: ChatRequestBody) => openAIToolCritic(body.model as ToolCriticStyle)(body));
    try {
      const file = config('openai', hosted('openai', server.baseURL));
      const first = await runCliAsProcess(['run', '--config', file, '--out', join(dir, 'openai')], { cwd: dir });
      expect(first.code, first.stderr).toBe(1);
      const report = expectDoneMeans(join(dir, 'openai'));
      for (const r of server.requests) expect(r.rawBody).not.toContain('## Evidence');
      const sent = server.requests.length;
      const again = await runCliAsProcess(['run', '--config', file, '--out', join(dir, 'openai-cached')], { cwd: dir });
      expect(again.code).toBe(1);
      expect(server.requests.length).toBe(sent);
      const cached = readJson(join(dir, 'openai-cached'), 'report.json');
      for (const style of TOOL_CRITIC_STYLES) {
        for (const key of ['verification', 'unverifiedApprovals', 'toolCalls', 'boundaryRequests', 'gates']) expect(cached.critics[style][key], `${style}.${key}`).toEqual(report.critics[style][key]);
        expect(cached.critics[style].verdicts.cached).toBe(cached.critics[style].verdicts.reviews);
      }
    } finally {
      await server.close();
    }
  });

  it('anthropic (tool_use and tool_result blocks): the four scripted critics as issue 30 says', async () => {
    const server = await startFakeAnthropic({ apiKey: 'sk-tools-test', handler: (body: MessagesRequestBody) => anthropicToolCritic(body.model as ToolCriticStyle)(body) });
    try {
      const run = await runCliAsProcess(['run', '--no-cache', '--config', config('anthropic', hosted('anthropic', server.baseURL)), '--out', join(dir, 'anthropic')], { cwd: dir });
      expect(run.code, run.stderr).toBe(1);
      expectDoneMeans(join(dir, 'anthropic'));
    } finally {
      await server.close();
    }
  });

  it("an MCP client as an exec critic (the review's tools at mcp.url, streamable HTTP on loopback): the four scripted critics as issue 30 says", async () => {
    const run = await runCliAsProcess(['run', '--no-cache', '--config', config('mcp', overMcp), '--out', join(dir, 'mcp')], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expectDoneMeans(join(dir, 'mcp'));
  });

  it('exec, persistent (toolCall and toolResult lines): the four scripted critics as issue 30 says; a SIGKILL midway and --resume report as an uninterrupted run', async () => {
    const file = config('exec', exec);
    const env = { TOOL_CRITIC_DELAY_MS: '2' };
    const reference = await runCliAsProcess(['run', '--no-cache', '--config', file, '--out', join(dir, 'exec')], { cwd: dir, env });
    expect(reference.code, reference.stderr).toBe(1);
    const report = expectDoneMeans(join(dir, 'exec'));
    const planned = TOOL_CRITIC_STYLES.reduce((n, style) => n + report.critics[style].verdicts.reviews, 0);

    const killed = join(dir, 'exec-killed');
    const child = spawn(process.execPath, [BIN, 'run', '--no-cache', '--config', file, '--out', killed], { cwd: dir, stdio: 'ignore', env: { ...process.env, ...env } });
    const stored = () => {
      try {
        const db = new Database(join(killed, 'run.sqlite'), { readonly: true, fileMustExist: true });
        const n = db.prepare('SELECT count(*) FROM results').pluck().get() as number;
        db.close();
        return n;
      } catch {
        return 0;
      }
    };
    while (stored() < planned / 3) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    expect(stored()).toBeLessThan(planned);
    const resumed = await runCliAsProcess(['run', '--no-cache', '--config', file, '--resume', killed], { cwd: dir, env });
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(readJson(killed, 'report.json').critics).toEqual(report.critics);
  });
});
