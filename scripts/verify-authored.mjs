#!/usr/bin/env node
// Checks the bundled acceptance plans and authored mutants (issue 19, parts 2 and 3) against
// the contract in the fixture format, independently of the project's fixture loader:
// - every plan: 3-7 items, numbers unique positive integers, a round_summary; every mutant: a unique
//   id, a known type, `breaks` naming a plan item, an artifact that differs from the reference;
// - code plans: each backticked example (`call(args)` returns `value` / throws) holds on the reference
//   and on every variant (correct rewrites, reviewed as controls), and is none of the fixture's held-out
//   checks (whitespace aside): the plan is sent to every critic, the held-out checks never are;
// - code mutants: type-check where the reference does, fail at least one held-out check, and fail
//   the broken item's examples where it has some;
// - text plans: each quoted phrase is in the evidence, the reference and every variant (whitespace-normalised);
// - text mutants: a `contradicts` quote found in the evidence, absent from the mutant and contradicted
//   by a sentence the mutant changes (the loader's claim analysis, contradictsQuote), or a
//   requirement-omission; either way the broken item's quoted phrases are gone;
// - no authored mutant has the same text as a mutant a bundled mutator generates from the fixture.
// Run after `npx tsc -p tsconfig.json` (it uses the compiled sandbox, loader and mutators in dist/):
//   node scripts/verify-authored.mjs [fixture dirs...]   (default: fixtures/functions fixtures/policy)
// Prints, per fixture, its plan and, per authored code mutant, the held-out checks it fails; exit 1 when any rule fails.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { ALL_MUTATORS } from '../dist/mutators/index.js';
import { runChecks } from '../dist/src/code/checks.js';
import { typeErrors } from '../dist/src/code/typeCheck.js';
import { contradictsQuote } from '../dist/src/fixtures/kinds/text.js';
import { loadFixtures } from '../dist/src/fixtures/load.js';
import { generateMutants } from '../dist/src/mutants/generate.js';
import { evidenceSentences } from '../dist/src/text/claims.js';

const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['fixtures/functions', 'fixtures/policy'];
const TYPES = new Set(['task-substitution', 'requirement-omission']);
const EXAMPLE = /`([^`]+)`\s+(returns|throws)(?:\s+`([^`]+)`)?/g;
const PHRASE = /"([^"]+)"/g;
const EXAMPLE_TOLERANCE = 1e-9;

const problems = [];
const problem = (where, message) => problems.push(`${where}: ${message}`);
const normalise = (text) => String(text).replace(/\s+/g, ' ').trim();

const fixtures = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const file = join(dir, name);
      const doc = parse(readFileSync(file, 'utf8'));
      return (doc?.fixtures ?? []).map((fixture) => ({ file, suite: dir, fixture }));
    }),
);

const counts = {};
const count = (suite, key) => {
  counts[suite] ??= { fixtures: 0, plans: 0, 'task-substitution': 0, 'requirement-omission': 0 };
  counts[suite][key]++;
};

/** The plan's shape, the same for code and text. Returns the items by number. */
function checkPlan(where, fixture) {
  const items = new Map();
  const plan = fixture.acceptance;
  if (plan === undefined) {
    if (fixture.mutants !== undefined) problem(where, 'has mutants but no acceptance plan');
    return items;
  }
  if (!Array.isArray(plan) || plan.length < 3 || plan.length > 7) problem(where, 'acceptance must list 3-7 items');
  for (const [i, entry] of (plan ?? []).entries()) {
    if (!Number.isInteger(entry?.item) || entry.item < 1) problem(where, `acceptance[${i}].item is not a positive integer`);
    else if (items.has(entry.item)) problem(where, `acceptance[${i}].item ${entry.item} is a duplicate`);
    if (typeof entry?.text !== 'string' || entry.text.trim() === '') problem(where, `acceptance[${i}].text is empty`);
    else items.set(entry.item, entry.text);
  }
  if (typeof fixture.round_summary !== 'string' || fixture.round_summary.trim() === '') problem(where, 'a plan needs a round_summary');
  const ids = new Set();
  for (const [i, mutant] of (fixture.mutants ?? []).entries()) {
    const at = `${where} mutants[${i}] ${mutant?.id ?? '?'}`;
    if (!/^[A-Za-z0-9._-]+$/.test(mutant?.id ?? '')) problem(at, 'id missing or not of letters, digits, . _ -');
    if (ids.has(mutant.id)) problem(at, 'duplicate id');
    ids.add(mutant.id);
    if (!TYPES.has(mutant.type)) problem(at, `type "${mutant.type}" is neither task-substitution nor requirement-omission`);
    if (!items.has(mutant.breaks)) problem(at, `breaks ${mutant.breaks} names no plan item`);
    if (typeof mutant.artifact !== 'string' || normalise(mutant.artifact) === normalise(fixture.artifact)) problem(at, 'artifact missing or identical to the reference');
  }
  return items;
}

