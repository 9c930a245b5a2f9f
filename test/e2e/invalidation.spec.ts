import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../src/reports/types.js';
import { runCli } from '../support/cliRun.js';

/**
 * Seed 002's `patch_changes_after_pass_one`: every stored verdict is bound to
 * the digest of the request it answered, so a fixture edited between runs of
 * one folder invalidates exactly its reviews, which the resume makes again.
 */

const FIXTURES = `fixtures:
  - id: leave
    kind: text
    task: How much leave?
    artifact: Employees accrue 28 days of leave each year.
    evidence:
      - id: handbook
        text: Employees accrue 28 days of leave each year.
  - id: notice
    kind: text
    task: How much notice?
    artifact: Staff must give 4 weeks of notice before they leave.
    evidence:
      - id: policy
        text: Staff must give 4 weeks of notice before they leave.
`;

/** Logs every artifact it is sent (one line each) and answers with the verdict the VERDICT file holds now. */
const COUNTING_CRITIC = `import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  const { id, request } = JSON.parse(line);
  appendFileSync('calls.log', JSON.stringify(request.artifact) + '\\n');
  process.stdout.write(JSON.stringify({ id, reply: 'Checked.\\nVERDICT: ' + readFileSync('verdict.txt', 'utf8').trim() }) + '\\n');
}
`;

/** Answers FAIL to every turn whose request mentions what fail-on.txt holds now, PASS to the others: its verdicts depend on the request alone. */
const MATCHING_CRITIC = `import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  const { id, request } = JSON.parse(line);
  const verdict = JSON.stringify(request).includes(readFileSync('fail-on.txt', 'utf8').trim()) ? 'FAIL' : 'PASS';
  process.stdout.write(JSON.stringify({ id, reply: 'Checked.\\nVERDICT: ' + verdict }) + '\\n');
}
`;

function audit(critic = ''): { dir: string; config: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-invalidation-'));
  writeFileSync(join(dir, 'suite.yaml'), FIXTURES);
  writeFileSync(join(dir, 'critic.mjs'), COUNTING_CRITIC);
  writeFileSync(join(dir, 'verdict.txt'), 'PASS');
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [suite.yaml]\nseed: 3\nrepeats: 1\nmutators: [number-flip]\nconditions: [clean]\ncritic:\n  name: counter\n  provider: exec\n  mode: persistent\n  command: [node, critic.mjs]\n${critic}`,
  );
  return { dir, config, out: join(dir, 'out') };
}

/** A run of MATCHING_CRITIC of the suite as `fixtures` says, under clean and a second turn (rebuttal-unsupported, after a FAIL) unless `reviews` says otherwise. */
function secondTurnAudit(fixtures: string, failOn: string, reviews = 'conditions: [clean, rebuttal-unsupported]'): { dir: string; config: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-invalidation-'));
  writeFileSync(join(dir, 'suite.yaml'), fixtures);
  writeFileSync(join(dir, 'critic.mjs'), MATCHING_CRITIC);
  writeFileSync(join(dir, 'fail-on.txt'), failOn);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [suite.yaml]\nseed: 3\nrepeats: 1\nmutators: [number-flip]\n${reviews}\ncritic:\n  name: counter\n  provider: exec\n  mode: persistent\n  command: [node, critic.mjs]\n`,
  );
  return { dir, config, out: join(dir, 'out') };
}

