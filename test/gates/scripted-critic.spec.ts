import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBaseline } from '../../src/baseline/load.js';
import { buildBaseline, writeBaseline } from '../../src/baseline/save.js';
import type { Thresholds } from '../../src/measures/index.js';
import type { ConditionName } from '../../src/requests/conditions/index.js';
import { buildReport } from '../../src/reports/build.js';
import type { CriticReport } from '../../src/reports/types.js';
import type { ReviewResult } from '../../src/reviews/types.js';
import { createRng } from '../../src/statistics/random.js';
import { mcnemarExactOneSided } from '../../src/statistics/mcnemar.js';
import { pairedDifferenceInterval } from '../../src/statistics/newcombe.js';
import { formatP } from '../../src/measures/format.js';
import { renderTerminal } from '../../src/reports/terminal.js';
import { reviewItems } from '../support/reviewItems.js';
import { COMPLETE, makeWorld, memoryStore, review, scriptedCritic, snapshotOf, type FlagRate, type World } from '../support/scriptedCritic.js';

/**
 * The gates' error rates and the bootstrap's coverage, by simulation: a
 * scripted critic with known rates runs through the real scheduler, verdict
 * parser, tabulation, baseline file, comparison, gates and bootstrap.
 */
const REPETITIONS = 100;
const FALSE_ALARM = 0.05;
/**
 * Each review uses the item's own fixed draw with this probability (else a
 * fresh one): two runs of the critic then agree on about 88% of mutants at a
 * 0.8 catch rate, as a sampled LLM critic re-reviewing the same items does.
 */
const PERSISTENCE = 0.8;
const thresholds: Thresholds = { maxRegression: { margin: 0.05, alpha: 0.05 } };

// 100 paired mutants (20 fixtures of 5) and 20 originals.
const world = makeWorld(20, () => 5);
const clean: ConditionName[] = ['clean'];

const catchRate =
  (rate: number): FlagRate =>
  (item) =>
    item.role === 'mutant' ? rate : FALSE_ALARM;

async function run(w: World, seed: string, rate: FlagRate, conditions: ConditionName[], itemSeed = 'items'): Promise<ReviewResult[]> {
  return review(w, scriptedCritic(w, { name: 'critic', seed, rate, persistence: PERSISTENCE, itemSeed }), conditions);
}

function againstBaseline(baselineRun: ReviewResult[], currentRun: ReviewResult[]): CriticReport {
  const snapshot = snapshotOf(world, ['critic'], clean, thresholds);
  const data = buildBaseline(snapshot, memoryStore(baselineRun));
  return buildReport(snapshot, COMPLETE, memoryStore(currentRun), { baseline: { file: 'baseline.json', sha256: '', data } }).critics['critic']!;
}

const regressionGate = (critic: CriticReport) => critic.gates.find((g) => g.name === 'maxRegression')!;

