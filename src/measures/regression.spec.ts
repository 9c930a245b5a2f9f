import { describe, expect, it } from 'vitest';
import { buildBaseline } from '../baseline/save.js';
import type { Thresholds } from './index.js';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import { buildReport } from '../reports/build.js';
import { renderGithubSummary } from '../reports/githubSummary.js';
import { renderJunit } from '../reports/junit.js';
import { renderMarkdown } from '../reports/markdown.js';
import { renderTerminal } from '../reports/terminal.js';
import type { AuditReport } from '../reports/types.js';
import type { ReviewResult } from '../reviews/types.js';
import { mcnemarExactOneSided } from '../statistics/mcnemar.js';
import { pairedDifferenceInterval } from '../statistics/newcombe.js';
import { reviewItems } from '../../test/support/reviewItems.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { COMPLETE, makeWorld, memoryStore, snapshotOf, type World } from '../../test/support/scriptedCritic.js';

/**
 * Issue 28's critic v2, built outcome by outcome: 92 paired mutants over six
 * mutators and one more with a single mutant, four conditions. Under
 * with-trace the baseline caught 23 mutants (25%) and this run 7 others
 * (7.6%): b 23, c 7, one-sided exact p 0.0026. Under prior-pass the single
 * mutant of the seventh mutator was caught in the baseline and is missed now:
 * a 100-point drop on a row of one paired item. Nothing else changed.
 */
const MUTATORS = ['number-flip', 'entity-swap', 'qualifier-deletion', 'date-shift', 'negation', 'unit-swap'];
const RARE = 'claim-omission';
const CONDITIONS: ConditionName[] = ['clean', 'with-trace', 'prior-pass', 'prior-fail'];

function relabelled(): World {
  const base = makeWorld(23, () => 4);
  const mutants = base.mutants.map((m, i) => ({ ...m, mutator: i === base.mutants.length - 1 ? RARE : MUTATORS[i % MUTATORS.length]! }));
  return { ...base, mutants, items: reviewItems(base.fixtures, mutants) };
}
const world = relabelled();
const mutantIndex = new Map(world.items.filter((i) => i.role === 'mutant').map((item, k) => [item.id, k]));

/** Whether the critic flags an item under a condition, in the baseline (v1) or now (v2). */
function flags(item: ReviewItem, condition: ConditionName, version: 'v1' | 'v2'): boolean {
  const k = mutantIndex.get(item.id);
  if (k === undefined) return condition === 'prior-fail' && item.fixtureId.endsWith('0'); // the originals: the same false alarms in both
  if (condition === 'with-trace') return version === 'v1' ? k < 23 : k >= 23 && k < 30;
  if (item.mutator === RARE) return condition === 'prior-pass' ? version === 'v1' : condition !== 'with-trace';
  if (condition === 'clean') return k % 5 !== 0;
  if (condition === 'prior-pass') return k % 4 === 0;
  return true;
}

/** A v2 that also misses, clean, a few mutants the baseline caught (k 1 to 4): flips, on a row too weak to regress. */
const alsoMissesCleanly = (item: ReviewItem, condition: ConditionName) => condition === 'clean' && (mutantIndex.get(item.id) ?? 0) >= 1 && mutantIndex.get(item.id)! <= 4;

function run(version: 'v1' | 'v2', misses: (item: ReviewItem, condition: ConditionName) => boolean = () => false): ReviewResult[] {
  return world.items.flatMap((item) =>
    CONDITIONS.map((condition) => {
      const verdict = flags(item, condition, version) && !misses(item, condition) ? 'FAIL' : 'PASS';
      return reviewResult({ itemId: item.id, condition, reviewId: `${item.id}/${condition}`, verdict, reply: `${version} on ${item.id}\nVERDICT: ${verdict}` });
    }),
  );
}

function audit(thresholds: Thresholds = {}, misses?: (item: ReviewItem, condition: ConditionName) => boolean): AuditReport {
  const snapshot = { ...snapshotOf(world, ['critic'], CONDITIONS, thresholds), settings: { ...snapshotOf(world, ['critic'], CONDITIONS, thresholds).settings, mutators: [...MUTATORS, RARE] } };
  const baseline = { file: 'v1.json', sha256: 'x', data: buildBaseline(snapshot, memoryStore(run('v1'))) };
  return buildReport(snapshot, COMPLETE, memoryStore(run('v2', misses)), { baseline });
}

