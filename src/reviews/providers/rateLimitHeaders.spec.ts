import { describe, expect, it } from 'vitest';
import { rateLimitFromHeaders, resetMs } from './rateLimitHeaders.js';

describe('rate-limit headers', () => {
  it("reads OpenAI's family, resets as durations", () => {
    expect(
      rateLimitFromHeaders({
        'x-ratelimit-limit-requests': '5000',
        'x-ratelimit-remaining-requests': '4999',
        'x-ratelimit-reset-requests': '12ms',
        'x-ratelimit-limit-tokens': '160000',
        'x-ratelimit-remaining-tokens': '159976',
        'x-ratelimit-reset-tokens': '1m30s',
      }),
    ).toEqual({ requestsPerMinute: 5000, remainingRequests: 4999, requestsResetMs: 12, tokensPerMinute: 160000, remainingTokens: 159976, tokensResetMs: 90_000 });
  });

  it("reads Anthropic's family, resets as RFC 3339 times", () => {
    const now = Date.parse('2025-08-21T12:40:58Z');
    expect(
      rateLimitFromHeaders(
        {
          'anthropic-ratelimit-requests-limit': '1000',
          'anthropic-ratelimit-requests-remaining': '999',
          'anthropic-ratelimit-requests-reset': '2025-08-21T12:40:59Z',
          'anthropic-ratelimit-tokens-limit': '96000',
          'anthropic-ratelimit-tokens-remaining': '95000',
          'anthropic-ratelimit-tokens-reset': '2025-08-21T12:41:00Z',
        },
        now,
      ),
    ).toEqual({ requestsPerMinute: 1000, remainingRequests: 999, requestsResetMs: 1000, tokensPerMinute: 96000, remainingTokens: 95000, tokensResetMs: 2000 });
  });

  it('gives undefined without any, and ignores values that are not numbers', () => {
    expect(rateLimitFromHeaders({ 'content-type': 'application/json' })).toBeUndefined();
    expect(rateLimitFromHeaders({ 'x-ratelimit-limit-requests': 'lots' })).toBeUndefined();
  });

  it('reads durations of several units, and bare seconds', () => {
    expect(resetMs('6m0s')).toBe(360_000);
    expect(resetMs('0.5s')).toBe(500);
    expect(resetMs('2')).toBe(2000);
    expect(resetMs('soon')).toBeUndefined();
  });
});
