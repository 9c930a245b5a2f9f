import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess, type CliOutput } from '../support/cliRun.js';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fakeAnthropic.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeReviewService, type FakeReviewService } from '../support/fakeReviewService.js';

/** `run --dry-run` on the default audit, with hosted critics added at loopback fakes that count what reaches them. */

const ENV = { FORCE_COLOR: '0', DRY_OPENAI_KEY: 'sk-SECRET-openai', DRY_ANTHROPIC_KEY: 'sk-ant-SECRET', DRY_REVIEW_TOKEN: 'tok-SECRET' };

let openai: FakeOpenAI;
let claude: FakeAnthropic;
let service: FakeReviewService;
let dir: string;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  claude = await startFakeAnthropic({ apiKey: ENV.DRY_ANTHROPIC_KEY });
  service = await startFakeReviewService(() => ({ json: { review: 'VERDICT: PASS' } }));
  dir = mkdtempSync(join(tmpdir(), 'critic-audit-dry-run-'));
  // The bundled default audit (its fixtures, mutators, conditions and critics), with three hosted critics beside its built-ins.
  const defaults = readFileSync(join(PACKAGE_ROOT, 'critic.config.yaml'), 'utf8')
    .replace('fixtures: [fixtures/policy, fixtures/functions]', `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy'))}, ${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/functions'))}]`)
    .replace('from: [fixtures/policy]', `from: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy'))}]`);
  const hosted = `  - name: gpt
    provider: openai
    model: gpt-4o-mini
    baseURL: ${openai.baseURL}
    apiKeyEnv: DRY_OPENAI_KEY
    maxTokens: 400
    pricing: {inputPerMillion: 0.15, outputPerMillion: 0.6}
  - name: claude
    provider: anthropic
    model: claude-fake
    baseURL: ${claude.baseURL}
    apiKeyEnv: DRY_ANTHROPIC_KEY
    pricing: {inputPerMillion: 3, outputPerMillion: 15}
  - name: service
    provider: http
    url: ${service.url}
    headers: {Authorization: "Bearer \${DRY_REVIEW_TOKEN}"}
    body: {question: "{{task}}", answer: "{{artifact}}", sources: "{{evidence_json}}"}
    reply: review
thresholds:`;
  writeFileSync(join(dir, 'critic.config.yaml'), defaults.replace('thresholds:', hosted));
  // The budget's exit code needs a priced plan, not the default audit's: one fixture file and one mutator plan in a
  // fraction of its time, and still cost more than a cent at these prices.
  writeFileSync(
    join(dir, 'priced.config.yaml'),
    `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'))}]
mutators: [number-flip]
conditions: [clean, with-trace]
seed: 7
critics:
${hosted.replace(/\nthresholds:$/, '')}
`,
  );
});

afterAll(async () => {
  await Promise.all([openai.close(), claude.close(), service.close()]);
});

/** `run --dry-run` in this process (runCliAsProcess: the modules and word lists load once), from the audit's folder. */
function dryRun(extra: string[] = []): Promise<CliOutput> {
  return runCliAsProcess(['run', '--dry-run', ...extra], { cwd: dir, env: ENV });
}

describe('critic-audit run --dry-run', () => {
  it('prints the plan, each first request with secrets masked and a cost estimate, sends nothing and writes no run', { timeout: 180_000 }, async () => {
    const { code, stdout, stderr } = await dryRun();
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^fixtures: 186 \(39 text, 30 code, 117 review\)/m);
    expect(stdout).toMatch(/^mutants: \d+ kept, \d+ ignored/m);
    expect(stdout).toMatch(/^conditions: clean, with-trace, prior-pass, prior-fail, blind, round-summary; repeats: 1$/m);
    expect(stdout).toMatch(/^critic evidence-check \(builtin:evidence-check\): 4782 reviews/m);
    // Text and code: 797 + 584 items (authored mutants among them) under each of the default audit's conditions but
    // blind, which reviews the 797 text items only (the evidence it withholds is a text artifact's).
    expect(stdout).toMatch(/^critic gpt \(openai\): 7702 reviews \(clean 1381, with-trace 1381, prior-pass 1381, prior-fail 1381, blind 797, round-summary 1381\)$/m);
    expect(stdout).toMatch(/critic gpt[\s\S]*estimated with the o200k_base tokenizer/);
    expect(stdout).toMatch(/critic claude[\s\S]*estimated with the 4-characters-per-token rule[\s\S]*1024 output tokens per review at most/);
    expect(stdout).toMatch(/first request under with-trace:\n {4}POST http:\/\/127\.0\.0\.1:\d+\/v1\/messages\n[\s\S]*x-api-key: \*\*\*/);
    expect(stdout).toMatch(/authorization: Bearer \*\*\*/);
    expect(stdout).toMatch(/^estimated cost of the audit: about \$\d+\.\d{4}/m);
    expect(`${stdout}${stderr}`).not.toMatch(/SECRET/);
    expect(openai.requests).toHaveLength(0);
    expect(claude.requests).toHaveLength(0);
    expect(service.requests).toHaveLength(0);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });

  it('exits 1 when the estimate exceeds --max-cost, 0 when it does not', { timeout: 180_000 }, async () => {
    const priced = ['--config', join(dir, 'priced.config.yaml')];
    const over = await dryRun([...priced, '--max-cost', '0.01']);
    const under = await dryRun([...priced, '--max-cost', '1000']);
    expect(over.code, over.stderr).toBe(1);
    expect(over.stdout).toMatch(/the estimate exceeds --max-cost \$0\.01/);
    expect(under.code, under.stderr).toBe(0);
    expect(openai.requests.length + claude.requests.length + service.requests.length).toBe(0);
  });
});
