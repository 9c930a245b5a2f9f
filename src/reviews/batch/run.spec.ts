import { describe, expect, it } from 'vitest';
import type { ReviewJob } from '../../requests/jobs.js';
import type { Critic } from '../critic.js';
import type { ReviewResult } from '../types.js';
import { agreeDisagree } from '../verdicts/agree-disagree.js';
import type { BatchApi, BatchState } from './api.js';
import { runBatchPass, type BatchLedger } from './run.js';

/** A provider's batch API as a critic offers it, answering each request with a scripted reply once the batch is polled. */
function scriptedBatchApi(replies: Record<string, string>): BatchApi {
  return {
    line: (customId) => JSON.stringify({ custom_id: customId }),
    limits: { requests: 100, bytes: 1_000_000 },
    submit: async () => ({ batchId: 'b1', inputFileId: 'f1' }),
    poll: async (): Promise<BatchState> => ({ status: 'ended', ended: true, results: [] }),
    answers: async () => new Map(Object.entries(replies).map(([id, text]) => [id, { reply: { text } }])),
  };
}

function ledger(): BatchLedger & { results: ReviewResult[] } {
  const batches: Parameters<BatchLedger['addBatch']>[0][] = [];
  const results: ReviewResult[] = [];
  return {
    results,
    openBatches: () => batches.filter((b) => b.state === 'submitted'),
    addBatch: (record) => void batches.push(record),
    closeBatch: (batchId, state) => {
      for (const b of batches) if (b.batchId === batchId) b.state = state;
    },
    add: (r) => void results.push(r),
  };
}

const ARTIFACT = 'A UK employee receives 25 days of paid annual leave.';
const job = (reviewId: string): ReviewJob => ({
  itemId: reviewId,
  kind: 'text',
  condition: 'clean',
  repeat: 0,
  reviewId,
  request: { task: 'How much leave?', artifact: ARTIFACT, evidence: [{ id: 'e', text: 'Every UK employee receives 28 days of paid annual leave.' }], rubric: 'r' },
  requestDigest: reviewId,
  messages: [{ role: 'user', content: ARTIFACT }],
  turn: 1,
});

describe('runBatchPass', () => {
  it('reads each batch reply against the request it answered, as online replies are: a citation that resolves to nothing is no verdict', async () => {
    const critic = {
      name: 'c',
      identity: { provider: 'test' },
      review: async () => ({ text: '' }),
      batch: scriptedBatchApi({ cites: 'DISAGREE_EVIDENCE: "25 days"', invents: 'DISAGREE_EVIDENCE: "appendix Z says so"' }),
    } as Critic & { batch: BatchApi };
    const store = ledger();
    const jobs = () => [job('cites'), job('invents')];
    expect(await runBatchPass(critic, jobs, store, { grammar: agreeDisagree })).toMatchObject({ submitted: 2, collected: 0 });
    expect(await runBatchPass(critic, jobs, store, { grammar: agreeDisagree })).toMatchObject({ submitted: 0, collected: 2 });
    expect(store.results.map((r) => [r.reviewId, r.outcome, r.verdict])).toEqual([
      ['cites', 'verdict', 'FAIL'],
      ['invents', 'no-verdict', null],
    ]);
  });
});
