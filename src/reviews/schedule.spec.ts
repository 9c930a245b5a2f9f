import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  delayed,
  drop,
  hang,
  malformedJSON,
  noVerdictReply,
  quotaExhausted,
  rateLimited,
  serverError,
  startFakeOpenAI,
  toolCallsReply,
  userText,
  verdictReply,
  type FakeHandler,
  type FakeOpenAI,
  type FakeResponse,
} from '../../test/support/fakeOpenAI.js';
import type { ReviewItem } from '../requests/items.js';
import { reviewJobs, type ReviewJob } from '../requests/jobs.js';
import { conditionsOf, type ConditionName } from '../requests/conditions/index.js';
import { ReplyCache } from './cache.js';
import { CriticCallError, type Critic } from './critic.js';
import { createOpenAICritic } from './providers/openai.js';
import { runReviews, type ScheduleOptions } from './schedule.js';
import type { RunStop } from './stop.js';
import type { ReviewResult } from './types.js';

const TEMPLATE =
  '## Task\n{{task}}\n\n## Artifact under review\n{{artifact}}\n\n{{#evidence}}## Evidence\n{{evidence}}{{/evidence}}\n\n{{#prior_verdict}}## Earlier review\n{{prior_verdict}}{{/prior_verdict}}\n\nEnd your reply with `VERDICT: PASS` or `VERDICT: FAIL`.';

/** A hand-made item whose artifact carries `marker`, so the fake server can tell the reviews apart. */
function item(marker: string): ReviewItem {
  return {
    id: `fixture-${marker.toLowerCase()}`,
    fixtureId: `fixture-${marker.toLowerCase()}`,
    cluster: 'policies',
    kind: 'text',
    role: 'original',
    mutator: null,
    task: 'Summarise the policy in one sentence.',
    artifact: `[${marker}] Staff may claim travel expenses within 30 days.`,
    evidence: [{ id: 'POL-1', title: 'Expenses policy', text: 'Travel expenses must be claimed within 30 days of travel.' }],
    trace: undefined,
  };
}

function jobs(markers: string[], conditions: ConditionName[] = ['clean']): ReviewJob[] {
  return [...reviewJobs(markers.map(item), { conditions: conditionsOf(conditions), rubricFor: () => 'Check each claim against the evidence.', template: TEMPLATE })];
}

/** The marker of the item a request is about. */
const markerOf = (body: Parameters<FakeHandler>[0]) => /\[([A-Z]+)\]/.exec(userText(body))?.[1] ?? '?';

/** Answers each item from its own script, in order; an item past its script gets a 500 that says so. */
function perItem(scripts: Record<string, FakeResponse[]>): FakeHandler {
  return (body) => scripts[markerOf(body)]?.shift() ?? { kind: 'error', status: 500, body: { error: { message: `unscripted request for ${markerOf(body)}` } } };
}

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setUp(handler: FakeHandler | FakeResponse[]): Promise<{ server: FakeOpenAI; critic: Critic }> {
  server = await startFakeOpenAI(handler);
  const critic = createOpenAICritic({
    name: 'fake-critic',
    model: 'fake-model',
    baseURL: server.baseURL,
    apiKey: 'sk-test',
    temperature: 0,
    timeoutMs: 5_000,
    identity: { provider: 'openai', model: 'fake-model' },
  });
  return { server, critic };
}

async function run(critic: Critic, list: ReviewJob[], options: Partial<ScheduleOptions> = {}): Promise<{ results: ReviewResult[]; error: unknown; stoppedBy: RunStop | null }> {
  const results: ReviewResult[] = [];
  let error: unknown = null;
  let stoppedBy: RunStop | null = null;
  try {
    ({ stoppedBy } = await runReviews(critic, list, {
      concurrency: 2,
      retries: 3,
      timeoutMs: 2_000,
      backoffBaseMs: 1,
      ...options,
      onResult: (r) => {
        results.push(r);
        options.onResult?.(r);
      },
    }));
  } catch (err) {
    error = err;
  }
  return { results, error, stoppedBy };
}

