import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { deterministicReply } from '../support/auditDir.js';
import { runCli } from '../support/cliRun.js';
import { message, startFakeAnthropic, type MessagesRequestBody } from '../support/fakeAnthropic.js';
import { startFakeAnthropicBatch } from '../support/fakeAnthropicBatch.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAIBatch } from '../support/fakeOpenAIBatch.js';
import { reviewsPerCondition } from '../support/storedCounts.js';
import { startFakeReviewService } from '../support/fakeReviewService.js';

/**
 * `conditions: [clean, blind]` with every provider (openai, anthropic, http, online and in batch mode), with
 * shards and merge, and under the pass-fail and claims grammars: blind requests carry no evidence (each
 * fixture's evidence holds a sentence its answer does not, and no blind request holds any of them), clean ones
 * do, and report.json has the critic's blind discrimination.
 */
const OPENAI_KEY = 'sk-blind-openai-0123';
const ANTHROPIC_KEY = 'sk-ant-blind-0123';
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-blind-providers-'));
const GRAMMAR_SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'grammar-exec-critic.mjs');
const MUTATORS = ['number-flip', 'unit-swap'];

// Each answer as its evidence states it, and a sentence only the evidence holds: the marker of an evidence block.
const FIXTURES = [
  ['leave', 'Leave requests at Northwind must be made at least 10 days in advance.', 'Section four of the staff handbook governs annual leave.'],
  ['refund', 'The refund is 120 pounds for a course cancelled by Contoso.', 'Refund requests are handled by the finance office in Leeds.'],
  ['notice', 'Staff at Fabrikam must give 30 days notice before leaving.', 'The notice rules were last revised by the works council.'],
] as const;
const EVIDENCE_ONLY = FIXTURES.map(([, , only]) => only);
const fixtures = join(dir, 'answers.yaml');
writeFileSync(
  fixtures,
  `fixtures:\n${FIXTURES.map(
    ([id, answer, only]) => `  - id: ${id}
    kind: text
    task: Answer from the policy.
    artifact: ${JSON.stringify(answer)}
    evidence:
      - id: policy
        text: ${JSON.stringify(`${answer} ${only}`)}
`,
  ).join('')}`,
);

let n = 0;
/** A config over the tiny suite under clean and blind, with these critics (YAML list entries). */
function config(critics: string): string {
  const file = join(dir, `critic-${++n}.config.yaml`);
  writeFileSync(
    file,
    `fixtures: [${JSON.stringify(fixtures)}]
mutators: [${MUTATORS.join(', ')}]
conditions: [clean, blind]
seed: 7
mutantsPerFixture: 3
concurrency: 4
retries: 0
timeoutMs: 5000
critics:
${critics}`,
  );
  return file;
}

const readReport = (run: string) => JSON.parse(readFileSync(join(run, 'report.json'), 'utf8'));

const perCondition = reviewsPerCondition;

/** Splits what crossed the wire into requests with an evidence block and without: none may hold part of one. */
function split(bodies: readonly string[]): { withEvidence: string[]; blind: string[] } {
  const withEvidence = bodies.filter((b) => EVIDENCE_ONLY.some((s) => b.includes(s)));
  const blind = bodies.filter((b) => !EVIDENCE_ONLY.some((s) => b.includes(s)));
  return { withEvidence, blind };
}

/** Every blind request without the evidence, every clean one with it, one request per stored review; the report's blind discrimination. */
function expectBlind(run: string, critic: string, bodies: readonly string[], header = '## Evidence') {
  const counts = perCondition(run, critic);
  expect(counts.clean).toBeGreaterThan(0);
  expect(counts.blind).toBe(counts.clean);
  const { withEvidence, blind } = split(bodies);
  expect(blind).toHaveLength(counts.blind!);
  expect(withEvidence).toHaveLength(counts.clean!);
  for (const body of blind) expect(body).not.toContain(header);
  for (const body of withEvidence) expect(body).toContain(header);
  const report = readReport(run);
  const cells = report.critics[critic].blindDiscrimination;
  expect(Object.keys(cells).sort()).toEqual([...MUTATORS].sort());
  for (const cell of Object.values<any>(cells)) {
    expect(cell.difference).toBeCloseTo(cell.catchRate - cell.falseAlarmRate, 12);
    expect(cell.ci[0]).toBeLessThanOrEqual(cell.difference);
  }
  expect(report.critics[critic].verdicts.errors).toBe(0);
}

const claudeVerdict = (body: MessagesRequestBody) => (createHash('sha256').update(body.messages!.at(-1)!.content).digest()[0]! % 3 === 0 ? 'PASS' : 'FAIL');
let closers: Array<() => Promise<void>> = [];

beforeAll(() => {
  process.env.E2E_BLIND_OPENAI_KEY = OPENAI_KEY;
  process.env.E2E_BLIND_ANTHROPIC_KEY = ANTHROPIC_KEY;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
  delete process.env.E2E_BLIND_OPENAI_KEY;
  delete process.env.E2E_BLIND_ANTHROPIC_KEY;
});

