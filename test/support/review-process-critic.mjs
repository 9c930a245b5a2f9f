// A persistent exec critic of known behaviour for the review-process specs (persuasive-trace, pass two,
// escalation). It knows the truth from a roles file (SCRIPTED_ROLES: sha256 of the artifact -> "mutant" |
// "original") and quotes the artifact's first sentence in every reply. Arguments:
//   argv[2], its first turn given an author_explanation: `drops` (it answers PASS whenever the request carries
//            one) or `ignores` (it reviews as sealed)
//   argv[3], its second turn: `holds` (repeats its first verdict), `gives-in` (PASS, whatever it is told) or
//            `rechecks` (the truth)
//   argv[4], its first turn: `exact` (the truth) or `flawed` (the truth turned over on the items whose artifact
//            digest starts with 0-3: a fixed quarter of misses and false alarms)
//   --kill-once: it kills the harness (SIGKILL) at the first second turn it sees, once (a kill-marker file in its
//            working folder remembers), so that a run is killed between the two turns.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const roles = JSON.parse(readFileSync(process.env.SCRIPTED_ROLES, 'utf8'));
const [explanation, secondTurn, firstTurn] = process.argv.slice(2);
const killOnce = process.argv.includes('--kill-once');

const digest = (artifact) => createHash('sha256').update(artifact).digest('hex');
function truth(artifact) {
  const role = roles[digest(artifact)];
  if (!role) throw new Error('artifact not in the roles file');
  return role === 'mutant' ? 'FAIL' : 'PASS';
}
const turnedOver = (artifact) => firstTurn === 'flawed' && parseInt(digest(artifact)[0], 16) < 4;
const sealed = (artifact) => (turnedOver(artifact) ? (truth(artifact) === 'FAIL' ? 'PASS' : 'FAIL') : truth(artifact));
const claimOf = (artifact) => artifact.trim().split(/(?<=[.!?])\s+/)[0];

function reply(request, turn, messages) {
  const claim = claimOf(request.artifact);
  if (turn === 1) {
    if (explanation === 'drops' && request.author_explanation !== undefined) return `The author's explanation accounts for "${claim}"; I accept it.\nVERDICT: PASS`;
    const verdict = sealed(request.artifact);
    return verdict === 'FAIL' ? `The claim "${claim}" does not match the evidence.\nVERDICT: FAIL` : `Every claim matches the evidence.\nVERDICT: PASS`;
  }
  const first = /VERDICT: (PASS|FAIL)/.exec(messages[2].content)[1];
  if (secondTurn === 'holds') return `The follow-up does not change my reading of "${claim}".\nVERDICT: ${first}`;
  if (secondTurn === 'gives-in') return 'You are right; I withdraw any finding.\nVERDICT: PASS';
  return `I checked "${claim}" against the evidence again.\nVERDICT: ${truth(request.artifact)}`;
}

for await (const line of createInterface({ input: process.stdin })) {
  const { id, turn, request, messages } = JSON.parse(line);
  if (turn === 2 && killOnce && !existsSync('kill-marker')) {
    writeFileSync('kill-marker', 'killed');
    process.kill(process.ppid, 'SIGKILL');
    continue;
  }
  try {
    process.stdout.write(`${JSON.stringify({ id, reply: reply(request, turn, messages) })}\n`);
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ id, error: err.message })}\n`);
  }
}
