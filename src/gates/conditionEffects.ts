import { SEALED_CONDITION, type Condition } from '../requests/conditions/index.js';
import { ALL_MUTANTS, CONTROL, type CriticTables, type PairedComparison } from '../results/tabulate.js';
import type { Interval } from '../statistics/wilson.js';
import { noDataGate, nothingMeasured, overallThreshold, type EffectMeasure, type Gate, type GateContext } from './gate.js';
import { namedMutators, withNamed } from './gatedMutators.js';
import type { GateThresholds } from './schema.js';

type EffectEntry = NonNullable<GateThresholds['maxConditionEffect']>[string];

/**
 * `maxConditionEffect`: how far each contaminated condition may move the
 * critic, paired on the same items. A condition that pushes towards PASS (a
 * trace claiming verification, an approval) is gated on the drop in catch
 * rate against clean: over all mutants for a number, per mutator for a map
 * (`default` for mutators without their own). One that pushes towards FAIL is
 * gated on the rise in false alarms on the originals (seed 000's two headline
 * figures). With `gate: lower-bound` the pessimistic end of the interval is
 * compared.
 */
export function conditionEffectGates(tables: CriticTables, thresholds: GateThresholds, conditions: readonly Condition[], context: Pick<GateContext, 'mutators' | 'runMutators' | 'unreached'>): Gate[] {
  const gates: Gate[] = [];
  for (const [name, entry] of Object.entries(thresholds.maxConditionEffect ?? {})) {
    const condition = conditions.find((c) => c.name === name);
    if (!condition?.pushes) continue; // the config's check names conditions the run does not have; one other fixtures carry is left out
    const gateName = `maxConditionEffect.${name}`;
    const unreached = context.unreached?.get(name);
    if (unreached) {
      gates.push(noDataGate(gateName, overallThreshold(entry), unreached));
    } else if (condition.pushes === 'fail') {
      gates.push(effectGate(gateName, single(entry), tables, name, CONTROL, 'false-alarm-rise', thresholds.gate === 'lower-bound', true));
    } else if (typeof entry === 'number') {
      gates.push(effectGate(gateName, entry, tables, name, ALL_MUTANTS, 'catch-drop', thresholds.gate === 'lower-bound', true));
    } else {
      const members: Gate[] = [];
      for (const { name: mutator, noMutants } of withNamed(context.mutators, namedMutators(entry), context.runMutators)) {
        const threshold = entry[mutator] ?? entry['default'];
        if (threshold === undefined) continue;
        const named = Object.hasOwn(entry, mutator);
        if (noMutants !== null) members.push(noDataGate(`${gateName}.${mutator}`, threshold, noMutants, named));
        else members.push(effectGate(`${gateName}.${mutator}`, threshold, tables, name, mutator, 'catch-drop', thresholds.gate === 'lower-bound', named));
      }
      gates.push(...members);
      const none = entry['default'] !== undefined || members.length ? nothingMeasured(gateName, overallThreshold(entry), members, 'no mutant was measured') : undefined;
      if (none) gates.push(none);
    }
  }
  return gates;
}

/** A FAIL-pushing condition's threshold: one number (or a map holding only `default`, which the config's check ensures). */
const single = (entry: EffectEntry): number => (typeof entry === 'number' ? entry : entry['default']!);

export function effectGate(
  name: string,
  threshold: number,
  tables: CriticTables,
  condition: string,
  items: string,
  direction: EffectMeasure['direction'],
  conservative: boolean,
  failsWithoutData: boolean,
): Gate {
  const row = tables.paired.find((p) => p.mutator === items && p.from === SEALED_CONDITION && p.to === condition);
  if (!row) {
    const what = items === CONTROL ? 'original' : items === ALL_MUTANTS ? 'mutant' : `${items} mutant`;
    return noDataGate(name, threshold, `no ${what} has an answered review under both clean and ${condition}`, failsWithoutData);
  }
  const effect = measure(row, direction);
  const estimate = (direction === 'catch-drop' ? -row.delta : row.delta) + 0; // + 0: no "-0" for an unchanged rate
  const value = conservative ? effect.ci[1] : estimate;
  const pass = value <= threshold;
  const what = direction === 'catch-drop' ? `catch rate drop on ${items === ALL_MUTANTS ? 'all mutants' : items}` : 'false-alarm rise on the originals';
  return {
    name,
    threshold,
    value,
    ...(conservative ? { estimate } : {}),
    pass,
    status: pass ? 'green' : 'red',
    detail: `${what} under ${condition}, ${row.n} paired items (b=${row.b}, c=${row.c}), 95% [${effect.ci[0].toFixed(3)}, ${effect.ci[1].toFixed(3)}], McNemar p=${row.p.toPrecision(2)}`,
    effect,
  };
}

function measure(row: PairedComparison, direction: EffectMeasure['direction']): EffectMeasure {
  // Tabulated as condition minus clean; a drop is gated as clean minus condition.
  const ci: Interval = direction === 'catch-drop' ? [-row.ci[1], -row.ci[0]] : row.ci;
  return { condition: row.to, direction, items: row.mutator, n: row.n, b: row.b, c: row.c, p: row.p, ci };
}

/**
 * What the config's `maxConditionEffect` gets wrong against the run's
 * conditions and mutators, with the path under `thresholds` of each problem.
 */
export function conditionEffectProblems(entries: GateThresholds['maxConditionEffect'], conditions: readonly Condition[], mutators: readonly string[]): Array<{ path: string[]; message: string }> {
  const problems: Array<{ path: string[]; message: string }> = [];
  const contaminated = conditions.filter((c) => c.pushes).map((c) => c.name);
  for (const [name, entry] of Object.entries(entries ?? {})) {
    const path = ['maxConditionEffect', name];
    const condition = conditions.find((c) => c.name === name);
    if (!condition?.pushes) {
      const why = !condition
        ? `unknown condition "${name}"`
        : condition.followUp
          ? `"${name}" is a second-turn condition (gate it with maxYield or minCorrection)`
          : condition.withholds
            ? `"${name}" withholds the ${condition.withholds} rather than adding a contaminant, so it has no effect on the same items to measure against clean (gate it with maxBlindDiscrimination)`
            : `"${name}" is the sealed condition every effect is measured against, not a contaminated one`;
      problems.push({ path, message: `${why}; the run's contaminated conditions: ${contaminated.join(', ') || 'none'}` });
      continue;
    }
    if (typeof entry === 'number') continue;
    for (const key of Object.keys(entry)) {
      if (condition.pushes === 'fail' && key !== 'default')
        problems.push({ path: [...path, key], message: `${name} pushes towards FAIL: its effect is the rise in false alarms on the originals, one number, not per mutator` });
      else if (key !== 'default' && !mutators.includes(key)) problems.push({ path: [...path, key], message: `unknown mutator "${key}"; use a mutator name or "default"` });
    }
    if (condition.pushes === 'fail' && entry['default'] === undefined) problems.push({ path, message: `give ${name} one number` });
  }
  return problems;
}
