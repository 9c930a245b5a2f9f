import { conditionNegation } from './condition-negation.js';
import { describeCodeMutator } from './testing/code-mutator-spec.js';

describeCodeMutator(conditionNegation, [
  ['if (done) f();', ['if (!done) f();']],
  ['if (!ok) throw e;', ['if (ok) throw e;']],
  ['if (xs.length === 0) throw e;', ['if (xs.length !== 0) throw e;']],
  ['if (a != b) f();', ['if (a == b) f();']],
  ['if (a < b && c) f();', ['if (!(a < b && c)) f();']],
  ['while (lo < hi) step();', ['while (!(lo < hi)) step();']],
  ['do step(); while (more());', ['do step(); while (!more());']],
  ['for (let i = 0; i < n; i++) {}', ['for (let i = 0; !(i < n); i++) {}']],
  ['for (;;) {}', []],
  ['const y = n % 2 ? odd : even;', ['const y = !(n % 2) ? odd : even;']],
  ['const ok = a === b;', []],
]);
