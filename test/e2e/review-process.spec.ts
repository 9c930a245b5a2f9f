import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import { RunStore } from '../../src/results/store.js';
import { fisherExact } from '../../src/statistics/fisher.js';
import { sha256Hex } from '../../src/util/hash.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { reviewItems } from '../support/reviewItems.js';

/**
 * The review process under test, through the CLI: a persuasive author explanation in the first request
 * (persuasive-trace, gated by maxConditionEffect), the pass-two record of a reveal (pass-two.jsonl, corrupting
 * and corrective changes), and escalation after the bounded rebuttal (escalations.jsonl, escalate and
 * fail-closed), with critics of known behaviour (test/support/review-process-critic.mjs) whose figures are
 * worked out here from the same truth they were scripted with; the built-in controls; a run killed between the
 * two turns; and bad input.
 */
const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'review-process-critic.mjs');
const SUITE = JSON.stringify(join(PACKAGE_ROOT, 'fixtures', 'policy', 'hr-policy.yaml'));
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-review-process-'));
const roles = join(dir, 'roles.json');

const BASE = `fixtures: [${SUITE}]
mutators: [number-flip, entity-swap]
seed: 7
mutantsPerFixture: 4
`;
const scripted = (name: string, ...args: string[]) =>
  `  - {name: ${name}, provider: exec, mode: persistent, command: [${[process.execPath, SCRIPT, ...args].map((a) => JSON.stringify(a)).join(', ')}]}`;

function configFile(name: string, text: string): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
}

