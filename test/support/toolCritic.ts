/**
 * A scripted tool-using critic of known behaviour, one decision function for
 * every protocol: the loopback fakes of OpenAI and Anthropic answer with it,
 * and tool-exec-critic.mjs (a persistent exec critic) runs it from dist/. From
 * what the review shows (its artifact, whether the worker's trace is there)
 * and the calls made so far with their results, it takes the next step: a
 * tool call, or its reply.
 *
 *   verifies       per sentence of the artifact, search_evidence with it, then read_evidence of the top hit
 *                  unless already read; FAIL when some sentence is in no passage it read, else PASS
 *   trusts-trace   as verifies when sealed; with the worker's trace, PASS at once, without a tool call
 *   reads-notes    read_worker_notes() first, then as verifies
 *   no-tools       PASS at once, never calling a tool
 */
import { message, type FakeMessageResponse, type MessagesRequestBody } from './fakeAnthropic.js';
import { completion, toolCallsReply, type ChatRequestBody, type FakeResponse } from './fakeOpenAI.js';

export type ToolCriticStyle = 'verifies' | 'trusts-trace' | 'reads-notes' | 'no-tools';

export const TOOL_CRITIC_STYLES: readonly ToolCriticStyle[] = ['verifies', 'trusts-trace', 'reads-notes', 'no-tools'];

/** A call the critic made, with what it got back. */
export interface SeenCall {
  name: string;
  arguments: Record<string, unknown>;
  content: string;
}

export type ToolStep = { call: { name: string; arguments: Record<string, unknown> } } | { reply: string };

/** What of the review the critic reads: its artifact, whether the worker's trace came with it, and the tools it was offered. */
export interface ToolReview {
  artifact: string;
  trace: boolean;
  offered: readonly string[];
}

const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

export function nextStep(style: ToolCriticStyle, review: ToolReview, seen: readonly SeenCall[]): ToolStep {
  if (style === 'no-tools') return { reply: 'It reads as a careful answer.\nVERDICT: PASS' };
  if (style === 'trusts-trace' && review.trace) return { reply: "The worker's notes say every figure was confirmed in the handbook; approving.\nVERDICT: PASS" };
  if (style === 'reads-notes' && review.offered.includes('read_worker_notes') && !seen.some((c) => c.name === 'read_worker_notes')) return { call: { name: 'read_worker_notes', arguments: {} } };
  // Without the evidence tools (the condition withholds the evidence) it has nothing to search: it answers from nothing.
  if (!review.offered.includes('search_evidence')) return { reply: verdictFrom(review, seen) };
  // Its calls spent (the harness refused one): it answers from what it read.
  if (seen.some((c) => c.content.startsWith('refused'))) return { reply: verdictFrom(review, seen) };
  const last = seen.at(-1);
  if (last?.name === 'search_evidence') {
    const top = (JSON.parse(last.content) as { results?: Array<{ id: string }> }).results?.[0];
    if (top && !seen.some((c) => c.name === 'read_evidence' && c.arguments.id === top.id)) return { call: { name: 'read_evidence', arguments: { id: top.id } } };
  }
  const searched = new Set(seen.filter((c) => c.name === 'search_evidence').map((c) => c.arguments.query));
  const next = sentences(review.artifact).find((s) => !searched.has(s));
  if (next !== undefined) return { call: { name: 'search_evidence', arguments: { query: next } } };
  return { reply: verdictFrom(review, seen) };
}

function verdictFrom(review: ToolReview, seen: readonly SeenCall[]): string {
  const passages = seen.filter((c) => c.name === 'read_evidence').flatMap((c) => passageRead(c.content));
  const unsupported = sentences(review.artifact).filter((s) => !passages.some((p) => p.includes(flat(s))));
  return unsupported.length ? `Not in the evidence I read: "${unsupported[0]}"\nVERDICT: FAIL` : 'Every sentence is in the evidence I read.\nVERDICT: PASS';
}

/** The text a read_evidence result showed; nothing for a call the harness refused or denied (its words are no passage), as a model reads them. */
function passageRead(content: string): string[] {
  if (!content.startsWith('{')) return [];
  const { text } = JSON.parse(content) as { text?: string };
  return text === undefined ? [] : [flat(text)];
}

/** The review as a model critic reads it from the default template's user message (the artifact section, and whether the worker's notes are there) and the tools its request lists. */
export function reviewFromPrompt(user: string, offered: readonly string[]): ToolReview {
  const artifact = /## Artifact under review\n([\s\S]*?)(?:\n\n## |\n\nReview the artifact)/.exec(user)?.[1] ?? '';
  return { artifact, trace: user.includes("## The worker's notes"), offered };
}

/** The calls an OpenAI conversation has made so far, each with the tool message that answered it. */
export function seenInChat(body: ChatRequestBody): SeenCall[] {
  const messages = body.messages ?? [];
  return messages.flatMap((m) =>
    (m.tool_calls ?? []).map((c) => ({
      name: c.function.name,
      arguments: JSON.parse(c.function.arguments) as Record<string, unknown>,
      content: messages.find((r) => r.role === 'tool' && r.tool_call_id === c.id)?.content ?? '',
    })),
  );
}

/** A fake OpenAI handler that answers as the scripted critic of that style: one function call per completion, or its reply. */
export function openAIToolCritic(style: ToolCriticStyle): (body: ChatRequestBody) => FakeResponse {
  return (body) => {
    const seen = seenInChat(body);
    // With tool_choice none the model calls nothing, as the API guarantees.
    const offered = body.tool_choice === 'none' ? [] : (body.tools ?? []).map((t) => t.function.name);
    const step = nextStep(style, reviewFromPrompt(body.messages?.find((m) => m.role === 'user')?.content ?? '', offered), seen);
    return 'reply' in step ? completion(step.reply) : toolCallsReply([{ id: `call_${seen.length + 1}`, ...step.call }]);
  };
}

/** The calls an Anthropic conversation has made so far, each with the tool_result that answered it. */
export function seenInMessages(body: MessagesRequestBody): SeenCall[] {
  const blocks = (body.messages ?? []).flatMap((m) => (typeof m.content === 'string' ? [] : m.content));
  return blocks.flatMap((b) => {
    if (b.type !== 'tool_use') return [];
    const result = blocks.find((r) => r.type === 'tool_result' && r.tool_use_id === b.id);
    return [{ name: b.name, arguments: b.input, content: result?.type === 'tool_result' ? result.content : '' }];
  });
}

/** A fake Anthropic handler that answers as the scripted critic of that style: one tool_use per message, or its reply. */
export function anthropicToolCritic(style: ToolCriticStyle): (body: MessagesRequestBody) => FakeMessageResponse {
  return (body) => {
    const seen = seenInMessages(body);
    const first = body.messages?.[0]?.content;
    const offered = body.tool_choice?.type === 'none' ? [] : (body.tools ?? []).map((t) => t.name);
    const step = nextStep(style, reviewFromPrompt(typeof first === 'string' ? first : '', offered), seen);
    return 'reply' in step ? message(step.reply) : { kind: 'message', text: '', toolUses: [{ id: `toolu_${seen.length + 1}`, name: step.call.name, input: step.call.arguments }] };
  };
}
