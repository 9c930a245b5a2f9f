import { inspect } from 'node:util';
import type { CodeCheck } from '../fixtures/types.js';
import { runPrograms, type Outcome, type SandboxOptions } from './sandbox.js';
import { toCountedScript, toScripts } from './transpile.js';

/** The tolerance of a `close` check that states none. */
export const DEFAULT_CLOSE_TOLERANCE = 1e-9;

export interface CheckResult {
  passed: boolean;
  /** What happened, in words; for a failure, what was expected and what came back. */
  detail: string;
  /** The steps the check's expression used, when its job had step limits. */
  steps?: number;
}

export interface CheckJob {
  /** TypeScript source; transpiled here. */
  artifact: string;
  checks: readonly CodeCheck[];
  /** One step limit per check (see SandboxProgram): the artifact is counted, and each result says the steps it used. */
  stepLimits?: readonly number[];
}

/** Runs each job's checks against its artifact in the sandbox; results are in input order. */
export async function runChecks(jobs: readonly CheckJob[], options?: SandboxOptions): Promise<CheckResult[][]> {
  // Every artifact transpiled in one program; a counted script is made from its plain one, which this leaves cached.
  const scripts = toScripts(jobs.map((job) => job.artifact));
  const programs = jobs.map(({ artifact, checks, stepLimits }, i) => ({
    source: stepLimits ? toCountedScript(artifact).code : scripts[i]!.code,
    exprs: checks.map((c) => c.expr),
    stepLimits,
  }));
  const outcomes = await runPrograms(programs, options);
  return jobs.map((job, i) =>
    job.checks.map((check, k) => {
      const outcome = outcomes[i]![k]!;
      const result = judge(check, outcome);
      return outcome.steps === undefined ? result : { ...result, steps: outcome.steps };
    }),
  );
}

/**
 * Whether one check's expression did what the check asks. `throws` wants any
 * exception (a timeout, or a step limit passed, is not one); `equals` compares deeply, numbers exactly
 * unless the check gives a `tolerance`; `close` wants a number within the
 * tolerance (1e-9 by default).
 */
export function judge(check: CodeCheck, outcome: Outcome): CheckResult {
  if (check.throws) {
    return outcome.kind === 'threw' ? { passed: true, detail: outcome.message } : fail(`expected an exception, but it ${describeOutcome(outcome)}`);
  }
  if (outcome.kind !== 'value') return fail(`it ${describeOutcome(outcome)}`);
  const isClose = 'close' in check;
  const expected = isClose ? check.close : check.equals;
  const tolerance = check.tolerance ?? (isClose ? DEFAULT_CLOSE_TOLERANCE : 0);
  const passed = (!isClose || typeof outcome.value === 'number') && deepEqual(outcome.value, expected, tolerance);
  if (passed) return { passed, detail: describeOutcome(outcome) };
  return fail(`expected ${show(expected)}${tolerance ? ` (± ${tolerance})` : ''}, got ${show(outcome.value)}`);
}

/**
 * Structural equality for plain data: arrays element by element, plain objects
 * key by key, numbers within `tolerance` (NaN equals NaN, 0 equals -0),
 * anything else by Object.is.
 */
export function deepEqual(actual: unknown, expected: unknown, tolerance = 0): boolean {
  if (typeof actual === 'number' && typeof expected === 'number') {
    return actual === expected || (Number.isNaN(actual) && Number.isNaN(expected)) || Math.abs(actual - expected) <= tolerance;
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => deepEqual(actual[i], e, tolerance));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length && keys.every((k) => Object.hasOwn(actual, k) && deepEqual(actual[k], expected[k], tolerance));
  }
  return Object.is(actual, expected);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'value':
      return `returned ${show(outcome.value)}`;
    case 'unserializable':
      return `returned a ${outcome.type} that cannot be compared`;
    case 'threw':
      return `threw ${outcome.message}`;
    case 'timeout':
      return 'timed out';
    case 'step-limit':
      // Said as a timeout, which it counts as, with the limit that cut it off: a loop or recursion that did not end.
      return `timed out: passed its step limit (${outcome.limit} loop iterations and function calls)`;
    case 'skipped':
      return 'was not run because an earlier expression timed out';
    case 'crashed':
      return `crashed the sandbox: ${outcome.message}`;
  }
}

export function show(value: unknown): string {
  return inspect(value, { depth: 4, breakLength: Infinity, maxArrayLength: 20, maxStringLength: 200 });
}

function fail(detail: string): CheckResult {
  return { passed: false, detail };
}
