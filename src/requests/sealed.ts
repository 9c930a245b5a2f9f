import { z } from 'zod';
import { verdictLikeHits } from '../text/verdictLike.js';
import { formatPath } from '../util/yamlSource.js';
import { sha256Hex } from '../util/hash.js';
import type { Condition } from './conditions/index.js';
import { SEALED_KEYS, type ChatMessage, type CriticRequest, type SealedRequest } from './types.js';

/** A request that carries keys outside its allowlist, or lacks one. Thrown before anything is sent. */
export class BoundaryViolation extends Error {
  constructor(
    readonly unexpected: string[],
    readonly missing: string[],
  ) {
    const parts = [];
    if (unexpected.length) parts.push(`unexpected key${unexpected.length > 1 ? 's' : ''}: ${unexpected.join(', ')}`);
    if (missing.length) parts.push(`missing key${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    super(`boundary violation: ${parts.join('; ')}`);
    this.name = 'BoundaryViolation';
  }
}

/**
 * Checks a payload against an exact key set. An exact set, not a list of
 * forbidden names, is what does the work: any unexpected field is rejected,
 * including ones nobody thought to prohibit (seed 000).
 */
export function assertExactKeys(payload: object, allowed: ReadonlySet<string>): void {
  const keys = Object.keys(payload);
  const unexpected = keys.filter((k) => !allowed.has(k)).sort();
  const missing = [...allowed].filter((k) => !keys.includes(k)).sort();
  if (unexpected.length || missing.length) throw new BoundaryViolation(unexpected, missing);
}

export function sealRequest(payload: object): SealedRequest {
  assertExactKeys(payload, new Set(SEALED_KEYS));
  return payload as SealedRequest;
}

/**
 * The sealed request under a condition: plus its single contaminant, or less
 * the one sealed key it withholds (absent, not empty), checked against that
 * condition's allowlist.
 */
export function requestUnder(condition: Condition, sealed: SealedRequest, contaminant: string | undefined, evidenceBy: EvidenceDelivery = 'inline'): CriticRequest {
  // Fields written out: a spread copy plus one more key makes V8 build a slower object, for every review.
  const { task, artifact, evidence, rubric } = sealRequest(sealed);
  const request: CriticRequest = withholdsEvidence(condition, evidenceBy) ? withoutEvidence({ task, artifact, evidence, rubric }) : { task, artifact, evidence, rubric };
  if (condition.contaminantKey) {
    if (contaminant === undefined) throw new Error(`condition ${condition.name} needs a ${condition.contaminantKey}`);
    request[condition.contaminantKey] = contaminant;
  }
  assertExactKeys(request, allowedKeys(condition, evidenceBy));
  return request;
}

/**
 * How the evidence reaches the critic: `inline`, in the request; `search`,
 * through its tools (`tools: {evidence: search}`), so the request goes without
 * it as under a condition that withholds it.
 */
export type EvidenceDelivery = 'inline' | 'search';

const withholdsEvidence = (condition: Pick<Condition, 'withholds'>, evidenceBy: EvidenceDelivery) => condition.withholds === 'evidence' || evidenceBy === 'search';

/** The sealed request without its evidence: the key absent, not set to undefined or emptied. */
function withoutEvidence({ task, artifact, rubric }: SealedRequest): CriticRequest {
  return { task, artifact, rubric };
}

/** The keys a request under this condition must carry: the sealed set, less the key it withholds (or the evidence a critic searches), plus the one contaminant. */
export function allowedKeys(condition: Condition, evidenceBy: EvidenceDelivery = 'inline'): ReadonlySet<string> {
  const keys: string[] = SEALED_KEYS.filter((k) => k !== condition.withholds && !(k === 'evidence' && evidenceBy === 'search'));
  if (condition.contaminantKey) keys.push(condition.contaminantKey);
  return new Set(keys);
}

/**
 * Canonical bytes: the sealed keys in a fixed order (a withheld one left
 * out), then the contaminant (a request carries at most one; any others
 * sorted), so equal requests hash equally whatever built them.
 */
export function serializeRequest(request: CriticRequest): string {
  const ordered: Record<string, unknown> = {};
  for (const key of SEALED_KEYS) if (key in request) ordered[key] = request[key];
  const rest = Object.keys(request).filter((k) => !(SEALED_KEYS as readonly string[]).includes(k) && request[k] !== undefined);
  for (const key of rest.length > 1 ? rest.sort() : rest) ordered[key] = request[key];
  return JSON.stringify(ordered);
}

export function requestDigest(request: CriticRequest): string {
  return sha256Hex(serializeRequest(request));
}

/** A second turn's digest: the request's bytes and every later message, so a different first reply or follow-up is a different review (and cache key). */
export function conversationDigest(request: CriticRequest, tail: readonly ChatMessage[]): string {
  return sha256Hex(`${serializeRequest(request)}\n${JSON.stringify(tail.map((m) => [m.role, m.content]))}`);
}

/**
 * The sealed request's shape, nested levels included: a verdict can hide in an
 * evidence item's extra field or in a task given as an object, not only in a
 * top-level key.
 */
const sealedPayloadSchema = z.strictObject({
  task: z.string(),
  artifact: z.string(),
  evidence: z.array(z.strictObject({ id: z.string(), title: z.string().optional(), text: z.string() })),
  rubric: z.string(),
});

/** For `check-request`: every way a user's payload breaks the sealed allowlist, or an empty list. */
export function sealedPayloadProblems(payload: unknown): string[] {
  const result = sealedPayloadSchema.safeParse(payload);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const where = formatPath(issue.path) || '(top level)';
    if (issue.code === 'unrecognized_keys') {
      const keys = [...issue.keys].sort().map((k) => (issue.path.length ? `${where}.${k}` : k));
      return `unexpected key${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
    }
    return `${where}: ${issue.message}`;
  });
}

/**
 * For `check-request`: verdict-like text pasted into a sealed field (a
 * VERDICT line, "Prior reviewer: PASS", "LGTM", ...), which no key allowlist
 * can see, each with its field path. The rubric is the reviewer's own
 * instruction and is not scanned.
 */
export function pastedVerdictProblems(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const p = payload as Record<string, unknown>;
  const texts: Array<[string, unknown]> = [
    ['task', p.task],
    ['artifact', p.artifact],
    ...(Array.isArray(p.evidence)
      ? p.evidence.flatMap(
          (e: unknown, i): Array<[string, unknown]> => [
            [`evidence[${i}].title`, (e as Record<string, unknown>)?.title],
            [`evidence[${i}].text`, (e as Record<string, unknown>)?.text],
          ],
        )
      : []),
  ];
  return texts.flatMap(([field, text]) => (typeof text === 'string' ? verdictLikeHits(text).map((hit) => `${field}: verdict-like text (${hit.label}: "${hit.text}")`) : []));
}
