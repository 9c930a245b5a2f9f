import { arithmeticOperator } from './arithmetic-operator.js';
import { describeCodeMutator } from './testing/code-mutator-spec.js';

describeCodeMutator(arithmeticOperator, [
  ['const y = a + b;', ['const y = a - b;']],
  ['const y = a - b * c / d;', ['const y = a + b * c / d;', 'const y = a - b / c / d;', 'const y = a - b * c * d;']],
  ['total += x; total -= y;', ['total -= x; total -= y;', 'total += x; total += y;']],
  ['scale *= 2; scale /= k;', ['scale /= 2; scale /= k;', 'scale *= 2; scale *= k;']],
  ['const s = "n=" + n;', []],
  ['const s = `${a}` + b + c;', []],
  ['const y = a % b; const z = a ** 2; i++;', []],
  ['const y = -a;', []],
]);
