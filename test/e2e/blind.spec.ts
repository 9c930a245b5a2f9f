import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/audit.js';
import { loadConfig } from '../../src/config/load.js';
import type { ReviewItem } from '../../src/requests/items.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
// @ts-expect-error: a plain ESM script of the test support, without types
import { formErrors } from '../support/form-critic.mjs';
import { runCliAsProcess } from '../support/cliRun.js';
import { reviewItems } from '../support/reviewItems.js';

/**
 * The blind condition (the hypothesis-only baseline) end to end, through the
 * CLI: a critic that reads only the answers' form (form-critic.mjs, as a
 * persistent and as a oneshot exec critic) tells the mutants with form errors
 * apart as well without the evidence as with it, and fails the positive
 * control's evidence reason; builtin:evidence-check, which reads nothing but
 * the evidence, tells nothing apart blind and passes it.
 */
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'form-critic.mjs');
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-blind-'));
const log = join(dir, 'requests.jsonl');

// Eight answers whose evidence states them word for word. Each states its key quantity twice ("the deposit is
// £200 ... the deposit is £200"), in one currency, with plural units after numbers above one: sound form. The
// generated mutants read as honest mistakes (number-flip leaves a quantity stated twice alone), so each fixture
// also carries one authored mutant that changes the first statement only: a form error, caught without the evidence.
const ANSWERS = [
  ['deposit', 'The deposit is £200 for a standard room. Guests get it back within 14 days of checkout. To confirm, the deposit is £200.', '£200', '£250'],
  ['late-fee', 'The fee is £15 per day after the due date. A reminder goes out after 2 days. In short, the fee is £15 per day.', '£15', '£20'],
  ['dose', 'The limit is 3 tablets in 24 hours. Doses must be at least 4 hours apart. Again, the limit is 3 tablets.', '3 tablets', '4 tablets'],
  ['meals', 'The allowance is £40 per day for meals. Hotel stays are capped at 14 nights. To repeat, the allowance is £40 per day.', '£40', '£45'],
  ['notice', 'The notice is 30 days for a resignation. Managers reply within 5 working days. In brief, the notice is 30 days.', '30 days', '35 days'],
  ['refund', 'The refund is £120 for a cancelled course. Refunds are paid within 10 days. As stated, the refund is £120.', '£120', '£150'],
  ['break', 'The break is 20 minutes after 6 hours of work. Staff may take 2 breaks a day. Once more, the break is 20 minutes.', '20 minutes', '25 minutes'],
  ['quota', 'The quota is 12 items per order. Orders ship within 3 days. To be clear, the quota is 12 items.', '12 items', '15 items'],
] as const;
const fixtures = join(dir, 'answers.yaml');
writeFileSync(
  fixtures,
  `fixtures:\n${ANSWERS.map(
    ([id, text, figure, changed]) => `  - id: ${id}
    kind: text
    task: Answer from the policy.
    artifact: ${JSON.stringify(text)}
    evidence:
      - id: policy
        text: ${JSON.stringify(text)}
    acceptance:
      - item: 1
        text: ${JSON.stringify(`States the figure: "${figure}".`)}
    mutants:
      - id: first-statement-changed
        type: task-substitution
        breaks: 1
        contradicts: ${JSON.stringify(text.split('. ')[0] + '.')}
        artifact: ${JSON.stringify(text.replace(figure, changed))}
`,
  ).join('')}`,
);

/** The mutation types this suite makes: the two mutators, and the authored mutants' type. */
const TYPES = ['number-flip', 'unit-swap', 'task-substitution'] as const;

const config = join(dir, 'critic.config.yaml');
writeFileSync(
  config,
  `fixtures: [${JSON.stringify(fixtures)}]
mutators: [number-flip, unit-swap]
conditions: [clean, blind]
seed: 7
mutantsPerFixture: 6
retries: 0
critics:
  - name: form
    provider: exec
    mode: persistent
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}]
  - name: form-oneshot
    provider: exec
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}, oneshot]
  - name: evidence-check
    provider: builtin:evidence-check
thresholds:
  maxBlindDiscrimination: 0.2
  positiveControl: {minVerdictRate: 0.9, minDiscrimination: 0.1}
`,
);

let items: ReviewItem[] = [];
let report: any;
let markdown = '';
let status: number | null = null;
const flagged = (i: ReviewItem) => (formErrors(i.artifact) as string[]).length > 0;
const rate = (xs: ReviewItem[]) => xs.filter(flagged).length / xs.length;

beforeAll(async () => {
  const prepared = await prepareRun(loadConfig(config));
  items = reviewItems(
    prepared.fixtures,
    [...prepared.generation()].flatMap((g) => g.mutants),
  );
  // In this process (runCliAsProcess: the modules and word lists load once); the form critics log to FORM_LOG.
  const r = await runCliAsProcess(['run', '--config', config, '--no-cache', '--out', join(dir, 'run')], { env: { FORM_LOG: log, GITHUB_STEP_SUMMARY: '' } });
  expect(r.stderr).not.toMatch(/critic-audit: /);
  status = r.code;
  report = JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8'));
  markdown = readFileSync(join(dir, 'run', 'report.md'), 'utf8');
}, 120_000);

