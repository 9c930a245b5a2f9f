import { describeCodeMutator } from './testing/code-mutator-spec.js';
import { offByOne } from './off-by-one.js';

describeCodeMutator(offByOne, [
  ['const last = xs[n - 1];', ['const last = xs[n];', 'const last = xs[n - 2];']],
  ['lo = mid + 1;', ['lo = mid;', 'lo = mid + 2;']],
  ['const v = s / (n - 1);', ['const v = s / (n);', 'const v = s / (n - 2);']],
  ['const m = xs[2];', ['const m = xs[3];', 'const m = xs[1];']],
  ['for (let i = 0; i < n; i++) {}', ['for (let i = 1; i < n; i++) {}']],
  ['if (k < 2) throw e;', ['if (k < 3) throw e;', 'if (k < 1) throw e;']],
  ['if (i === -1) f();', ['if (i === -2) f();']],
  ['const h = n / 2; const r = n % 2;', ['const h = n / 3; const r = n % 2;', 'const h = n / 1; const r = n % 2;', 'const h = n / 2; const r = n % 3;', 'const h = n / 2; const r = n % 1;']],
  ['const head = xs.slice(0, k);', ['const head = xs.slice(1, k);']],
  ['const a = Array.from({ length: n + 2 }, f);', ['const a = Array.from({ length: n + 3 }, f);', 'const a = Array.from({ length: n + 1 }, f);']],
  ['const y = 2 * x; const z = x ** 2; const w = f(3); const p = 0.5 < x; const q = 2 / x;', []],
]);
