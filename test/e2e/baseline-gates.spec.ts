import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { reviewItems } from '../support/reviewItems.js';
import { sha256Hex } from '../../src/util/hash.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * The CI workflow end to end through the CLI, with an exec critic whose rates
 * are known: save a baseline, compare an identical rerun (passes), a run with
 * a real drop (fails, listing the flipped items), a malformed baseline (exit
 * 2, nothing sent), a baseline of other fixtures (no item to pair: no data)
 * and a critic that cannot review (positive control).
 */
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'scripted-exec-critic.mjs');
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-gates-'));
const config = join(dir, 'critic.config.yaml');
const roles = join(dir, 'roles.json');
const baseline = join(dir, 'baseline.json');
const summary = join(dir, 'step-summary.md');

const suiteConfig = (suite: string) => `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures', 'policy', suite))}]
mutators: [number-flip]
conditions: [clean]
mutantsPerFixture: 3
seed: 3
critic:
  name: scripted
  provider: exec
  mode: persistent
  command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}]
thresholds:
  catchRate: {number-flip: {high: 0.8, low: 0.3, break: 0.2}}
  positiveControl: {minVerdictRate: 0.9, minDiscrimination: 0.3}
  maxRegression: {margin: 0.05, alpha: 0.05, rows: [number-flip], minPairs: 10}
`;
writeFileSync(config, suiteConfig('hr-policy.yaml'));
// The same audit over another suite: none of its items is in the baseline.
const otherConfig = join(dir, 'other.config.yaml');
writeFileSync(otherConfig, suiteConfig('tax-rules.yaml'));