/** A hosted critic's config entry against a loopback fake. */
const hostedCritic = (name: string, provider: string, model: string, baseURL: string, keyEnv: string) =>
  `  - name: ${name}\n    provider: ${provider}\n    model: ${model}\n    baseURL: ${baseURL}\n    apiKeyEnv: ${keyEnv}\n`;

/** An online audit of one config into its own run folder; it measured (exit 0 or 1: gates are not what is under test). */
async function onlineRun(file: string, name: string): Promise<string> {
  const run = join(dir, name);
  const { code, stderr } = await runCli('run', '--no-cache', '--config', file, '--out', run);
  expect(code, stderr).toBeLessThanOrEqual(1);
  return run;
}

describe('blind with the hosted providers, online', { timeout: 30_000 }, () => {
  it('openai: blind requests carry no evidence, clean ones do', async () => {
    const server = await startFakeOpenAI(deterministicReply);
    closers.push(() => server.close());
    const file = config(hostedCritic('gpt', 'openai', 'fake-model', server.baseURL, 'E2E_BLIND_OPENAI_KEY'));
    expectBlind(
      await onlineRun(file, 'openai'),
      'gpt',
      server.requests.map((r) => r.rawBody),
    );
  });

  it('anthropic: blind requests carry no evidence, clean ones do', async () => {
    const server = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY, handler: (body) => message(`Read it.\n\nVERDICT: ${claudeVerdict(body)}`) });
    closers.push(() => server.close());
    const file = config(hostedCritic('claude', 'anthropic', 'claude-fake', server.baseURL, 'E2E_BLIND_ANTHROPIC_KEY'));
    expectBlind(
      await onlineRun(file, 'anthropic'),
      'claude',
      server.requests.map((r) => r.rawBody),
    );
  });

  it('http: blind requests send evidence_json as null and no evidence text; clean ones send it', async () => {
    const service = await startFakeReviewService((r) => ({ json: { output: { review: 'Compared.', verdict: JSON.stringify(r.body).length % 2 ? 'PASS' : 'FAIL' } } }));
    closers.push(() => service.close());
    const file = config(`  - name: service
    provider: http
    url: ${service.url}
    body: {question: "{{task}}", answer: "{{artifact}}", sources: "{{evidence_json}}", notes: "{{evidence}}"}
    reply: output.review
    verdictPath: output.verdict
`);
    const run = await onlineRun(file, 'http');
    const bodies = service.requests.map((r) => JSON.stringify(r.body));
    // No prompt in this body: the evidence's own marker is `sources`, null when withheld.
    expectBlind(run, 'service', bodies, '"sources":[');
    for (const body of split(bodies).blind) expect(JSON.parse(body)).toMatchObject({ sources: null, notes: '' });
  });
});

describe('blind in batch mode', { timeout: 30_000 }, () => {
  /** Runs with --batch, resuming while the batch is out. */
  async function batchRun(file: string, run: string): Promise<number> {
    let result = await runCli('run', '--batch', '--no-cache', '--config', file, '--out', run);
    for (let i = 0; i < 10 && result.code === 130; i++) result = await runCli('run', '--batch', '--no-cache', '--config', file, '--resume', run);
    return result.code;
  }

  it('openai batch: the input lines of blind reviews carry no evidence, clean ones do', async () => {
    const server = await startFakeOpenAIBatch({ answer: deterministicReply, script: [{ polls: 0 }] });
    closers.push(() => server.close());
    const file = config(hostedCritic('gpt', 'openai', 'fake-model', server.baseURL, 'E2E_BLIND_OPENAI_KEY'));
    const run = join(dir, 'openai-batch');
    expect(await batchRun(file, run)).toBeLessThanOrEqual(1);
    expect(server.inputs).toHaveLength(1);
    expectBlind(
      run,
      'gpt',
      server.inputs[0]!.map((line) => JSON.stringify(line)),
    );
  });

  it('anthropic batch: the requests of blind reviews carry no evidence, clean ones do', async () => {
    const server = await startFakeAnthropicBatch({ apiKey: ANTHROPIC_KEY, answer: (params) => `Read it.\n\nVERDICT: ${claudeVerdict(params)}`, script: [{ polls: 0 }] });
    closers.push(() => server.close());
    const file = config(hostedCritic('claude', 'anthropic', 'claude-fake', server.baseURL, 'E2E_BLIND_ANTHROPIC_KEY'));
    const run = join(dir, 'anthropic-batch');
    expect(await batchRun(file, run)).toBeLessThanOrEqual(1);
    expect(server.batches).toHaveLength(1);
    expectBlind(
      run,
      'claude',
      server.batches[0]!.requests.map((r) => JSON.stringify(r)),
    );
  });
});

