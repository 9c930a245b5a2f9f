import { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { timedAsync } from '../../test/support/cpuTime.js';
import { arithmeticOperator } from '../../mutators/arithmetic-operator.js';
import { comparisonBoundary } from '../../mutators/comparison-boundary.js';
import { conditionNegation } from '../../mutators/condition-negation.js';
import { logicalOperator } from '../../mutators/logical-operator.js';
import { offByOne } from '../../mutators/off-by-one.js';
import { removeCall } from '../../mutators/remove-call.js';
import type { CodeMutator } from '../../mutators/types.js';
import { runChecks, type CheckResult } from '../code/checks.js';
import { toScript } from '../code/transpile.js';
import { InputError } from '../errors.js';
import { loadFixtures } from '../fixtures/load.js';
import type { CodeCheck, CodeFixture } from '../fixtures/types.js';
import { applyCandidate, generateMutants } from './generate.js';
import { LabelStore } from './labelCache.js';
import type { Mutant } from './types.js';
import { EQUIVALENT_REASON, labelCacheKey, STEP_FACTOR, STEP_FLOOR, stepLimit, TYPE_ERROR_REASON, typeCheckCacheKey, verifyCodeLabels, type LabelCache, type LabelVerification } from './verifyCode.js';

const CODE_MUTATORS: CodeMutator[] = [arithmeticOperator, comparisonBoundary, offByOne, removeCall, conditionNegation, logicalOperator];

function fixture(artifact: string, checks: CodeCheck[], variants: CodeFixture['variants'] = []): CodeFixture {
  return {
    id: 'f',
    kind: 'code',
    language: 'typescript',
    task: 'spec',
    artifact,
    checks,
    variants,
    trace: undefined,
    cluster: 'f',
    source: { file: 'spec.yaml', line: 3, field: 'fixtures[0]', checkLines: checks.map((_, i) => 10 + i) },
  };
}

/** The mutant that replaces the first occurrence of `from` in the artifact. */
function mutantOf(f: CodeFixture, from: string, to: string): Mutant {
  const start = f.artifact.indexOf(from);
  return applyCandidate(f, 'spec', { start, end: start + from.length, replacement: to });
}

describe('verifyCodeLabels on the bundled suite', () => {
  const fixtures = loadFixtures(['fixtures/functions'], resolve(import.meta.dirname, '../..')) as CodeFixture[];
  const { mutants } = generateMutants(fixtures, CODE_MUTATORS, { seed: 7, cap: 12 });
  const cacheDir = mkdtempSync(join(tmpdir(), 'critic-audit-labels-'));
  let verification: LabelVerification;
  beforeAll(async () => {
    // Through the label cache, as a run does: every result is a miss here, and is stored. At the run's time limit: the
    // mutants that hang are cut off by their step limits in milliseconds, not by the time limit.
    const store = LabelStore.open(cacheDir);
    verification = await verifyCodeLabels(fixtures, mutants, { cache: store });
    store.close();
  }, 180_000);

  it('holds 30 code fixtures, each with two correct variants, at least five checks and a trace', () => {
    expect(fixtures).toHaveLength(30);
    for (const f of fixtures) {
      expect(f.kind).toBe('code');
      expect(f.variants.map((v) => v.id)).toEqual(['renamed', 'rewritten']);
      expect(f.checks.length).toBeGreaterThanOrEqual(5);
      expect(f.trace).toBeTruthy();
    }
  });

  it('mutates every artifact into code that still parses', () => {
    for (const m of mutants) expect(toScript(m.artifact).syntaxErrors, `${m.fixtureId} ${m.mutator} ${m.replacement}`).toEqual([]);
  });

  it('has every control pass every check, and every kept mutant fail at least one', async () => {
    const counted = (f: CodeFixture) => f.checks.map(() => Infinity);
    const controls = fixtures.flatMap((f) => [f.artifact, ...f.variants.map((v) => v.artifact)].map((artifact) => ({ artifact, checks: f.checks, stepLimits: counted(f) })));
    // Checked again outside verifyCodeLabels, at the same limits: the references' steps first, then the kept mutants.
    const references = await runChecks(fixtures.map((f) => ({ artifact: f.artifact, checks: f.checks, stepLimits: counted(f) })));
    const stepLimits = new Map(fixtures.map((f, i) => [f.id, references[i]!.map((r) => stepLimit(r.steps))]));
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    const kept = verification.kept.map((m) => ({ artifact: m.artifact, checks: byId.get(m.fixtureId)!.checks, stepLimits: stepLimits.get(m.fixtureId) }));
    const results = await runChecks([...controls, ...kept]);
    results.slice(0, controls.length).forEach((r) => expect(r.every((c) => c.passed && c.steps !== undefined)).toBe(true));
    results.slice(controls.length).forEach((r) => expect(r.some((c) => !c.passed)).toBe(true));
    for (const row of verification.table) {
      expect(row.controls.map((c) => c.id)).toEqual(['reference', 'renamed', 'rewritten']);
      for (const c of row.controls) expect(c).toMatchObject({ passed: row.checks, failed: 0 });
    }
  }, 180_000);

  it('ignores, never keeps, the mutants no check distinguishes', async () => {
    expect(verification.kept.length + verification.ignored.length).toBe(mutants.length);
    expect(verification.ignored.every((m) => m.reason === EQUIVALENT_REASON || m.reason.startsWith(`${TYPE_ERROR_REASON}: TS`))).toBe(true);
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    const equivalentIds = new Set(verification.ignored.filter((m) => m.reason === EQUIVALENT_REASON).map((m) => m.id));
    const ignored = mutants.filter((m) => equivalentIds.has(m.id)).map((m) => ({ artifact: m.artifact, checks: byId.get(m.fixtureId)!.checks }));
    for (const r of await runChecks(ignored)) expect(r.every((c) => c.passed)).toBe(true);
  }, 60_000);

  it('answers a second verification from the label cache alone: no sandbox program, the same kept, ignored and table', async () => {
    const store = LabelStore.open(cacheDir);
    let gets = 0;
    let puts = 0;
    const counted: LabelCache = {
      get: (key) => (gets++, store.get(key)),
      put: (key, results) => (puts++, store.put(key, results)),
    };
    // An aborted signal: any program sent to the sandbox would reject the call.
    const { value: again, cpuMs } = await timedAsync(() => verifyCodeLabels(fixtures, mutants, { cache: counted, signal: AbortSignal.abort() }));
    store.close();
    const typeRejected = verification.ignored.filter((m) => m.reason.startsWith(TYPE_ERROR_REASON)).length;
    // Type errors of each reference and mutant, then check results of each control and each mutant that compiles.
    expect([gets, puts]).toEqual([fixtures.length + mutants.length + fixtures.length * 3 + mutants.length - typeRejected, 0]);
    // Lookups only, about 70 ms of CPU (the first verification, type checks and sandbox runs, takes tens of seconds): CPU
    // time, which other work on the machine does not stretch, so the bound can be tight enough to catch a cached pass that
    // transpiles or type-checks again.
    expect(cpuMs).toBeLessThan(1000);
    expect(again.kept).toEqual(verification.kept);
    expect(again.ignored).toEqual(verification.ignored);
    expect(again.table).toEqual(verification.table);
    // Without the cache, the same aborted call must reach the sandbox, and fails.
    await expect(verifyCodeLabels(fixtures, mutants, { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('verifies at least 40 mutants of each code mutator, and tallies them per fixture', () => {
    for (const mutator of CODE_MUTATORS) {
      expect(verification.kept.filter((m) => m.mutator === mutator.name).length, mutator.name).toBeGreaterThanOrEqual(40);
    }
    expect(verification.table.map((r) => r.fixtureId)).toEqual(fixtures.map((f) => f.id));
    for (const row of verification.table) {
      expect(row.generated).toBe(mutants.filter((m) => m.fixtureId === row.fixtureId).length);
      expect(row.kept + row.ignoredEquivalent + row.ignoredTypeErrors).toBe(row.generated);
    }
  });
});

describe('verifyCodeLabels', () => {
  const countdown = fixture('export function countdown(n: number): number {\n  let steps = 0;\n  while (n > 0) {\n    n -= 1;\n    steps++;\n  }\n  return steps;\n}\n', [
    { expr: 'countdown(3)', equals: 3 },
    { expr: 'countdown(0)', equals: 0 },
    { expr: 'countdown(-2)', equals: 0 },
  ]);

  it('keeps a mutant that hangs, cut off by its step limit however long the time limit, and ignores an equivalent one', async () => {
    const hangs = mutantOf(countdown, 'n -= 1', 'n += 1');
    const equivalent = mutantOf(countdown, 'n > 0', 'n >= 1');
    const kills = vi.spyOn(ChildProcess.prototype, 'kill');
    const stored = new Map<string, CheckResult[]>();
    const cache: LabelCache = { get: () => undefined, put: (k, r) => void stored.set(k, r) };
    // A time limit of ten minutes: only the step limit can end the loop within the spec's 30 s.
    const { kept, ignored, table } = await verifyCodeLabels([countdown], [hangs, equivalent], { timeoutMs: 600_000, cache });
    const killed = kills.mock.calls.length;
    kills.mockRestore();
    expect(killed).toBe(0);
    expect(kept).toEqual([hangs]);
    expect(ignored).toEqual([{ id: equivalent.id, fixtureId: 'f', mutator: 'spec', span: equivalent.span, original: 'n > 0', replacement: 'n >= 1', reason: EQUIVALENT_REASON }]);
    expect(table).toEqual([{ fixtureId: 'f', checks: 3, generated: 2, kept: 1, ignoredEquivalent: 1, ignoredTypeErrors: 0, controls: [{ id: 'reference', passed: 3, failed: 0 }] }]);
    // The reference's steps on each check, counted, not limited: a call and an iteration per unit counted down.
    const referenceJob = { artifact: countdown.artifact, checks: countdown.checks, stepLimits: [Infinity, Infinity, Infinity] };
    expect(stored.get(labelCacheKey(referenceJob, 600_000))?.map((r) => r.steps)).toEqual([4, 1, 1]);
    // countdown(3) now counts up forever: cut off one step past the floor, however fast the machine; what follows is not run.
    const limits = [STEP_FLOOR, STEP_FLOOR, STEP_FLOOR];
    expect(stored.get(labelCacheKey({ artifact: hangs.artifact, checks: countdown.checks, stepLimits: limits }, 600_000))).toEqual([
      { passed: false, detail: `it timed out: passed its step limit (${STEP_FLOOR} loop iterations and function calls)`, steps: STEP_FLOOR + 1 },
      { passed: false, detail: 'it was not run because an earlier expression timed out' },
      { passed: false, detail: 'it was not run because an earlier expression timed out' },
    ]);
  }, 30_000);

  it('cuts a mutant off only past STEP_FACTOR times its reference’s steps on the same check', async () => {
    // The reference does 10,002 steps on the check (a limit of 1,000,200): the work done again 50 times over is slower but
    // right, and judged on its result; done again 150 times over, it passes the limit, and counts as a hang.
    const repeats = fixture(
      'export function sumTo(n: number): number {\n  let total = 0;\n  for (let r = 0; r < 1; r++) {\n    total = 0;\n    for (let i = 0; i < n; i++) total += i;\n  }\n  return total;\n}\n',
      [{ expr: 'sumTo(10000)', equals: 49995000 }],
    );
    const slower = mutantOf(repeats, 'r < 1', 'r < 50');
    const tooSlow = mutantOf(repeats, 'r < 1', 'r < 150');
    expect(stepLimit(10_002)).toBe(10_002 * STEP_FACTOR);
    const { kept, ignored } = await verifyCodeLabels([repeats], [slower, tooSlow], { timeoutMs: 600_000 });
    expect(kept).toEqual([tooSlow]);
    expect(ignored.map((m) => [m.id, m.reason])).toEqual([[slower.id, EQUIVALENT_REASON]]);
  }, 30_000);

  it('ignores a mutant tsc --strict rejects, before any check runs, unless the reference itself does not type-check', async () => {
    // Behaves differently at run time (steps of 2), so only the compiler tells it from a judgement call.
    const stringStep = mutantOf(countdown, 'n -= 1', 'n -= "2"');
    const { kept, ignored, table } = await verifyCodeLabels([countdown], [stringStep], { timeoutMs: 200 });
    expect(kept).toEqual([]);
    expect(ignored).toHaveLength(1);
    expect(ignored[0]!.reason).toMatch(/^does not type-check: TS2363 \(line 4\): The (left|right)-hand side of an arithmetic operation/);
    expect(table[0]).toMatchObject({ generated: 1, kept: 0, ignoredEquivalent: 0, ignoredTypeErrors: 1 });

    const usesDom = fixture(countdown.artifact.replace('let steps = 0;', 'let steps = typeof document === "undefined" ? 0 : 0;'), countdown.checks);
    const domStringStep = mutantOf(usesDom, 'n -= 1', 'n -= "2"');
    const judged = await verifyCodeLabels([usesDom], [domStringStep], { timeoutMs: 200 });
    expect(judged.kept).toEqual([domStringStep]);
  });

  it('keys the label cache by artifact, checks and time limit, and keeps no crashed result', async () => {
    const job = { artifact: countdown.artifact, checks: countdown.checks };
    const key = labelCacheKey(job, 200);
    expect(labelCacheKey(job, 200)).toBe(key);
    expect(labelCacheKey(job, 1000)).not.toBe(key);
    expect(labelCacheKey({ ...job, artifact: `${job.artifact}\n` }, 200)).not.toBe(key);
    const values = [null, Number.NaN, Infinity, 0, -0, '0', [0], { a: 0 }];
    const keys = values.map((equals) => labelCacheKey({ artifact: job.artifact, checks: [{ expr: 'countdown(1)', equals }] }));
    expect(new Set(keys).size).toBe(values.length);
    expect(labelCacheKey({ artifact: 'a', checks: [{ expr: 'x', equals: { a: 1, b: 2 } }] })).toBe(labelCacheKey({ artifact: 'a', checks: [{ expr: 'x', equals: { b: 2, a: 1 } }] }));

    expect(labelCacheKey({ ...job, stepLimits: [Infinity, Infinity, Infinity] }, 200)).not.toBe(key);
    expect(labelCacheKey({ ...job, stepLimits: [STEP_FLOOR, STEP_FLOOR, STEP_FLOOR] }, 200)).not.toBe(labelCacheKey({ ...job, stepLimits: [STEP_FLOOR, STEP_FLOOR, 2 * STEP_FLOOR] }, 200));

    const stored = new Map<string, unknown>();
    const cache: LabelCache = { get: () => undefined, put: (k, r) => void stored.set(k, r) };
    const hangs = mutantOf(countdown, 'n -= 1', 'n += 1');
    await verifyCodeLabels([countdown], [hangs], { timeoutMs: 200, cache });
    expect(stored.size).toBe(4);
    expect([stored.get(typeCheckCacheKey(countdown.artifact)), stored.get(typeCheckCacheKey(hangs.artifact))]).toEqual([[], []]);
    const limits = countdown.checks.map(() => STEP_FLOOR);
    expect(stored.get(labelCacheKey({ artifact: hangs.artifact, checks: countdown.checks, stepLimits: limits }, 200))).toEqual(
      expect.arrayContaining([expect.objectContaining({ passed: false, detail: expect.stringMatching(/^it timed out/) })]),
    );
    const crash = fixture('export function f(): number {\n  return 1;\n}\n', [{ expr: 'f()', equals: 1 }]);
    const crashing = { ...mutantOf(crash, 'return 1;', 'const a: number[][] = []; for (;;) a.push(new Array(1e6).fill(1)); return 1;'), id: 'crash' };
    stored.clear();
    const { kept } = await verifyCodeLabels([crash], [crashing], { timeoutMs: 20_000, cache });
    expect(kept.map((m) => m.id)).toEqual(['crash']);
    expect([...stored.keys()].sort()).toEqual(
      [labelCacheKey({ artifact: crash.artifact, checks: crash.checks, stepLimits: [Infinity] }, 20_000), typeCheckCacheKey(crash.artifact), typeCheckCacheKey(crashing.artifact)].sort(),
    );
  }, 60_000);

  it('rejects a fixture whose reference fails a check, naming the check', async () => {
    const bad = fixture(countdown.artifact, [...countdown.checks, { expr: 'countdown(2)', equals: 3 }]);
    const error = await verifyCodeLabels([bad], []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ file: 'spec.yaml', line: 13, field: 'fixtures[0].checks[3]' });
    expect((error as Error).message).toContain('the reference artifact fails the held-out check `countdown(2)`: expected 3, got 2');
  });

  it('rejects a fixture whose variant fails a check', async () => {
    const bad = fixture(countdown.artifact, countdown.checks, [{ id: 'loop', artifact: countdown.artifact.replace('n > 0', 'n > 1') }]);
    await expect(verifyCodeLabels([bad], [])).rejects.toThrow('variant "loop" fails the held-out check `countdown(3)`: expected 3, got 2');
  });

  it('cuts off a check that loops forever: the time limit, as a check expression is not counted', async () => {
    const looping = fixture(countdown.artifact, [{ expr: '(() => { for (;;); })()', equals: 1 }]);
    await expect(verifyCodeLabels([looping], [], { timeoutMs: 200 })).rejects.toThrow('fails the held-out check `(() => { for (;;); })()`: it timed out');
  });

  it('denies a check that tries to write a file or reach the network', async () => {
    const target = join(tmpdir(), `critic-audit-check-${process.pid}`);
    const writes = fixture(countdown.artifact, [{ expr: `require('node:fs').writeFileSync(${JSON.stringify(target)}, 'x')`, equals: null }]);
    await expect(verifyCodeLabels([writes], [])).rejects.toThrow('threw ReferenceError: require is not defined');
    expect(existsSync(target)).toBe(false);
    const fetches = fixture(countdown.artifact, [{ expr: "fetch('https://example.com/')", equals: null }]);
    await expect(verifyCodeLabels([fetches], [])).rejects.toThrow('threw ReferenceError: fetch is not defined');
  });
});
