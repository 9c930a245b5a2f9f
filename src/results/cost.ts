import type { TokenUsage } from '../reviews/critic.js';
import type { CriticRecord } from './types.js';

export type Pricing = NonNullable<CriticRecord['pricing']>;

/** What the tokens cost at prices per million input and output tokens. */
export function costOf(tokens: TokenUsage, pricing: Pricing): number {
  return (tokens.inputTokens * pricing.inputPerMillion + tokens.outputTokens * pricing.outputPerMillion) / 1e6;
}
