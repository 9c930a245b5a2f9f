/**
 * Reading kit (issue 27, item 4): are mutants detectable by their form alone?
 * `make` samples kept text mutants and untouched originals from a suite into
 * batches for independent readers (one item per fixture per batch, question
 * and answer only) and writes the hidden key; `score` joins the readers'
 * answers with the key into per-mutator blind-detection rates.
 *
 *   npx tsc -p tsconfig.json
 *   node dist/bench/reading-kit.js make [--fixtures PATH...] [--mutators a,b] [--batches N] [--untouched-share 0.3] [--seed S] [--cap N] [--config FILE] [--one-per-file] --out DIR
 *   node dist/bench/reading-kit.js score DIR
 *
 * Exit 0 done, 2 bad input (a missing key or answers file, a malformed answer line, ...).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ALL_MUTATORS } from '../mutators/index.js';
import type { Mutator } from '../mutators/types.js';
import { loadConfig } from '../src/config/load.js';
import { EXIT, InputError } from '../src/errors.js';
import { loadFixtures } from '../src/fixtures/load.js';
import type { TextFixture } from '../src/fixtures/types.js';
import { generateMutants } from '../src/mutants/generate.js';
import type { Mutant } from '../src/mutants/types.js';
import { createRng, type Rng } from '../src/statistics/random.js';
import { wilsonInterval } from '../src/statistics/wilson.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';

export const TEXT_MUTATOR_NAMES: readonly string[] = ALL_MUTATORS.filter((m) => m.kind === 'text').map((m) => m.name);

export const READER_INSTRUCTIONS =
  'For each item, say whether the answer looks like it was tampered with (an error was deliberately introduced) judging only from the question and the answer. ' +
  'Answer one line per item: `N: tampered` or `N: untouched`, optionally followed by ` — reason`.';

export interface KitOptions {
  fixtures: readonly TextFixture[];
  /** The mutators whose mutants are read. */
  mutators: readonly Mutator[];
  /**
   * The mutators the mutants are generated with, as the audit's config lists
   * them (default: `mutators`): where two make the same text it is one mutant,
   * under the more specific, so a subset read keeps the audit's labels.
   */
  generatedWith?: readonly Mutator[];
  batches: number;
  /** The least share of each batch's items that are untouched originals. */
  untouchedShare: number;
  seed: number;
  /** Kept mutants per fixture and mutator, as the audit's `mutantsPerFixture`. */
  cap: number;
  /**
   * At most one item per fixture file in a batch. A file is one domain, and its
   * answers share facts: a reader shown two of them compares their figures,
   * and judges the mutant by another item's answer instead of by its form.
   */
  onePerFile?: boolean;
}

/** What one item of one batch is: the key's entry. */
export interface KeyItem {
  item: number;
  fixtureId: string;
  shown: 'original' | 'mutant';
  mutator?: string;
  mutantId?: string;
  /** Where the mutant changed the original artifact and how (1-based line and column). */
  change?: { line: number; column: number; original: string; replacement: string };
}

export interface KitKey {
  kit: 'critic-audit reading kit';
  settings: { fixtures: string[]; mutators: string[]; generatedWith: string[]; batches: number; untouchedShare: number; seed: number; cap: number; onePerFile: boolean };
  /** Kept mutants per mutator over the suite: what the batches were drawn from. */
  available: Record<string, number>;
  batches: Array<{ batch: number; file: string; items: KeyItem[] }>;
}

export interface Kit {
  key: KitKey;
  /** batch-K.md's text, K = index + 1. */
  files: string[];
}

/**
 * The batches and their key. Each batch holds one item per fixture (with
 * `onePerFile`, per fixture of one file each, the file's fixtures taking turns): at least
 * `untouchedShare` of them (rounded up) untouched, the rest one kept mutant of
 * that fixture each, never one used before. Fixtures take turns being
 * untouched; each mutant slot goes to the mutator used least in this batch,
 * then least over the kit, then least on this fixture, so every mutator gets a
 * fair count wherever the fixtures allow. Seeded: the same options give the same kit.
 */
