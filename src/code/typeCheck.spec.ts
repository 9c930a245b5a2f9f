import { describe, expect, it } from 'vitest';
import { typeErrors } from './typeCheck.js';

describe('typeErrors', () => {
  it.each([
    ['a sound module', 'export const total = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);', []],
    ['a string where a number goes', 'export const n: number = "1";', ["TS2322 (line 1): Type 'string' is not assignable to type 'number'."]],
    ['a possibly undefined value, under strict', 'const m = new Map<string, number>();\nexport const z = m.get("a") + 1;', ["TS2532 (line 2): Object is possibly 'undefined'."]],
    ['an ES2022 method (the standard library it is checked against)', 'export const last = [1, 2].at(-1);', []],
  ])('%s', (_, source, expected) => {
    expect(typeErrors([source])).toEqual([expected]);
  });

  it('checks each source as its own module in one call, scripts too', () => {
    expect(typeErrors(['export const a = 1;', 'export const a = "x";'])).toEqual([[], []]);
    expect(typeErrors(['function clamp(x: number): number { return x; }', 'function clamp(x: number): number { return -x; }'])).toEqual([[], []]);
  });

  it('leaves nothing of one check in the next: the same script declarations again, and the same errors again', () => {
    // Scripts (no import or export) share the global scope of a program: a source left behind would redeclare `x`.
    // (Sources differ, as a check of the same sources is answered from memory.)
    expect(typeErrors(['const x: number = 1;'])).toEqual([[]]);
    expect(typeErrors(['const x: number = 2;'])).toEqual([[]]);
    const wrong = ["TS2322 (line 1): Type 'number' is not assignable to type 'string'."];
    expect(typeErrors(['let y: string = 2;'])).toEqual([wrong]);
    expect(typeErrors(['let y: string = 2; '])).toEqual([wrong]);
  });
});
