import type { EvidenceItem } from '../fixtures/types.js';
import type { ContaminantKey } from './conditions/index.js';

/** The keys a sealed (clean) request may carry: exactly these, nothing else. */
export const SEALED_KEYS = ['task', 'artifact', 'evidence', 'rubric'] as const;

/** The sealed request: everything an independent critic needs, and nothing that carries a conclusion. */
export interface SealedRequest {
  task: string;
  artifact: string;
  evidence: EvidenceItem[];
  rubric: string;
}

/** A sealed request plus at most one deliberate contaminant, as each condition defines. */
export type CriticRequest = SealedRequest & Partial<Record<ContaminantKey, string>>;

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}
