import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.js';
import { InputError } from '../errors.js';
import { criticTables } from '../../test/support/criticTables.js';
import { bandStatus, resolveBand } from './thresholds.js';
import type { GateContext } from './gate.js';
import { catchRateBand, catchRateGates, catchRateMode } from '../measures/catchRates.js';
import { verdictRateGates } from '../measures/verdictRate.js';
import { applyThresholdOverrides } from '../measures/overrides.js';
import type { Thresholds } from '../measures/index.js';
import type { CriticTables } from '../results/tabulate.js';
import { CONDITION_NAMES, conditionsOf } from '../requests/conditions/index.js';

const MUTATORS = ['number-flip', 'entity-swap', 'qualifier-deletion'];
const CONDITIONS = conditionsOf(CONDITION_NAMES);
/** The catch-rate gates, then the verdict rate's (their order among the measures' gates). */
const evaluateGates = (tables: CriticTables, thresholds: Thresholds, context: GateContext) => [...catchRateGates(tables, thresholds, context), ...verdictRateGates(tables, thresholds)];

/** The tables' one mutator, with valid mutants, under clean and with-trace. */
const CONTEXT = { mutators: [{ name: 'number-flip', noMutants: null }], runMutators: ['number-flip'] };

/** Tables with one mutator's clean catch rate (and its Wilson interval) and the false alarms. */
const tables = criticTables;

describe('catch-rate bands', () => {
  it('reads a plain number as the break point, and fills a partial band from its neighbours', () => {
    expect(resolveBand(0.6)).toEqual({ high: 0.6, low: 0.6, break: 0.6 });
    expect(resolveBand({ high: 0.9, low: 0.7, break: 0.5 })).toEqual({ high: 0.9, low: 0.7, break: 0.5 });
    expect(resolveBand({ break: 0.5 })).toEqual({ high: 0.5, low: 0.5, break: 0.5 });
    expect(resolveBand({ high: 0.9, break: 0.5 })).toEqual({ high: 0.9, low: 0.5, break: 0.5 });
    expect(resolveBand({ high: 0.9, low: 0.7 })).toEqual({ high: 0.9, low: 0.7, break: null });
  });

  it("takes the mutator's own entry, else default, else a global number", () => {
    expect(catchRateBand({ default: 0.6, 'number-flip': { high: 0.9, low: 0.8, break: 0.7 } }, 'number-flip')).toEqual({ high: 0.9, low: 0.8, break: 0.7 });
    expect(catchRateBand({ default: 0.6 }, 'entity-swap')).toEqual({ high: 0.6, low: 0.6, break: 0.6 });
    expect(catchRateBand(0.5, 'entity-swap')?.break).toBe(0.5);
    expect(catchRateBand({ 'number-flip': 0.9 }, 'entity-swap')).toBeUndefined();
  });

  it('colours green at or above high, red below low, amber between', () => {
    const band = { high: 0.9, low: 0.7, break: 0.5 };
    expect([0.95, 0.9, 0.8, 0.7, 0.6, 0.4].map((v) => bandStatus(v, band))).toEqual(['green', 'green', 'amber', 'amber', 'red', 'red']);
  });

  it('gates each mutator: amber and red pass until the value falls below break', () => {
    const band = { 'number-flip': { high: 0.9, low: 0.7, break: 0.5 } };
    const gate = (rate: number) => evaluateGates(tables(rate, [rate - 0.1, rate + 0.1]), { catchRate: band }, CONTEXT)[0]!;
    expect(gate(0.92)).toMatchObject({ name: 'catchRate.number-flip', pass: true, status: 'green', threshold: 0.5, value: 0.92 });
    expect(gate(0.8)).toMatchObject({ pass: true, status: 'amber' });
    expect(gate(0.6)).toMatchObject({ pass: true, status: 'red' });
    expect(gate(0.45)).toMatchObject({ pass: false, status: 'red' });
  });

  it('keeps the original gates and shape for the original config keys', () => {
    const gates = evaluateGates(tables(0.7, [0.56, 0.81]), { catchRate: { default: 0.6 }, minVerdictRate: 0.95 }, CONTEXT);
    expect(gates.map((g) => [g.name, g.pass])).toEqual([
      ['catchRate.number-flip', true],
      ['minVerdictRate', true],
    ]);
    for (const g of gates) expect(g).toMatchObject({ threshold: expect.any(Number), value: expect.any(Number), pass: expect.any(Boolean) });
  });
});

