import { setMaxListeners } from 'node:events';
import type { ReviewJob } from '../requests/jobs.js';
import { cacheKey, canonical, type CachedReply, type ReplyCache } from './cache.js';
import { CriticCallError, type Critic } from './critic.js';
import { reviewResult, type ReviewAnswer, type ReviewResult } from './types.js';
import { AdaptiveLimit } from './limit.js';
import { deadlineSignal } from '../util/deadline.js';
import { sleep } from '../util/sleep.js';
import { Pacer } from './pace.js';
import { failureCause } from './failureCause.js';
import type { RunStop, StopKind } from './stop.js';
import { DEFAULT_GRAMMAR, GRAMMARS, storedVerdict, type GrammarContext, type Verdict, type VerdictGrammar } from './verdicts/index.js';
import { fixtureKind } from '../fixtures/kinds/index.js';
import { createToolbox, type ToolCall } from './tools/index.js';

export interface ScheduleOptions {
  /** The most reviews in flight; lowered on rate limits and regained on success. */
  concurrency: number;
  retries: number;
  timeoutMs: number;
  /** First backoff delay; doubles per attempt, with jitter. */
  backoffBaseMs?: number;
  /**
   * Pace requests to the rate limits the critic's API publishes in its headers
   * and its config states (default on; off measures adaptive concurrency alone).
   */
  pace?: boolean;
  /** Stops scheduling: no new review starts and no retry is sent. Reviews in flight finish and are recorded. */
  signal?: AbortSignal;
  /** Cuts reviews in flight short; those are not recorded, so a resumed run does them again. */
  abortInFlight?: AbortSignal;
  cache?: ReplyCache | undefined;
  /**
   * Reads each reply into its verdict (default pass-fail). Not part of the
   * cache key: the cache keeps the reply's text, which no grammar changes, and
   * a cached reply is read again here with this grammar.
   */
  grammar?: VerdictGrammar;
  /** Per-claim grammars: whether a `not-found` claim flags the artifact (default) or is neutral. */
  notFound?: 'flag' | 'neutral';
  /** Asked before each new review: the run's own reason to stop (a budget spent), or null to go on. The scheduler passes it on. */
  shouldStop?: () => RunStop | null;
  /**
   * Stop when the critic's first this many attempts all fail the same way
   * (before any succeeds): a missing program or a dead endpoint is then known
   * in seconds, not after the error budget. 429s are not counted: a
   * rate-limited critic is reachable, and backoff deals with it. 0 (the
   * default here; the config's default is 10) never stops.
   */
  failFast?: number;
  onResult: (result: ReviewResult) => void;
  /** The engine's live counters, each time they change: retries sent, 429s, the current concurrency. */
  onEngine?: (state: EngineState) => void;
}

export interface EngineState {
  /**
   * Which call of runReviews the counters are of, numbered within the process: a critic has one per phase
   * (first turns, then second turns), each counting from zero, so a listener adds up every engine's.
   */
  engine: number;
  critic: string;
  retries: number;
  rateLimited: number;
  concurrency: number;
  maxConcurrency: number;
}

const MAX_BACKOFF_MS = 30_000;
const YIELD_EVERY_MS = 20;
/** A retry-after longer than this is a sign to give up on the review, not to wait. */
const MAX_RETRY_AFTER_MS = 120_000;

/**
 * How a failed review stops the run: its quota is gone (retrying would only
 * burn hours), the critic cannot be read (unreachable), or its API refused its
 * config (input: a rejected key, a setting out of range).
 */
type CriticStopKind = Extract<StopKind, 'quota' | 'unreachable' | 'input'>;
type Fatal = CriticStopKind | null;

/** Watches a critic's first attempts: after `limit` failures of one cause and no success, says why. */
class FirstAttempts {
  private failures = 0;
  private cause: string | null = null;
  private settled: boolean;

  constructor(private readonly limit: number) {
    this.settled = limit <= 0;
  }

  succeeded(): void {
    this.settled = true;
  }

