// A persistent exec critic of known behaviour for the review-loop specs.
//   LOOP_CRITIC_LOGS=DIR node loop-critic.mjs ORIGINALS.json MODE [--kill-at-round N]
// ORIGINALS.json lists the suite's correct artifacts: the critic rejects any
// other artifact (it catches every mutant) and accepts these. MODE says what it
// does with a later round (a request carrying a round_summary):
//   accepts-after-one-round: accepts whatever is submitted, true fix or false;
//   re-checks: reviews the submitted version as it reviewed the first.
// Every request it is sent is appended to DIR/MODE.log ({id, round, pid, request}), so
// a spec can tell what it reviewed without asking the harness (a folder from the
// environment, not an argument: a file the command names is part of the critic's
// identity, and a log that grows would make a resume another audit). With
// --kill-at-round N it kills the harness (SIGKILL) at the first request of
// round N, once (a kill-marker file beside the log).
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const [originalsFile, mode, killFlag, killRound] = process.argv.slice(2);
const logFile = join(process.env.LOOP_CRITIC_LOGS, `${mode}.log`);
if (mode !== 'accepts-after-one-round' && mode !== 're-checks') throw new Error(`unknown mode ${mode}`);
const originals = new Set(JSON.parse(readFileSync(originalsFile, 'utf8')));
const killAt = killFlag === '--kill-at-round' ? Number(killRound) : undefined;
const killMarker = `${logFile}.kill-marker`;

for await (const line of createInterface({ input: process.stdin })) {
  const { id, request } = JSON.parse(line);
  const summary = request.round_summary;
  const round = summary === undefined ? 1 : Number(/^Round (\d+) of \d+\./.exec(summary)?.[1]);
  if (killAt === round && !existsSync(killMarker)) {
    writeFileSync(killMarker, 'killed');
    process.kill(process.ppid, 'SIGKILL');
    continue;
  }
  appendFileSync(logFile, `${JSON.stringify({ id, round, pid: process.pid, request })}\n`);
  const correct = originals.has(request.artifact);
  const accepts = round > 1 && mode === 'accepts-after-one-round' ? true : correct;
  const reply = accepts ? 'Checked against the evidence.\nVERDICT: PASS' : 'A claim does not match the evidence.\nVERDICT: FAIL';
  process.stdout.write(`${JSON.stringify({ id, reply })}\n`);
}
