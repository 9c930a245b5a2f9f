/**
 * The harness's overhead per tool call on loopback, median and p95: the time
 * one call takes as the critic sees it when the tool itself costs nothing (a
 * decoy, denied at once), through each way a critic reaches its tools, beside
 * the toolbox called directly (the floor). OpenAI's is a turn of the
 * conversation (the review's next request after a tool call, answered at once
 * by a loopback fake in this process, eight calls a review); JSON Lines' the round trip of a
 * toolCall line to its toolResult, timed inside a persistent exec critic;
 * MCP's a tools/call of the SDK's client against the review's session.
 *
 *   node dist/bench/tool-calls.js [calls=1000]
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadavg } from 'node:os';
import type { ToolOffer } from '../src/requests/tools.js';
import { createOpenAICritic } from '../src/reviews/providers/openai.js';
import { createPersistentExecCritic } from '../src/reviews/providers/execPersistent.js';
import { createToolbox } from '../src/reviews/tools/index.js';
import { McpToolServer } from '../src/reviews/tools/mcp.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';
import { completion, startFakeOpenAI, toolCallsReply } from '../test/support/fakeOpenAI.js';

const calls = Number(process.argv[2] ?? 1000);
const offer: ToolOffer = { corpus: null, code: false, decoys: true, maxCalls: calls + 1 };
const signal = new AbortController().signal;
const fresh = () => createToolbox(offer, 'x', signal);
const request = { task: 't', artifact: 'x', rubric: 'r' };
const messages = [{ role: 'user' as const, content: 'Review.' }];

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `${label.padEnd(26)} median ${at(0.5).toFixed(3)} ms  p95 ${at(0.95).toFixed(3)} ms  (${sorted.length} calls)`;
}

async function direct(): Promise<number[]> {
  const tools = fresh();
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await tools.call('read_worker_notes', {});
    ms.push(performance.now() - started);
  }
  return ms;
}

/** Reviews whose critic calls the decoy PER_REVIEW times each, one per completion (as a review does, up to its maxCalls): the time between a review's successive requests. */
async function openai(): Promise<number[]> {
  const server = await startFakeOpenAI((body) => {
    const made = (body.messages ?? []).filter((m) => m.role === 'tool').length;
    return made < PER_REVIEW ? toolCallsReply([{ id: `call_${made}`, name: 'read_worker_notes', arguments: {} }]) : completion('VERDICT: PASS');
  });
  try {
    const critic = createOpenAICritic({ name: 'bench', model: 'm', baseURL: server.baseURL, apiKey: 'k', timeoutMs: 600_000, identity: { provider: 'openai' } });
    const ms: number[] = [];
    for (let r = 0; r < Math.ceil(calls / PER_REVIEW); r++) {
      const first = server.requests.length;
      await critic.review({ reviewId: `r${r}`, request, messages, turn: 1, signal, tools: fresh() });
      const at = server.requests.slice(first).map((q) => q.receivedAt);
      ms.push(...at.slice(1).map((t, i) => t - at[i]!));
    }
    return ms;
  } finally {
    await server.close();
  }
}

/** Calls per review in the OpenAI measure: the default maxCalls. */
const PER_REVIEW = 8;

/** A persistent exec critic that makes `calls` decoy calls in one review, timing each toolCall line to its toolResult, and replies with the timings. */
async function jsonLines(): Promise<number[]> {
  const script = `
    const rl = require('node:readline').createInterface({ input: process.stdin });
    let id, left, started, ms = [];
    const call = () => { started = performance.now(); process.stdout.write(JSON.stringify({ id, toolCall: { name: 'read_worker_notes', arguments: {} } }) + '\\n'); };
    rl.on('line', (line) => {
      const m = JSON.parse(line);
      if (m.toolResult) { ms.push(performance.now() - started); if (--left > 0) return call(); return process.stdout.write(JSON.stringify({ id, reply: JSON.stringify(ms) }) + '\\n'); }
      id = m.id; left = ${calls}; ms = []; call();
    });`;
  const critic = createPersistentExecCritic({ name: 'bench', command: [process.execPath, '-e', script], cwd: PACKAGE_ROOT, timeoutMs: 600_000, identity: { provider: 'exec' } });
  try {
    const reply = await critic.review({ reviewId: 'r', request, messages, turn: 1, signal, tools: fresh() });
    return JSON.parse(reply.text.replace(/\nVERDICT.*$/, '')) as number[];
  } finally {
    await critic.close?.();
  }
}

/** The SDK's MCP client calling the decoy `calls` times in one review's session. */
async function mcp(): Promise<number[]> {
  const server = new McpToolServer();
  try {
    const review = await server.open(fresh());
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(review.url)));
    const ms: number[] = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      await client.callTool({ name: 'read_worker_notes', arguments: {} });
      ms.push(performance.now() - started);
    }
    await client.close();
    review.close();
    return ms;
  } finally {
    await server.close();
  }
}

console.log(`load average ${loadavg()[0]!.toFixed(2)}`);
console.log(summary('toolbox, called directly', await direct()));
console.log(summary('openai, a turn per call', await openai()));
console.log(summary('exec, JSON Lines', await jsonLines()));
console.log(summary('MCP, streamable HTTP', await mcp()));