/** The backticked examples of a code plan item, as held-out checks. */
function examplesOf(text, exported, at) {
  const checks = [];
  for (const [, call, verb, value] of text.matchAll(EXAMPLE)) {
    if (!call.startsWith(`${exported}(`)) problem(at, `example \`${call}\` does not call ${exported}`);
    if (verb === 'throws') checks.push({ expr: call, throws: true });
    else if (value === undefined) problem(at, `example \`${call}\` returns no backticked value`);
    else checks.push({ expr: call, equals: new Function(`return (${value});`)(), tolerance: EXAMPLE_TOLERANCE });
  }
  return checks;
}

const codeJobs = [];
for (const { file, suite, fixture } of fixtures.filter((f) => f.fixture.kind === 'code')) {
  const where = `${file} ${fixture.id}`;
  count(suite, 'fixtures');
  const items = checkPlan(where, fixture);
  if (items.size === 0) continue;
  count(suite, 'plans');
  const exported = /export function (\w+)/.exec(fixture.artifact)?.[1];
  const examples = new Map([...items].map(([n, text]) => [n, examplesOf(text, exported, `${where} item ${n}`)]));
  const heldOut = new Set(fixture.checks.map((check) => check.expr.replace(/\s+/g, '')));
  for (const [n, list] of examples) {
    for (const { expr } of list) if (heldOut.has(expr.replace(/\s+/g, ''))) problem(`${where} item ${n}`, `example \`${expr}\` is a held-out check, which a critic must never see`);
  }
  const behavioural = [...examples.values()].filter((e) => e.length > 0).length;
  if (behavioural === 0) problem(where, 'no plan item carries a backticked example');
  codeJobs.push({ where, fixture, examples, all: [...examples.values()].flat() });
  for (const mutant of fixture.mutants ?? []) count(suite, mutant.type);
}

// One sandbox call: each reference against every plan example, each mutant against the held-out checks and its item's examples.
const jobs = [];
for (const job of codeJobs) {
  job.referenceAt = jobs.push({ artifact: job.fixture.artifact, checks: job.all }) - 1;
  // The variants are correct rewrites, reviewed as controls: the plan holds on them too.
  job.variantsAt = (job.fixture.variants ?? []).map((variant) => ({ id: variant.id, at: jobs.push({ artifact: variant.artifact, checks: job.all }) - 1 }));
  job.mutantsAt = (job.fixture.mutants ?? []).map((mutant) => {
    const broken = job.examples.get(mutant.breaks) ?? [];
    return { mutant, broken, at: jobs.push({ artifact: mutant.artifact, checks: [...job.fixture.checks, ...broken] }) - 1 };
  });
}
const results = await runChecks(jobs);
const sources = codeJobs.flatMap((job) => [job.fixture.artifact, ...(job.fixture.mutants ?? []).map((m) => m.artifact)]);
const errors = typeErrors(sources);
let sourceAt = 0;
const lines = [];
for (const job of codeJobs) {
  const referenceErrors = errors[sourceAt++];
  results[job.referenceAt].forEach((result, k) => {
    if (!result.passed) problem(`${job.where}`, `plan example \`${job.all[k].expr}\` is false on the reference: ${result.detail}`);
  });
  for (const variant of job.variantsAt) {
    results[variant.at].forEach((result, k) => {
      if (!result.passed) problem(`${job.where}`, `plan example \`${job.all[k].expr}\` is false on variant ${variant.id}: ${result.detail}`);
    });
  }
  lines.push(`${job.fixture.id}: ${job.examples.size} plan items, ${job.all.length} examples, checked on the reference and ${job.variantsAt.length} variants`);
  for (const { mutant, broken, at } of job.mutantsAt) {
    const typeError = errors[sourceAt++][0];
    const at_ = `${job.where} mutant ${mutant.id}`;
    const held = job.fixture.checks.length;
    const failedChecks = results[at].slice(0, held).flatMap((r, k) => (r.passed ? [] : [job.fixture.checks[k].expr]));
    const failedExamples = results[at].slice(held).flatMap((r, k) => (r.passed ? [] : [broken[k].expr]));
    lines.push(
      `  ${mutant.id} (${mutant.type}, breaks ${mutant.breaks}): fails ${failedChecks.length}/${held} checks [${failedChecks.join('; ')}]; item ${mutant.breaks} examples failed ${failedExamples.length}/${broken.length}`,
    );
    if (typeError !== undefined && referenceErrors.length === 0) problem(at_, `does not type-check (would be ignored): ${typeError}`);
    if (failedChecks.length === 0) problem(at_, 'fails no held-out check (would be ignored as equivalent)');
    if (broken.length > 0 && failedExamples.length === 0) problem(at_, `passes every example of item ${mutant.breaks}`);
  }
}

