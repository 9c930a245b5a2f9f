import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  completion,
  drop,
  hang,
  malformedJSON,
  noVerdictReply,
  quotaExhausted,
  rateLimited,
  serverError,
  stall,
  startFakeOpenAI,
  verdictReply,
  type FakeOpenAI,
  type FakeResponse,
} from '../../../test/support/fakeOpenAI.js';
import type { ChatMessage, CriticRequest } from '../../requests/types.js';
import { CriticCallError, type Critic } from '../critic.js';
import { passFail } from '../verdicts/pass-fail.js';
import { claims } from '../verdicts/claims.js';
import { createOpenAICritic, openai, type OpenAICriticOptions } from './openai.js';

const request: CriticRequest = {
  task: 'Summarise the leave policy.',
  artifact: 'Employees get 20 days of paid leave.',
  evidence: [{ id: 'E1', title: 'Policy', text: 'Full-time employees accrue 20 days of paid leave per year.' }],
  rubric: 'You are a careful reviewer.',
};
const messages: ChatMessage[] = [
  { role: 'system', content: 'You are a careful reviewer.' },
  { role: 'user', content: 'Task: Summarise the leave policy.\n\nArtifact: Employees get 20 days of paid leave.\n\nEnd with VERDICT: PASS or VERDICT: FAIL.' },
];

let server: FakeOpenAI;
beforeEach(async () => {
  server = await startFakeOpenAI([]);
});
afterEach(async () => {
  await server.close();
});

function critic(overrides: Partial<OpenAICriticOptions> = {}): Critic {
  return createOpenAICritic({
    name: 'fake',
    model: 'fake-model-1',
    baseURL: server.baseURL,
    apiKey: 'sk-test-not-a-secret',
    temperature: 0,
    timeoutMs: 5_000,
    identity: { provider: 'openai', model: 'fake-model-1' },
    ...overrides,
  });
}

/** One review call with a signal that never fires unless given one. */
function review(c: Critic, signal: AbortSignal = new AbortController().signal) {
  return c.review({ reviewId: 'r-0001', request, messages, signal });
}

