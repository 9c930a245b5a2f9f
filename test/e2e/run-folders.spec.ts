import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCli } from '../support/cliRun.js';
import { LEAVE_FIXTURE_YAML } from '../support/textFixture.js';

/** What run folders hold across invocations: a resume of another audit refused, naming what changed (a fixture edit alone is not: invalidation.spec.ts); reports/latest on the newest run that measured something. */

const CONFIG = {
  fixtures: 'fixtures: [leave.yaml]',
  seed: 'seed: 3',
  repeats: 'repeats: 1',
  mutators: 'mutators: [number-flip, negation]',
  critic: 'critic:\n  name: checker\n  provider: builtin:evidence-check',
};

/** A folder with a one-fixture text audit reviewed by the built-in evidence checker; `changed` replaces parts of its config. */
function audit(changed: Partial<typeof CONFIG> = {}, dir = mkdtempSync(join(tmpdir(), 'critic-audit-run-folders-'))): { dir: string; config: string } {
  writeFileSync(join(dir, 'leave.yaml'), LEAVE_FIXTURE_YAML);
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(config, `${Object.values({ ...CONFIG, ...changed }).join('\n')}\nconditions: [clean]\n`);
  return { dir, config };
}

describe('a refused --resume names what changed', () => {
  it('each setting that changed, with its old and new value, and nothing that did not', async () => {
    const { dir, config } = audit();
    const out = join(dir, 'out');
    expect((await runCli('run', '--config', config, '--out', out, '--no-cache')).code).toBe(0);
    audit({ seed: 'seed: 4', repeats: 'repeats: 2' }, dir);
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/this run folder holds a different audit: seed 3 → 4; repeats 1 → 2; run it as it was started, or choose another folder/);
  });

  it('the mutators added or removed, and a critic whose identity changed', async () => {
    const { dir, config } = audit();
    const out = join(dir, 'out');
    expect((await runCli('run', '--config', config, '--out', out, '--no-cache')).code).toBe(0);
    audit({ mutators: 'mutators: [number-flip, entity-swap]', critic: 'critic:\n  name: checker\n  provider: builtin:evidence-check\n  verdict: claims' }, dir);
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/different audit: mutators added entity-swap, removed negation; critic checker: verdict \(none\) → "claims"; run it/);
  });

  it('a fixture whose content changed, by its id, when a setting changed too (a fixture edit alone invalidates its reviews: invalidation.spec.ts)', async () => {
    const { dir, config } = audit();
    const out = join(dir, 'out');
    expect((await runCli('run', '--config', config, '--out', out, '--no-cache')).code).toBe(0);
    writeFileSync(join(dir, 'leave.yaml'), LEAVE_FIXTURE_YAML.replaceAll('28 days', '30 days'));
    audit({ seed: 'seed: 4' }, dir);
    writeFileSync(join(dir, 'leave.yaml'), LEAVE_FIXTURE_YAML.replaceAll('28 days', '30 days'));
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/different audit: fixture changed: leave; seed 3 → 4; run it/);
  });
});

describe('reports/latest', () => {
  const UNREACHABLE = 'critic:\n  name: checker\n  provider: exec\n  command: [critic-audit-no-such-program]';
  const runs = (dir: string) => readdirSync(join(dir, 'reports')).filter((name) => name !== 'latest');
  // Each run's folder is named by its start time to the millisecond.
  const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('stays on the newest run that measured something when a run measures nothing, and that run says where its report is', async () => {
    const { dir, config } = audit();
    expect((await runCli('run', '--config', config, '--no-cache')).code).toBe(0);
    const [measured] = runs(dir);
    expect(readlinkSync(join(dir, 'reports', 'latest'))).toBe(measured);

    await nextMillisecond();
    audit({ critic: UNREACHABLE }, dir);
    const unreachable = await runCli('run', '--config', config, '--no-cache');
    expect(unreachable.code).toBe(3);
    const nothing = runs(dir).find((name) => name !== measured)!;
    expect(existsSync(join(dir, 'reports', nothing, 'report.md'))).toBe(true);
    expect(readlinkSync(join(dir, 'reports', 'latest'))).toBe(measured);
    expect(unreachable.stderr).toContain(`this run measured nothing (no review ended in a verdict); its report: ${join(dir, 'reports', nothing, 'report.md')}`);
    expect(unreachable.stderr).toMatch(new RegExp(`reports/latest still points at ${measured}, the newest run that measured something`));

    await nextMillisecond();
    audit({}, dir);
    expect((await runCli('run', '--config', config, '--no-cache')).code).toBe(0);
    const newest = runs(dir).sort().at(-1);
    expect(readlinkSync(join(dir, 'reports', 'latest'))).toBe(newest);
  });

  it('moves to an interrupted run that measured something, and the run says latest now points at an incomplete run', async () => {
    const { dir, config } = audit();
    expect((await runCli('run', '--config', config, '--no-cache')).code).toBe(0);
    await nextMillisecond();
    // Answers two reviews, then interrupts the CLI that started it as Ctrl-C pressed twice would: the second stops the
    // reviews in flight at once instead of after the grace period the first gives them (5 s of the suite's time).
    writeFileSync(
      join(dir, 'interrupting-critic.mjs'),
      `import { createInterface } from 'node:readline';
      let reviews = 0;
      createInterface({ input: process.stdin }).on('line', (line) => {
        if (++reviews === 3) {
          process.kill(process.ppid, 'SIGINT');
          setTimeout(() => process.kill(process.ppid, 'SIGINT'), 200);
        }
        if (reviews < 3) process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, reply: 'VERDICT: FAIL' }) + '\\n');
      });`,
    );
    audit({ critic: 'critic:\n  name: checker\n  provider: exec\n  mode: persistent\n  command: [node, interrupting-critic.mjs]' }, dir);
    const interrupted = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bin', 'critic-audit.js'), 'run', '--config', config, '--no-cache'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
      timeout: 25_000,
    });
    expect(interrupted.status, interrupted.stderr).toBe(130);
    const newest = runs(dir).sort().at(-1)!;
    expect(readlinkSync(join(dir, 'reports', 'latest'))).toBe(newest);
    expect(interrupted.stderr).toContain(`reports/latest now points at ${newest}, an incomplete run (interrupted); its figures cover only the reviews that finished`);
  });

  it('is not made by a first run that measured nothing, which says so', async () => {
    const { dir, config } = audit({ critic: UNREACHABLE });
    const unreachable = await runCli('run', '--config', config, '--no-cache');
    expect(unreachable.code).toBe(3);
    expect(existsSync(join(dir, 'reports', 'latest'))).toBe(false);
    expect(unreachable.stderr).toMatch(/reports\/latest not made: no run here has measured anything yet/);
  });
});
