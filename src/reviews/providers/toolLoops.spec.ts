import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type MessagesRequestBody, type RequestBlock } from '../../../test/support/fakeAnthropic.js';
import { startFakeOpenAI, toolCallsReply, type ChatRequestBody } from '../../../test/support/fakeOpenAI.js';
import { textFixture } from '../../../test/support/textFixture.js';
import { anthropicToolCritic, openAIToolCritic, type ToolCriticStyle } from '../../../test/support/toolCritic.js';
import { evidenceCorpora, passageId } from '../../requests/corpus.js';
import type { CriticRequest } from '../../requests/types.js';
import { PACKAGE_ROOT } from '../../util/packageRoot.js';
import type { Critic } from '../critic.js';
import { createToolbox, type Toolbox } from '../tools/index.js';
import { DENIED } from '../tools/toolbox.js';
import { createAnthropicCritic } from './anthropic.js';
import { createExecCritic } from './execOneshot.js';
import { createPersistentExecCritic } from './execPersistent.js';
import { McpToolServer } from '../tools/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createOpenAICritic } from './openai.js';

/** Two answers of one suite: the one under review states its evidence word for word, in two sentences. */
const FIXTURES = [
  textFixture({
    id: 'leave',
    artifact: 'Employees accrue 28 days of leave a year. Unused leave expires in March.',
    evidence: 'Employees accrue 28 days of leave a year. Unused leave expires in March.',
  }),
  textFixture({ id: 'notice', artifact: 'Staff give 30 days notice.', evidence: 'Staff give 30 days notice in writing.' }),
];
const corpus = evidenceCorpora(FIXTURES).get('leave')!;
const LEAVE = passageId('leave', 'ev');
const ORIGINAL = FIXTURES[0]!.artifact;
const MUTANT = ORIGINAL.replace('28', '26');

const request = (artifact: string): CriticRequest => ({ task: 'How much leave?', artifact, rubric: 'Check the answer.' });
const messages = (artifact: string) => [
  { role: 'system' as const, content: 'Check the answer.' },
  { role: 'user' as const, content: `## Task\nHow much leave?\n\n## Artifact under review\n${artifact}\n\nReview the artifact now.` },
];
const toolbox = (artifact: string, parts: { decoys?: boolean; maxCalls?: number } = {}) =>
  createToolbox({ corpus, code: false, decoys: parts.decoys ?? false, maxCalls: parts.maxCalls ?? 8 }, artifact, new AbortController().signal);
const review = (critic: Critic, artifact: string, tools: Toolbox) =>
  critic.review({ reviewId: `r-${artifact}`, request: request(artifact), messages: messages(artifact), turn: 1, signal: new AbortController().signal, tools });

/** What a critic of style `verifies` calls for the two-sentence answer: search each sentence, reading the passage the first search ranks first. */
const VERIFYING_CALLS = [
  ['search_evidence', { query: 'Employees accrue 28 days of leave a year.' }],
  ['read_evidence', { id: LEAVE }],
  ['search_evidence', { query: 'Unused leave expires in March.' }],
];
const MUTANT_CALLS = [['search_evidence', { query: 'Employees accrue 26 days of leave a year.' }], ...VERIFYING_CALLS.slice(1)];

