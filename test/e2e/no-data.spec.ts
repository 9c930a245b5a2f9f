import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import { sha256Hex } from '../../src/util/hash.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { reviewItems } from '../support/reviewItems.js';
import { MEAL_ALLOWANCE_YAML } from '../support/textFixture.js';

/**
 * Gates with nothing to measure, through the CLI: a critic whose every review
 * fails, and a mutator that finds no site in the suite (entity-swap over a
 * fixture that names no one). Each gate is `no-data` in every report, never a
 * pass; it fails the run when its threshold was set for it, and is a warning
 * when it only came from catchRate's default.
 */
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'scripted-exec-critic.mjs');
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-no-data-'));
const fixtures = join(dir, 'meals.yaml');
const roles = join(dir, 'roles.json');

// Numbers to flip, and no name, place or organisation for entity-swap to replace (see MEAL_ALLOWANCE_YAML).
writeFileSync(fixtures, MEAL_ALLOWANCE_YAML);

// The same fixture without a worker's trace: with-trace reaches nothing (the items, and so the roles, are the same).
const traceless = join(dir, 'meals-traceless.yaml');
writeFileSync(traceless, readFileSync(fixtures, 'utf8').replace(/^ {4}trace: .*\n/m, ''));

function configFile(name: string, critic: string, thresholds: string, extra = '', suite = fixtures): string {
  const file = join(dir, `${name}.config.yaml`);
  writeFileSync(
    file,
    `fixtures: [${JSON.stringify(suite)}]
mutators: [number-flip, entity-swap]
conditions: [clean, with-trace]
seed: 3
retries: 0
critic:
  name: critic
  provider: exec
${critic}
thresholds:
${thresholds}
${extra}`,
  );
  return file;
}

const scripted = `  mode: persistent\n  command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}]`;
const failing = `  command: [${JSON.stringify(process.execPath)}, "-e", "process.exit(1)"]`;

/** A run in this process (runCliAsProcess: the modules and word lists load once). */
async function run(config: string, out: string) {
  const result = await runCliAsProcess(['run', '--config', config, '--no-cache', '--out', join(dir, out)], {
    // CATCH_RATE 1: the scripted critic flags every mutant and no original, so only the no-data gates can fail.
    env: { SCRIPTED_ROLES: roles, CATCH_RATE: '1', GITHUB_STEP_SUMMARY: '' },
  });
  return { status: result.code, stdout: result.stdout, stderr: result.stderr };
}
const read = (out: string, file: string) => readFileSync(join(dir, out, file), 'utf8');
const gatesOf = (out: string): any[] => JSON.parse(read(out, 'report.json')).critics.critic.gates;

beforeAll(async () => {
  const prepared = await prepareRun(loadConfig(configFile('roles', scripted, '  catchRate: 0.5')));
  const generated = [...prepared.generation()];
  // The premise: number-flip made mutants, entity-swap found no site at all.
  expect(generated.flatMap((g) => g.mutants).map((m) => m.mutator)).toContain('number-flip');
  expect(generated.flatMap((g) => [...g.mutants, ...g.ignored]).some((m) => m.mutator === 'entity-swap')).toBe(false);
  const items = reviewItems(
    prepared.fixtures,
    generated.flatMap((g) => g.mutants),
  );
  writeFileSync(roles, JSON.stringify(Object.fromEntries(items.map((i) => [sha256Hex(i.artifact), i.role]))));
}, 60_000);

