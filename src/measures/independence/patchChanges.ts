import { fail, independenceEval, notApplicable, pass } from './eval.js';

/**
 * The artifact changed after pass one: the verdict is invalidated and made again. Every stored verdict is bound to
 * the digest of the request it answered; a resume after a fixture edit invalidates the critic's reviews whose
 * request changed (report.json `invalidated`) and reviews them again.
 */
export const patchChanges = independenceEval({
  case: 'patch_changes_after_pass_one',
  expect: 'invalidate_verdict_and_re-evaluate',
  judge({ name, run }) {
    const mine = run.process.invalidated.filter((r) => r.critic === name);
    if (!mine.length) return notApplicable("the case did not arise: no resume of this folder found a fixture edited since the critic's reviews of it");
    const dropped = mine.filter((r) => r.newRequestDigest === null).length;
    const redone = mine.filter((r) => r.reReviewed).length;
    const pending = mine.length - dropped - redone;
    const text = `${mine.length} stored verdicts answered a request that changed since (a fixture edited between runs), each counted in no rate; ${redone} reviewed again, ${dropped} of items no longer planned`;
    return pending ? fail(`${text}; ${pending} not reviewed again yet (resume the run: run --resume DIR)`) : pass(text);
  },
});
