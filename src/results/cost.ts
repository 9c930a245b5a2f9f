import type { TokenUsage } from '../reviews/critic.js';
import type { CriticRecord } from './types.js';

export type Pricing = NonNullable<CriticRecord['pricing']>;

/** What the tokens cost at prices per million input and output tokens. */
export function costOf(tokens: TokenUsage, pricing: Pricing): number {
  return (tokens.inputTokens * pricing.inputPerMillion + tokens.outputTokens * pricing.outputPerMillion) / 1e6;
}

/** An amount as every output prints it, the dry run's estimate and the run's cost alike: in dollars, as the providers' per-million prices are quoted. */
export function formatCost(amount: number): string {
  return `$${amount.toFixed(4)}`;
}
