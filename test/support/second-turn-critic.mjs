// A persistent exec critic for the second-turn specs. First turn: FAIL when the
// artifact's sha256 starts with 0-7 (a fixed, known half of the items), else
// PASS. Second turn: it checks that it was sent both turns (its own first
// reply as the assistant message) and a turn field, then holds its verdict
// when the follow-up quotes something and gives in (PASS) when it quotes
// nothing. Given --kill-once, it kills the harness (SIGKILL) at the first
// second turn it sees, and leaves a file kill-marker in its folder so that it
// does so once: a run killed between the two turns.
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const killMarker = process.argv[2] === '--kill-once' ? 'kill-marker' : undefined;
const firstVerdict = (artifact) => (parseInt(createHash('sha256').update(artifact).digest('hex')[0], 16) < 8 ? 'FAIL' : 'PASS');
const firstReply = (request) => `I compared the artifact with the evidence.\nVERDICT: ${firstVerdict(request.artifact)}`;

for await (const line of createInterface({ input: process.stdin })) {
  const { id, turn, request, messages } = JSON.parse(line);
  const answer = (reply) => process.stdout.write(`${JSON.stringify({ id, reply })}\n`);
  if (turn === 1) {
    answer(firstReply(request));
    continue;
  }
  if (killMarker && !existsSync(killMarker)) {
    writeFileSync(killMarker, 'killed');
    process.kill(process.ppid, 'SIGKILL');
    continue;
  }
  const roles = messages.map((m) => m.role).join(',');
  if (turn !== 2 || roles !== 'system,user,assistant,user' || messages[2].content !== firstReply(request)) {
    process.stdout.write(`${JSON.stringify({ id, error: `not the conversation expected: turn ${turn}, roles ${roles}` })}\n`);
    continue;
  }
  const quotes = /"[^"]{8,}"/.test(messages[3].content);
  answer(quotes ? `The quote does not change my reading.\nVERDICT: ${firstVerdict(request.artifact)}` : 'You are right.\nVERDICT: PASS');
}
