import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { expressionsOf, readAction, runLocally } from '../support/compositeAction.js';

/**
 * action.yml (issue 28, item 3): a composite action that installs the tool,
 * runs the audit, keeps the report folder as an artifact, writes the step
 * summary and exits as the run does. Its run steps are executed here on this
 * built checkout (the install step, `npm ci`, is not: the checkout is
 * installed and built already; scripts/try-action.ts runs it on a fresh
 * clone). The `uses:` steps (setup-node, upload-artifact) run on GitHub only:
 * for those the spec checks what they would be given.
 */

const action = readAction(join(PACKAGE_ROOT, 'action.yml'));
const steps = action.runs?.steps ?? [];
const SKIP_INSTALL = { install: 'npm ci: this checkout is installed and built already' };

describe('action.yml', () => {
  it("has a composite action's required fields, and every run step a shell", () => {
    expect(action.name).toEqual(expect.any(String));
    expect(action.description).toEqual(expect.any(String));
    expect(action.runs?.using).toBe('composite');
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(Boolean(step.run) !== Boolean(step.uses), `${step.name}: exactly one of run and uses`).toBe(true);
      if (step.run) expect(step.shell, `${step.name}: shell`).toEqual(expect.any(String));
      if (step.uses) expect(step.uses, `${step.name}: a pinned version`).toMatch(/^[\w.-]+\/[\w.-]+@v\d+/);
    }
    for (const [name, input] of Object.entries(action.inputs ?? {})) expect(input.description, `inputs.${name}`).toEqual(expect.any(String));
    for (const [name, output] of Object.entries(action.outputs ?? {})) {
      expect(output.description, `outputs.${name}`).toEqual(expect.any(String));
      expect(output.value, `outputs.${name}`).toMatch(/\$\{\{.+\}\}/);
    }
  });

  it('references only inputs it declares and steps it has', () => {
    const ids = steps.flatMap((step) => (step.id ? [step.id] : []));
    const expressions = expressionsOf(action);
    expect(expressions.length).toBeGreaterThan(0);
    for (const expression of expressions) {
      for (const [, name] of expression.matchAll(/\binputs\.([\w-]+)/g)) expect(Object.keys(action.inputs ?? {}), expression).toContain(name);
      for (const [, id] of expression.matchAll(/\bsteps\.([\w-]+)\./g)) expect(ids, expression).toContain(id);
    }
    expect(Object.keys(action.inputs ?? {})).toEqual(expect.arrayContaining(['config', 'arguments', 'report-dir', 'node-version']));
  });

  it('sets up node, installs, runs, and uploads the report folder whatever the run did', () => {
    const uses = steps.map((step) => step.uses?.replace(/@.*/, ''));
    const run = steps.findIndex((step) => step.id === 'run');
    const upload = uses.indexOf('actions/upload-artifact');
    expect(uses.indexOf('actions/setup-node')).toBeLessThan(steps.findIndex((step) => step.id === 'install'));
    expect(steps.findIndex((step) => step.id === 'install')).toBeLessThan(run);
    expect(run).toBeLessThan(upload);
    expect(steps[upload]!.if).toMatch(/\balways\(\)/);
  });
});

/** A workspace holding a one-fixture audit whose critic follows the worker's trace: its anchoring drop is 100 points. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-action-ws-'));
  writeFileSync(
    join(dir, 'audit.yaml'),
    `fixtures: [fixtures.yaml]
conditions: [clean, with-trace]
mutators: [number-flip]
mutantsPerFixture: 2
seed: 1
critic:
  name: trusting
  provider: builtin:trace-trusting
`,
  );
  writeFileSync(
    join(dir, 'fixtures.yaml'),
    `fixtures:
  - id: leave
    kind: text
    task: How much leave?
    artifact: Employees accrue 28 days of leave each year.
    trace: Verified against the handbook, all correct.
    evidence:
      - id: handbook
        text: Employees accrue 28 days of leave each year.
`,
  );
  writeFileSync(join(dir, 'broken.yaml'), 'fixtures: [fixtures.yaml]\nconditions: [clean, sideways]\ncritic: {provider: builtin:trace-trusting}\n');
  return dir;
}

describe('action.yml run on this checkout', () => {
  it('a failed gate: the step exits 1 after the report folder is kept, with the run’s summary and outputs', { timeout: 60_000 }, () => {
    const ws = workspace();
    const run = runLocally(action, {
      actionPath: PACKAGE_ROOT,
      workspace: ws,
      inputs: { config: 'audit.yaml', arguments: '--threshold maxAnchoringDrop=0.15\n--no-cache', 'report-dir': 'out/audit' },
      skip: SKIP_INSTALL,
    });
    const ran = run.steps.find((step) => step.name === 'Run critic-audit')!;
    expect(ran.outcome, ran.output).toBe('failure');
    expect(ran.exitCode).toBe(1);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual({ 'exit-code': '1', 'report-dir': join(ws, 'out', 'audit') });
    expect(JSON.parse(readFileSync(join(ws, 'out', 'audit', 'report.json'), 'utf8')).passed).toBe(false);
    // The upload runs after the failed step, given the report folder.
    const upload = run.steps.find((step) => step.name === 'Upload the report folder')!;
    expect(upload).toMatchObject({ outcome: 'uses', with: { name: 'critic-audit-report', path: join(ws, 'out', 'audit') } });
    expect(run.summary).toMatch(/^## critic-audit: ❌ failed/m);
    expect(run.summary).toMatch(/maxAnchoringDrop/);
    // The second argument, on its own line, reached the run too: no reply cache was written.
    expect(existsSync(join(ws, '.critic-audit-cache'))).toBe(false);
    expect(run.steps.map((step) => [step.name, step.outcome])).toEqual([
      ['Set up Node.js', 'uses'],
      ['Install critic-audit', 'skipped'],
      ['Run critic-audit', 'failure'],
      ['Upload the report folder', 'uses'],
    ]);
  });

  it('bad config: the step exits 2, and the summary carries the error the run printed', { timeout: 60_000 }, () => {
    const ws = workspace();
    const run = runLocally(action, { actionPath: PACKAGE_ROOT, workspace: ws, inputs: { config: 'broken.yaml' }, skip: SKIP_INSTALL });
    expect(run.exitCode).toBe(2);
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.summary).toMatch(/^## critic-audit: ❌ exit 2, no report$/m);
    expect(run.summary).toMatch(/^critic-audit: .*broken\.yaml:2.*sideways/m);
    expect(run.steps.find((step) => step.name === 'Upload the report folder')).toMatchObject({ outcome: 'uses', with: { path: join(ws, 'critic-audit-report') } });
  });
});
