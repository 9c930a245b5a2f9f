import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import { itemOutcomes } from '../results/itemOutcomes.js';
import type { ReviewResult } from '../reviews/types.js';
import { mcnemarExactOneSided } from '../statistics/mcnemar.js';
import { newcombeDifference } from '../statistics/newcombe.js';
import { makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { compareWithBaseline, isGated, type RegressionOptions } from './compare.js';
import type { BaselineCritic } from './format.js';
import { baselineSource, loadBaseline, reloadBaseline } from './load.js';
import { sha256Hex } from '../util/hash.js';
import { buildBaseline, writeBaseline } from './save.js';
import { reviewResult } from '../../test/support/reviewResult.js';

const world = makeWorld(3, () => 4); // 12 mutants in 3 clusters, 3 originals
const mutants = world.items.filter((i) => i.role === 'mutant');
const originals = world.items.filter((i) => i.role === 'original');

/** One review per item and condition; `flag` decides FAIL, `reply` lets a test drop the verdict. */
function results(
  flag: (item: ReviewItem, condition: ConditionName) => boolean | 'none' | 'error',
  conditions: ConditionName[] = ['clean'],
  items: readonly ReviewItem[] = world.items,
): ReviewResult[] {
  const out: ReviewResult[] = [];
  for (const item of items) {
    for (const condition of conditions) {
      const f = flag(item, condition);
      out.push(
        reviewResult({
          critic: 'c',
          itemId: item.id,
          condition,
          reviewId: `${item.id}/${condition}`,
          requestDigest: 'd'.repeat(64),
          outcome: f === 'error' ? 'error' : f === 'none' ? 'no-verdict' : 'verdict',
          verdict: f === true ? 'FAIL' : f === false ? 'PASS' : null,
          reply: f === 'error' ? null : `reply on ${item.id} under ${condition}${f === 'none' ? '' : `\nVERDICT: ${f ? 'FAIL' : 'PASS'}`}`,
          error: f === 'error' ? 'boom' : null,
        }),
      );
    }
  }
  return out;
}

function baselineOf(run: ReviewResult[], conditions: ConditionName[] = ['clean']): BaselineCritic {
  return buildBaseline(snapshotOf(world, ['c'], conditions), memoryStore(run)).critics['c']!;
}

/** The statistics on 12 mutants and 3 originals: every row is gated (minPairs 1) unless a spec says otherwise. */
function compare(before: ReviewResult[], now: ReviewResult[], conditions: ConditionName[] = ['clean'], options: Partial<RegressionOptions> = {}) {
  return compareWithBaseline({
    items: world.items,
    current: itemOutcomes(now, { reply: true }),
    currentIdentity: { provider: 'scripted', name: 'c' },
    conditions,
    baseline: baselineOf(before, conditions),
    source: { file: 'b.json', sha256: 'x', createdAt: 'then', harnessVersion: '0' },
    options: { margin: 0.05, alpha: 0.05, rows: 'pooled', minPairs: 1, ...options },
  });
}

describe('baseline files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-baseline-'));

  it('records per critic, item and condition the flagged share, with the mutant diff fields and the reply', () => {
    const baseline = buildBaseline(
      snapshotOf(world, ['c'], ['clean', 'with-trace']),
      memoryStore(results((item, condition) => item.role === 'mutant' && condition === 'clean', ['clean', 'with-trace'])),
    );
    expect(baseline).toMatchObject({ tool: 'critic-audit', kind: 'baseline', version: 1, conditions: ['clean', 'with-trace'] });
    const m = baseline.critics['c']!.items[mutants[0]!.id]!;
    expect(m).toMatchObject({
      fixtureId: mutants[0]!.fixtureId,
      cluster: mutants[0]!.cluster,
      role: 'mutant',
      mutator: 'number-flip',
      mutant: { original: mutants[0]!.mutant!.original, replacement: mutants[0]!.mutant!.replacement },
    });
    expect(m.outcomes.clean).toMatchObject({ flagged: 1, answered: 1, reply: expect.stringMatching(/VERDICT: FAIL/), replySha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(m.outcomes['with-trace']!.flagged).toBe(0);
    expect(baseline.critics['c']!.items[originals[0]!.id]).toMatchObject({ role: 'original', mutator: null });
    expect(baseline.critics['c']!.items[originals[0]!.id]!.mutant).toBeUndefined();
  });

  it('keeps the share over repeats and leaves errors out', () => {
    const run = [...results(() => true), ...results(() => false).map((r) => ({ ...r, repeat: 1 })), ...results(() => 'error').map((r) => ({ ...r, repeat: 2 }))];
    const item = buildBaseline(snapshotOf(world, ['c'], ['clean']), memoryStore(run)).critics['c']!.items[mutants[0]!.id]!;
    expect(item.outcomes.clean).toMatchObject({ flagged: 0.5, answered: 2 });
  });

  it('round-trips through the file', () => {
    const baseline = buildBaseline(snapshotOf(world, ['c'], ['clean']), memoryStore(results(() => true)));
    writeBaseline(join(dir, 'b.json'), baseline);
    const loaded = loadBaseline(join(dir, 'b.json'));
    expect(loaded.data).toEqual(baseline);
    expect(loaded.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads flagged given as true/false', () => {
    const baseline = JSON.parse(JSON.stringify(buildBaseline(snapshotOf(world, ['c'], ['clean']), memoryStore(results(() => true)))));
    baseline.critics.c.items[mutants[0]!.id].outcomes.clean.flagged = false;
    writeFileSync(join(dir, 'bool.json'), JSON.stringify(baseline));
    expect(loadBaseline(join(dir, 'bool.json')).data.critics['c']!.items[mutants[0]!.id]!.outcomes.clean!.flagged).toBe(0);
  });

  it('reads a recorded baseline again: the same file and digest, or why not (changed, gone, another version)', () => {
    const file = join(dir, 'recorded.json');
    writeBaseline(file, buildBaseline(snapshotOf(world, ['c'], ['clean']), memoryStore(results(() => true))));
    const source = baselineSource(loadBaseline(file));
    expect(reloadBaseline(source)).toEqual({ ...source, data: loadBaseline(file).data });
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"seed"', '"seed" '));
    expect(reloadBaseline(source)).toEqual({ ...source, problem: expect.stringMatching(/^changed since the run \(sha256 [0-9a-f]{12}, recorded [0-9a-f]{12}\)$/) });
    expect(reloadBaseline({ ...source, file: join(dir, 'gone.json') })).toMatchObject({ problem: 'is gone' });
    // The bytes the run read, refused by this critic-audit (a baseline of another version).
    const other = text.replace('"version": 1', '"version": 2');
    writeFileSync(file, other);
    expect(reloadBaseline({ ...source, sha256: sha256Hex(other) })).toMatchObject({ problem: expect.stringMatching(/^cannot be read by this critic-audit: .*unsupported baseline version 2/) });
  });

  const broken = (edit: (b: any) => void, text?: string) => {
    const file = join(dir, `broken-${Math.random().toString(36).slice(2)}.json`);
    const b = JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8'));
    edit(b);
    writeFileSync(file, text ?? JSON.stringify(b, null, 2));
    return () => loadBaseline(file);
  };
  it.each([
    ['a missing file', () => () => loadBaseline(join(dir, 'missing.json')), /missing\.json \(--baseline\): cannot read/],
    ['JSON with a syntax error, by line', () => broken(() => {}, '{\n  "tool": "critic-audit",\n  oops\n}'), /broken-\w+\.json:3: not valid JSON/],
    ['another version', () => broken((b) => (b.version = 2)), /\(version\): unsupported baseline version 2/],
    [
      'a flagged share out of range',
      () => broken((b) => (b.critics.c.items[mutants[1]!.id].outcomes.clean.flagged = 3)),
      new RegExp(`\\(critics\\.c\\.items\\.${mutants[1]!.id}\\.outcomes\\.clean\\.flagged\\)`),
    ],
    ['an unknown condition', () => broken((b) => (b.critics.c.items[mutants[1]!.id].outcomes.sideways = { flagged: 1, answered: 1 })), /outcomes\.sideways/],
    ['an unknown key', () => broken((b) => (b.critics.c.colour = 'blue')), /\(critics\.c\.colour\): not a critic-audit baseline: unknown key "colour"/],
    ['a missing field', () => broken((b) => delete b.critics.c.items[mutants[1]!.id].cluster), /\.cluster\)/],
    ['not a baseline at all', () => broken(() => {}, '[1, 2]'), /\(\(top level\)\): not a critic-audit baseline/],
  ])('refuses %s as bad input naming file and field', (_, make, message) => {
    const attempt = make();
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow(message);
  });
});

