import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { runCliAsProcess } from '../support/cliRun.js';

/** `critic-audit init` in an empty folder, then `critic-audit run` on what it wrote, as a newcomer would. */

const BIN = join(PACKAGE_ROOT, 'bin', 'critic-audit.js');
const WRITTEN = ['critic.config.yaml', 'critic.mjs', 'fixtures/examples.yaml', 'prompts/critic.md', 'CRITIC-AUDIT.md'];

/** The CLI through bin/critic-audit.js in a process of its own, as a newcomer types it. */
function cli(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The CLI in this process (runCliAsProcess: the modules and word lists load once), from `cwd`: for the commands after `init`. */
async function inProcess(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runCliAsProcess(args, { cwd });
  return { code, output: `${stdout}${stderr}` };
}

describe('critic-audit init', () => {
  for (const kind of ['text', 'code']) {
    it(`--kind ${kind}: writes a starter audit that passes its own check --strict and runs as is, to a report`, { timeout: 120_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'critic-audit-init-'));
      const init = await cli(['init', '--kind', kind], dir);
      expect(init.code, init.output).toBe(0);
      for (const file of WRITTEN) expect(existsSync(join(dir, file)), file).toBe(true);
      expect(readFileSync(join(dir, 'critic.config.yaml'), 'utf8')).toMatch(/# - name: model\n +# +provider: openai/);
      expect(readFileSync(join(dir, 'fixtures/examples.yaml'), 'utf8')).toMatch(new RegExp(`kind: ${kind}`));

      const strict = await inProcess(['check', '--strict'], dir);
      expect(strict.code, strict.output).toBe(0);

      const run = await inProcess(['run', '--out', 'out'], dir);
      expect([0, 1], run.output).toContain(run.code);
      const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
      expect(report.critics.starter.verdicts.errors).toBe(0);
      expect(report.critics.starter.verdicts.verdicts).toBeGreaterThan(0);
    });
  }

  it('the starter critic answers requests without evidence: a run under blind ends with no failed review', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'critic-audit-init-'));
    expect((await inProcess(['init'], dir)).code).toBe(0);
    const config = join(dir, 'critic.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^conditions: .*$/m, 'conditions: [clean, blind]'));
    const run = await inProcess(['run', '--out', 'out'], dir);
    expect([0, 1], run.output).toContain(run.code);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
    expect(report.conditions).toContain('blind');
    expect(report.critics.starter.verdicts).toMatchObject({ errors: 0 });
  });

  it('prints a next command that starts critic-audit from the shell init ran in', { timeout: 30_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'critic-audit-init-'));
    const init = execFileSync(process.execPath, [BIN, 'init', '--dir', 'my audit'], { cwd: dir, encoding: 'utf8' });
    const next = init.match(/^next: (.+) {3}\(see CRITIC-AUDIT\.md\)$/m)?.[1];
    expect(next, init).toMatch(/^cd 'my audit' && .+ run$/);
    expect(readFileSync(join(dir, 'my audit', 'CRITIC-AUDIT.md'), 'utf8')).toContain(`${next!.replace(/^cd .+? && /, '')} --dry-run`);
    // Its dry run, offline: a command naming an unpublished package fails here instead of asking the registry.
    const plan = execFileSync('sh', ['-c', `${next} --dry-run`], { cwd: dir, env: { ...process.env, npm_config_offline: 'true', FORCE_COLOR: '0' }, encoding: 'utf8', stdio: 'pipe' });
    expect(plan).toMatch(/starter/);
  });

  it('refuses to overwrite, naming the files already there, and writes nothing', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'critic-audit-init-'));
    writeFileSync(join(dir, 'critic.config.yaml'), 'mine\n');
    const { code, output } = await inProcess(['init'], dir);
    expect(code).toBe(2);
    expect(output).toMatch(/init writes nothing over existing files; already here: critic\.config\.yaml/);
    expect(readFileSync(join(dir, 'critic.config.yaml'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(dir, 'critic.mjs'))).toBe(false);
  });

  it('refuses an unknown kind', async () => {
    const { code, output } = await inProcess(['init', '--kind', 'image'], mkdtempSync(join(tmpdir(), 'critic-audit-init-')));
    expect(code).toBe(2);
    expect(output).toMatch(/--kind.*must be text or code/);
  });
});
