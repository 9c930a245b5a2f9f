/**
 * Benchmark: generate and verify every code mutant of the bundled function
 * suite, as the default run does (cap 12 per fixture and mutator), and print
 * the throughput of each stage and the verified counts per mutator.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/code-mutants.js [--seed N] [--cap N]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { arithmeticOperator } from '../mutators/arithmetic-operator.js';
import { comparisonBoundary } from '../mutators/comparison-boundary.js';
import { conditionNegation } from '../mutators/condition-negation.js';
import { logicalOperator } from '../mutators/logical-operator.js';
import { offByOne } from '../mutators/off-by-one.js';
import { removeCall } from '../mutators/remove-call.js';
import type { Mutator } from '../mutators/types.js';
import { sandboxCommand } from '../src/code/sandbox.js';
import { loadFixtures } from '../src/fixtures/load.js';
import type { CodeFixture } from '../src/fixtures/types.js';
import { generateMutants } from '../src/mutants/generate.js';
import { verifyCodeLabels } from '../src/mutants/verifyCode.js';

const CODE_MUTATORS = [arithmeticOperator, comparisonBoundary, offByOne, removeCall, conditionNegation, logicalOperator] as Mutator[];

const { values } = parseArgs({ options: { seed: { type: 'string', default: '7' }, cap: { type: 'string', default: '12' } } });
// Compiled to dist/bench/, so the repository root is two levels up.
const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = loadFixtures(['fixtures/functions'], root).filter((f): f is CodeFixture => f.kind === 'code');

const started = performance.now();
const { mutants } = generateMutants(fixtures, CODE_MUTATORS, { seed: Number(values.seed), cap: Number(values.cap) });
const generated = performance.now();
const { kept, table } = await verifyCodeLabels(fixtures, mutants);
const verified = performance.now();

const seconds = (ms: number) => ms / 1000;
const controls = table.reduce((n, row) => n + row.controls.length, 0);
console.log(`fixtures: ${fixtures.length} (${controls} correct controls), sandbox network isolation: ${sandboxCommand().network}`);
console.log(`generated ${mutants.length} mutants in ${seconds(generated - started).toFixed(2)} s: ${(mutants.length / seconds(generated - started)).toFixed(0)} mutants/s`);
console.log(
  `verified ${mutants.length} mutants and ${controls} controls in ${seconds(verified - generated).toFixed(2)} s: ` + `${(mutants.length / seconds(verified - generated)).toFixed(1)} mutants/s`,
);
const ignoredAs = (column: 'ignoredEquivalent' | 'ignoredTypeErrors') => table.reduce((n, row) => n + row[column], 0);
console.log(`total ${seconds(verified - started).toFixed(2)} s; kept ${kept.length}, ignored as equivalent ${ignoredAs('ignoredEquivalent')}, as not type-checking ${ignoredAs('ignoredTypeErrors')}`);
console.log('\nmutator               generated  kept');
for (const mutator of CODE_MUTATORS) {
  const count = (list: { mutator: string }[]) => list.filter((m) => m.mutator === mutator.name).length;
  console.log(`${mutator.name.padEnd(22)}${String(count(mutants)).padStart(9)}${String(count(kept)).padStart(6)}`);
}
