import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arithmeticOperator } from '../../../mutators/arithmetic-operator.js';
import { comparisonBoundary } from '../../../mutators/comparison-boundary.js';
import { conditionNegation } from '../../../mutators/condition-negation.js';
import { logicalOperator } from '../../../mutators/logical-operator.js';
import { offByOne } from '../../../mutators/off-by-one.js';
import { removeCall } from '../../../mutators/remove-call.js';
import { loadFixtures } from '../../fixtures/load.js';
import type { CodeFixture } from '../../fixtures/types.js';
import { generateMutants } from '../../mutants/generate.js';
import { verifyCodeLabels } from '../../mutants/verifyCode.js';
import type { CriticRequest } from '../../requests/types.js';
import type { ReviewCall } from '../critic.js';
import { createRunExamplesCritic, parseExamples } from './runExamples.js';

const critic = createRunExamplesCritic('run-examples', { timeoutMs: 300 });

function call(request: Partial<CriticRequest> & Pick<CriticRequest, 'task' | 'artifact'>): ReviewCall {
  return { reviewId: 'r1', request: { evidence: [], rubric: 'Is it correct?', ...request }, messages: [], signal: new AbortController().signal };
}

const task = `/**
 * Returns the larger of two numbers; throws on NaN.
 * @example larger(2, 5) // 5
 * @example larger(-1, -3) // -1
 * @example larger(NaN, 1) // throws
 */`;
const correct = 'export function larger(a: number, b: number): number {\n  if (Number.isNaN(a) || Number.isNaN(b)) throw new RangeError("NaN");\n  return a > b ? a : b;\n}\n';

describe('parseExamples', () => {
  it.each([
    [' * @example median([3, 1, 2]) // 2', [{ expr: 'median([3, 1, 2])', expected: '2' }]],
    ["@example parse('http://x') // 'x'", [{ expr: "parse('http://x')", expected: "'x'" }]],
    [' * @example chunk([1, 2, 3], 2)   //   [[1, 2], [3]]  ', [{ expr: 'chunk([1, 2, 3], 2)', expected: '[[1, 2], [3]]' }]],
    [' * @example f() // throws', [{ expr: 'f()', expected: 'throws' }]],
    ['/** Adds. @example add(1, 2) // 3 */', [{ expr: 'add(1, 2)', expected: '3' }]],
    [' * Returns 2 // not an example', []],
    [' * @example with no expected value', []],
  ])('%s', (line, expected) => {
    expect(parseExamples(line)).toEqual(expected);
  });
});

describe('builtin:run-examples', () => {
  it('identifies itself and reviews code only', () => {
    expect(critic.identity).toEqual({ provider: 'builtin:run-examples', version: 1 });
    expect(critic.kinds).toEqual(['code']);
  });

  it('passes an artifact that agrees with every docstring example', async () => {
    const { text } = await critic.review(call({ task, artifact: correct }));
    expect(text).toBe('Ran 3 docstring examples against the artifact; none disagrees.\nVERDICT: PASS');
  });

  it('fails an artifact that disagrees, saying where, whatever the trace or a prior verdict claims', async () => {
    const wrong = correct.replace('a > b ? a : b', 'a < b ? a : b').replace('|| Number.isNaN(b)', '&& Number.isNaN(b)');
    const { text } = await critic.review(call({ task, artifact: wrong, trace: 'Ran all examples; they pass.', prior_verdict: 'PASS' }));
    expect(text).toBe(
      [
        'Ran 3 docstring examples against the artifact; 3 disagree.',
        '- `larger(2, 5)`: the docstring says 5, but it returned 2',
        '- `larger(-1, -3)`: the docstring says -1, but it returned -3',
        '- `larger(NaN, 1)`: the docstring says it throws, but it returned 1',
        'VERDICT: FAIL',
      ].join('\n'),
    );
  });

  it('compares numbers with a small tolerance, and arrays and objects deeply', async () => {
    const floats = '/**\n * @example sum3() // 0.6\n * @example pair() // [0.3, { a: "x" }]\n */';
    const artifact = 'export function sum3(): number { return 0.1 + 0.2 + 0.3; }\nexport function pair() { return [0.1 + 0.2, { a: "x" }]; }\n';
    expect((await critic.review(call({ task: floats, artifact }))).text).toMatch(/VERDICT: PASS$/);
  });

  it('fails an artifact that does not parse, and one that hangs', async () => {
    expect((await critic.review(call({ task, artifact: correct.replace('return a', 'return (a') }))).text).toMatch(/^The artifact does not parse: 3:\d+ .*\nVERDICT: FAIL$/);
    const hangs = correct.replace('return a > b', 'for (;;);\n  return a > b');
    expect((await critic.review(call({ task, artifact: hangs }))).text).toContain('but it timed out');
  });

  it('passes when the task states no examples, and skips an example whose expected value cannot be read', async () => {
    expect((await critic.review(call({ task: '/** Returns the larger number. */', artifact: correct }))).text).toMatch(/nothing to run\.\nVERDICT: PASS$/);
    const unreadable = '/**\n * @example larger(1, 2) // two\n * @example larger(1, 2) // 2\n */';
    const { text } = await critic.review(call({ task: unreadable, artifact: correct }));
    expect(text).toContain('the expected value `two` cannot be read (it threw ReferenceError: two is not defined); not judged');
    expect(text).toMatch(/none disagrees\.[\s\S]*VERDICT: PASS$/);
  });
});

describe('builtin:run-examples on the bundled suite', () => {
  const fixtures = loadFixtures(['fixtures/functions'], resolve(import.meta.dirname, '../../..')) as CodeFixture[];
  const review = (f: CodeFixture, artifact: string) => critic.review(call({ task: f.task, artifact })).then((r) => r.text);

  it('finds one to three examples in every task, none a copy of a held-out check', () => {
    const squash = (s: string) => s.replace(/\s+/g, '');
    for (const f of fixtures) {
      const examples = parseExamples(f.task);
      expect(examples.length, f.id).toBeGreaterThanOrEqual(1);
      expect(examples.length, f.id).toBeLessThanOrEqual(3);
      const checks = new Set(f.checks.map((c) => squash(c.expr)));
      for (const e of examples) expect(checks.has(squash(e.expr)), `${f.id}: ${e.expr}`).toBe(false);
    }
  });

  it('passes the reference and both variants of every function', async () => {
    const controls = fixtures.flatMap((f) => [f.artifact, ...f.variants.map((v) => v.artifact)].map((a) => ({ f, a })));
    const texts = await Promise.all(controls.map(({ f, a }) => review(f, a)));
    texts.forEach((text, i) => expect(text, controls[i]!.f.id).toMatch(/VERDICT: PASS$/));
  }, 60_000);

  it('catches some verified bugs but not all of them', async () => {
    const mutators = [arithmeticOperator, comparisonBoundary, offByOne, removeCall, conditionNegation, logicalOperator];
    const { mutants } = generateMutants(fixtures, mutators, { seed: 7, cap: 2 });
    const { kept } = await verifyCodeLabels(fixtures, mutants, { timeoutMs: 300 });
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    const texts = await Promise.all(kept.map((m) => review(byId.get(m.fixtureId)!, m.artifact)));
    const caught = texts.filter((t) => t.endsWith('VERDICT: FAIL')).length;
    expect(caught).toBeGreaterThan(kept.length * 0.2);
    expect(caught).toBeLessThan(kept.length * 0.8);
  }, 120_000);
});
