/**
 * A fake Anthropic Messages API on loopback, for tests.
 *
 *   const server = await startFakeAnthropic({ apiKey: 'sk-ant-test' });
 *   createAnthropicCritic({ baseURL: server.baseURL, ... });
 *
 * It checks a request as the real API does before answering: `x-api-key`
 * (401 authentication_error when it is not the one given), `anthropic-version`
 * (400 when missing), `model`, `messages` and `max_tokens` (400 when missing or
 * above the model's limit, worded as the API words it). A valid request is
 * answered by the handler (a function of the body and its 0-based index) or
 * the next entry of a queue. Every response carries `anthropic-ratelimit-*`
 * headers from `limits`, when given. Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeMessageResponse =
  /** HTTP 200 with a message whose text block says `text` (none when empty and it uses tools) and, with `toolUses`, tool_use blocks (stop_reason tool_use). */
  | { kind: 'message'; text: string; toolUses?: FakeToolUse[]; usage?: { input_tokens: number; output_tokens: number } }
  /** An error with Anthropic's body `{type: "error", error: {type, message, details?}}`. */
  | { kind: 'error'; status: number; type: string; message?: string; details?: Record<string, unknown>; headers?: Record<string, string> };

/** A tool_use block of a reply. */
export interface FakeToolUse {
  id: string;
  name: string;
  input: unknown;
}

/** A content block of a request's message: text, a tool_use the assistant made, or the tool_result answering one. */
export type RequestBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface MessagesRequestBody {
  model?: string;
  max_tokens?: number;
  system?: string;
  temperature?: number;
  messages?: Array<{ role: string; content: string | RequestBlock[] }>;
  tools?: Array<{ name: string; description: string; input_schema: unknown }>;
  tool_choice?: { type: string };
}

export interface RecordedMessagesRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: MessagesRequestBody;
  rawBody: string;
}

export type FakeMessagesHandler = (body: MessagesRequestBody, index: number) => FakeMessageResponse;

export interface FakeAnthropic {
  /** The API's root, as a critic's `baseURL` (no /v1: the provider adds /v1/messages). */
  readonly baseURL: string;
  readonly requests: readonly RecordedMessagesRequest[];
  setHandler(handler: FakeMessagesHandler | readonly FakeMessageResponse[]): void;
  close(): Promise<void>;
}

export const message = (text: string, usage?: { input_tokens: number; output_tokens: number }): FakeMessageResponse => ({ kind: 'message', text, ...(usage ? { usage } : {}) });
export const anthropicError = (status: number, type: string, message?: string, extra: { details?: Record<string, unknown>; headers?: Record<string, string> } = {}): FakeMessageResponse => ({
  kind: 'error',
  status,
  type,
  ...(message !== undefined ? { message } : {}),
  ...extra,
});

/** The most output tokens each fake model gives, as the API enforces `max_tokens`. */
export const FAKE_MODEL_MAX_TOKENS = 8192;

export async function startFakeAnthropic(options: { apiKey: string; handler?: FakeMessagesHandler | readonly FakeMessageResponse[]; limits?: Record<string, string> }): Promise<FakeAnthropic> {
  const fromQueue = (responses: readonly FakeMessageResponse[]): FakeMessagesHandler => {
    const pending = [...responses];
    return (_body, index) => pending.shift() ?? anthropicError(500, 'api_error', `fake-anthropic: no scripted response for request #${index}`);
  };
  let handler: FakeMessagesHandler = typeof options.handler === 'function' ? options.handler : fromQueue(options.handler ?? [message('Checked.\n\nVERDICT: PASS')]);
  const requests: RecordedMessagesRequest[] = [];
  const sockets = new Set<Socket>();
  let index = 0;

  const answer = (req: IncomingMessage, rawBody: string): FakeMessageResponse => {
    if (req.method !== 'POST' || req.url !== '/v1/messages') return anthropicError(404, 'not_found_error', `fake-anthropic: no route ${req.method} ${req.url}`);
    if (req.headers['x-api-key'] !== options.apiKey) return anthropicError(401, 'authentication_error', 'invalid x-api-key');
    if (!req.headers['anthropic-version']) return anthropicError(400, 'invalid_request_error', 'anthropic-version: header is required');
    let body: MessagesRequestBody;
    try {
      body = JSON.parse(rawBody) as MessagesRequestBody;
    } catch {
      return anthropicError(400, 'invalid_request_error', 'request body is not valid JSON');
    }
    requests.push({ path: req.url, headers: req.headers, body, rawBody });
    if (typeof body.model !== 'string') return anthropicError(400, 'invalid_request_error', 'model: Field required');
    if (!Array.isArray(body.messages) || body.messages.length === 0) return anthropicError(400, 'invalid_request_error', 'messages: Field required');
    if (typeof body.max_tokens !== 'number') return anthropicError(400, 'invalid_request_error', 'max_tokens: Field required');
    if (body.max_tokens > FAKE_MODEL_MAX_TOKENS) {
      return anthropicError(400, 'invalid_request_error', `max_tokens: ${body.max_tokens} > ${FAKE_MODEL_MAX_TOKENS}, which is the maximum allowed number of output tokens for ${body.model}`);
    }
    const toolProblem = toolBlockProblem(body);
    if (toolProblem) return anthropicError(400, 'invalid_request_error', toolProblem);
    return handler(body, index++);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const spec = answer(req, rawBody);
      const headers = { ...(options.limits ?? {}), ...(spec.kind === 'error' ? (spec.headers ?? {}) : {}) };
      if (spec.kind === 'error') {
        send(res, spec.status, { type: 'error', error: { type: spec.type, message: spec.message ?? spec.type, ...(spec.details ? { details: spec.details } : {}) } }, headers);
        return;
      }
      const model = (JSON.parse(rawBody) as MessagesRequestBody).model;
      send(
        res,
        200,
        {
          id: `msg_fake_${index}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [...(spec.text || !spec.toolUses?.length ? [{ type: 'text', text: spec.text }] : []), ...(spec.toolUses ?? []).map((u) => ({ type: 'tool_use', ...u }))],
          stop_reason: spec.toolUses?.length ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: spec.usage ?? { input_tokens: 42, output_tokens: 7 },
        },
        headers,
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      handler = typeof next === 'function' ? next : fromQueue(next);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * What the Messages API refuses in a conversation with tools: tool_use or
 * tool_result blocks without `tools` defined, and a user turn whose
 * tool_result blocks do not answer the tool_use blocks of the assistant turn
 * before it, each by its id. Undefined when the request is sound.
 */
function toolBlockProblem(body: MessagesRequestBody): string | undefined {
  const messages = body.messages ?? [];
  const blocks = (m: { content: string | RequestBlock[] }) => (typeof m.content === 'string' ? [] : m.content);
  const usesTools = messages.some((m) => blocks(m).some((b) => b.type === 'tool_use' || b.type === 'tool_result'));
  if (usesTools && !body.tools?.length) return 'Requests which include `tool_use` or `tool_result` blocks must define tools.';
  for (const [i, m] of messages.entries()) {
    const results = blocks(m).flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []));
    if (!results.length) continue;
    const uses = i > 0 ? blocks(messages[i - 1]!).flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) : [];
    if (results.length !== uses.length || results.some((id) => !uses.includes(id)))
      return `messages.${i}: \`tool_result\` blocks must answer the \`tool_use\` blocks of the previous message (${uses.join(', ') || 'none'}), each by its id`;
  }
  return undefined;
}
