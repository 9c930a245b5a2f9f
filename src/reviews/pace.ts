import { sleep } from '../util/sleep.js';
import type { RateLimitState, TokenUsage } from './critic.js';

/** Paced this far below the published limit, so a server's clock and ours drifting apart does not earn 429s. */
const HEADROOM = 0.98;
/** How fast the estimate of tokens per review follows the replies (an exponentially weighted mean). */
const TOKEN_SMOOTHING = 0.1;

/**
 * Spaces a critic's requests to the rate limit its API publishes (OpenAI's
 * `x-ratelimit-*`, Anthropic's `anthropic-ratelimit-*`) or its config states
 * (`rateLimit: {requestsPerMinute, tokensPerMinute}`), whichever is tighter.
 *
 * Adaptive concurrency alone finds a limit by hitting it: a 429 halves the
 * reviews in flight and successes win them back, so a run oscillates around
 * the limit, drawing 429s on every climb. Pacing sends at the rate the limit
 * allows instead: each request takes the next free slot on a schedule
 * `interval` apart (slots are planned, so a timer firing late does not lower
 * the rate, and an idle spell earns no burst). Until the first answer says
 * what the limits are, requests go unpaced (a first request held back alone
 * would stall the run behind one that hangs): a run opens with at most
 * `concurrency` requests at once, as before. A 429 pauses the schedule for
 * its retry-after. An API that publishes no limits is not paced.
 */
export class Pacer {
  private intervalMs: number;
  private nextAt = 0;
  private headerLimits: RateLimitState = {};
  private tokensPerReview = 0;

  constructor(private readonly configured: { requestsPerMinute?: number | undefined; tokensPerMinute?: number | undefined } = {}) {
    this.intervalMs = this.interval();
  }

  /** The current spacing between requests, in ms (0: not paced). */
  get spacingMs(): number {
    return this.intervalMs;
  }

  /** Resolves when this request may be sent (at once when the run is stopping). */
  async wait(signal: AbortSignal): Promise<void> {
    if (this.intervalMs <= 0 || signal.aborted) return;
    const now = performance.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at > now) await sleep(at - now, signal);
  }

  /** What an answer (or a failed attempt) said: its rate-limit headers, its tokens, and a 429's retry-after. */
  observe(state: RateLimitState | undefined, usage?: TokenUsage | null, rateLimitedForMs?: number): void {
    if (state) this.headerLimits = { ...this.headerLimits, ...state };
    if (usage) {
      const tokens = usage.inputTokens + usage.outputTokens;
      this.tokensPerReview = this.tokensPerReview === 0 ? tokens : this.tokensPerReview + TOKEN_SMOOTHING * (tokens - this.tokensPerReview);
    }
    this.intervalMs = this.interval();
    if (rateLimitedForMs !== undefined) this.nextAt = Math.max(this.nextAt, performance.now() + Math.max(rateLimitedForMs, this.intervalMs));
  }

  private interval(): number {
    const rpm = minDefined(this.configured.requestsPerMinute, this.headerLimits.requestsPerMinute);
    const tpm = minDefined(this.configured.tokensPerMinute, this.headerLimits.tokensPerMinute);
    const byRequests = rpm ? 60_000 / rpm : 0;
    const byTokens = tpm && this.tokensPerReview ? (60_000 * this.tokensPerReview) / tpm : 0;
    return Math.max(byRequests, byTokens) / HEADROOM;
  }
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
