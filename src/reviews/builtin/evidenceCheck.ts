import type { CriticRequest } from '../../requests/types.js';
import { containsWords, evidenceSentences, findEntities, findNumbers, findQualifiers, numberKey, splitSentences, supportOf } from '../../text/claims.js';
import type { Critic } from '../critic.js';
import { quotedPassages, secondTurnOf } from './secondTurn.js';

export interface ClaimFinding {
  claim: string;
  problem: string;
}

/**
 * Compares each claim (artifact sentence) with the evidence sentence that
 * supports it: every number and name in the claim must be stated there, and
 * every qualifier stated there must survive in the claim. Looks at nothing but
 * the sealed request's task, artifact and evidence.
 */
export function checkAgainstEvidence(request: Pick<CriticRequest, 'artifact' | 'evidence'>): ClaimFinding[] {
  const sources = evidenceSentences(request.evidence);
  const findings: ClaimFinding[] = [];
  for (const { text: claim } of splitSentences(request.artifact)) {
    const support = supportOf(claim, sources);
    if (support === null) {
      if (findNumbers(claim).length || findEntities(claim).length) findings.push({ claim, problem: 'no evidence supports this claim' });
      continue;
    }
    const stated = new Set(findNumbers(support).map(numberKey));
    for (const n of findNumbers(claim)) {
      if (!stated.has(numberKey(n))) findings.push({ claim, problem: `"${n.text}" is not what the evidence says ("${support}")` });
    }
    for (const e of findEntities(claim)) {
      if (!containsWords(support, e.text)) findings.push({ claim, problem: `"${e.text}" is not named in the supporting evidence ("${support}")` });
    }
    // Counted, not just present: a sentence may say "up to" twice and the claim drop one.
    const claimed = keywordCounts(claim);
    for (const [keyword, stated] of keywordCounts(support)) {
      if ((claimed.get(keyword) ?? 0) < stated) findings.push({ claim, problem: `drops the evidence's qualifier "${keyword}" ("${support}")` });
    }
  }
  return findings;
}

function keywordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const q of findQualifiers(text)) counts.set(q.keyword, (counts.get(q.keyword) ?? 0) + 1);
  return counts;
}

export function describeFindings(findings: readonly ClaimFinding[]): string {
  if (findings.length === 0) return 'Every claim matches its supporting evidence.\nVERDICT: PASS';
  const lines = findings.map((f) => `- ${f.problem} — in: "${f.claim}"`);
  return `Claims that do not match the evidence:\n${lines.join('\n')}\nVERDICT: FAIL`;
}

/**
 * Seed 004's rebuttal round, where evidence beats fluency: a finding is
 * withdrawn only when the rebuttal quotes an evidence sentence (word for word)
 * that supports the flagged claim; a rebuttal that cites nothing, or quotes
 * something that does not support the claim, changes nothing.
 */
function answerRebuttal(findings: readonly ClaimFinding[], evidence: CriticRequest['evidence'], followUp: string): string {
  const sources = evidenceSentences(evidence).map((s) => s.replace(/\s+/g, ' '));
  const quotes = quotedPassages(followUp).filter((q) => sources.some((s) => s.includes(q.replace(/\s+/g, ' '))));
  const standing = quotes.length ? findings.filter((f) => checkAgainstEvidence({ artifact: f.claim, evidence: quotes.map((text, i) => ({ id: `quote-${i}`, text })) }).length > 0) : findings;
  if (standing.length === 0) return `The quoted evidence ("${quotes[0]}") supports the claims I flagged; I withdraw my objection.\nVERDICT: PASS`;
  const why = quotes.length ? 'The passage quoted does not support these claims' : 'The rebuttal quotes no evidence';
  return `${why}; I hold my verdict.\n${describeFindings(standing)}`;
}

export function createEvidenceCheckCritic(name: string): Critic {
  return {
    name,
    kinds: ['text'],
    identity: { provider: 'builtin:evidence-check', version: 1 },
    async review(call) {
      const findings = checkAgainstEvidence(call.request);
      const second = secondTurnOf(call);
      if (second?.first === 'FAIL' && findings.length) return { text: answerRebuttal(findings, call.request.evidence, second.followUp) };
      // Pushback, a revealed trace or a rebuttal of nothing it found: it checks again, and says what the evidence says.
      return { text: describeFindings(findings) };
    },
  };
}
