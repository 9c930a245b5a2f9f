import { describe, expect, it } from 'vitest';
import { CONDITION_NAMES, conditionsOf } from '../requests/conditions/index.js';
import { criticScope, criticTables } from '../../test/support/criticTables.js';
import type { CriticTables } from '../results/tabulate.js';
import { conditionEffects } from './conditionEffects.js';
import { applyThresholdOverrides } from './overrides.js';

const MUTATORS = ['number-flip', 'entity-swap', 'qualifier-deletion'];
const CONDITIONS = conditionsOf(CONDITION_NAMES);

const evaluate = (t: CriticTables, thresholds: Parameters<NonNullable<typeof conditionEffects.gates>['evaluate']>[1]) => conditionEffects.gates!.evaluate(t, thresholds, criticScope(t));

describe('maxConditionEffect', () => {
  // 50 paired mutants: 20 caught clean only (b), 2 under with-trace only (c); 30 originals, 12 flagged only under prior-fail.
  const effects = (): CriticTables =>
    criticTables(0.7, [0.56, 0.81], {
      paired: [
        { mutator: 'all', from: 'clean', to: 'with-trace', n: 50, b: 20, c: 2, p: 2.6e-5, pHolm: 1e-4, delta: -0.36, ci: [-0.49, -0.2] },
        { mutator: 'number-flip', from: 'clean', to: 'with-trace', n: 50, b: 20, c: 2, p: 2.6e-5, pHolm: 1e-4, delta: -0.36, ci: [-0.49, -0.2] },
        { mutator: 'control', from: 'clean', to: 'prior-fail', n: 30, b: 0, c: 12, p: 4.9e-4, pHolm: 1e-3, delta: 0.4, ci: [0.23, 0.56] },
        { mutator: 'all', from: 'clean', to: 'prior-pass', n: 50, b: 1, c: 1, p: 1, pHolm: 1, delta: 0, ci: [-0.07, 0.07] },
      ],
    });
  const gates = (maxConditionEffect: Record<string, number | Record<string, number>>, gate?: 'lower-bound') => evaluate(effects(), { maxConditionEffect, ...(gate ? { gate } : {}) });

  it('gates a PASS-pushing condition on the paired catch drop and a FAIL-pushing one on the rise in false alarms, with b, c, p and the interval', () => {
    const [trace, pass, fail] = gates({ 'with-trace': 0.15, 'prior-pass': 0.15, 'prior-fail': 0.1 });
    expect(trace).toMatchObject({
      name: 'maxConditionEffect.with-trace',
      value: 0.36,
      pass: false,
      status: 'red',
      effect: { direction: 'catch-drop', items: 'all', n: 50, b: 20, c: 2, p: 2.6e-5, ci: [0.2, 0.49] },
    });
    expect(pass).toMatchObject({ name: 'maxConditionEffect.prior-pass', value: 0, pass: true });
    expect(fail).toMatchObject({ name: 'maxConditionEffect.prior-fail', value: 0.4, pass: false, effect: { direction: 'false-alarm-rise', items: 'control', b: 0, c: 12, ci: [0.23, 0.56] } });
  });

  it('gates the pessimistic end of the interval with gate: lower-bound', () => {
    const [pass, fail] = gates({ 'prior-pass': 0.05, 'prior-fail': 0.5 }, 'lower-bound');
    expect(pass).toMatchObject({ value: 0.07, estimate: 0, pass: false });
    expect(fail).toMatchObject({ value: 0.56, estimate: 0.4, pass: false });
  });

  it('gates per mutator with a map, default for the rest; a mutator without mutants is no data, failing only when named', () => {
    const byDefault = gates({ 'with-trace': { default: 0.4 } });
    expect(byDefault.map((g) => [g.name, g.pass, g.status])).toEqual([
      ['maxConditionEffect.with-trace.number-flip', true, 'green'],
      ['maxConditionEffect.with-trace.entity-swap', true, 'no-data'],
    ]);
    const named = gates({ 'with-trace': { default: 0.4, 'number-flip': 0.1, 'entity-swap': 0.1 } });
    expect(named.map((g) => [g.name, g.pass, g.status])).toEqual([
      ['maxConditionEffect.with-trace.number-flip', false, 'red'],
      ['maxConditionEffect.with-trace.entity-swap', false, 'no-data'],
    ]);
  });

  it('is no data, failing the run, when no item was answered under both clean and the condition', () => {
    const [gate] = evaluate(criticTables(0.7, [0.56, 0.81], { paired: [] }), { maxConditionEffect: { 'prior-fail': 0.1 } });
    expect(gate).toMatchObject({ status: 'no-data', pass: false, value: null, detail: 'no original has an answered review under both clean and prior-fail' });
  });

  it('is overridden from the command line, per condition or per mutator', () => {
    expect(
      applyThresholdOverrides({ maxConditionEffect: { 'with-trace': 0.15 } }, ['maxConditionEffect.prior-fail=0.05', 'maxConditionEffect.with-trace.number-flip=0.1'], MUTATORS, CONDITIONS)
        .maxConditionEffect,
    ).toEqual({
      'with-trace': { default: 0.15, 'number-flip': 0.1 },
      'prior-fail': 0.05,
    });
  });
});