  /** A reason to stop the run, once the first `limit` attempts have all failed with this cause. */
  failed(message: string): string | null {
    if (this.settled) return null;
    const cause = failureCause(message);
    if (this.cause !== null && cause !== this.cause) {
      this.settled = true; // failing in more than one way: not one dead dependency; the error budget decides
      return null;
    }
    this.cause = cause;
    if (++this.failures < this.limit) return null;
    this.settled = true;
    return `its first ${this.limit} attempts all failed the same way: ${message}`;
  }
}

/** The engines runReviews has started in this process (EngineState.engine). */
let enginesStarted = 0;

/**
 * Runs the jobs against one critic with adaptive, bounded concurrency.
 * Transport failures (429, 5xx, network, timeouts) are retried with jittered
 * exponential backoff, honouring retry-after; what still fails is recorded as
 * an error, never as a verdict. A quota-exhausted reply stops the run at once.
 * Resolves with the reason scheduling stopped early, or null: the critic's
 * (its quota gone, its config refused, its replies unreadable, its first
 * attempts all failing one way), or the run's own (`shouldStop`).
 */
export async function runReviews(critic: Critic, jobs: Iterable<ReviewJob>, options: ScheduleOptions): Promise<{ stoppedBy: RunStop | null }> {
  const iterator = jobs[Symbol.iterator]();
  // Fires when the run must stop early: no new job starts, no retry is sent and backoff sleeps end at once.
  const stop = new AbortController();
  const stopped = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // Fires when reviews in flight must be cut short. Each review in flight (or backing off) listens to
  // these two signals, so up to `concurrency` listeners each is expected, not a leak.
  const cutShort = new AbortController();
  const cutAll = () => cutShort.abort(options.abortInFlight?.reason);
  if (options.abortInFlight?.aborted) cutAll();
  else options.abortInFlight?.addEventListener('abort', cutAll, { once: true });
  setMaxListeners(options.concurrency + 2, stopped, cutShort.signal);
  const limit = new AdaptiveLimit(options.concurrency);
  const pacer = options.pace === false ? null : new Pacer(critic.rateLimit ?? {});
  stopped.addEventListener('abort', () => limit.releaseAll(), { once: true });
  const identityText = canonical(critic.identity);
  const engine: EngineState = { engine: ++enginesStarted, critic: critic.name, retries: 0, rateLimited: 0, concurrency: limit.current, maxConcurrency: options.concurrency };
  const report = () => {
    engine.concurrency = limit.current;
    options.onEngine?.({ ...engine });
  };
  report();
  const firstAttempts = new FirstAttempts(options.failFast ?? 0);
  let failingError: string | null = null;
  const watch: AttemptWatch = {
    succeeded: () => {
      firstAttempts.succeeded();
      if (limit.succeeded()) report();
    },
    failed: (message, rateLimited) => {
      if (rateLimited) {
        engine.rateLimited++;
        limit.rateLimited();
        report();
      }
      const reason = rateLimited ? null : firstAttempts.failed(message);
      if (reason === null || failingError !== null) return false;
      failingError = reason;
      stop.abort();
      // The attempts in flight would most likely fail (or hang) the same way: cut them short, unrecorded, for a resume to redo.
      cutShort.abort();
      return true;
    },
    retrying: () => {
      engine.retries++;
      report();
    },
  };
  let fatal: { kind: CriticStopKind; message: string } | null = null;
  let stoppedBy: RunStop | null = null;
  let lastYield = performance.now();

  const worker = async () => {
    try {
      for (;;) {
        await limit.acquire();
        try {
          if (stopped.aborted) return;
          const reason = options.shouldStop?.() ?? null;
          if (reason !== null) {
            stoppedBy ??= reason;
            stop.abort();
            return;
          }
          const next = iterator.next();
          if (next.done) return;
          const outcome = await reviewOnce(critic, next.value, identityText, options, { stopped, cutShort: cutShort.signal }, limit, watch, pacer);
          // A critic that answers at once (a built-in, the cache) never leaves the microtask queue:
          // yield now and then so timers, signals (Ctrl-C) and the progress line still run.
          if (performance.now() - lastYield > YIELD_EVERY_MS) {
            lastYield = performance.now();
            await new Promise((resolve) => setImmediate(resolve));
          }
          if (outcome === 'interrupted') continue;
          options.onResult(outcome.result);
          if (outcome.fatal !== null && fatal === null) {
            fatal = { kind: outcome.fatal, message: outcome.result.error ?? 'quota exhausted' };
            stop.abort();
            // The other reviews in flight would only wait out their timeouts: cut them short, unrecorded, for a resume to redo.
            cutShort.abort();
          }
        } finally {
          limit.release();
        }
      }
    } catch (err) {
      stop.abort();
      throw err;
    }
  };
  // allSettled, not all: a failing worker must not return control while the others still have calls in flight.
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  options.abortInFlight?.removeEventListener('abort', cutAll);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  // Set by the workers: TypeScript cannot see the assignment in their closures.
  const fatalStop = fatal as { kind: CriticStopKind; message: string } | null;
  const criticStop = (kind: CriticStopKind, message: string): RunStop => ({ kind, critic: critic.name, reason: `critic ${critic.name}: ${message}` });
  if (fatalStop) return { stoppedBy: criticStop(fatalStop.kind, fatalStop.message) };
  if (failingError !== null) return { stoppedBy: criticStop('unreachable', failingError) };
  return { stoppedBy };
}

