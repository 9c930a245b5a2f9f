// A persistent exec critic (JSON Lines) with a fixed answering style, for the
// located-catch specs. Its first argument picks it:
//   always-fail      fails everything, pointing at nothing
//   random-sentence  fails everything, quoting one sentence of the artifact chosen by a hash of it
//   quote-span       fails each mutant quoting its replacement (or the deleted words), passes originals;
//                    it reads the answers from SCRIPTED_ROLES (sha256 of the artifact -> {role, original, replacement})
//   agree-disagree   seed 001's grammar: DISAGREE_EVIDENCE quoting the mutant's replacement (or the
//                    text across a deletion's gap), AGREE on originals (reads SCRIPTED_ROLES too)
//   accepted-issues  seed 003's grammar: one numbered issue quoting the same words, ACCEPTED on originals
//   claims-no-span   per claim, `supported` with no span, then VERDICT: PASS
//   claims-fabricated per claim, `supported` citing a span no evidence holds, then VERDICT: PASS
//   claims-evidence  per claim, `supported` quoting the first evidence item's text, VERDICT: PASS; without
//                    the evidence (the blind condition: the key absent), `not-found`, VERDICT: FAIL
//   claims-artifact  per claim, `supported` quoting the claim itself (the answer cited as its own support),
//                    VERDICT: PASS: valid only where the claim is in the evidence the request carried, or,
//                    with no evidence (blind), in the artifact
//   agree-evidence   AGREE when every sentence of the artifact is in an evidence text, else DISAGREE_EVIDENCE
//                    quoting the first that is not; without the evidence, DISAGREE_CONCERN (nothing to check against)
//   plan-reader      accepted-issues from the acceptance plan alone (it never reads the evidence): one issue per
//                    plan item whose quoted phrase the artifact lacks, naming the item; ACCEPTED when none
//   plan-shotgun     accepted-issues naming every item of the acceptance plan on every reply (originals too), then
//                    one issue with no way to verify it (no plan item, evidence id, line or test): the critic a plan
//                    audit must not credit
// The per-claim styles read the numbered claims from the review's `claims` list
// (claims-no-span) or from the rendered prompt's {{claims}} (claims-fabricated).
// A second argument `oneshot` makes it read one review from stdin and print the
// reply (the oneshot protocol). With GRAMMAR_LOG set, each review it receives,
// as it received it, is appended to that file as a JSON line.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const style = process.argv[2];
const roles = process.env.SCRIPTED_ROLES ? JSON.parse(readFileSync(process.env.SCRIPTED_ROLES, 'utf8')) : {};
const sha = (text) => createHash('sha256').update(text).digest('hex');

function sentences(text) {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function claimIds(prompt) {
  const section = prompt.split("## The artifact's claims, numbered")[1] ?? '';
  return [...section.split('\n## ')[0].matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
}

function answer({ request, messages, claims }) {
  const prompt = messages[1].content;
  switch (style) {
    case 'always-fail':
      return 'This does not look right to me.\nVERDICT: FAIL';
    case 'random-sentence': {
      const all = sentences(request.artifact);
      const pick = all[parseInt(sha(request.artifact).slice(0, 8), 16) % all.length];
      return `This sentence is wrong: "${pick}"\nVERDICT: FAIL`;
    }
    case 'quote-span': {
      const role = roles[sha(request.artifact)];
      if (role?.role !== 'mutant') return 'Every claim matches the evidence.\nVERDICT: PASS';
      return role.replacement ? `"${role.replacement}" should read "${role.original}".\nVERDICT: FAIL` : `The artifact drops "${role.original}".\nVERDICT: FAIL`;
    }
    case 'agree-disagree':
    case 'accepted-issues': {
      const role = roles[sha(request.artifact)];
      if (role?.role !== 'mutant') return style === 'agree-disagree' ? 'Every sentence matches the evidence.\nAGREE' : 'ACCEPTED';
      const words = role.replacement || role.gap;
      return style === 'agree-disagree' ? `DISAGREE_EVIDENCE: "${words}" is not what the evidence says` : `1. "${words}" is not what the evidence says.`;
    }
    case 'claims-no-span':
      return `${claims
        .map((c) => c.id)
        .map((id) => `CLAIM ${id}: supported`)
        .join('\n')}\nVERDICT: PASS`;
    case 'claims-fabricated':
      return `${claimIds(prompt)
        .map((id) => `CLAIM ${id}: supported "as confirmed in appendix Z, paragraph ${id}"`)
        .join('\n')}\nVERDICT: PASS`;
    case 'claims-evidence':
      return request.evidence
        ? `${claims.map((c) => `CLAIM ${c.id}: supported "${request.evidence[0].text}"`).join('\n')}\nVERDICT: PASS`
        : `${claims.map((c) => `CLAIM ${c.id}: not-found`).join('\n')}\nVERDICT: FAIL`;
    case 'claims-artifact':
      return `${claims.map((c) => `CLAIM ${c.id}: supported "${c.text}"`).join('\n')}\nVERDICT: PASS`;
    case 'agree-evidence': {
      if (!request.evidence) return 'DISAGREE_CONCERN: there is no evidence to check the answer against';
      const unsupported = sentences(request.artifact).find((s) => !request.evidence.some((e) => e.text.includes(s)));
      return unsupported ? `DISAGREE_EVIDENCE: "${unsupported}" is not what the evidence says` : 'Every sentence is in the evidence.\nAGREE';
    }
    case 'plan-reader': {
      const plan = request.task.split('Acceptance plan:')[1] ?? '';
      const missing = [...plan.matchAll(/^(\d+)\. .*?"([^"]+)"/gm)].filter((m) => !request.artifact.includes(m[2]));
      return missing.length ? missing.map((m, i) => `${i + 1}. item ${m[1]} → "${m[2]}" is missing → compare with the plan`).join('\n') : 'ACCEPTED';
    }
    case 'plan-shotgun': {
      const plan = request.task.split('Acceptance plan:')[1] ?? '';
      const items = [...plan.matchAll(/^(\d+)\. /gm)].map((m) => m[1]);
      return [...items.map((item, i) => `${i + 1}. item ${item} → not met → check it`), `${items.length + 1}. The work feels incomplete.`].join('\n');
    }
    default:
      throw new Error(`unknown STYLE ${style}`);
  }
}

function reply(line) {
  if (process.env.GRAMMAR_LOG) appendFileSync(process.env.GRAMMAR_LOG, `${JSON.stringify({ style, review: JSON.parse(line) })}\n`);
  return answer(JSON.parse(line));
}

if (process.argv[3] === 'oneshot') {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(reply(input));
} else {
  createInterface({ input: process.stdin }).on('line', (line) => {
    process.stdout.write(`${JSON.stringify({ id: JSON.parse(line).id, reply: reply(line) })}\n`);
  });
}