const gateOf = (report: AuditReport) => report.critics['critic']!.gates.find((g) => g.name === 'maxRegression')!;

describe("issue 28's critic v2: a with-trace catch rate from 25% to 7.6% on 92 paired mutants", () => {
  const report = audit();
  const critic = report.critics['critic']!;
  const p = mcnemarExactOneSided(23, 7);
  const ci = pairedDifferenceInterval(0, 7, 23, 62).ci; // this run first: current − baseline

  it('fails maxRegression with the default family (all mutants and the originals per condition)', () => {
    expect(p).toBeCloseTo(0.0026, 4);
    const row = critic.regression!.rows.find((r) => r.mutator === 'all' && r.condition === 'with-trace')!;
    expect(row).toMatchObject({ n: 92, b: 23, c: 7, baselineRate: 0.25, delta: -16 / 92, gating: 'gated', regressed: true });
    expect(row.ci).toEqual(ci);
    // Holm across the 8 gated rows (all mutants and the originals under 4 conditions): the smallest p times 8.
    const gated = critic.regression!.rows.filter((r) => r.gating === 'gated');
    expect(gated.map((r) => `${r.mutator} ${r.condition}`)).toEqual(CONDITIONS.flatMap((c) => [`all ${c}`]).concat(CONDITIONS.map((c) => `control ${c}`)));
    expect(row.pHolm).toBeCloseTo(8 * p, 12);
    expect(critic.regression).toMatchObject({ family: 'pooled', minPairs: 20, margin: 0.05, alpha: 0.05 });
    // Every mutator's row is reported with its own p, outside the family: the single-item row among them.
    const single = critic.regression!.rows.find((r) => r.mutator === RARE && r.condition === 'prior-pass')!;
    expect(single).toMatchObject({ n: 1, b: 1, c: 0, worsening: 1, gating: 'not-in-family', pHolm: null, regressed: false });
    expect(gateOf(report)).toMatchObject({
      pass: false,
      status: 'red',
      threshold: 0.05,
      value: 16 / 92,
      regression: { items: 'all', condition: 'with-trace', n: 92, b: 23, c: 7, delta: -16 / 92, ci, pHolm: row.pHolm, alpha: 0.05, margin: 0.05, gatedRows: 8, tooSmallRows: 0, minPairs: 20 },
    });
    expect(report.passed).toBe(false);
  });

  it('names on every gate line the worst gated row: its drop, its interval and its Holm-adjusted p, against alpha and the margin', () => {
    const drop = `all with-trace: catch rate −17.4 pts [−${(-100 * ci[0]).toFixed(1)}, −${(-100 * ci[1]).toFixed(1)}]`;
    const terminal = renderTerminal(report, '/out');
    expect(terminal).toContain(`✗ maxRegression ${drop}, Holm p `);
    expect(terminal).toMatch(/✗ maxRegression all with-trace: .*, Holm p 0\.021 \(threshold Holm p ≤ 0\.05 and a drop beyond 5 pts, red\)/);
    expect(terminal).not.toMatch(/maxRegression 1\.000/);
    expect(renderMarkdown(report)).toMatch(new RegExp(`\\| maxRegression \\| Holm p ≤ 0\\.05 and a drop beyond 5 pts \\| ${escapeRegExp(drop)}, Holm p 0\\.0\\d+ \\| 🔴 \\*\\*fail\\*\\*`));
    expect(renderGithubSummary(report, '/out')).toContain(`| maxRegression | Holm p ≤ 0.05 and a drop beyond 5 pts | ${drop}, Holm p `);
    expect(renderJunit(report)).toContain(`<failure message="maxRegression: ${drop}, Holm p `);
  });
});

