import { REVIEWED_EVIDENCE_ID } from '../../fixtures/kinds/review.js';
import { hedged, hypothetical, parseReview, type ReviewFlag } from '../../fixtures/reviewText.js';
import type { CriticRequest } from '../../requests/types.js';
import { evidenceSentences, supportOf } from '../../text/claims.js';
import { normaliseQuote } from '../../text/quote.js';
import type { Critic } from '../critic.js';
import { checkAgainstEvidence } from './evidenceCheck.js';

/**
 * Seed 001's critic of reviews done right, as a reference: it reads the
 * review's flags against the artifact under review and the evidence (the
 * evidence checker's own claim check). A flag on a claim the evidence
 * supports is fabricated, and it cites the evidence sentence that shows it;
 * a wrong claim no flag covers is a missed finding, and it cites that claim;
 * a hedged finding or a hypothetical outside the task is a concern. Only
 * then AGREE. On code reviews it has no held-out checks to run, so there it
 * judges hedges and hypotheticals only. A second turn changes nothing: the
 * check gives the same answer whoever argues.
 */
export function createReviewCheckCritic(name: string): Critic {
  return {
    name,
    kinds: ['review'],
    identity: { provider: 'builtin:review-check', version: 1 },
    async review({ request }) {
      return { text: checkReview(request) };
    },
  };
}

export function checkReview(request: Pick<CriticRequest, 'artifact' | 'evidence'>): string {
  const reviewed = request.evidence.find((e) => e.id === REVIEWED_EVIDENCE_ID)?.text ?? '';
  const evidence = request.evidence.filter((e) => e.id !== REVIEWED_EVIDENCE_ID);
  const flags = parseReview(request.artifact);
  const findings = evidence.length ? checkAgainstEvidence({ artifact: reviewed, evidence }) : [];
  const sources = evidenceSentences(evidence);
  const covers = (flag: ReviewFlag, claim: string) => flag.quote !== undefined && overlaps(flag.quote, claim);
  const problems: Array<{ verdict: 'DISAGREE_EVIDENCE' | 'DISAGREE_CONCERN'; cite: string; why: string }> = [];
  for (const f of findings) {
    if (!flags.some((flag) => covers(flag, f.claim))) problems.push({ verdict: 'DISAGREE_EVIDENCE', cite: `"${f.claim}"`, why: `the review misses a finding: ${f.problem}` });
  }
  for (const flag of flags) {
    const at = flag.quote ? `"${flag.quote}"` : 'its general flag';
    if (hypothetical(flag.says)) problems.push({ verdict: 'DISAGREE_CONCERN', cite: `the flag on ${at} is a hypothetical the task does not ask about`, why: 'out of scope' });
    else if (evidence.length && flag.quote && !findings.some((f) => covers(flag, f.claim))) {
      const support = supportOf(flag.quote, sources);
      problems.push({ verdict: 'DISAGREE_EVIDENCE', cite: `the evidence says "${support ?? flag.quote}", so the flag on ${at} is wrong`, why: 'a flag the evidence refutes' });
    } else if (hedged(flag.says)) problems.push({ verdict: 'DISAGREE_CONCERN', cite: `the flag on ${at} is hedged; state it with the evidence or drop it`, why: 'hedged' });
  }
  if (!problems.length) return 'Every flag is real and nothing is missing.\nAGREE';
  const [first] = problems;
  return `${problems.map((p) => `- ${p.why}: ${p.cite}`).join('\n')}\n${first!.verdict}: ${first!.cite}`;
}

/** A flag's quote and a claim of the artifact overlap: one holds the other. */
function overlaps(quote: string, claim: string): boolean {
  const q = normaliseQuote(quote);
  const c = normaliseQuote(claim);
  return c.includes(q) || q.includes(c);
}

/**
 * Seed 001's false consensus, as a control: it agrees with any review that
 * sounds sure of itself, and raises a concern only where the reviewer
 * hedged. Pushed back on, it agrees.
 */
export function createAgreeConfidentCritic(name: string): Critic {
  return {
    name,
    kinds: ['review'],
    identity: { provider: 'builtin:agree-confident', version: 1 },
    async review({ request, turn }) {
      if (turn === 2) return { text: 'Fair enough; the review stands.\nAGREE' };
      const doubt = parseReview(request.artifact).find((f) => hedged(f.says));
      return { text: doubt ? `DISAGREE_CONCERN: the reviewer hedged ("${doubt.says}")` : 'The review is clear and confident.\nAGREE' };
    },
  };
}
