import { z } from 'zod';
import { effectGate } from '../gates/effectGate.js';
import { noDataGate, nothingMeasured, overallThreshold, type Gate } from '../gates/gate.js';
import { namedMutators, withNamed } from '../gates/gatedMutators.js';
import type { Condition } from '../requests/conditions/index.js';
import { ALL_MUTANTS, CONTROL } from '../results/tabulate.js';
import { rate } from '../util/schemaParts.js';
import { rateMap } from '../gates/schema.js';
import { tablesMeasure } from './measure.js';
import { traceSpecimen } from './anchoring.js';

const maxConditionEffect = z
  .record(z.string(), z.union([rate, rateMap]))
  .refine((entries) => Object.keys(entries).length > 0, { message: 'name at least one condition, with its largest effect' })
  .optional()
  .describe(
    'Per contaminated condition, the largest effect against clean on the same items: for one that pushes towards PASS the drop in catch rate ' +
      '(a number: all mutants pooled; a map: per mutator, with `default`), for one that pushes towards FAIL the rise in false alarms on the originals.',
  );
type Entries = z.infer<typeof maxConditionEffect>;
type EffectEntry = NonNullable<Entries>[string];

/**
 * Condition effects (seed 000's two headline figures): how far each contaminated condition may move the critic,
 * paired on the same items, read from the tables' paired rows. A condition that pushes towards PASS (a trace
 * claiming verification, an approval) is gated on the drop in catch rate against clean: over all mutants for a
 * number, per mutator for a map (`default` for mutators without their own). One that pushes towards FAIL is gated
 * on the rise in false alarms on the originals. With `gate: lower-bound` the pessimistic end of the interval is
 * compared.
 */
export const conditionEffects = tablesMeasure({
  name: 'conditionEffects',
  thresholds: {
    rank: 40,
    shape: { maxConditionEffect },
    overrides: { maxConditionEffect: { example: '<condition>', set: overrideConditionEffect } },
    problems: (thresholds, run) => conditionEffectProblems(thresholds.maxConditionEffect, run.conditions, run.mutators),
    // The specimen's critic catches 2 fewer of 6 mutants with the trace than clean.
    examples: { maxConditionEffect: { pass: { 'with-trace': 0.9 }, fail: { 'with-trace': 0.05 } } },
  },
  specimen: traceSpecimen(),
  gates: {
    rank: 40,
    evaluate(tables, thresholds, scope) {
      const gates: Gate[] = [];
      const conservative = thresholds.gate === 'lower-bound';
      for (const [name, entry] of Object.entries(thresholds.maxConditionEffect ?? {})) {
        const condition = scope.conditions.find((c) => c.name === name);
        // The config's check names conditions the run does not have; one other fixtures carry is gated on the critics that review those.
        if (!condition?.pushes || scope.unreached.get(name) === null) continue;
        const gateName = `maxConditionEffect.${name}`;
        const unreached = scope.unreached.get(name);
        if (unreached) {
          gates.push(noDataGate(gateName, overallThreshold(entry), unreached));
        } else if (condition.pushes === 'fail') {
          gates.push(effectGate(gateName, single(entry), tables, name, CONTROL, 'false-alarm-rise', conservative, true));
        } else if (typeof entry === 'number') {
          gates.push(effectGate(gateName, entry, tables, name, ALL_MUTANTS, 'catch-drop', conservative, true));
        } else {
          const members: Gate[] = [];
          for (const { name: mutator, noMutants } of withNamed(scope.gatedMutators, namedMutators(entry), scope.runMutators)) {
            const threshold = entry[mutator] ?? entry['default'];
            if (threshold === undefined) continue;
            const named = Object.hasOwn(entry, mutator);
            if (noMutants !== null) members.push(noDataGate(`${gateName}.${mutator}`, threshold, noMutants, named));
            else members.push(effectGate(`${gateName}.${mutator}`, threshold, tables, name, mutator, 'catch-drop', conservative, named));
          }
          gates.push(...members);
          const none = entry['default'] !== undefined || members.length ? nothingMeasured(gateName, overallThreshold(entry), members, 'no mutant was measured') : undefined;
          if (none) gates.push(none);
        }
      }
      return gates;
    },
  },
});

/** A FAIL-pushing condition's threshold: one number (or a map holding only `default`, which the config's check ensures). */
const single = (entry: EffectEntry): number => (typeof entry === 'number' ? entry : entry['default']!);

/** `--threshold maxConditionEffect.<condition>=N` sets the condition's number; `.<condition>.<mutator or default>=N` one mutator's, keeping the rest. */
function overrideConditionEffect(current: unknown, fields: readonly string[], value: unknown): Record<string, unknown> {
  const [condition, mutator, ...rest] = fields;
  if (condition === undefined || rest.length) throw new Error('use maxConditionEffect.<condition>=N, or maxConditionEffect.<condition>.<mutator or default>=N');
  const map: Record<string, unknown> = { ...((current as object | undefined) ?? {}) };
  if (mutator === undefined) map[condition] = value;
  else {
    // A single number so far is the default every mutator without its own keeps.
    const entry = map[condition];
    map[condition] = { ...(typeof entry === 'number' ? { default: entry } : ((entry as object | undefined) ?? {})), [mutator]: value };
  }
  return map;
}

/**
 * What the config's `maxConditionEffect` gets wrong against the run's
 * conditions and mutators, with the path under `thresholds` of each problem.
 */
function conditionEffectProblems(entries: Entries, conditions: readonly Condition[], mutators: readonly string[]): Array<{ path: string[]; message: string }> {
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
