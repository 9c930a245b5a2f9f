// An exec critic that checks only an answer's FORM and never looks at the
// evidence, for the blind condition's end-to-end test: it FAILs an artifact that
// mixes currencies (£ with $ or €), writes a singular number with a plural unit
// ("1 hours"), or states the same quantity twice with different values ("the
// deposit is £200 ... the deposit is £250"); otherwise it PASSes. Its blind
// discrimination therefore equals its clean discrimination.
//
// `node form-critic.mjs` speaks the persistent protocol (JSON Lines);
// `node form-critic.mjs oneshot` reads one request from stdin. With FORM_LOG
// set, each request's keys (and whether its prompt has an evidence block) are
// appended to that file as JSON Lines.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const CURRENCIES = [
  ['GBP', /£/],
  ['USD', /\$/],
  ['EUR', /€/],
];
const PLURAL_UNITS = 'hours|days|weeks|months|years|minutes|nights|tablets|doses|items|breaks|pounds|dollars|euros';

/** The form errors of an answer, in words; empty when its form is sound. */
export function formErrors(text) {
  const errors = [];
  const currencies = CURRENCIES.filter(([, re]) => re.test(text)).map(([code]) => code);
  if (currencies.length > 1) errors.push(`mixes currencies (${currencies.join(', ')})`);
  const plural = text.match(new RegExp(`\\b(?:1|one) (?:${PLURAL_UNITS})\\b`, 'i'));
  if (plural) errors.push(`a singular number with a plural unit ("${plural[0]}")`);
  const stated = new Map();
  for (const m of text.matchAll(/\bthe (\w+) (?:is|are) ([£$€]?\d+(?:\.\d+)?)/gi)) {
    const subject = m[1].toLowerCase();
    const before = stated.get(subject);
    if (before !== undefined && before !== m[2]) errors.push(`the ${subject} is stated as ${before} and as ${m[2]}`);
    stated.set(subject, m[2]);
  }
  return errors;
}

function replyTo(request, messages) {
  if (process.env.FORM_LOG) {
    const prompt = messages.map((m) => m.content).join('\n');
    appendFileSync(process.env.FORM_LOG, `${JSON.stringify({ keys: Object.keys(request), evidenceBlock: prompt.includes('## Evidence') })}\n`);
  }
  const errors = formErrors(request.artifact);
  return errors.length ? `Form problems: ${errors.join('; ')}.\nVERDICT: FAIL\n` : 'The answer is consistently written.\nVERDICT: PASS\n';
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  if (process.argv[2] === 'oneshot') {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const { request, messages } = JSON.parse(input);
    process.stdout.write(replyTo(request, messages));
  } else {
    for await (const line of createInterface({ input: process.stdin })) {
      const { id, request, messages } = JSON.parse(line);
      process.stdout.write(`${JSON.stringify({ id, reply: replyTo(request, messages) })}\n`);
    }
  }
}