const calls = (dir: string) =>
  readFileSync(join(dir, 'calls.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as string);
const report = (out: string) => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as AuditReport;

describe('a fixture edited between runs of one folder (seed 002: patch_changes_after_pass_one)', () => {
  it('is re-reviewed on resume, exactly its items, listed in `invalidated`, and the rates come from the fresh reviews', async () => {
    const { dir, config, out } = audit();
    const first = await runCli('run', '--config', config, '--out', out, '--no-cache');
    expect(first.code, first.stderr).toBe(0);
    const firstCalls = calls(dir).length;
    const before = report(out);
    expect(firstCalls).toBe(2 + before.mutants.valid);
    expect(before.critics.counter!.pooled.clean).toMatchObject({ n: 4, caught: 0 });
    expect(before.invalidated).toBeUndefined();
    const patchRow = (r: AuditReport) => r.independence['counter']!.find((row) => row.case === 'patch_changes_after_pass_one')!;
    expect(patchRow(before).result).toBe('not-applicable');

    // The notice fixture's answer edited: its original and its mutants now read otherwise; leave's do not.
    writeFileSync(join(dir, 'suite.yaml'), FIXTURES.replaceAll('4 weeks', '6 weeks'));
    writeFileSync(join(dir, 'verdict.txt'), 'FAIL');
    // Reported before a resume, the edit is seen by the resume's rule: notice's stored reviews are invalidated, listed,
    // left out of every rate (leave's two mutants and its original remain), and the run is incomplete until resumed.
    const reported = await runCli('report', out);
    expect(reported.code, reported.stderr).toBe(1);
    expect(reported.stderr).toMatch(/fixture notice edited since the run reviewed it: 3 stored reviews invalidated and left out of every rate; review them again with run --resume /);
    const stale = report(out);
    expect(stale).toMatchObject({ complete: false, passed: false });
    expect(stale.invalidated!.map((r) => [r.itemId === 'notice' ? 'notice' : 'old mutant', r.reReviewed]).sort()).toEqual([
      ['notice', false],
      ['old mutant', false],
      ['old mutant', false],
    ]);
    expect(stale.critics.counter!.pooled.clean).toMatchObject({ n: 2, caught: 0 });
    expect(stale.critics.counter!.falseAlarms.clean).toMatchObject({ n: 1, flagged: 0 });
    expect(stale.warnings).toContainEqual(expect.stringMatching(/^3 stored reviews were invalidated: .*fixture notice edited .*; 1 not reviewed again yet: review it again with run --resume DIR$/));
    expect(patchRow(stale)).toMatchObject({ result: 'fail', evidence: expect.stringMatching(/1 not reviewed again yet/) });
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code, resumed.stderr).toBe(0);
    // Exactly the edited fixture's items: its original (request changed) and the mutants of its new answer (new items).
    expect(calls(dir).slice(firstCalls).sort()).toEqual([
      'Staff must give 4 weeks of notice before they leave.',
      'Staff must give 6 weeks of notice before they leave.',
      'Staff must give 8 weeks of notice before they leave.',
    ]);
    const after = report(out);
    const invalidated = after.invalidated!;
    // The original, bound to a new request; the old answer's mutants, no longer planned (no new digest).
    expect(invalidated.map((r) => [r.itemId === 'notice' ? 'notice' : 'old mutant', r.critic, r.condition, r.staleVerdict, r.reReviewed, r.newRequestDigest === null])).toEqual(
      expect.arrayContaining([['notice', 'counter', 'clean', 'PASS', true, false]]),
    );
    // notice's two mutants of its old answer (4 → 3, 4 → 6), besides the original.
    expect(invalidated).toHaveLength(3);
    expect(invalidated.every((r) => r.oldRequestDigest !== r.newRequestDigest && (r.itemId === 'notice' || r.newRequestDigest === null))).toBe(true);
    expect(after.warnings.some((w) => /3 stored reviews were invalidated.*count in no rate/.test(w))).toBe(true);
    // Seed 002's eval: invalidated and made again.
    expect(patchRow(after)).toMatchObject({
      expect: 'invalidate_verdict_and_re-evaluate',
      result: 'pass',
      evidence: '3 stored verdicts answered a request that changed since (a fixture edited between runs), each counted in no rate; 1 reviewed again, 2 of items no longer planned',
    });
    // The fresh reviews (all FAIL) count; notice's stale PASS verdicts count nowhere; leave's stored PASS stand.
    const critic = after.critics.counter!;
    expect(critic.falseAlarms.clean).toMatchObject({ n: 2, flagged: 1 });
    expect(critic.pooled.clean).toMatchObject({ n: 4, caught: 2 });

    // An unchanged resume reviews nothing again.
    const settled = calls(dir).length;
    await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(calls(dir).length).toBe(settled);
    expect(report(out).invalidated).toEqual(after.invalidated);
  });

  it("with tools: {evidence: search}, an edit to the suite's evidence invalidates every review that could search it, the other fixture's too", async () => {
    // The critic is offered search_evidence and read_evidence over the suite's corpus (both fixtures' passages) and calls neither.
    const { dir, config, out } = audit('  tools: {evidence: search}\n');
    const first = await runCli('run', '--config', config, '--out', out, '--no-cache');
    expect(first.code, first.stderr).toBe(0);
    const firstCalls = calls(dir).length;
    expect(firstCalls).toBe(2 + report(out).mutants.valid);

    // Only notice's answer and passage edited, but the corpus a review searches is the suite's: leave's reviews were offered the old passage.
    writeFileSync(join(dir, 'suite.yaml'), FIXTURES.replaceAll('4 weeks', '6 weeks'));
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = report(out);
    // Every item of the suite reviewed again: leave's as before (same artifact, a new corpus), notice's of its new answer.
    expect(calls(dir).length - firstCalls).toBe(2 + after.mutants.valid);
    expect(calls(dir).slice(firstCalls)).toEqual(expect.arrayContaining(['Employees accrue 28 days of leave each year.', 'Staff must give 6 weeks of notice before they leave.']));
    // Bound to a new request: leave's original and its two mutants (the corpus changed) and notice's original; notice's old mutants are no longer planned.
    const rebound = after.invalidated!.filter((r) => r.newRequestDigest !== null);
    expect(rebound).toHaveLength(4);
    expect(rebound.map((r) => r.itemId)).toEqual(expect.arrayContaining(['leave', 'notice']));
    expect(rebound.every((r) => r.reReviewed)).toBe(true);
  });

  it('under `report DIR`, the second turns of an edited item are invalidated with its first turn and left out of their rates; the resume makes them again as an uninterrupted run would', async () => {
    const { dir, config, out } = secondTurnAudit(FIXTURES, 'weeks');
    const first = await runCli('run', '--config', config, '--out', out, '--no-cache');
    expect(first.code, first.stderr).toBe(0);
    // notice's answer FAILs and is rebutted (the critic holds it); leave's PASS stands, recorded without asking.
    expect(report(out).critics.counter!.falseAlarms['rebuttal-unsupported']).toMatchObject({ n: 2, flagged: 1 });

    // notice's answer edited, and the critic now flags every turn that mentions the new figure only.
    const edited = FIXTURES.replaceAll('4 weeks', '6 weeks');
    writeFileSync(join(dir, 'suite.yaml'), edited);
    writeFileSync(join(dir, 'fail-on.txt'), '6 weeks');
    const reported = await runCli('report', out);
    expect(reported.code, reported.stderr).toBe(1);
    const stale = report(out);
    // notice's second turn went with its first: neither counts, under either condition; leave's stand.
    const original = stale.invalidated!.filter((r) => r.itemId === 'notice');
    expect(original.map((r) => [r.condition, r.staleVerdict, r.reReviewed, r.newRequestDigest === null, r.awaitsFirstTurn ?? false]).sort()).toEqual([
      ['clean', 'FAIL', false, false, false],
      ['rebuttal-unsupported', 'FAIL', false, true, true],
    ]);
    expect(stale.critics.counter!.falseAlarms['rebuttal-unsupported']).toMatchObject({ n: 1, flagged: 0 });
    expect(stale.critics.counter!.falseAlarms.clean).toMatchObject({ n: 1, flagged: 0 });
    expect(stale.warnings).toContainEqual(expect.stringMatching(/; 2 not reviewed again yet: review them again with run --resume DIR$/));

    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = report(out);
    expect(after.invalidated!.filter((r) => r.itemId === 'notice').every((r) => r.reReviewed && r.newRequestDigest !== null)).toBe(true);
    // The same figures as a run of the edited suite from the start.
    const fresh = secondTurnAudit(edited, '6 weeks');
    const uninterrupted = await runCli('run', '--config', fresh.config, '--out', fresh.out, '--no-cache');
    expect(uninterrupted.code, uninterrupted.stderr).toBe(0);
    const expected = report(fresh.out).critics.counter!;
    expect(after.critics.counter!.falseAlarms).toEqual(expected.falseAlarms);
    expect(after.critics.counter!.pooled).toEqual(expected.pooled);
    expect(after.critics.counter!.falseAlarms['rebuttal-unsupported']).toMatchObject({ n: 2, flagged: 1 });
  });

  it('under `report DIR`, the loop rounds of an edited item are invalidated with its first turn; the resume makes them again as an uninterrupted run would', async () => {
    const loop = 'conditions: [clean]\nloop: {rounds: 2, falseFixShare: 0.5}';
    const { dir, config, out } = secondTurnAudit(FIXTURES, 'weeks', loop);
    const first = await runCli('run', '--config', config, '--out', out, '--no-cache');
    expect(first.code, first.stderr).toBe(0);
    // notice's task edited, not its answer: its mutants are the same items, asked another question, their loop rounds continuing the old one.
    const edited = FIXTURES.replace('How much notice?', 'How much notice, in weeks?');
    writeFileSync(join(dir, 'suite.yaml'), edited);
    const reported = await runCli('report', out);
    expect(reported.code, reported.stderr).toBe(1);
    const rounds = report(out).invalidated!.filter((r) => r.condition.startsWith('loop-round-'));
    // Both of notice's mutants were rejected and looped.
    expect(rounds).toHaveLength(2);
    expect(rounds.every((r) => r.awaitsFirstTurn && !r.reReviewed && r.newRequestDigest === null)).toBe(true);

    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = report(out);
    expect(after.invalidated!.every((r) => r.reReviewed && r.newRequestDigest !== null)).toBe(true);
    const fresh = secondTurnAudit(edited, 'weeks', loop);
    const uninterrupted = await runCli('run', '--config', fresh.config, '--out', fresh.out, '--no-cache');
    expect(uninterrupted.code, uninterrupted.stderr).toBe(0);
    const expected = report(fresh.out).critics.counter!;
    expect(after.critics.counter!.pooled).toEqual(expected.pooled);
    expect(after.critics.counter!.loop).toEqual(expected.loop);
  });
});
