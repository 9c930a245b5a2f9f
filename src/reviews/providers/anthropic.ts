import { z } from 'zod';
import type { ChatMessage } from '../../requests/types.js';
import { anthropicBatchApi } from '../batch/anthropicBatch.js';
import { CriticCallError, type Critic, type CriticIdentity, type CriticReply, type TokenUsage } from '../critic.js';
import { verdictNow, type Toolbox } from '../tools/index.js';
import { BATCH_TOOLS } from '../tools/schema.js';
import { endpointIdentity } from './endpoint.js';
import { apiKeyFrom, entryKeys, providerSchema, toolsIdentity } from './entrySchema.js';
import { type ErrorBody, parseJson, sendChecked } from './httpErrors.js';
import { HttpTransport } from './httpTransport.js';
import { rateLimitFromHeaders } from './rateLimitHeaders.js';
import type { Provider } from './types.js';

const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
/** The Messages API's version header; the only one its reference documents. */
export const ANTHROPIC_VERSION = '2023-06-01';
/** The Messages API requires `max_tokens`; a review's reasoning and verdict fit well within this. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 1024;

const schema = providerSchema('anthropic', {
  model: z.string().min(1).describe('The Claude model name.'),
  baseURL: z.url().optional().describe("The API's root, without /v1 (default https://api.anthropic.com); requests go to `{baseURL}/v1/messages`."),
  apiKeyEnv: entryKeys.apiKeyEnv.default('ANTHROPIC_API_KEY'),
  temperature: z.number().min(0).max(1).optional().describe('Sent as `temperature` when set.'),
  maxTokens: z.number().int().positive().default(DEFAULT_ANTHROPIC_MAX_TOKENS).describe('Sent as `max_tokens`, which the Messages API requires.'),
  anthropicVersion: z.string().min(1).default(ANTHROPIC_VERSION).describe('The `anthropic-version` header.'),
  prompt: entryKeys.prompt,
  verdict: entryKeys.verdict,
  timeoutMs: entryKeys.timeoutMs,
  pricing: entryKeys.pricing,
  rateLimit: entryKeys.rateLimit,
  batch: z.boolean().optional().describe('Send the reviews through the Message Batches API (at `pricing.batchDiscount`); not part of the identity.'),
  tools: entryKeys.tools,
});

/** Claude through the Anthropic Messages API (`POST {baseURL}/v1/messages`). Fails (exit 2) on a missing API key before anything is sent. */
export const anthropic: Provider<typeof schema> = {
  name: 'anthropic',
  schema,
  identity: (entry, { templateHash }) => ({
    provider: 'anthropic',
    ...endpointIdentity(entry.baseURL ?? DEFAULT_ANTHROPIC_BASE_URL),
    model: entry.model,
    temperature: entry.temperature ?? null,
    maxTokens: entry.maxTokens,
    anthropicVersion: entry.anthropicVersion,
    templateHash,
    ...toolsIdentity(entry.tools),
  }),
  validateConfig(entry, rules) {
    if (entry.tools && entry.batch) throw rules.errorAt('tools', `${BATCH_TOOLS}: remove batch: true, or the tools`);
  },
  create(entry, context) {
    const apiKey = apiKeyFrom(entry.apiKeyEnv, context.errorAt);
    return createAnthropicCritic({
      name: context.name,
      model: entry.model,
      baseURL: entry.baseURL,
      apiKey,
      anthropicVersion: entry.anthropicVersion,
      temperature: entry.temperature,
      maxTokens: entry.maxTokens,
      rateLimit: entry.rateLimit,
      timeoutMs: entry.timeoutMs ?? context.timeoutMs,
      identity: anthropic.identity(entry, context),
      fieldError: (key, message) => context.errorAt(key, message).message,
    });
  },
};

export interface AnthropicCriticOptions {
  name: string;
  model: string;
  baseURL?: string | undefined;
  apiKey: string;
  anthropicVersion?: string;
  temperature?: number | undefined;
  maxTokens: number;
  rateLimit?: Critic['rateLimit'];
  timeoutMs: number;
  identity: CriticIdentity;
  /** A message naming one of the entry's config fields (file, line, field), for errors the API's answer reveals. */
  fieldError: (key: string, message: string) => string;
}