describe('the family the gate tests, and rows too small to gate', () => {
  it('shows that the old family (every row, any size) hid the drop: Holm over 36 rows passes it', () => {
    const critic = audit({ maxRegression: { rows: 'per-mutator', minPairs: 1 } }).critics['critic']!;
    const row = critic.regression!.rows.find((r) => r.mutator === 'all' && r.condition === 'with-trace')!;
    expect(critic.regression!.rows.filter((r) => r.gating === 'gated')).toHaveLength(36);
    expect(row.pHolm).toBeGreaterThan(0.05);
    const gate = critic.gates.find((g) => g.name === 'maxRegression')!;
    expect(gate.pass).toBe(true);
    // The line shows the gated row nearest to regressing, not the largest drop of any row (the single item's 100 points).
    expect(gate.regression).toMatchObject({ items: 'all', condition: 'with-trace', gatedRows: 36 });
    expect(gate.value).toBeCloseTo(16 / 92, 12);
  });

  it('reports a row of the family with fewer than minPairs paired items as too small, and never gates it', () => {
    const critic = audit({ maxRegression: { rows: 'per-mutator' } }).critics['critic']!;
    const rows = critic.regression!.rows;
    // 15 or 16 mutants per mutator, one for the seventh: every mutator's row is under 20.
    expect(rows.filter((r) => r.gating === 'too-small').map((r) => r.mutator)).toEqual([...MUTATORS, RARE].sort().flatMap((m) => CONDITIONS.map(() => m)));
    expect(rows.filter((r) => r.gating === 'too-small').every((r) => r.n < 20 && r.pHolm === null && !r.regressed)).toBe(true);
    expect(rows.filter((r) => r.gating === 'gated')).toHaveLength(8);
    const gate = critic.gates.find((g) => g.name === 'maxRegression')!;
    expect(gate).toMatchObject({ pass: false, regression: { items: 'all', condition: 'with-trace', gatedRows: 8, tooSmallRows: 28 } });
    expect(gate.detail).toMatch(/too small to gate \(under 20 paired items\): claim-omission clean \(1\), /);
    // Named, a mutator adds its rows to the family: number-flip's 16 are too small at 20, gated at 15.
    const named = audit({ maxRegression: { rows: ['number-flip'], minPairs: 15 } }).critics['critic']!.regression!;
    expect(named.rows.filter((r) => r.gating === 'gated').map((r) => r.mutator)).toEqual([...CONDITIONS.map(() => 'number-flip'), ...CONDITIONS.map(() => 'all'), ...CONDITIONS.map(() => 'control')]);
    expect(named.rows.filter((r) => r.mutator === 'entity-swap').every((r) => r.gating === 'not-in-family')).toBe(true);
  });

  it('is no-data, failing the run, when no row of the family has minPairs paired items', () => {
    const report = audit({ maxRegression: { minPairs: 100 } });
    const gate = gateOf(report);
    expect(gate).toMatchObject({ pass: false, status: 'no-data', value: null });
    expect(gate.detail).toBe(
      'every row of the family has fewer than 100 paired items (the largest, all clean, has 92): too few to gate; review more items, or lower thresholds.maxRegression.minPairs',
    );
    expect(report.passed).toBe(false);
    expect(renderTerminal(report, '/out')).toMatch(/✗ maxRegression no data \(threshold 0\.05\) every row of the family has fewer than 100 paired items/);
  });
});

describe('the flipped items (issue 28)', () => {
  it("list the regressed row's lost catches first, before the flips of conditions listed earlier that did not regress", () => {
    const critic = audit({}, alsoMissesCleanly).critics['critic']!;
    const regressed = critic.regression!.rows.filter((r) => r.regressed).map((r) => `${r.mutator} ${r.condition}`);
    expect(regressed).toEqual(['all with-trace']);
    expect(critic.flipped.filter((f) => f.condition === 'clean')).toHaveLength(4);
    // 23 lost with-trace catches, then the rest: the first 20 shown are the regression's.
    expect(critic.flipped.slice(0, 23).every((f) => f.condition === 'with-trace' && f.direction === 'lost-catch')).toBe(true);
  });
});

describe('maxRegression.rows naming a mutator neither run has (issue 28)', () => {
  it('is a no-data gate of its own that fails the run, as catchRate naming a missing mutator is', () => {
    const report = audit({ maxRegression: { rows: ['arithmetic-operator'] } });
    const gate = report.critics['critic']!.gates.find((g) => g.name === 'maxRegression.arithmetic-operator');
    expect(gate).toMatchObject({ pass: false, status: 'no-data', value: null, threshold: 0.05 });
    expect(gate!.detail).toMatch(/arithmetic-operator is named in thresholds\.maxRegression\.rows, and neither this run nor the baseline has a mutant of it/);
    expect(report.critics['critic']!.passed).toBe(false);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
