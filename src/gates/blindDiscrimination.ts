import type { DiscriminationCell } from '../results/blindDiscrimination.js';
import { noDataGate, nothingMeasured, overallThreshold, type Gate, type GatedMutator } from './gate.js';
import { namedMutators, withNamed } from './gatedMutators.js';
import type { GateThresholds } from './schema.js';

/** What the blind-discrimination gates need besides the figures: whether the run withholds the evidence, and the critic's mutators it applies to. */
export interface BlindGateContext {
  /** The condition that withholds the evidence (blind), or undefined when the run has none. */
  condition: string | undefined;
  /** Why that condition reaches none of the suite's fixtures (no text artifact), when it reaches none. */
  unreached?: string | undefined;
  /** The critic's gated mutators of the kinds that condition applies to (text). */
  mutators: readonly GatedMutator[];
  /** The run's mutators: a mutator named that the run does not have has nothing to measure. */
  runMutators: readonly string[];
}

/**
 * `maxBlindDiscrimination`: how far a mutant set may be detectable without
 * the evidence, for this critic: blind catch rate minus blind false-alarm
 * rate, per mutator (one number for all, or a map with `default`). With
 * `gate: lower-bound` the upper end of its Newcombe interval is compared. A
 * threshold with nothing to measure (no condition withholding the evidence,
 * no fixture it applies to, no text mutator, no blind answers, no mutant of
 * any mutator) is a no-data gate that fails the run; a mutator that made no
 * valid mutant fails it only when named, as does one named that blind does
 * not review or the run does not have.
 */
export function blindDiscriminationGates(cells: Readonly<Record<string, DiscriminationCell>> | undefined, thresholds: GateThresholds, context: BlindGateContext): Gate[] {
  const setting = thresholds.maxBlindDiscrimination;
  if (setting === undefined) return [];
  const overall = overallThreshold(setting);
  if (context.condition === undefined) return [noDataGate('maxBlindDiscrimination', overall, 'no condition withholds the evidence: add blind to conditions to measure blind discrimination')];
  if (context.unreached) return [noDataGate('maxBlindDiscrimination', overall, context.unreached)];
  if (!context.mutators.length) return [noDataGate('maxBlindDiscrimination', overall, `no text mutator was reviewed by this critic: nothing to review under ${context.condition}`)];
  const conservative = thresholds.gate === 'lower-bound';
  const namedKeys = namedMutators(setting);
  const reached = withNamed(context.mutators, namedKeys, context.runMutators);
  const outside = namedKeys.filter((name) => !reached.some((m) => m.name === name)).map((name) => ({ name, noMutants: `${name} mutates no artifact that ${context.condition} reviews` }));
  const members = [...reached, ...outside].flatMap(({ name: mutator, noMutants }): Gate[] => {
    const named = typeof setting === 'number' || Object.hasOwn(setting, mutator);
    const threshold = typeof setting === 'number' ? setting : (setting[mutator] ?? setting['default']);
    if (threshold === undefined) return [];
    const name = `maxBlindDiscrimination.${mutator}`;
    if (noMutants !== null) return [noDataGate(name, threshold, noMutants, named)];
    const cell = cells?.[mutator];
    if (!cell) return [noDataGate(name, threshold, `no ${mutator} mutant and original both answered under ${context.condition}`)];
    const value = conservative ? cell.ci[1] : cell.difference;
    const pass = value <= threshold;
    return [
      {
        name,
        threshold,
        value,
        ...(conservative ? { estimate: cell.difference } : {}),
        pass,
        status: pass ? 'green' : 'red',
        detail: `${context.condition}: catch rate ${cell.catchRate.toFixed(3)} − false-alarm rate ${cell.falseAlarmRate.toFixed(3)}, 95% [${cell.ci[0].toFixed(3)}, ${cell.ci[1].toFixed(3)}]`,
      },
    ];
  });
  const none = nothingMeasured('maxBlindDiscrimination', overall, members, 'no mutant was measured');
  return none ? [...members, none] : members;
}

/** `--threshold maxBlindDiscrimination=N` (every mutator) or `maxBlindDiscrimination.<mutator or default>=N`. */
export function overrideBlindDiscrimination(current: unknown, key: string | undefined, value: unknown, mutators: readonly string[]): unknown {
  if (key === undefined) return value;
  if (key !== 'default' && !mutators.includes(key)) throw new Error(`"${key}" is not a mutator of this audit; use ${[...mutators, 'default'].join(', ')}`);
  return { ...(typeof current === 'number' ? { default: current } : ((current as object | undefined) ?? {})), [key]: value };
}
