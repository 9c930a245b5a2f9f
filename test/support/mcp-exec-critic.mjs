// An exec critic that reaches its tools over MCP (streamable HTTP, the SDK's client): the scripted tool critic of
// test/support/toolCritic.ts (run from dist/, which the specs build), of the style its first argument names
// (verifies, trusts-trace, reads-notes, no-tools), as any MCP-speaking agent would be wired. Its second argument is
// the exec mode: `oneshot` (one review from stdin, the reply on stdout) or `persistent` (JSON Lines, several reviews
// in flight). Each review's input carries `mcp: {url}`; the critic lists the tools there and calls them one at a time.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createInterface } from 'node:readline';
import { nextStep } from '../../dist/test/support/toolCritic.js';

const [style, mode] = process.argv.slice(2);

async function review({ request, mcp }) {
  const client = mcp ? new Client({ name: 'scripted-mcp-critic', version: '1.0.0' }) : undefined;
  if (client) await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
  try {
    const offered = client ? (await client.listTools()).tools.map((t) => t.name) : [];
    const view = { artifact: request.artifact, trace: typeof request.trace === 'string', offered };
    const seen = [];
    for (;;) {
      const step = nextStep(style, view, seen);
      if ('reply' in step) return step.reply;
      const result = await client.callTool({ name: step.call.name, arguments: step.call.arguments });
      seen.push({ ...step.call, content: result.content[0].text });
    }
  } finally {
    await client?.close();
  }
}

if (mode === 'oneshot') {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  process.stdout.write(await review(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
} else {
  for await (const line of createInterface({ input: process.stdin })) {
    const input = JSON.parse(line);
    review(input).then(
      (reply) => process.stdout.write(`${JSON.stringify({ id: input.id, reply })}\n`),
      (err) => process.stdout.write(`${JSON.stringify({ id: input.id, error: String(err) })}\n`),
    );
  }
}