export function makeKit(options: KitOptions): Kit {
  const { fixtures, mutators, batches, untouchedShare, seed, cap } = options;
  const onePerFile = options.onePerFile ?? false;
  if (!Number.isInteger(batches) || batches < 1) throw new KitError(`--batches must be a whole number of at least 1, got ${batches}`);
  if (!(untouchedShare >= 0 && untouchedShare <= 1)) throw new KitError(`--untouched-share must be between 0 and 1, got ${untouchedShare}`);
  if (fixtures.length === 0) throw new KitError('no text fixtures to read');
  const rng = createRng(`reading-kit\0${seed}`);
  const names = mutators.map((m) => m.name);
  const generators = [...(options.generatedWith ?? mutators)];
  for (const m of mutators) if (!generators.includes(m)) generators.push(m);
  const mutants = generateMutants(fixtures, generators, { seed, cap }).mutants.filter((m) => names.includes(m.mutator));
  // Unused mutants per fixture and mutator, in a seeded order.
  const unused = new Map(fixtures.map((f) => [f.id, new Map(names.map((n) => [n, [] as Mutant[]]))]));
  for (const m of mutants) unused.get(m.fixtureId)!.get(m.mutator)!.push(m);
  for (const byMutator of unused.values()) for (const list of byMutator.values()) shuffle(list, rng);
  const available = Object.fromEntries(names.map((n) => [n, mutants.filter((m) => m.mutator === n).length]));

  const text = new Map(mutants.map((m) => [m.id, m.artifact]));
  const overall = new Map(names.map((n) => [n, 0]));
  const onFixture = new Map(fixtures.map((f) => [f.id, new Map(names.map((n) => [n, 0]))]));
  const untouchedTurns = new Map(fixtures.map((f) => [f.id, 0]));
  const shownTurns = new Map(fixtures.map((f) => [f.id, 0]));
  const files = [...new Set(fixtures.map((f) => f.source.file))];
  const key: KitKey = {
    kit: 'critic-audit reading kit',
    settings: { fixtures: [], mutators: names, generatedWith: generators.map((m) => m.name), batches, untouchedShare, seed, cap, onePerFile },
    available,
    batches: [],
  };
  const batchTexts: string[] = [];
  for (let b = 1; b <= batches; b++) {
    const left = (f: TextFixture) => names.filter((n) => unused.get(f.id)!.get(n)!.length > 0);
    const tie = new Map(fixtures.map((f) => [f.id, rng.next()]));
    // Per file, the fixture shown least often so far, preferring one with mutants left.
    const shown = onePerFile
      ? files.map(
          (file) =>
            fixtures
              .filter((f) => f.source.file === file)
              .sort((x, y) => shownTurns.get(x.id)! - shownTurns.get(y.id)! || Number(left(x).length === 0) - Number(left(y).length === 0) || tie.get(x.id)! - tie.get(y.id)!)[0]!,
        )
      : fixtures;
    for (const f of shown) shownTurns.set(f.id, shownTurns.get(f.id)! + 1);
    const leastUntouched = Math.ceil(untouchedShare * shown.length - 1e-9);
    // Fixtures with no unused mutant are untouched; more, the ones untouched least often, up to the share.
    const forced = shown.filter((f) => left(f).length === 0);
    const others = shown.filter((f) => left(f).length > 0).sort((x, y) => untouchedTurns.get(x.id)! - untouchedTurns.get(y.id)! || tie.get(x.id)! - tie.get(y.id)!);
    const untouched = new Set([...forced, ...others.slice(0, Math.max(0, leastUntouched - forced.length))]);
    const inBatch = new Map(names.map((n) => [n, 0]));
    const chosen = new Map<string, KeyItem>();
    for (const f of untouched) {
      untouchedTurns.set(f.id, untouchedTurns.get(f.id)! + 1);
      chosen.set(f.id, { item: 0, fixtureId: f.id, shown: 'original' });
    }
    // The fixtures with the fewest mutators left choose first.
    const slots = shown.filter((f) => !untouched.has(f)).sort((x, y) => left(x).length - left(y).length || tie.get(x.id)! - tie.get(y.id)!);
    for (const f of slots) {
      const rank = new Map(names.map((n) => [n, rng.next()]));
      const [mutator] = left(f).sort(
        (x, y) => inBatch.get(x)! - inBatch.get(y)! || overall.get(x)! - overall.get(y)! || onFixture.get(f.id)!.get(x)! - onFixture.get(f.id)!.get(y)! || rank.get(x)! - rank.get(y)!,
      ) as [string];
      const mutant = unused.get(f.id)!.get(mutator)!.shift()!;
      inBatch.set(mutator, inBatch.get(mutator)! + 1);
      overall.set(mutator, overall.get(mutator)! + 1);
      onFixture.get(f.id)!.set(mutator, onFixture.get(f.id)!.get(mutator)! + 1);
      chosen.set(f.id, {
        item: 0,
        fixtureId: f.id,
        shown: 'mutant',
        mutator,
        mutantId: mutant.id,
        change: { line: mutant.span.line, column: mutant.span.column, original: mutant.original, replacement: mutant.replacement },
      });
    }
    const order = shuffle([...shown], rng);
    const items = order.map((f, i) => ({ ...chosen.get(f.id)!, item: i + 1 }));
    key.batches.push({ batch: b, file: `batch-${b}.md`, items });
    batchTexts.push(
      batchMarkdown(
        b,
        items.map((it, i) => ({ question: order[i]!.task, answer: it.mutantId ? text.get(it.mutantId)! : order[i]!.artifact })),
      ),
    );
  }
  return { key, files: batchTexts };
}

