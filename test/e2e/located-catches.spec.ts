import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import { splitSentences } from '../../src/text/claims.js';
import { sha256Hex } from '../../src/util/hash.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { reviewItems } from '../support/reviewItems.js';

/**
 * What counts as a catch, end to end through the CLI on the bundled text
 * suite: exec critics with a fixed answering style (test/support/grammar-exec-critic.mjs)
 * beside builtin:evidence-check answering per claim. A critic that fails
 * everything, or fails a random sentence, catches every mutant raw but seldom
 * where the mutation is; one that quotes the mutation is located on every
 * catch; per-claim replies without spans, or citing spans no evidence holds,
 * are invalid and counted by reason.
 */
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'grammar-exec-critic.mjs');
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-located-'));
const config = join(dir, 'critic.config.yaml');
const roles = join(dir, 'roles.json');
const MUTATORS = ['number-flip', 'entity-swap', 'qualifier-deletion'];

const exec = (name: string, extra = '') => `  - name: ${name}
    provider: exec
    mode: persistent
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}, ${name}]
${extra}`;
const claimsPrompt = `    prompt: ${JSON.stringify(join(PACKAGE_ROOT, 'prompts', 'claims.md'))}\n    verdict: claims\n`;

writeFileSync(
  config,
  `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures', 'policy'))}]
mutators: [${MUTATORS.join(', ')}]
conditions: [clean]
seed: 7
critics:
${exec('always-fail')}${exec('random-sentence')}${exec('quote-span')}${exec('agree-disagree', '    verdict: agree-disagree\n')}${exec('accepted-issues', '    verdict: accepted-issues\n')}${exec('claims-no-span', claimsPrompt)}${exec('claims-fabricated', claimsPrompt)}  - name: evidence-claims
    provider: builtin:evidence-check
    verdict: claims
`,
);

let report: any;
let expectedRandom = 0;

beforeAll(async () => {
  const prepared = await prepareRun(loadConfig(config));
  const items = reviewItems(
    prepared.fixtures,
    [...prepared.generation()].flatMap((g) => g.mutants),
  );
  // What each mutant changed, and for a deletion the words that now meet across the gap.
  const role = (i: (typeof items)[number]) => {
    if (!i.mutant) return { role: i.role };
    const { span, original, replacement } = i.mutant;
    const from = i.artifact.slice(0, span.start).search(/\S+\s*$/);
    const to = span.start + replacement.length + (/^\s*\S+/.exec(i.artifact.slice(span.start + replacement.length))?.[0].length ?? 0);
    return { role: i.role, original, replacement, gap: i.artifact.slice(Math.max(0, from), to) };
  };
  writeFileSync(roles, JSON.stringify(Object.fromEntries(items.map((i) => [sha256Hex(i.artifact), role(i)]))));
  const mutants = items.filter((i) => i.role === 'mutant');
  expectedRandom = mutants.reduce((sum, i) => sum + 1 / splitSentences(i.artifact).length, 0) / mutants.length;
  // In this process (runCliAsProcess: the modules and word lists load once); the scripted critics read SCRIPTED_ROLES.
  const run = await runCliAsProcess(['run', '--config', config, '--no-cache', '--out', join(dir, 'run')], { env: { SCRIPTED_ROLES: roles, GITHUB_STEP_SUMMARY: '' } });
  expect(run.stderr).not.toMatch(/Error:/);
  report = JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8'));
}, 120_000);

const cells = (critic: string) => MUTATORS.map((m) => report.critics[critic].byMutator[m].clean);
/** The suite's mutants and originals (controls included), as every critic here reviewed them clean. */
const mutants = () => report.critics['always-fail'].pooled.clean.n;
const originals = () => report.critics['always-fail'].falseAlarms.clean.n;

describe('located catches', () => {
  it('an always-FAIL critic: raw catch 100%, located at most a few percent, false alarms 100%', () => {
    for (const cell of cells('always-fail')) {
      expect(cell.rate).toBe(1);
      expect(cell.located.rate).toBeLessThanOrEqual(0.05);
      expect(cell.unlocated).toBeGreaterThanOrEqual(0.95);
    }
    expect(report.critics['always-fail'].falseAlarms.clean.rate).toBe(1);
    expect(report.critics['always-fail'].falseAlarmCitations.clean).toMatchObject({ flagged: originals(), citing: 0 });
  });

  it('a critic that fails a random sentence: raw 100%, located about 1/(sentences per artifact)', () => {
    const pooled = report.critics['random-sentence'].pooled.clean;
    expect(pooled.rate).toBe(1);
    // The chosen sentence may hold the same number or name as the mutated one: a little above 1/sentences, never far.
    expect(pooled.located.rate).toBeGreaterThan(expectedRandom - 0.08);
    expect(pooled.located.rate).toBeLessThan(expectedRandom + 0.12);
    expect(expectedRandom).toBeLessThan(0.5);
    // What its false alarms cited: a sentence of the original, every time.
    expect(report.critics['random-sentence'].falseAlarmCitations.clean.citing).toBe(originals());
  });

  it('a critic that quotes the mutated span: located = raw', () => {
    for (const cell of cells('quote-span')) {
      expect(cell.rate).toBe(1);
      expect(cell.located.caught).toBe(cell.caught);
      expect(cell.unlocated).toBe(0);
    }
    expect(report.critics['quote-span'].falseAlarms.clean.rate).toBe(0);
  });

  it.each(['agree-disagree', 'accepted-issues'])('the %s grammar end to end: every reply read, its cited words located on every catch', (name) => {
    const critic = report.critics[name];
    expect(critic.grammar).toMatchObject({ grammar: name, rate: 1, invalid: { count: 0 }, noVerdict: 0 });
    for (const cell of cells(name)) expect([cell.rate, cell.located.rate]).toEqual([1, 1]);
    expect(critic.falseAlarms.clean.rate).toBe(0);
  });

  it('builtin:evidence-check answering per claim: located within 2 points of raw, valid replies only', () => {
    for (const cell of cells('evidence-claims')) expect(cell.rate - cell.located.rate).toBeLessThanOrEqual(0.02);
    const grammar = report.critics['evidence-claims'].grammar;
    expect(grammar).toMatchObject({ grammar: 'claims', invalid: { count: 0 } });
    expect(grammar.rate).toBe(1);
    expect(grammar.claims.spans.fabricatedShare).toBe(0);
    // Every generated mutant's claim is flagged; the suite's authored requirement-omissions have no claim of their own to flag, and
    // they are a larger share now that the mutators keep only mutants that read as honest mistakes.
    expect(grammar.claims.claimLevel.recall).toBeGreaterThan(0.93);
  });
});

