import { fixtureKind } from '../../fixtures/kinds/index.js';
import { probeBundleWithSummary } from '../../requests/bundleProbe.js';
import { fixtureItems } from '../../requests/items.js';
import { fail, independenceEval, notApplicable, pass } from './eval.js';

/**
 * The evaluator's bundle carries the author's summary: it must be refused before review. The run submits one
 * contaminated request (its first fixture's, the summary in a key of its own, and pasted into the artifact) to
 * the barriers every request passes before sending, and records what each did; nothing is sent.
 */
export const bundleSummary = independenceEval({
  case: 'evaluator_bundle_accidentally_contains_summary',
  expect: 'reject_manifest_before_review',
  judge({ run }) {
    const fixture = run.fixtures[0];
    const item = fixture && fixtureItems(fixture, []).next().value;
    if (!item) return notApplicable('the run has no fixture to build a request from');
    const probe = probeBundleWithSummary(item, run.settings.rubric ?? fixtureKind(item.kind).defaultRubric);
    const own = probe.inItsOwnKey ? `refused by the allowlist before sending (${probe.inItsOwnKey})` : 'NOT refused by the allowlist';
    const pasted = probe.pastedIntoArtifact ? `found by the verdict scan (${probe.pastedIntoArtifact}; a warning at load, bad input under --strict-sealing)` : 'NOT found by the verdict scan';
    const evidence = `the author's summary added to item ${probe.itemId}'s request: in a key of its own, ${own}; pasted into the artifact, ${pasted}; nothing was sent`;
    return probe.inItsOwnKey && probe.pastedIntoArtifact ? pass(evidence) : fail(evidence);
  },
});
