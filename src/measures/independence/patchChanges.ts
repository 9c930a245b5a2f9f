import { fail, independenceEval, notApplicable, pass } from './eval.js';

/**
 * The artifact changed after pass one: the verdict is invalidated and made again. Every stored verdict is bound to
 * the digest of the request it answered; a resume after a fixture edit invalidates the critic's reviews whose
 * request changed (report.json `invalidated`) and reviews them again. A fixture whose file holds something else
 * when the report is made, not yet resumed, fails: its verdicts answered the old version.
 */
export const patchChanges = independenceEval({
  case: 'patch_changes_after_pass_one',
  expect: 'invalidate_verdict_and_re-evaluate',
  judge({ name, run }) {
    const outcomes = run.outcomes.get(name);
    const edited = new Set(run.process.editedFixtures);
    const stale = [...new Set(run.items.filter((i) => edited.has(i.fixtureId) && outcomes?.has(i.id)).map((i) => i.fixtureId))];
    if (stale.length)
      return fail(
        `fixture${stale.length > 1 ? 's' : ''} ${stale.join(', ')} edited in ${stale.length > 1 ? 'their files' : 'its file'} since the critic reviewed ${stale.length > 1 ? 'them' : 'it'} (found when this report was made): the verdicts counted answered the old version; resume the run (run --resume DIR) to invalidate and review them again`,
      );
    const mine = run.process.invalidated.filter((r) => r.critic === name);
    if (!mine.length) return notApplicable("the case did not arise: no fixture was edited since the critic's reviews of it");
    const dropped = mine.filter((r) => r.newRequestDigest === null && !r.awaitsFirstTurn).length;
    const redone = mine.filter((r) => r.reReviewed).length;
    const pending = mine.length - dropped - redone;
    const text = `${mine.length} stored verdicts answered a request that changed since (a fixture edited between runs), each counted in no rate; ${redone} reviewed again, ${dropped} of items no longer planned`;
    return pending ? fail(`${text}; ${pending} not reviewed again yet (resume the run: run --resume DIR)`) : pass(text);
  },
});
