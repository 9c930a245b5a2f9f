import { inspect } from 'node:util';
import { runChecks, type CheckJob, type CheckResult } from '../code/checks.js';
import { DEFAULT_TIMEOUT_MS, type SandboxOptions } from '../code/sandbox.js';
import { typeErrors, typeScriptVersion } from '../code/typeCheck.js';
import { InputError } from '../errors.js';
import type { CodeFixture } from '../fixtures/types.js';
import { sha256Hex } from '../util/hash.js';
import type { IgnoredMutant, Mutant } from './types.js';

export const EQUIVALENT_REASON = 'equivalent: no check distinguishes it';
/** The start of the reason a mutant is ignored when the compiler would reject it: a critic needs no judgement to catch that. */
export const TYPE_ERROR_REASON = 'does not type-check';

/** Bump when what a cached check result means changes (the sandbox, the transpiler's use, judge()). 2: step limits. */
export const LABEL_CACHE_VERSION = 2;

/**
 * A mutant's step limit on a check (loop iterations and function calls, see
 * toCountedScript) is STEP_FACTOR times what the fixture's reference used on
 * the same check, and never under STEP_FLOOR. Measured on the bundled
 * functions suite (503 mutants, 30 references): no reference uses more than
 * 101 steps on a check; of the mutants that end, the busiest uses 1,079 steps
 * on a check (lower-bound, 360 times its reference's 3), so the floor is 90
 * times anything an ending mutant needs there. The 17 that hang reach 1.4 to
 * 130 million steps in their second (their loops grow arrays and strings, so
 * a step gets dearer as they go): cut at 100,000 steps they cost 0.3 s of CPU
 * together, at a million 2.0 s, at the time limit 15 s. The factor is for
 * fixtures whose references do more: a mutant a hundred times slower than
 * its reference (a linear scan made quadratic over a hundred elements) is
 * still judged on its result. Unlike a time, a step limit does not depend on
 * the machine's load: a mutant is cut off everywhere or nowhere.
 */
export const STEP_FLOOR = 100_000;
export const STEP_FACTOR = 100;

/** Check results across runs, by labelCacheKey (src/mutants/labelCache.ts keeps them in SQLite). */
export interface LabelCache {
  get(key: string): CheckResult[] | undefined;
  put(key: string, results: CheckResult[]): void;
}

export interface VerifyOptions extends SandboxOptions {
  /** Only artifacts it has no results for go to the sandbox; new results are put into it. */
  cache?: LabelCache | undefined;
}

export interface ControlCheckResult {
  /** 'reference' for the fixture's own artifact, else the variant's id. */
  id: string;
  passed: number;
  failed: number;
}

export interface LabelVerificationRow {
  fixtureId: string;
  checks: number;
  generated: number;
  kept: number;
  ignoredEquivalent: number;
  /** Mutants `tsc --strict` rejects while the fixture's reference passes it. */
  ignoredTypeErrors: number;
  controls: ControlCheckResult[];
}

export interface LabelVerification {
  /** Mutants that fail at least one held-out check (or time out, or pass their step limit): verified bugs. */
  kept: Mutant[];
  /** Mutants every check passes: no label can be verified, so they are never counted. */
  ignored: IgnoredMutant[];
  table: LabelVerificationRow[];
}

/**
 * Verifies every code label by running the held-out checks in the sandbox:
 * the reference and each variant must pass all of them (otherwise the fixture
 * is rejected, naming the check), and a mutant is kept as a bug only when at
 * least one check fails (a timeout counts as failing, and so does passing the
 * step limit its fixture's reference sets on that check: see STEP_FLOOR). A
 * mutant `tsc --strict` rejects is ignored before any check runs: a compiler
 * catches it, so it says nothing about a critic's judgement.
 */
