import { removeCall } from './remove-call.js';
import { describeCodeMutator } from './testing/code-mutator-spec.js';

describeCodeMutator(removeCall, [
  ['const s = xs.slice().sort((a, b) => a - b);', ['const s = xs.sort((a, b) => a - b);', 'const s = xs.slice();']],
  ['const t = text.trim().toLowerCase();', ['const t = text.toLowerCase();', 'const t = text.trim();']],
  ['const d = Math.abs(a - b) + Math.sqrt(v);', ['const d = (a - b) + Math.sqrt(v);', 'const d = Math.abs(a - b) + v;']],
  ['if (!Number.isInteger(k)) throw e;', ['if (!k) throw e;']],
  ['const m = Math.max(a, b); const n = Math.max(...xs);', []],
  ['out.push(x); xs.forEach(f);', []],
  ['const r = f(x);', []],
  ['out.push(xs.slice(i, j));', ['out.push(xs);']],
]);
