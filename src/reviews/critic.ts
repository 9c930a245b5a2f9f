import type { FixtureKindName } from '../fixtures/kinds/index.js';
import type { ChatMessage, CriticRequest } from '../requests/types.js';

/** What a review call hands a critic. The condition is never named: the critic sees only what the request carries. */
export interface ReviewCall {
  /** Opaque per-review id: reveals neither the condition nor whether the artifact is a mutant. */
  reviewId: string;
  request: CriticRequest;
  /** The request rendered through the prompt template; on a second turn, followed by the critic's first reply and the follow-up. */
  messages: ChatMessage[];
  /** 1 for a single request, 2 for a second turn. */
  turn: 1 | 2;
  signal: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface CriticReply {
  text: string;
  usage?: TokenUsage;
}

/** Everything that determines a critic's replies, for the manifest and cache keys. Never a secret. */
export interface CriticIdentity {
  provider: string;
  [part: string]: unknown;
}

/** One interface for every kind of critic: OpenAI-compatible, exec, built-in. */
export interface Critic {
  readonly name: string;
  readonly identity: CriticIdentity;
  /** The artifact kinds it can review; a model critic reviews any, a built-in checker only its own. */
  readonly kinds?: ReadonlyArray<FixtureKindName>;
  review(call: ReviewCall): Promise<CriticReply>;
  /** Ends what the critic keeps between reviews (a persistent exec process); called once the run is done with it. */
  close?(): Promise<void>;
}

/**
 * A failed call. `retryable` covers rate limits, 5xx, network errors and
 * timeouts; `quotaExhausted` means retrying is pointless and the run must stop.
 */
export class CriticCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly details: { status?: number; retryAfterMs?: number; quotaExhausted?: boolean } = {},
  ) {
    super(message);
    this.name = 'CriticCallError';
  }
}
