import type { EvidenceItem } from '../fixtures/types.js';

/** The keys a sealed (clean) request may carry: exactly these, nothing else. */
export const SEALED_KEYS = ['task', 'artifact', 'evidence', 'rubric'] as const;

/** The sealed request: everything an independent critic needs, and nothing that carries a conclusion. */
export interface SealedRequest {
  task: string;
  artifact: string;
  evidence: EvidenceItem[];
  rubric: string;
}

/**
 * A sealed request plus at most one deliberate contaminant, under the key its
 * condition names; under a condition that withholds the evidence (blind), the
 * request has no `evidence` key at all.
 */
export interface CriticRequest extends Omit<SealedRequest, 'evidence'> {
  evidence?: EvidenceItem[];
  [contaminantKey: string]: string | EvidenceItem[] | undefined;
}

/** The contaminant a request carries under `key`, if any. */
export function contaminantIn(request: CriticRequest, key: string): string | undefined {
  const value = request[key];
  return typeof value === 'string' && !(SEALED_KEYS as readonly string[]).includes(key) ? value : undefined;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}
