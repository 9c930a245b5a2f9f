import { describe, expect, it } from 'vitest';
import { blindDiscriminationGates, sealedAbility } from './sealedAbility.js';

const overrideBlindDiscrimination = (current: unknown, key: string | undefined, value: unknown, mutators: string[]) =>
  sealedAbility.thresholds.overrides.maxBlindDiscrimination.set(current, key === undefined ? [] : [key], value, { mutators, text: String(value) });

const cell = { catchRate: 0.5, falseAlarmRate: 0.1, difference: 0.4, ci: [0.2, 0.55] as [number, number] };
const mutators = [
  { name: 'number-flip', noMutants: null },
  { name: 'entity-swap', noMutants: 'entity-swap made no valid mutant (no sites)' },
];
const runMutators = mutators.map((m) => m.name);

describe('maxBlindDiscrimination', () => {
  it('gates each mutator on its blind discrimination, the interval’s upper end with gate: lower-bound', () => {
    expect(blindDiscriminationGates({ 'number-flip': cell }, { maxBlindDiscrimination: 0.5 }, { condition: 'blind', mutators: mutators.slice(0, 1), runMutators })).toEqual([
      expect.objectContaining({ name: 'maxBlindDiscrimination.number-flip', threshold: 0.5, value: 0.4, pass: true, status: 'green' }),
    ]);
    expect(blindDiscriminationGates({ 'number-flip': cell }, { maxBlindDiscrimination: 0.5, gate: 'lower-bound' }, { condition: 'blind', mutators: mutators.slice(0, 1), runMutators })).toEqual([
      expect.objectContaining({ value: 0.55, estimate: 0.4, pass: false, status: 'red' }),
    ]);
  });

  it('is a failing no-data gate without a blind condition, without text mutators or without blind answers; a mutator with no valid mutant fails only when named', () => {
    const [none] = blindDiscriminationGates(undefined, { maxBlindDiscrimination: 0.3 }, { condition: undefined, mutators, runMutators });
    expect(none).toMatchObject({ name: 'maxBlindDiscrimination', status: 'no-data', pass: false, value: null });
    const [noText] = blindDiscriminationGates({}, { maxBlindDiscrimination: 0.3 }, { condition: 'blind', mutators: [], runMutators });
    expect(noText).toMatchObject({ name: 'maxBlindDiscrimination', status: 'no-data', pass: false });
    const gates = blindDiscriminationGates({}, { maxBlindDiscrimination: { default: 0.3 } }, { condition: 'blind', mutators, runMutators });
    expect(gates.map((g) => [g.name, g.status, g.pass])).toEqual([
      ['maxBlindDiscrimination.number-flip', 'no-data', false],
      ['maxBlindDiscrimination.entity-swap', 'no-data', true],
    ]);
  });

  it('fails the run for a mutator named that blind does not review or the run does not have, for a blind that reaches no fixture, and when nothing was measured', () => {
    const named = blindDiscriminationGates(
      { 'number-flip': cell },
      { maxBlindDiscrimination: { default: 0.5, 'off-by-one': 0.1, negation: 0.1 } },
      { condition: 'blind', mutators: mutators.slice(0, 1), runMutators: ['number-flip', 'off-by-one'] },
    );
    expect(named.map((g) => [g.name, g.status, g.pass, g.detail])).toEqual([
      ['maxBlindDiscrimination.number-flip', 'green', true, expect.any(String)],
      ['maxBlindDiscrimination.negation', 'no-data', false, "negation is not among the run's mutators"],
      ['maxBlindDiscrimination.off-by-one', 'no-data', false, 'off-by-one mutates no artifact that blind reviews'],
    ]);
    const unreached = 'blind applies to none of the 2 fixtures (none has a text artifact)';
    expect(blindDiscriminationGates(undefined, { maxBlindDiscrimination: 0.3 }, { condition: 'blind', unreached, mutators: [], runMutators })).toEqual([
      expect.objectContaining({ name: 'maxBlindDiscrimination', status: 'no-data', pass: false, detail: unreached }),
    ]);
    const nothing = blindDiscriminationGates({}, { maxBlindDiscrimination: { default: 0.3 } }, { condition: 'blind', mutators: mutators.slice(1), runMutators });
    expect(nothing.map((g) => [g.name, g.pass])).toEqual([
      ['maxBlindDiscrimination.entity-swap', true],
      ['maxBlindDiscrimination', false],
    ]);
  });

  it('takes --threshold overrides of every mutator, one mutator or the default', () => {
    expect(overrideBlindDiscrimination(0.2, undefined, 0.1, ['number-flip'])).toBe(0.1);
    expect(overrideBlindDiscrimination(0.2, 'number-flip', 0.1, ['number-flip'])).toEqual({ default: 0.2, 'number-flip': 0.1 });
    expect(() => overrideBlindDiscrimination(0.2, 'nope', 0.1, ['number-flip'])).toThrow(/not a mutator/);
  });
});
