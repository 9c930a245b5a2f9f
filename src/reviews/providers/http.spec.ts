import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeReviewService, type FakeReviewService, type ServiceAnswer } from '../../../test/support/fakeReviewService.js';
import type { ChatMessage, CriticRequest } from '../../requests/types.js';
import type { CriticCallError, Critic } from '../critic.js';
import { http } from './http.js';
import type { ProviderContext } from './types.js';

const TOKEN_ENV = 'CRITIC_AUDIT_HTTP_SPEC_TOKEN';
const request: CriticRequest = {
  task: 'Summarise "the" policy.',
  artifact: 'Staff get 20 days.\nNo more.',
  evidence: [{ id: 'E1', text: 'Staff get 20 days of leave.' }],
  rubric: 'Be careful.',
  trace: 'I checked it.',
};
const messages: ChatMessage[] = [
  { role: 'system', content: 'Be careful.' },
  { role: 'user', content: 'Review this.' },
];
const context: ProviderContext = {
  name: 'service',
  baseDir: '.',
  timeoutMs: 5_000,
  templateHash: 'a'.repeat(16),
  errorAt: (key, message) => new Error(`critic.config.yaml:9 (critic.${key}): ${message}`),
};

let service: FakeReviewService;
beforeEach(async () => {
  process.env[TOKEN_ENV] = 'tok-SECRET-1';
  service = await startFakeReviewService(() => ({ json: { output: { review: 'Fine.\n\nVERDICT: PASS', verdict: 'fail' } } }));
});
afterEach(async () => {
  delete process.env[TOKEN_ENV];
  await service.close();
});

function critic(overrides: Record<string, unknown> = {}): Critic {
  const entry = http.schema.parse({
    provider: 'http',
    url: service.url,
    headers: { Authorization: `Bearer \${${TOKEN_ENV}}` },
    body: { question: '{{task}}', answer: '{{artifact}}', sources: '{{evidence_json}}', trace: '{{trace}}', prior: '{{prior_verdict}}' },
    reply: 'output.review',
    ...overrides,
  });
  return http.create(entry, context);
}

const review = (c: Critic) => c.review({ reviewId: 'r-1', request, messages, signal: new AbortController().signal });
const failure = (c: Critic) =>
  review(c).then(
    (reply) => {
      throw new Error(`expected a failure, got ${JSON.stringify(reply)}`);
    },
    (err: unknown) => err as CriticCallError,
  );

describe('an http critic against a review service', () => {
  it('sends the body template with text JSON-escaped, *_json values inserted, absent contaminants empty, and the header variable filled in', async () => {
    const reply = await review(critic());
    expect(reply.text).toBe('Fine.\n\nVERDICT: PASS');
    const sent = service.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/api/review');
    expect(sent.headers.authorization).toBe('Bearer tok-SECRET-1');
    expect(sent.body).toEqual({ question: 'Summarise "the" policy.', answer: 'Staff get 20 days.\nNo more.', sources: request.evidence, trace: 'I checked it.', prior: '' });
  });

  it('takes a body given as JSON text, and PUT', async () => {
    await review(critic({ method: 'PUT', body: '{"messages": {{messages_json}}, "id": "x"}' }));
    expect(service.requests[0]!.method).toBe('PUT');
    expect(service.requests[0]!.body).toEqual({ messages, id: 'x' });
  });

  it('reads `$` as the whole body, and appends the verdict field as the VERDICT line', async () => {
    service.setHandler(() => ({ text: 'Looks wrong to me.' }));
    expect((await review(critic({ reply: '$' }))).text).toBe('Looks wrong to me.');
    service.setHandler(() => ({ json: { output: { review: 'Numbers differ.', verdict: 'fail' } } }));
    expect((await review(critic({ verdictPath: 'output.verdict' }))).text).toBe('Numbers differ.\n\nVERDICT: FAIL');
    service.setHandler(() => ({ json: { output: { review: 'Unsure.', verdict: 'maybe' } } }));
    expect((await review(critic({ verdictPath: 'output.verdict' }))).text).toBe('Unsure.');
  });

  it('stops the run when the reply path is not in the first response, naming the field and the top-level keys', async () => {
    service.setHandler(() => ({ json: { result: 'VERDICT: PASS', id: 7 } }));
    const err = await failure(critic());
    expect(err.details.stopsRun).toBe(true);
    expect(err.message).toMatch(/critic\.reply\): output\.review is not in the response \(its top-level keys: result, id\)/);
  });

  it('after a response that held the reply, a missing path fails only that review', async () => {
    const c = critic();
    await review(c);
    service.setHandler(() => ({ json: { oops: true } }));
    const err = await failure(c);
    expect(err.details.stopsRun).toBeUndefined();
    expect(err.retryable).toBe(false);
  });

  it('retries 429 and 5xx, not 4xx, quoting the service', async () => {
    const answers: ServiceAnswer[] = [
      { status: 503, json: { error: 'busy' } },
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 400, json: { message: 'bad question' } },
    ];
    service.setHandler((_r, i) => answers[i]!);
    expect(await failure(critic())).toMatchObject({ retryable: true, details: { status: 503 } });
    expect(await failure(critic())).toMatchObject({ retryable: true, details: { status: 429, retryAfterMs: 1000 } });
    const client = await failure(critic());
    expect(client.retryable).toBe(false);
    expect(client.message).toMatch(/HTTP 400 from POST .*\/api\/review: bad question/);
  });

  it('refuses, naming the field, a header variable that is unset, a body that is not JSON once filled, an unknown placeholder', () => {
    expect(() => critic({ headers: { 'x-key': '${CRITIC_AUDIT_UNSET_VAR}' } })).toThrow(/critic\.headers\): x-key: environment variable CRITIC_AUDIT_UNSET_VAR is not set/);
    expect(() => critic({ body: '{"answer": {{artifact}}}' })).toThrow(/critic\.body\): not valid JSON once its placeholders are filled/);
    expect(() => critic({ body: { answer: '{{artefact}}' } })).toThrow(/critic\.body\): unknown placeholder \{\{artefact\}\}/);
  });

  it('previews the request with header secrets masked and sends nothing', () => {
    const preview = critic().preview!({ reviewId: 'r-1', request, messages });
    expect(preview.headers.authorization).toBe('Bearer ***');
    expect(JSON.stringify(preview)).not.toMatch(/SECRET/);
    expect(JSON.parse(preview.body)).toMatchObject({ answer: 'Staff get 20 days.\nNo more.' });
    expect(service.requests).toHaveLength(0);
  });
});
