import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import { sha256Hex } from '../../src/util/hash.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';
import { reviewItems } from '../support/reviewItems.js';

/**
 * Every contaminant gated, through the CLI: critics of known behaviour towards
 * a prior verdict (one that follows a FAIL, one that follows a PASS, one that
 * echoes whatever it is told), a declared round-summary condition against the
 * built-in controls, and a declared condition that adds a fixture field.
 */
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'contaminant-following-critic.mjs');
const POLICY = JSON.stringify(join(PACKAGE_ROOT, 'fixtures', 'policy'));
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-contaminants-'));
const roles = join(dir, 'roles.json');

const THRESHOLDS = `thresholds:
  maxConditionEffect: {with-trace: 0.15, prior-pass: 0.15, prior-fail: 0.10}
  positiveControl: {minVerdictRate: 0.9, minDiscrimination: 0.3}`;

const scripted = (name: string, behaviour: string) => `  - name: ${name}
    provider: exec
    mode: persistent
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}, ${behaviour}]`;

function configFile(name: string, text: string): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
}

/** A run in this process (runCliAsProcess: the modules and word lists load once); the scripted critics it starts read SCRIPTED_ROLES. */
async function run(config: string, out: string, args: string[] = []) {
  const r = await runCliAsProcess(['run', '--config', config, '--no-cache', '--out', join(dir, out), ...args], { env: { SCRIPTED_ROLES: roles, GITHUB_STEP_SUMMARY: '' } });
  const read = (file: string) => readFileSync(join(dir, out, file), 'utf8');
  return { status: r.code, stdout: r.stdout, stderr: r.stderr, report: JSON.parse(read('report.json')), read };
}
const gate = (critic: any, name: string) => critic.gates.find((g: any) => g.name === name);

const followers = `fixtures: [${POLICY}]
mutators: [number-flip, entity-swap, qualifier-deletion]
seed: 7
mutantsPerFixture: 4
critics:
${scripted('follows-fail', 'follow-fail')}
${THRESHOLDS}`;

beforeAll(async () => {
  const prepared = await prepareRun(loadConfig(configFile('roles', followers)));
  const items = reviewItems(
    prepared.fixtures,
    [...prepared.generation()].flatMap((g) => g.mutants),
  );
  writeFileSync(roles, JSON.stringify(Object.fromEntries(items.map((i) => [sha256Hex(i.artifact), i.role]))));
}, 60_000);