describe('comparing a run with its baseline', () => {
  it('counts lost and gained catches pair by pair, with a one-sided exact McNemar p for a drop', () => {
    // Baseline caught every mutant; now the first 9 are missed and none gained.
    const lost = new Set(mutants.slice(0, 9).map((m) => m.id));
    const { regression, flipped } = compare(
      results((i) => i.role === 'mutant'),
      results((i) => i.role === 'mutant' && !lost.has(i.id)),
    );
    const row = regression.rows.find((r) => r.mutator === 'number-flip')!;
    expect(row).toMatchObject({ condition: 'clean', direction: 'catch-drop', n: 12, b: 9, c: 0, baselineRate: 1, currentRate: 0.25, delta: -0.75, worsening: 0.75 });
    expect(row.p).toBeCloseTo(mcnemarExactOneSided(9, 0), 15);
    expect(row.ci[0]).toBeLessThan(-0.75);
    expect(row.ci[1]).toBeLessThan(0);
    expect(row.ci[1]).toBeGreaterThan(-0.75);
    expect(row.regressed).toBe(true);
    expect(regression.worst).toBe(row);
    expect(regression.rows.map((r) => r.mutator)).toEqual(['number-flip', 'control']); // one mutator: no duplicate "all" row
    expect(flipped).toHaveLength(9);
    expect(flipped.every((f) => f.direction === 'lost-catch' && f.regression)).toBe(true);
  });

  it('tests the originals for a rise in false alarms, not a drop', () => {
    const { regression, flipped } = compare(
      results(() => false),
      results((i) => i.role === 'original'),
    );
    const control = regression.rows.find((r) => r.mutator === 'control')!;
    expect(control).toMatchObject({ direction: 'false-alarm-rise', b: 0, c: 3, delta: 1, worsening: 1 });
    expect(control.p).toBeCloseTo(mcnemarExactOneSided(3, 0), 15);
    expect(flipped.map((f) => f.direction)).toEqual(['new-false-alarm', 'new-false-alarm', 'new-false-alarm']);
    expect(flipped[0]!.diff).toBeNull();
    // Fewer false alarms is no regression however significant.
    const better = compare(
      results((i) => i.role === 'original'),
      results(() => false),
    ).regression.rows.find((r) => r.mutator === 'control')!;
    expect(better.p).toBe(1);
    expect(better.regressed).toBe(false);
  });

  it('adjusts p by Holm across the gated rows only: those of the family with at least minPairs paired items', () => {
    const conditions: ConditionName[] = ['clean', 'with-trace'];
    const lost = new Set(mutants.slice(0, 6).map((m) => m.id));
    const before = results((i) => i.role === 'mutant', conditions);
    const now = results((i, c) => i.role === 'mutant' && !(c === 'clean' && lost.has(i.id)), conditions);
    const { regression } = compare(before, now, conditions);
    const gated = regression.rows.filter(isGated);
    expect(gated).toHaveLength(4); // the single mutator (standing for all mutants) and the originals, under 2 conditions
    const clean = gated.find((r) => r.mutator === 'number-flip' && r.condition === 'clean')!;
    expect(clean.pHolm).toBeCloseTo(Math.min(1, 4 * clean.p), 15);
    for (const r of gated) expect(r.pHolm).toBeGreaterThanOrEqual(r.p);
    // The 3 originals are too few at minPairs 4: reported, not gated, and out of Holm's family.
    const fewer = compare(before, now, conditions, { minPairs: 4 }).regression;
    expect(fewer.rows.filter((r) => r.mutator === 'control').map((r) => [r.gating, r.pHolm])).toEqual([
      ['too-small', null],
      ['too-small', null],
    ]);
    expect(fewer.rows.find((r) => r.mutator === 'number-flip' && r.condition === 'clean')!.pHolm).toBeCloseTo(Math.min(1, 2 * clean.p), 15);
  });

  it('needs the drop to beat the margin as well as be significant', () => {
    const lost = new Set(mutants.slice(0, 9).map((m) => m.id));
    const before = results((i) => i.role === 'mutant');
    const now = results((i) => i.role === 'mutant' && !lost.has(i.id));
    expect(compare(before, now, ['clean']).regression.rows[0]!.regressed).toBe(true);
    expect(compare(before, now, ['clean'], { margin: 0.8 }).regression.rows[0]!.regressed).toBe(false);
    expect(compare(before, now, ['clean'], { alpha: 1e-4 }).regression.rows[0]!.regressed).toBe(false);
  });

  it('compares items present in one run only unpaired, with a Newcombe interval, and counts them', () => {
    const [gone, fresh] = [mutants.slice(0, 4), mutants.slice(4, 8)];
    const both = world.items.filter((i) => !gone.includes(i) && !fresh.includes(i));
    const before = results((i) => i.role === 'mutant', ['clean'], [...both, ...gone]);
    const now = results((i) => i.role === 'mutant' && i !== fresh[0] && i !== fresh[1], ['clean'], [...both, ...fresh]);
    const { regression } = compare(before, now);
    expect(regression).toMatchObject({ pairedItems: both.length, onlyInBaseline: 4, onlyInCurrent: 4 });
    const row = regression.rows.find((r) => r.mutator === 'number-flip')!;
    expect(row.n).toBe(4);
    expect(row.unpaired).toMatchObject({ baselineOnly: { n: 4, flagged: 4 }, currentOnly: { n: 4, flagged: 2 }, delta: -0.5 });
    expect(row.unpaired!.ci).toEqual(newcombeDifference(2, 4, 4, 4).ci);
  });

  it('leaves out reviews that errored, and treats a reply without a verdict as not flagged', () => {
    const first = mutants[0]!.id;
    const second = mutants[1]!.id;
    const { regression, flipped } = compare(
      results((i) => i.role === 'mutant'),
      results((i) => (i.id === first ? 'error' : i.id === second ? 'none' : i.role === 'mutant')),
    );
    expect(regression.rows.find((r) => r.mutator === 'number-flip')).toMatchObject({ n: 11, b: 1 });
    expect(flipped.map((f) => f.itemId)).toEqual([second]);
  });

  it('lists flipped mutants with the line before and after, both replies, worse first', () => {
    const [down, up] = [mutants[2]!, mutants[3]!];
    const { flipped } = compare(
      results((i) => i.role === 'mutant' && i !== up),
      results((i) => i.role === 'mutant' && i !== down),
    );
    expect(flipped.map((f) => [f.itemId, f.direction])).toEqual([
      [down.id, 'lost-catch'],
      [up.id, 'new-catch'],
    ]);
    const f = flipped[0]!;
    const m = down.mutant!;
    expect(f.diff).toEqual({
      line: m.span.line,
      original: m.original,
      replacement: m.replacement,
      before: expect.stringContaining(`${m.original} pounds`),
      after: expect.stringContaining(`${m.replacement} pounds`),
    });
    expect(f.diff!.after).toBe(f.diff!.before.replace(`${m.original} pounds`, `${m.replacement} pounds`));
    expect(f.baselineReply).toMatch(/VERDICT: FAIL/);
    expect(f.currentReply).toMatch(/VERDICT: PASS/);
  });
});