/** A content block of the user turn that answers tool calls: a tool's result, or the request for a verdict. */
type ContentBlock = { type: 'text'; text: string } | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

/** A message of the conversation sent: text, or (with tools) content blocks: the harness's own, or an assistant turn's as the API gave them. */
type SentMessage = { role: 'user' | 'assistant'; content: string | readonly object[] };

/** The Messages API's reply, as far as a review reads it. */
interface MessagesReply {
  type?: string;
  content?: Array<{ type?: string; text?: unknown; id?: unknown; name?: unknown; input?: unknown }>;
  usage?: { input_tokens?: number; output_tokens?: number };
}

/**
 * One POST per review over the shared keep-alive transport; the scheduler owns
 * retries. The template's system message goes in `system`, the rest as the
 * conversation; the reply is the text of its text blocks, joined. With tools,
 * a review is several POSTs (toolLoop).
 */
export function createAnthropicCritic(options: AnthropicCriticOptions): Critic {
  const transport = new HttpTransport();
  const url = new URL(`${(options.baseURL ?? DEFAULT_ANTHROPIC_BASE_URL).replace(/\/+$/, '')}/v1/messages`);
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': options.apiKey, 'anthropic-version': options.anthropicVersion ?? ANTHROPIC_VERSION };
  const systemOf = (messages: ChatMessage[]) =>
    messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
  const conversationOf = (messages: ChatMessage[]): SentMessage[] => messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role as SentMessage['role'], content: m.content }));
  const body = (messages: ChatMessage[], conversation: SentMessage[] = conversationOf(messages), tools?: { tools: unknown[]; tool_choice: { type: 'auto' | 'none' } }) => {
    const system = systemOf(messages);
    return JSON.stringify({
      model: options.model,
      max_tokens: options.maxTokens,
      ...(system ? { system } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      messages: conversation,
      ...tools,
    });
  };
  const readError = (text: string) => readAnthropicError(text, options.fieldError);
  /** One POST: the message's content blocks, its usage and the rate limits its headers published. */
  const send = async (text: string, signal: AbortSignal) => {
    const reply = await sendChecked(transport, { method: 'POST', url, headers, body: text }, { signal, timeoutMs: options.timeoutMs }, readError);
    const message = parseJson(reply.body) as MessagesReply | undefined;
    if (!message || !Array.isArray(message.content)) throw new CriticCallError(`malformed response: ${message === undefined ? 'body is not JSON' : 'no content'}`, true);
    const { input_tokens: inputTokens, output_tokens: outputTokens } = message.usage ?? {};
    return {
      content: message.content,
      text: message.content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join(''),
      usage: typeof inputTokens === 'number' && typeof outputTokens === 'number' ? { inputTokens, outputTokens } : undefined,
      rateLimit: rateLimitFromHeaders(reply.headers),
    };
  };
  const replyOf = (text: string, usage: TokenUsage | undefined, rateLimit: CriticReply['rateLimit']): CriticReply => ({ text, ...(usage ? { usage } : {}), ...(rateLimit ? { rateLimit } : {}) });
  return {
    name: options.name,
    identity: options.identity,
    rateLimit: options.rateLimit,
    batch: anthropicBatchApi({
      baseURL: options.baseURL ?? DEFAULT_ANTHROPIC_BASE_URL,
      headers: { 'x-api-key': options.apiKey, 'anthropic-version': headers['anthropic-version'] },
      body: (messages) => body(messages as ChatMessage[]),
    }),
    preview: ({ messages }) => ({ method: 'POST', url: url.toString(), headers: { ...headers, 'x-api-key': '***' }, body: body(messages) }),
    async review({ messages, signal, tools }) {
      if (tools?.specs.length) return toolLoop(messages, tools, signal);
      const { text, usage, rateLimit } = await send(body(messages), signal);
      return replyOf(text, usage, rateLimit);
    },
  };

  /**
   * A review with tools: each reply's `tool_use` blocks are run in order and
   * answered in one user message of `tool_result` blocks, until a reply uses
   * none. Once the review's calls are spent the critic is asked for its
   * verdict in that message, the tools still listed (the conversation names
   * them) with `tool_choice: none`.
   */
  async function toolLoop(messages: ChatMessage[], tools: Toolbox, signal: AbortSignal): Promise<CriticReply> {
    const conversation = conversationOf(messages);
    const specs = tools.specs.map((spec) => ({ name: spec.name, description: spec.description, input_schema: spec.parameters }));
    let usage: TokenUsage | undefined;
    for (;;) {
      const spent = tools.remaining === 0;
      const sent = await send(body(messages, conversation, { tools: specs, tool_choice: { type: spent ? 'none' : 'auto' } }), signal);
      usage = sent.usage && { inputTokens: (usage?.inputTokens ?? 0) + sent.usage.inputTokens, outputTokens: (usage?.outputTokens ?? 0) + sent.usage.outputTokens };
      const uses = sent.content.flatMap((b) => (b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string' ? [{ id: b.id, name: b.name, input: b.input }] : []));
      if (spent || uses.length === 0) {
        // Calls in the reply the verdict was asked for go unanswered; one out of bounds is still recorded (the toolbox refuses the rest).
        for (const use of uses) await tools.call(use.name, use.input);
        return replyOf(sent.text, usage, sent.rateLimit);
      }
      // The assistant's turn goes back as it came: its text and tool_use blocks, which the results answer by id.
      conversation.push({ role: 'assistant', content: sent.content });
      const results: ContentBlock[] = [];
      for (const use of uses) {
        const result = await tools.call(use.name, use.input);
        results.push({ type: 'tool_result', tool_use_id: use.id, content: result.content, ...(result.denied || result.error ? { is_error: true } : {}) });
      }
      if (tools.remaining === 0) results.push({ type: 'text', text: verdictNow(tools.maxCalls) });
      conversation.push({ role: 'user', content: results });
    }
  }
}

/**
 * Anthropic's error body: `{type: "error", error: {type, message}}`. A spent
 * balance or spend limit is a quota (exit 3): `billing_error`, a 429 whose
 * `error.details.error_code` is `enforced_spend_limit_reached`, or a 400 about
 * the credit balance. A rejected key and a `max_tokens` the model cannot give
 * are the config's fault (exit 2), named by their field; `overloaded_error`
 * (529) and `rate_limit_error` (429) are retried by status.
 */
function readAnthropicError(text: string, fieldError: (key: string, message: string) => string): ErrorBody {
  const error = (parseJson(text) as { error?: { type?: unknown; message?: unknown; details?: { error_code?: unknown } } } | undefined)?.error;
  const message = typeof error?.message === 'string' ? error.message : undefined;
  const type = typeof error?.type === 'string' ? error.type : undefined;
  if (
    type === 'billing_error' ||
    error?.details?.error_code === 'enforced_spend_limit_reached' ||
    (type === 'invalid_request_error' && /credit balance|spend limit|usage limit/i.test(message ?? ''))
  ) {
    return { message, quotaCode: type === 'billing_error' ? type : 'spend_limit' };
  }
  if (type === 'authentication_error') return { message, badInput: fieldError('apiKeyEnv', `the API rejected the key (${message ?? type}); check the variable apiKeyEnv names`) };
  if (type === 'permission_error') return { message, badInput: fieldError('apiKeyEnv', `the key may not use this model or endpoint (${message ?? type})`) };
  if (type === 'not_found_error' && /model/i.test(message ?? '')) return { message, badInput: fieldError('model', `the API knows no such model (${message})`) };
  if (type === 'invalid_request_error' && /max_tokens/.test(message ?? '')) return { message, badInput: fieldError('maxTokens', `the API refused max_tokens (${message}); lower maxTokens`) };
  return { message };
}
