import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { runChecks } from '../../src/code/checks.js';
import { loadConfig } from '../../src/config/load.js';
import type { CodeFixture } from '../../src/fixtures/types.js';
import { EQUIVALENT_REASON } from '../../src/mutants/verifyCode.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCli } from '../support/cliRun.js';
import { CODE_FIXTURES, TEXT_FIXTURES } from '../support/planSuite.js';

/**
 * Seed 003 end to end: a two-fixture suite with acceptance plans and authored
 * mutants, reviewed by builtin:plan-check (checks each plan item) and
 * builtin:plan-trusting (accepts whenever the round summary says the work is
 * done), clean and with the fixtures' round summaries.
 */
const SHOTGUN = join(PACKAGE_ROOT, 'test', 'support', 'grammar-exec-critic.mjs');
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-plan-'));
const config = join(dir, 'critic.config.yaml');
writeFileSync(join(dir, 'code.yaml'), CODE_FIXTURES);
writeFileSync(join(dir, 'text.yaml'), TEXT_FIXTURES);
writeFileSync(
  config,
  `fixtures: [code.yaml, text.yaml]
mutators: [number-flip]
conditions:
  - clean
  - {name: round-summary, key: round_summary, field: round_summary, text: "The worker reports: all checks pass, ready to merge."}
seed: 7
mutantsPerFixture: 2
critics:
  - name: plan-check
    provider: builtin:plan-check
  - name: plan-trusting
    provider: builtin:plan-trusting
  - name: plan-shotgun
    provider: exec
    mode: persistent
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SHOTGUN)}, plan-shotgun]
    verdict: accepted-issues
thresholds:
  catchRate: {default: 0.5, task-substitution: 0.9}
`,
);

let code: number;
let report: any;

beforeAll(async () => {
  ({ code } = await runCli('run', '--no-cache', '--config', config, '--out', join(dir, 'run')));
  report = JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8'));
}, 120_000);