describe('per-claim replies that break the grammar', () => {
  it('`supported` without a span: every reply invalid, counted by its reason, kept, never a verdict', () => {
    const critic = report.critics['claims-no-span'];
    expect(critic.grammar.verdicts).toBe(0);
    expect(critic.grammar.invalid.count).toBe(critic.grammar.answered);
    expect(critic.grammar.invalid.byReason).toEqual({ 'supported without a span': critic.grammar.answered });
    expect(critic.verdicts.noVerdict).toBe(critic.grammar.answered);
  });

  it('spans that are not in the evidence: fabricated-citation share near 100%', () => {
    const grammar = report.critics['claims-fabricated'].grammar;
    expect(grammar.claims.spans.fabricatedShare).toBeGreaterThan(0.95);
    expect(grammar.invalid.byReason['span not in the evidence']).toBe(grammar.answered);
  });

  it("report.md shows the located catches and each grammar's invalid replies by reason", () => {
    const markdown = readFileSync(join(dir, 'run', 'report.md'), 'utf8');
    expect(markdown).toMatch(/### Located catches/);
    expect(markdown).toContain(`| **all** | 0% [0–1] n=${mutants()} (100% unlocated) |`);
    const all = mutants() + originals();
    expect(markdown).toContain(`Grammar \`claims\`: 0% of ${all} replies read as a verdict · invalid ${all} (supported without a span ${all})`);
  });

  it('catchRate mode: located gates on located catches: the always-FAIL critic passes raw and fails located', async () => {
    const gateAt = async (mode: string) => {
      const rebuilt = await runCliAsProcess(['report', join(dir, 'run'), '--threshold', 'default=0.5', '--threshold', `mode=${mode}`], { env: { GITHUB_STEP_SUMMARY: '' } });
      expect(rebuilt.code).toBe(1);
      return JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8')).critics['always-fail'].gates.find((g: any) => g.name === 'catchRate.number-flip');
    };
    expect(await gateAt('raw')).toMatchObject({ value: 1, pass: true });
    const located = await gateAt('located');
    expect(located.pass).toBe(false);
    expect(located.value).toBeLessThanOrEqual(0.05);
    expect(located.detail).toMatch(/located/);
  });

  it('report.html marks each catch in the drill-down as located or not', () => {
    const page = readFileSync(join(dir, 'run', 'report.html'), 'utf8');
    const packed = /<script type="application\/octet-stream" id="drill-reviews" data-encoding="gzip\+base64">([^<]*)<\/script>/.exec(page)![1]!;
    const reviews = JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8'));
    const names = Object.keys(report.critics);
    const marks = (critic: string) => reviews.critics[names.indexOf(critic)].flat().map((r: unknown[]) => r[9]);
    const count = (list: string[], mark: string) => list.filter((m) => m === mark).length;
    expect(count(marks('quote-span'), 'l')).toBe(mutants());
    expect(count(marks('quote-span'), 'u')).toBe(0);
    expect(count(marks('always-fail'), 'u')).toBe(mutants() - Math.round(report.critics['always-fail'].pooled.clean.located.caught));
    expect(count(marks('always-fail'), '')).toBe(originals());
    expect(page).toMatch(/['"] · located['"]/);
  });

  it('report DIR rebuilds the same figures from the store', async () => {
    const rebuilt = await runCliAsProcess(['report', join(dir, 'run')], { env: { GITHUB_STEP_SUMMARY: '' } });
    expect(rebuilt.code).toBe(report.passed ? 0 : 1);
    const again = JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8'));
    for (const name of Object.keys(report.critics)) {
      expect(again.critics[name].byMutator).toEqual(report.critics[name].byMutator);
      expect(again.critics[name].grammar).toEqual(report.critics[name].grammar);
    }
  });
});
