import { fixtureKind } from '../../fixtures/kinds/index.js';
import { probeBundleWithSummary } from '../../requests/bundleProbe.js';
import { fixtureItems } from '../../requests/items.js';
import { pastedVerdictProblems } from '../../requests/sealed.js';
import type { RunScope } from '../measure.js';
import { fail, independenceEval, notApplicable, pass } from './eval.js';

/**
 * The evaluator's bundle carries the author's summary: it must be refused before review. Judged first on the run's
 * own requests: a fixture whose sealed texts (task, artifact, evidence, variants) carry verdict-like text (an
 * author's "all checks pass, ready to merge") was a warning at load, not a refusal, and every review the critic made
 * of its items received it: the row fails, naming them (`--strict-sealing` refuses such a fixture before anything is
 * sent). Then on a probe: one contaminated request (the first fixture's, the summary in a key of its own, and pasted
 * into the artifact) submitted to the barriers every request passes before sending; the probe itself is not sent.
 */
export const bundleSummary = independenceEval({
  case: 'evaluator_bundle_accidentally_contains_summary',
  expect: 'reject_manifest_before_review',
  judge({ name, run }) {
    const fixture = run.fixtures[0];
    const item = fixture && fixtureItems(fixture, []).next().value;
    if (!item) return notApplicable('the run has no fixture to build a request from');
    const received = sentWithSummary(name, run);
    if (received.items)
      return fail(
        `the critic reviewed ${received.items} item${received.items > 1 ? 's' : ''} whose sealed request carries an author's verdict-like summary, let through with a warning at load (fixture ${received.found.join('; fixture ')}): not refused before review (--strict-sealing refuses such fixtures)`,
      );
    const probe = probeBundleWithSummary(item, run.settings.rubric ?? fixtureKind(item.kind).defaultRubric);
    const own = probe.inItsOwnKey ? `refused by the allowlist before sending (${probe.inItsOwnKey})` : 'NOT refused by the allowlist';
    const pasted = probe.pastedIntoArtifact ? `found by the verdict scan (${probe.pastedIntoArtifact}; a warning at load, bad input under --strict-sealing)` : 'NOT found by the verdict scan';
    const evidence = `no request the run sent the critic carries an author's summary; the summary added to item ${probe.itemId}'s request: in a key of its own, ${own}; pasted into the artifact, ${pasted}; the probe was not sent`;
    return probe.inItsOwnKey && probe.pastedIntoArtifact ? pass(evidence) : fail(evidence);
  },
});

/**
 * The items the critic reviewed whose fixture's sealed texts carry verdict-like text (the scan at load,
 * pastedVerdictProblems), and what was found in each such fixture. A fixture's mutants carry its texts but the
 * changed span, so every item of it counts.
 */
function sentWithSummary(name: string, run: RunScope): { items: number; found: string[] } {
  const reviewed = run.outcomes.get(name);
  const hitsOf = new Map<string, string[]>();
  for (const fixture of run.fixtures) {
    const hits = [...fixtureItems(fixture, [])].flatMap((i) => pastedVerdictProblems({ task: i.task, artifact: i.artifact, evidence: i.evidence }));
    if (hits.length) hitsOf.set(fixture.id, [...new Set(hits)]);
  }
  const items = run.items.filter((i) => hitsOf.has(i.fixtureId) && reviewed?.has(i.id));
  const found = [...new Set(items.map((i) => i.fixtureId))].map((id) => `${id}: ${hitsOf.get(id)!.join('; ')}`);
  return { items: items.length, found };
}
