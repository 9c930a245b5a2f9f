/**
 * A fake OpenAI-compatible chat-completions server on loopback, for tests.
 *
 *   const server = await startFakeOpenAI((body, index) => verdictReply('PASS'));
 *   createOpenAICritic({ baseURL: server.baseURL, ... });
 *   ...
 *   await server.close();
 *
 * Every POST /v1/chat/completions is answered by the handler (a function of
 * the parsed request body and its 0-based arrival index) or by the next entry
 * of a queue. Every request received is recorded, and the server tracks how
 * many requests are in flight at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What the server does with one request. `delayMs` holds the answer back (not for 'hang'). */
export type FakeResponse =
  /** HTTP 200 with a chat completion whose single choice says `content` and, with `toolCalls`, calls those functions (finish_reason tool_calls). */
  | { kind: 'completion'; content: string; toolCalls?: FakeToolCall[]; usage?: FakeUsage; delayMs?: number; headers?: Record<string, string> }
  /** An HTTP error with an OpenAI-style error body (`{"error": ...}`) unless `body` is given. */
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Arbitrary bytes, e.g. a truncated JSON body, served as application/json unless told otherwise. */
  | { kind: 'raw'; status?: number; body: string; contentType?: string; delayMs?: number }
  /** The connection is destroyed without an answer. */
  | { kind: 'drop'; delayMs?: number }
  /** Never answers: no status line, nothing, until the client gives up or the server closes. */
  | { kind: 'hang' }
  /** Sends 200 and headers, then never finishes the body. */
  | { kind: 'stall'; delayMs?: number };

/** A function call of a completion: its id, the function's name and its arguments (JSON text, as the API sends them). */
export interface FakeToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A message of a request: a role's text, an assistant's function calls, or a tool's result answering one. */
export interface ChatRequestMessage {
  role: string;
  content: string | null;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

/** The request body as the client sent it; `messages` etc. are whatever crossed the wire. */
export type ChatRequestBody = Record<string, unknown> & {
  model?: string;
  messages?: ChatRequestMessage[];
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  temperature?: number;
  max_tokens?: number;
};

export interface RecordedRequest {
  index: number;
  /** performance.now() when the body had arrived. */
  receivedAt: number;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body; the raw text if it did not parse. */
  body: ChatRequestBody | string;
  rawBody: string;
}

export type FakeHandler = (body: ChatRequestBody, index: number) => FakeResponse | Promise<FakeResponse>;

export interface FakeOpenAI {
  /** Pass to the OpenAI client as `baseURL`: ends in /v1. */
  readonly baseURL: string;
  /** Every request received, in arrival order, including ones that got an error, a drop or a hang. */
  readonly requests: readonly RecordedRequest[];
  /** Requests currently being answered (or hung). */
  readonly inFlight: number;
  /** The most requests ever in flight at once. */
  readonly maxInFlight: number;
  /** Replaces the handler (or queue) for the requests that follow. */
  setHandler(handler: FakeHandler | readonly FakeResponse[]): void;
  /** Destroys every open connection (including hung ones) and stops listening. */
  close(): Promise<void>;
}

export const DEFAULT_USAGE: FakeUsage = { prompt_tokens: 42, completion_tokens: 7 };

// ---- response builders ----------------------------------------------------

export const completion = (content: string, usage?: FakeUsage): FakeResponse => ({ kind: 'completion', content, ...(usage ? { usage } : {}) });
/** A reply ending in a `VERDICT:` line. */
export const verdictReply = (verdict: 'PASS' | 'FAIL', preamble = 'I checked the artifact against the evidence.'): FakeResponse => completion(`${preamble}\n\nVERDICT: ${verdict}`);
export const noVerdictReply = (text = 'The artifact looks mostly fine, though I am not sure.'): FakeResponse => completion(text);
/** 429 rate limit; `retryAfterSeconds` becomes the `retry-after` header. */
export const rateLimited = (retryAfterSeconds?: string | number): FakeResponse => ({
  kind: 'error',
  status: 429,
  body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
  ...(retryAfterSeconds !== undefined ? { headers: { 'retry-after': String(retryAfterSeconds) } } : {}),
});
/** 429 insufficient_quota: the account is out of credit, retrying is pointless. */
export const quotaExhausted = (): FakeResponse => ({
  kind: 'error',
  status: 429,
  body: { error: { code: 'insufficient_quota', message: 'You exceeded your current quota', type: 'insufficient_quota' } },
});
export const serverError = (status = 500): FakeResponse => ({
  kind: 'error',
  status,
  body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } },
});
export const malformedJSON = (): FakeResponse => ({ kind: 'raw', body: '{"id":"chatcmpl-broken","object":"chat.completion","choices":[{"index":0,"mess' });
export const drop = (): FakeResponse => ({ kind: 'drop' });
export const hang = (): FakeResponse => ({ kind: 'hang' });
export const stall = (): FakeResponse => ({ kind: 'stall' });
/** Adds a delay before the answer, e.g. to make concurrent requests overlap. */
export const delayed = (response: FakeResponse, delayMs: number): FakeResponse => (response.kind === 'hang' ? response : { ...response, delayMs });