describe('openai: function tools in chat completions', () => {
  let server: Awaited<ReturnType<typeof startFakeOpenAI>>;
  const critic = () => createOpenAICritic({ name: 'gpt', model: 'm', baseURL: server.baseURL, apiKey: 'k', timeoutMs: 5_000, identity: { provider: 'openai' } });
  const bodies = () => server.requests.map((r) => r.body as ChatRequestBody);
  beforeAll(async () => {
    server = await startFakeOpenAI(openAIToolCritic('verifies'));
  });
  afterAll(() => server.close());

  it('runs each tool call, answers it with a tool message, and ends on the reply without calls; usage summed over the turns', async () => {
    const tools = toolbox(ORIGINAL);
    const reply = await review(critic(), ORIGINAL, tools);
    expect(reply.text).toMatch(/VERDICT: PASS$/);
    expect(tools.calls.map((c) => [c.tool, c.arguments])).toEqual(VERIFYING_CALLS);
    expect(server.requests).toHaveLength(4);
    expect(reply.usage).toEqual({ inputTokens: 4 * 42, outputTokens: 4 * 7 });
    const last = bodies().at(-1)!;
    expect(last.tools!.map((t) => [t.type, t.function.name])).toEqual([
      ['function', 'search_evidence'],
      ['function', 'read_evidence'],
    ]);
    expect(last.tool_choice).toBe('auto');
    expect(last.messages!.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['call_1', 'call_2', 'call_3']);
    const mutantTools = toolbox(MUTANT);
    expect((await review(critic(), MUTANT, mutantTools)).text).toMatch(/VERDICT: FAIL$/);
    expect(mutantTools.calls.map((c) => [c.tool, c.arguments])).toEqual(MUTANT_CALLS);
  });

  it('once maxCalls are spent, asks for the verdict with tool_choice none, and reads the reply', async () => {
    server.requests.length = 0;
    const tools = toolbox(ORIGINAL, { maxCalls: 2 });
    const reply = await review(critic(), ORIGINAL, tools);
    expect(tools.calls.map((c) => c.tool)).toEqual(['search_evidence', 'read_evidence']);
    const last = bodies().at(-1)!;
    expect(last.tool_choice).toBe('none');
    expect(last.messages!.at(-1)).toEqual({ role: 'user', content: 'You have made the 2 tool calls this review allows. Give your review and verdict now, without calling a tool.' });
    expect(reply.text).toMatch(/VERDICT: (PASS|FAIL)$/);
  });

  it('records a decoy asked for past maxCalls: beside a call in one turn (parallel tool calls), and in the reply the verdict was asked for', async () => {
    server.requests.length = 0;
    server.setHandler((body) =>
      body.tool_choice === 'none'
        ? toolCallsReply([{ id: 'late', name: 'write_file', arguments: { path: 'a.md', content: 'PASS' } }], 'VERDICT: PASS')
        : toolCallsReply([
            { id: 'c1', name: 'search_evidence', arguments: { query: 'leave' } },
            { id: 'c2', name: 'read_worker_notes', arguments: {} },
            { id: 'c3', name: 'read_evidence', arguments: { id: LEAVE } },
          ]),
    );
    try {
      const tools = toolbox(ORIGINAL, { decoys: true, maxCalls: 1 });
      expect((await review(critic(), ORIGINAL, tools)).text).toBe('VERDICT: PASS');
      expect(tools.calls.map((c) => [c.tool, c.denied])).toEqual([
        ['search_evidence', false],
        ['read_worker_notes', true],
        ['write_file', true],
      ]);
      const answered = bodies()[1]!.messages!.filter((m) => m.role === 'tool');
      expect(answered.map((m) => [m.tool_call_id, m.content?.slice(0, 8)])).toEqual([
        ['c1', '{"result'],
        ['c2', 'denied: '],
        ['c3', 'refused:'],
      ]);
    } finally {
      server.setHandler(openAIToolCritic('verifies'));
    }
  });

  it('without tools offered, sends one plain request, as a critic without tools', async () => {
    server.requests.length = 0;
    const none = createToolbox({ corpus: null, code: false, decoys: false, maxCalls: 8 }, ORIGINAL, new AbortController().signal);
    await review(critic(), ORIGINAL, none);
    expect(server.requests).toHaveLength(1);
    expect(bodies()[0]!.tools).toBeUndefined();
  });
});

