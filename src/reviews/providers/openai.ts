import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { CriticCallError, type Critic, type CriticIdentity } from '../critic.js';
import { endpointIdentity } from './endpoint.js';
import { GRAMMARS } from '../verdicts/index.js';
import { entryKeys, providerSchema } from './entrySchema.js';
import { statusError, transportError, type ErrorBody } from './httpErrors.js';
import { HttpTransport, type HttpReply } from './httpTransport.js';
import type { Provider } from './types.js';

const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

const schema = providerSchema('openai', {
  model: z.string().min(1),
  baseURL: z.url().optional(),
  /** The name of the environment variable holding the key: keys never live in the config file. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
    .optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
  prompt: entryKeys.prompt,
  verdict: entryKeys.verdict,
  notFound: entryKeys.notFound,
  /** Send the grammar's JSON schema as `response_format: {type: json_schema}`, so the model can only answer in it. */
  structuredOutput: z.boolean().optional(),
  timeoutMs: entryKeys.timeoutMs,
  pricing: entryKeys.pricing,
});

/** Any OpenAI-compatible chat-completions endpoint. Fails (exit 2) on a missing API key before anything is sent. */
export const openai: Provider<typeof schema> = {
  name: 'openai',
  schema,
  identity: (entry, { templateHash }) => ({
    provider: 'openai',
    ...endpointIdentity(entry.baseURL ?? DEFAULT_OPENAI_BASE_URL),
    model: entry.model,
    temperature: entry.temperature ?? null,
    maxTokens: entry.maxTokens ?? null,
    templateHash,
    // Constraining the reply to a schema changes what the model answers; off, the identity stays as it was.
    ...(entry.structuredOutput ? { structuredOutput: entry.verdict } : {}),
  }),
  create(entry, context) {
    let apiKey = 'not-needed';
    if (entry.apiKeyEnv) {
      const value = process.env[entry.apiKeyEnv];
      if (!value) throw context.errorAt('apiKeyEnv', `environment variable ${entry.apiKeyEnv} is not set`);
      apiKey = value;
    }
    const { model, baseURL, temperature, maxTokens } = entry;
    const schema = entry.structuredOutput ? GRAMMARS[entry.verdict].jsonSchema : undefined;
    if (entry.structuredOutput && !schema) throw context.errorAt('structuredOutput', `the ${entry.verdict} grammar has no JSON schema to send; structuredOutput needs verdict: claims`);
    const responseFormat = schema ? { type: 'json_schema' as const, json_schema: { name: entry.verdict, strict: true, schema } } : undefined;
    return createOpenAICritic({
      name: context.name,
      model,
      baseURL,
      apiKey,
      temperature,
      maxTokens,
      responseFormat,
      timeoutMs: entry.timeoutMs ?? context.timeoutMs,
      identity: openai.identity(entry, context),
    });
  },
};

export interface OpenAICriticOptions {
  name: string;
  model: string;
  baseURL?: string | undefined;
  apiKey: string;
  temperature?: number | undefined;
  maxTokens?: number | undefined;
  /** `structuredOutput`: the grammar's JSON schema, sent as the request's response_format. */
  responseFormat?: ChatCompletionCreateParamsNonStreaming['response_format'] | undefined;
  timeoutMs: number;
  identity: CriticIdentity;
}

/**
 * Spoken to directly: one POST per review, no retries (the scheduler owns
 * those). The wire types come from the `openai` package; its client is not
 * used on this path because its per-call work (header objects, debug
 * formatting, WHATWG streams) costs about three times the rest of the harness
 * at thousands of reviews per second.
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
        ...(options.responseFormat ? { response_format: options.responseFormat } : {}),
        messages,
      };
      let reply: HttpReply;
      try {
        reply = await transport.post(url, headers, JSON.stringify(params), { signal, timeoutMs: options.timeoutMs });
      } catch (err) {
        throw transportError(err, signal);
      }
      if (reply.status < 200 || reply.status >= 300) throw statusError(reply, url, readError);
      const completion = parseJson(reply.body) as Partial<ChatCompletion> | undefined;
      if (!completion || !Array.isArray(completion.choices)) throw new CriticCallError(`malformed response: ${completion === undefined ? 'body is not JSON' : 'no choices'}`, true);
      const text = completion.choices[0]?.message?.content ?? '';
      const usage = completion.usage;
      return usage ? { text, usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : { text };
    },
  };
}

/** OpenAI's error body: `{error: {message, code, type}}`, with `insufficient_quota` when the account has run dry. */
function readError(body: string): ErrorBody {
  const error = (parseJson(body) as { error?: { message?: unknown; code?: unknown; type?: unknown } } | undefined)?.error;
  const quota = error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota';
  return { message: typeof error?.message === 'string' ? error.message : undefined, quotaCode: quota ? 'insufficient_quota' : undefined };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