/** The CLI in this process (runCliAsProcess: the modules and word lists load once); the scripted critic it starts reads the env. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const result = await runCliAsProcess(args, { env: { SCRIPTED_ROLES: roles, GITHUB_STEP_SUMMARY: '', ...env } });
  return { status: result.code, stdout: result.stdout, stderr: result.stderr };
}
const run = (out: string, args: string[], env: Record<string, string> = {}) => cli(['run', '--config', config, '--no-cache', '--out', join(dir, out), ...args], env);
const reportOf = (out: string) => JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8'));
const gate = (report: any, name: string) => report.critics.scripted.gates.find((g: any) => g.name === name);

beforeAll(async () => {
  // The roles the script needs, from the real mutant generation, for both suites.
  const items = [];
  for (const file of [config, otherConfig]) {
    const prepared = await prepareRun(loadConfig(file));
    items.push(
      ...reviewItems(
        prepared.fixtures,
        [...prepared.generation()].flatMap((g) => g.mutants),
      ),
    );
  }
  writeFileSync(roles, JSON.stringify(Object.fromEntries(items.map((i) => [sha256Hex(i.artifact), i.role]))));
  const saved = await run('first', ['--save-baseline', baseline], { CATCH_RATE: '0.8' });
  expect(saved.stderr).not.toMatch(/critic-audit: |Error/);
  expect(saved.status).toBe(0);
}, 60_000);

describe('baselines and the regression gate through the CLI', { timeout: 60_000 }, () => {
  it('saves a versioned baseline of per-item verdicts', async () => {
    const data = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(data).toMatchObject({ tool: 'critic-audit', kind: 'baseline', version: 1, conditions: ['clean'] });
    const items = Object.values<any>(data.critics.scripted.items);
    expect(items.length).toBeGreaterThan(30);
    expect(items.filter((i) => i.role === 'mutant').every((i) => i.mutant.replacement !== undefined && i.outcomes.clean.reply.includes('VERDICT'))).toBe(true);
  });

  it('passes a rerun of the same critic, writing JUnit and the GitHub step summary', async () => {
    const result = await run('same', ['--baseline', baseline], { CATCH_RATE: '0.8', GITHUB_STEP_SUMMARY: summary });
    expect(result.status).toBe(0);
    const report = reportOf('same');
    expect(report.baseline.file).toBe(baseline);
    expect(report.critics.scripted.regression.onlyInCurrent).toBe(0);
    expect(report.critics.scripted.flipped).toEqual([]);
    expect(gate(report, 'maxRegression')).toMatchObject({ pass: true, value: 0 });
    expect(readFileSync(join(dir, 'same', 'junit.xml'), 'utf8')).toMatch(/name="maxRegression" time="0">\s*<system-out>/);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## critic-audit: ✅ passed/);
  });

  it('fails a real drop (exit 1), naming what regressed and listing the flipped items', async () => {
    const extra = join(dir, 'extra-junit.xml');
    const result = await run('drop', ['--baseline', baseline, '--junit', extra], { CATCH_RATE: '0.4', GITHUB_STEP_SUMMARY: summary });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/regressed: number-flip clean catch rate −\d+ pts/);
    const report = reportOf('drop');
    const critic = report.critics.scripted;
    expect(gate(report, 'maxRegression')).toMatchObject({ pass: false, status: 'red' });
    // rows: [number-flip] adds its row to the family (all mutants and the originals): gated, with its Holm p.
    const row = critic.regression.rows.find((r: any) => r.mutator === 'number-flip');
    expect(row).toMatchObject({ c: 0, gating: 'gated', regressed: true, pHolm: expect.any(Number) });
    expect(critic.regression).toMatchObject({ family: ['number-flip'], minPairs: 10 });
    // The gate line names the worst gated row, its drop, interval and Holm p, against alpha and the margin.
    const shown = gate(report, 'maxRegression').regression;
    expect(critic.regression.rows.find((r: any) => r.mutator === shown.items && r.condition === shown.condition)).toMatchObject({ regressed: true, pHolm: shown.pHolm, ci: shown.ci });
    expect(result.stdout).toMatch(
      new RegExp(`✗ maxRegression ${shown.items} clean: catch rate −\\d+\\.\\d pts \\[−\\d+\\.\\d, −\\d+\\.\\d\\], Holm p [\\d.e-]+ \\(threshold Holm p ≤ 0\\.05 and a drop beyond 5 pts, red\\)`),
    );
    expect(row.b).toBeGreaterThan(4);
    // The suite's authored mutants flip too; number-flip's are the ones its row counts.
    expect(critic.flipped.filter((f: any) => f.mutator === 'number-flip')).toHaveLength(row.b);
    expect(critic.flipped[0]).toMatchObject({
      direction: 'lost-catch',
      diff: { before: expect.any(String), after: expect.any(String) },
      baselineReply: expect.stringMatching(/VERDICT: FAIL/),
      currentReply: expect.stringMatching(/VERDICT: PASS/),
    });
    // The band: the catch rate is amber or red, but above break, so that gate still passes.
    expect(gate(report, 'catchRate.number-flip').pass).toBe(true);
    const md = readFileSync(join(dir, 'drop', 'report.md'), 'utf8');
    expect(md).toMatch(/### Items that flipped since the baseline: \d+ worse, 0 better/);
    expect(md).toMatch(/```diff\n {2}@@ line \d+ @@\n {2}- .*\n {2}\+ /);
    expect(readFileSync(extra, 'utf8')).toMatch(/<failure message="maxRegression: /);
    expect(readFileSync(summary, 'utf8')).toMatch(/## critic-audit: ❌ failed[\s\S]*\*\*Regressed:\*\* number-flip under clean/);
  });

  it('re-gates a stored run against the baseline and with threshold overrides, without the critic', async () => {
    const drop = await cli(['report', join(dir, 'drop'), '--baseline', baseline]);
    expect(drop.status, drop.stderr).toBe(1);
    const same = await cli(['report', join(dir, 'same'), '--baseline', baseline]);
    expect(same.status, same.stderr).toBe(0);
    // Above the critic's own rate (0.8 by its script, fewer on these mutants): the override makes the gate fail.
    expect(gate(reportOf('same'), 'catchRate.number-flip').value).toBeLessThan(0.99);
    const strict = await cli(['report', join(dir, 'same'), '--baseline', baseline, '--threshold', 'number-flip=0.99']);
    expect(strict.status, strict.stderr).toBe(1);
    expect(gate(reportOf('same'), 'catchRate.number-flip')).toMatchObject({ pass: false, threshold: 0.99 });
    expect((await cli(['report', join(dir, 'same'), '--threshold', 'number-flip.brake=0.95'])).status).toBe(2);
    // The regression family and its minimum size, overridden like the other fields.
    const perMutator = await cli(['report', join(dir, 'drop'), '--baseline', baseline, '--threshold', 'maxRegression.rows=per-mutator', '--threshold', 'maxRegression.minPairs=1000']);
    expect(perMutator.status, perMutator.stderr).toBe(1);
    expect(reportOf('drop').critics.scripted.regression).toMatchObject({ family: 'per-mutator', minPairs: 1000 });
    expect(gate(reportOf('drop'), 'maxRegression')).toMatchObject({ status: 'no-data', detail: expect.stringMatching(/^every row of the family has fewer than 1000 paired items/) });
    const disordered = await cli(['report', join(dir, 'same'), '--threshold', 'number-flip.break=0.95']);
    expect(disordered.status).toBe(2);
    expect(disordered.stderr).toMatch(/need break <= low <= high/);
  });

  it('rebuilds a run made with --baseline against the baseline it recorded; once that file is changed or gone, maxRegression fails as no data', async () => {
    const recorded = join(dir, 'recorded-baseline.json');
    copyFileSync(baseline, recorded);
    const made = await run('recorded', ['--baseline', recorded], { CATCH_RATE: '0.4' });
    expect(made.status, made.stderr).toBe(1);
    const failed = gate(reportOf('recorded'), 'maxRegression');
    expect(failed).toMatchObject({ pass: false, status: 'red' });
    const madeWith = reportOf('recorded').baseline;

    // Without --baseline: the same file, the same digest, the same failed gate.
    const rebuilt = await cli(['report', join(dir, 'recorded')]);
    expect(rebuilt.status, rebuilt.stderr).toBe(1);
    expect(rebuilt.stderr).toContain(`critic-audit: this run recorded the baseline ${recorded}: compared with it again`);
    expect(gate(reportOf('recorded'), 'maxRegression')).toEqual(failed);
    expect(reportOf('recorded').baseline).toEqual(madeWith);
    // A resume given no --baseline finishes the run against the one it was started with.
    const resumed = await run('recorded', ['--resume', join(dir, 'recorded')], { CATCH_RATE: '0.4' });
    expect(resumed.status, resumed.stderr).toBe(1);
    expect(gate(reportOf('recorded'), 'maxRegression')).toEqual(failed);

    // The same baseline written again (other bytes): not the file the run was compared with.
    const rewritten = JSON.stringify(JSON.parse(readFileSync(recorded, 'utf8')));
    writeFileSync(recorded, rewritten);
    const changed = await cli(['report', join(dir, 'recorded')]);
    expect(changed.status, changed.stderr).toBe(1);
    expect(gate(reportOf('recorded'), 'maxRegression')).toEqual({
      name: 'maxRegression',
      threshold: 0.05,
      value: null,
      pass: false,
      status: 'no-data',
      detail: `the baseline this run was compared with, ${recorded}, changed since the run (sha256 ${sha256Hex(rewritten).slice(0, 12)}, recorded ${madeWith.sha256.slice(0, 12)}): nothing compared (report DIR --baseline FILE compares with another)`,
    });
    expect(reportOf('recorded').baseline).toBeNull();
    expect(changed.stdout).toMatch(/✗ maxRegression no data \(threshold 0\.05\) the baseline this run was compared with, .* changed since the run/);

    rmSync(recorded);
    const gone = await cli(['report', join(dir, 'recorded')]);
    expect(gone.status, gone.stderr).toBe(1);
    expect(gone.stderr).toContain(`critic-audit: this run recorded the baseline ${recorded}: it is gone, so maxRegression fails as no data`);
    expect(gate(reportOf('recorded'), 'maxRegression')).toMatchObject({
      pass: false,
      status: 'no-data',
      detail: `the baseline this run was compared with, ${recorded}, is gone: nothing compared (report DIR --baseline FILE compares with another)`,
    });
    expect(readFileSync(join(dir, 'recorded', 'junit.xml'), 'utf8')).toMatch(/<failure message="maxRegression: no data: the baseline this run was compared with, .* is gone/);

    // --baseline given to report still wins.
    const explicit = await cli(['report', join(dir, 'recorded'), '--baseline', baseline]);
    expect(explicit.status, explicit.stderr).toBe(1);
    expect(explicit.stderr).not.toContain('this run recorded the baseline');
    expect(gate(reportOf('recorded'), 'maxRegression')).toEqual(failed);
    expect(reportOf('recorded').baseline.file).toBe(baseline);
  });

  it('fails (exit 1) with maxRegression no-data when the baseline is of other fixtures and pairs no item', async () => {
    const result = await cli(['run', '--config', otherConfig, '--no-cache', '--out', join(dir, 'other'), '--baseline', baseline], { CATCH_RATE: '0.8' });
    expect(result.status, result.stderr).toBe(1);
    const report = reportOf('other');
    expect(report.critics.scripted.regression).toMatchObject({ pairedItems: 0, onlyInBaseline: expect.any(Number), onlyInCurrent: expect.any(Number) });
    // Every other gate passes: the run fails on the comparison that compared nothing.
    expect(report.critics.scripted.gates.filter((g: any) => !g.pass).map((g: any) => g.name)).toEqual(['maxRegression']);
    expect(gate(report, 'maxRegression')).toMatchObject({
      pass: false,
      value: null,
      status: 'no-data',
      detail: expect.stringMatching(/^no item of this run is in the baseline \(\d+ only in this run, \d+ only in the baseline\): nothing to compare pair by pair$/),
    });
    expect(result.stdout).toMatch(/✗ maxRegression no data \(threshold 0\.05\) no item of this run is in the baseline/);
    expect(readFileSync(join(dir, 'other', 'junit.xml'), 'utf8')).toMatch(/<failure message="maxRegression: no data: no item of this run is in the baseline/);
  });

  it('exits 2 on a malformed baseline, naming the file and the field, before anything is sent', async () => {
    const data = JSON.parse(readFileSync(baseline, 'utf8'));
    const id = Object.keys(data.critics.scripted.items)[0]!;
    data.critics.scripted.items[id].outcomes.clean.answered = 0;
    const bad = join(dir, 'bad-baseline.json');
    writeFileSync(bad, JSON.stringify(data));
    const result = await run('bad', ['--baseline', bad], { CATCH_RATE: '0.8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${bad} (critics.scripted.items.${id}.outcomes.clean.answered): not a critic-audit baseline`);
    expect(existsSync(join(dir, 'bad'))).toBe(false);
  });

  it('fails the positive control of a critic that cannot review, saying so in the first line', async () => {
    const result = await run('echo', [], { CATCH_RATE: '0.3', FALSE_ALARM_RATE: '0.3', NO_VERDICT_RATE: '0.4' });
    expect(result.status).toBe(1);
    const report = reportOf('echo');
    expect(gate(report, 'positive-control')).toMatchObject({ pass: false });
    expect(report.critics.scripted.positiveControl.anchoringInterpretable).toBe(false);
    const gates = report.critics.scripted.gates;
    expect(readFileSync(join(dir, 'echo', 'report.md'), 'utf8').split('\n')[0]).toBe(
      `# critic-audit: ❌ failed · ${gates.filter((g: any) => !g.pass).length} of ${gates.length} gates failed (positive control failed for scripted: anchoring figures not interpretable)`,
    );
    expect(result.stdout.split('\n')[0]).toMatch(/positive control failed for scripted/);
  });
});
