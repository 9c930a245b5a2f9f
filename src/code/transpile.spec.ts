import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toScript } from './transpile.js';

describe('toScript', () => {
  it('strips types and export keywords, so top-level functions become context globals', () => {
    const { code, syntaxErrors } = toScript(
      'export function twice(xs: number[]): number[] {\n  return xs.map((x) => helper(x));\n}\nexport const k: number = 2;\nfunction helper(x: number) { return x * k; }\n',
    );
    expect(syntaxErrors).toEqual([]);
    expect(code).not.toMatch(/\bexport\b|: number/);
    expect(runInNewContext(`${code}\ntwice([1, 2])`)).toEqual([2, 4]);
  });

  it('runs in strict mode, as the module it came from would', () => {
    const { code } = toScript('export function leak(): void { undeclared = 1; }');
    expect(() => runInNewContext(`${code}\nleak()`)).toThrow(/undeclared is not defined/);
  });

  it('reports syntax errors with line and column', () => {
    expect(toScript('export function f(): number {\n  return (1 + ;\n}\n').syntaxErrors).toEqual(['2:15 Expression expected.']);
  });
});
