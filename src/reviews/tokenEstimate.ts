import type { ChatMessage } from '../requests/types.js';
import { RecentResults } from '../util/recentResults.js';

/** How a request's input tokens are estimated before anything is sent, and the name the dry run prints for it. */
export interface TokenEstimator {
  method: string;
  count(messages: readonly ChatMessage[]): number;
}

/** OpenAI's chat format adds about 3 tokens per message and 3 to prime the reply (OpenAI's cookbook). */
const PER_MESSAGE = 3;
const PER_REPLY = 3;

/**
 * OpenAI's own tokenizers (npm gpt-tokenizer, pure JS, nothing downloaded)
 * for OpenAI's models: o200k_base for the GPT-4o, 4.1, 5 and o-series, cl100k_base
 * for GPT-4 and 3.5. For any other model, whose tokenizer is not public or not
 * bundled (Claude, a local model, a service), the 4-characters-per-token rule.
 * The encodings are imported only when asked for: their tables take a second
 * or more to load, which no command but the dry run should pay.
 */
export async function tokenEstimator(provider: string, model: string | undefined): Promise<TokenEstimator> {
  if (provider === 'openai' && model !== undefined) {
    if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|chatgpt-4o|o\d)/.test(model)) return chatFormat('o200k_base tokenizer', (await import('gpt-tokenizer/encoding/o200k_base')).countTokens);
    if (/^gpt-(4|3\.5)/.test(model)) return chatFormat('cl100k_base tokenizer', (await import('gpt-tokenizer/encoding/cl100k_base')).countTokens);
  }
  return {
    method: '4-characters-per-token rule',
    count: (messages) => Math.ceil(messages.reduce((sum, m) => sum + m.content.length, 0) / 4),
  };
}

/**
 * Where a request's text is cut into pieces counted apart: after a blank line, before a letter, a digit, `#` or `[`.
 * Both encodings' pre-tokenizers split there anyway (a piece of text that ends in newlines ends a pre-token, and one that
 * starts with those characters starts one), so no token spans the cut and the pieces' counts add up to the whole's.
 */
const PIECE_START = /(?<=\n\n)(?=[\p{L}\p{N}#[])/u;

/**
 * The chat format over a tokenizer, counting each piece of text once: a dry run estimates every request of the audit,
 * and a fixture's evidence, its task and the rubric are the same pieces in all of its mutants' requests under every
 * condition (the default audit's dry run spent most of its time in the tokenizer before).
 */
function chatFormat(method: string, count: (text: string) => number): TokenEstimator {
  const counted = new RecentResults<number>(10_000);
  const countText = (text: string) => text.split(PIECE_START).reduce((sum, piece) => sum + counted.get(piece, () => count(piece)), 0);
  return { method, count: (messages) => messages.reduce((sum, m) => sum + countText(m.content) + PER_MESSAGE, PER_REPLY) };
}
