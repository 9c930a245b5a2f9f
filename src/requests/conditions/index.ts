import { clean } from './clean.js';
import { priorFail } from './prior-fail.js';
import { priorPass } from './prior-pass.js';
import type { Condition } from './types.js';
import { withTrace } from './with-trace.js';

export type { Condition } from './types.js';

/**
 * Every condition, in the order a run reviews and reports them. The names,
 * the contaminant keys and their order in a serialized request all come from
 * here: a new condition is a module and a line below, nothing else.
 */
export const ALL_CONDITIONS = [clean, withTrace, priorPass, priorFail] as const;

type Registered = (typeof ALL_CONDITIONS)[number];
export type ConditionName = Registered['name'];
export type ContaminantKey = Extract<Registered, { contaminantKey: string }>['contaminantKey'];

export const CONDITION_NAMES: readonly ConditionName[] = ALL_CONDITIONS.map((c) => c.name);

export const CONDITIONS = Object.fromEntries(ALL_CONDITIONS.map((c) => [c.name, c])) as Record<ConditionName, Condition<ContaminantKey>>;

/** Each contaminant key once, in registry order: the order they follow the sealed keys in a request's bytes. */
export const CONTAMINANT_KEYS: readonly ContaminantKey[] = [...new Set(ALL_CONDITIONS.flatMap((c: Condition<ContaminantKey>) => (c.contaminantKey ? [c.contaminantKey] : [])))];
