import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';
import { LEAVE_FIXTURE_YAML } from '../support/textFixture.js';

/** What a run folder holds across invocations: a resume of another audit refused, naming what changed. */

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
    expect(resumed.stderr).toMatch(/different audit: mutators added entity-swap, removed negation; critic checker: verdict null → "claims"; run it/);
  });

  it('a fixture whose content changed, by its id', async () => {
    const { dir, config } = audit();
    const out = join(dir, 'out');
    expect((await runCli('run', '--config', config, '--out', out, '--no-cache')).code).toBe(0);
    writeFileSync(join(dir, 'leave.yaml'), LEAVE_FIXTURE_YAML.replaceAll('28 days', '30 days'));
    const resumed = await runCli('run', '--config', config, '--resume', out, '--no-cache');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/different audit: fixture changed: leave; run it/);
  });
});
