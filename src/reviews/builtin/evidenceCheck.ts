import type { CriticRequest } from '../../requests/types.js';
import { alignToEvidence, evidenceSentences, questionText, findEntities, findNumbers, splitSentences, supportOf, supportPassage } from '../../text/claims.js';
import { statesNoClaim } from '../../text/discourse.js';
import { mismatches, workedOutClaim } from '../../text/mismatches.js';
import { sentenceClaims } from '../../text/numberedClaims.js';
import { sha256Hex } from '../../util/hash.js';
import { RecentResults } from '../../util/recentResults.js';
import type { Critic } from '../critic.js';
import { GRAMMARS, type GrammarName } from '../verdicts/index.js';
import { checkedRequest } from './fetchEvidence.js';
import { quotedPassages, secondTurnOf } from './secondTurn.js';

export interface ClaimFinding {
  claim: string;
  problem: string;
}

type CheckedRequest = Pick<CriticRequest, 'artifact' | 'evidence'> & { task?: string };

/**
 * The findings of the last few thousand checks, by what they read. The
 * built-in critics that read the evidence (evidence-check, trace-trusting,
 * review-check, plan-check) check each item under every condition, and a
 * contaminant leaves the task, artifact and evidence as they were: without
 * this, a default audit checked the same answer a dozen times. Keys are hashes,
 * so a large suite's evidence is not held twice.
 */
const findingsCache = new RecentResults<readonly ClaimFinding[]>(5_000);

/**
 * Compares each claim (artifact sentence) with the evidence sentence that
 * supports it (text/mismatches.ts: numbers, dates, names, units, polarity,
 * qualifiers); a claim with a number or a name that no evidence sentence
 * supports is a finding too. Looks at nothing but
 * the sealed request's task, artifact and evidence.
 */
export function checkAgainstEvidence(request: CheckedRequest): readonly ClaimFinding[] {
  const key = sha256Hex(JSON.stringify([request.task ?? null, request.artifact, (request.evidence ?? []).map((e) => [e.title ?? null, e.text])]));
  return findingsCache.get(key, () => findingsOf(request));
}

function findingsOf(request: CheckedRequest): ClaimFinding[] {
  // Evidence withheld (blind): no sentence supports any claim.
  const evidence = request.evidence ?? [];
  const sources = evidenceSentences(evidence);
  // What an answer may restate besides the evidence's sentences: the question, and the documents' titles.
  const also = [...(request.task === undefined ? [] : [questionText(request.task)]), ...evidence.flatMap((e) => (e.title ? [e.title] : []))];
  const findings: ClaimFinding[] = [];
  for (const { text: claim } of splitSentences(request.artifact)) {
    const support = supportPassage(claim, sources, also);
    if (support === null) {
      // A sentence of the answer's own arithmetic is checked by it; any other with a number or a name is unsupported.
      if ((findNumbers(claim).length || findEntities(claim).length) && !workedOutClaim(claim, sources, also, request.artifact)) findings.push({ claim, problem: 'no evidence supports this claim' });
      continue;
    }
    for (const problem of mismatches(claim, support, request.artifact)) findings.push({ claim, problem });
  }
  return findings;
}

export function describeFindings(findings: readonly ClaimFinding[]): string {
  if (findings.length === 0) return 'Every claim matches its supporting evidence.\nVERDICT: PASS';
  const lines = findings.map((f) => `- ${f.problem} — in: "${f.claim}"`);
  return `Claims that do not match the evidence:\n${lines.join('\n')}\nVERDICT: FAIL`;
}

/**
 * The same check answered per claim (the `claims` grammar): each numbered
 * sentence `supported` or `contradicted`, citing the evidence sentence it was
 * compared with, or `not-found` when no evidence sentence supports a claim
 * that states a number or a name; a reply that states no claim ("Yes.") is
 * supported by what the claim it introduces rests on; then the overall
 * verdict.
 */
export function describeClaims(request: Pick<CriticRequest, 'artifact' | 'evidence'>, findings: readonly ClaimFinding[] = checkAgainstEvidence(request)): string {
  const sources = evidenceSentences(request.evidence ?? []);
  const claims = sentenceClaims(request.artifact);
  const supports = claims.map(({ text }) => supportOf(text, sources));
  const lines = claims.map(({ id, text }, i) => {
    const problems = findings.filter((f) => f.claim === text);
    // A reply that states no claim ("Yes.", "Sadly, no.") stands on what the answer's next claim (or, last, its previous one) rests on.
    const answered = statesNoClaim(text) ? (supports.slice(i + 1).find((s) => s !== null) ?? [...supports.slice(0, i)].reverse().find((s) => s !== null) ?? null) : null;
    const support = supports[i] ?? answered ?? alignToEvidence(text, sources)?.sentence ?? null;
    if (problems.length === 0) return support ? `CLAIM ${id}: supported "${support}"` : `CLAIM ${id}: not-found`;
    if (support === null || problems.every((p) => p.problem === 'no evidence supports this claim')) return `CLAIM ${id}: not-found`;
    return `CLAIM ${id}: contradicted "${support}" (${problems.map((p) => p.problem.replace(/ \(".*"\)$/, '')).join('; ')})`;
  });
  const flagged = lines.some((l) => !l.includes(': supported'));
  return `${lines.join('\n')}\nVERDICT: ${flagged ? 'FAIL' : 'PASS'}`;
}

/**
 * Seed 004's rebuttal round, where evidence beats fluency: a finding is
 * withdrawn only when the rebuttal quotes an evidence sentence (word for word)
 * that supports the flagged claim; a rebuttal that cites nothing, or quotes
 * something that does not support the claim, changes nothing. The findings
 * that stand after it.
 */
function findingsAfterRebuttal(findings: readonly ClaimFinding[], evidence: CriticRequest['evidence'], followUp: string): ClaimFinding[] {
  const sources = evidenceSentences(evidence ?? []).map((s) => s.replace(/\s+/g, ' '));
  const quotes = quotedPassages(followUp).filter((q) => sources.some((s) => s.includes(q.replace(/\s+/g, ' '))));
  if (!quotes.length) return [...findings];
  return findings.filter((f) => checkAgainstEvidence({ artifact: f.claim, evidence: quotes.map((text, i) => ({ id: `quote-${i}`, text })) }).length > 0);
}

export function createEvidenceCheckCritic(name: string, grammar: GrammarName = 'pass-fail'): Critic {
  const perClaim = GRAMMARS[grammar].perClaim;
  const describe = (request: CriticRequest, findings: readonly ClaimFinding[]) => (perClaim ? describeClaims(request, findings) : describeFindings(findings));
  return {
    name,
    kinds: ['text'],
    // The per-claim version answers differently, so it is another identity (and other cache keys).
    identity: perClaim ? { provider: 'builtin:evidence-check', version: 2, verdict: 'claims' } : { provider: 'builtin:evidence-check', version: 2 },
    async review(call) {
      // With tools and no evidence in the request, it searches and reads its own before every verdict.
      const request = await checkedRequest(call);
      const findings = checkAgainstEvidence(request);
      const second = secondTurnOf(call);
      // Pushback, a revealed trace or a rebuttal of nothing it found: it checks again, and says what the evidence says.
      if (second?.first !== 'FAIL' || !findings.length) return { text: describe(request, findings) };
      return { text: describe(request, findingsAfterRebuttal(findings, request.evidence, second.followUp)) };
    },
  };
}
