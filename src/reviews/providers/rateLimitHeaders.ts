import type { IncomingHttpHeaders } from 'node:http';
import type { RateLimitState } from '../critic.js';

/**
 * The rate limits a hosted API publishes in every response. OpenAI (and the
 * many services that copy it) send `x-ratelimit-{limit,remaining,reset}-{requests,tokens}`
 * with resets as durations (`6m0s`, `12ms`); Anthropic sends
 * `anthropic-ratelimit-{requests,tokens,input-tokens}-{limit,remaining,reset}`
 * with resets as RFC 3339 times. Either family is read; a response without
 * them gives undefined.
 */
export function rateLimitFromHeaders(headers: IncomingHttpHeaders, now = Date.now()): RateLimitState | undefined {
  const state: RateLimitState = {};
  const set = (key: keyof RateLimitState, value: number | undefined) => {
    if (value !== undefined) state[key] = value;
  };
  set('requestsPerMinute', count(headers['x-ratelimit-limit-requests'] ?? headers['anthropic-ratelimit-requests-limit']));
  set('remainingRequests', count(headers['x-ratelimit-remaining-requests'] ?? headers['anthropic-ratelimit-requests-remaining']));
  set('requestsResetMs', resetMs(headers['x-ratelimit-reset-requests'] ?? headers['anthropic-ratelimit-requests-reset'], now));
  // Anthropic's combined `tokens` limit is the tightest it states; older accounts show only input tokens.
  const tokens = (suffix: string) => headers[`x-ratelimit-${suffix}-tokens`] ?? headers[`anthropic-ratelimit-tokens-${suffix}`] ?? headers[`anthropic-ratelimit-input-tokens-${suffix}`];
  set('tokensPerMinute', count(tokens('limit')));
  set('remainingTokens', count(tokens('remaining')));
  set('tokensResetMs', resetMs(headers['x-ratelimit-reset-tokens'] ?? headers['anthropic-ratelimit-tokens-reset'] ?? headers['anthropic-ratelimit-input-tokens-reset'], now));
  return Object.keys(state).length ? state : undefined;
}

function count(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };

/** A reset as a duration (`1m30s`, `12ms`, `0.5s`, seconds as a bare number) or as an absolute time (RFC 3339). */
export function resetMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g)];
  if (parts.length && parts.map((p) => p[0]).join('') === text) return parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