describe('gate: lower-bound', () => {
  it('gates the pessimistic end of each interval and keeps the estimate beside it', () => {
    const thresholds = { catchRate: 0.6, minVerdictRate: 0.9 };
    const point = evaluateGates(tables(0.7, [0.56, 0.81]), thresholds, CONTEXT);
    const conservative = evaluateGates(tables(0.7, [0.56, 0.81]), { ...thresholds, gate: 'lower-bound' }, CONTEXT);
    expect(point.map((g) => g.pass)).toEqual([true, true]);
    const byName = Object.fromEntries(conservative.map((g) => [g.name, g]));
    expect(byName['catchRate.number-flip']).toMatchObject({ value: 0.56, estimate: 0.7, pass: false });
    expect(byName['minVerdictRate']!.value).toBeLessThan(0.96);
    expect(byName['minVerdictRate']!.value).toBeGreaterThan(0.89);
  });
});

describe('--threshold overrides', () => {
  it('sets a band field on one mutator, keeping what default gave it', () => {
    const out = applyThresholdOverrides({ catchRate: { default: { high: 0.9, low: 0.7, break: 0.6 } } }, ['number-flip.break=0.5'], MUTATORS, CONDITIONS);
    expect(out.catchRate).toEqual({ default: { high: 0.9, low: 0.7, break: 0.6 }, 'number-flip': { high: 0.9, low: 0.7, break: 0.5 } });
  });

  it('turns a global number into default and accepts the catchRate. prefix and whole values', () => {
    const out = applyThresholdOverrides({ catchRate: 0.6 }, ['catchRate.entity-swap=0.8', 'number-flip.high=0.95'], MUTATORS, CONDITIONS);
    expect(out.catchRate).toEqual({ default: 0.6, 'entity-swap': 0.8, 'number-flip': { break: 0.6, high: 0.95 } });
  });

  it('sets catchRate mode, keeping the entries, and reads it back', () => {
    const out = applyThresholdOverrides({ catchRate: 0.6 }, ['mode=located'], MUTATORS, CONDITIONS);
    expect(out.catchRate).toEqual({ default: 0.6, mode: 'located' });
    expect(catchRateMode(out.catchRate)).toBe('located');
    expect(catchRateBand(out.catchRate, 'number-flip')).toEqual({ high: 0.6, low: 0.6, break: 0.6 });
    expect(catchRateMode({ default: 0.6 })).toBe('raw');
  });

  it('overrides scalar and object settings', () => {
    const out = applyThresholdOverrides(
      { minimumDetectableEffect: 0.2 },
      ['gate=lower-bound', 'maxFalseAlarmRate=0.2', 'maxRegression.margin=0.1', 'minimumDetectableEffect.psi=0.3', 'positiveControl.minVerdictRate=0.7'],
      MUTATORS,
      CONDITIONS,
    );
    expect(out).toMatchObject({
      gate: 'lower-bound',
      maxFalseAlarmRate: 0.2,
      maxRegression: { margin: 0.1 },
      minimumDetectableEffect: { delta: 0.2, psi: 0.3 },
      positiveControl: { minVerdictRate: 0.7 },
    });
  });

  it('overrides maxRegression.rows (a word, or mutators separated by commas) and .minPairs like the other fields', () => {
    const over = (...args: string[]) => applyThresholdOverrides({ maxRegression: { margin: 0.1 } }, args, MUTATORS, CONDITIONS).maxRegression;
    expect(over('maxRegression.rows=per-mutator')).toEqual({ margin: 0.1, rows: 'per-mutator' });
    expect(over('maxRegression.rows=number-flip, entity-swap', 'maxRegression.minPairs=10')).toEqual({ margin: 0.1, rows: ['number-flip', 'entity-swap'], minPairs: 10 });
    expect(over('maxRegression.rows=[number-flip]')).toEqual({ margin: 0.1, rows: ['number-flip'] });
    expect(over('maxRegression.rows=per-mutator', 'maxRegression.rows=pooled')).toEqual({ margin: 0.1, rows: 'pooled' });
  });

  it('overrides maxFalseConsensus as one number or per review mutator, a number becoming the default', () => {
    expect(applyThresholdOverrides({}, ['maxFalseConsensus=0.2'], MUTATORS, CONDITIONS).maxFalseConsensus).toBe(0.2);
    expect(applyThresholdOverrides({ maxFalseConsensus: 0.2 }, ['maxFalseConsensus.drop-flag=0.05'], MUTATORS, CONDITIONS).maxFalseConsensus).toEqual({ default: 0.2, 'drop-flag': 0.05 });
  });

  it.each([
    ['maxFalseConsensus.number-flip=0.1', /"number-flip" is not a review mutator/],
    ['maxFalseConsensus.drop-flag=2', /maxFalseConsensus\.drop-flag: .*<=1/],
    ['nope', /KEY=VALUE/],
    ['colour=blue', /unknown threshold "colour"/],
    ['number-flip.hgh=0.5', /"hgh" is not a band field/],
    ['number-flip.break=1.5', /number-flip.break: .*<=1/],
    ['number-flip.low=0.5', /need break <= low <= high/],
    ['gate=upper', /gate: /],
    ['maxRegression=0.1', /name the field/],
    ['maxRegression.rows=numbr-flip', /maxRegression\.rows\.0: unknown mutator "numbr-flip"; use pooled, per-mutator or mutator names/],
    ['maxRegression.rows=', /maxRegression\.rows: name at least one mutator, or use pooled or per-mutator/],
    ['maxRegression.rows=all', /maxRegression\.rows\.0: unknown mutator "all"/],
    ['maxRegression.minPairs=0', /maxRegression\.minPairs: .*>=1/],
    ['maxRegression.minPairs=2.5', /maxRegression\.minPairs: .*expected int/],
    ['maxRegression.pairs=20', /maxRegression: unknown key|Unrecognized key/],
    ['maxConditionEffect.prior-maybe=0.1', /maxConditionEffect\.prior-maybe: unknown condition "prior-maybe"/],
    ['maxConditionEffect.prior-fail=1.5', /maxConditionEffect\.prior-fail: .*<=1/],
    ['maxConditionEffect.prior-fail.number-flip=0.1', /prior-fail pushes towards FAIL/],
    ['maxConditionEffect.with-trace.numbr-flip=0.1', /unknown mutator "numbr-flip"/],
    ['maxConditionEffect.clean=0.1', /maxConditionEffect\.clean: "clean" is the sealed condition every effect is measured against, not a contaminated one/],
    // Not the sealed condition's message (issue 28): blind adds nothing, it withholds the evidence.
    ['maxConditionEffect.blind=0.1', /maxConditionEffect\.blind: "blind" withholds the evidence rather than adding a contaminant.*\(gate it with maxBlindDiscrimination\)/],
    ['mode=loose', /mode must be raw or located/],
  ])('rejects %s as bad input naming the flag', (arg, message) => {
    const attempt = () => applyThresholdOverrides({ catchRate: { 'number-flip': 0.8 } }, [arg], MUTATORS, CONDITIONS);
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow(message);
    expect(attempt).toThrow(`--threshold ${arg}`);
  });
});

