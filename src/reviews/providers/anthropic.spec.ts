import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anthropicError, FAKE_MODEL_MAX_TOKENS, message, startFakeAnthropic, type FakeAnthropic, type FakeMessageResponse } from '../../../test/support/fakeAnthropic.js';
import type { ChatMessage } from '../../requests/types.js';
import { CriticCallError, type Critic } from '../critic.js';
import { ANTHROPIC_VERSION, createAnthropicCritic, type AnthropicCriticOptions } from './anthropic.js';

const KEY = 'sk-ant-test-not-a-secret';
const messages: ChatMessage[] = [
  { role: 'system', content: 'You are a careful reviewer.' },
  { role: 'user', content: 'Task: Summarise the leave policy.\n\nEnd with VERDICT: PASS or VERDICT: FAIL.' },
];
const request = { task: 't', artifact: 'a', evidence: [], rubric: 'You are a careful reviewer.' };

let server: FakeAnthropic;
beforeEach(async () => {
  server = await startFakeAnthropic({ apiKey: KEY, limits: { 'anthropic-ratelimit-requests-limit': '50', 'anthropic-ratelimit-requests-remaining': '49' } });
});
afterEach(async () => {
  await server.close();
});

function critic(overrides: Partial<AnthropicCriticOptions> = {}): Critic {
  return createAnthropicCritic({
    name: 'claude',
    model: 'claude-fake-1',
    baseURL: server.baseURL,
    apiKey: KEY,
    maxTokens: 1024,
    timeoutMs: 5_000,
    identity: { provider: 'anthropic' },
    fieldError: (key, text) => `critic.config.yaml:7 (critics.0.${key}): ${text}`,
    ...overrides,
  });
}

const review = (c: Critic) => c.review({ reviewId: 'r-1', request, messages, signal: new AbortController().signal });

async function callError(c: Critic, response: FakeMessageResponse | null): Promise<CriticCallError> {
  if (response) server.setHandler([response]);
  const err = await review(c).then(
    (reply) => new Error(`expected a failure, got ${JSON.stringify(reply)}`),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CriticCallError);
  return err as CriticCallError;
}

describe('createAnthropicCritic against a fake Messages API', () => {
  it('sends the system message as `system`, the rest as messages, with max_tokens, the key and the version', async () => {
    server.setHandler([message('Checked every claim.\n\nVERDICT: FAIL', { input_tokens: 310, output_tokens: 12 })]);
    const reply = await review(critic({ temperature: 0.2 }));
    expect(reply.text).toBe('Checked every claim.\n\nVERDICT: FAIL');
    expect(reply.usage).toEqual({ inputTokens: 310, outputTokens: 12 });
    expect(reply.rateLimit).toEqual({ requestsPerMinute: 50, remainingRequests: 49 });
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({ model: 'claude-fake-1', max_tokens: 1024, system: 'You are a careful reviewer.', temperature: 0.2, messages: [messages[1]] });
  });

  it('retries 429 (honouring retry-after), 529 overloaded and 5xx', async () => {
    const limited = await callError(critic(), anthropicError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', { headers: { 'retry-after': '3' } }));
    expect(limited).toMatchObject({ retryable: true, details: { status: 429, retryAfterMs: 3000 } });
    const overloaded = await callError(critic(), anthropicError(529, 'overloaded_error', 'Overloaded'));
    expect(overloaded).toMatchObject({ retryable: true, details: { status: 529 } });
    expect((await callError(critic(), anthropicError(500, 'api_error'))).retryable).toBe(true);
  });

  it('stops the run (exit 3) on a spent balance or spend limit, without retrying', async () => {
    for (const response of [
      anthropicError(400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API.'),
      anthropicError(429, 'rate_limit_error', 'spend limit reached', { details: { error_code: 'enforced_spend_limit_reached' } }),
      anthropicError(402, 'billing_error', 'billing problem'),
    ]) {
      const err = await callError(critic(), response);
      expect(err.retryable).toBe(false);
      expect(err.details.quotaExhausted).toBe(true);
    }
  });

  it('treats a rejected key as bad input naming apiKeyEnv, not as something to retry', async () => {
    const err = await callError(critic({ apiKey: 'sk-ant-wrong' }), null);
    expect(err.retryable).toBe(false);
    expect(err.details).toMatchObject({ status: 401, badInput: true });
    expect(err.message).toMatch(/critics\.0\.apiKeyEnv.*invalid x-api-key/);
    expect(err.message).not.toMatch(/sk-ant-wrong/);
  });

  it('treats max_tokens beyond the model as the API reports it as bad input naming maxTokens', async () => {
    const err = await callError(critic({ maxTokens: FAKE_MODEL_MAX_TOKENS + 1 }), null);
    expect(err.details).toMatchObject({ status: 400, badInput: true });
    expect(err.message).toMatch(/critics\.0\.maxTokens.*8193 > 8192/);
  });

  it('maps a 200 that is not a message to a retryable error', async () => {
    server.setHandler(() => ({ kind: 'error', status: 200, type: 'x' }));
    const err = await callError(critic(), null);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/malformed/);
  });

  it('previews the request it would send with the key masked', () => {
    const preview = critic().preview!({ reviewId: 'r-1', request, messages });
    expect(preview.url).toBe(`${server.baseURL}/v1/messages`);
    expect(preview.headers['x-api-key']).toBe('***');
    expect(JSON.stringify(preview)).not.toContain(KEY);
    expect(JSON.parse(preview.body)).toMatchObject({ system: 'You are a careful reviewer.', max_tokens: 1024 });
    expect(server.requests).toHaveLength(0);
  });
});
