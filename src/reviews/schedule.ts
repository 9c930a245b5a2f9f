import type { ReviewJob } from '../requests/jobs.js';
import { CriticCallError, type Critic, type TokenUsage } from './critic.js';
import { parseVerdict, type Verdict } from './verdict.js';

export type Outcome = 'verdict' | 'no-verdict' | 'error';

/** One finished review, whatever became of it: nothing is dropped. */
export interface ReviewResult {
  critic: string;
  itemId: string;
  condition: ReviewJob['condition'];
  repeat: number;
  reviewId: string;
  requestDigest: string;
  outcome: Outcome;
  verdict: Verdict | null;
  reply: string | null;
  error: string | null;
  attempts: number;
  latencyMs: number;
  usage: TokenUsage | null;
}

export interface ScheduleOptions {
  concurrency: number;
  retries: number;
  timeoutMs: number;
  /** First backoff delay; doubles per attempt, with jitter. */
  backoffBaseMs?: number;
  signal?: AbortSignal;
  onResult: (result: ReviewResult) => void;
}

const MAX_BACKOFF_MS = 30_000;

/** Raised when the provider says its quota is gone: retrying would only burn hours. */
export class QuotaExhaustedError extends Error {}

/**
 * Runs the jobs against one critic with bounded concurrency. Transport
 * failures (429, 5xx, network, timeouts) are retried with jittered exponential
 * backoff, honouring retry-after; what still fails is recorded as an error,
 * never as a verdict. A quota-exhausted reply stops scheduling at once.
 */
export async function runReviews(critic: Critic, jobs: Iterable<ReviewJob>, options: ScheduleOptions): Promise<void> {
  const iterator = jobs[Symbol.iterator]();
  // Fires when the run must stop early (quota gone, or a worker failed): no new job starts, no retry is sent
  // and backoff sleeps end at once. Calls already in flight finish and are recorded.
  const stop = new AbortController();
  const stopped = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let quotaError: string | null = null;
  const worker = async () => {
    try {
      for (;;) {
        if (stopped.aborted) return;
        const next = iterator.next();
        if (next.done) return;
        const { result, quotaExhausted } = await reviewOnce(critic, next.value, options, stopped);
        options.onResult(result);
        if (quotaExhausted && quotaError === null) {
          quotaError = result.error ?? 'quota exhausted';
          stop.abort();
        }
      }
    } catch (err) {
      stop.abort();
      throw err;
    }
  };
  // allSettled, not all: a failing worker must not return control while the others still have calls in flight.
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  if (quotaError !== null) throw new QuotaExhaustedError(quotaError);
}

async function reviewOnce(critic: Critic, job: ReviewJob, options: ScheduleOptions, stopped: AbortSignal): Promise<{ result: ReviewResult; quotaExhausted: boolean }> {
  const started = performance.now();
  const base = { critic: critic.name, itemId: job.itemId, condition: job.condition, repeat: job.repeat, reviewId: job.reviewId, requestDigest: job.requestDigest };
  let attempts = 0;
  for (;;) {
    attempts++;
    const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
    try {
      const reply = await critic.review({ reviewId: job.reviewId, request: job.request, messages: job.messages, signal: AbortSignal.any(signals) });
      const verdict = parseVerdict(reply.text);
      const result: ReviewResult = { ...base, outcome: verdict ? 'verdict' : 'no-verdict', verdict, reply: reply.text, error: null, attempts, latencyMs: performance.now() - started, usage: reply.usage ?? null };
      return { result, quotaExhausted: false };
    } catch (err) {
      const callError = err instanceof CriticCallError ? err : new CriticCallError(err instanceof Error ? err.message : String(err), false);
      const quotaExhausted = callError.details.quotaExhausted === true;
      if (quotaExhausted || !callError.retryable || attempts > options.retries || stopped.aborted) {
        const result: ReviewResult = { ...base, outcome: 'error', verdict: null, reply: null, error: callError.message, attempts, latencyMs: performance.now() - started, usage: null };
        return { result, quotaExhausted };
      }
      await sleep(backoffMs(attempts, options.backoffBaseMs ?? 500, callError.details.retryAfterMs), stopped);
      // Stopped while backing off: record the last failure rather than send a retry the run no longer wants.
      if (stopped.aborted) {
        const result: ReviewResult = { ...base, outcome: 'error', verdict: null, reply: null, error: callError.message, attempts, latencyMs: performance.now() - started, usage: null };
        return { result, quotaExhausted: false };
      }
    }
  }
}

function backoffMs(attempt: number, baseMs: number, retryAfterMs: number | undefined): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (attempt - 1)) * (0.5 + Math.random());
  return retryAfterMs !== undefined ? Math.max(retryAfterMs, exponential / 4) : exponential;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
