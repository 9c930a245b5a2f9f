import { describe, expect, it } from 'vitest';
import { criticScope, criticTables } from '../../test/support/criticTables.js';
import { conditionsOf } from '../requests/conditions/index.js';
import { anchoring } from './anchoring.js';

// 50 paired mutants, 5 caught clean only: a drop of 10 points, Newcombe's interval [2, 22].
const tables = criticTables(0.7, [0.56, 0.81], { paired: [{ mutator: 'all', from: 'clean', to: 'with-trace', n: 50, b: 5, c: 0, p: 0.06, pHolm: 0.06, delta: -0.1, ci: [-0.22, -0.02] }] });
const gates = (thresholds: { maxAnchoringDrop?: number; gate?: 'point' | 'lower-bound' }, scope = criticScope(tables)) => anchoring.gates!.evaluate(tables, thresholds, scope);

describe('maxAnchoringDrop', () => {
  it('gates the clean minus with-trace catch rate on all mutants, the pessimistic end with gate: lower-bound', () => {
    expect(gates({ maxAnchoringDrop: 0.15 })).toMatchObject([{ name: 'maxAnchoringDrop', value: 0.1, pass: true, effect: { condition: 'with-trace', items: 'all', b: 5, c: 0 } }]);
    expect(gates({ maxAnchoringDrop: 0.15, gate: 'lower-bound' })).toMatchObject([{ value: 0.22, estimate: 0.1, pass: false }]);
    expect(gates({})).toEqual([]);
  });

  it('is no data, failing the run, without the condition or a fixture carrying a trace; left to other critics when only theirs carry one', () => {
    expect(gates({ maxAnchoringDrop: 0.15 }, criticScope(tables, { conditions: conditionsOf(['clean', 'prior-pass']) }))).toMatchObject([
      { status: 'no-data', pass: false, detail: 'with-trace is not among the configured conditions' },
    ]);
    const nowhere = 'with-trace applies to none of the 3 fixtures (none has a trace)';
    expect(gates({ maxAnchoringDrop: 0.15 }, criticScope(tables, { unreached: new Map([['with-trace', nowhere]]) }))).toMatchObject([{ status: 'no-data', pass: false, detail: nowhere }]);
    expect(gates({ maxAnchoringDrop: 0.15 }, criticScope(tables, { unreached: new Map([['with-trace', null]]) }))).toEqual([]);
  });
});
