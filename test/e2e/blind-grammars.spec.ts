import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { reviewsPerCondition } from '../support/storedCounts.js';
import { runCliAsProcess } from '../support/cliRun.js';

/**
 * `conditions: [clean, blind]` under the grammars of critics of reviews and of
 * plan checkers, end to end through the CLI on a tiny suite whose evidence
 * holds one sentence its answer does not (the marker of the evidence):
 * - agree-disagree on answers, and accepted-issues on answers with an
 *   acceptance plan (scripted exec critics, oneshot and persistent, beside
 *   builtin:plan-check and builtin:plan-trusting): blind requests carry no
 *   evidence anywhere (not in the task the plan travels in, nor the prompt),
 *   clean ones do; the replies parse; report.json has the blind rows;
 * - a review audit: a review item's evidence is the answer under review and its
 *   source, so blind does not review it; the critics of reviews (exec and
 *   builtin) get no blind rows, and the warnings say so, naming them.
 */
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-blind-grammars-'));
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'grammar-exec-critic.mjs');

// Each answer as its evidence states it, and a sentence only the evidence holds.
const LEAVE = 'Leave requests at Northwind must be made at least 10 days in advance. They are approved by the People Team.';
const REFUND = 'The refund is 120 pounds for a course cancelled by Contoso. It is paid within 14 days.';
const NOTICE = 'Staff at Fabrikam must give 30 days notice before leaving.';
const EVIDENCE_ONLY = {
  leave: 'Section four of the staff handbook governs annual leave.',
  refund: 'Refund requests are handled by the finance office in Leeds.',
  notice: 'The notice rules were last revised by the works council.',
} as const;
const fixtures = join(dir, 'answers.yaml');
const evidence = (answer: string, id: keyof typeof EVIDENCE_ONLY) => `    evidence:\n      - id: policy\n        text: ${JSON.stringify(`${answer} ${EVIDENCE_ONLY[id]}`)}\n`;
writeFileSync(
  fixtures,
  `fixtures:
  - id: leave
    kind: text
    task: How far ahead must leave be requested, and who approves it?
    artifact: ${JSON.stringify(LEAVE)}
${evidence(LEAVE, 'leave')}    acceptance:
      - {item: 1, text: 'States the notice: "at least 10 days".'}
      - {item: 2, text: 'Says who approves: "the People Team".'}
    mutants:
      - id: finance
        type: task-substitution
        breaks: 2
        contradicts: They are approved by the People Team.
        artifact: ${JSON.stringify(LEAVE.replace('People', 'Finance'))}
  - id: refund
    kind: text
    task: How much is the refund for a cancelled course, and when is it paid?
    artifact: ${JSON.stringify(REFUND)}
${evidence(REFUND, 'refund')}    acceptance:
      - {item: 1, text: 'States the refund: "120 pounds".'}
      - {item: 2, text: 'States when it is paid: "within 14 days".'}
    mutants:
      - id: no-deadline
        type: requirement-omission
        breaks: 2
        artifact: ${JSON.stringify(REFUND.replace(' It is paid within 14 days.', ''))}
  - id: notice
    kind: text
    task: How much notice must staff give?
    artifact: ${JSON.stringify(NOTICE)}
${evidence(NOTICE, 'notice')}`,
);

const exec = (name: string, style: string, grammar: string, mode: 'oneshot' | 'persistent') => `  - name: ${name}
    provider: exec
${mode === 'persistent' ? '    mode: persistent\n' : ''}    verdict: ${grammar}
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}, ${style}${mode === 'oneshot' ? ', oneshot' : ''}]
`;

/** The types of mutant the suite makes: the one mutator, and the authored mutants' types. */
const TYPES = ['number-flip', 'task-substitution', 'requirement-omission'];
const REVIEW_MUTATORS = ['drop-flag', 'fabricate-flag'];

interface Logged {
  style: string;
  review: { request: { task: string; artifact: string; evidence?: Array<{ text: string }> }; messages: Array<{ content: string }> };
}
interface Run {
  report: any;
  manifest: any;
  logged: Logged[];
  store: string;
}

/** A run of a config (its critics and extra keys) over the suite, clean and blind, with what the exec critics received. */
async function audit(name: string, critics: string, extra = ''): Promise<Run> {
  const config = join(dir, `${name}.config.yaml`);
  const log = join(dir, `${name}.jsonl`);
  writeFileSync(log, '');
  writeFileSync(
    config,
    `fixtures: [${JSON.stringify(fixtures)}]
mutators: [number-flip]
${extra}conditions: [clean, blind]
seed: 7
mutantsPerFixture: 2
retries: 0
critics:
${critics}`,
  );
  const out = join(dir, name);
  const r = await runCliAsProcess(['run', '--no-cache', '--config', config, '--out', out], { env: { GRAMMAR_LOG: log, GITHUB_STEP_SUMMARY: '' } });
  expect(r.code, r.stderr).toBeLessThanOrEqual(1);
  const read = (file: string) => JSON.parse(readFileSync(join(out, file), 'utf8'));
  const logged = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Logged);
  return { report: read('report.json'), manifest: read('manifest.json'), logged, store: out };
}

