import { logicalOperator } from './logical-operator.js';
import { describeCodeMutator } from './testing/code-mutator-spec.js';

describeCodeMutator(logicalOperator, [
  ['if (a && b) f();', ['if (a || b) f();']],
  ['if (k < 0 || k > n || !ok) throw e;', ['if (k < 0 && k > n || !ok) throw e;', 'if (k < 0 || k > n && !ok) throw e;']],
  ['const v = a ?? b; const w = a & b;', []],
]);
