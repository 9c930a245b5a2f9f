import { citesNormalised, normaliseQuote } from '../../text/quote.js';
import { passFail } from './pass-fail.js';
import type { ClaimVerdict, ClaimVerdictWord, GrammarContext, ParsedVerdict, VerdictGrammar } from './types.js';

export interface ClaimsVerdict extends ParsedVerdict {
  /** Every claim verdict the reply gave, valid or not: the report's citation and not-found figures read them. */
  readonly claimVerdicts: readonly ClaimVerdict[];
}

/** Why a per-claim reply is invalid, in the order they are checked: a reply is counted under its first. */
const CLAIMS_INVALID_REASONS = [
  'not valid JSON',
  'no claim verdicts',
  'unknown claim verdict',
  'duplicate claim id',
  'unknown claim id',
  'missing claim',
  'supported without a span',
  'span not in the evidence',
  'overall verdict disagrees with the claims',
] as const;

// Seed 004's words, and seed 002's dispositions read as the same three.
const WORDS: Record<string, ClaimVerdictWord> = {
  supported: 'supported',
  passed: 'supported',
  contradicted: 'contradicted',
  failed: 'contradicted',
  'not-found': 'not-found',
  'not found': 'not-found',
  not_found: 'not-found',
  notfound: 'not-found',
  unproven: 'not-found',
};

const CLAIM_LINE = /^[\s*_`#>-]*claim\s*#?\s*(\d+)[*_`]*\s*[:.)-]\s*[*_`]*\s*(not[- _]?found|[a-z]+)(?![a-z])[*_`]*\s*[:,-]?\s*(.*?)\s*$/i;
const QUOTED = /"([^"]+)"|\u201c([^\u201d]+)\u201d|`([^`]+)`/;

interface RawClaim {
  id: unknown;
  verdict: unknown;
  span: unknown;
}

/**
 * Seed 004's per-claim verdict with a citation: for each numbered claim of
 * the artifact, `supported`, `contradicted` or `not-found` with the evidence
 * span that justifies it, as JSON (`{"claims": [{"id": 1, "verdict":
 * "supported", "span": "..."}], "verdict": "PASS"}`) or one line per claim
 * (`CLAIM 1: supported "span"`), then the overall `VERDICT: PASS|FAIL` line.
 * The artifact is flagged when a claim is contradicted, or not found (unless
 * `notFound: neutral`). A reply that breaks the form's rules is invalid.
 */
export const claims = {
  name: 'claims',
  readsRequest: true,
  readsReviews: false,
  perClaim: true,
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['claims', 'verdict'],
    properties: {
      claims: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'verdict', 'span'],
          properties: {
            id: { type: 'integer' },
            verdict: { type: 'string', enum: ['supported', 'contradicted', 'not-found'] },
            span: { type: ['string', 'null'] },
          },
        },
      },
      verdict: { type: 'string', enum: ['PASS', 'FAIL'] },
    },
  },
  parse(reply: string, context?: GrammarContext): ClaimsVerdict {
    const json = jsonPart(reply);
    let raw: RawClaim[];
    let overall = passFail.parse(reply).verdict;
    if (json !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        // A reply cut off mid-object is no verdict; one that looks finished (a verdict line, or a closing brace) is invalid.
        return overall || json.endsWith('}') ? invalid('not valid JSON', []) : none();
      }
      const object = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      if (overall === null && (object['verdict'] === 'PASS' || object['verdict'] === 'FAIL')) overall = object['verdict'];
      raw = Array.isArray(object['claims']) ? (object['claims'] as unknown[]).map((c) => (c !== null && typeof c === 'object' ? (c as RawClaim) : { id: null, verdict: null, span: null })) : [];
    } else {
      raw = [];
      for (const line of reply.split(/\r?\n/)) {
        const m = CLAIM_LINE.exec(line);
        if (!m) continue;
        const quoted = m[3] ? QUOTED.exec(m[3]) : null;
        raw.push({ id: Number(m[1]), verdict: m[2]!.trim(), span: quoted ? (quoted[1] ?? quoted[2] ?? quoted[3])! : null });
      }
    }
    if (overall === null) return none();
    return judge(raw, overall, context);
  },
} as const satisfies VerdictGrammar<ClaimsVerdict>;

/** The reply's JSON object, fences and prose around it aside; null when the reply does not answer in JSON. */
function jsonPart(reply: string): string | null {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)(?:```|$)/.exec(reply);
  const body = (fenced ? fenced[1]! : reply).trim();
  if (!body.startsWith('{')) return null;
  const end = body.lastIndexOf('}');
  return end < 0 ? body : body.slice(0, end + 1);
}

/** Evidence as spans are compared with it, normalised once per evidence list (every item of a fixture shares its list). */
const normalisedEvidence = new WeakMap<object, string>();

function citable(context: GrammarContext): string {
  if (!context.evidence.length) return normaliseQuote(context.artifact);
  let text = normalisedEvidence.get(context.evidence);
  if (text === undefined) {
    text = normaliseQuote(context.evidence.map((e) => e.text).join('\n'));
    normalisedEvidence.set(context.evidence, text);
  }
  return text;
}

function judge(raw: readonly RawClaim[], overall: 'PASS' | 'FAIL', context: GrammarContext | undefined): ClaimsVerdict {
  const evidence = context ? citable(context) : null;
  const problems = new Set<string>();
  const verdicts: ClaimVerdict[] = [];
  const seen = new Set<number>();
  for (const c of raw) {
    const word = typeof c.verdict === 'string' ? WORDS[c.verdict.trim().toLowerCase()] : undefined;
    const id = typeof c.id === 'number' ? c.id : typeof c.id === 'string' && /^\d+$/.test(c.id) ? Number(c.id) : Number.NaN;
    const span = typeof c.span === 'string' && c.span.trim() ? c.span.trim() : null;
    if (!word) {
      problems.add('unknown claim verdict');
      continue;
    }
    if (!Number.isInteger(id) || (context && !context.claims.some((k) => k.id === id))) problems.add('unknown claim id');
    else if (seen.has(id)) problems.add('duplicate claim id');
    seen.add(id);
    if (word === 'supported' && span === null) problems.add('supported without a span');
    const spanFound = span === null || evidence === null ? null : citesNormalised(evidence, normaliseQuote(span.replace(/^\.\.\.|\.\.\.$|…/g, '')));
    if (spanFound === false) problems.add('span not in the evidence');
    verdicts.push({ id, verdict: word, span, spanFound });
  }
  if (raw.length === 0) problems.add('no claim verdicts');
  if (context?.claims.some((k) => !seen.has(k.id))) problems.add('missing claim');
  const neutral = context?.notFound === 'neutral';
  const flaggedClaims = verdicts.filter((v) => v.verdict === 'contradicted' || (v.verdict === 'not-found' && !neutral)).map((v) => v.id);
  const flagged = flaggedClaims.length > 0;
  const ambiguous = neutral && verdicts.some((v) => v.verdict === 'not-found');
  if (!ambiguous && flagged !== (overall === 'FAIL')) problems.add('overall verdict disagrees with the claims');
  const first = CLAIMS_INVALID_REASONS.find((r) => problems.has(r));
  if (first) return invalid(first, verdicts);
  return { flagged, flaggedClaims, claimVerdicts: verdicts };
}

const none = (): ClaimsVerdict => ({ flagged: null, claimVerdicts: [] });
const invalid = (reason: string, claimVerdicts: ClaimVerdict[]): ClaimsVerdict => ({ flagged: null, invalid: reason, claimVerdicts });