const perCondition = (run: Run, critic: string) => reviewsPerCondition(run.store, critic);

/** The fixture a request is of: the one whose answer opens its artifact (a mutant changes a word, never the first). */
const fixtureOf = (artifact: string) => (artifact.startsWith('Leave') ? 'leave' : artifact.startsWith('The refund') ? 'refund' : 'notice');

/**
 * What a critic received, split by the evidence key: no blind request holds an evidence-only sentence
 * anywhere (request, task, prompt), each clean one holds its fixture's; one request per stored review.
 */
function expectNoEvidenceBlind(run: Run, critic: string, style: string) {
  const received = run.logged.filter((l) => l.style === style);
  const blind = received.filter((l) => !('evidence' in l.review.request));
  const clean = received.filter((l) => 'evidence' in l.review.request);
  const counts = perCondition(run, critic);
  expect(counts.blind).toBeGreaterThan(0);
  expect(counts.blind).toBe(counts.clean);
  expect(blind).toHaveLength(counts.blind!);
  expect(clean).toHaveLength(counts.clean!);
  for (const l of blind) {
    const text = JSON.stringify(l.review);
    for (const sentence of Object.values(EVIDENCE_ONLY)) expect(text).not.toContain(sentence);
    expect(Object.keys(l.review.request)).toEqual(['task', 'artifact', 'rubric']);
    expect(l.review.messages.map((m) => m.content).join('\n')).not.toContain('## Evidence');
  }
  for (const l of clean) {
    const own = EVIDENCE_ONLY[fixtureOf(l.review.request.artifact)];
    expect(l.review.request.evidence!.map((e) => e.text).join(' ')).toContain(own);
    expect(l.review.messages.map((m) => m.content).join('\n')).toContain(own);
  }
  return { blind, clean };
}

/** The blind rows of a critic: per mutant type, beside clean, the false alarms, and the blind discrimination. */
function expectBlindRows(critic: any) {
  expect(Object.keys(critic.blindDiscrimination).sort()).toEqual([...TYPES].sort());
  for (const m of TYPES) {
    expect(critic.byMutator[m].blind.n, m).toBe(critic.byMutator[m].clean.n);
    const cell = critic.blindDiscrimination[m];
    expect(cell).toMatchObject({ catchRate: critic.byMutator[m].blind.rate, falseAlarmRate: critic.falseAlarms.blind.rate });
    expect(cell.difference).toBeCloseTo(cell.catchRate - cell.falseAlarmRate, 12);
  }
  expect(critic.falseAlarms.blind.n).toBe(critic.falseAlarms.clean.n);
  expect(critic.verdicts.errors).toBe(0);
}

