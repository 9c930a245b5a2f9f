import { batchCaller, type BatchAnswer, type BatchApi } from './api.js';

/** OpenAI's limits on one batch input file: 50,000 requests and 200 MB. */
export const OPENAI_BATCH_LIMITS = { requests: 50_000, bytes: 200 * 1024 * 1024 };

const ENDED = new Set(['completed', 'failed', 'expired', 'cancelled']);

/** OpenAI's Files and Batches APIs (POST /files, POST /batches, GET /batches/{id}, GET /files/{id}/content) for /v1/chat/completions. */
export function openAIBatchApi(options: { baseURL: string; apiKey: string; body: (messages: ReadonlyArray<{ role: string; content: string }>) => string }): BatchApi {
  const base = options.baseURL.replace(/\/+$/, '');
  const call = batchCaller(base, { authorization: `Bearer ${options.apiKey}` });
  return {
    limits: OPENAI_BATCH_LIMITS,
    line: (customId, messages) => `{"custom_id":${JSON.stringify(customId)},"method":"POST","url":"/v1/chat/completions","body":${options.body(messages)}}`,
    async submit(lines) {
      const form = new FormData();
      form.append('purpose', 'batch');
      form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'application/jsonl' }), 'critic-audit-batch.jsonl');
      const file = (await (await call('POST', '/files', form)).json()) as { id: string };
      const batch = (await (await call('POST', '/batches', JSON.stringify({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' }))).json()) as { id: string };
      return { batchId: batch.id, inputFileId: file.id };
    },
    async poll(batchId) {
      const batch = (await (await call('GET', `/batches/${encodeURIComponent(batchId)}`)).json()) as { status: string; output_file_id?: string | null; error_file_id?: string | null };
      return { status: batch.status, ended: ENDED.has(batch.status), results: [batch.error_file_id, batch.output_file_id].filter((id): id is string => typeof id === 'string') };
    },
    async answers(state) {
      const answers = new Map<string, BatchAnswer>();
      for (const fileId of state.results) {
        const text = await (await call('GET', `/files/${encodeURIComponent(fileId)}/content`)).text();
        for (const line of text.split('\n')) if (line.trim()) readOutputLine(line, answers);
      }
      return answers;
    },
  };
}

interface OutputLine {
  custom_id?: unknown;
  response?: {
    status_code?: number;
    body?: { choices?: Array<{ message?: { content?: string | null } }>; usage?: { prompt_tokens: number; completion_tokens: number }; error?: { message?: string } };
  } | null;
  error?: { code?: string; message?: string } | null;
}

/** One line of an output or error file: a 200 with a chat completion is a reply; anything else an error naming what the API said. */
function readOutputLine(text: string, into: Map<string, BatchAnswer>): void {
  let line: OutputLine;
  try {
    line = JSON.parse(text) as OutputLine;
  } catch {
    return;
  }
  if (typeof line.custom_id !== 'string') return;
  const { response } = line;
  const choices = response?.body?.choices;
  if (response?.status_code === 200 && Array.isArray(choices)) {
    const usage = response.body?.usage;
    into.set(line.custom_id, { reply: { text: choices[0]?.message?.content ?? '', ...(usage ? { usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : {}) } });
    return;
  }
  const why = line.error ? `${line.error.code ?? 'error'}: ${line.error.message ?? ''}` : `HTTP ${response?.status_code ?? '?'}: ${response?.body?.error?.message ?? 'no answer'}`;
  into.set(line.custom_id, { error: `batch request failed (${why.trim()})` });
}