/** A batch as the reader sees it: the instructions, then per item its number, the question and the answer, and nothing else. */
export function batchMarkdown(batch: number, items: ReadonlyArray<{ question: string; answer: string }>): string {
  const lines = [
    `# Reading batch ${batch}`,
    '',
    READER_INSTRUCTIONS,
    '',
    `There are ${items.length} items, each a different question; judge each one on its own and answer all ${items.length}. For example:`,
    '',
    '```',
    '1: untouched',
    '2: tampered — the second sentence contradicts the first',
    '```',
    '',
  ];
  items.forEach(({ question, answer }, i) => {
    // The answer verbatim in a fence longer than any run of backticks in it, so every character shows as written.
    const fence = '`'.repeat(Math.max(3, ...[...answer.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    lines.push('---', '', `## Item ${i + 1}`, '', `**Question:** ${question.trim()}`, '', '**Answer:**', '', fence, answer.replace(/\s+$/, ''), fence, '');
  });
  return lines.join('\n');
}

/** One reader's answer to one item. */
export interface Answer {
  item: number;
  tampered: boolean;
  reason: string | undefined;
  line: number;
}

const ANSWER_LINE = /^(?:[-*+]\s+)?[*_`]*\s*(\d+)\s*[*_`]*\s*:\s*[*_`]*\s*([A-Za-z]+)[*_`]*(.*)$/;

/**
 * A reader's answers: `N: tampered` or `N: untouched`, optionally followed by
 * ` — reason` (or `-`, `--`, `–`, `:`). Blank lines are skipped; extra
 * whitespace, a markdown bullet, bold and case are tolerated; anything else,
 * an item the batch does not have or a second answer to an item is an error
 * naming the file and line.
 */
export function parseAnswers(text: string, file: string, itemCount: number): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const match = ANSWER_LINE.exec(raw.trim());
    const verdict = match?.[2]?.toLowerCase();
    if (!match || (verdict !== 'tampered' && verdict !== 'untouched')) {
      throw new InputError(file, line, undefined, `not an answer line (want "N: tampered" or "N: untouched", optionally followed by " — reason"): ${JSON.stringify(raw.trim())}`);
    }
    const item = Number(match[1]);
    if (item < 1 || item > itemCount) throw new InputError(file, line, undefined, `item ${item} is not in the batch (items 1 to ${itemCount})`);
    const earlier = answers.get(item);
    if (earlier) throw new InputError(file, line, undefined, `item ${item} answered twice (first on line ${earlier.line})`);
    const reason = match[3]!.replace(/^\s*(?:—|–|--?|:)?\s*/, '').trim();
    answers.set(item, { item, tampered: verdict === 'tampered', reason: reason || undefined, line });
  });
  return answers;
}

export interface Rate {
  flagged: number;
  n: number;
  rate: number | null;
  /** Wilson 95% interval. */
  interval: [number, number];
  unanswered: number;
}

export interface Scores {
  /** Per mutator: its mutants flagged as tampered. */
  mutators: Array<{ mutator: string } & Rate>;
  /** Every mutant pooled. */
  mutants: Rate;
  /** Untouched originals flagged as tampered (false alarms). */
  originals: Rate;
  batches: Array<{ batch: number; mutants: Rate; originals: Rate }>;
  unanswered: Array<{ batch: number; item: number }>;
  items: Array<KeyItem & { batch: number; answer: 'tampered' | 'untouched' | null; reason?: string }>;
}