describe('the regression gate against a scripted critic with known rates', () => {
  it('fails on a real 20-point drop on 100 paired items, and lists the flipped items with diff and replies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'critic-audit-regression-'));
    const snapshot = snapshotOf(world, ['critic'], clean, thresholds);
    const baselineRun = await run(world, 'baseline', catchRate(0.8), clean);
    writeBaseline(join(dir, 'baseline.json'), buildBaseline(snapshot, memoryStore(baselineRun)));
    const baseline = loadBaseline(join(dir, 'baseline.json'));
    const currentRun = await run(world, 'current', catchRate(0.6), clean);
    const report = buildReport(snapshot, COMPLETE, memoryStore(currentRun), { baseline });
    const critic = report.critics['critic']!;

    expect(report.passed).toBe(false);
    expect(regressionGate(critic)).toMatchObject({ pass: false, threshold: 0.05, status: 'red' });
    const row = critic.regression!.rows.find((r) => r.mutator === 'number-flip' && r.condition === 'clean')!;
    expect(row.n).toBe(100);
    expect(row.regressed).toBe(true);
    expect(row.pHolm).toBeLessThan(0.05);
    expect(row.pHolm).toBeGreaterThanOrEqual(row.p);
    expect(row.delta).toBeLessThan(-0.1);
    expect(row.ci[1]).toBeLessThan(0);
    const lost = critic.flipped.filter((f) => f.direction === 'lost-catch');
    expect(lost.length).toBe(row.b);
    expect(critic.flipped[0]!.regression).toBe(true);
    expect(lost[0]!.diff).toMatchObject({ original: expect.stringMatching(/^\d+$/), replacement: expect.stringMatching(/^\d+$/) });
    expect(lost[0]!.diff!.before).not.toBe(lost[0]!.diff!.after);
    expect(lost[0]!.baselineReply).toMatch(/VERDICT: FAIL/);
    expect(lost[0]!.currentReply).toMatch(/VERDICT: PASS/);
  });

  it(`detects the 20-point drop in at least 90 of ${REPETITIONS} seeded repetitions`, async () => {
    let failed = 0;
    for (let r = 0; r < REPETITIONS; r++) {
      const critic = againstBaseline(await run(world, `drop-b${r}`, catchRate(0.8), clean, `items${r}`), await run(world, `drop-c${r}`, catchRate(0.6), clean, `items${r}`));
      if (!regressionGate(critic).pass) failed++;
    }
    console.log(`20-point drop detected in ${failed} of ${REPETITIONS} repetitions`);
    expect(failed).toBeGreaterThanOrEqual(90);
  });

  it(`passes a run identical in distribution to its baseline in at least 95 of ${REPETITIONS} seeded repetitions`, async () => {
    let passed = 0;
    for (let r = 0; r < REPETITIONS; r++) {
      const critic = againstBaseline(await run(world, `same-b${r}`, catchRate(0.8), clean, `items${r}`), await run(world, `same-c${r}`, catchRate(0.8), clean, `items${r}`));
      if (regressionGate(critic).pass) passed++;
    }
    console.log(`identical distribution passed in ${passed} of ${REPETITIONS} repetitions`);
    expect(passed).toBeGreaterThanOrEqual(95);
  });
});

/**
 * Issue 28's acceptance: a known critic whose with-trace catch rate falls by 15 points (40% to 25%) on 200 paired
 * mutants of four mutators, clean unchanged, against the default regression family (all mutants and the originals,
 * per condition), and the same critic redrawn with another seed.
 */
describe('the regression gate with its default family, on 200 paired mutants', () => {
  const MUTATORS = ['number-flip', 'entity-swap', 'negation', 'unit-swap'];
  const base = makeWorld(40, () => 5);
  const mutants = base.mutants.map((m, i) => ({ ...m, mutator: MUTATORS[i % MUTATORS.length]! }));
  const mixed: World = { ...base, mutants, items: reviewItems(base.fixtures, mutants) };
  const conditions: ConditionName[] = ['clean', 'with-trace'];
  const withTrace =
    (rate: number): FlagRate =>
    (item, condition) =>
      item.role === 'original' ? FALSE_ALARM : condition === 'clean' ? 0.8 : rate;
  const review2 = (seed: string, rate: FlagRate, itemSeed = 'items') => review(mixed, scriptedCritic(mixed, { name: 'critic', seed, rate, persistence: PERSISTENCE, itemSeed }), conditions);
  const compare = (baselineRun: ReviewResult[], currentRun: ReviewResult[]) => {
    // No maxRegression configured: the gate comes with --baseline, with its defaults.
    const snapshot = { ...snapshotOf(mixed, ['critic'], conditions), settings: { ...snapshotOf(mixed, ['critic'], conditions).settings, mutators: MUTATORS } };
    const data = buildBaseline(snapshot, memoryStore(baselineRun));
    return buildReport(snapshot, COMPLETE, memoryStore(currentRun), { baseline: { file: 'baseline.json', sha256: '', data } });
  };

  it('fails a real 15-point drop, naming on the gate line the row, its drop, its interval and its Holm-adjusted p', async () => {
    const before = await review2('v1', withTrace(0.4));
    const now = await review2('v2', withTrace(0.25));
    const report = compare(before, now);
    const critic = report.critics['critic']!;
    // The paired counts, straight from the two runs' verdicts.
    const verdict = (run: ReviewResult[]) => new Map(run.filter((r) => r.condition === 'with-trace').map((r) => [r.itemId, r.verdict === 'FAIL']));
    const [was, is] = [verdict(before), verdict(now)];
    const ids = mixed.items.filter((i) => i.role === 'mutant').map((i) => i.id);
    const count = (f: (id: string) => boolean) => ids.filter(f).length;
    const [a, b, c] = [count((id) => was.get(id)! && is.get(id)!), count((id) => was.get(id)! && !is.get(id)), count((id) => !was.get(id) && is.get(id)!)];
    const ci = pairedDifferenceInterval(a, c, b, 200 - a - b - c).ci;
    const gate = critic.gates.find((g) => g.name === 'maxRegression')!;
    expect(gate).toMatchObject({ pass: false, status: 'red', regression: { items: 'all', condition: 'with-trace', n: 200, b, c, ci, gatedRows: 4, tooSmallRows: 0 } });
    const pHolm = gate.regression!.pHolm;
    expect(pHolm).toBeGreaterThanOrEqual(mcnemarExactOneSided(b, c));
    expect(pHolm).toBeLessThanOrEqual(4 * mcnemarExactOneSided(b, c));
    expect(pHolm).toBeLessThan(0.05);
    expect((b - c) / 200).toBeGreaterThan(0.05);
    // Every mutator's rows (50 mutants each) are reported beside the family, not gated.
    expect(critic.regression!.rows.filter((r) => MUTATORS.includes(r.mutator)).every((r) => r.gating === 'not-in-family')).toBe(true);
    const tenths = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;
    const line = `✗ maxRegression all with-trace: catch rate ${tenths((c - b) / 200)} pts [${tenths(ci[0])}, ${tenths(ci[1])}], Holm p ${formatP(pHolm)} (threshold Holm p ≤ 0.05 and a drop beyond 5 pts, red)`;
    expect(renderTerminal(report, '/out')).toContain(line);
    expect(report.passed).toBe(false);
  });

  it('passes the same critic redrawn with another seed (no real drop)', async () => {
    const report = compare(await review2('v1', withTrace(0.4)), await review2('v1-redrawn', withTrace(0.4)));
    const gate = report.critics['critic']!.gates.find((g) => g.name === 'maxRegression')!;
    expect(gate).toMatchObject({ pass: true, status: 'green', regression: { gatedRows: 4 } });
    expect(renderTerminal(report, '/out')).toMatch(
      /✓ maxRegression \w+ [\w-]+: (catch rate|false alarms) [+−]\d+\.\d pts \[[+−]\d+\.\d, [+−]\d+\.\d\], Holm p [\d.]+ \(threshold Holm p ≤ 0\.05 and a (drop|rise) beyond 5 pts\)/,
    );
  });
});

