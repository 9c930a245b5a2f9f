import { describe, expect, it } from 'vitest';
import { Pacer } from './pace.js';

const never = new AbortController().signal;

/** When each of n requests waiting at once is let go, in ms after they asked, and whether the first went before the event loop turned. */
async function sendTimes(pacer: Pacer, n: number): Promise<{ times: number[]; firstAtOnce: boolean }> {
  const started = performance.now();
  const waits = Array.from({ length: n }, () => pacer.wait(never).then(() => performance.now() - started));
  const firstAtOnce = await settledAtOnce(waits[0]!);
  return { times: await Promise.all(waits), firstAtOnce };
}

/**
 * Whether a wait is over before the event loop turns: no timer behind it, only
 * promise jobs, which run before any callback of the loop. A busy machine makes
 * a turn slower, never a slept wait settle before it.
 */
function settledAtOnce(wait: Promise<unknown>): Promise<boolean> {
  return Promise.race([wait.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);
}

describe('Pacer', () => {
  it('does not pace a critic whose API publishes no limits and whose config states none', async () => {
    const pacer = new Pacer();
    pacer.observe(undefined, { inputTokens: 500, outputTokens: 20 });
    expect(pacer.spacingMs).toBe(0);
    expect(await settledAtOnce(Promise.all(Array.from({ length: 20 }, () => pacer.wait(never))))).toBe(true);
  });

  it('spaces requests to the published requests-per-minute, with 2% headroom, however many wait at once', async () => {
    const pacer = new Pacer();
    pacer.observe({ requestsPerMinute: 1_200, remainingRequests: 1_100 });
    expect(pacer.spacingMs).toBeCloseTo(50 / 0.98, 6);
    const { times, firstAtOnce } = await sendTimes(pacer, 6);
    expect(firstAtOnce).toBe(true);
    // Held back five spacings; a timer only ever fires late, so the upper bound leaves a busy machine 255 ms and still
    // fails slots taken at twice the spacing (510 ms and later).
    expect(times[5]).toBeGreaterThanOrEqual(5 * 51 - 2);
    expect(times[5]).toBeLessThan(2 * 5 * 51);
  });

  it('takes the tighter of the configured and the published limit, and of the request and token limits', () => {
    const pacer = new Pacer({ requestsPerMinute: 600 });
    expect(pacer.spacingMs).toBeCloseTo(100 / 0.98, 6);
    pacer.observe({ requestsPerMinute: 3_000 });
    expect(pacer.spacingMs).toBeCloseTo(100 / 0.98, 6);
    // 6,000 tokens a minute at about 1,000 tokens a review: 6 reviews a minute, one every 10 s.
    pacer.observe({ tokensPerMinute: 6_000 }, { inputTokens: 900, outputTokens: 100 });
    expect(pacer.spacingMs).toBeCloseTo(10_000 / 0.98, 6);
  });

  it("holds every request back for a 429's retry-after", async () => {
    const pacer = new Pacer({ requestsPerMinute: 60_000 });
    pacer.observe(undefined, null, 150);
    const { times } = await sendTimes(pacer, 2);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(145);
  });

  it('lets waiters go at once when the run stops', async () => {
    // At one request a minute the second waits about 60 s unless the stop lets it go: at once is well under a
    // millisecond of work, and a busy machine's hundred times that is still far from 10 s.
    const pacer = new Pacer({ requestsPerMinute: 1 });
    const stop = new AbortController();
    await pacer.wait(stop.signal);
    const started = performance.now();
    const waiting = pacer.wait(stop.signal);
    stop.abort();
    await waiting;
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
