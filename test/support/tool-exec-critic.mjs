// A persistent exec critic (JSON Lines) that uses tools: the scripted tool critic of
// test/support/toolCritic.ts (run from dist/, which the specs build), of the style its first
// argument names (verifies, trusts-trace, reads-notes, no-tools). Each review line lists its
// tools; the critic writes one {"id", "toolCall"} line at a time, reads the {"id", "toolResult"}
// line that answers it, and ends with {"id", "reply"}. Several reviews may be in flight.
// TOOL_CRITIC_DELAY_MS holds each reply back that long (for specs that interrupt a run).
import { createInterface } from 'node:readline';
import { nextStep } from '../../dist/test/support/toolCritic.js';

const style = process.argv[2];
/** Per review in flight: what it shows, and the calls made with their results. */
const reviews = new Map();

function step(id) {
  const review = reviews.get(id);
  const next = nextStep(style, review.view, review.seen);
  if ('reply' in next) {
    reviews.delete(id);
    setTimeout(() => process.stdout.write(`${JSON.stringify({ id, reply: next.reply })}\n`), Number(process.env.TOOL_CRITIC_DELAY_MS ?? 0));
  } else {
    review.pending = next.call;
    process.stdout.write(`${JSON.stringify({ id, toolCall: next.call })}\n`);
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.toolResult) {
    const review = reviews.get(message.id);
    review.seen.push({ ...review.pending, content: message.toolResult.content });
    step(message.id);
    continue;
  }
  const { id, request, tools = [] } = message;
  reviews.set(id, { view: { artifact: request.artifact, trace: typeof request.trace === 'string', offered: tools.map((t) => t.name) }, seen: [] });
  step(id);
}
