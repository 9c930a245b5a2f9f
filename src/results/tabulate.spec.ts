import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '../requests/items.js';
import type { ReviewResult } from '../reviews/types.js';
import { drain } from '../../test/support/drain.js';
import { outcomeCounter, tabulate } from './tabulate.js';

const item = (id: string, mutator: string | null): ReviewItem => ({
  id,
  fixtureId: 'f',
  cluster: 'f',
  kind: 'text',
  role: mutator ? 'mutant' : 'original',
  mutator,
  task: 't',
  artifact: 'a',
  evidence: [],
  trace: undefined,
});

const result = (itemId: string, condition: ReviewResult['condition'], outcome: 'PASS' | 'FAIL' | 'none' | 'error'): ReviewResult => ({
  critic: 'c',
  itemId,
  condition,
  repeat: 0,
  reviewId: `${itemId}-${condition}`,
  requestDigest: 'd',
  outcome: outcome === 'error' ? 'error' : outcome === 'none' ? 'no-verdict' : 'verdict',
  verdict: outcome === 'PASS' || outcome === 'FAIL' ? outcome : null,
  reply: outcome === 'error' ? null : 'reply',
  error: outcome === 'error' ? 'boom' : null,
  attempts: 1,
  latencyMs: 1,
  usage: null,
});

describe('tabulate: false alarms on originals and on controls', () => {
  // One fixture's own artifact (id = fixture id) and two correct rewrites of it.
  const own = { ...item('f', null) };
  const controls = [item('f~paraphrase-order', null), item('f~reordered-a', null)];
  const { outcomes, totals } = drain(outcomeCounter(), [result('f', 'clean', 'PASS'), result('f~paraphrase-order', 'clean', 'FAIL'), result('f~reordered-a', 'clean', 'PASS')]);
  const tables = tabulate([own, ...controls], outcomes, totals, ['clean']);

  it('reports them apart and pooled', () => {
    expect(tables.falseAlarmsApart.originals.clean).toMatchObject({ n: 1, flagged: 0, rate: 0 });
    expect(tables.falseAlarmsApart.controls.clean).toMatchObject({ n: 2, flagged: 1, rate: 0.5 });
    expect(tables.falseAlarms.clean).toMatchObject({ n: 3, flagged: 1 });
    expect(Object.keys(tables.byMutator)).toEqual([]);
  });
});

describe('tabulate', () => {
  // Four number-flip mutants and two originals, reviewed clean and with the trace.
  const items = [item('m1', 'number-flip'), item('m2', 'number-flip'), item('m3', 'number-flip'), item('m4', 'number-flip'), item('o1', null), item('o2', null)];
  const results = [
    result('m1', 'clean', 'FAIL'),
    result('m1', 'with-trace', 'PASS'), // b
    result('m2', 'clean', 'FAIL'),
    result('m2', 'with-trace', 'PASS'), // b
    result('m3', 'clean', 'PASS'),
    result('m3', 'with-trace', 'FAIL'), // c
    result('m4', 'clean', 'none'),
    result('m4', 'with-trace', 'error'), // no pair
    result('o1', 'clean', 'PASS'),
    result('o1', 'with-trace', 'PASS'),
    result('o2', 'clean', 'FAIL'),
    result('o2', 'with-trace', 'PASS'),
  ];
  const { outcomes, totals } = drain(outcomeCounter(), results);
  const tables = tabulate(items, outcomes, totals, ['clean', 'with-trace']);

  it('counts catches with no-verdicts in the denominator as not caught, and errors apart', () => {
    expect(tables.byMutator['number-flip']!.clean).toMatchObject({ n: 4, caught: 2, rate: 0.5, noVerdict: 1, errors: 0 });
    expect(tables.byMutator['number-flip']!['with-trace']).toMatchObject({ n: 3, caught: 1, errors: 1 });
  });

  it('counts false alarms on the originals', () => {
    expect(tables.falseAlarms.clean).toMatchObject({ n: 2, flagged: 1, rate: 0.5 });
    expect(tables.falseAlarms['with-trace']).toMatchObject({ n: 2, flagged: 0 });
  });

  it('pairs each condition with clean on the same items only', () => {
    const pair = tables.paired.find((p) => p.mutator === 'number-flip' && p.to === 'with-trace')!;
    expect(pair).toMatchObject({ from: 'clean', n: 3, b: 2, c: 1, p: 1 });
    expect(pair.delta).toBeCloseTo(-1 / 3, 12);
    expect(tables.paired.find((p) => p.mutator === 'control')).toMatchObject({ b: 1, c: 0, delta: -0.5 });
  });

  it('counts verdicts, no-verdicts and errors', () => {
    expect(tables.verdicts).toMatchObject({ reviews: 12, verdicts: 10, noVerdict: 1, errors: 1 });
    expect(tables.verdicts.verdictRate).toBeCloseTo(10 / 11, 12);
  });
});
