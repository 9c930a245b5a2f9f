import type { IncomingHttpHeaders } from 'node:http';
import { CriticCallError } from '../critic.js';
import { HttpTimeoutError, type HttpReply, type HttpTransport } from './httpTransport.js';
import { rateLimitFromHeaders } from './rateLimitHeaders.js';

/**
 * What a provider reads from the body of a failed reply, in its own wire
 * format: the service's message, and the code it gives when the account's
 * quota is spent (only an explicit code: some services word per-minute rate
 * limits as "check quota").
 */
export interface ErrorBody {
  message?: string | undefined;
  quotaCode?: string | undefined;
  /**
   * Set when the service refused the critic's configuration (a rejected key, a
   * setting out of range): the whole message, naming the config field, for an
   * error that stops the run with exit 2 instead of retrying or counting errors.
   */
  badInput?: string | undefined;
}

/** Connection errors, timeouts and cut-off bodies are transport failures: worth another try. */
export function transportError(err: unknown, signal: AbortSignal): CriticCallError {
  if (err instanceof HttpTimeoutError) return new CriticCallError(`review ${err.message}`, true);
  if (signal.aborted) return new CriticCallError(`review ${isTimeout(signal.reason) ? 'timed out' : 'aborted'}`, true);
  const code = (err as { code?: unknown }).code;
  return new CriticCallError(err instanceof Error ? `${err.message}${typeof code === 'string' ? ` (${code})` : ''}` : String(err), true);
}

/**
 * One request through the transport, its failures read as the scheduler reads them: a transport failure or a
 * non-2xx reply becomes the CriticCallError the provider throws; a 2xx reply comes back.
 */
export async function sendChecked(
  transport: HttpTransport,
  request: { method: string; url: URL; headers: Record<string, string>; body: string },
  options: { signal: AbortSignal; timeoutMs: number },
  readError: (body: string) => ErrorBody,
): Promise<HttpReply> {
  let reply: HttpReply;
  try {
    reply = await transport.send(request.method, request.url, request.headers, request.body, options);
  } catch (err) {
    throw transportError(err, options.signal);
  }
  if (reply.status < 200 || reply.status >= 300) throw statusError(reply, request.url, readError, request.method);
  return reply;
}

/** A non-2xx reply as the scheduler reads it: retryable or not, when to retry, whether the quota is spent. */
export function statusError(reply: HttpReply, url: URL, readError: (body: string) => ErrorBody, method = 'POST'): CriticCallError {
  const { status, headers, body } = reply;
  const error = readError(body);
  const message = error.message ?? (body.slice(0, 200) || 'no body');
  if (error.quotaCode !== undefined && (status === 429 || status === 400 || status === 402)) {
    return new CriticCallError(`quota exhausted (HTTP ${status} ${error.quotaCode}): ${message}`, false, { status, quotaExhausted: true });
  }
  if (error.badInput !== undefined) return new CriticCallError(`HTTP ${status}: ${error.badInput}`, false, { status, badInput: true });
  const retryAfterMs = retryAfter(headers);
  const rateLimit = rateLimitFromHeaders(headers);
  const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
  // The endpoint is named (without its query, which may hold a key): a 404 is most often a baseURL without its /v1.
  const endpoint = `${method} ${url.origin}${url.pathname}`;
  const hint = status === 404 && !/\/v\d/.test(url.pathname) ? ' (does baseURL need a /v1?)' : '';
  return new CriticCallError(`HTTP ${status} from ${endpoint}${hint}: ${message}`, retryable, { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), ...(rateLimit ? { rateLimit } : {}) });
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

/** A response body as JSON, or undefined when it is not JSON (an error page, a cut-off body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
