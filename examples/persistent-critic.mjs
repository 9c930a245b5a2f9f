#!/usr/bin/env node
// A critic for `mode: persistent`: one process reviews the whole run.
// Each line on stdin is one review, {"id", "request", "messages"}; each line on
// stdout answers one, {"id", "reply"} (or {"id", "error"}), in any order, so a
// critic that awaits a model can work on several at once. The check is tiny on
// purpose: an artifact fails when it states a number no evidence item contains.
import { createInterface } from 'node:readline';

const NUMBER = /\d+(?:\.\d+)?/g;

function review(request) {
  const inEvidence = new Set(request.evidence.flatMap((item) => item.text.match(NUMBER) ?? []));
  const unsupported = [...new Set(request.artifact.match(NUMBER) ?? [])].filter((n) => !inEvidence.has(n));
  if (unsupported.length) return `Not in the evidence: ${unsupported.join(', ')}.\nVERDICT: FAIL\n`;
  return 'Every number is in the evidence.\nVERDICT: PASS\n';
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, request } = JSON.parse(line);
  let answer;
  try {
    answer = { id, reply: review(request) };
  } catch (err) {
    // One bad request fails its own review, not the process.
    answer = { id, error: String(err) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
