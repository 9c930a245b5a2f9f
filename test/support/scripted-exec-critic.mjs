// A persistent exec critic with known rates, for end-to-end tests: it looks the
// artifact up in a roles file (sha256 of the artifact -> "mutant" | "original")
// and flags it when the artifact's fixed uniform draw falls below the rate for
// its role (CATCH_RATE for mutants, FALSE_ALARM_RATE for originals). The draw is
// a hash of SCRIPTED_SEED and the artifact, so each item keeps its difficulty
// across runs, and lowering CATCH_RATE from 0.9 to 0.4 loses exactly the
// mutants whose draw lies in [0.4, 0.9). NO_VERDICT_RATE drops the verdict line.
// One process serves the whole run (mode: persistent, JSON Lines): a process per
// review made the specs that use it spend most of their time starting Node.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const roles = JSON.parse(readFileSync(process.env.SCRIPTED_ROLES, 'utf8'));

function replyTo(request) {
  const key = createHash('sha256').update(request.artifact).digest('hex');
  const draw = (salt) =>
    parseInt(
      createHash('sha256')
        .update(`${process.env.SCRIPTED_SEED ?? ''}:${salt}:${key}`)
        .digest('hex')
        .slice(0, 8),
      16,
    ) /
    2 ** 32;
  const rate = roles[key] === 'mutant' ? Number(process.env.CATCH_RATE ?? 0.9) : Number(process.env.FALSE_ALARM_RATE ?? 0);
  const verdict = draw('verdict') < rate ? 'FAIL' : 'PASS';
  const silent = draw('silent') < Number(process.env.NO_VERDICT_RATE ?? 0);
  return `Compared every sentence with the evidence.${silent ? '' : `\nVERDICT: ${verdict}`}\n`;
}

for await (const line of createInterface({ input: process.stdin })) {
  const { id, request } = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ id, reply: replyTo(request) })}\n`);
}