describe('the cluster bootstrap against a scripted critic with known rates', () => {
  it(`covers the true with-trace effect in at least 90 of ${REPETITIONS} seeded repetitions`, async () => {
    // 30 clusters of 2 to 8 mutants; each cluster has its own clean catch rate
    // and its own with-trace effect, drawn afresh each repetition: the true
    // effect is their mean, −0.20, and items of one cluster are not independent.
    const clustered = makeWorld(30, (k) => 2 + ((k * 5) % 7));
    const conditions: ConditionName[] = ['clean', 'with-trace'];
    const snapshot = { ...snapshotOf(clustered, ['critic'], conditions), fixtures: clustered.fixtures };
    let covered = 0;
    for (let r = 0; r < REPETITIONS; r++) {
      const draw = createRng(`clusters${r}`);
      const params = new Map(clustered.fixtures.map((f) => [f.id, { base: 0.5 + 0.45 * draw.next(), effect: -0.35 + 0.3 * draw.next() }]));
      const rate: FlagRate = (item, condition) => {
        if (item.role === 'original') return FALSE_ALARM;
        const p = params.get(item.fixtureId)!;
        return condition === 'clean' ? p.base : p.base + p.effect;
      };
      const results = await review(clustered, scriptedCritic(clustered, { name: 'critic', seed: `boot${r}`, rate, persistence: 0.5, itemSeed: `boot-items${r}` }), conditions);
      const report = buildReport({ ...snapshot, settings: { ...snapshot.settings, seed: r } }, COMPLETE, memoryStore(results));
      const effect = report.critics['critic']!.bootstrap.effects.find((e) => e.mutator === 'all' && e.to === 'with-trace')!;
      expect(effect.clusters).toBe(30);
      if (effect.ci[0] <= -0.2 && -0.2 <= effect.ci[1]) covered++;
    }
    console.log(`cluster-bootstrap interval covered the true effect in ${covered} of ${REPETITIONS} repetitions`);
    expect(covered).toBeGreaterThanOrEqual(90);
  });
});
