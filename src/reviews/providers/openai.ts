import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ChatMessage } from '../../requests/types.js';
import { openAIBatchApi } from '../batch/openaiBatch.js';
import { CriticCallError, type Critic, type CriticIdentity, type CriticReply, type TokenUsage } from '../critic.js';
import { verdictNow, type Toolbox } from '../tools/index.js';
import { BATCH_TOOLS } from '../tools/schema.js';
import { endpointIdentity } from './endpoint.js';
import { GRAMMARS } from '../verdicts/index.js';
import { apiKeyFrom, entryKeys, providerSchema, toolsIdentity } from './entrySchema.js';
import { rateLimitFromHeaders } from './rateLimitHeaders.js';
import { type ErrorBody, parseJson, sendChecked } from './httpErrors.js';
import { HttpTransport } from './httpTransport.js';
import type { Provider } from './types.js';

const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

const schema = providerSchema('openai', {
  model: z.string().min(1).describe('The model name the endpoint serves.'),
  baseURL: z.url().optional().describe('The API root; requests go to `{baseURL}/chat/completions` (default https://api.openai.com/v1).'),
  apiKeyEnv: entryKeys.apiKeyEnv.optional(),
  temperature: z.number().min(0).max(2).optional().describe('Sent as `temperature` when set.'),
  maxTokens: z.number().int().positive().optional().describe('Sent as `max_tokens` when set.'),
  prompt: entryKeys.prompt,
  verdict: entryKeys.verdict,
  notFound: entryKeys.notFound,
  structuredOutput: z.boolean().optional().describe("Send the grammar's JSON schema as `response_format: {type: json_schema}`, so the model can only answer in it (`verdict: claims` only)."),
  timeoutMs: entryKeys.timeoutMs,
  pricing: entryKeys.pricing,
  rateLimit: entryKeys.rateLimit,
  batch: z.boolean().optional().describe("Send the reviews through OpenAI's Batch API (at `pricing.batchDiscount`); not part of the identity: the replies are the same model's."),
  tools: entryKeys.tools,
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
    ...toolsIdentity(entry.tools),
  }),
  validateConfig(entry, rules) {
    if (entry.tools && entry.batch) throw rules.errorAt('tools', `${BATCH_TOOLS}: remove batch: true, or the tools`);
  },
  create(entry, context) {
    const apiKey = entry.apiKeyEnv ? apiKeyFrom(entry.apiKeyEnv, context.errorAt) : 'not-needed';
    const { model, baseURL, temperature, maxTokens, rateLimit } = entry;
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
      rateLimit,
      responseFormat,
      timeoutMs: entry.timeoutMs ?? context.timeoutMs,
      identity: openai.identity(entry, context),
      fieldError: (key, message) => context.errorAt(key, message).message,
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
  rateLimit?: Critic['rateLimit'];
  /** `structuredOutput`: the grammar's JSON schema, sent as the request's response_format. */
  responseFormat?: ChatCompletionCreateParamsNonStreaming['response_format'] | undefined;
  timeoutMs: number;
  identity: CriticIdentity;
  /** A message naming one of the entry's config fields, for a refusal that is the config's fault (max_tokens too large). */
  fieldError?: (key: string, message: string) => string;
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
  const body = (messages: ChatCompletionMessageParam[], tools?: Pick<ChatCompletionCreateParamsNonStreaming, 'tools' | 'tool_choice'>) => {
    const params: ChatCompletionCreateParamsNonStreaming = {
      model: options.model,
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
      ...(options.responseFormat ? { response_format: options.responseFormat } : {}),
      messages,
      ...tools,
    };
    return JSON.stringify(params);
  };
  /** One POST: the completion's first message, its usage and the rate limits its headers published. */
  const send = async (text: string, signal: AbortSignal) => {
    const reply = await sendChecked(transport, { method: 'POST', url, headers, body: text }, { signal, timeoutMs: options.timeoutMs }, (body) => readError(body, options.fieldError));
    const completion = parseJson(reply.body) as Partial<ChatCompletion> | undefined;
    if (!completion || !Array.isArray(completion.choices)) throw new CriticCallError(`malformed response: ${completion === undefined ? 'body is not JSON' : 'no choices'}`, true);
    const usage = completion.usage;
    return {
      message: completion.choices[0]?.message,
      usage: usage ? { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } : undefined,
      rateLimit: rateLimitFromHeaders(reply.headers),
    };
  };
  const replyOf = (text: string, usage: TokenUsage | undefined, rateLimit: CriticReply['rateLimit']): CriticReply => ({ text, ...(usage ? { usage } : {}), ...(rateLimit ? { rateLimit } : {}) });
  return {
    name: options.name,
    identity: options.identity,
    rateLimit: options.rateLimit,
    batch: openAIBatchApi({ baseURL: options.baseURL ?? DEFAULT_OPENAI_BASE_URL, apiKey: options.apiKey, body: (messages) => body(messages as ChatMessage[]) }),
    preview: ({ messages }) => ({ method: 'POST', url: url.toString(), headers: { ...headers, authorization: 'Bearer ***' }, body: body(messages) }),
    async review({ messages, signal, tools }) {
      if (tools?.specs.length) return toolLoop(messages, tools, signal);
      const { message, usage, rateLimit } = await send(body(messages), signal);
      return replyOf(message?.content ?? '', usage, rateLimit);
    },
  };

  /**
   * A review with function tools: each reply's `tool_calls` are run in order
   * and answered with `tool` messages, until a reply calls none. Once the
   * review's calls are spent the critic is asked for its verdict, the tools
   * still listed (the conversation names them) with `tool_choice: none`.
   */
  async function toolLoop(messages: ChatMessage[], tools: Toolbox, signal: AbortSignal): Promise<CriticReply> {
    const conversation: ChatCompletionMessageParam[] = [...messages];
    const functions: ChatCompletionTool[] = tools.specs.map((spec) => ({ type: 'function', function: spec }));
    let usage: TokenUsage | undefined;
    for (;;) {
      const spent = tools.remaining === 0;
      const sent = await send(body(conversation, { tools: functions, tool_choice: spent ? 'none' : 'auto' }), signal);
      usage = sent.usage && { inputTokens: (usage?.inputTokens ?? 0) + sent.usage.inputTokens, outputTokens: (usage?.outputTokens ?? 0) + sent.usage.outputTokens };
      const calls = (sent.message?.tool_calls ?? []).filter((c) => c.type === 'function');
      if (spent || calls.length === 0) {
        // Calls in the reply the verdict was asked for go unanswered; one out of bounds is still recorded (the toolbox refuses the rest).
        for (const call of calls) await tools.call(call.function.name, parsedArguments(call.function.arguments));
        return replyOf(sent.message?.content ?? '', usage, sent.rateLimit);
      }
      conversation.push({ role: 'assistant', content: sent.message?.content ?? null, tool_calls: calls });
      for (const call of calls) {
        const result = await tools.call(call.function.name, parsedArguments(call.function.arguments));
        conversation.push({ role: 'tool', tool_call_id: call.id, content: result.content });
      }
      if (tools.remaining === 0) conversation.push({ role: 'user', content: verdictNow(tools.maxCalls) });
    }
  }
}

/** A function call's arguments, a JSON object as text; text that is not JSON is handed on as it is, for the tool to refuse. */
function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * OpenAI's error body: `{error: {message, code, type, param}}`, with
 * `insufficient_quota` when the account has run dry. A refused `max_tokens`
 * is the config's fault: named by its field, it stops the run with exit 2 (from
 * a config, not a bare call). A rejected key keeps its exit 3 through fail-fast,
 * as this provider has always had it (an anthropic key is exit 2, as its issue asks).
 */
function readError(body: string, fieldError?: (key: string, message: string) => string): ErrorBody {
  const error = (parseJson(body) as { error?: { message?: unknown; code?: unknown; type?: unknown; param?: unknown } } | undefined)?.error;
  const quota = error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota';
  const message = typeof error?.message === 'string' ? error.message : undefined;
  const badInput =
    fieldError !== undefined && error?.param === 'max_tokens' && error?.type === 'invalid_request_error'
      ? fieldError('maxTokens', `the API refused max_tokens (${message ?? 'invalid'}); lower maxTokens`)
      : undefined;
  return { message, quotaCode: quota ? 'insufficient_quota' : undefined, badInput };
}