describe('the blind condition', { timeout: 60_000 }, () => {
  it('has a suite where some mutants carry form errors and the originals none', () => {
    const mutants = items.filter((i) => i.role === 'mutant');
    // The answers, and the correct rewrites generated from them (controls).
    expect(items.filter((i) => i.role === 'original').length).toBeGreaterThanOrEqual(ANSWERS.length);
    expect(items.filter((i) => i.role === 'original' && flagged(i))).toEqual([]);
    expect(mutants.filter(flagged).length).toBeGreaterThan(0);
    expect(mutants.filter((i) => !flagged(i)).length).toBeGreaterThan(0);
  });

  it('sends exec critics no evidence key under blind, and no evidence block in the prompt', () => {
    const requests = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // Two exec critics, each reviewing every item under clean and under blind.
    expect(requests).toHaveLength(2 * 2 * items.length);
    const blind = requests.filter((r) => !r.keys.includes('evidence'));
    expect(blind).toHaveLength(2 * items.length);
    for (const r of blind) expect(r).toEqual({ keys: ['task', 'artifact', 'rubric'], evidenceBlock: false });
    for (const r of requests.filter((r) => r.keys.includes('evidence'))) expect(r).toEqual({ keys: ['task', 'artifact', 'evidence', 'rubric'], evidenceBlock: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'run', 'manifest.json'), 'utf8'));
    expect(manifest.conditions.find((c: any) => c.name === 'blind')).toMatchObject({ adds: null, withholds: 'evidence', skippedFixtures: [] });
    expect(manifest.conditions.find((c: any) => c.name === 'blind').excluded).toContain('evidence');
  });

  it.each(['form', 'form-oneshot'])('%s: a critic of form alone tells the mutants apart as well blind as clean, and fails the evidence reason', (name) => {
    const critic = report.critics[name];
    const originals = items.filter((i) => i.role === 'original');
    const falseAlarms = rate(originals);
    expect(critic.falseAlarms.clean.rate).toBe(falseAlarms);
    expect(critic.falseAlarms.blind.rate).toBe(falseAlarms);
    for (const mutator of TYPES) {
      const mutants = items.filter((i) => i.mutator === mutator);
      if (!mutants.length) continue;
      const expected = rate(mutants);
      expect(critic.byMutator[mutator].clean.rate).toBeCloseTo(expected, 12);
      expect(critic.byMutator[mutator].blind.rate).toBeCloseTo(expected, 12);
      const cell = critic.blindDiscrimination[mutator];
      expect(cell).toMatchObject({ catchRate: expected, falseAlarmRate: falseAlarms });
      // Blind discrimination is clean discrimination: the critic never looked at the evidence.
      expect(cell.difference).toBeCloseTo(expected - falseAlarms, 12);
      expect(cell.difference).toBeCloseTo(critic.byMutator[mutator].clean.rate - critic.falseAlarms.clean.rate, 12);
      expect(cell.ci[0]).toBeLessThanOrEqual(cell.difference);
      expect(cell.ci[1]).toBeGreaterThanOrEqual(cell.difference);
      const gate = critic.gates.find((g: any) => g.name === `maxBlindDiscrimination.${mutator}`);
      expect(gate).toMatchObject({ threshold: 0.2, pass: cell.difference <= 0.2 });
      expect(gate.value).toBeCloseTo(cell.difference, 12);
    }
    // The paired row clean → blind: no item changes its verdict.
    expect(critic.paired.find((p: any) => p.mutator === 'all' && p.to === 'blind')).toMatchObject({ from: 'clean', b: 0, c: 0 });
    const reading = critic.positiveControl.evidenceReading;
    const all = items.filter((i) => i.role === 'mutant');
    expect(reading).toMatchObject({ condition: 'blind', mutants: all.length, originals: originals.length, p: 1 });
    expect(reading.cleanDiscrimination).toBeCloseTo(reading.blindDiscrimination, 12);
    expect(reading.cleanDiscrimination).toBeCloseTo(rate(all) - falseAlarms, 12);
    expect(critic.positiveControl.pass).toBe(false);
    expect(critic.positiveControl.reasons.some((r: string) => r.startsWith('not reading the evidence: clean discrimination'))).toBe(true);
    expect(critic.gates.find((g: any) => g.name === 'positive-control').pass).toBe(false);
    expect(critic.passed).toBe(false);
  });

  it('builtin:evidence-check: blind, every claim is unsupported, so it flags everything and tells nothing apart; it reads the evidence', () => {
    const critic = report.critics['evidence-check'];
    for (const [mutator, cell] of Object.entries<any>(critic.blindDiscrimination)) {
      expect(TYPES).toContain(mutator);
      expect(cell).toMatchObject({ catchRate: 1, falseAlarmRate: 1, difference: 0 });
    }
    expect(critic.falseAlarms.clean.rate).toBe(0);
    const reading = critic.positiveControl.evidenceReading;
    expect(reading.blindDiscrimination).toBe(0);
    expect(reading.cleanDiscrimination).toBeGreaterThan(0.5);
    expect(reading.p).toBeLessThan(0.05);
    expect(critic.positiveControl.reasons.filter((r: string) => r.includes('not reading the evidence'))).toEqual([]);
    expect(critic.gates.filter((g: any) => g.name.startsWith('maxBlindDiscrimination.')).every((g: any) => g.pass)).toBe(true);
  });

  it('reports it in report.md and the exit code', () => {
    expect(status).toBe(1);
    expect(markdown).toContain('### Blind discrimination: the mutants told from the originals without the evidence (blind)');
    expect(markdown).toMatch(/\| number-flip \| 100% \| 100% \| \+0 pts /);
    expect(markdown).toContain('**not shown to read the evidence**');
  });
});