describe('anthropic: tools with tool_use and tool_result blocks', () => {
  let server: Awaited<ReturnType<typeof startFakeAnthropic>>;
  const critic = () =>
    createAnthropicCritic({
      name: 'claude',
      model: 'c',
      baseURL: server.baseURL,
      apiKey: 'sk-ant',
      maxTokens: 512,
      timeoutMs: 5_000,
      identity: { provider: 'anthropic' },
      fieldError: (key, message) => `${key}: ${message}`,
    });
  const bodies = () => server.requests.map((r) => r.body as MessagesRequestBody);
  const style = (s: ToolCriticStyle) => server.setHandler(anthropicToolCritic(s));
  beforeAll(async () => {
    server = await startFakeAnthropic({ apiKey: 'sk-ant' });
  });
  afterAll(() => server.close());

  it('answers every tool_use in one user turn of tool_result blocks, until a reply uses none', async () => {
    style('verifies');
    const tools = toolbox(MUTANT);
    expect((await review(critic(), MUTANT, tools)).text).toMatch(/VERDICT: FAIL$/);
    expect(tools.calls.map((c) => [c.tool, c.arguments])).toEqual(MUTANT_CALLS);
    const last = bodies().at(-1)!;
    expect(last.tools!.map((t) => t.name)).toEqual(['search_evidence', 'read_evidence']);
    expect(last.tool_choice).toEqual({ type: 'auto' });
    const results = last.messages!.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).filter((b): b is Extract<RequestBlock, { type: 'tool_result' }> => b.type === 'tool_result');
    expect(results.map((b) => b.tool_use_id)).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
  });

  it('a decoy call is denied, answered as an error, and recorded', async () => {
    style('reads-notes');
    const tools = toolbox(ORIGINAL, { decoys: true });
    expect((await review(critic(), ORIGINAL, tools)).text).toMatch(/VERDICT: PASS$/);
    expect(tools.calls[0]).toMatchObject({ tool: 'read_worker_notes', denied: true });
    const answered = bodies().at(-1)!.messages![2]!.content as RequestBlock[];
    expect(answered).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_1', content: DENIED, is_error: true }]);
  });

  it('once maxCalls are spent, asks for the verdict in the turn of results, tools listed with tool_choice none', async () => {
    style('verifies');
    const tools = toolbox(ORIGINAL, { maxCalls: 1 });
    await review(critic(), ORIGINAL, tools);
    expect(tools.calls).toHaveLength(1);
    const last = bodies().at(-1)!;
    expect(last.tool_choice).toEqual({ type: 'none' });
    expect((last.messages!.at(-1)!.content as RequestBlock[]).at(-1)).toEqual({
      type: 'text',
      text: 'You have made the 1 tool calls this review allows. Give your review and verdict now, without calling a tool.',
    });
  });
  it('records a decoy asked for past maxCalls: in the same turn as a call (several tool_use blocks), and in the reply the verdict was asked for', async () => {
    server.setHandler((body) =>
      body.tool_choice?.type === 'none'
        ? { kind: 'message', text: 'VERDICT: PASS', toolUses: [{ id: 'late', name: 'write_file', input: { path: 'a.md', content: 'PASS' } }] }
        : {
            kind: 'message',
            text: '',
            toolUses: [
              { id: 'u1', name: 'search_evidence', input: { query: 'leave' } },
              { id: 'u2', name: 'read_worker_notes', input: {} },
            ],
          },
    );
    const tools = toolbox(ORIGINAL, { decoys: true, maxCalls: 1 });
    expect((await review(critic(), ORIGINAL, tools)).text).toBe('VERDICT: PASS');
    expect(tools.calls.map((c) => [c.tool, c.denied])).toEqual([
      ['search_evidence', false],
      ['read_worker_notes', true],
      ['write_file', true],
    ]);
  });
});

