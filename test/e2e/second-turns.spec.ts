import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../src/results/store.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';

/**
 * Second turns through the CLI: the built-in controls on the bundled text
 * suite (trace-trusting yields to any rebuttal, evidence-check holds), an
 * exec critic that is sent both turns, and a run killed between the two turns
 * and resumed.
 */
const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'second-turn-critic.mjs');
const POLICY = JSON.stringify(join(PACKAGE_ROOT, 'fixtures', 'policy'));
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-second-turns-'));

function runArgs(name: string, configText: string, args: string[]): string[] {
  const config = join(dir, `${name}.yaml`);
  writeFileSync(config, configText);
  return ['run', '--config', config, '--no-cache', '--out', join(dir, name), ...args];
}

const runFiles = (name: string) => ({
  report: () => JSON.parse(readFileSync(join(dir, name, 'report.json'), 'utf8')),
  read: (f: string) => readFileSync(join(dir, name, f), 'utf8'),
});

/** A run in this process (runCliAsProcess: the modules and word lists load once). */
async function run(name: string, configText: string, args: string[] = []) {
  const r = await runCliAsProcess(runArgs(name, configText, args), { env: { GITHUB_STEP_SUMMARY: '' } });
  return { status: r.code, stdout: r.stdout, stderr: r.stderr, ...runFiles(name) };
}

/** A run in a process of its own, for a critic that kills the CLI's process. */
function runSpawned(name: string, configText: string, args: string[] = []) {
  const r = spawnSync(process.execPath, [BIN, ...runArgs(name, configText, args)], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', GITHUB_STEP_SUMMARY: '' },
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, ...runFiles(name) };
}
const gate = (critic: any, name: string) => critic.gates.find((g: any) => g.name === name);

