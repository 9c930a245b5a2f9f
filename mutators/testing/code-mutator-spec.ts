import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toScript } from '../../src/code/transpile.js';
import type { CodeFixture } from '../../src/fixtures/types.js';
import type { CodeMutator, MutationCandidate } from '../types.js';

/** A throwaway code fixture around one artifact, for mutator specs. */
export function codeFixture(artifact: string): CodeFixture {
  return { id: 'spec', kind: 'code', language: 'typescript', task: 'spec', artifact, checks: [], variants: [], trace: undefined, cluster: 'spec', source: { file: 'spec', line: 1 } };
}

export function applyTo(artifact: string, { start, end, replacement }: MutationCandidate): string {
  return artifact.slice(0, start) + replacement + artifact.slice(end);
}

/** Every mutant of a snippet, as the full mutated text, in the mutator's order. */
export function mutantsOf(mutator: CodeMutator, snippet: string): string[] {
  return [...mutator.candidates(codeFixture(snippet))].map((c) => applyTo(snippet, c));
}

const expr = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('a', 'b', 'n', 'xs.length', '0', '1', '2', '10', '-1', '0.5', 'true', '"s"'),
    fc
      .tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '%', '<', '<=', '>', '>=', '===', '!==', '&&', '||', '+='), tie('expr'))
      .map(([l, op, r]) => (op === '+=' ? `(a += ${r})` : `${l} ${op} ${r}`)),
    tie('expr').map((e) => `!${e}`),
    tie('expr').map((e) => `(${e})`),
    tie('expr').map((e) => `xs[${e}]`),
    tie('expr').map((e) => `Math.abs(${e})`),
    tie('expr').map((e) => `xs.slice(${e}).sort((p, q) => p - q).length`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([c, t, f]) => `${c} ? ${t} : ${f}`),
  ),
})).expr;

const statement = fc.oneof(
  expr.map((e) => `if (${e}) return ${e};`),
  fc.tuple(expr, expr).map(([c, e]) => `while (${c}) { n -= ${e}; }`),
  expr.map((e) => `for (let i = 0; i < n - 1; i++) total += ${e};`),
  expr.map((e) => `out.push(${e});`),
  expr.map((e) => `total = ${e};`),
);

/** Small functions built from the syntax the code mutators act on. */
export const artifacts = fc
  .tuple(fc.array(statement, { maxLength: 5 }), expr)
  .map(([body, result]) =>
    [
      'export function f(a: number, b: number, n: number, xs: number[]): unknown {',
      '  let total = 0;',
      '  const out: unknown[] = [];',
      ...body.map((s) => `  ${s}`),
      `  return ${result};`,
      '}',
      '',
    ].join('\n'),
  );

/**
 * The spec every code mutator shares: its table of snippets and the mutants
 * expected from each, then the property that every candidate on any function
 * lies inside the artifact, changes it, and leaves it parseable.
 */
export function describeCodeMutator(mutator: CodeMutator, table: ReadonlyArray<readonly [snippet: string, mutants: readonly string[]]>): void {
  describe(mutator.name, () => {
    it.each(table)('%s', (snippet, expected) => {
      expect(mutantsOf(mutator, snippet)).toEqual(expected);
    });

    it('yields spans inside the artifact that change it and keep it parseable', () => {
      fc.assert(
        fc.property(artifacts, (artifact) => {
          for (const candidate of mutator.candidates(codeFixture(artifact))) {
            expect(candidate.start).toBeGreaterThanOrEqual(0);
            expect(candidate.end).toBeGreaterThanOrEqual(candidate.start);
            expect(candidate.end).toBeLessThanOrEqual(artifact.length);
            const mutated = applyTo(artifact, candidate);
            expect(mutated).not.toBe(artifact);
            expect(toScript(mutated).syntaxErrors).toEqual([]);
          }
        }),
        { numRuns: 100 },
      );
    });
  });
}
