import { CriticCallError, type CriticReply } from '../critic.js';

/** Where a batch stands; `ended` once its results are final (for OpenAI: completed, failed, expired, cancelled). */
export interface BatchState {
  status: string;
  ended: boolean;
  /** Where its results are, as the API names them (OpenAI: the error and output file ids; Anthropic: the results URL). */
  results: string[];
}

/** One request's outcome in a finished batch: a reply, or an error a resume sends again. */
export type BatchAnswer = { reply: CriticReply } | { error: string };

/**
 * A provider's batch API, as a critic in batch mode offers it. The lines are
 * the provider's input format, one request each, keyed by `custom_id`; the
 * key stays in the client's headers, never in a line.
 */
export interface BatchApi {
  /** One input line: the request the critic would send online, under `customId`. */
  line(customId: string, messages: ReadonlyArray<{ role: string; content: string }>): string;
  limits: { requests: number; bytes: number };
  /** Uploads the lines and creates the batch; its id. */
  submit(lines: readonly string[]): Promise<{ batchId: string; inputFileId: string }>;
  poll(batchId: string): Promise<BatchState>;
  /** The answers of an ended batch by custom_id; ids it does not answer are left out. */
  answers(state: BatchState): Promise<Map<string, BatchAnswer>>;
}

/** A fetch of the batch API with its auth headers; a non-2xx answer is a CriticCallError naming the call (never the key). */
export function batchCaller(base: string, auth: Record<string, string>): (method: string, path: string, body?: FormData | string) => Promise<Response> {
  return async (method, path, body) => {
    const url = /^https?:/.test(path) ? path : `${base}${path}`;
    const response = await fetch(url, {
      method,
      headers: typeof body === 'string' ? { ...auth, 'content-type': 'application/json' } : auth,
      ...(body !== undefined ? { body } : {}),
    }).catch((err: unknown) => {
      throw new CriticCallError(`batch API unreachable at ${url}: ${err instanceof Error ? err.message : String(err)}`, true);
    });
    if (!response.ok)
      throw new CriticCallError(`batch API ${method} ${url}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`, response.status >= 500 || response.status === 429, {
        status: response.status,
      });
    return response;
  };
}

/** Splits lines into batches within the limits, in order. */
export function splitForLimits(lines: readonly string[], limits: { requests: number; bytes: number }): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (current.length && (current.length >= limits.requests || bytes + size > limits.bytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(line);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}
