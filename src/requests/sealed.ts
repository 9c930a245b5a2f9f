import { sha256Hex } from '../util/hash.js';
import { allowedKeys, CONDITIONS, type Condition } from './conditions.js';
import { SEALED_KEYS, type CriticRequest, type SealedRequest } from './types.js';

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

/** The sealed request plus the condition's single contaminant, checked against that condition's allowlist. */
export function requestUnder(condition: Condition, sealed: SealedRequest, contaminant: string | undefined): CriticRequest {
  const request: CriticRequest = { ...sealRequest(sealed) };
  if (condition.contaminantKey) {
    if (contaminant === undefined) throw new Error(`condition ${condition.name} needs a ${condition.contaminantKey}`);
    request[condition.contaminantKey] = contaminant;
  }
  assertExactKeys(request, allowedKeys(condition) as ReadonlySet<string>);
  return request;
}

/** Canonical bytes: keys in a fixed order, so equal requests hash equally whatever built them. */
export function serializeRequest(request: CriticRequest): string {
  const ordered: Record<string, unknown> = {};
  for (const key of [...SEALED_KEYS, 'trace', 'prior_verdict'] as const) {
    if (request[key] !== undefined) ordered[key] = request[key];
  }
  return JSON.stringify(ordered);
}

export function requestDigest(request: CriticRequest): string {
  return sha256Hex(serializeRequest(request));
}

/** For `check-request`: which keys of a user's payload break the sealed allowlist. */
export function sealedKeyProblems(payload: unknown): BoundaryViolation | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return new BoundaryViolation(['(not a JSON object)'], []);
  try {
    assertExactKeys(payload, allowedKeys(CONDITIONS.clean) as ReadonlySet<string>);
    return null;
  } catch (err) {
    if (err instanceof BoundaryViolation) return err;
    throw err;
  }
}
