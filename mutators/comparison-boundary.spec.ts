import { comparisonBoundary } from './comparison-boundary.js';
import { describeCodeMutator } from './testing/code-mutator-spec.js';

describeCodeMutator(comparisonBoundary, [
  ['if (a < b) f();', ['if (a <= b) f();']],
  ['if (a <= b) f();', ['if (a < b) f();']],
  ['const ok = x > lo && x >= 0;', ['const ok = x >= lo && x >= 0;', 'const ok = x > lo && x > 0;']],
  ['for (let i = 0; i < n; i++) {}', ['for (let i = 0; i <= n; i++) {}']],
  ['const e = a === b || a !== c; const f = (x: number) => x; const g: Array<number> = [];', []],
]);
