import { batchCaller, type BatchAnswer, type BatchApi } from './api.js';

/** The Message Batches API's limits on one batch: 100,000 requests and 256 MB. */
export const ANTHROPIC_BATCH_LIMITS = { requests: 100_000, bytes: 256 * 1024 * 1024 };

/**
 * Anthropic's Message Batches API (POST /v1/messages/batches, GET
 * /v1/messages/batches/{id}, its results_url): one request per line as
 * `{custom_id, params}`, where params is the body an online review posts to
 * /v1/messages. A batch has ended when its processing_status is `ended`.
 */
export function anthropicBatchApi(options: { baseURL: string; headers: Record<string, string>; body: (messages: ReadonlyArray<{ role: string; content: string }>) => string }): BatchApi {
  const base = options.baseURL.replace(/\/+$/, '');
  const call = batchCaller(base, options.headers);
  return {
    limits: ANTHROPIC_BATCH_LIMITS,
    line: (customId, messages) => `{"custom_id":${JSON.stringify(customId)},"params":${options.body(messages)}}`,
    async submit(lines) {
      const batch = (await (await call('POST', '/v1/messages/batches', `{"requests":[${lines.join(',')}]}`)).json()) as { id: string };
      // No input file: the requests travel in the create call itself.
      return { batchId: batch.id, inputFileId: '' };
    },
    async poll(batchId) {
      const batch = (await (await call('GET', `/v1/messages/batches/${encodeURIComponent(batchId)}`)).json()) as { processing_status: string; results_url?: string | null };
      const ended = batch.processing_status === 'ended';
      return { status: batch.processing_status, ended, results: ended ? [batch.results_url ?? `/v1/messages/batches/${encodeURIComponent(batchId)}/results`] : [] };
    },
    async answers(state) {
      const answers = new Map<string, BatchAnswer>();
      for (const url of state.results) {
        const text = await (await call('GET', url)).text();
        for (const line of text.split('\n')) if (line.trim()) readResultLine(line, answers);
      }
      return answers;
    },
  };
}

interface ResultLine {
  custom_id?: unknown;
  result?: {
    type?: string;
    message?: { content?: Array<{ type?: string; text?: string }>; usage?: { input_tokens?: number; output_tokens?: number } };
    error?: { type?: string; error?: { type?: string; message?: string } };
  };
}

/** A `succeeded` result is a reply (its text blocks joined, as online); `errored`, `canceled` and `expired` are errors a resume sends again. */
function readResultLine(text: string, into: Map<string, BatchAnswer>): void {
  let line: ResultLine;
  try {
    line = JSON.parse(text) as ResultLine;
  } catch {
    return;
  }
  if (typeof line.custom_id !== 'string') return;
  const result = line.result;
  if (result?.type === 'succeeded' && Array.isArray(result.message?.content)) {
    const reply = result.message.content
      .filter((b) => b.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text)
      .join('');
    const { input_tokens: inputTokens, output_tokens: outputTokens } = result.message.usage ?? {};
    into.set(line.custom_id, { reply: { text: reply, ...(typeof inputTokens === 'number' && typeof outputTokens === 'number' ? { usage: { inputTokens, outputTokens } } : {}) } });
    return;
  }
  const detail = result?.error?.error ? `: ${result.error.error.type ?? ''} ${result.error.error.message ?? ''}`.trimEnd() : '';
  into.set(line.custom_id, { error: `batch request ${result?.type ?? 'unanswered'}${detail}` });
}
