import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STEP_FUNCTION } from './sandboxChild.js';
import { ts } from '../util/tsMorph.js';
import { toCountedScript, toScript, toScripts } from './transpile.js';

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

describe('toScripts', () => {
  // Sources of the shapes code fixtures take, and two that do not parse: transpiled together, each must come out as
  // ts.transpileModule gives it alone (exports cut the same way), and its syntax errors stay its own.
  const SOURCES = [
    'export function twice(xs: number[]): number[] {\n  return xs.map((x) => x * 2);\n}\n',
    'export class Stack<T> {\n  private items: T[] = [];\n  push(x: T): void { this.items.push(x); }\n  get size(): number { return this.items.length; }\n}\n',
    'export enum Colour { Red, Green = 4 }\nexport const pick = (c?: Colour): string => c?.toString() ?? "none";\n',
    'export function f(): number {\n  return (1 + ;\n}\n',
    'interface Point { x: number; y: number }\nexport function norm({ x, y }: Point): number { return Math.hypot(x, y); }\n',
    'export function g(a: number {\n  return a;\n}\n',
    'export async function* ticks(n: number): AsyncGenerator<number> { for (let i = 0; i < n; i++) yield i as number; }\n',
  ];
  const alone = (source: string) => {
    const { outputText, diagnostics = [] } = ts.transpileModule(source.replace(/\bexport /g, ''), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, isolatedModules: true, noLib: true, noResolve: true },
      reportDiagnostics: true,
    });
    return { code: `"use strict";\n${outputText}`, errors: diagnostics.length };
  };

  it('transpiles sources together exactly as each alone, syntax errors included', () => {
    const together = toScripts(SOURCES.map((s) => `${s}// together\n`));
    SOURCES.forEach((source, i) => {
      const expected = alone(`${source}// together\n`);
      expect(together[i]!.code, source).toBe(expected.code);
      expect(together[i]!.syntaxErrors, source).toHaveLength(expected.errors);
    });
    expect(together[3]!.syntaxErrors).toEqual(['2:15 Expression expected.']);
    expect(together.filter((s) => s.syntaxErrors.length)).toHaveLength(2);
  });

  it('answers in input order, repeats and sources transpiled before included', () => {
    // Each source's script is held to transpileModule's, not to toScript's, which reads the same cache toScripts fills.
    const cached = `${SOURCES[2]!}// cached\n`;
    toScript(cached);
    const sources = [`${SOURCES[0]!}// order\n`, cached, `${SOURCES[1]!}// order\n`, `${SOURCES[0]!}// order\n`];
    expect(toScripts(sources).map((s) => s.code)).toEqual(sources.map((s) => alone(s).code));
  });
});

describe('toCountedScript', () => {
  /** Runs the counted script with a counter of its own, and returns the expression's value and the steps it took. */
  const countedRun = (source: string, expr: string): [unknown, number] =>
    runInNewContext(`let steps = 0;\nconst ${STEP_FUNCTION} = () => { steps++; };\n${toCountedScript(source).code}\nconst value = ${expr};\n[value, steps]`);

  it('counts every loop iteration, of each kind of loop', () => {
    const source = `export function loops(n: number): number {
  let t = 0;
  for (let i = 0; i < n; i++) t++;
  let j = 0;
  while (j < n) j++;
  do t++; while (t < 0);
  for (const x of [1, 2]) t += x;
  for (const k in { a: 1, b: 2 }) t += k.length;
  outer: for (;;) { for (;;) { break outer; } }
  return t;
}
`;
    // One call, then n + n + 1 + 2 + 2 iterations, and one of each of the two labelled loops.
    expect(countedRun(source, 'loops(3)')).toEqual([3 + 1 + 3 + 2, 1 + 3 + 3 + 1 + 2 + 2 + 2]);
  });

  it('counts every call: functions, arrows (concise bodies too), methods, accessors and constructors', () => {
    const source = `class Base { constructor() {} }
class Box extends Base {
  constructor(public v: number) { super(); }
  get twice(): number { return this.v * 2; }
  add(n: number): Box { return new Box(this.v + n); }
}
export function run(xs: number[]): number {
  const f = function (x: number) { return x; };
  return xs.map((x) => f(x)).reduce((a, b) => { return a + b; }, 0) + new Box(1).add(1).twice;
}
`;
    // run; map's arrow and f twice each; reduce's arrow twice; Box's and Base's constructors twice each; add; twice.
    expect(countedRun(source, 'run([1, 2])')).toEqual([7, 1 + 4 + 2 + 4 + 1 + 1]);
  });

  it('leaves strings, comments and the script’s meaning alone', () => {
    const source = 'export function f(): string {\n  // while (true) {}\n  return "for (;;) {}";\n}\n';
    expect(countedRun(source, 'f()')).toEqual(['for (;;) {}', 1]);
    expect(toCountedScript(source).code).toContain('"use strict"');
  });
});