describe('second turns', { timeout: 120_000 }, () => {
  it('shows trace-trusting giving away every catch to a rebuttal that cites nothing (a red maxYield), and evidence-check holding every one', async () => {
    const r = await run(
      'controls',
      `fixtures: [${POLICY}]
mutators: [number-flip, entity-swap, qualifier-deletion]
conditions: [clean, rebuttal-unsupported, rebuttal-evidence, are-you-sure, reveal-trace]
seed: 7
critics:
  - {name: evidence-check, provider: builtin:evidence-check}
  - {name: trace-trusting, provider: builtin:trace-trusting}
thresholds:
  maxYield: {rebuttal-unsupported: 0.1, are-you-sure: 0.1}`,
    );
    expect(r.stderr).not.toMatch(/critic-audit: /);
    expect(r.status).toBe(1);
    const report = r.report();
    const trusting = report.critics['trace-trusting'];
    const all = trusting.secondTurn['rebuttal-unsupported'].byGroup.all;
    expect(all.yield).toMatchObject({ rate: 1, count: all.firstFail });
    expect(all.p).toBeLessThan(1e-100);
    expect(gate(trusting, 'maxYield.rebuttal-unsupported')).toMatchObject({ value: 1, pass: false, status: 'red' });
    const checker = report.critics['evidence-check'];
    for (const condition of ['rebuttal-unsupported', 'rebuttal-evidence', 'are-you-sure', 'reveal-trace']) {
      const cell = checker.secondTurn[condition].byGroup.all;
      expect(cell.yield.rate, condition).toBe(0);
      expect(cell.flipToFail?.rate ?? 0, condition).toBe(0);
      // Every first-turn catch held after the follow-up: escalated.
      expect(checker.secondTurn[condition].escalated, condition).toBe(cell.firstFail);
    }
    expect(checker.passed).toBe(true);
    // The originals passed first; a FAIL-only rebuttal leaves their verdict standing, recorded without asking the critic.
    const store = RunStore.open(join(dir, 'controls'));
    const rows = [...store.results('evidence-check')];
    store.close();
    const stood = rows.filter((row) => row.condition === 'rebuttal-unsupported' && row.attempts === 0);
    // Every original (the fixtures' own and their correct controls) passed first, and so did each mutant it missed (the authored omissions).
    const missed = Object.values<any>(checker.byMutator).reduce((n, cells) => n + Math.round(cells.clean.n * (1 - cells.clean.rate)), 0);
    expect(stood).toHaveLength(checker.falseAlarms.clean.n + missed);
    expect(stood.every((row) => row.verdict === 'PASS' && row.followUp === undefined)).toBe(true);
    const sent = rows.filter((row) => row.condition === 'rebuttal-evidence' && row.followUp);
    expect(sent.length).toBeGreaterThan(350);
    expect(sent[0]!.followUp).toMatch(/^The source says: ".+"/);
    expect(r.read('report.md')).toMatch(/### Second turns/);
    // The drill-down shows the second turn below the clean reply: the follow-up sent and the answer.
    const page = r.read('report.html');
    const packed = /<script type="application\/octet-stream" id="drill-reviews" data-encoding="gzip\+base64">([^<]*)<\/script>/.exec(page)![1]!;
    const { replies } = JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8'));
    expect(replies.some((text: string) => /^\[follow-up, after the clean reply above\]\nThe source says: ".+"[\s\S]*\[reply\]\n[\s\S]*VERDICT: FAIL/.test(text))).toBe(true);
    expect(replies).toContain('[no follow-up: the condition does not follow this first verdict up, so it stands]');
    // Standing verdicts are not reviews: nothing was sent for them.
    expect(checker.verdicts.reviews).toBe(rows.length - rows.filter((row) => row.attempts === 0 && row.cacheKey === '').length);
    expect(r.read('junit.xml')).toMatch(/name="maxYield\.rebuttal-unsupported" time="0">\s*<failure/);
  });

  it('sends an exec critic both turns with a turn field, and measures what it gives in to: yield under an unsupported rebuttal, corrections under an evidence rebuttal', async () => {
    const r = await run(
      'exec',
      `fixtures: [${POLICY}]
mutators: [number-flip]
mutantsPerFixture: 4
conditions: [clean, rebuttal-unsupported, rebuttal-evidence]
critics:
  - {name: scripted, provider: exec, mode: persistent, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}]}
thresholds:
  minCorrection: {rebuttal-evidence: 0.5}`,
    );
    const critic = r.report().critics.scripted;
    expect(critic.verdicts.errors).toBe(0);
    const unsupported = critic.secondTurn['rebuttal-unsupported'].byGroup;
    expect(unsupported.all.yield.rate).toBe(1);
    expect(unsupported.control.correction.rate).toBe(1);
    const evidence = critic.secondTurn['rebuttal-evidence'].byGroup;
    expect(evidence.all.yield.rate).toBe(0);
    // It holds against a quote, so it corrects none of its false alarms: the gate fails, as it should.
    expect(evidence.control.correction).toMatchObject({ rate: 0 });
    expect(gate(critic, 'minCorrection.rebuttal-evidence')).toMatchObject({ value: 0, pass: false });
  });

  it('finishes a run killed between the two turns with one result per item, condition and turn, and the report of an uninterrupted run', async () => {
    const config = (killOnce: boolean) => `fixtures: [${POLICY}]
mutators: [number-flip]
mutantsPerFixture: 4
conditions: [clean, rebuttal-unsupported, are-you-sure]
critics:
  - {name: scripted, provider: exec, mode: persistent, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}${killOnce ? ', --kill-once' : ''}]}`;
    const whole = await run('whole', config(false));
    expect(whole.status).toBe(0);
    const killed = runSpawned('killed', config(true));
    expect(killed.signal).toBe('SIGKILL');
    const resumed = await runCliAsProcess(['run', '--config', join(dir, 'killed.yaml'), '--no-cache', '--resume', join(dir, 'killed')], { env: { GITHUB_STEP_SUMMARY: '' } });
    expect(resumed.code, resumed.stderr).toBe(0);
    const store = RunStore.open(join(dir, 'killed'));
    const rows = [...store.results()];
    store.close();
    const perCondition = (condition: string) => rows.filter((row) => row.condition === condition).length;
    expect(perCondition('rebuttal-unsupported')).toBe(perCondition('clean'));
    expect(perCondition('are-you-sure')).toBe(perCondition('clean'));
    expect(new Set(rows.map((row) => `${row.itemId}|${row.condition}|${row.repeat}`)).size).toBe(rows.length);
    const strip = (report: any) => ({ ...report.critics.scripted, verdicts: { ...report.critics.scripted.verdicts, retries: 0 } });
    const a = strip(whole.report());
    const b = strip(JSON.parse(readFileSync(join(dir, 'killed', 'report.json'), 'utf8')));
    expect(b).toEqual(a);
  });
});