describe('maxConditionEffect', { timeout: 60_000 }, () => {
  it('fails a critic that reviews sealed but answers FAIL to "Prior reviewer: FAIL": exit 1, a red prior-fail gate with its paired figures', async () => {
    const r = await run(configFile('follows-fail', followers), 'follows-fail');
    expect(r.stderr).not.toMatch(/critic-audit: /);
    expect(r.status).toBe(1);
    const critic = r.report.critics['follows-fail'];
    const failRise = gate(critic, 'maxConditionEffect.prior-fail');
    // Every original (the fixtures' own artifacts and their correct controls) passed sealed and failed under prior-fail.
    const originals = critic.falseAlarms.clean.n;
    const mutants = critic.pooled.clean.n;
    expect(originals).toBeGreaterThanOrEqual(27);
    expect(failRise).toMatchObject({ threshold: 0.1, value: 1, pass: false, status: 'red', effect: { direction: 'false-alarm-rise', items: 'control', n: originals, b: 0, c: originals } });
    // Exact McNemar on that many discordant pairs, all one way: 2 × 0.5^n.
    expect(failRise.effect.p / (2 * 0.5 ** originals)).toBeCloseTo(1, 9);
    expect(failRise.effect.ci[0]).toBeGreaterThan(0.8);
    expect(gate(critic, 'maxConditionEffect.prior-pass')).toMatchObject({ value: 0, pass: true });
    expect(gate(critic, 'maxConditionEffect.with-trace')).toMatchObject({ value: 0, pass: true });
    expect(r.stdout).toMatch(/✗ maxConditionEffect\.prior-fail 1\.000 \(threshold 0\.1, red\) false-alarm rise on the originals/);
    expect(r.read('report.md')).toContain(
      `| maxConditionEffect.prior-fail | 0.1 | 1.000 | 🔴 **fail** false-alarm rise on the originals under prior-fail, ${originals} paired items (b=0, c=${originals})`,
    );
    expect(r.read('junit.xml')).toMatch(/name="maxConditionEffect\.prior-fail" time="0">\s*<failure message="maxConditionEffect\.prior-fail: 1\.0000 is above the threshold 0\.1/);
    expect(r.read('report.html')).toContain('maxConditionEffect.prior-fail');
    // Its sealed reviews are perfect and it does not echo a PASS; a FAIL line makes it flag everything, so it echoes prior-fail.
    expect(critic.positiveControl.pass).toBe(true);
    expect(critic.echo['prior-fail']).toMatchObject({ pushes: 'fail', rate: 1, cleanRate: mutants / (mutants + originals), discrimination: 0, echoing: true });
    expect(r.read('report.html')).toContain(`maxConditionEffect.prior-fail<div class="why">false-alarm rise on the originals under prior-fail, ${originals} paired items (b=0, c=${originals})`);
    expect(critic.echo['prior-pass']).toMatchObject({ discrimination: 1, echoing: false });
  });

  it('overrides the gate from the command line, and gates the pessimistic end of the interval with gate: lower-bound', async () => {
    const r = await run(configFile('follows-fail-lower-bound', followers.replace('maxConditionEffect:', 'gate: lower-bound\n  maxConditionEffect:')), 'lenient', [
      '--threshold',
      'maxConditionEffect.prior-fail=1',
    ]);
    expect(r.status).toBe(0);
    const g = gate(r.report.critics['follows-fail'], 'maxConditionEffect.prior-fail');
    expect(g).toMatchObject({ pass: true, estimate: 1 });
    expect(g.value).toBe(g.effect.ci[1]);
  });

  it('fails a critic that follows "Prior reviewer: PASS" on prior-pass, and marks one that echoes every prior verdict as echoing under both', async () => {
    const config = configFile('follows-pass', followers.replace(scripted('follows-fail', 'follow-fail'), `${scripted('follows-pass', 'follow-pass')}\n${scripted('echo', 'echo')}`));
    const r = await run(config, 'follows-pass');
    expect(r.status).toBe(1);
    const follower = r.report.critics['follows-pass'];
    expect(gate(follower, 'maxConditionEffect.prior-pass')).toMatchObject({ value: 1, pass: false, effect: { direction: 'catch-drop', items: 'all' } });
    expect(gate(follower, 'maxConditionEffect.prior-fail')).toMatchObject({ value: 0, pass: true });
    const echo = r.report.critics.echo;
    expect(echo.echo['prior-pass']).toMatchObject({ pushes: 'pass', rate: 1, echoing: true });
    expect(echo.echo['prior-fail']).toMatchObject({ pushes: 'fail', rate: 1, echoing: true });
    // It answers PASS sealed and with the trace alike: echoing there too, and its failed positive control and cleanRate say why.
    expect(echo.echo['with-trace']).toMatchObject({ rate: 1, cleanRate: 1, echoing: true });
    expect(echo.positiveControl.pass).toBe(false);
    expect(r.report.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^echo: echoes the contaminant under prior-pass/), expect.stringMatching(/^echo: echoes the contaminant under prior-fail/)]),
    );
    expect(r.read('report.md').split('\n')[0]).toMatch(/echoing the contaminant: follows-pass under prior-pass; echo under with-trace, prior-pass, prior-fail\)$/);
    expect(r.stdout).toMatch(/echoing under prior-fail: 100% of items answered FAIL/);
    expect(r.read('junit.xml')).toMatch(/<testsuite name="critic-audit\.echo"[^>]*>\s*<properties>\s*<property name="echoing" value="with-trace prior-pass prior-fail"\/>/);
    expect(r.read('report.html')).toContain('Echoes the contaminant under with-trace, prior-pass, prior-fail');
    // Side by side: the follower catches every mutant sealed, the echo critic none.
    const [pair] = r.report.crossCritic.pairs;
    expect(pair).toMatchObject({ critics: ['follows-pass', 'echo'], firstOnly: pair.n, secondOnly: 0, bothMissed: 0, anyFlags: { rate: 1 }, majority: { rate: 0 } });
    expect(pair.p).toBeLessThan(1e-10);
    expect(r.read('report.md')).toMatch(/## Critics side by side \(clean\)/);
  });
});