/** The CriticCallError a call fails with (fails the test if it succeeds or throws anything else). */
async function callError(c: Critic, response: FakeResponse, signal?: AbortSignal): Promise<CriticCallError> {
  server.setHandler([response]);
  const err = await review(c, signal).then(
    (reply) => {
      throw new Error(`expected a failure, got reply ${JSON.stringify(reply)}`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CriticCallError);
  return err as CriticCallError;
}

describe('createOpenAICritic against an OpenAI-compatible server', () => {
  it('returns the reply text, which parses to its verdict', async () => {
    server.setHandler([verdictReply('PASS')]);
    const reply = await review(critic());
    expect(reply.text).toMatch(/VERDICT: PASS$/);
    expect(passFail.parse(reply.text).verdict).toBe('PASS');
  });

  it('returns a reply without a verdict as text, not as an error', async () => {
    server.setHandler([noVerdictReply('I cannot tell.')]);
    const reply = await review(critic());
    expect(reply.text).toBe('I cannot tell.');
    expect(passFail.parse(reply.text).verdict).toBeNull();
  });

  it('returns the token usage the server reported', async () => {
    server.setHandler([completion('VERDICT: FAIL', { prompt_tokens: 1234, completion_tokens: 56 })]);
    const reply = await review(critic());
    expect(reply.usage).toEqual({ inputTokens: 1234, outputTokens: 56 });
  });

  it('sends model, temperature and the messages exactly, and nothing of the request object', async () => {
    server.setHandler([verdictReply('PASS')]);
    await review(critic({ temperature: 0.3, maxTokens: 321 }));
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-not-a-secret');
    expect(sent.body).toEqual({ model: 'fake-model-1', temperature: 0.3, max_tokens: 321, messages });
  });

  it('omits temperature and max_tokens when not configured', async () => {
    server.setHandler([verdictReply('PASS')]);
    await review(critic({ temperature: undefined }));
    expect(server.requests[0]!.body).toEqual({ model: 'fake-model-1', messages });
  });

  it("with structuredOutput, sends the claims grammar's JSON schema as response_format, as the provider builds it from the entry", async () => {
    server.setHandler([verdictReply('PASS')]);
    const context = { name: 'fake', baseDir: '.', timeoutMs: 5_000, templateHash: 'a'.repeat(16), errorAt: (key: string, message: string) => new Error(`${key}: ${message}`) };
    const entry = openai.schema.parse({ provider: 'openai', model: 'fake-model-1', baseURL: server.baseURL, verdict: 'claims', structuredOutput: true });
    await review(openai.create(entry, context));
    expect(server.requests[0]!.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'claims', strict: true, schema: claims.jsonSchema } } });
    expect(() => openai.create(openai.schema.parse({ provider: 'openai', model: 'm', structuredOutput: true }), context)).toThrow(/structuredOutput: the pass-fail grammar has no JSON schema/);
  });

  it('maps 429 with retry-after to a retryable error carrying retryAfterMs', async () => {
    const zero = await callError(critic(), rateLimited('0'));
    expect(zero.retryable).toBe(true);
    expect(zero.details).toMatchObject({ status: 429, retryAfterMs: 0 });
    expect(zero.details.quotaExhausted).toBeUndefined();

    const two = await callError(critic(), rateLimited(2));
    expect(two.retryable).toBe(true);
    expect(two.details).toMatchObject({ status: 429, retryAfterMs: 2000 });
  });

  it('honours retry-after-ms over retry-after', async () => {
    const err = await callError(critic(), { kind: 'error', status: 429, headers: { 'retry-after-ms': '250', 'retry-after': '9' } });
    expect(err.details.retryAfterMs).toBe(250);
  });

  it('maps 429 without retry-after to retryable, with no retryAfterMs', async () => {
    const err = await callError(critic(), rateLimited());
    expect(err.retryable).toBe(true);
    expect(err.details.status).toBe(429);
    expect(err.details.retryAfterMs).toBeUndefined();
  });

  it('maps 500 and 503 to retryable errors', async () => {
    for (const status of [500, 503]) {
      const err = await callError(critic(), serverError(status));
      expect(err.retryable).toBe(true);
      expect(err.details.status).toBe(status);
    }
  });

  it('maps insufficient_quota to quotaExhausted, not retryable', async () => {
    const err = await callError(critic(), quotaExhausted());
    expect(err.retryable).toBe(false);
    expect(err.details).toMatchObject({ status: 429, quotaExhausted: true });
    expect(err.message).toMatch(/quota/);
  });

  it('maps client errors (400, 401, 404) to non-retryable errors', async () => {
    for (const status of [400, 401, 404]) {
      const err = await callError(critic(), { kind: 'error', status });
      expect(err.retryable).toBe(false);
      expect(err.details.status).toBe(status);
      expect(err.details.quotaExhausted).toBeUndefined();
    }
  });

  it('maps a refused max_tokens to bad input naming maxTokens, when built from a config; a rejected key stays a plain failure (exit 3 by fail-fast)', async () => {
    const fieldError = (key: string, text: string) => `critic.config.yaml:5 (critic.${key}): ${text}`;
    const key = await callError(critic({ fieldError }), {
      kind: 'error',
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } },
    });
    expect(key.retryable).toBe(false);
    expect(key.details.badInput).toBeUndefined();
    const tokens = await callError(critic({ fieldError, maxTokens: 100_000 }), {
      kind: 'error',
      status: 400,
      body: { error: { message: 'max_tokens is too large: 100000. This model supports at most 16384 completion tokens.', type: 'invalid_request_error', param: 'max_tokens', code: 'invalid_value' } },
    });
    expect(tokens.details).toMatchObject({ status: 400, badInput: true });
    expect(tokens.message).toMatch(/critic\.maxTokens\): the API refused max_tokens \(max_tokens is too large: 100000/);
  });

  it('maps a malformed JSON body to a retryable error', async () => {
    const err = await callError(critic(), malformedJSON());
    expect(err.retryable).toBe(true);
  });

  it('maps a 200 that is not a chat completion to a retryable error', async () => {
    const err = await callError(critic(), { kind: 'raw', body: 'upstream said hello', contentType: 'text/plain' });
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/malformed/);
  });

  it('maps a dropped connection to a retryable error', async () => {
    const err = await callError(critic(), drop());
    expect(err.retryable).toBe(true);
    expect(err.details.status).toBeUndefined();
  });

  // Which timer ended a hung request is in its message, not in how long it took: the signal's says "timed out", the
  // critic's own "timed out after N ms" with its timeoutMs (5 s by default here). A request no timer ends hangs, and the
  // spec fails at its own timeout.
  it('cuts off a hung request when the signal fires', async () => {
    // The signal fires as a timeout does once the server holds the request: a fixed 200 ms fired before a loaded machine
    // had sent it (a fresh clone's CI run beside a reviewer's tests).
    const controller = new AbortController();
    const call = callError(critic(), hang(), controller.signal);
    while (server.requests.length === 0) await delay(10);
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const err = await call;
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('review timed out');
    expect(server.requests).toHaveLength(1);
  });

  it('cuts off a hung request at its own timeoutMs when no signal fires', async () => {
    const err = await callError(critic({ timeoutMs: 200 }), hang());
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('review timed out after 200 ms');
  });

  it('cuts off a body that stalls after the headers, at timeoutMs', async () => {
    const err = await callError(critic({ timeoutMs: 200 }), stall());
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('review timed out after 200 ms');
  });

  it('makes exactly one request per call: the scheduler owns retries', async () => {
    await callError(critic(), serverError(500));
    await callError(critic(), rateLimited('0'));
    await callError(critic(), drop());
    expect(server.requests).toHaveLength(3);
  });
});