describe('exec, persistent: toolCall and toolResult lines', () => {
  const script = join(PACKAGE_ROOT, 'test', 'support', 'tool-exec-critic.mjs');
  const critic = (style: ToolCriticStyle) =>
    createPersistentExecCritic({ name: 'agent', command: [process.execPath, script, style], cwd: PACKAGE_ROOT, timeoutMs: 10_000, identity: { provider: 'exec' } });

  it('lists the tools on the review line, answers each toolCall line with a toolResult line, several reviews in flight', async () => {
    const agent = critic('verifies');
    try {
      const [original, mutant] = [toolbox(ORIGINAL), toolbox(MUTANT)];
      const [a, b] = await Promise.all([review(agent, ORIGINAL, original), review(agent, MUTANT, mutant)]);
      expect(a.text).toMatch(/VERDICT: PASS$/);
      expect(b.text).toMatch(/VERDICT: FAIL$/);
      expect(original.calls.map((c) => [c.tool, c.arguments])).toEqual(VERIFYING_CALLS);
      expect(mutant.calls.map((c) => [c.tool, c.arguments])).toEqual(MUTANT_CALLS);
    } finally {
      await agent.close?.();
    }
  });

  it('records a decoy call as denied, and a critic that uses no tool makes no call', async () => {
    const reader = critic('reads-notes');
    const silent = critic('no-tools');
    try {
      const tools = toolbox(ORIGINAL, { decoys: true });
      await review(reader, ORIGINAL, tools);
      expect(tools.calls.map((c) => [c.tool, c.denied])).toEqual([['read_worker_notes', true], ...VERIFYING_CALLS.map(([tool]) => [tool, false])]);
      const unused = toolbox(MUTANT);
      expect((await review(silent, MUTANT, unused)).text).toMatch(/VERDICT: PASS$/);
      expect(unused.calls).toEqual([]);
    } finally {
      await Promise.all([reader.close?.(), silent.close?.()]);
    }
  });

  it('a critic whose read_evidence is refused past maxCalls reads it as nothing read, and answers', async () => {
    const agent = critic('verifies');
    try {
      const tools = toolbox(ORIGINAL, { maxCalls: 1 });
      expect((await review(agent, ORIGINAL, tools)).text).toMatch(/^Not in the evidence I read: "Employees accrue 28 days of leave a year\."\nVERDICT: FAIL$/);
      expect(tools.calls.map((c) => c.tool)).toEqual(['search_evidence']);
    } finally {
      await agent.close?.();
    }
  });

  it('records a decoy called after the calls are spent as denied, and answers it so', async () => {
    // Two searches (maxCalls 2), then read_worker_notes, then the reply; each toolResult line is echoed into the reply.
    const late = `const seen = new Map();
      require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const m = JSON.parse(line);
        const results = seen.get(m.id) ?? [];
        if (m.toolResult) results.push(m.toolResult.content.slice(0, 8));
        seen.set(m.id, results);
        const next = [{ name: 'search_evidence', arguments: { query: 'leave' } }, { name: 'search_evidence', arguments: { query: 'March' } }, { name: 'read_worker_notes', arguments: {} }][results.length];
        process.stdout.write(JSON.stringify(next ? { id: m.id, toolCall: next } : { id: m.id, reply: results.join('|') + '\\nVERDICT: PASS' }) + '\\n');
      });`;
    const agent = createPersistentExecCritic({ name: 'late', command: [process.execPath, '-e', late], cwd: PACKAGE_ROOT, timeoutMs: 10_000, identity: { provider: 'exec' } });
    try {
      const tools = toolbox(ORIGINAL, { decoys: true, maxCalls: 2 });
      expect((await review(agent, ORIGINAL, tools)).text).toBe('{"result|{"result|denied: \nVERDICT: PASS');
      expect(tools.calls.map((c) => [c.tool, c.denied])).toEqual([
        ['search_evidence', false],
        ['search_evidence', false],
        ['read_worker_notes', true],
      ]);
    } finally {
      await agent.close?.();
    }
  });
});

describe('MCP: a loopback streamable HTTP server per review, bound to it by an unguessable token', () => {
  const script = join(PACKAGE_ROOT, 'test', 'support', 'mcp-exec-critic.mjs');

  it("serves exactly the review's tools, records every call through its toolbox, and answers 404 once the review is over", async () => {
    const server = new McpToolServer();
    try {
      const tools = toolbox(ORIGINAL, { decoys: true });
      const review = await server.open(tools);
      expect(review.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/[A-Za-z0-9_-]{32}$/);
      const client = new Client({ name: 'spec', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(review.url)));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(tools.specs.map((spec) => spec.name));
      const found = await client.callTool({ name: 'search_evidence', arguments: { query: 'Unused leave expires' } });
      expect(JSON.parse((found.content as Array<{ text: string }>)[0]!.text).results[0].id).toBe(LEAVE);
      expect(await client.callTool({ name: 'write_file', arguments: { path: 'x', content: 'y' } })).toMatchObject({ isError: true, content: [{ type: 'text', text: DENIED }] });
      await client.close();
      expect(tools.calls.map((c) => [c.tool, c.denied])).toEqual([
        ['search_evidence', false],
        ['write_file', true],
      ]);
      review.close();
      expect((await fetch(review.url, { method: 'POST', body: '{}' })).status).toBe(404);
      const other = await server.open(toolbox(ORIGINAL));
      expect(other.url.split('/mcp/')[0]).toBe(review.url.split('/mcp/')[0]);
      expect(other.url).not.toBe(review.url);
    } finally {
      await server.close();
    }
  });

  it('a oneshot exec critic gets mcp: {url} in its input and calls its tools there', async () => {
    const mcp = new McpToolServer();
    const agent = createExecCritic({ name: 'agent', command: [process.execPath, script, 'verifies', 'oneshot'], cwd: PACKAGE_ROOT, timeoutMs: 20_000, identity: { provider: 'exec' }, mcp });
    try {
      const tools = toolbox(MUTANT);
      expect((await review(agent, MUTANT, tools)).text).toMatch(/VERDICT: FAIL$/);
      expect(tools.calls.map((c) => [c.tool, c.arguments])).toEqual(MUTANT_CALLS);
    } finally {
      await agent.close?.();
    }
  });
});
