import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';

/**
 * Seed 002's `hidden_fixture_is_editable_by_author`: the held-out checks'
 * digests are pinned when the labels are verified; a check changed after is
 * bad input on resume and on report (the report written first, its independence
 * row failed), and no request carries a check's text.
 */

const CLAMP = `fixtures:
  - id: clamp
    kind: code
    language: typescript
    task: |
      /** Limits x to the interval [lo, hi]. */
    artifact: |
      export function clamp(x: number, lo: number, hi: number): number {
        if (x < lo) return lo;
        if (x > hi) return hi;
        return x;
      }
    checks:
      - expr: "clamp(-3, 0, 10)"
        equals: 0
      - expr: "clamp(12, 0, 10)"
        equals: 10
      - expr: "clamp(10, 0, 10)"
        equals: 10
    trace: |
      Returned the nearer bound outside the interval.
`;

const PASSING_CRITIC = `import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, reply: 'VERDICT: PASS' }) + '\\n');
}
`;

function audit(conditions = '[clean]'): { dir: string; config: string; out: string; suite: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-held-out-'));
  const suite = join(dir, 'clamp.yaml');
  writeFileSync(suite, CLAMP);
  writeFileSync(join(dir, 'critic.mjs'), PASSING_CRITIC);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [clamp.yaml]\nseed: 3\nmutators: [comparison-boundary]\nconditions: ${conditions}\ncritic:\n  name: passer\n  provider: exec\n  mode: persistent\n  command: [node, critic.mjs]\n`,
  );
  return { dir, config, out: join(dir, 'out'), suite };
}

describe('held-out checks (seed 002: hidden_fixture_is_editable_by_author)', () => {
  it('are pinned in the manifest; one edited after verification is bad input on report and on resume, naming fixture, file, line and field', async () => {
    const { config, out, suite } = audit();
    const first = await runCli('run', '--config', config, '--out', out, '--no-cache');
    expect(first.code, first.stderr).not.toBe(2);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.fixtures[0].heldOutChecks).toHaveLength(3);
    expect(manifest.fixtures[0].heldOutChecks.every((d: string) => /^[0-9a-f]{64}$/.test(d))).toBe(true);
    expect((await runCli('report', out)).code).not.toBe(2);
    const isolation = () => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).independence.passer.find((r: { case: string }) => r.case === 'hidden_fixture_is_editable_by_author');
    expect(isolation()).toMatchObject({ expect: 'fail_test_isolation_check', result: 'pass', evidence: expect.stringMatching(/^3 held-out checks of the 1 fixtures reviewed pinned/) });

    // The second check edited in the fixture file (line 16 holds its \`- expr:\`), still one the reference passes.
    writeFileSync(suite, CLAMP.replace('"clamp(12, 0, 10)"', '"clamp(11, 0, 10)"'));
    const reported = await runCli('report', out);
    expect(reported.code).toBe(2);
    expect(reported.stderr).toContain(`${suite}:16 (fixtures[0].checks[1]): fixture "clamp": held-out check 2 (\`clamp(11, 0, 10)\`) changed`);
    expect(reported.stderr).toMatch(/since its labels were verified \(found when the run was reported\)/);
    // The reports are written first, the independence eval failed, naming the check (seed 002: fail_test_isolation_check).
    expect(isolation()).toMatchObject({ result: 'fail', evidence: expect.stringContaining(`isolation check failed: ${suite}:16 (fixtures[0].checks[1]): fixture "clamp": held-out check 2`) });
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/\| passer \| `hidden_fixture_is_editable_by_author` \| `fail_test_isolation_check` \| ❌ fail \| isolation check failed/);
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(`${suite}:16 (fixtures[0].checks[1]): fixture "clamp": held-out check 2`);
    expect(resumed.stderr).toMatch(/\(found by this resume\)/);
  }, 60_000);

  it('are never sent: a request carrying one is refused before any review is sent (exit 2), naming the check', async () => {
    const { config, out, suite, dir } = audit('[clean, with-trace]');
    writeFileSync(suite, CLAMP.replace('Returned the nearer bound outside the interval.', 'Checked clamp(12, 0, 10) returns 10.'));
    const run = await runCli('run', '--config', config, '--out', out, '--no-cache');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${suite}:16 (fixtures[0].checks[1].expr): the with-trace request for item clamp (fixture "clamp") carries held-out check 2's text`);
    // Refused before the first review: the critic never answered (it would have written no file either way, so the store says it).
    expect(run.stderr).toMatch(/it was not sent/);
    expect(existsSync(join(dir, 'out', 'report.json'))).toBe(false);
  }, 60_000);
});
