import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBaseline } from '../baseline/save.js';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import type { ReviewResult } from '../reviews/types.js';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { buildReport } from './build.js';
import { appendGithubSummary, renderGithubSummary } from './githubSummary.js';
import { renderJunit, xml } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { reviewResult } from '../../test/support/reviewResult.js';

const world = makeWorld(10, () => 6);
const conditions: ConditionName[] = ['clean'];
const run = (flag: (item: ReviewItem, index: number) => boolean): ReviewResult[] =>
  world.items.map((item, i) =>
    reviewResult({ itemId: item.id, condition: 'clean', verdict: flag(item, i) ? 'FAIL' : 'PASS', reply: `Checked <${item.id}> & "quoted".\nVERDICT: ${flag(item, i) ? 'FAIL' : 'PASS'}` }),
  );

// Baseline caught every mutant; this run misses two thirds of them.
const snapshot = snapshotOf(world, ['critic'], conditions, { catchRate: { 'number-flip': { high: 0.9, low: 0.5, break: 0.3 } }, maxFalseAlarmRate: 0.1 });
const baseline = { file: 'baseline.json', sha256: 'x', data: buildBaseline(snapshot, memoryStore(run((i) => i.role === 'mutant'))) };
const report = buildReport(snapshot, COMPLETE, memoryStore(run((item, i) => item.role === 'mutant' && i % 3 === 0)), { baseline });

describe('JUnit XML', () => {
  const text = renderJunit(report);

  it('has one test case per gate, and a failure carrying the numbers for each failed gate', () => {
    const critic = report.critics['critic']!;
    expect(critic.gates.map((g) => g.name)).toEqual(['catchRate.number-flip', 'maxFalseAlarmRate', 'maxRegression']);
    for (const g of critic.gates) expect(text).toContain(`<testcase classname="critic-audit.critic" name="${g.name}"`);
    expect(text).toMatch(/<testsuite name="critic-audit.critic" tests="3" failures="1"/);
    // With the critic's independence evals (7 cases): under clean alone only the bundle probe applies, the other six are skipped.
    expect(text).toMatch(/<testsuite name="critic-audit.critic.independence" tests="7" failures="0" errors="0" skipped="6"/);
    expect(text).toMatch(/<testsuites name="critic-audit" tests="12" failures="1" errors="0" skipped="6">/);
    // The regression gate's failure names its worst gated row, with its drop, interval and Holm p, against alpha and the margin.
    expect(text).toMatch(
      /name="maxRegression" time="0">\s*<failure message="maxRegression: number-flip clean: catch rate −66\.7 pts \[−\d+\.\d, −\d+\.\d\], Holm p [\d.e-]+, against the threshold Holm p ≤ 0\.05 and a drop beyond 5 pts \(1 of 1 gated rows regressed: number-flip clean −66\.7 pts \(b=40, c=0, n=60, Holm p=[\d.e-]+\); family pooled: all mutants and the originals, per condition; too small to gate \(under 20 paired items\): control clean \(10\)\)" type="gate">value=0\.6667 threshold=0\.05 pass=false status=red row=number-flip\/clean delta=-0\.6667 ci=\[-0\.\d{4},-0\.\d{4}\] pHolm=[\d.e-]+ alpha=0\.05 n=60/,
    );
    // The catch rate sits between break and low: red, but not a failure.
    expect(text).toMatch(/name="catchRate.number-flip" time="0">\s*<system-out>value=0\.3333 threshold=0\.3 pass=true status=red high=0\.9 low=0\.5 break=0\.3<\/system-out>/);
  });

  it('is well-formed: every tag closed, every special character escaped', () => {
    expect(xml(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    const opened = (text.match(/<testcase /g) ?? []).length;
    const closed = (text.match(/<\/testcase>|<testcase [^>]*\/>/g) ?? []).length;
    expect(opened).toBe(closed);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('the GitHub step summary', () => {
  it('appends the gates and what regressed when GITHUB_STEP_SUMMARY is set, and does nothing otherwise', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'critic-audit-summary-')), 'summary.md');
    writeFileSync(file, '# earlier step\n');
    expect(appendGithubSummary(report, '/out', {})).toBeNull();
    expect(appendGithubSummary(report, '/out', { GITHUB_STEP_SUMMARY: file })).toBe(file);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# earlier step\n## critic-audit: ❌ failed')).toBe(true);
    expect(text).toMatch(/\| maxRegression \| Holm p ≤ 0\.05 and a drop beyond 5 pts \| number-flip clean: catch rate −66\.7 pts \[−\d+\.\d, −\d+\.\d\], Holm p [\d.e-]+ \| 🔴 \*\*fail\*\*/);
    expect(text).toMatch(/\*\*Regressed:\*\* number-flip under clean: catch rate −67 pts/);
    expect(text).toMatch(/40 items flipped for the worse \(first 5; all in report\.md\)/);
    expect(text).toMatch(/```diff\n {2}@@ line \d+ @@\n {2}- .*\n {2}\+ /);
    expect(renderGithubSummary(report, '/out')).toContain('Reports: `/out`');
  });
});

describe('report.md against a baseline', () => {
  it('lists the flipped items with the diff and both replies, and the regression table with Holm p', () => {
    const md = renderMarkdown(report);
    expect(md).toMatch(/### Against the baseline \(baseline\.json/);
    expect(md).toMatch(/\| number-flip \| clean \| 60 \| 100% \| 33% \| −67 pts \[−\d+, −\d+\] \| 40 \/ 0 \| [\d.e-]+ \| [\d.e-]+ \| – \| regressed ❌ \|/);
    expect(md).toMatch(/\| control \(false alarms\) \| clean \| 10 \| 0% \| 0% \| \+0 pts \[−\d+, \+\d+\] \| 0 \/ 0 \| 1\.0 \| – \| – \| too small \(under 20 pairs\) \|/);
    expect(md).toMatch(
      /The gate tests all mutants pooled and the originals \(rows: pooled\), per condition \(number-flip is the only mutator: its rows are all the mutants\)\. A row of it with at least 20 paired items is gated/,
    );
    expect(md).toMatch(/### Items that flipped since the baseline: 40 worse, 0 better/);
    expect(md).toMatch(/The first 20 \(worst first\); report\.json lists all 40\./);
    expect(md).toMatch(/caught in the baseline, missed now\n\n {2}```diff\n {2}@@ line/);
    expect(md).toMatch(/<summary>reply now<\/summary>[\s\S]*VERDICT: PASS[\s\S]*<summary>reply in the baseline<\/summary>[\s\S]*VERDICT: FAIL/);
  });
});