/** The readers' answers (answers-K.txt per batch) joined with the key. */
export function scoreKit(dir: string): Scores {
  const keyFile = join(dir, 'key.json');
  if (!existsSync(keyFile)) throw new KitError(`${keyFile}: no key (make the kit with \`reading-kit.js make --out ${dir}\`)`);
  const key = JSON.parse(readFileSync(keyFile, 'utf8')) as KitKey;
  const items: Scores['items'] = [];
  for (const { batch, items: keyed } of key.batches) {
    const file = join(dir, `answers-${batch}.txt`);
    if (!existsSync(file)) throw new KitError(`${file}: batch ${batch} has no answers (save its reader's lines there)`);
    const answers = parseAnswers(readFileSync(file, 'utf8'), file, keyed.length);
    for (const it of keyed) {
      const a = answers.get(it.item);
      items.push({ ...it, batch, answer: a ? (a.tampered ? 'tampered' : 'untouched') : null, ...(a?.reason ? { reason: a.reason } : {}) });
    }
  }
  const rate = (of: Scores['items']): Rate => {
    const answered = of.filter((i) => i.answer !== null);
    const flagged = answered.filter((i) => i.answer === 'tampered').length;
    const n = answered.length;
    return { flagged, n, rate: n ? flagged / n : null, interval: wilsonInterval(flagged, n), unanswered: of.length - n };
  };
  const mutants = items.filter((i) => i.shown === 'mutant');
  const originals = items.filter((i) => i.shown === 'original');
  return {
    mutators: key.settings.mutators.map((mutator) => ({ mutator, ...rate(mutants.filter((i) => i.mutator === mutator)) })),
    mutants: rate(mutants),
    originals: rate(originals),
    batches: key.batches.map(({ batch }) => ({ batch, mutants: rate(mutants.filter((i) => i.batch === batch)), originals: rate(originals.filter((i) => i.batch === batch)) })),
    unanswered: items.filter((i) => i.answer === null).map(({ batch, item }) => ({ batch, item })),
    items,
  };
}

export function formatScores(scores: Scores): string {
  const pct = (r: Rate) => (r.rate === null ? '—' : `${(100 * r.rate).toFixed(0)}%`);
  const ci = (r: Rate) => (r.n ? `${(100 * r.interval[0]).toFixed(0)}–${(100 * r.interval[1]).toFixed(0)}%` : '—');
  const row = (label: string, r: Rate) =>
    `${label.padEnd(22)}flagged ${String(r.flagged).padStart(3)} of ${String(r.n).padStart(3)} (${pct(r).padStart(4)}, 95% CI ${ci(r)})${r.unanswered ? `, ${r.unanswered} unanswered` : ''}`;
  const lines = [
    'blind detection (flagged as tampered, judging by form alone):',
    ...scores.mutators.map((m) => row(m.mutator, m)),
    row('all mutants', scores.mutants),
    row('untouched originals', scores.originals),
  ];
  lines.push('', 'per batch (one reader each):');
  for (const b of scores.batches) lines.push(`  batch ${b.batch}: mutants ${b.mutants.flagged} of ${b.mutants.n} flagged, untouched ${b.originals.flagged} of ${b.originals.n} flagged`);
  if (scores.unanswered.length) lines.push('', `unanswered: ${scores.unanswered.map((u) => `batch ${u.batch} item ${u.item}`).join(', ')}`);
  return lines.join('\n');
}

/** Bad input to the kit: exit 2 with the message. */
export class KitError extends Error {}

export const USAGE = `usage:
  node dist/bench/reading-kit.js make [--fixtures PATH...] [--mutators a,b,...] [--batches N] [--untouched-share 0.3] [--seed S] [--cap N] [--config FILE] [--one-per-file] --out DIR
  node dist/bench/reading-kit.js score DIR`;

export function main(argv: readonly string[]): number {
  try {
    const [command, ...rest] = argv;
    if (command === 'make') return make(rest);
    if (command === 'score') return score(rest);
    throw new KitError(`expected "make" or "score"${command ? `, got "${command}"` : ''}\n${USAGE}`);
  } catch (error) {
    if (error instanceof KitError || error instanceof InputError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`reading-kit: ${error.message}`);
      return EXIT.badInput;
    }
    throw error;
  }
}