describe('a gate with nothing to measure is no-data, never pass', { timeout: 60_000 }, () => {
  it('fails the run (exit 1) for a mutator named in catchRate that made no valid mutant', async () => {
    const result = await run(configFile('named', scripted, '  catchRate: {number-flip: 0.5, entity-swap: 0.5}'), 'named');
    expect(result.status, result.stderr).toBe(1);
    const gates = gatesOf('named');
    expect(gates.find((g) => g.name === 'catchRate.number-flip')).toMatchObject({ pass: true, value: 1, status: 'green' });
    expect(gates.find((g) => g.name === 'catchRate.entity-swap')).toMatchObject({
      pass: false,
      value: null,
      status: 'no-data',
      threshold: 0.5,
      detail: 'entity-swap made no valid mutant (no sites)',
    });
    expect(result.stdout).toMatch(/✗ catchRate\.entity-swap no data \(threshold 0\.5\) entity-swap made no valid mutant/);
    expect(read('named', 'report.md')).toMatch(/\| catchRate\.entity-swap \| 0\.5 \| no data \| ⚪ \*\*fail: no data\*\* entity-swap made no valid mutant/);
    expect(read('named', 'junit.xml')).toMatch(/name="catchRate.entity-swap" time="0">\s*<failure message="catchRate.entity-swap: no data: entity-swap made no valid mutant \(no sites\)/);
  });

  it("only warns, naming the mutator and why, when the threshold comes from catchRate's default", async () => {
    const result = await run(configFile('default', scripted, '  catchRate: {default: 0.5}'), 'default');
    expect(result.status, result.stdout).toBe(0);
    const report = JSON.parse(read('default', 'report.json'));
    expect(report.passed).toBe(true);
    expect(report.critics.critic.gates.find((g: any) => g.name === 'catchRate.entity-swap')).toMatchObject({ pass: true, value: null, status: 'no-data' });
    expect(report.warnings).toContainEqual(
      expect.stringMatching(/^critic: catchRate\.entity-swap has no data: entity-swap made no valid mutant \(no sites\); not failing the run, as its threshold is catchRate's default$/),
    );
    expect(result.stdout).toMatch(/warning: critic: catchRate\.entity-swap has no data/);
    expect(result.stdout).toMatch(/\? catchRate\.entity-swap no data/);
    expect(read('default', 'junit.xml')).toMatch(/name="catchRate.entity-swap" time="0">\s*<skipped message="no data: entity-swap made no valid mutant/);
  });

  it('fails the run (exit 1) for maxAnchoringDrop when no fixture carries a trace for with-trace (issue 28), never PASSED with no gate', async () => {
    const result = await run(configFile('traceless', scripted, '  maxAnchoringDrop: 0.15', '', traceless), 'traceless');
    expect(result.status, result.stdout).toBe(1);
    expect(gatesOf('traceless')).toEqual([
      {
        name: 'maxAnchoringDrop',
        threshold: 0.15,
        value: null,
        pass: false,
        status: 'no-data',
        detail: 'with-trace applies to none of the 1 fixture (none has a trace)',
      },
    ]);
    expect(result.stdout).not.toMatch(/PASSED/);
    expect(result.stdout).toMatch(/✗ maxAnchoringDrop no data \(threshold 0\.15\) with-trace applies to none of the 1 fixture/);
  });

  it('makes every gate no-data when every review failed, in report.json, the terminal, report.md, junit and report.html', async () => {
    const thresholds = '  catchRate: {default: 0.5, number-flip: 0.6}\n  maxFalseAlarmRate: 0.1\n  maxAnchoringDrop: 0.15\n  minVerdictRate: 0.9';
    const result = await run(configFile('failing', failing, thresholds, 'errorBudget: 1\nfailFast: 0\n'), 'failing');
    // Every review ended in an error: the error budget (here 100%) is not exceeded and fail-fast is off, so exit 1 comes from the gates alone.
    expect(result.status, result.stderr).toBe(1);
    const gates = gatesOf('failing');
    const byName = Object.fromEntries(gates.map((g) => [g.name, g]));
    for (const name of ['catchRate.number-flip', 'maxFalseAlarmRate', 'maxAnchoringDrop', 'minVerdictRate']) {
      expect(byName[name], name).toMatchObject({ pass: false, value: null, status: 'no-data' });
    }
    expect(byName['catchRate.number-flip'].detail).toMatch(/^every clean review of number-flip's mutants failed \(\d+ errors?\)$/);
    expect(byName['minVerdictRate'].detail).toMatch(/^every review failed \(\d+ errors?\)$/);
    expect(gates.some((g) => g.value !== null)).toBe(false);
    expect(result.stdout).toMatch(/✗ maxFalseAlarmRate no data \(threshold 0\.1\) every clean review of the originals failed/);
    expect(result.stdout).not.toMatch(/0\.000|0% \[0–100\]/);
    expect(result.stdout).toMatch(/^number-flip +no data +no data/m);
    const md = read('failing', 'report.md');
    expect(md).toMatch(/\| minVerdictRate \| 0\.9 \| no data \| ⚪ \*\*fail: no data\*\* every review failed/);
    expect(md).not.toContain('0% [0–100]');
    const junit = read('failing', 'junit.xml');
    expect(junit).toMatch(/<failure message="maxAnchoringDrop: no data: no mutant has an answered review under both clean and with-trace"/);
    expect(junit).toMatch(/value=none threshold=0\.9 pass=false status=no-data/);
    const html = read('failing', 'report.html');
    expect(html).toMatch(/<tr class="fail nodata"><td>maxFalseAlarmRate<div class="why">no data: every clean review of the originals failed/);
    expect(html).not.toMatch(/0% \[0–100\]/);
    // Both configured conditions are named as configured, not passed over as "not run".
    expect(html).not.toContain('only the clean condition');
    expect(html).toMatch(/<li><b>clean<\/b>: configured, but every review under it failed \(\d+ errors?\)<\/li><li><b>with-trace<\/b>: configured, but every review under it failed/);
  });
});