const byItem = (results: ReviewResult[]) => Object.fromEntries(results.map((r) => [r.itemId, r]));
const requestsFor = (s: FakeOpenAI, marker: string) => s.requests.filter((r) => typeof r.body === 'object' && markerOf(r.body) === marker);

describe('runReviews with the OpenAI provider against a fake server', () => {
  it('retries 429 (retry-after 0), 500, malformed JSON and dropped connections, then records the verdicts', async () => {
    const { server, critic } = await setUp(
      perItem({
        ALPHA: [rateLimited('0'), serverError(500), verdictReply('PASS')],
        BRAVO: [malformedJSON(), drop(), verdictReply('FAIL')],
        CHARLIE: [verdictReply('FAIL')],
      }),
    );
    const list = jobs(['ALPHA', 'BRAVO', 'CHARLIE']);
    const { results, error } = await run(critic, list, { retries: 3 });
    expect(error).toBeNull();
    expect(results).toHaveLength(3);
    const got = byItem(results);
    expect(got['fixture-alpha']).toMatchObject({ outcome: 'verdict', verdict: 'PASS', attempts: 3, error: null, condition: 'clean', repeat: 0, critic: 'fake-critic' });
    expect(got['fixture-bravo']).toMatchObject({ outcome: 'verdict', verdict: 'FAIL', attempts: 3, error: null });
    expect(got['fixture-charlie']).toMatchObject({ outcome: 'verdict', verdict: 'FAIL', attempts: 1, error: null });
    for (const r of results) {
      expect(r.usage).toEqual({ inputTokens: 42, outputTokens: 7 });
      expect(r.reply).toMatch(/VERDICT: (PASS|FAIL)$/);
      const job = list.find((j) => j.itemId === r.itemId)!;
      expect(r).toMatchObject({ reviewId: job.reviewId, requestDigest: job.requestDigest });
      expect(r.latencyMs).toBeGreaterThan(0);
    }
    expect(server.requests).toHaveLength(7);
    // Every attempt sent the same messages.
    for (const marker of ['ALPHA', 'BRAVO']) {
      const bodies = requestsFor(server, marker).map((r) => r.rawBody);
      expect(new Set(bodies).size).toBe(1);
    }
  });

  it('waits at least retry-after before retrying', async () => {
    const { server, critic } = await setUp([{ kind: 'error', status: 429, headers: { 'retry-after-ms': '300' } }, verdictReply('PASS')]);
    const { results } = await run(critic, jobs(['ALPHA']), { backoffBaseMs: 1 });
    expect(results[0]).toMatchObject({ outcome: 'verdict', attempts: 2 });
    const [first, second] = server.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(290);
  });

  it('records persistent 500s beyond `retries` as an error after retries + 1 attempts, never as a verdict', async () => {
    const { server, critic } = await setUp(() => serverError(500));
    const { results, error } = await run(critic, jobs(['ALPHA']), { retries: 2 });
    expect(error).toBeNull();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ outcome: 'error', verdict: null, reply: null, usage: null, attempts: 3 });
    expect(results[0]!.error).toMatch(/HTTP 500/);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a non-retryable error (400)', async () => {
    const { server, critic } = await setUp(() => ({ kind: 'error', status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error' } } }));
    const { results } = await run(critic, jobs(['ALPHA']), { retries: 3 });
    expect(results[0]).toMatchObject({ outcome: 'error', verdict: null, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('records a reply with no verdict as no-verdict, keeping the reply, without retrying', async () => {
    const { server, critic } = await setUp([noVerdictReply('The policy summary seems plausible.')]);
    const { results } = await run(critic, jobs(['ALPHA']), { retries: 3 });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ outcome: 'no-verdict', verdict: null, reply: 'The policy summary seems plausible.', error: null, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a hung request, retries it, and records the verdict', async () => {
    const { server, critic } = await setUp([hang(), verdictReply('FAIL')]);
    const { results } = await run(critic, jobs(['ALPHA']), { timeoutMs: 200, retries: 2 });
    expect(results[0]).toMatchObject({ outcome: 'verdict', verdict: 'FAIL', attempts: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('records a critic that always hangs as an error after retries + 1 timed-out attempts', async () => {
    const { server, critic } = await setUp(() => hang());
    const { results } = await run(critic, jobs(['ALPHA']), { timeoutMs: 150, retries: 1 });
    expect(results[0]).toMatchObject({ outcome: 'error', verdict: null, attempts: 2 });
    // Each attempt ended by the scheduler's 150 ms deadline: the critic's own 5 s limit says "timed out after 5000 ms",
    // and a hang no timer ends fails the spec at its own timeout.
    expect(results[0]!.error).toBe('review timed out');
    expect(server.requests).toHaveLength(2);
  });

  it('stops on insufficient_quota: a quota stop of the critic after recording that review, and sends nothing more', async () => {
    const { server, critic } = await setUp(perItem({ ALPHA: [quotaExhausted()], BRAVO: [verdictReply('PASS')], CHARLIE: [verdictReply('PASS')] }));
    const { results, error, stoppedBy } = await run(critic, jobs(['ALPHA', 'BRAVO', 'CHARLIE']), { concurrency: 1, retries: 3 });
    expect(error).toBeNull();
    expect(stoppedBy).toMatchObject({ kind: 'quota', critic: 'fake-critic', reason: expect.stringMatching(/^critic fake-critic: .*quota/) });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ itemId: 'fixture-alpha', outcome: 'error', verdict: null, attempts: 1 });
    expect(results[0]!.error).toMatch(/quota/);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(1);
  });

  it('on insufficient_quota, a concurrent review backing off is not retried and the run ends at once', async () => {
    // ALPHA fails with a 500 and would back off at least 15 s (MAX_BACKOFF_MS × 0.5) then retry; BRAVO's quota answer
    // arrives meanwhile. Without its backoff cut short, the run's end (the same results) would come 15 s later at the
    // soonest; at once is tens of milliseconds, and a busy machine's ten times that is still far from 10 s.
    const { server, critic } = await setUp(perItem({ ALPHA: [serverError(500), verdictReply('PASS')], BRAVO: [delayed(quotaExhausted(), 50)], CHARLIE: [verdictReply('PASS')] }));
    const started = performance.now();
    const { results, stoppedBy } = await run(critic, jobs(['ALPHA', 'BRAVO', 'CHARLIE']), { concurrency: 2, retries: 5, backoffBaseMs: 600_000 });
    const elapsed = performance.now() - started;
    expect(stoppedBy?.kind).toBe('quota');
    expect(elapsed).toBeLessThan(10_000);
    const got = byItem(results);
    expect(Object.keys(got).sort()).toEqual(['fixture-alpha', 'fixture-bravo']);
    expect(got['fixture-bravo']).toMatchObject({ outcome: 'error', verdict: null, attempts: 1 });
    expect(got['fixture-alpha']).toMatchObject({ outcome: 'error', verdict: null, attempts: 1 });
    expect(got['fixture-alpha']!.error).toMatch(/HTTP 500/);
    await new Promise((r) => setTimeout(r, 100));
    expect(requestsFor(server, 'ALPHA')).toHaveLength(1);
    expect(requestsFor(server, 'CHARLIE')).toHaveLength(0);
  });

  it('on insufficient_quota, a review hung in flight is cut short at once, unrecorded, instead of waiting out its timeout', async () => {
    // Waiting out the timeout would take 10 minutes (the spec fails at its own timeout first); cut short, tens of milliseconds.
    const { critic } = await setUp(perItem({ ALPHA: [hang()], BRAVO: [delayed(quotaExhausted(), 50)] }));
    const started = performance.now();
    const { results, stoppedBy } = await run(critic, jobs(['ALPHA', 'BRAVO']), { concurrency: 2, timeoutMs: 600_000 });
    expect(stoppedBy?.kind).toBe('quota');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(results.map((r) => r.itemId)).toEqual(['fixture-bravo']);
  });

  it('after a 429 storm, reviews backing off give up their slots: the retries go out at the lowered concurrency', async () => {
    const markers = ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO', 'FOXTROT', 'GOLF', 'HOTEL'];
    const inFlightAtRetry: number[] = [];
    const { server, critic } = await setUp((_body, i) => {
      // The rate limits wait long enough for all eight requests to be in flight first, even on a busy machine.
      if (i < markers.length) return delayed(rateLimited('0.2'), 250);
      inFlightAtRetry.push(server.inFlight);
      return delayed(verdictReply('PASS'), 50);
    });
    const { results, error } = await run(critic, jobs(markers), { concurrency: 8 });
    expect(error).toBeNull();
    expect(results.every((r) => r.outcome === 'verdict' && r.attempts === 2)).toBe(true);
    expect(server.maxInFlight).toBe(8);
    // Eight rate limits halve the limit to 1; it regains a slot per `limit` successes, so the retries never run 8 at once.
    expect(Math.max(...inFlightAtRetry)).toBeLessThanOrEqual(3);
  });

  it('never has more than `concurrency` requests in flight, and uses all of them', async () => {
    const { server, critic } = await setUp(() => delayed(verdictReply('PASS'), 40));
    const list = jobs(['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA'], ['clean', 'prior-pass', 'prior-fail']);
    expect(list).toHaveLength(12);
    const { results, error } = await run(critic, list, { concurrency: 3 });
    expect(error).toBeNull();
    expect(results).toHaveLength(12);
    expect(results.every((r) => r.outcome === 'verdict' && r.attempts === 1)).toBe(true);
    expect(new Set(results.map((r) => r.reviewId)).size).toBe(12);
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);
  });

  it("at concurrency 40, with reviews in flight and backing off at once, warns of no listener leak on the caller's signals", async () => {
    const markers = Array.from({ length: 40 }, (_, i) => `M${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`);
    // The first replies wait long enough for all 40 requests to be sent first, even on a busy machine: the test needs them in flight together.
    const { server, critic } = await setUp(perItem(Object.fromEntries(markers.map((m) => [m, [delayed(serverError(503), 250), delayed(verdictReply('PASS'), 30)]]))));
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const { results, error } = await run(critic, jobs(markers), { concurrency: 40, backoffBaseMs: 20, signal: new AbortController().signal, abortInFlight: new AbortController().signal });
      await new Promise((resolve) => setImmediate(resolve));
      expect(error).toBeNull();
      expect(results.filter((r) => r.outcome === 'verdict')).toHaveLength(40);
      expect(server.maxInFlight).toBe(40);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('with concurrency 1, sends one request at a time, retries included', async () => {
    const { server, critic } = await setUp(perItem({ ALPHA: [delayed(serverError(503), 20), delayed(verdictReply('PASS'), 20)], BRAVO: [delayed(verdictReply('FAIL'), 20)] }));
    const { results } = await run(critic, jobs(['ALPHA', 'BRAVO']), { concurrency: 1 });
    expect(results.map((r) => [r.itemId, r.verdict, r.attempts])).toEqual([
      ['fixture-alpha', 'PASS', 2],
      ['fixture-bravo', 'FAIL', 1],
    ]);
    expect(server.maxInFlight).toBe(1);
  });

  it('stops scheduling when the caller aborts, without throwing', async () => {
    const { server, critic } = await setUp(() => delayed(verdictReply('PASS'), 20));
    const controller = new AbortController();
    const { results, error } = await run(critic, jobs(['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA']), { concurrency: 1, signal: controller.signal, onResult: () => controller.abort() });
    expect(error).toBeNull();
    expect(results).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('a throwing onResult fails the run, and the other workers start nothing more', async () => {
    const { server, critic } = await setUp(perItem({ ALPHA: [verdictReply('PASS')], BRAVO: [delayed(serverError(500), 30), verdictReply('PASS')], CHARLIE: [verdictReply('PASS')] }));
    const boom = new Error('sink is full');
    const { results, error } = await run(critic, jobs(['ALPHA', 'BRAVO', 'CHARLIE']), {
      concurrency: 2,
      backoffBaseMs: 2_000,
      onResult: (r) => {
        if (r.itemId === 'fixture-alpha') throw boom;
      },
    });
    expect(error).toBe(boom);
    // BRAVO was in flight when ALPHA's sink failed: it finishes and is recorded, but not retried.
    expect(results.map((r) => r.itemId).sort()).toEqual(['fixture-alpha', 'fixture-bravo']);
    expect(requestsFor(server, 'BRAVO')).toHaveLength(1);
    expect(requestsFor(server, 'CHARLIE')).toHaveLength(0);
  });
});

describe('fail-fast: a critic whose first attempts all fail one way', () => {
  const markers = Array.from({ length: 30 }, (_, i) => String.fromCharCode(65 + (i % 26)).repeat(1 + Math.floor(i / 26)));
  /** A critic that answers from `answer`, called with the attempt's index over the whole run. */
  function scripted(answer: (attempt: number) => string | Error): Critic & { attempts: number } {
    const critic = {
      name: 'scripted',
      identity: { provider: 'scripted' },
      attempts: 0,
      async review() {
        const reply = answer(critic.attempts++);
        if (reply instanceof Error) throw reply;
        return { text: reply };
      },
    };
    return critic;
  }
  const run = (critic: Critic, options: Partial<ScheduleOptions>) => {
    const results: ReviewResult[] = [];
    const done = runReviews(critic, jobs(markers), { concurrency: 2, retries: 0, timeoutMs: 1000, onResult: (r) => results.push(r), ...options });
    return { results, done };
  };

  it('stops after failFast failures of one cause, recording them with their message', async () => {
    const critic = scripted(() => new Error('spawn python4 ENOENT'));
    const { results, done } = run(critic, { failFast: 5 });
    await expect(done).resolves.toEqual({
      stoppedBy: { kind: 'unreachable', critic: 'scripted', reason: 'critic scripted: its first 5 attempts all failed the same way: spawn python4 ENOENT' },
    });
    expect(critic.attempts).toBeLessThanOrEqual(6);
    expect(results.length).toBeGreaterThanOrEqual(4);
    expect(results.every((r) => r.outcome === 'error' && r.error === 'spawn python4 ENOENT')).toBe(true);
  });

  it('goes on when the failures differ, after a success, with 429s, or with failFast 0', async () => {
    const cases: Array<[string, (attempt: number) => string | Error, number | undefined]> = [
      ['two causes', (i) => new Error(i % 2 ? 'HTTP 500' : 'HTTP 502'), 5],
      ['a success first', (i) => (i === 0 ? 'VERDICT: PASS' : new Error('HTTP 500')), 5],
      ['off', () => new Error('HTTP 500'), 0],
      ['off by default', () => new Error('HTTP 500'), undefined],
    ];
    for (const [, answer, failFast] of cases) {
      const { results, done } = run(scripted(answer), failFast === undefined ? {} : { failFast });
      await expect(done).resolves.toEqual({ stoppedBy: null });
      expect(results).toHaveLength(markers.length);
    }
    server = await startFakeOpenAI(() => rateLimited('0'));
    const critic = createOpenAICritic({ name: 'limited', model: 'm', baseURL: server.baseURL, apiKey: 'k', timeoutMs: 1000, identity: { provider: 'openai' } });
    const results: ReviewResult[] = [];
    await expect(runReviews(critic, jobs(markers.slice(0, 12)), { concurrency: 4, retries: 0, timeoutMs: 1000, failFast: 3, onResult: (r) => results.push(r) })).resolves.toEqual({ stoppedBy: null });
    expect(results.every((r) => r.rateLimited === 1)).toBe(true);
  });

  it('reports retries, 429s and the concurrency they leave', async () => {
    server = await startFakeOpenAI(perItem({ A: [rateLimited('0'), verdictReply('PASS')], B: [rateLimited('0'), rateLimited('0'), verdictReply('FAIL')] }));
    const critic = createOpenAICritic({ name: 'limited', model: 'm', baseURL: server.baseURL, apiKey: 'k', timeoutMs: 1000, identity: { provider: 'openai' } });
    const states: Array<{ retries: number; rateLimited: number; concurrency: number }> = [];
    const results: ReviewResult[] = [];
    await runReviews(critic, jobs(['A', 'B']), { concurrency: 8, retries: 3, timeoutMs: 1000, backoffBaseMs: 1, onResult: (r) => results.push(r), onEngine: (s) => states.push(s) });
    expect(states.at(-1)).toMatchObject({ critic: 'limited', retries: 3, rateLimited: 3, maxConcurrency: 8 });
    expect(states.at(-1)!.concurrency).toBeLessThan(8);
    expect(Object.fromEntries(results.map((r) => [r.itemId, [r.attempts, r.rateLimited]]))).toEqual({ 'fixture-a': [2, 1], 'fixture-b': [3, 2] });
  });
});

describe('pacing to the rate limit the API publishes', () => {
  /** A server allowing `perSecond` requests a second (a one-second bucket), publishing the per-minute limit on every answer. */
  function limitedServer(perSecond: number): FakeHandler {
    let tokens = perSecond;
    let at = performance.now();
    const headers = { 'x-ratelimit-limit-requests': String(perSecond * 60) };
    return () => {
      const now = performance.now();
      tokens = Math.min(perSecond, tokens + ((now - at) * perSecond) / 1000);
      at = now;
      if (tokens < 1) return { kind: 'error', status: 429, headers, body: { error: { message: 'Rate limit reached for requests', code: 'rate_limit_exceeded' } } };
      tokens--;
      return delayed({ kind: 'completion', content: 'VERDICT: PASS', headers }, 20);
    };
  }
  const markers = Array.from({ length: 40 }, (_, i) => `P${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`);

  it('paced, a run at concurrency 16 draws no 429 from a 20-a-second limit; adaptive concurrency alone draws many', { timeout: 20_000 }, async () => {
    const paced = await setUp(limitedServer(20));
    const started = performance.now();
    const { results, error } = await run(paced.critic, jobs(markers), { concurrency: 16 });
    expect(error).toBeNull();
    expect(results.every((r) => r.outcome === 'verdict')).toBe(true);
    expect(results.reduce((n, r) => n + r.rateLimited, 0)).toBe(0);
    // The first 16 go at once (the limit is not known yet); the other 24 at most 20 a second.
    expect(performance.now() - started).toBeGreaterThan(1_000);
    await server?.close();

    const alone = await setUp(limitedServer(20));
    const unpaced = await run(alone.critic, jobs(markers), { concurrency: 16, pace: false, retries: 10 });
    expect(unpaced.results.reduce((n, r) => n + r.rateLimited, 0)).toBeGreaterThan(5);
  });
});

describe('the stop runReviews resolves with: typed, never an exception', () => {
  /** A critic that fails every review with `error`, counting its calls. */
  const failing = (error: CriticCallError) => {
    const critic = {
      name: 'failing',
      identity: { provider: 'scripted' },
      calls: 0,
      async review(): Promise<never> {
        critic.calls++;
        throw error;
      },
    };
    return critic;
  };
  const stopOf = async (critic: Critic, options: Partial<ScheduleOptions> = {}) => (await run(critic, jobs(['ALPHA', 'BRAVO', 'CHARLIE']), { concurrency: 1, retries: 2, ...options })).stoppedBy;

  it("gives each of the critic's stops its kind and the critic's name: quota, input (a refused config), unreachable (replies it can never be read from)", async () => {
    const cases: Array<[CriticCallError, RunStop['kind']]> = [
      [new CriticCallError('HTTP 429: insufficient_quota', false, { status: 429, quotaExhausted: true }), 'quota'],
      [new CriticCallError('HTTP 401: invalid api key (critic.apiKey)', false, { status: 401, badInput: true }), 'input'],
      [new CriticCallError('reply is not in the response', false, { stopsRun: true }), 'unreachable'],
    ];
    for (const [error, kind] of cases) {
      const critic = failing(error);
      expect(await stopOf(critic)).toEqual({ kind, critic: 'failing', reason: `critic failing: ${error.message}` });
      expect(critic.calls).toBe(1);
    }
  });

  it("passes the run's own stop on (a budget) and starts nothing after it; null when nothing stopped", async () => {
    const budget: RunStop = { kind: 'error-budget', critic: null, reason: 'errors exceeded the budget' };
    let asked = 0;
    const critic = failing(new CriticCallError('HTTP 500', true, { status: 500 }));
    expect(await stopOf(critic, { retries: 0, shouldStop: () => (++asked > 2 ? budget : null) })).toEqual(budget);
    expect(critic.calls).toBe(2);
    expect(await stopOf(failing(new CriticCallError('HTTP 500', true, { status: 500 })), { retries: 0 })).toBeNull();
  });
});

describe('boundary requests across the attempts of a review with tools', () => {
  /** Offered the decoys only: each item's first request asks for read_worker_notes. */
  const toolJobs = (markers: string[]) => jobs(markers).map((job) => ({ ...job, tools: { corpus: null, code: false, decoys: true, maxCalls: 8 } }));
  const notes = toolCallsReply([{ id: 'n1', name: 'read_worker_notes', arguments: {} }]);

  it('keeps the denied calls of a failed attempt with the review, marked with it: one answered by a retry, one that ends in an error; the cache keeps them with the reply', async () => {
    // A asks for the notes, fails on the follow-up, and on the retry answers without a call; B asks and fails every time.
    const { server, critic } = await setUp(perItem({ A: [notes, serverError(500), verdictReply('PASS')], B: [notes, serverError(500), notes, serverError(500)] }));
    const dir = mkdtempSync(join(tmpdir(), 'boundary-cache-'));
    try {
      const cache = ReplyCache.open(dir);
      const { results } = await run(critic, toolJobs(['A', 'B']), { retries: 1, cache });
      cache.close();
      const { A, B } = { A: byItem(results)['fixture-a']!, B: byItem(results)['fixture-b']! };
      expect([A.outcome, A.attempts, B.outcome, B.attempts]).toEqual(['verdict', 2, 'error', 2]);
      expect(A.toolCalls!.map((c) => [c.tool, c.denied, c.failedAttempt])).toEqual([['read_worker_notes', true, 1]]);
      expect(B.toolCalls!.map((c) => [c.tool, c.denied, c.failedAttempt])).toEqual([
        ['read_worker_notes', true, 1],
        ['read_worker_notes', true, 2],
      ]);
      // A cached rerun sends nothing and stores the review as the first run did: its boundary request neither lost nor doubled.
      const sent = server.requests.length;
      const reopened = ReplyCache.open(dir);
      const rerun = await run(critic, toolJobs(['A']), { retries: 1, cache: reopened });
      reopened.close();
      expect(server.requests.length).toBe(sent);
      expect(rerun.results[0]).toMatchObject({ cached: true, toolCalls: A.toolCalls });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