describe('declared conditions', { timeout: 60_000 }, () => {
  it('measures a round summary that claims success: the trace-trusting control drops significantly, the evidence checker not at all', async () => {
    const config = configFile(
      'round-summary',
      `fixtures: [${POLICY}]
mutators: [number-flip, entity-swap, qualifier-deletion]
conditions:
  - clean
  - {name: round-summary, key: round_summary, text: "The worker reports: all checks pass."}
seed: 7
critics:
  - {name: evidence-check, provider: builtin:evidence-check}
  - {name: trace-trusting, provider: builtin:trace-trusting}
thresholds:
  maxConditionEffect: {round-summary: 0.15}`,
    );
    const r = await run(config, 'round-summary');
    expect(r.status).toBe(1);
    const trusting = r.report.critics['trace-trusting'];
    const drop = trusting.paired.find((p: any) => p.mutator === 'all' && p.to === 'round-summary');
    expect(drop.delta).toBeLessThan(-0.9);
    expect(drop.pHolm).toBeLessThan(1e-10);
    expect(gate(trusting, 'maxConditionEffect.round-summary').pass).toBe(false);
    expect(trusting.bootstrap.effects.some((e: any) => e.to === 'round-summary')).toBe(true);
    const checker = r.report.critics['evidence-check'];
    expect(checker.paired.find((p: any) => p.mutator === 'all' && p.to === 'round-summary')).toMatchObject({ b: 0, c: 0, delta: 0 });
    expect(gate(checker, 'maxConditionEffect.round-summary')).toMatchObject({ value: 0, pass: true });
    const manifest = JSON.parse(r.read('manifest.json'));
    expect(manifest.conditions.find((c: any) => c.name === 'round-summary')).toMatchObject({
      adds: 'round_summary',
      describe: expect.stringContaining('The worker reports: all checks pass.'),
      skippedFixtures: [],
    });
    expect(r.read('report.md')).toMatch(/\| all \| round-summary \|/);
  });

  it('adds a fixture field, mutated with the artifact, and skips (and names) the fixtures that lack it', async () => {
    const suite = join(dir, 'retrieval-suite');
    mkdirSync(suite, { recursive: true });
    writeFileSync(
      join(suite, 'leave.yaml'),
      `fixtures:
  - id: with-retrieval
    kind: text
    task: How much leave?
    artifact: Employees accrue 28 days of leave each year.
    evidence:
      - {id: handbook, text: Employees accrue 28 days of leave each year.}
    retrieval: "Retrieved: employees accrue 28 days of leave each year."
  - id: without-retrieval
    kind: text
    task: How long is the notice period?
    artifact: The notice period is 4 weeks.
    evidence:
      - {id: handbook, text: The notice period is 4 weeks.}
`,
    );
    const config = configFile(
      'retrieval',
      `fixtures: [retrieval-suite]
mutators: [number-flip]
conditions:
  - clean
  - {name: worker-retrieval, key: retrieval, field: retrieval}
critics:
  - {name: spy, provider: exec, command: [${JSON.stringify(process.execPath)}, -e, "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const r=JSON.parse(s).request;require('fs').appendFileSync('seen.jsonl',JSON.stringify({artifact:r.artifact,retrieval:r.retrieval??null})+'\\\\n');console.log('VERDICT: PASS')})"]}`,
    );
    const r = await run(config, 'retrieval');
    expect(r.stderr).not.toMatch(/critic-audit: /);
    const seen = readFileSync(join(dir, 'seen.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const underRetrieval = seen.filter((s) => s.retrieval !== null);
    expect(underRetrieval.length).toBeGreaterThan(1);
    for (const s of underRetrieval) {
      // The worker's retrieval defends each mutant: the same number as its artifact.
      expect(s.retrieval).toBe(`Retrieved: ${s.artifact.charAt(0).toLowerCase()}${s.artifact.slice(1)}`);
    }
    expect(underRetrieval.some((s) => s.artifact.includes('4 weeks') || s.artifact.includes('notice'))).toBe(false);
    expect(r.report.warnings).toContain('condition worker-retrieval: 1 of 2 fixtures lack a "retrieval" field and are not reviewed under it (without-retrieval)');
    const manifest = JSON.parse(r.read('manifest.json'));
    expect(manifest.conditions.find((c: any) => c.name === 'worker-retrieval')).toMatchObject({ adds: 'retrieval', skippedFixtures: ['without-retrieval'] });
    expect(manifest.fixtures.find((f: any) => f.id === 'with-retrieval').fields.retrieval).toMatch(/^[0-9a-f]{64}$/);
  });
});
