import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { IncomingHttpHeaders } from 'node:http';
import { CriticCallError, type Critic, type CriticIdentity } from '../critic.js';
import { HttpTimeoutError, HttpTransport, type HttpReply } from './httpTransport.js';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAICriticOptions {
  name: string;
  model: string;
  baseURL?: string | undefined;
  apiKey: string;
  temperature?: number | undefined;
  maxTokens?: number | undefined;
  timeoutMs: number;
  identity: CriticIdentity;
}

/**
 * Any OpenAI-compatible chat-completions endpoint, spoken to directly: one
 * POST per review, no retries (the scheduler owns those). The wire types come
 * from the `openai` package; its client is not used on this path because its
 * per-call work (header objects, debug formatting, WHATWG streams) costs about
 * three times the rest of the harness at thousands of reviews per second.
 */
export function createOpenAICritic(options: OpenAICriticOptions): Critic {
  const transport = new HttpTransport();
  const url = new URL(`${(options.baseURL ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '')}/chat/completions`);
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.apiKey}` };
  return {
    name: options.name,
    identity: options.identity,
    async review({ messages, signal }) {
      const params: ChatCompletionCreateParamsNonStreaming = {
        model: options.model,
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
        messages,
      };
      let reply: HttpReply;
      try {
        reply = await transport.post(url, headers, JSON.stringify(params), { signal, timeoutMs: options.timeoutMs });
      } catch (err) {
        throw transportError(err, signal);
      }
      if (reply.status < 200 || reply.status >= 300) throw statusError(reply, url);
      const completion = parseJson(reply.body) as Partial<ChatCompletion> | undefined;
      if (!completion || !Array.isArray(completion.choices)) throw new CriticCallError(`malformed response: ${completion === undefined ? 'body is not JSON' : 'no choices'}`, true);
      const text = completion.choices[0]?.message?.content ?? '';
      const usage = completion.usage;
      return usage ? { text, usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : { text };
    },
  };
}

/** Connection errors, timeouts and cut-off bodies are transport failures: worth another try. */
function transportError(err: unknown, signal: AbortSignal): CriticCallError {
  if (err instanceof HttpTimeoutError) return new CriticCallError(`review ${err.message}`, true);
  if (signal.aborted) return new CriticCallError(`review ${isTimeout(signal.reason) ? 'timed out' : 'aborted'}`, true);
  const code = (err as { code?: unknown }).code;
  return new CriticCallError(err instanceof Error ? `${err.message}${typeof code === 'string' ? ` (${code})` : ''}` : String(err), true);
}

function statusError({ status, headers, body }: HttpReply, url: URL): CriticCallError {
  const error = (parseJson(body) as { error?: { message?: unknown; code?: unknown; type?: unknown } } | undefined)?.error;
  const message = typeof error?.message === 'string' ? error.message : body.slice(0, 200) || 'no body';
  // Only the explicit quota code: some compatible services word per-minute rate limits as "check quota".
  if (status === 429 && (error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota')) {
    return new CriticCallError(`quota exhausted (HTTP 429 insufficient_quota): ${message}`, false, { status, quotaExhausted: true });
  }
  const retryAfterMs = retryAfter(headers);
  const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
  // The endpoint is named (without its query, which may hold a key): a 404 is most often a baseURL without its /v1.
  const endpoint = `POST ${url.origin}${url.pathname}`;
  const hint = status === 404 && !/\/v\d/.test(url.pathname) ? ' (does baseURL need a /v1?)' : '';
  return new CriticCallError(`HTTP ${status} from ${endpoint}${hint}: ${message}`, retryable, { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

function retryAfter(headers: IncomingHttpHeaders): number | undefined {
  const ms = headers['retry-after-ms'];
  if (typeof ms === 'string' && ms !== '' && Number.isFinite(Number(ms))) return Number(ms);
  const seconds = headers['retry-after'];
  if (!seconds) return undefined;
  if (Number.isFinite(Number(seconds))) return Number(seconds) * 1000;
  const date = Date.parse(seconds);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
