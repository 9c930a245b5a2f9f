/**
 * A fake of Anthropic's Message Batches API on loopback, for batch mode's tests.
 *
 *   const server = await startFakeAnthropicBatch({ apiKey, answer: (params) => 'VERDICT: PASS', script: [{ polls: 1 }] });
 *
 * POST /v1/messages/batches creates a batch of `{custom_id, params}`
 * requests; each GET /v1/messages/batches/{id} counts a poll, and after
 * `polls` polls in progress the batch has `ended`; its results_url serves one
 * JSONL line per request: `succeeded` with a message whose text is
 * `answer(params)`, `errored` (an api_error) for the custom ids `fail` picks,
 * and `expired` for the requests past `answered` (a share) when `end` is
 * `expired`. The n-th batch follows `script[n]` (the last for any after). A
 * request without the right x-api-key is refused with 401.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessagesRequestBody } from './fakeAnthropic.js';

export interface AnthropicBatchScript {
  polls: number;
  end?: 'ended' | 'expired';
  fail?: (customId: string, index: number) => boolean;
  answered?: number;
}

interface FakeMessageBatch {
  id: string;
  requests: Array<{ custom_id: string; params: MessagesRequestBody }>;
  polls: number;
  script: AnthropicBatchScript;
  status: 'in_progress' | 'ended';
  results: string | null;
}

export interface FakeAnthropicBatch {
  readonly baseURL: string;
  readonly apiKeys: readonly string[];
  readonly batches: ReadonlyArray<FakeMessageBatch>;
  close(): Promise<void>;
}

export async function startFakeAnthropicBatch(options: { apiKey: string; answer: (params: MessagesRequestBody) => string; script: readonly AnthropicBatchScript[] }): Promise<FakeAnthropicBatch> {
  const batches: FakeMessageBatch[] = [];
  const apiKeys: string[] = [];
  let baseURL = '';
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const finish = (batch: FakeMessageBatch) => {
    const done = batch.script.end === 'expired' ? Math.floor(batch.requests.length * (batch.script.answered ?? 0)) : batch.requests.length;
    const lines = batch.requests.map(({ custom_id, params }, index) => {
      if (index >= done) return { custom_id, result: { type: 'expired' } };
      if (batch.script.fail?.(custom_id, index)) return { custom_id, result: { type: 'errored', error: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } } };
      const message = { id: `msg_${index}`, type: 'message', role: 'assistant', content: [{ type: 'text', text: options.answer(params) }], usage: { input_tokens: 50, output_tokens: 10 } };
      return { custom_id, result: { type: 'succeeded', message } };
    });
    batch.results = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
    batch.status = 'ended';
  };
  const view = (batch: FakeMessageBatch) => ({
    id: batch.id,
    type: 'message_batch',
    processing_status: batch.status,
    results_url: batch.status === 'ended' ? `${baseURL}/v1/messages/batches/${batch.id}/results` : null,
  });
  const server = createServer(async (req, res) => {
    const key = String(req.headers['x-api-key']);
    apiKeys.push(key);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (key !== options.apiKey || !req.headers['anthropic-version']) return json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/v1/messages/batches') {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { requests?: FakeMessageBatch['requests'] };
      if (!Array.isArray(body.requests) || body.requests.some((r) => !/^[a-zA-Z0-9_-]{1,64}$/.test(r.custom_id) || !r.params?.model || !r.params.max_tokens)) {
        return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'bad requests' } });
      }
      const batch: FakeMessageBatch = {
        id: `msgbatch_${batches.length + 1}`,
        requests: body.requests,
        polls: 0,
        script: options.script[Math.min(batches.length, options.script.length - 1)]!,
        status: 'in_progress',
        results: null,
      };
      batches.push(batch);
      return json(res, 200, view(batch));
    }
    const match = /^\/v1\/messages\/batches\/([^/]+)(\/results)?$/.exec(path);
    const batch = match && batches.find((b) => b.id === decodeURIComponent(match[1]!));
    if (req.method === 'GET' && batch && !match[2]) {
      if (batch.status === 'in_progress' && batch.polls++ >= batch.script.polls) finish(batch);
      return json(res, 200, view(batch));
    }
    if (req.method === 'GET' && batch?.results) {
      res.writeHead(200, { 'content-type': 'application/binary' });
      return res.end(batch.results);
    }
    json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no route ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseURL, apiKeys, batches, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
