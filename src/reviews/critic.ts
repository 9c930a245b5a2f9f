import { fixtureKind, type FixtureKindName } from '../fixtures/kinds/index.js';
import type { ChatMessage, CriticRequest } from '../requests/types.js';
import type { BatchApi } from './batch/api.js';
import type { Toolbox } from './tools/index.js';
import type { VerdictGrammar } from './verdicts/types.js';

/** What a review call hands a critic. The condition is never named: the critic sees only what the request carries. */
export interface ReviewCall {
  /** Opaque per-review id: reveals neither the condition nor whether the artifact is a mutant. */
  reviewId: string;
  request: CriticRequest;
  /** The request rendered through the prompt template; on a second turn, followed by the critic's first reply and the follow-up. */
  messages: ChatMessage[];
  /** The artifact as numbered claims (a sentence, or a line of code, each), when the template lists them or the critic answers per claim. */
  claims?: ReadonlyArray<{ id: number; text: string }>;
  /** 1 for a single request, 2 for a second turn. */
  turn: 1 | 2;
  signal: AbortSignal;
  /**
   * A tool-using critic's tools for this review (`tools:` on its entry): the critic calls them before its verdict,
   * and each call is recorded. Absent for a critic without tools.
   */
  tools?: Toolbox;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What a hosted API said of its rate limits in one response's headers (per minute, as the APIs publish them). */
export interface RateLimitState {
  requestsPerMinute?: number;
  remainingRequests?: number;
  /** Milliseconds until the request limit is whole again. */
  requestsResetMs?: number;
  tokensPerMinute?: number;
  remainingTokens?: number;
  tokensResetMs?: number;
}

export interface CriticReply {
  text: string;
  usage?: TokenUsage;
  /** The rate limits the response's headers published, for the scheduler's pacing. */
  rateLimit?: RateLimitState;
}

/** A request exactly as a critic would send it, secrets masked: what `run --dry-run` prints. */
export interface RequestPreview {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
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
  /** Reviews only the fixtures with an acceptance plan (a plan checker: the plan is what it checks against). */
  readonly plansOnly?: boolean;
  review(call: ReviewCall): Promise<CriticReply>;
  /** The configured rate limit (`rateLimit:` on the entry), which the scheduler paces to beside what the headers say. */
  readonly rateLimit?: { requestsPerMinute?: number | undefined; tokensPerMinute?: number | undefined } | undefined;
  /** The request a review call would send, secrets masked, without sending it (an HTTP critic). */
  preview?(call: Omit<ReviewCall, 'signal'>): RequestPreview;
  /** The provider's batch API (`batch: true` or `--batch`): the same requests at the batch price, answered within a day. */
  readonly batch?: BatchApi;
  /** Ends what the critic keeps between reviews (a persistent exec process); called once the run is done with it. */
  close?(): Promise<void>;
}

/**
 * A failed call. `retryable` covers rate limits, 5xx, network errors and
 * timeouts; `quotaExhausted` means retrying is pointless and the run must stop
 * (exit 3), as does `stopsRun` (a reply the critic can never be read from); `badInput` that the config is wrong (a rejected key, a setting the
 * API refuses): the run stops and exits 2, the message naming the config field.
 */
export class CriticCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly details: { status?: number; retryAfterMs?: number; quotaExhausted?: boolean; badInput?: boolean; stopsRun?: boolean; rateLimit?: RateLimitState } = {},
  ) {
    super(message);
    this.name = 'CriticCallError';
  }
}

/**
 * Whether a critic reviews a fixture's items: one of its own `kinds`, with a
 * plan for a plan checker (`plansOnly`). In an audit with review items (seed
 * 001), those go to the critics of reviews, the ones whose grammar reads
 * reviews (`verdict: agree-disagree`), and only to them; every other item to
 * the others.
 */
export function reviewsFixture(
  critic: Pick<Critic, 'kinds' | 'plansOnly'>,
  grammar: Pick<VerdictGrammar, 'readsReviews'>,
  fixture: { kind: FixtureKindName; acceptance?: readonly unknown[] | undefined },
  auditHasReviews: boolean,
): boolean {
  if (auditHasReviews && grammar.readsReviews !== fixtureKind(fixture.kind).isReview) return false;
  return (!critic.kinds || (critic.kinds as readonly string[]).includes(fixture.kind)) && (!critic.plansOnly || (fixture.acceptance?.length ?? 0) > 0);
}
