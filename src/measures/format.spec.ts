import { describe, expect, it } from 'vitest';
import type { VerdictCounts } from '../results/tabulate.js';
import { engineText } from './format.js';

const verdicts: VerdictCounts = {
  reviews: 40,
  verdicts: 38,
  noVerdict: 1,
  errors: 1,
  cached: 10,
  retries: 46,
  rateLimited: 3,
  verdictRate: 0.95,
  noVerdictRate: 0.025,
  errorRate: 0.025,
  inputTokens: 80_000,
  outputTokens: 4_000,
  cachedInputTokens: 20_000,
  cachedOutputTokens: 1_000,
};

describe("the run's cost, as every report's engine line prints it", () => {
  it('carries its currency, as the dry run prints its estimate', () => {
    expect(engineText({ verdicts, cost: 0.01464, costSplit: { spent: 0.01098, cached: 0.00366 } })).toBe(
      '10 of 40 reviews from the cache · 46 retries · 3 rate-limited (429) · cost $0.0146: $0.0110 spent, $0.0037 served from the cache',
    );
    expect(engineText({ verdicts, cost: 0.5, costSplit: { spent: 0.5, cached: 0 } })).toMatch(/ · cost \$0\.5000$/);
  });

  it('is left out without pricing', () => {
    expect(engineText({ verdicts, cost: null, costSplit: null })).toBe('10 of 40 reviews from the cache · 46 retries · 3 rate-limited (429)');
  });
});
