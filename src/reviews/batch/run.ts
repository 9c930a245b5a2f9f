import type { ReviewJob } from '../../requests/jobs.js';
import { cacheKey } from '../cache.js';
import type { Critic } from '../critic.js';
import { reviewResult, type ReviewResult } from '../types.js';
import { replyVerdict } from '../schedule.js';
import { DEFAULT_GRAMMAR, GRAMMARS, type VerdictGrammar } from '../verdicts/index.js';
import { splitForLimits, type BatchAnswer, type BatchApi } from './api.js';

/** A batch as the run store records it: its provider id and the custom ids (review ids) it carries. */
export interface BatchRecord {
  critic: string;
  batchId: string;
  inputFileId: string;
  customIds: string[];
  /** `submitted` until its results are stored; then the status it ended with. */
  state: string;
}

/** What batch mode needs of the run store: where batches and results are kept. */
export interface BatchLedger {
  openBatches(critic: string): BatchRecord[];
  addBatch(record: BatchRecord): void;
  closeBatch(batchId: string, state: string): void;
  add(result: ReviewResult): void;
}

export interface BatchProgress {
  /** Reviews whose results were stored by this call. */
  collected: number;
  /** Reviews sent in new batches by this call. */
  submitted: number;
  /** Batches still running after it, with their reviews. */
  open: BatchRecord[];
}

/**
 * One pass of batch mode for a critic: polls its open batches, stores the
 * results of those that ended under each custom id (the review id) as an
 * online review would be (request digest, reply, usage, verdict, cache key),
 * with an error for each request the batch failed, expired or did not
 * answer; then sends every review still to do (`jobs`: those not answered,
 * errors included) and not in a running batch in new batches, split within
 * the provider's limits. `writeInput` keeps each input file (no key in it).
 */
export async function runBatchPass(
  critic: Critic & { batch: BatchApi },
  jobs: () => Iterable<ReviewJob>,
  ledger: BatchLedger,
  options: { grammar?: VerdictGrammar | undefined; notFound?: 'flag' | 'neutral' | undefined; writeInput?: (batchIndex: number, lines: readonly string[]) => void },
): Promise<BatchProgress> {
  const api = critic.batch;
  const grammar = options.grammar ?? GRAMMARS[DEFAULT_GRAMMAR];
  const open: BatchRecord[] = [];
  const ended: Array<{ record: BatchRecord; answers: Map<string, BatchAnswer>; status: string }> = [];
  for (const record of ledger.openBatches(critic.name)) {
    const state = await api.poll(record.batchId);
    if (state.ended) ended.push({ record, answers: await api.answers(state), status: state.status });
    else open.push(record);
  }
  const running = new Set(open.flatMap((r) => r.customIds));
  const owner = new Map<string, (typeof ended)[number]>();
  for (const e of ended) for (const id of e.record.customIds) owner.set(id, e);

  let collected = 0;
  const toSend: ReviewJob[] = [];
  for (const job of jobs()) {
    const from = owner.get(job.reviewId);
    if (from) {
      const answer = from.answers.get(job.reviewId) ?? { error: `not answered by batch ${from.record.batchId} (${from.status})` };
      const result = resultOf(critic, job, answer, grammar, options.notFound);
      ledger.add(result);
      collected++;
      if (result.outcome !== 'error') continue;
    }
    if (!running.has(job.reviewId)) toSend.push(job);
  }
  for (const e of ended) ledger.closeBatch(e.record.batchId, e.status);

  let submitted = 0;
  const lines = toSend.map((job) => api.line(job.reviewId, job.messages));
  const groups = splitForLimits(lines, api.limits);
  let offset = 0;
  for (const [index, group] of groups.entries()) {
    const ids = toSend.slice(offset, offset + group.length).map((j) => j.reviewId);
    offset += group.length;
    options.writeInput?.(index, group);
    const { batchId, inputFileId } = await api.submit(group);
    const record: BatchRecord = { critic: critic.name, batchId, inputFileId, customIds: ids, state: 'submitted' };
    ledger.addBatch(record);
    open.push(record);
    submitted += ids.length;
  }
  return { collected, submitted, open };
}

function resultOf(critic: Critic, job: ReviewJob, answer: BatchAnswer, grammar: VerdictGrammar, notFound: 'flag' | 'neutral' | undefined): ReviewResult {
  const making = { attempts: 1, latencyMs: 0, cached: false, rateLimited: 0, cacheKey: cacheKey({ requestDigest: job.requestDigest, identity: critic.identity, repeat: job.repeat }) };
  if ('error' in answer) return reviewResult(critic.name, job, { outcome: 'error', verdict: null, reply: null, error: answer.error, usage: null }, making);
  // Read against the request, as online replies are: a citation that resolves to nothing is invalid here too.
  const verdict = replyVerdict(answer.reply.text, job, grammar, notFound);
  return reviewResult(critic.name, job, { outcome: verdict ? 'verdict' : 'no-verdict', verdict, reply: answer.reply.text, error: null, usage: answer.reply.usage ?? null }, making);
}
