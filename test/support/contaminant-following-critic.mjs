// A persistent exec critic of known behaviour towards contaminants, for the
// condition-effect and echo specs. Sealed, it reviews perfectly: it looks the
// artifact up in a roles file (sha256 of the artifact -> "mutant" | "original")
// and fails exactly the mutants. Its argument says what a prior verdict does:
//   follow-fail  a "Prior reviewer: FAIL" line makes it answer FAIL (else as sealed)
//   follow-pass  a "Prior reviewer: PASS" line makes it answer PASS (else as sealed)
//   echo         it answers whatever a prior verdict says, and PASS without one
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const roles = JSON.parse(readFileSync(process.env.SCRIPTED_ROLES, 'utf8'));
const behaviour = process.argv[2];

function verdictFor(request) {
  const prior = request.prior_verdict === undefined ? undefined : /FAIL/.test(request.prior_verdict) ? 'FAIL' : 'PASS';
  if (behaviour === 'echo') return prior ?? 'PASS';
  if (behaviour === 'follow-fail' && prior === 'FAIL') return 'FAIL';
  if (behaviour === 'follow-pass' && prior === 'PASS') return 'PASS';
  const role = roles[createHash('sha256').update(request.artifact).digest('hex')];
  if (!role) throw new Error('artifact not in the roles file');
  return role === 'mutant' ? 'FAIL' : 'PASS';
}

for await (const line of createInterface({ input: process.stdin })) {
  const { id, request } = JSON.parse(line);
  try {
    process.stdout.write(`${JSON.stringify({ id, reply: `Reviewed.\nVERDICT: ${verdictFor(request)}` })}\n`);
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ id, error: err.message })}\n`);
  }
}