export async function verifyCodeLabels(fixtures: readonly CodeFixture[], mutants: readonly Mutant[], options: VerifyOptions = {}): Promise<LabelVerification> {
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  const fixtureOf = (mutant: Mutant): CodeFixture => {
    const fixture = byId.get(mutant.fixtureId);
    if (!fixture) throw new Error(`mutant ${mutant.id} belongs to "${mutant.fixtureId}", which is not among the code fixtures given`);
    return fixture;
  };
  const controls = fixtures.flatMap((fixture) => [{ fixture, id: 'reference', artifact: fixture.artifact }, ...fixture.variants.map((v) => ({ fixture, id: v.id, artifact: v.artifact }))]);
  // Controls first: a broken fixture is reported before any time goes into its mutants. Their steps are counted, not
  // limited: the reference's count on each check sets its mutants' limits there.
  const controlResults = await checkAll(
    controls.map(({ fixture, artifact }) => ({ artifact, checks: fixture.checks, stepLimits: fixture.checks.map(() => Infinity) })),
    options,
  );
  controls.forEach(({ fixture, id }, i) => {
    const index = controlResults[i]!.findIndex((r) => !r.passed);
    if (index === -1) return;
    const who = id === 'reference' ? 'the reference artifact' : `variant "${id}"`;
    throw new InputError(
      fixture.source.file,
      fixture.source.checkLines[index] ?? fixture.source.line,
      `${fixture.source.field}.checks[${index}]`,
      `fixture "${fixture.id}": ${who} fails the held-out check \`${fixture.checks[index]!.expr}\`: ${controlResults[i]![index]!.detail}`,
    );
  });
  const stepLimitsOf = new Map(controls.flatMap(({ fixture, id }, i) => (id === 'reference' ? [[fixture, controlResults[i]!.map((r) => stepLimit(r.steps))] as const] : [])));
  const typeErrorOf = newTypeErrors(fixtures, mutants, fixtureOf, options.cache);
  const ignored: IgnoredMutant[] = [];
  const ignore = (mutant: Mutant, reason: string) => {
    const { artifact: _artifact, trace: _trace, ...record } = mutant;
    ignored.push({ ...record, reason });
  };
  const compiling = mutants.filter((mutant) => {
    const error = typeErrorOf.get(mutant);
    if (error !== undefined) ignore(mutant, `${TYPE_ERROR_REASON}: ${error}`);
    return error === undefined;
  });
  const mutantResults = await checkAll(
    compiling.map((m) => ({ artifact: m.artifact, checks: fixtureOf(m).checks, stepLimits: stepLimitsOf.get(fixtureOf(m)) })),
    options,
  );
  const kept: Mutant[] = [];
  compiling.forEach((mutant, i) => {
    if (mutantResults[i]!.some((r) => !r.passed)) kept.push(mutant);
    else ignore(mutant, EQUIVALENT_REASON);
  });

  const table = fixtures.map((fixture): LabelVerificationRow => {
    const own = (m: { fixtureId: string }) => m.fixtureId === fixture.id;
    return {
      fixtureId: fixture.id,
      checks: fixture.checks.length,
      generated: mutants.filter(own).length,
      kept: kept.filter(own).length,
      ignoredEquivalent: ignored.filter((m) => own(m) && m.reason === EQUIVALENT_REASON).length,
      ignoredTypeErrors: ignored.filter((m) => own(m) && m.reason.startsWith(TYPE_ERROR_REASON)).length,
      controls: controls.flatMap((c, i) => (c.fixture === fixture ? [{ id: c.id, ...tally(controlResults[i]!) }] : [])),
    };
  });
  return { kept, ignored, table };
}

/** A mutant's step limit on a check its fixture's reference passed in `referenceSteps` (see STEP_FLOOR). */
export function stepLimit(referenceSteps: number | undefined): number {
  // Every counted result has its steps; a result without them (none is stored so) gets the floor.
  return Math.max(STEP_FLOOR, STEP_FACTOR * (referenceSteps ?? 0));
}

/**
 * The cache key of one job's results: its artifact, its checks, the sandbox's
 * time limit and the job's step limits (a timeout or a step limit passed is a
 * result; a control's limits are all Infinity: counted only), the Node version
 * (the sandbox is Node's vm and permission model) and LABEL_CACHE_VERSION.
 */
