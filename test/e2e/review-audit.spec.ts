import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_REVIEW_REBUTTAL } from '../../src/requests/conditions/rebuttal-unsupported.js';
import { RunStore } from '../../src/results/store.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCli } from '../support/cliRun.js';

/**
 * Seed 001's audit of a critic of reviews, end to end through the CLI: the
 * reviews are built from the HR policy suite's originals and verified
 * mutants, corrupted by the four review mutators, and sent to critics of
 * known behaviour. Each figure is what the critic was built to do.
 */
const dir = mkdtempSync(join(tmpdir(), 'critic-audit-review-audit-'));
const SCRIPT = join(PACKAGE_ROOT, 'test', 'support', 'review-critic.mjs');
const REVIEW_MUTATORS = ['drop-flag', 'fabricate-flag', 'hedge-flag', 'scope-flag'];
const exec = (style: string) => `  - name: ${style}
    provider: exec
    mode: persistent
    verdict: agree-disagree
    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(SCRIPT)}, ${style}]
`;
const suite = JSON.stringify(join(PACKAGE_ROOT, 'fixtures', 'policy', 'hr-policy.yaml'));
writeFileSync(
  join(dir, 'critic.config.yaml'),
  `fixtures: [${suite}]
mutators: [number-flip, entity-swap, negation]
reviewAudits:
  from: [${suite}]
  mutators: [${REVIEW_MUTATORS.join(', ')}]
conditions: [clean, prior-pass, rebuttal-unsupported]
seed: 7
critics:
  - {name: check, provider: builtin:review-check}
  - {name: agree, provider: builtin:agree-confident}
${exec('concern-everything')}${exec('unresolved-citation')}  - {name: evidence, provider: builtin:evidence-check}
thresholds:
  maxFalseConsensus: {drop-flag: 0.05, fabricate-flag: 0.05}
`,
);

let code: number;
let report: any;
beforeAll(async () => {
  ({ code } = await runCli('run', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out'), '--no-cache'));
  report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
}, 120_000);

const clean = (critic: string, mutator: string) => report.critics[critic].reviewAudit.byMutator[mutator].clean;

describe('a review audit', () => {
  it('reviews every review mutator on reviews of originals and mutants, and only the critics of reviews read them', () => {
    for (const m of REVIEW_MUTATORS) expect(report.mutants.byMutator[m].valid).toBeGreaterThan(10);
    expect(report.critics.evidence.reviewAudit).toBeUndefined();
    // The suite's own mutants, the authored ones among them; no review mutant.
    expect(Object.keys(report.critics.evidence.byMutator).sort()).toEqual(['entity-swap', 'negation', 'number-flip', 'requirement-omission', 'task-substitution']);
    expect(Object.keys(report.critics.check.byMutator).sort()).toEqual([...REVIEW_MUTATORS].sort());
  });

  it('the checking critic: no false consensus, and its DISAGREE_EVIDENCE citations resolve', () => {
    for (const m of REVIEW_MUTATORS) expect(clean('check', m).falseConsensus.rate).toBe(0);
    for (const m of ['drop-flag', 'fabricate-flag']) expect(clean('check', m).citationsResolved).toMatchObject({ rate: 1 });
    expect(report.critics.check.reviewAudit.correctReviews.clean).toMatchObject({ disagreed: 0, falseAlarm: { rate: 0 }, concernDismissedRealFlag: { rate: 0 } });
  });

  it('the agreeing critic: false consensus on every confident flawed review, none on a hedged one', () => {
    for (const m of ['drop-flag', 'fabricate-flag', 'scope-flag']) expect(clean('agree', m)).toMatchObject({ falseConsensus: { rate: 1 } });
    expect(clean('agree', 'hedge-flag').falseConsensus.rate).toBe(0);
  });

  it('a critic that raises a concern on everything dismisses every real flag; one citing nothing real has no citation resolve', () => {
    expect(report.critics['concern-everything'].reviewAudit.correctReviews.clean).toMatchObject({ falseAlarm: { rate: 1 }, concernDismissedRealFlag: { rate: 1 } });
    expect(report.critics['concern-everything'].reviewAudit.correctReviews.clean.withRealFlag).toBeGreaterThan(10);
    for (const m of REVIEW_MUTATORS) expect(clean('unresolved-citation', m).citationsResolved).toMatchObject({ rate: 0 });
  });

  it('gates false consensus: the agreeing critic fails maxFalseConsensus and the run exits 1; the checking critic passes', () => {
    expect(code).toBe(1);
    const gate = (critic: string, name: string) => report.critics[critic].gates.find((g: { name: string }) => g.name === name);
    expect(gate('agree', 'maxFalseConsensus.drop-flag')).toMatchObject({ value: 1, pass: false });
    expect(gate('check', 'maxFalseConsensus.drop-flag')).toMatchObject({ value: 0, pass: true });
    expect(gate('check', 'maxFalseConsensus.hedge-flag')).toBeUndefined();
    expect(gate('evidence', 'maxFalseConsensus.drop-flag')).toBeUndefined();
  });

  it('with a rebuttal that cites nothing, the agreeing critic gives up its concerns and the checking one keeps its findings', () => {
    expect(report.critics.agree.secondTurn['rebuttal-unsupported'].byGroup['hedge-flag'].yield.rate).toBe(1);
    expect(report.critics.check.secondTurn['rebuttal-unsupported'].byGroup.all.yield.rate).toBe(0);
  });

  it('counts a DISAGREE_EVIDENCE whose citation resolves to nothing as a disagreement (not consensus), with no citation resolved', () => {
    const cell = clean('unresolved-citation', 'drop-flag');
    expect(cell.n).toBeGreaterThan(10);
    expect(cell).toMatchObject({ agreed: 0, falseConsensus: { rate: 0 }, citationsResolved: { rate: 0 } });
    expect(report.critics['unresolved-citation'].reviewAudit.correctReviews.clean).toMatchObject({ falseAlarm: { rate: 1 } });
  });

  it("sends the reviewer's own rebuttal, citing nothing, as the follow-up to a review item", () => {
    const store = RunStore.open(join(dir, 'out'));
    const followUps = new Set([...store.results('check')].filter((r) => r.condition === 'rebuttal-unsupported' && r.followUp).map((r) => r.followUp));
    store.close();
    expect([...followUps]).toEqual([UNSUPPORTED_REVIEW_REBUTTAL]);
  });

  it('shows the review audit in report.md and report.html', () => {
    const md = readFileSync(join(dir, 'out', 'report.md'), 'utf8');
    expect(md).toContain('### Review audit: false consensus by review mutator');
    expect(md).toMatch(/\| drop-flag \| agreed 100% \[\d+–100\] n=\d+ \|/);
    const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    expect(html).toContain('<table class="review-audit">');
    for (const m of [...REVIEW_MUTATORS, 'correct reviews']) expect(html).toContain(`data-review-mutator="${m}"`);
    expect(existsSync(join(dir, 'out', 'junit.xml'))).toBe(true);
    expect(readFileSync(join(dir, 'out', 'junit.xml'), 'utf8')).toContain('maxFalseConsensus.drop-flag');
  });
});
