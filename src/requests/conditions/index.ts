import { z } from 'zod';
import { SEALED_KEYS } from '../types.js';
import { areYouSure } from './are-you-sure.js';
import { blind } from './blind.js';
import { clean } from './clean.js';
import { conditionEntrySchema, declaredCondition, type DeclaredConditionSpec } from './declared.js';
export { declaredContaminantSchema, declaredFollowUpSchema, fixtureFieldsOf } from './declared.js';
import { priorFail } from './prior-fail.js';
import { persuasiveTrace } from './persuasive-trace.js';
import { priorPass } from './prior-pass.js';
import { rebuttalEvidence } from './rebuttal-evidence.js';
import { rebuttalUnsupported } from './rebuttal-unsupported.js';
import { revealTrace } from './reveal-trace.js';
import type { Condition, ConditionName, ContaminantSource } from './types.js';
import { withTrace } from './with-trace.js';

export type { Condition, ConditionName, ContaminantSource, FirstTurn, FollowAfter, FollowUp, FollowUpRound, FollowUpSource, Push, WithheldKey } from './types.js';
export type { DeclaredConditionSpec } from './declared.js';

/**
 * The built-in conditions, in the order a run reviews and reports them by
 * default. A new built-in is a module and a line here; a config may declare
 * more (declared.ts), which follow the built-ins it names.
 */
export const ALL_CONDITIONS = [clean, withTrace, priorPass, priorFail, rebuttalUnsupported, rebuttalEvidence, areYouSure, revealTrace, blind, persuasiveTrace] as const satisfies readonly Condition[];

/** The built-ins a run reviews when the config names no conditions: the sealed request and the single-turn contaminants. */
export const DEFAULT_CONDITION_NAMES: readonly string[] = [clean, withTrace, priorPass, priorFail].map((c) => c.name);
/** The sealed request's condition: the one every contaminant and every second turn is measured against, always a run's first. */
export const SEALED_CONDITION: ConditionName = clean.name;
/** The worker's trace: the condition whose catch-rate drop is the anchoring figure (maxAnchoringDrop, report.html's marked row). */
export const ANCHORING_CONDITION: ConditionName = withTrace.name;

export const CONDITION_NAMES: readonly string[] = ALL_CONDITIONS.map((c) => c.name);

const BUILTIN: ReadonlyMap<string, Condition> = new Map(ALL_CONDITIONS.map((c) => [c.name, c]));

/** The built-ins' contaminant keys, each once. */
export const BUILTIN_CONTAMINANT_KEYS: readonly string[] = [...new Set(ALL_CONDITIONS.flatMap((c: Condition) => (c.contaminantKey ? [c.contaminantKey] : [])))];

/** The config's `conditions:` piece: built-in names, and declared conditions. */
export const conditionsSchema = z.array(conditionEntrySchema).min(1);

/** A problem with one entry of `conditions:`, at its path under that key. */
export interface ConditionProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * The run's conditions from the config's entries: built-ins by name, declared
 * ones built; `clean` always first (every contaminant is measured against
 * it). Throws through `fail` for an unknown name, a duplicate, or a declared
 * key that would clash with a sealed key or another condition's key.
 */
export function resolveConditions(entries: ReadonlyArray<string | DeclaredConditionSpec> | undefined, fail: (problem: ConditionProblem) => never): Condition[] {
  const resolved: Condition[] = [];
  const keys = new Map<string, string>(BUILTIN_CONTAMINANT_KEYS.map((k) => [k, 'a built-in condition']));
  for (const key of SEALED_KEYS) keys.set(key, 'the sealed request');
  (entries ?? DEFAULT_CONDITION_NAMES).forEach((entry, i) => {
    const name = typeof entry === 'string' ? entry : entry.name;
    if (resolved.some((c) => c.name === name)) fail({ path: typeof entry === 'string' ? [i] : [i, 'name'], message: `condition "${name}" is listed twice` });
    if (typeof entry === 'string') {
      const builtin = BUILTIN.get(entry);
      if (!builtin) fail({ path: [i], message: `unknown condition "${entry}"; built-in: ${CONDITION_NAMES.join(', ')}, or declare one: {name, key, text | field}` });
      resolved.push(builtin);
      return;
    }
    if (BUILTIN.has(name)) fail({ path: [i, 'name'], message: `"${name}" is a built-in condition; give a declared condition a name of its own` });
    if ('after' in entry) {
      resolved.push(declaredCondition(entry));
      return;
    }
    const owner = keys.get(entry.key);
    if (owner) fail({ path: [i, 'key'], message: `key "${entry.key}" is already used by ${owner}; a declared condition adds a key of its own` });
    keys.set(entry.key, `condition "${name}"`);
    resolved.push(declaredCondition(entry));
  });
  return [clean, ...resolved.filter((c) => c.name !== clean.name)];
}

/** The run's conditions again, from the names and declared specs its store keeps. */
export function conditionsOf(names: readonly string[], declared: readonly DeclaredConditionSpec[] = []): Condition[] {
  return names.map((name) => {
    const found = BUILTIN.get(name) ?? declared.filter((d) => d.name === name).map(declaredCondition)[0];
    if (!found) throw new Error(`unknown condition "${name}" in a stored run`);
    return found;
  });
}

/** Whether the reviews a run stored under this condition were sent without their evidence (blind); a declared condition adds a key, never withholds one. */
export function withholdsEvidence(name: string): boolean {
  return BUILTIN.get(name)?.withholds === 'evidence';
}

/** Each condition's contaminant key once, in the run's order. */
export function contaminantKeys(conditions: readonly Condition[]): string[] {
  return [...new Set(conditions.flatMap((c) => (c.contaminantKey ? [c.contaminantKey] : [])))];
}

/**
 * Whether an item (or a fixture) is reviewed under a condition: it is of a
 * kind the condition applies to, and can carry its contaminant (a trace, a
 * declared field) when it adds one.
 */
export function appliesTo(condition: Condition, item: ContaminantSource): boolean {
  if (condition.kinds && !condition.kinds.includes(item.kind)) return false;
  return !condition.contaminantKey || condition.contaminant(item) !== undefined;
}

/** The ids of the fixtures a condition does not apply to (no trace, no such field, another kind): not reviewed under it. */
export function fixturesWithout(condition: Condition, fixtures: ReadonlyArray<ContaminantSource & { id: string }>): string[] {
  return fixtures.filter((f) => !appliesTo(condition, f)).map((f) => f.id);
}

/** The declared conditions' specs among a config's entries, as a run stores them. */
export function declaredSpecs(entries: ReadonlyArray<string | DeclaredConditionSpec> | undefined): DeclaredConditionSpec[] {
  return (entries ?? []).filter((e): e is DeclaredConditionSpec => typeof e !== 'string');
}