describe('blind under agree-disagree and accepted-issues, on answers with acceptance plans', { timeout: 60_000 }, () => {
  let run: Run;
  beforeAll(async () => {
    run = await audit(
      'answers',
      `${exec('agree', 'agree-evidence', 'agree-disagree', 'oneshot')}${exec('plan-reader', 'plan-reader', 'accepted-issues', 'persistent')}  - {name: plan-check, provider: "builtin:plan-check"}
  - {name: plan-trusting, provider: "builtin:plan-trusting"}
`,
    );
  }, 120_000);

  it('agree-disagree (exec, oneshot): blind requests carry no evidence, its replies parse, and its blind rows are reported', () => {
    const { blind } = expectNoEvidenceBlind(run, 'agree', 'agree-evidence');
    const critic = run.report.critics.agree;
    const counts = perCondition(run, 'agree');
    expect(critic.grammar).toMatchObject({ grammar: 'agree-disagree', answered: counts.clean! + counts.blind!, rate: 1, invalid: { count: 0 }, noVerdict: 0 });
    expectBlindRows(critic);
    // With the evidence it agrees with the answers and cites each changed sentence (an omission leaves none); without it, it cannot check and says so.
    expect(critic.falseAlarms.clean.rate).toBe(0);
    for (const m of ['number-flip', 'task-substitution']) expect(critic.byMutator[m].clean.rate, m).toBe(1);
    expect(critic.byMutator['requirement-omission'].clean.rate).toBe(0);
    expect(critic.falseAlarms.blind.rate).toBe(1);
    for (const m of TYPES) expect(critic.blindDiscrimination[m]).toMatchObject({ catchRate: 1, falseAlarmRate: 1, difference: 0 });
    expect(blind.length).toBeGreaterThan(0);
  });

  it('accepted-issues (exec, persistent): blind requests carry the plan in the task but no evidence; the plan audit has its blind cells', () => {
    const { blind, clean } = expectNoEvidenceBlind(run, 'plan-reader', 'plan-reader');
    // The plan reaches the critic in the task under every condition, blind included: its quoted phrases with it.
    for (const l of [...blind, ...clean].filter((l) => fixtureOf(l.review.request.artifact) !== 'notice')) {
      expect(l.review.request.task).toContain('Acceptance plan:');
      expect(l.review.request.task).toMatch(/"(the People Team|within 14 days)"/);
    }
    const critic = run.report.critics['plan-reader'];
    expect(critic.grammar).toMatchObject({ grammar: 'accepted-issues', rate: 1, invalid: { count: 0 }, noVerdict: 0 });
    expectBlindRows(critic);
    // It reads the plan only: every authored mutant named blind as clean, and its blind discrimination is its clean one.
    const audit = critic.planAudit;
    for (const type of ['task-substitution', 'requirement-omission']) {
      expect(audit.byType[type].blind).toMatchObject({ n: 1, named: 1, rate: 1 });
      expect(critic.blindDiscrimination[type]).toMatchObject({ catchRate: 1, falseAlarmRate: 0, difference: 1 });
      expect(critic.byMutator[type].blind.located).toMatchObject({ n: 1, caught: 1 });
    }
    expect(audit.acceptance.blind).toMatchObject({ rate: 1 });
    expect(critic.positiveControl.evidenceReading).toMatchObject({ condition: 'blind', p: 1 });
    expect(critic.positiveControl.reasons.some((r: string) => r.startsWith('not reading the evidence'))).toBe(true);
  });

  it.each(['plan-check', 'plan-trusting'])('builtin:%s: blind rows on the fixtures with a plan, every claim unsupported blind', (name) => {
    const critic = run.report.critics[name];
    const counts = perCondition(run, name);
    expect(counts.blind).toBeGreaterThan(0);
    expect(counts.blind).toBe(counts.clean);
    expectBlindRows(critic);
    expect(critic.falseAlarms.clean.rate).toBe(0);
    expect(critic.falseAlarms.blind.rate).toBe(1);
    for (const m of TYPES) expect(critic.blindDiscrimination[m]).toMatchObject({ catchRate: 1, difference: 0 });
    expect(critic.planAudit.all.blind.n).toBe(2);
    expect(critic.positiveControl.evidenceReading).toMatchObject({ condition: 'blind', blindDiscrimination: 0, cleanDiscrimination: 1 });
  });
});

describe('blind in a review audit', { timeout: 60_000 }, () => {
  let run: Run;
  beforeAll(async () => {
    run = await audit(
      'reviews',
      `${exec('agree', 'agree-evidence', 'agree-disagree', 'persistent')}  - {name: review-check, provider: "builtin:review-check"}
  - {name: review-agree, provider: "builtin:agree-confident"}
  - {name: evidence-check, provider: "builtin:evidence-check"}
`,
      `reviewAudits:\n  from: [${JSON.stringify(fixtures)}]\n  mutators: [${REVIEW_MUTATORS.join(', ')}]\n`,
    );
  }, 120_000);

  it('sends a critic of reviews no review item under blind; clean, the review item carries the answer under review and its evidence', () => {
    const received = run.logged.filter((l) => l.style === 'agree-evidence');
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBe(perCondition(run, 'agree').clean);
    for (const l of received) {
      expect(l.review.request.artifact).toMatch(/^Reviewer's findings:/);
      const texts = l.review.request.evidence!.map((e) => e.text).join(' ');
      expect(Object.values(EVIDENCE_ONLY).some((s) => texts.includes(s))).toBe(true);
    }
  });

  it.each(['agree', 'review-check', 'review-agree'])('%s: no blind rows, and the warnings say so, naming the critics of reviews and the review items', (name) => {
    const critic = run.report.critics[name];
    expect(perCondition(run, name).blind).toBeUndefined();
    expect(critic.reviewAudit).toBeDefined();
    expect(critic.falseAlarms.blind).toBeUndefined();
    for (const m of REVIEW_MUTATORS) expect(critic.byMutator[m].blind).toBeUndefined();
    expect(critic.blindDiscrimination).toBeUndefined();
    const reviews = run.manifest.conditions.find((c: any) => c.name === 'blind').skippedFixtures as string[];
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.every((id) => id.startsWith('review-of-'))).toBe(true);
    const warning = run.report.warnings.find((w: string) => w.startsWith('condition blind:') && w.includes('review items'));
    expect(warning).toBe(
      `condition blind: it applies to text artifacts only, so the review audit's ${reviews.length} review items are not reviewed under it (${reviews.slice(0, 5).join(', ')}${reviews.length > 5 ? `, and ${reviews.length - 5} more` : ''}): the critics of reviews (agree, review-check, review-agree) have no blind rows`,
    );
  });

  it('the critics of answers in the same run keep their blind rows', () => {
    const critic = run.report.critics['evidence-check'];
    expect(perCondition(run, 'evidence-check').blind).toBe(perCondition(run, 'evidence-check').clean);
    expect(Object.keys(critic.blindDiscrimination).length).toBeGreaterThan(0);
    expect(critic.falseAlarms.blind.n).toBe(critic.falseAlarms.clean.n);
  });
});
