import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type KitKey, main, parseAnswers, READER_INSTRUCTIONS, type Scores, TEXT_MUTATOR_NAMES } from '../../bench/reading-kit.js';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { InputError } from '../../src/errors.js';
import { loadFixtures } from '../../src/fixtures/load.js';
import { generateMutants } from '../../src/mutants/generate.js';

// Four text fixtures; each evidence item has one sentence the artifact does not use, which must never reach a batch.
const SUITE = `fixtures:
  - id: fx-leave
    kind: text
    task: What are the rules on annual leave for employees?
    artifact: Employees accrue 28 days of paid annual leave each year. Requests must be submitted through the HR Portal at least 4 weeks before the start date.
    evidence:
      - id: handbook
        text: Employees accrue 28 days of paid annual leave each year. Requests must be submitted through the HR Portal at least 4 weeks before the start date. Contractors are handled by the Vendor Office.
  - id: fx-mileage
    kind: text
    task: How is business mileage paid?
    artifact: Business mileage is paid at 45p per mile for the first 10,000 miles. Claims are sent to the Finance Team within 30 days after the journey.
    evidence:
      - id: policy
        text: Business mileage is paid at 45p per mile for the first 10,000 miles. Claims are sent to the Finance Team within 30 days after the journey. Parking fines are never reimbursed by the Travel Desk.
  - id: fx-filing
    kind: text
    task: When is the annual return due?
    artifact: The annual return must be filed by 31 January 2026. A late return is not accepted by the Revenue Office unless an extension was granted.
    evidence:
      - id: guidance
        text: The annual return must be filed by 31 January 2026. A late return is not accepted by the Revenue Office unless an extension was granted. Payments go to the Collection Unit.
    trace: Checked the guidance; confirmed in the Revenue Office guidance.
  - id: fx-dosage
    kind: text
    task: What is the maximum daily dose for adults?
    artifact: Adults may take up to 4,000 mg in 24 hours. The tablets must not be given to children under 12 years old.
    evidence:
      - id: label
        text: Adults may take up to 4,000 mg in 24 hours. The tablets must not be given to children under 12 years old. Store below 25 degrees, away from the Pharmacy Counter.
`;
const EVIDENCE_ONLY = ['Vendor Office', 'Travel Desk', 'Collection Unit', 'Pharmacy Counter', 'handbook', 'guidance', 'label', 'confirmed'];

