import { fail, independenceEval, notApplicable, pass } from './eval.js';

/**
 * The hidden checks are editable: the isolation check must catch it. The held-out checks' digests are pinned when
 * the labels are verified (manifest.json `heldOutChecks`); one that differs when a resume reviews or a report is
 * made fails the check (the report says so here, and the command exits 2 naming it); every request and follow-up of
 * their items is scanned for the checks' text before it is sent.
 */
export const hiddenFixture = independenceEval({
  case: 'hidden_fixture_is_editable_by_author',
  expect: 'fail_test_isolation_check',
  judge({ name, run }) {
    const pins = run.process.heldOutChecks;
    if (!pins) return notApplicable('the run has no held-out checks (no code fixture)');
    const outcomes = run.outcomes.get(name);
    const reviewed = new Set(run.items.filter((i) => pins[i.fixtureId] && outcomes?.has(i.id)).map((i) => i.fixtureId));
    if (!reviewed.size) return notApplicable('the critic reviewed no item of a fixture with held-out checks');
    if (run.process.isolationBreach) return fail(`isolation check failed: ${run.process.isolationBreach}`);
    const checks = [...reviewed].reduce((n, id) => n + pins[id]!.length, 0);
    return pass(
      `${checks} held-out checks of the ${reviewed.size} fixtures reviewed pinned when the labels were verified (manifest.json heldOutChecks), unchanged since; every request and follow-up of their items scanned for the checks' text before sending, none carried it`,
    );
  },
});