/** A completion calling functions: each call's arguments given as an object, sent as JSON text. */
export const toolCallsReply = (calls: ReadonlyArray<{ id: string; name: string; arguments: unknown }>, content = ''): FakeResponse => ({
  kind: 'completion',
  content,
  toolCalls: calls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.arguments) })),
});

/** A handler answering from a queue in order; past its end, a 500 that names the unscripted request. */
export function queue(responses: readonly FakeResponse[]): FakeHandler {
  const pending = [...responses];
  return (_body, index) => pending.shift() ?? { kind: 'error', status: 500, body: { error: { message: `fake-openai: no scripted response for request #${index}`, type: 'unscripted' } } };
}

/** The last user message's text, the usual thing a handler keys its answer on. */
export function userText(body: ChatRequestBody): string {
  const users = (body.messages ?? []).filter((m) => m.role === 'user');
  return users.at(-1)?.content ?? '';
}

// ---- the server -------------------------------------------------------------

/** `record: false` keeps no request log, for long benchmark runs. */
export async function startFakeOpenAI(handler: FakeHandler | readonly FakeResponse[] = [verdictReply('PASS')], options: { record?: boolean } = {}): Promise<FakeOpenAI> {
  let current: FakeHandler = typeof handler === 'function' ? handler : queue(handler);
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;
  let nextIndex = 0;

  const wait = (ms: number | undefined) =>
    new Promise<void>((resolve) => {
      if (!ms) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const answer = async (req: IncomingMessage, res: ServerResponse, rawBody: string) => {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') {
      sendJSON(res, 404, { error: { message: `fake-openai: no route ${req.method} ${req.url}`, type: 'invalid_request_error' } });
      return;
    }
    const index = nextIndex++;
    let body: ChatRequestBody | string = rawBody;
    try {
      body = JSON.parse(rawBody) as ChatRequestBody;
    } catch {
      // recorded as text
    }
    if (options.record !== false) requests.push({ index, receivedAt: performance.now(), method: req.method, path: req.url, headers: req.headers, body, rawBody });
    const toolProblem = typeof body === 'string' ? undefined : toolMessageProblem(body);
    if (toolProblem) {
      sendJSON(res, 400, { error: { message: toolProblem, type: 'invalid_request_error', param: 'messages', code: null } });
      return;
    }
    const spec = await current(typeof body === 'string' ? {} : body, index);
    if (spec.kind === 'hang') return;
    await wait(spec.delayMs);
    if (res.destroyed) return;
    switch (spec.kind) {
      case 'completion': {
        const usage = spec.usage ?? DEFAULT_USAGE;
        const model = typeof body === 'object' && typeof body.model === 'string' ? body.model : 'fake-model';
        sendJSON(
          res,
          200,
          {
            id: `chatcmpl-fake-${index}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: spec.toolCalls?.length && !spec.content ? null : spec.content,
                  refusal: null,
                  ...(spec.toolCalls?.length ? { tool_calls: spec.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
                },
                finish_reason: spec.toolCalls?.length ? 'tool_calls' : 'stop',
                logprobs: null,
              },
            ],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          },
          spec.headers,
        );
        return;
      }
      case 'error':
        sendJSON(res, spec.status, spec.body ?? { error: { message: `fake error ${spec.status}`, type: 'fake' } }, spec.headers);
        return;
      case 'raw':
        res.writeHead(spec.status ?? 200, { 'content-type': spec.contentType ?? 'application/json', 'content-length': Buffer.byteLength(spec.body) });
        res.end(spec.body);
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'stall':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":"chatcmpl-stalled",');
        return;
    }
  };

  const server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    res.on('close', finish);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      answer(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
        if (!res.headersSent) sendJSON(res, 500, { error: { message: `fake-openai handler threw: ${String(err)}`, type: 'fake_handler_error' } });
      });
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
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    setHandler(next) {
      current = typeof next === 'function' ? next : queue(next);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

function sendJSON(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * What chat completions refuses in a conversation with tools: an assistant
 * message with `tool_calls` not followed by a `tool` message answering each
 * call by its id, a `tool` message answering no call, or tool calls without
 * `tools` defined. Undefined when the request is sound.
 */
function toolMessageProblem(body: ChatRequestBody): string | undefined {
  const messages = body.messages ?? [];
  let open: string[] = [];
  for (const [i, m] of messages.entries()) {
    if (m.role === 'tool') {
      if (!open.includes(m.tool_call_id ?? '')) return `Invalid parameter: messages[${i}]: a message with role 'tool' must be a response to a preceding message with 'tool_calls'.`;
      open = open.filter((id) => id !== m.tool_call_id);
      continue;
    }
    if (open.length)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`;
    if (m.tool_calls?.length) {
      if (!Array.isArray(body.tools) || body.tools.length === 0) return `Invalid parameter: messages[${i}]: 'tool_calls' need 'tools' defined.`;
      open = m.tool_calls.map((c) => c.id);
    }
  }
  return open.length
    ? `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`
    : undefined;
}
