import OpenAI from 'openai';
import { CriticCallError, type Critic, type CriticIdentity } from '../critic.js';
import { deadlineSignal } from '../../util/deadline.js';

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

/** Any OpenAI-compatible chat-completions endpoint. Retries are the harness's job, so the SDK's are off. */
export function createOpenAICritic(options: OpenAICriticOptions): Critic {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs });
  return {
    name: options.name,
    identity: options.identity,
    async review({ messages, signal }) {
      // The SDK's own timeout stops at the response headers; a body that stalls after them would hang forever
      // unless something aborts the read, so the deadline also travels in the signal.
      const deadline = deadlineSignal(signal, options.timeoutMs);
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages,
            ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
            ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
          },
          { signal: deadline.signal },
        );
        if (!completion || !Array.isArray(completion.choices)) throw new CriticCallError('malformed response: no choices', true);
        const text = completion.choices[0]?.message?.content ?? '';
        const usage = completion.usage ? { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens } : undefined;
        return usage ? { text, usage } : { text };
      } catch (err) {
        if (!(err instanceof CriticCallError) && !hasStatus(err)) {
          if (signal.aborted) throw new CriticCallError(`review ${isTimeout(signal.reason) ? 'timed out' : 'aborted'}`, true);
          if (deadline.signal.aborted) throw new CriticCallError(`review timed out after ${options.timeoutMs} ms`, true);
        }
        throw toCallError(err);
      } finally {
        deadline.release();
      }
    },
  };
}

function hasStatus(err: unknown): boolean {
  return err instanceof OpenAI.APIError && err.status !== undefined;
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

function toCallError(err: unknown): CriticCallError {
  if (err instanceof CriticCallError) return err;
  if (err instanceof OpenAI.APIError && err.status !== undefined) {
    const status = err.status;
    const body = err.error as { code?: string; type?: string } | undefined;
    const code = (err.code ?? body?.code ?? '') as string;
    // Only the explicit quota code: some compatible services word per-minute rate limits as "check quota".
    if (status === 429 && [code, err.type, body?.type].includes('insufficient_quota')) {
      return new CriticCallError(`quota exhausted (HTTP 429 ${code || 'insufficient_quota'}): ${err.message}`, false, { status, quotaExhausted: true });
    }
    const retryAfterMs = retryAfter(err.headers);
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return new CriticCallError(`HTTP ${status}: ${err.message}`, retryable, { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (err instanceof Error && err.name === 'AbortError') return new CriticCallError('review timed out', true);
  // Connection errors, timeouts and unparseable bodies are transport failures: worth another try.
  return new CriticCallError(err instanceof Error ? `${err.name}: ${err.message}` : String(err), true);
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after-ms') ?? undefined;
  if (value && Number.isFinite(Number(value))) return Number(value);
  const seconds = headers?.get('retry-after');
  if (!seconds) return undefined;
  if (Number.isFinite(Number(seconds))) return Number(seconds) * 1000;
  const date = Date.parse(seconds);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