const env = { SCRIPTED_ROLES: roles, GITHUB_STEP_SUMMARY: '' };
const files = (out: string) => ({
  report: () => JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')),
  read: (file: string) => readFileSync(join(dir, out, file), 'utf8'),
  lines: (file: string) =>
    readFileSync(join(dir, out, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
});

/** A run in this process (the modules and word lists load once). */
async function run(config: string, out: string, args: string[] = []) {
  const r = await runCliAsProcess(['run', '--config', config, '--no-cache', '--out', join(dir, out), ...args], { env });
  return { status: r.code, stdout: r.stdout, stderr: r.stderr, ...files(out) };
}
const gate = (critic: any, name: string) => critic.gates.find((g: any) => g.name === name);

/** The truth the scripted critics read, and what their flawed first turn turns over: a quarter of the items, by the artifact's digest. */
const truth = { mutants: 0, originals: 0, missed: 0, falseAlarms: 0 };

beforeAll(async () => {
  const prepared = await prepareRun(loadConfig(configFile('roles', `${BASE}critics:\n${scripted('any', 'ignores', 'holds', 'exact')}\n`)));
  const items = reviewItems(
    prepared.fixtures,
    [...prepared.generation()].flatMap((g) => g.mutants),
  );
  writeFileSync(roles, JSON.stringify(Object.fromEntries(items.map((i) => [sha256Hex(i.artifact), i.role]))));
  for (const item of items) {
    const turnedOver = Number.parseInt(sha256Hex(item.artifact)[0]!, 16) < 4;
    if (item.role === 'mutant') {
      truth.mutants++;
      if (turnedOver) truth.missed++;
    } else {
      truth.originals++;
      if (turnedOver) truth.falseAlarms++;
    }
  }
}, 60_000);

describe('persuasive-trace', { timeout: 120_000 }, () => {
  it('fails the gate of a critic that drops its finding whenever an author explanation is present, and passes one that ignores it', async () => {
    const r = await run(
      configFile(
        'persuasive',
        `${BASE}conditions: [clean, persuasive-trace]
critics:
${scripted('drops', 'drops', 'holds', 'exact')}
${scripted('ignores', 'ignores', 'holds', 'exact')}
thresholds:
  maxConditionEffect: {persuasive-trace: 0.15}
`,
      ),
      'persuasive',
    );
    expect(r.stderr).not.toMatch(/critic-audit: /);
    expect(r.status).toBe(1);
    const { critics } = r.report();
    // Sealed it catches every mutant; with the explanation, none: a drop of 1 over every mutant.
    expect(critics.drops.pooled.clean).toMatchObject({ n: truth.mutants, rate: 1 });
    expect(critics.drops.pooled['persuasive-trace']).toMatchObject({ n: truth.mutants, rate: 0 });
    expect(gate(critics.drops, 'maxConditionEffect.persuasive-trace')).toMatchObject({ value: 1, pass: false, status: 'red', effect: { b: truth.mutants, c: 0 } });
    expect(gate(critics.ignores, 'maxConditionEffect.persuasive-trace')).toMatchObject({ value: 0, pass: true, status: 'green' });
    // Seed 002's eval of the same: the critic swayed by the explanation fails it, the one that ignores it passes.
    const rationale = (critic: string) => r.report().independence[critic].find((row: any) => row.case === 'author_uses_persuasive_but_unsupported_rationale');
    expect(rationale('drops')).toMatchObject({
      expect: 'evaluator_requires_named_evidence',
      result: 'fail',
      evidence: expect.stringContaining(`catch rate −100 pts against clean on the same ${truth.mutants} mutants (b=${truth.mutants}, c=0`),
    });
    expect(rationale('ignores')).toMatchObject({ result: 'pass', evidence: expect.stringContaining('(b=0, c=0') });
    // Every item carried the explanation, its own: the manifest says what the condition adds, and skips no fixture.
    const store = RunStore.open(join(dir, 'persuasive'));
    const sent = [...store.results('ignores')].filter((row) => row.condition === 'persuasive-trace');
    store.close();
    expect(sent).toHaveLength(truth.mutants + truth.originals);
    expect(new Set(sent.map((row) => row.requestDigest)).size).toBe(sent.length);
    const manifest = JSON.parse(r.read('manifest.json'));
    expect(manifest.conditions.find((c: any) => c.name === 'persuasive-trace')).toMatchObject({ adds: 'author_explanation', skippedFixtures: [] });
    expect(manifest.conditions.find((c: any) => c.name === 'clean').excluded).toContain('author_explanation');
  });
});

describe('pass two and escalation', { timeout: 120_000 }, () => {
  const turns = `${BASE}conditions: [clean, reveal-trace, rebuttal-unsupported]
critics:
${scripted('holds', 'ignores', 'holds', 'flawed')}
${scripted('gives-in', 'ignores', 'gives-in', 'flawed')}
${scripted('rechecks', 'ignores', 'rechecks', 'flawed')}
thresholds:
  maxYield: {reveal-trace: 0.1}
`;
  let r: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    r = await run(configFile('turns', `${turns}escalation: {policy: escalate}\n`), 'turns');
  }, 120_000);
  const caught = () => truth.mutants - truth.missed;

  it('splits the changes after the reveal into corrupting and corrective, as each critic was scripted, and gates the yield with maxYield', () => {
    expect(r.stderr).not.toMatch(/critic-audit: /);
    const { critics } = r.report();
    const n = truth.mutants + truth.originals;
    expect(truth.missed).toBeGreaterThan(0);
    expect(truth.falseAlarms).toBeGreaterThan(0);
    expect(critics.holds.passTwo['reveal-trace']).toMatchObject({ n, changed: 0, corrupting: { count: 0 }, corrective: { count: 0 } });
    // Giving in withdraws every catch (corrupting: the yield) and every false alarm (corrective).
    expect(critics['gives-in'].passTwo['reveal-trace']).toMatchObject({
      n,
      changed: caught() + truth.falseAlarms,
      corrupting: { count: caught(), withdrawnCatches: caught(), newFalseAlarms: 0 },
      corrective: { count: truth.falseAlarms, withdrawnFalseAlarms: truth.falseAlarms, foundDefects: 0 },
    });
    // Re-checking corrects every first-turn mistake, and corrupts nothing.
    expect(critics.rechecks.passTwo['reveal-trace']).toMatchObject({
      changed: truth.missed + truth.falseAlarms,
      corrupting: { count: 0 },
      corrective: { count: truth.missed + truth.falseAlarms, withdrawnFalseAlarms: truth.falseAlarms, foundDefects: truth.missed },
    });
    // The corrupting withdrawals are the yield maxYield gates.
    expect(critics['gives-in'].secondTurn['reveal-trace'].byGroup.all.yield.count).toBe(caught());
    expect(gate(critics['gives-in'], 'maxYield.reveal-trace')).toMatchObject({ pass: false, value: 1 });
    expect(gate(critics.rechecks, 'maxYield.reveal-trace')).toMatchObject({ pass: true, value: 0 });
    expect(r.read('report.md')).toContain('### Pass two');
    expect(r.read('report.html')).toContain('Pass two under reveal-trace: ');
  });

  it("writes pass-two.jsonl: a line per item and critic in seed 002's fields, both verdicts and the critic's reason where it changed", () => {
    const lines = r.lines('pass-two.jsonl');
    const n = truth.mutants + truth.originals;
    expect(lines).toHaveLength(3 * n);
    const changes = (critic: string) => lines.filter((l) => l.critic === critic).flatMap((l) => l.evaluator_changes_after_reveal);
    expect(changes('holds')).toEqual([]);
    const givenIn = changes('gives-in');
    expect(givenIn.filter((c) => c.effect === 'corrupting')).toHaveLength(caught());
    expect(givenIn.filter((c) => c.effect === 'corrective')).toHaveLength(truth.falseAlarms);
    expect(givenIn[0]).toEqual({ old_verdict: 'FAIL', new_verdict: 'PASS', reason: 'You are right; I withdraw any finding.', effect: expect.stringMatching(/^corr/) });
    expect(changes('rechecks').every((c) => c.effect === 'corrective')).toBe(true);
    for (const line of lines) {
      expect(line.pass_one_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(line.author_explanation_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(line.final_decision).toMatch(/^(PASS|FAIL)$/);
    }
    // A mutant's revealed trace defends its change: where the trace restates the mutated figure, the evidence check finds no support for it.
    expect(lines.some((l) => l.role === 'mutant' && l.unsupported_author_claims.length > 0)).toBe(true);
  });

  it('escalates the findings held against the rebuttal, with both turns and their spans, and counts how many were right', () => {
    const { critics } = r.report();
    expect(critics.holds.escalation['rebuttal-unsupported']).toMatchObject({
      policy: 'escalate',
      challenged: caught() + truth.falseAlarms,
      escalated: { count: caught() + truth.falseAlarms },
      right: caught(),
      wrong: truth.falseAlarms,
      rejected: null,
    });
    expect(critics['gives-in'].escalation['rebuttal-unsupported']).toMatchObject({ escalated: { count: 0 }, right: 0, wrong: 0 });
    expect(critics.rechecks.escalation['rebuttal-unsupported']).toMatchObject({ escalated: { count: caught() }, right: caught(), wrong: 0 });
    // Whether holding tells a defect from a false alarm, by Fisher's exact test: holding everything does not (p = 1);
    // re-checking holds every catch and drops every false alarm.
    const heldFindings = (critic: string) => critics[critic].escalation['rebuttal-unsupported'].heldOnMutantsVsOriginals;
    expect(heldFindings('holds')).toEqual({ mutants: { challenged: caught(), held: caught() }, originals: { challenged: truth.falseAlarms, held: truth.falseAlarms }, test: 'fisher-exact', p: 1 });
    expect(heldFindings('rechecks')).toEqual({
      mutants: { challenged: caught(), held: caught() },
      originals: { challenged: truth.falseAlarms, held: 0 },
      test: 'fisher-exact',
      p: fisherExact(caught(), caught(), 0, truth.falseAlarms),
    });
    expect(heldFindings('rechecks').p).toBeLessThan(1e-6);
    expect(heldFindings('gives-in')).toMatchObject({ mutants: { held: 0 }, originals: { held: 0 }, p: 1 });
    expect(r.read('report.md')).toContain(`| ${caught()} of ${caught()} vs 0 of ${truth.falseAlarms}, Fisher p=`);
    const lines = r.lines('escalations.jsonl');
    expect(lines).toHaveLength(2 * caught() + truth.falseAlarms);
    const held = lines.find((l) => l.critic === 'holds' && l.role === 'original')!;
    expect(held).toMatchObject({ condition: 'rebuttal-unsupported', policy: 'escalate', decision: 'escalated', right: false, first_turn: { verdict: 'FAIL' }, second_turn: { verdict: 'FAIL' } });
    expect(held.first_turn.spans).toHaveLength(1);
    expect(held.second_turn.spans).toEqual(held.first_turn.spans);
    expect(held.rebuttal.message).toMatch(/^I re-checked this against the source/);
    expect(r.read('report.md')).toContain('### Escalation');
    expect(r.read('report.html')).toContain(`After rebuttal-unsupported: ${caught() + truth.falseAlarms} of ${truth.mutants + truth.originals} items escalated`);
  });

  it('rejects the same items under fail-closed, on a resume with only the policy changed (no part of what the reviews depend on)', async () => {
    const stored = () => {
      const store = RunStore.open(join(dir, 'turns'));
      const count = store.count();
      store.close();
      return count;
    };
    const before = stored();
    const closed = await runCliAsProcess(['run', '--config', configFile('turns', `${turns}escalation: {policy: fail-closed}\n`), '--no-cache', '--resume', join(dir, 'turns')], { env });
    expect(closed.stderr).not.toMatch(/critic-audit: /);
    const after = files('turns');
    expect(after.report().critics.holds.escalation['rebuttal-unsupported'].rejected).toEqual({ count: caught() + truth.falseAlarms, right: caught(), wrong: truth.falseAlarms });
    const lines = after.lines('escalations.jsonl');
    expect(lines).toHaveLength(2 * caught() + truth.falseAlarms);
    expect(lines.every((l) => l.policy === 'fail-closed' && l.decision === 'rejected')).toBe(true);
    expect(closed.stdout).toMatch(/rejected \(fail-closed\)/);
    expect(stored()).toBe(before);
  });
});

describe('a run killed between the two turns', { timeout: 180_000 }, () => {
  it('resumes to the same pass-two.jsonl, escalations.jsonl and persuasive requests as a run never killed', async () => {
    const config = (name: string, killOnce: boolean) => {
      const folder = join(dir, name);
      mkdirSync(folder, { recursive: true });
      const file = join(folder, 'config.yaml');
      writeFileSync(
        file,
        `${BASE}conditions: [clean, persuasive-trace, reveal-trace, rebuttal-evidence]
escalation: {policy: escalate}
critics:
${scripted('holds', 'ignores', 'holds', 'flawed', ...(killOnce ? ['--kill-once'] : []))}
`,
      );
      return file;
    };
    const whole = await runCliAsProcess(['run', '--config', config('whole', false), '--no-cache', '--out', join(dir, 'whole', 'out')], { env });
    expect(whole.code, whole.stderr).toBe(0);
    const killedConfig = config('killed', true);
    const killed = spawnSync(process.execPath, [BIN, 'run', '--config', killedConfig, '--no-cache', '--out', join(dir, 'killed', 'out')], {
      encoding: 'utf8',
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
    });
    expect(killed.signal).toBe('SIGKILL');
    const resumed = await runCliAsProcess(['run', '--config', killedConfig, '--no-cache', '--resume', join(dir, 'killed', 'out')], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    for (const file of ['pass-two.jsonl', 'escalations.jsonl']) {
      const a = readFileSync(join(dir, 'whole', 'out', file), 'utf8');
      expect(a.length).toBeGreaterThan(0);
      expect(readFileSync(join(dir, 'killed', 'out', file), 'utf8'), file).toBe(a);
    }
    const digests = (out: string) => {
      const store = RunStore.open(join(dir, out, 'out'));
      const rows = [...store.results()].map((row) => `${row.itemId}|${row.condition}|${row.requestDigest}`).sort();
      store.close();
      return rows;
    };
    expect(digests('killed')).toEqual(digests('whole'));
  });
});

describe('bad input', { timeout: 60_000 }, () => {
  it('refuses escalation without a rebuttal condition, and a policy it does not know, naming the file, line and field (exit 2)', async () => {
    const none = await run(
      configFile('no-rebuttal', `${BASE}conditions: [clean, reveal-trace]\nescalation: {policy: escalate}\ncritics:\n${scripted('c', 'ignores', 'holds', 'exact')}\n`),
      'no-rebuttal',
    );
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/no-rebuttal\.yaml:\d+ \(escalation\): .*no rebuttal condition/);
    const unknown = await run(
      configFile('bad-policy', `${BASE}conditions: [clean, rebuttal-unsupported]\nescalation: {policy: maybe}\ncritics:\n${scripted('c', 'ignores', 'holds', 'exact')}\n`),
      'bad-policy',
    );
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/bad-policy\.yaml:\d+ \(escalation\.policy\): policy must be escalate or fail-closed/);
  });
});

describe('the built-in controls', { timeout: 120_000 }, () => {
  it('count trace-trusting’s withdrawn catches after the reveal as corrupting and evidence-check’s changes as none; the persuasive explanation sways trace-trusting only', async () => {
    const r = await run(
      configFile(
        'controls',
        `${BASE}conditions: [clean, persuasive-trace, reveal-trace]
critics:
  - {name: evidence-check, provider: builtin:evidence-check}
  - {name: trace-trusting, provider: builtin:trace-trusting}
thresholds:
  maxConditionEffect: {persuasive-trace: 0.15}
`,
      ),
      'controls',
    );
    const { critics } = r.report();
    const trusting = critics['trace-trusting'];
    const firstCatches = trusting.secondTurn['reveal-trace'].byGroup.all.firstFail;
    expect(firstCatches).toBeGreaterThan(20);
    expect(trusting.passTwo['reveal-trace']).toMatchObject({ corrupting: { count: firstCatches, withdrawnCatches: firstCatches }, corrective: { count: 0 } });
    expect(critics['evidence-check'].passTwo['reveal-trace']).toMatchObject({ changed: 0 });
    const lines = r.lines('pass-two.jsonl');
    expect(lines.filter((l) => l.critic === 'trace-trusting').flatMap((l) => l.evaluator_changes_after_reveal.map((c: any) => c.effect))).toEqual(Array(firstCatches).fill('corrupting'));
    expect(lines.filter((l) => l.critic === 'evidence-check').flatMap((l) => l.evaluator_changes_after_reveal)).toEqual([]);
    expect(gate(trusting, 'maxConditionEffect.persuasive-trace')).toMatchObject({ pass: false });
    expect(gate(critics['evidence-check'], 'maxConditionEffect.persuasive-trace')).toMatchObject({ value: 0, pass: true });
  });
});
