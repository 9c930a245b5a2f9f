import { REVIEWED_EVIDENCE_ID } from '../../fixtures/kinds/review.js';
import { hedged, hypothetical, parseReview, type ReviewFlag } from '../../fixtures/reviewText.js';
import type { CriticRequest } from '../../requests/types.js';
import { evidenceSentences, supportOf } from '../../text/claims.js';
import { normaliseQuote } from '../../text/quote.js';
import type { Critic } from '../critic.js';
import { checkAgainstEvidence } from './evidenceCheck.js';
import { judgeExamples, parseExamples } from './runExamples.js';
import type { SandboxOptions } from '../../code/sandbox.js';

/**
 * Seed 001's critic of reviews done right, as a reference: it reads the
 * review's flags against the artifact under review and the evidence (the
 * evidence checker's own claim check) or, for code, the task's own examples
 * run in the sandbox. A flag the evidence or an example refutes is
 * fabricated, and it cites what shows it; a wrong claim, or code failing an
 * example, that no flag covers is a missed finding; a hedged finding or a
 * hypothetical outside the task is a concern. Only then AGREE. A second turn
 * changes nothing: the check gives the same answer whoever argues.
 */
export function createReviewCheckCritic(name: string): Critic {
  return {
    name,
    kinds: ['review'],
    identity: { provider: 'builtin:review-check', version: 2 },
    async review({ request, signal }) {
      return { text: await checkReview(request, { signal }) };
    },
  };
}

type Problem = { verdict: 'DISAGREE_EVIDENCE' | 'DISAGREE_CONCERN'; cite: string; why: string };

export async function checkReview(request: Pick<CriticRequest, 'task' | 'artifact' | 'evidence'>, options: SandboxOptions = {}): Promise<string> {
  const reviewed = (request.evidence ?? []).find((e) => e.id === REVIEWED_EVIDENCE_ID)?.text ?? '';
  const evidence = (request.evidence ?? []).filter((e) => e.id !== REVIEWED_EVIDENCE_ID);
  const flags = parseReview(request.artifact);
  const problems: Problem[] = evidence.length ? textProblems(reviewed, evidence, flags) : await codeProblems(request.task, reviewed, flags, options);
  for (const flag of flags) {
    const at = flag.quote ? `"${flag.quote}"` : 'its general flag';
    if (hypothetical(flag.says)) problems.push({ verdict: 'DISAGREE_CONCERN', cite: `the flag on ${at} is a hypothetical the task does not ask about`, why: 'out of scope' });
    else if (hedged(flag.says)) problems.push({ verdict: 'DISAGREE_CONCERN', cite: `the flag on ${at} is hedged; state it with the evidence or drop it`, why: 'hedged' });
  }
  if (!problems.length) return 'Every flag is real and nothing is missing.\nAGREE';
  const [first] = problems;
  return `${problems.map((p) => `- ${p.why}: ${p.cite}`).join('\n')}\n${first!.verdict}: ${first!.cite}`;
}

/** Text: a wrong claim no flag covers is missed; a flag on a claim the evidence supports is refuted by it. */
function textProblems(reviewed: string, evidence: NonNullable<CriticRequest['evidence']>, flags: readonly ReviewFlag[]): Problem[] {
  const findings = checkAgainstEvidence({ artifact: reviewed, evidence });
  const sources = evidenceSentences(evidence);
  const covers = (flag: ReviewFlag, claim: string) => flag.quote !== undefined && overlaps(flag.quote, claim);
  const problems: Problem[] = findings
    .filter((f) => !flags.some((flag) => covers(flag, f.claim)))
    .map((f) => ({ verdict: 'DISAGREE_EVIDENCE', cite: `"${f.claim}"`, why: `the review misses a finding: ${f.problem}` }));
  for (const flag of flags) {
    if (!flag.quote || hypothetical(flag.says) || hedged(flag.says) || findings.some((f) => covers(flag, f.claim))) continue;
    const support = supportOf(flag.quote, sources);
    problems.push({ verdict: 'DISAGREE_EVIDENCE', cite: `the evidence says "${support ?? flag.quote}", so the flag on "${flag.quote}" is wrong`, why: 'a flag the evidence refutes' });
  }
  return problems;
}

/** A code flag that asks for a change: "`a - b` is a bug here; it should be `a + b`" on a line. */
const ASKED_CHANGE = /^`([^`]+)` is a bug here; it should be `([^`]+)`/;

/**
 * Code, by the task's own @example lines (the held-out checks are never in a
 * request): when the code fails an example and no flag finds a bug, the
 * review missed one; a flag whose asked-for change makes an example that
 * passes fail is refuted by it. What the examples cannot tell apart, it lets stand.
 */
async function codeProblems(task: string, reviewed: string, flags: readonly ReviewFlag[], options: SandboxOptions): Promise<Problem[]> {
  const examples = parseExamples(task);
  if (!examples.length) return [];
  const failing = (run: Awaited<ReturnType<typeof judgeExamples>>) => (run.parseError !== null ? examples.map((_, i) => i) : run.problems.filter((p) => !p.unread).map((p) => p.index));
  const base = failing(await judgeExamples(examples, reviewed, options));
  const problems: Problem[] = [];
  const findings = flags.filter((f) => !hypothetical(f.says) && !hedged(f.says));
  const lines = reviewed.split('\n');
  if (base.length && !findings.length) {
    const first = lines.find((l) => l.trim())!.trim();
    problems.push({ verdict: 'DISAGREE_EVIDENCE', cite: `"${first}" fails its own example ${examples[base[0]!]!.expr}, and the review flags nothing`, why: 'the review misses a bug' });
  }
  for (const flag of findings) {
    const asked = ASKED_CHANGE.exec(flag.says);
    const line = flag.line !== undefined ? lines[flag.line - 1] : undefined;
    if (!asked || line === undefined || !line.includes(asked[1]!)) continue;
    const changed = [...lines.slice(0, flag.line! - 1), line.replace(asked[1]!, asked[2]!), ...lines.slice(flag.line!)].join('\n');
    const after = failing(await judgeExamples(examples, changed, options));
    const broken = after.filter((i) => !base.includes(i));
    if (broken.length)
      problems.push({
        verdict: 'DISAGREE_EVIDENCE',
        cite: `"${line.trim()}" is right: the change the flag asks for breaks the example ${examples[broken[0]!]!.expr}`,
        why: 'a flag the examples refute',
      });
  }
  return problems;
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