export function labelCacheKey(job: CheckJob, timeoutMs: number = DEFAULT_TIMEOUT_MS): string {
  return sha256Hex(
    [`critic-audit labels v${LABEL_CACHE_VERSION}`, `node ${process.versions.node}`, `timeout ${timeoutMs}`, `steps ${keyText(job.stepLimits)}`, keyText(job.checks), job.artifact].join('\0'),
  );
}

/** The cache key of an artifact's type errors: the artifact and the TypeScript version that judged it. */
export function typeCheckCacheKey(artifact: string): string {
  return sha256Hex([`critic-audit type-check v1`, `typescript ${typeScriptVersion()}`, artifact].join('\0'));
}

/**
 * The first type error of each mutant the compiler rejects, for fixtures whose
 * reference it accepts (a fixture written against DOM or Node types is not
 * judged this way). Results are cached by artifact and TypeScript version.
 */
function newTypeErrors(fixtures: readonly CodeFixture[], mutants: readonly Mutant[], fixtureOf: (m: Mutant) => CodeFixture, cache: LabelCache | undefined): Map<Mutant, string> {
  const artifacts = [...fixtures.map((f) => f.artifact), ...mutants.map((m) => m.artifact)];
  const keys = artifacts.map(typeCheckCacheKey);
  const errors = keys.map((key) => cache?.get(key)?.map((r) => r.detail));
  const missing = errors.flatMap((e, i) => (e ? [] : [i]));
  if (missing.length) {
    const fresh = typeErrors(missing.map((i) => artifacts[i]!));
    missing.forEach((i, k) => {
      errors[i] = fresh[k]!;
      // Stored as failed "checks" whose detail is the compiler's message: the label cache's one shape.
      cache?.put(
        keys[i]!,
        fresh[k]!.map((detail) => ({ passed: false, detail })),
      );
    });
  }
  const compiles = new Map(fixtures.map((f, i) => [f, errors[i]!.length === 0]));
  const rejected = new Map<Mutant, string>();
  mutants.forEach((mutant, i) => {
    const first = errors[fixtures.length + i]![0];
    if (first !== undefined && compiles.get(fixtureOf(mutant))) rejected.set(mutant, first);
  });
  return rejected;
}

/** runChecks, answered from the cache where it can be; a result that shows a crashed sandbox is not kept, as it may not recur. */
async function checkAll(jobs: readonly CheckJob[], options: VerifyOptions): Promise<CheckResult[][]> {
  const { cache, ...sandbox } = options;
  if (!cache) return runChecks(jobs, sandbox);
  const keys = jobs.map((job) => labelCacheKey(job, sandbox.timeoutMs));
  const results = jobs.map((job, i): CheckResult[] | undefined => {
    const hit = cache.get(keys[i]!);
    return hit?.length === job.checks.length ? hit : undefined;
  });
  const missing = jobs.flatMap((_, i) => (results[i] ? [] : [i]));
  if (missing.length) {
    const fresh = await runChecks(
      missing.map((i) => jobs[i]!),
      sandbox,
    );
    missing.forEach((i, k) => {
      results[i] = fresh[k]!;
      if (!fresh[k]!.some((r) => !r.passed && r.detail.includes('crashed the sandbox'))) cache.put(keys[i]!, fresh[k]!);
    });
  }
  return results as CheckResult[][];
}

/** Canonical text of check data: object keys sorted, and unlike JSON, NaN, ±Infinity, -0 and undefined kept distinct. */
function keyText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(keyText).join(',')}]`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  const proto: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${keyText(record[k])}`)
      .join(',')}}`;
  }
  return `${typeof value}:${inspect(value, { depth: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity })}`;
}

function tally(results: readonly CheckResult[]): { passed: number; failed: number } {
  const passed = results.filter((r) => r.passed).length;
  return { passed, failed: results.length - passed };
}
