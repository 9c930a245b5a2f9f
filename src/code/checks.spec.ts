import { describe, expect, it } from 'vitest';
import type { CodeCheck } from '../fixtures/types.js';
import { deepEqual, judge, runChecks } from './checks.js';
import type { Outcome } from './sandbox.js';

describe('deepEqual', () => {
  it.each([
    [[1, [2, { a: 'x' }]], [1, [2, { a: 'x' }]], 0, true],
    [[1, 2], [1, 2, 3], 0, false],
    [{ a: 1, b: 2 }, { a: 1 }, 0, false],
    [{ a: undefined }, { b: undefined }, 0, false],
    [NaN, NaN, 0, true],
    [-0, 0, 0, true],
    [0.1 + 0.2, 0.3, 0, false],
    [[0.1 + 0.2], [0.3], 1e-9, true],
    [null, undefined, 0, false],
    ['1', 1, 0, false],
    [Infinity, Infinity, 1e-9, true],
  ])('%j vs %j (tolerance %d) is %s', (actual, expected, tolerance, equal) => {
    expect(deepEqual(actual, expected, tolerance)).toBe(equal);
  });
});

describe('judge', () => {
  const value = (v: unknown): Outcome => ({ kind: 'value', value: v });
  it.each<[CodeCheck, Outcome, boolean]>([
    [{ expr: 'e', equals: [1, 2] }, value([1, 2]), true],
    [{ expr: 'e', equals: 0.3 }, value(0.1 + 0.2), false],
    [{ expr: 'e', close: 0.3 }, value(0.1 + 0.2), true],
    [{ expr: 'e', close: 1, tolerance: 0.5 }, value(1.4), true],
    [{ expr: 'e', close: 1 }, value('1'), false],
    [{ expr: 'e', equals: null }, value(undefined), false],
    [{ expr: 'e', throws: true }, { kind: 'threw', message: 'RangeError: x' }, true],
    [{ expr: 'e', throws: true }, value(1), false],
    [{ expr: 'e', throws: true }, { kind: 'timeout' }, false],
    [{ expr: 'e', throws: true }, { kind: 'step-limit', limit: 10, steps: 11 }, false],
    [{ expr: 'e', equals: 1 }, { kind: 'step-limit', limit: 10, steps: 11 }, false],
    [{ expr: 'e', equals: 1 }, { kind: 'threw', message: 'RangeError: x' }, false],
    [{ expr: 'e', equals: 1 }, { kind: 'skipped' }, false],
  ])('%j on %j passes: %s', (check, outcome, passed) => {
    expect(judge(check, outcome).passed).toBe(passed);
  });

  it('says what was expected and what came back', () => {
    expect(judge({ expr: 'e', equals: [3, 1, 2] }, value([1, 2, 3])).detail).toBe('expected [ 3, 1, 2 ], got [ 1, 2, 3 ]');
    expect(judge({ expr: 'e', throws: true }, value(2)).detail).toBe('expected an exception, but it returned 2');
  });
});

describe('runChecks', () => {
  it('transpiles each artifact and judges its checks in order', async () => {
    const artifact = 'export function half(x: number): number {\n  if (x < 0) throw new RangeError("negative");\n  return x / 2;\n}\n';
    const checks: CodeCheck[] = [
      { expr: 'half(3)', equals: 1.5 },
      { expr: 'half(-1)', throws: true },
      { expr: 'half(0.3)', close: 0.15 },
      { expr: 'half(4)', equals: 3 },
    ];
    const [results] = await runChecks([{ artifact, checks }]);
    expect(results!.map((r) => r.passed)).toEqual([true, true, true, false]);
  });
});
