/**
 * What a text suite gives the audit, on material we may not have tuned to:
 * the share of artifact sentences the support analysis accepts (`check`;
 * a reply that states no claim, "Yes." or "Sadly, no.", is counted apart, and
 * so is a sentence no evidence sentence supports that the answer works out),
 * `builtin:evidence-check`'s false alarms on the originals and controls, and
 * valid mutants per fixture for each text mutator.
 *
 *   node dist/bench/suite-figures.js fixtures/unseen [--seed 7]
 */
import { parseArgs } from 'node:util';
import { ALL_MUTATORS } from '../mutators/index.js';
import { loadFixtures } from '../src/fixtures/load.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { generateMutants } from '../src/mutants/generate.js';
import { checkAgainstEvidence } from '../src/reviews/builtin/evidenceCheck.js';
import { evidenceSentences, questionText, splitSentences, supportOf } from '../src/text/claims.js';
import { workedOutClaim } from '../src/text/mismatches.js';
import { statesNoClaim } from '../src/text/discourse.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { seed: { type: 'string', default: '7' } } });
const fixtures = loadFixtures(positionals.length ? positionals : ['fixtures/unseen'], process.cwd()).filter((f): f is TextFixture => f.kind === 'text');

let sentences = 0;
let supported = 0;
let replies = 0;
let workedOut = 0;
const unsupported: string[] = [];
let controls = 0;
const alarms: string[] = [];
for (const f of fixtures) {
  const evidence = evidenceSentences(f.evidence);
  const also = [questionText(f.task), ...f.evidence.flatMap((e) => (e.title ? [e.title] : []))];
  const written = [{ id: 'original', artifact: f.artifact }, ...(f.variants ?? []).filter((v) => !v.id.startsWith('paraphrase-'))];
  for (const text of written) {
    for (const s of splitSentences(text.artifact)) {
      sentences++;
      if (supportOf(s.text, evidence) !== null) supported++;
      else if (statesNoClaim(s.text)) replies++;
      else {
        // A sentence of the answer's own arithmetic: evidence-check checks it by its working (src/text/mismatches.ts, workedOutClaim).
        const worked = workedOutClaim(s.text, evidence, also, text.artifact);
        if (worked) workedOut++;
        unsupported.push(`${f.id}/${text.id}${worked ? ' (worked out by the answer)' : ''}: ${s.text}`);
      }
    }
  }
  for (const control of [{ id: 'original', artifact: f.artifact }, ...(f.variants ?? [])]) {
    controls++;
    const findings = checkAgainstEvidence({ task: f.task, artifact: control.artifact, evidence: f.evidence });
    if (findings.length) alarms.push(`${f.id}/${control.id}: ${findings.map((x) => x.problem).join(' | ')}`);
  }
}

const textMutators = ALL_MUTATORS.filter((m) => m.kind === 'text');
const { mutants } = generateMutants(fixtures, textMutators, { seed: Number(values.seed), cap: 1_000 });
const pct = (k: number, n: number) => `${k} of ${n} (${((100 * k) / Math.max(1, n)).toFixed(1)}%)`;

console.log(`${fixtures.length} text fixtures`);
console.log(
  `artifact and written-variant sentences supported: ${pct(supported, sentences)}; replies that state no claim: ${replies}; claims supported: ${pct(supported, sentences - replies)}; of the rest, worked out by the answer's arithmetic: ${workedOut}`,
);
for (const u of unsupported) console.log(`  unsupported: ${u}`);
console.log(`evidence-check false alarms on originals and controls: ${pct(alarms.length, controls)}`);
for (const a of alarms) console.log(`  alarm: ${a}`);
console.log('valid mutants per fixture:');
for (const m of textMutators) {
  const n = mutants.filter((x) => x.mutator === m.name).length;
  const covered = new Set(mutants.filter((x) => x.mutator === m.name).map((x) => x.fixtureId)).size;
  console.log(`  ${m.name.padEnd(20)} ${String(n).padStart(4)} valid, ${(n / fixtures.length).toFixed(2)} per fixture, on ${covered} of ${fixtures.length} fixtures`);
}