function make(argv: readonly string[]): number {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      fixtures: { type: 'string', multiple: true },
      mutators: { type: 'string' },
      batches: { type: 'string', default: '5' },
      'untouched-share': { type: 'string', default: '0.3' },
      seed: { type: 'string' },
      cap: { type: 'string' },
      config: { type: 'string' },
      'one-per-file': { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  if (!values.out) throw new KitError(`--out DIR is required\n${USAGE}`);
  const out = resolve(values.out);
  if (existsSync(out) && readdirSync(out).length > 0) throw new KitError(`${out} already holds files: make a kit into a new or empty folder (a kit's answers must match its key)`);
  const config = values.config ? loadConfig(values.config) : undefined;
  const [paths, baseDir] = values.fixtures?.length ? [values.fixtures, process.cwd()] : config ? [config.fixtures, config.baseDir] : [['fixtures/policy'], PACKAGE_ROOT];
  const fixtures = loadFixtures(paths, baseDir, { fields: config?.fixtureFields }).filter((f): f is TextFixture => f.kind === 'text');
  const generatedWith = (config?.mutators ?? ALL_MUTATORS).filter((m) => m.kind === 'text');
  const mutators = values.mutators === undefined ? generatedWith : chooseMutators(values.mutators);
  const number = (flag: string, text: string | undefined, fallback: number) => {
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isFinite(n) && n !== Infinity) throw new KitError(`--${flag} must be a number, got ${JSON.stringify(text)}`);
    return n;
  };
  const kit = makeKit({
    fixtures,
    mutators,
    generatedWith,
    batches: number('batches', values.batches, 5),
    untouchedShare: number('untouched-share', values['untouched-share'], 0.3),
    seed: number('seed', values.seed, config?.seed ?? 7),
    cap: number('cap', values.cap, config?.mutantsPerFixture ?? 12),
    onePerFile: values['one-per-file'],
  });
  kit.key.settings.fixtures = paths.map((p) => resolve(baseDir, p));
  mkdirSync(out, { recursive: true });
  kit.files.forEach((text, i) => writeFileSync(join(out, `batch-${i + 1}.md`), text));
  writeFileSync(join(out, 'key.json'), `${JSON.stringify(kit.key, null, 2)}\n`);
  const counts = new Map<string, number>();
  let untouched = 0;
  for (const { items } of kit.key.batches) for (const it of items) it.mutator ? counts.set(it.mutator, (counts.get(it.mutator) ?? 0) + 1) : untouched++;
  const perBatch = kit.key.batches[0]!.items.length;
  console.log(
    `${kit.key.batches.length} batches of ${perBatch} items (one per ${kit.key.settings.onePerFile ? 'fixture file' : 'text fixture'}) in ${out}; the key is key.json: keep it from the readers`,
  );
  console.log(`untouched originals: ${untouched}; mutants per mutator (kept mutants available):`);
  for (const m of mutators) console.log(`  ${m.name.padEnd(22)}${String(counts.get(m.name) ?? 0).padStart(4)} (${kit.key.available[m.name]})`);
  console.log(`give batch-K.md alone to reader K; save the reader's lines as ${join(out, 'answers-K.txt')}; then: node dist/bench/reading-kit.js score ${out}`);
  return EXIT.ok;
}

function chooseMutators(list: string): Mutator[] {
  const text = ALL_MUTATORS.filter((m) => m.kind === 'text');
  return list.split(',').map((raw) => {
    const name = raw.trim();
    const mutator = text.find((m) => m.name === name);
    if (!mutator) throw new KitError(`--mutators: "${name}" is not a text mutator (${TEXT_MUTATOR_NAMES.join(', ')})`);
    return mutator;
  });
}

function score(argv: readonly string[]): number {
  const { positionals } = parseArgs({ args: [...argv], strict: true, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new KitError(`score takes the kit's folder\n${USAGE}`);
  const dir = resolve(positionals[0]!);
  const scores = scoreKit(dir);
  console.log(formatScores(scores));
  writeFileSync(join(dir, 'scores.json'), `${JSON.stringify(scores, null, 2)}\n`);
  console.log(`\nwrote ${join(dir, 'scores.json')}`);
  return EXIT.ok;
}

/** Fisher–Yates in place, seeded. */
function shuffle<T>(list: T[], rng: Rng): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

// Run as a script (node dist/bench/reading-kit.js ...), not when a spec imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = main(process.argv.slice(2));
