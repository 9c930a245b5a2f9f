import { citesNormalised, namedLines, normaliseQuote } from '../../text/quote.js';
import type { GrammarContext, ParsedVerdict, VerdictGrammar } from './types.js';

export type AgreeDisagreeWord = 'AGREE' | 'DISAGREE_EVIDENCE' | 'DISAGREE_CONCERN';

export interface AgreeDisagreeVerdict extends ParsedVerdict {
  readonly verdict: AgreeDisagreeWord | null;
}

const VERDICT_LINE = /^[\s*_`#>-]*(agree|disagree_evidence|disagree_concern)[*_`]*(?:\s*:\s*(.*?))?[\s*_`]*$/i;
const QUOTED = /"([^"]+)"|\u201c([^\u201d]+)\u201d|`([^`]+)`/g;

/**
 * Seed 001's three verdicts, as the reply's last verdict line: `AGREE` (the
 * artifact stands), `DISAGREE_EVIDENCE: <citation>` (flagged, citing a line
 * or a span of the artifact or its evidence: a citation that resolves to none makes the
 * reply invalid) or `DISAGREE_CONCERN: <objection>` (flagged on a doubt with
 * nothing cited; an empty objection is invalid).
 */
export const agreeDisagree = {
  name: 'agree-disagree',
  readsRequest: true,
  readsReviews: true,
  perClaim: false,
  audits: 'reviews',
  parse(reply: string, context?: GrammarContext): AgreeDisagreeVerdict {
    const lines = reply.split(/\r?\n/);
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = VERDICT_LINE.exec(lines[i]!);
      if (!m) continue;
      const verdict = m[1]!.toUpperCase() as AgreeDisagreeWord;
      const text = (m[2] ?? '').trim();
      if (verdict === 'AGREE') return text ? { flagged: null, verdict: null } : { flagged: false, verdict };
      if (!text) return { flagged: null, verdict, invalid: verdict === 'DISAGREE_EVIDENCE' ? 'evidence without a citation' : 'concern without an objection' };
      if (verdict === 'DISAGREE_EVIDENCE' && context && !citationResolves(text, context)) return { flagged: null, verdict, invalid: 'citation does not resolve to the artifact', citations: [text] };
      return { flagged: true, verdict, citations: [text] };
    }
    return { flagged: null, verdict: null };
  },
} as const satisfies VerdictGrammar<AgreeDisagreeVerdict>;

/**
 * A citation resolves when it names a line the artifact (or an evidence text)
 * has, or quotes (or is) a span of one of them: a critic of a review cites
 * the artifact under review, which its request carries as evidence.
 */
export function citationResolves(citation: string, context: Pick<GrammarContext, 'artifact' | 'evidence'>): boolean {
  const texts = [context.artifact, ...context.evidence.map((e) => e.text)];
  const lineCount = Math.max(...texts.map((t) => t.split('\n').length));
  if ([...namedLines(citation)].some((n) => n >= 1 && n <= lineCount)) return true;
  const quoted = [...citation.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3])!);
  return texts.some((t) => {
    const text = normaliseQuote(t);
    return [citation, ...quoted].some((q) => citesNormalised(text, normaliseQuote(q)));
  });
}