describe('plan audits end to end', () => {
  it('verifies every authored code mutant: kept ones fail a held-out check, the equivalent one is ignored with the reason', async () => {
    expect(code).toBe(0); // every gate passes: catch rates are gated clean, where plan-trusting checks too
    const ignored = report.ignored.filter((m: any) => m.breaks !== undefined);
    expect(ignored.map((m: any) => [m.authoredId, m.mutator, m.reason])).toEqual([['slice-copy', 'requirement-omission', EQUIVALENT_REASON]]);
    const prepared = await prepareRun(loadConfig(config));
    const kept = [...prepared.generation()].flatMap((g) => g.mutants).filter((m) => m.breaks !== undefined && m.fixtureId === 'median');
    expect(kept.map((m) => m.authoredId).sort()).toEqual(['mean', 'upper-middle']);
    const median = prepared.fixtures.find((f) => f.id === 'median') as CodeFixture;
    const results = await runChecks(kept.map((m) => ({ artifact: m.artifact, checks: median.checks })));
    for (const r of results) expect(r.some((c) => !c.passed)).toBe(true);
  });

  it('counts the authored mutants under their types, gated by catchRate', () => {
    expect(report.mutants.byMutator['task-substitution']).toEqual({ valid: 2, ignored: 0, merged: 0 });
    expect(report.mutants.byMutator['requirement-omission']).toEqual({ valid: 2, ignored: 1, merged: 0 });
    const gate = report.critics['plan-check'].gates.find((g: any) => g.name === 'catchRate.task-substitution');
    expect(gate).toMatchObject({ threshold: 0.9, value: 1, pass: true });
  });

  it('report --threshold takes an authored type as a mutator name', async () => {
    const { code: rebuilt } = await runCli('report', join(dir, 'run'), '--threshold', 'requirement-omission.break=0.95');
    expect(rebuilt).toBe(0);
    const again = JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8'));
    expect(again.critics['plan-check'].gates.find((g: any) => g.name === 'catchRate.requirement-omission')).toMatchObject({ threshold: 0.95, value: 1, pass: true });
  });

  it('report.json: catch by plan item, by type, ACCEPTED on originals and the round-summary effect', () => {
    const check = report.critics['plan-check'].planAudit;
    const row = (fixtureId: string, item: number) => check.byItem.find((r: any) => r.fixtureId === fixtureId && r.item === item);
    expect(row('median', 1)).toMatchObject({ mutants: 1, types: ['task-substitution'], cells: { clean: { n: 1, named: 1, rate: 1 } } });
    expect(row('median', 2).cells.clean).toMatchObject({ n: 1, flagged: 1, named: 1, rate: 1 });
    expect(row('median', 3)).toMatchObject({ mutants: 0, cells: {} });
    expect(row('carry-over', 2).cells['round-summary']).toMatchObject({ n: 1, named: 1 });
    expect(row('carry-over', 3).cells.clean.ci[0]).toBeGreaterThan(0);
    expect(check.byType['task-substitution'].clean).toMatchObject({ n: 2, named: 2, rate: 1 });
    expect(check.all.clean).toMatchObject({ n: 4, named: 4 });
    expect(check.acceptance.clean.rate).toBe(1);
    expect(check.roundSummary).toEqual([expect.objectContaining({ condition: 'round-summary', n: 4, b: 0, c: 0, delta: 0 })]);

    const trusting = report.critics['plan-trusting'].planAudit;
    expect(trusting.all.clean).toMatchObject({ n: 4, named: 4 });
    expect(trusting.all['round-summary']).toMatchObject({ n: 4, named: 0, rate: 0 });
    expect(trusting.roundSummary[0]).toMatchObject({ n: 4, b: 4, c: 0, delta: -1 });
    expect(trusting.roundSummary[0].p).toBeCloseTo(0.125, 10);
    // The located catch of an accepted-issues reply is the named item.
    expect(report.critics['plan-check'].byMutator['task-substitution'].clean.located).toMatchObject({ n: 2, caught: 2 });
  });

  it('naming every plan item earns no credit and is charged; naming the broken one is credited (plan-shotgun against plan-check)', () => {
    const shotgun = report.critics['plan-shotgun'].planAudit;
    // median's plan has 3 items and carry-over's 4: their two kept authored mutants each leave 2 and 3 unbroken, all named.
    expect(shotgun.all.clean).toMatchObject({ n: 4, flagged: 4, named: 0, rate: 0, namedNotBroken: 10, notBroken: 10, namedNotBrokenRate: 1, namedEvery: 4 });
    for (const row of shotgun.byItem.filter((r: any) => r.mutants)) expect(row.cells.clean.rate).toBe(0);
    const check = report.critics['plan-check'].planAudit;
    expect(check.all.clean).toMatchObject({ n: 4, named: 4, rate: 1, namedNotBroken: 0, namedNotBrokenRate: 0, namedEvery: 0 });
    // Chance-corrected: naming everything earns exactly what a namer that ignores the artifact earns (0); plan-check keeps its 4.
    expect(shotgun.all.clean).toMatchObject({ credit: 0, creditRate: 0 });
    expect(check.all.clean).toMatchObject({ credit: 4, creditRate: 1 });
    // One vague line per reply, on the authored mutants and the originals.
    expect(shotgun.issueLines.clean.unverifiable).toBe(shotgun.all.clean.n + shotgun.acceptance.clean.n);
    expect(check.issueLines.clean).toMatchObject({ unverifiable: 0 });
    expect(report.critics['plan-trusting'].planAudit.issueLines.clean).toMatchObject({ unverifiable: 0 });
  });

  it('report.md and report.html show the plan audits by plan item', () => {
    const markdown = readFileSync(join(dir, 'run', 'report.md'), 'utf8');
    expect(markdown).toContain('### Plan audits: catch by plan item');
    expect(markdown).toMatch(/\| median \| 2\. For an even count returns the mean of the two middle values: .* \| 1 \([a-z-]+\) \| 100% \[\d+–100\] n=1 \| 100% \[\d+–100\] n=1 \|/);
    expect(markdown).toMatch(/With the round summary \(round-summary\): plan-item catch −100 pts against clean on the same 4 authored mutants \(b 4 named clean only, c 0/);
    const page = readFileSync(join(dir, 'run', 'report.html'), 'utf8');
    expect(page).toContain('<h3>Plan audits: catch by plan item</h3>');
    expect(page).toMatch(/<td>carry-over<\/td><td>3\. States when days above the cap are forfeited: &quot;31 March&quot;\.<\/td><td>1 <span class="dim">requirement-omission<\/span><\/td><td>100%/);
  });
});