describe('threshold config keys', () => {
  const load = (thresholds: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'critic-audit-thresholds-'));
    writeFileSync(join(dir, 'c.yaml'), `fixtures: [suite]\ncritic: {provider: builtin:evidence-check}\nthresholds:\n${thresholds}\n`);
    return () => loadConfig(join(dir, 'c.yaml'));
  };

  it('accepts numbers, maps of numbers, maps of bands and the new keys', () => {
    expect(load('  catchRate: 0.6')().thresholds.catchRate).toBe(0.6);
    const config = load(
      [
        '  catchRate: {default: 0.6, number-flip: {high: 0.9, low: 0.8, break: 0.7}}',
        '  gate: lower-bound',
        '  maxRegression: {margin: 0.05, alpha: 0.05, rows: [number-flip, task-substitution], minPairs: 30}',
        '  minimumDetectableEffect: {delta: 0.15, psi: 0.25}',
        '  positiveControl: {minVerdictRate: 0.8, minDiscrimination: 0.2}',
      ].join('\n'),
    )();
    expect(config.thresholds).toMatchObject({
      gate: 'lower-bound',
      maxRegression: { margin: 0.05, rows: ['number-flip', 'task-substitution'], minPairs: 30 },
      positiveControl: { minDiscrimination: 0.2 },
    });
    expect(load('  maxRegression: {rows: per-mutator}')().thresholds.maxRegression).toEqual({ rows: 'per-mutator' });
  });

  it.each([
    ['an unknown band key', '  catchRate: {number-flip: {hgh: 0.9}}', /\(thresholds\.catchRate\.number-flip\.hgh\): unknown key "hgh"/],
    ['a band out of order', '  catchRate: {number-flip: {high: 0.6, break: 0.7}}', /need break <= low <= high/],
    ['an unknown mutator', '  catchRate: {number-flp: 0.7}', /:4 \(thresholds\.catchRate\.number-flp\): unknown mutator "number-flp"/],
    ['a bare band', '  catchRate: {high: 0.9, break: 0.6}', /unknown mutator "high"/],
    ['an unknown gate mode', '  gate: upper-bound', /\(thresholds\.gate\)/],
    ['an unknown catch mode', '  catchRate: {default: 0.6, mode: strict}', /\(thresholds\.catchRate(\.mode)?\): .*mode must be raw or located/],
    ['a mode given as a rate', '  catchRate: {number-flip: located}', /thresholds\.catchRate/],
    ['an unknown mutator among the regression rows', '  maxRegression: {rows: [number-flip, numbr-flip]}', /:4 \(thresholds\.maxRegression\.rows\[1\]\): unknown mutator "numbr-flip"/],
    ['regression rows of another word', '  maxRegression: {rows: all}', /\(thresholds\.maxRegression\.rows\): rows must be pooled, per-mutator or a list of mutator names/],
    ['a regression minPairs below 1', '  maxRegression: {minPairs: 0}', /\(thresholds\.maxRegression\.minPairs\)/],
    ['an unknown positiveControl key', '  positiveControl: {minVerdict: 0.8}', /unknown key "minVerdict"/],
    ['an effect larger than psi', '  minimumDetectableEffect: {delta: 0.3, psi: 0.2}', /\(thresholds\.minimumDetectableEffect\): delta \(0\.3\) cannot exceed psi/],
    ['a condition effect outside [0, 1]', '  maxConditionEffect: {prior-fail: 1.2}', /:4 \(thresholds\.maxConditionEffect\.prior-fail\): .*<=1/],
    [
      'a condition effect for an unknown condition',
      '  maxConditionEffect: {prior-maybe: 0.1}',
      /:4 \(thresholds\.maxConditionEffect\.prior-maybe\): unknown condition "prior-maybe"; the run's contaminated conditions: with-trace, prior-pass, prior-fail/,
    ],
    [
      'a per-mutator effect for a FAIL-pushing condition',
      '  maxConditionEffect: {prior-fail: {number-flip: 0.1}}',
      /\(thresholds\.maxConditionEffect\.prior-fail\.number-flip\): prior-fail pushes towards FAIL/,
    ],
  ])('rejects %s with file, line and field', (_, thresholds, message) => {
    expect(load(thresholds)).toThrow(message);
  });
});