for (const { file, suite, fixture } of fixtures.filter((f) => f.fixture.kind === 'text')) {
  const where = `${file} ${fixture.id}`;
  count(suite, 'fixtures');
  const items = checkPlan(where, fixture);
  if (items.size === 0) continue;
  count(suite, 'plans');
  const evidence = normalise((fixture.evidence ?? []).map((e) => e.text).join(' '));
  const reference = normalise(fixture.artifact);
  const phrases = new Map();
  for (const [n, text] of items) {
    const quoted = [...text.matchAll(PHRASE)].map((m) => normalise(m[1]));
    if (quoted.length === 0) problem(`${where} item ${n}`, 'quotes no phrase');
    for (const phrase of quoted) {
      if (!evidence.includes(phrase)) problem(`${where} item ${n}`, `"${phrase}" is not in the evidence`);
      if (!reference.includes(phrase)) problem(`${where} item ${n}`, `"${phrase}" is not in the reference artifact`);
      for (const variant of fixture.variants ?? []) {
        if (!normalise(variant.artifact).includes(phrase)) problem(`${where} item ${n}`, `"${phrase}" is not in variant ${variant.id}`);
      }
    }
    phrases.set(n, quoted);
  }
  const mutants = fixture.mutants ?? [];
  lines.push(`${fixture.id}: ${items.size} plan items, ${[...phrases.values()].flat().length} quoted phrases, ${mutants.length} mutants`);
  for (const mutant of mutants) {
    count(suite, mutant.type);
    const at = `${where} mutant ${mutant.id}`;
    const text = normalise(mutant.artifact ?? '');
    const kept = (phrases.get(mutant.breaks) ?? []).filter((phrase) => text.includes(phrase));
    if (mutant.contradicts !== undefined) {
      const quote = normalise(mutant.contradicts);
      if (!evidence.includes(quote)) problem(at, `contradicts "${quote}", which is not in the evidence`);
      if (text.includes(quote)) problem(at, 'still states the evidence it claims to contradict');
      else if (!contradictsQuote(fixture.artifact, mutant.artifact ?? '', mutant.contradicts, evidenceSentences(fixture.evidence ?? [])))
        problem(at, 'changes no sentence that the quoted evidence contradicts');
    } else if (mutant.type !== 'requirement-omission') problem(at, 'a task-substitution must quote the evidence it contradicts');
    if (kept.length > 0) problem(at, `still contains item ${mutant.breaks}'s phrase "${kept[0]}"`);
    lines.push(`  ${mutant.id} (${mutant.type}, breaks ${mutant.breaks}): ${mutant.contradicts ? 'contradicts the evidence' : 'omits the item'}, item phrases gone`);
  }
}

// An authored mutant is for what no generator makes: one whose text a bundled mutator also makes adds nothing.
// The project's loader reads the fixtures without the new keys (it does not know them yet on every branch).
const scratch = mkdtempSync(join(tmpdir(), 'verify-authored-'));
try {
  const files = [...new Set(fixtures.map((f) => f.file))];
  files.forEach((file, i) => {
    const plain = fixtures
      .filter((f) => f.file === file)
      .map(({ fixture }) => Object.fromEntries(Object.entries(fixture).filter(([key]) => !['acceptance', 'round_summary', 'mutants'].includes(key))));
    writeFileSync(join(scratch, `${i}.yaml`), stringify({ fixtures: plain }));
  });
  const loaded = loadFixtures([scratch]);
  const generated = generateMutants(loaded, ALL_MUTATORS, { seed: 0, cap: Number.MAX_SAFE_INTEGER }).mutants;
  const twins = new Map(generated.map((m) => [`${m.fixtureId}\0${normalise(m.artifact)}`, m]));
  for (const { file, fixture } of fixtures) {
    for (const mutant of fixture.mutants ?? []) {
      const twin = twins.get(`${fixture.id}\0${normalise(mutant.artifact ?? '')}`);
      if (twin) problem(`${file} ${fixture.id} mutant ${mutant.id}`, `the same text as the generated ${twin.mutator} mutant ${twin.id}`);
    }
  }
  lines.push(`\n${generated.length} generated mutants compared: no authored mutant may repeat one`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(lines.join('\n'));
console.log('\nsummary (suite: fixtures, plans, task-substitution, requirement-omission):');
for (const [suite, c] of Object.entries(counts))
  console.log(`  ${suite}: ${c.fixtures} fixtures, ${c.plans} plans, ${c['task-substitution']} task-substitution, ${c['requirement-omission']} requirement-omission`);
if (problems.length) {
  console.log(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('\nall plans and authored mutants hold');