type Attempt = { result: ReviewResult; fatal: Fatal } | 'interrupted';

/** What each attempt tells the scheduler: the concurrency limit, the counters and the fail-fast watch. */
interface AttemptWatch {
  succeeded(): void;
  /** True when this failure stops the run (fail-fast): the review is recorded with it, not retried. */
  failed(message: string, rateLimited: boolean): boolean;
  retrying(): void;
}

async function reviewOnce(
  critic: Critic,
  job: ReviewJob,
  identityText: string,
  options: ScheduleOptions,
  signals: { stopped: AbortSignal; cutShort: AbortSignal },
  limit: AdaptiveLimit,
  watch: AttemptWatch,
  pacer: Pacer | null,
): Promise<Attempt> {
  const { stopped, cutShort } = signals;
  const started = performance.now();
  const key = cacheKey({ requestDigest: job.requestDigest, identity: critic.identity, repeat: job.repeat }, identityText);
  let rateLimited = 0;
  const resultOf = (answer: ReviewAnswer, attempts: number, cached: boolean, toolCalls?: ToolCall[]): ReviewResult =>
    reviewResult(critic.name, job, answer, {
      attempts,
      latencyMs: performance.now() - started,
      cached,
      rateLimited,
      cacheKey: key,
      ...(job.turn === 2 ? { followUp: job.messages.at(-1)!.content } : {}),
      ...(toolCalls ? { toolCalls } : {}),
    });
  const replied = (reply: CachedReply, attempts: number, cached: boolean): Attempt => {
    const verdict = replyVerdict(reply.text, job, options.grammar, options.notFound);
    // A tool-using critic's review keeps its calls, a cached one those the cache kept with its reply.
    const toolCalls = job.tools ? (reply.toolCalls ?? []) : undefined;
    return { result: resultOf({ outcome: verdict ? 'verdict' : 'no-verdict', verdict, reply: reply.text, error: null, usage: reply.usage ?? null }, attempts, cached, toolCalls), fatal: null };
  };
  // The calls out of bounds made by attempts that failed, each marked with its attempt: a boundary request
  // stays with the review whatever attempt answers, or with its error when none does.
  const failedAttemptsDenied: ToolCall[] = [];
  const failed = (error: CriticCallError, attempts: number, fatal: Fatal): Attempt => ({
    result: resultOf({ outcome: 'error', verdict: null, reply: null, error: error.message, usage: null }, attempts, false, failedAttemptsDenied.length ? failedAttemptsDenied : undefined),
    fatal,
  });

  const hit = options.cache?.get(key);
  if (hit) {
    watch.succeeded();
    // The cache holds the reply's text only: its verdict is read now, with this run's grammar.
    return replied(hit, 0, true);
  }

  let attempts = 0;
  for (;;) {
    attempts++;
    await pacer?.wait(stopped);
    const deadline = deadlineSignal(cutShort, options.timeoutMs);
    // Each attempt gets its own tools: a retried review keeps the calls of the attempt that answered, and the denied calls of those that failed.
    const tools = job.tools && createToolbox(job.tools, job.request.artifact, deadline.signal);
    try {
      const call = {
        reviewId: job.reviewId,
        request: job.request,
        messages: job.messages,
        turn: job.turn,
        signal: deadline.signal,
        ...(job.claims ? { claims: job.claims } : {}),
        ...(tools ? { tools } : {}),
      };
      const answer = await critic.review(call).finally(deadline.release);
      // The cache keeps the earlier attempts' denied calls with the reply, so a cached rerun stores the review as this run does.
      const reply: CachedReply = tools ? { ...answer, toolCalls: [...failedAttemptsDenied, ...tools.calls] } : answer;
      pacer?.observe(reply.rateLimit, reply.usage);
      watch.succeeded();
      options.cache?.put(key, { requestDigest: job.requestDigest, identity: critic.identity, repeat: job.repeat }, reply);
      return replied(reply, attempts, false);
    } catch (err) {
      if (cutShort.aborted) return 'interrupted';
      if (tools) failedAttemptsDenied.push(...tools.calls.filter((c) => c.denied).map((c) => ({ ...c, failedAttempt: attempts })));
      const callError = err instanceof CriticCallError ? err : new CriticCallError(err instanceof Error ? err.message : String(err), false);
      pacer?.observe(callError.details.rateLimit, null, callError.details.status === 429 ? (callError.details.retryAfterMs ?? 0) : undefined);
      const { details } = callError;
      const fatal: Fatal = details.quotaExhausted ? 'quota' : details.badInput ? 'input' : details.stopsRun ? 'unreachable' : null;
      if (callError.details.status === 429) rateLimited++;
      const stopsRun = watch.failed(callError.message, callError.details.status === 429);
      const retryAfter = callError.details.retryAfterMs;
      const hopeless = retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS;
      if (fatal !== null || stopsRun || !callError.retryable || hopeless || attempts > options.retries || stopped.aborted) return failed(callError, attempts, fatal);
      // Back off without holding a slot, so a limit lowered by a rate limit takes effect at once;
      // the retry then waits for a slot like any review.
      limit.release();
      await sleep(backoffMs(attempts, options.backoffBaseMs ?? 500, retryAfter), stopped);
      await limit.acquire();
      // Stopped while backing off: record the last failure rather than send a retry the run no longer wants.
      if (stopped.aborted) return failed(callError, attempts, null);
      // Counted as it is sent, as the reports count it (attempts beyond the first).
      watch.retrying();
    }
  }
}