const root = mkdtempSync(join(tmpdir(), 'reading-kit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const suite = join(root, 'suite.yaml');
writeFileSync(suite, SUITE);
const fixtures = loadFixtures([suite]);
const textMutators = ALL_MUTATORS.filter((m) => m.kind === 'text');
const { mutants } = generateMutants(fixtures, textMutators, { seed: 3, cap: 12 });

let kits = 0;
function make(...args: string[]): { dir: string; key: KitKey; batches: string[] } {
  const dir = join(root, `kit-${++kits}`);
  expect(main(['make', '--fixtures', suite, '--seed', '3', ...args, '--out', dir])).toBe(0);
  const key = JSON.parse(readFileSync(join(dir, 'key.json'), 'utf8')) as KitKey;
  return { dir, key, batches: key.batches.map((b) => readFileSync(join(dir, b.file), 'utf8')) };
}

describe('reading kit: make', () => {
  const kit = make('--batches', '5');

  it('holds one item per fixture per batch, numbered in order, at least the untouched share of them untouched', () => {
    expect(kit.key.batches.map((b) => b.batch)).toEqual([1, 2, 3, 4, 5]);
    for (const { items } of kit.key.batches) {
      expect(items.map((i) => i.item)).toEqual([1, 2, 3, 4]);
      expect(items.map((i) => i.fixtureId).sort()).toEqual(['fx-dosage', 'fx-filing', 'fx-leave', 'fx-mileage']);
      expect(items.filter((i) => i.shown === 'original').length).toBeGreaterThanOrEqual(Math.ceil(0.3 * 4));
    }
    // Fixtures take turns being untouched: 2 a batch over 5 batches is 10 turns among 4 fixtures.
    const turns = fixtures.map((f) => kit.key.batches.filter((b) => b.items.some((i) => i.fixtureId === f.id && i.shown === 'original')).length);
    expect(Math.max(...turns) - Math.min(...turns)).toBeLessThanOrEqual(1);
  });

  it('keys every item completely, each mutant a kept one of its fixture, none used twice', () => {
    const used: string[] = [];
    for (const { items } of kit.key.batches) {
      for (const item of items) {
        if (item.shown === 'original') {
          expect(item).toEqual({ item: item.item, fixtureId: item.fixtureId, shown: 'original' });
          continue;
        }
        const mutant = mutants.find((m) => m.id === item.mutantId)!;
        expect(mutant).toBeDefined();
        expect(item).toEqual({
          item: item.item,
          fixtureId: mutant.fixtureId,
          shown: 'mutant',
          mutator: mutant.mutator,
          mutantId: mutant.id,
          change: { line: mutant.span.line, column: mutant.span.column, original: mutant.original, replacement: mutant.replacement },
        });
        used.push(mutant.id);
      }
    }
    expect(used.length).toBe(10);
    expect(new Set(used).size).toBe(used.length);
  });

  it('shows each item its question and answer (the original or the mutant, verbatim) and nothing else', () => {
    kit.key.batches.forEach(({ items }, b) => {
      const text = kit.batches[b]!;
      expect(text).toContain(READER_INSTRUCTIONS);
      const sections = text.split(/^## Item /m).slice(1);
      expect(sections.length).toBe(items.length);
      let scaffold = text;
      for (const item of items) {
        const fixture = fixtures.find((f) => f.id === item.fixtureId)!;
        const answer = item.mutantId ? mutants.find((m) => m.id === item.mutantId)!.artifact : fixture.artifact;
        expect(sections[item.item - 1]).toBe(`${item.item}\n\n**Question:** ${fixture.task}\n\n**Answer:**\n\n\`\`\`\n${answer.trim()}\n\`\`\`\n${item.item < items.length ? '\n---\n\n' : ''}`);
        scaffold = scaffold.replace(answer.trim(), '');
      }
      // Around the answers (a claim-insertion mutant may name a team only the evidence mentions, as it should).
      for (const hidden of [...EVIDENCE_ONLY, ...TEXT_MUTATOR_NAMES, 'fx-', 'mutant', 'original', ...mutants.map((m) => m.id)]) expect(scaffold).not.toContain(hidden);
    });
  });

  it('is the same kit for the same seed, and another for another seed', () => {
    const again = make('--batches', '5');
    expect(again.batches).toEqual(kit.batches);
    expect(again.key).toEqual(kit.key);
    const other = make('--batches', '5', '--seed', '4');
    expect(other.key).not.toEqual(kit.key);
  });

  it('spreads the mutant slots evenly over the mutators, in every batch', () => {
    const { key } = make('--batches', '3', '--mutators', 'number-flip,claim-omission');
    for (const { items } of key.batches) {
      expect(items.filter((i) => i.mutator === 'number-flip').length).toBe(1);
      expect(items.filter((i) => i.mutator === 'claim-omission').length).toBe(1);
    }
  });

  it('shows a fixture untouched once its mutants run out, never reusing one', () => {
    // qualifier-deletion keeps one mutant each in three of the four fixtures.
    const { key } = make('--batches', '4', '--mutators', 'qualifier-deletion', '--untouched-share', '0');
    const used = key.batches.flatMap((b) => b.items.flatMap((i) => (i.mutantId ? [i.mutantId] : [])));
    expect(used.length).toBe(mutants.filter((m) => m.mutator === 'qualifier-deletion').length);
    expect(new Set(used).size).toBe(used.length);
    for (const { items } of key.batches) expect(items.length).toBe(4);
  });

  it('with --one-per-file, shows one fixture of each file per batch, the fixtures of a file taking turns', () => {
    // The same four fixtures split into two files (two domains) of two.
    const [head, ...rest] = SUITE.split(/^(?= {2}- id: )/m);
    const files = [rest.slice(0, 2), rest.slice(2)].map((part, i) => {
      const file = join(root, `domain-${i}.yaml`);
      writeFileSync(file, head + part.join(''));
      return file;
    });
    const dir = join(root, `kit-${++kits}`);
    expect(main(['make', '--fixtures', files[0]!, '--fixtures', files[1]!, '--seed', '3', '--batches', '4', '--one-per-file', '--out', dir])).toBe(0);
    const key = JSON.parse(readFileSync(join(dir, 'key.json'), 'utf8')) as KitKey;
    const domainOf = (id: string) => (['fx-leave', 'fx-mileage'].includes(id) ? 0 : 1);
    for (const { items } of key.batches) {
      expect(items.map((i) => i.item)).toEqual([1, 2]);
      expect(items.map((i) => domainOf(i.fixtureId)).sort()).toEqual([0, 1]);
    }
    const shown = key.batches.flatMap((b) => b.items.map((i) => i.fixtureId));
    for (const f of fixtures) expect(shown.filter((id) => id === f.id).length).toBe(2);
    expect(key.settings.onePerFile).toBe(true);
  });

  it('refuses bad input with exit 2: a folder already holding a kit, a mutator that is not a text mutator', () => {
    expect(main(['make', '--fixtures', suite, '--out', kit.dir])).toBe(2);
    expect(main(['make', '--fixtures', suite, '--mutators', 'off-by-one', '--out', join(root, 'never')])).toBe(2);
    expect(main(['make', '--fixtures', suite, '--batches', '0', '--out', join(root, 'never')])).toBe(2);
  });
});

describe('reading kit: score', () => {
  it('joins the answers with the key into per-mutator, pooled and untouched rates', () => {
    const { dir, key } = make('--batches', '3');
    // Reader 1 flags every mutant and no original, in a loose format; reader 2 flags everything; reader 3 skips item 1 and flags nothing.
    const truth = (b: number) => key.batches[b]!.items;
    writeFileSync(
      join(dir, 'answers-1.txt'),
      truth(0)
        .map((i) => `- **${i.item}:**   ${i.shown === 'mutant' ? 'TAMPERED — a figure looks off' : 'Untouched'}`)
        .join('\n') + '\n\n',
    );
    writeFileSync(
      join(dir, 'answers-2.txt'),
      truth(1)
        .map((i) => `${i.item}: tampered - reason ${i.item}`)
        .join('\n'),
    );
    writeFileSync(
      join(dir, 'answers-3.txt'),
      truth(2)
        .filter((i) => i.item !== 1)
        .map((i) => `* ${i.item}: untouched`)
        .join('\r\n'),
    );
    expect(main(['score', dir])).toBe(0);
    const scores = JSON.parse(readFileSync(join(dir, 'scores.json'), 'utf8')) as Scores;

    const all = key.batches.flatMap((b) => b.items.map((i) => ({ ...i, batch: b.batch })));
    const skipped = all.find((i) => i.batch === 3 && i.item === 1)!;
    const flagged = (i: (typeof all)[number]) => i.batch === 2 || (i.batch === 1 && i.shown === 'mutant');
    const answered = all.filter((i) => i !== skipped);
    for (const row of scores.mutators) {
      const of = answered.filter((i) => i.mutator === row.mutator);
      expect(row).toMatchObject({ flagged: of.filter(flagged).length, n: of.length, unanswered: skipped.mutator === row.mutator ? 1 : 0 });
    }
    const mutantsAnswered = answered.filter((i) => i.shown === 'mutant');
    const originalsAnswered = answered.filter((i) => i.shown === 'original');
    expect(scores.mutants).toMatchObject({ flagged: mutantsAnswered.filter(flagged).length, n: mutantsAnswered.length });
    expect(scores.originals).toMatchObject({ flagged: originalsAnswered.filter(flagged).length, n: originalsAnswered.length });
    expect(scores.originals.flagged).toBe(key.batches[1]!.items.filter((i) => i.shown === 'original').length);
    expect(scores.mutants.rate).toBeCloseTo(scores.mutants.flagged / scores.mutants.n);
    expect(scores.unanswered).toEqual([{ batch: 3, item: 1 }]);
    expect(scores.batches.map((b) => b.mutants.flagged)).toEqual([2, 2, 0]);
    expect(scores.items.find((i) => i.batch === 2 && i.item === 4)).toMatchObject({ answer: 'tampered', reason: 'reason 4' });
  });

  it('exits 2 for a missing key or a batch without answers', () => {
    expect(main(['score', join(root, 'no-such-kit')])).toBe(2);
    const { dir } = make('--batches', '2');
    writeFileSync(join(dir, 'answers-1.txt'), '1: untouched\n');
    expect(main(['score', dir])).toBe(2);
  });

  it('reads loose answer lines and names the file and line of a malformed one', () => {
    const answers = parseAnswers('\n  1 :  Tampered —  the date\n- 2: untouched\n**3**: tampered\n', 'answers-1.txt', 4);
    expect([...answers.values()].map((a) => [a.item, a.tampered, a.reason, a.line])).toEqual([
      [1, true, 'the date', 2],
      [2, false, undefined, 3],
      [3, true, undefined, 4],
    ]);
    const error = (text: string) => {
      try {
        parseAnswers(text, 'answers-1.txt', 4);
      } catch (e) {
        return e instanceof InputError ? e.message : String(e);
      }
      return 'no error';
    };
    expect(error('1: untouched\nI think 2 was tampered\n')).toMatch(/^answers-1\.txt:2: not an answer line/);
    expect(error('1: maybe\n')).toMatch(/^answers-1\.txt:1: not an answer line/);
    expect(error('5: tampered\n')).toMatch(/^answers-1\.txt:1: item 5 is not in the batch/);
    expect(error('1: tampered\n\n1: untouched\n')).toMatch(/^answers-1\.txt:3: item 1 answered twice \(first on line 1\)/);
  });
});
