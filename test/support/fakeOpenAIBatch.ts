/**
 * A fake of OpenAI's Files and Batches APIs on loopback, for batch mode's tests.
 *
 *   const server = await startFakeOpenAIBatch({ answer: deterministicReply, script: [{ polls: 1 }, { polls: 0, end: 'expired', answered: 0.5 }] });
 *
 * POST /v1/files (multipart, purpose=batch) stores a JSONL input file;
 * POST /v1/batches creates a batch over it; each GET /v1/batches/{id} moves
 * it one step (validating, in_progress, then its end after `polls` polls in
 * progress); GET /v1/files/{id}/content serves input, output and error files.
 * The n-th batch follows `script[n]` (the last entry for any after): `end`
 * completed or expired, `fail` the custom ids answered with HTTP 500 in the
 * error file, `answered` the share of an expired batch's requests that were
 * done before it expired (the rest go to the error file as batch_expired).
 * Every request's authorization header is recorded.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRequestBody, FakeResponse } from './fakeOpenAI.js';

export interface BatchScript {
  polls: number;
  end?: 'completed' | 'expired';
  fail?: (customId: string, index: number) => boolean;
  answered?: number;
}

interface FakeBatch {
  id: string;
  inputFileId: string;
  status: string;
  polls: number;
  script: BatchScript;
  outputFileId: string | null;
  errorFileId: string | null;
}

export interface FakeOpenAIBatch {
  readonly baseURL: string;
  readonly authorizations: readonly string[];
  readonly batches: ReadonlyMap<string, FakeBatch>;
  /** Input lines of every batch, in creation order. */
  readonly inputs: ReadonlyArray<readonly unknown[]>;
  close(): Promise<void>;
}

export async function startFakeOpenAIBatch(options: { answer: (body: ChatRequestBody) => FakeResponse; script: readonly BatchScript[] }): Promise<FakeOpenAIBatch> {
  const files = new Map<string, string>();
  const batches = new Map<string, FakeBatch>();
  const authorizations: string[] = [];
  const inputs: unknown[][] = [];
  let ids = 0;
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const finish = (batch: FakeBatch) => {
    const lines = files
      .get(batch.inputFileId)!
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { custom_id: string; body: ChatRequestBody });
    const out: string[] = [];
    const errors: string[] = [];
    const done = batch.script.end === 'expired' ? Math.floor(lines.length * (batch.script.answered ?? 0)) : lines.length;
    lines.forEach((line, index) => {
      if (index >= done) {
        errors.push(
          JSON.stringify({
            id: `req_${index}`,
            custom_id: line.custom_id,
            response: null,
            error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' },
          }),
        );
      } else if (batch.script.fail?.(line.custom_id, index)) {
        errors.push(
          JSON.stringify({
            id: `req_${index}`,
            custom_id: line.custom_id,
            response: { status_code: 500, body: { error: { message: 'The server had an error processing your request.' } } },
            error: null,
          }),
        );
      } else {
        const reply = options.answer(line.body);
        const content = reply.kind === 'completion' ? reply.content : '';
        const body = {
          id: `chatcmpl-${index}`,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48 },
        };
        out.push(JSON.stringify({ id: `req_${index}`, custom_id: line.custom_id, response: { status_code: 200, request_id: `r${index}`, body }, error: null }));
      }
    });
    if (out.length) files.set((batch.outputFileId = `file-out-${++ids}`), `${out.join('\n')}\n`);
    if (errors.length) files.set((batch.errorFileId = `file-err-${++ids}`), `${errors.join('\n')}\n`);
    batch.status = batch.script.end ?? 'completed';
  };
  const server = createServer(async (req: IncomingMessage, res) => {
    authorizations.push(String(req.headers.authorization));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/v1/files') {
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: raw }).formData();
      const file = form.get('file');
      if (form.get('purpose') !== 'batch' || !(file instanceof Blob)) return json(res, 400, { error: { message: 'purpose must be batch, with a file' } });
      const id = `file-in-${++ids}`;
      files.set(id, await file.text());
      return json(res, 200, { id, object: 'file', purpose: 'batch', bytes: file.size });
    }
    if (req.method === 'POST' && path === '/v1/batches') {
      const body = JSON.parse(raw.toString()) as { input_file_id: string; endpoint: string; completion_window: string };
      if (!files.has(body.input_file_id) || body.endpoint !== '/v1/chat/completions' || body.completion_window !== '24h') return json(res, 400, { error: { message: 'bad batch' } });
      const script = options.script[Math.min(batches.size, options.script.length - 1)]!;
      const id = `batch_${++ids}`;
      inputs.push(
        files
          .get(body.input_file_id)!
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l)),
      );
      batches.set(id, { id, inputFileId: body.input_file_id, status: 'validating', polls: 0, script, outputFileId: null, errorFileId: null });
      return json(res, 200, { id, object: 'batch', status: 'validating', input_file_id: body.input_file_id });
    }
    const batchMatch = /^\/v1\/batches\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && batchMatch) {
      const batch = batches.get(decodeURIComponent(batchMatch[1]!));
      if (!batch) return json(res, 404, { error: { message: 'no such batch' } });
      if (batch.status === 'validating') batch.status = 'in_progress';
      else if (batch.status === 'in_progress' && batch.polls++ >= batch.script.polls) finish(batch);
      return json(res, 200, { id: batch.id, object: 'batch', status: batch.status, output_file_id: batch.outputFileId, error_file_id: batch.errorFileId });
    }
    const fileMatch = /^\/v1\/files\/([^/]+)\/content$/.exec(path);
    if (req.method === 'GET' && fileMatch) {
      const text = files.get(decodeURIComponent(fileMatch[1]!));
      if (text === undefined) return json(res, 404, { error: { message: 'no such file' } });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(text);
    }
    json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    authorizations,
    batches,
    inputs,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