/** The verdict the run stores for a reply, read by the critic's grammar against the request it answered when the grammar checks citations. Online and batch reviews alike. */
export function replyVerdict(
  text: string,
  job: Pick<ReviewJob, 'kind' | 'request' | 'claims' | 'tools'>,
  grammar: VerdictGrammar = GRAMMARS[DEFAULT_GRAMMAR],
  notFound?: GrammarContext['notFound'],
): Verdict | null {
  return storedVerdict(grammar.parse(text, grammar.readsRequest ? grammarContext(job, notFound) : undefined));
}

/**
 * What a grammar that checks citations reads a reply against: the request's artifact, its evidence and its
 * numbered claims. A critic that searched for its evidence (`tools: {evidence: search}`) cites what it could read:
 * the passages of its corpus.
 */
export function grammarContext(job: Pick<ReviewJob, 'kind' | 'request' | 'claims' | 'tools'>, notFound: GrammarContext['notFound'] = 'flag'): GrammarContext {
  const evidence = job.request.evidence ?? job.tools?.corpus?.passages ?? [];
  return { artifact: job.request.artifact, evidence, claims: job.claims ?? fixtureKind(job.kind).claims(job.request.artifact), notFound };
}

function backoffMs(attempt: number, baseMs: number, retryAfterMs: number | undefined): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (attempt - 1)) * (0.5 + Math.random());
  // Never before retry-after, and spread over a quarter of it beyond, so the reviews a 429 storm hit do not all return at once.
  return retryAfterMs !== undefined ? Math.max(retryAfterMs, exponential / 4) * (1 + Math.random() / 4) : exponential;
}