describe('blind with shards', { timeout: 30_000 }, () => {
  it('merges two shards into the blind rows (and the whole report) of an unsharded run', async () => {
    const file = config(`  - {name: evidence-check, provider: "builtin:evidence-check"}
  - {name: trace-trusting, provider: "builtin:trace-trusting"}
`);
    const full = join(dir, 'shards-full');
    expect((await runCli('run', '--no-cache', '--config', file, '--out', full)).code).toBeLessThanOrEqual(1);
    for (const i of [1, 2]) expect((await runCli('run', '--no-cache', '--config', file, '--shard', `${i}/2`, '--out', join(dir, `shard-${i}`))).code).toBeLessThanOrEqual(1);
    const shardCounts = [1, 2].map((i) => perCondition(join(dir, `shard-${i}`), 'evidence-check').blind ?? 0);
    expect(shardCounts.every((c) => c > 0)).toBe(true);
    expect(shardCounts[0]! + shardCounts[1]!).toBe(perCondition(full, 'evidence-check').blind);
    const merged = join(dir, 'shards-merged');
    expect((await runCli('merge', join(dir, 'shard-1'), join(dir, 'shard-2'), '--out', merged)).code).toBeLessThanOrEqual(1);
    const { createdAt: _a, ...mergedReport } = readReport(merged);
    const { createdAt: _b, ...fullReport } = readReport(full);
    for (const critic of ['evidence-check', 'trace-trusting']) {
      expect(Object.keys(fullReport.critics[critic].blindDiscrimination).sort()).toEqual([...MUTATORS].sort());
      expect(mergedReport.critics[critic].blindDiscrimination).toEqual(fullReport.critics[critic].blindDiscrimination);
      expect(mergedReport.critics[critic].falseAlarms.blind).toEqual(fullReport.critics[critic].falseAlarms.blind);
      for (const m of MUTATORS) expect(mergedReport.critics[critic].byMutator[m].blind).toEqual(fullReport.critics[critic].byMutator[m].blind);
    }
    expect(JSON.stringify(mergedReport)).toBe(JSON.stringify(fullReport));
  });
});

describe('blind under the verdict grammars', { timeout: 30_000 }, () => {
  it('pass-fail and claims replies parse under blind, and the blind counts are reported', async () => {
    const exec = (name: string, extra = '') => `  - name: ${name}
    provider: exec
    mode: persistent
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(GRAMMAR_SCRIPT)}, ${name}]
${extra}`;
    const claimsEntry = `    prompt: ${JSON.stringify(join(PACKAGE_ROOT, 'prompts', 'claims.md'))}\n    verdict: claims\n`;
    const file = config(`${exec('always-fail')}${exec('random-sentence')}${exec('claims-evidence', claimsEntry)}${exec('claims-artifact', claimsEntry)}`);
    const run = join(dir, 'grammars');
    const { code, stderr } = await runCli('run', '--no-cache', '--config', file, '--out', run);
    expect(code, stderr).toBeLessThanOrEqual(1);
    const report = readReport(run);
    for (const [name, grammar] of [
      ['always-fail', 'pass-fail'],
      ['random-sentence', 'pass-fail'],
      ['claims-evidence', 'claims'],
    ] as const) {
      const critic = report.critics[name];
      const counts = perCondition(run, name);
      expect(counts.blind, name).toBeGreaterThan(0);
      expect(counts.blind, name).toBe(counts.clean);
      expect(critic.grammar, name).toMatchObject({ grammar, answered: counts.clean! + counts.blind!, verdicts: counts.clean! + counts.blind!, rate: 1, invalid: { count: 0 }, noVerdict: 0 });
      expect(critic.falseAlarms.blind.rate, name).toBe(1);
      for (const m of MUTATORS) {
        expect(critic.byMutator[m].blind.rate, `${name} ${m}`).toBe(1);
        expect(critic.blindDiscrimination[m], `${name} ${m}`).toMatchObject({ catchRate: 1, falseAlarmRate: 1, difference: 0 });
      }
    }
    // The replies are read against the request each answered: the figures of the grammar are the stored verdicts'.
    for (const name of ['always-fail', 'random-sentence', 'claims-evidence', 'claims-artifact']) {
      const { grammar, verdicts } = report.critics[name];
      expect([grammar.verdicts, grammar.invalid.count + grammar.noVerdict], name).toEqual([verdicts.verdicts, verdicts.noVerdict]);
    }
    // Citing the answer as its own support: with the evidence, valid where the claim is in it (the originals', not a
    // mutated one); blind, the request has no evidence and the reply cites the artifact, as a code critic's does: valid.
    const artifact = report.critics['claims-artifact'];
    expect(artifact.falseAlarms.clean).toMatchObject({ rate: 0 });
    expect(artifact.falseAlarms.blind).toMatchObject({ n: artifact.falseAlarms.clean.n, rate: 0 });
    for (const m of MUTATORS) expect(artifact.byMutator[m].blind).toMatchObject({ rate: 0 });
    expect(artifact.grammar.invalid.byReason).toEqual({ 'span not in the evidence': perCondition(run, 'claims-artifact').clean! - artifact.falseAlarms.clean.n });
    // The claims critic supports every claim with the evidence it was shown, and finds none blind.
    const claims = report.critics['claims-evidence'];
    expect(claims.falseAlarms.clean.rate).toBe(0);
    expect(claims.grammar.claims.spans.fabricatedShare).toBe(0);
    expect(claims.grammar.claims.notFound.originals).toBeGreaterThan(0);
  });
});
