import type { TextFixture } from '../src/fixtures/types.js';
import { evidenceSentences, findEntities, findNumbers, splitSentences, supportOf } from '../src/text/claims.js';
import type { TextMutator } from './types.js';

/**
 * Adds one plausible sentence the evidence does not support: an extra fee,
 * exception, condition or requirement, built from the fixture's own names and
 * amounts. Seed 004's first recommendation: a claim whose support is not in the
 * evidence is itself a finding.
 */
export const claimInsertion: TextMutator = {
  name: 'claim-insertion',
  kind: 'text',
  specificity: 2,
  *candidates(fixture) {
    const sentences = splitSentences(fixture.artifact);
    // After the first sentence and at the end: enough places without one invented claim flooding a fixture.
    const places = [...new Set([sentences[0]?.end, sentences[sentences.length - 1]?.end])].filter((p): p is number => p !== undefined);
    for (const claim of inventedClaims(fixture)) {
      for (const at of places) yield { start: at, end: at, replacement: ` ${claim}` };
    }
  },
  invalidReason(fixture, candidate) {
    const added = candidate.replacement.trim();
    if (splitSentences(added).length !== 1) return 'the addition is not one sentence';
    if (supportOf(added, evidenceSentences(fixture.evidence)) !== null) return 'an evidence sentence supports the added sentence';
    if (
      supportOf(
        added,
        splitSentences(fixture.artifact).map((s) => s.text),
      ) !== null
    )
      return 'the artifact already says as much';
    if (supportOf(added, [fixture.task]) !== null) return 'the added sentence restates the task';
    return null;
  },
  defendInTrace(_fixture, candidate, trace) {
    return `${trace.trimEnd()} Also confirmed in the evidence: ${lowerFirst(candidate.replacement.trim())}`;
  },
};

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * Sentences of the kinds an unsupported addition takes (a fee, an exception, a
 * condition, a requirement), in the fixture's own vocabulary: a team or office
 * it names, its currency and an amount it states. No dates: those are
 * date-shift's to write.
 */
function inventedClaims(fixture: TextFixture): string[] {
  const texts = [fixture.artifact, ...fixture.evidence.map((e) => e.text)];
  const names = [
    ...new Set(
      texts
        .flatMap((t) => findEntities(t))
        .filter((e) => e.kind.startsWith('phrase:'))
        .map((e) => e.text),
    ),
  ];
  const amounts = texts.flatMap(findNumbers).filter((n) => n.currency);
  const whole = texts.flatMap(findNumbers).filter((n) => !n.currency && !n.percent && Number.isInteger(n.value) && n.value >= 2 && n.value <= 60);
  const claims: string[] = [];
  const amount = amounts[0];
  if (amount) claims.push(`An administration fee of ${amount.text} is charged on each such request.`);
  const name = names.find((n) => !fixture.artifact.includes(n)) ?? names[0];
  if (name) claims.push(`The ${name.replace(/^The /, '')} may grant an exception in cases of hardship.`);
  claims.push('This applies only where written consent was obtained in advance.');
  if (name && whole[0]) claims.push(`Supporting documents must reach the ${name.replace(/^The /, '')} at least ${whole[0].value} working days in advance.`);
  return claims;
}
