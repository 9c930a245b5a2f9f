import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { AuditReport } from '../../src/reports/types.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/**
 * The README's worked example, "Audit your own critic", done as the README
 * says: `init`, the starter fixtures removed, the README's files written (each
 * code block whose first line is `# file: PATH` or `// file: PATH`), then
 * `check` and `run`. The figures the README quotes are held here.
 */
const readme = readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8');

function exampleFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, body] of readme.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)) {
    const path = /^(?:#|\/\/) file: (\S+)\n/.exec(body!)?.[1];
    if (path) files.set(path, body!);
  }
  return files;
}

/** `main` in this process, its console captured. */
async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void lines.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return { code: await main(argv), out: lines.join('\n') };
  } finally {
    log.mockRestore();
  }
}

let dir: string | undefined;

/** The README's audit as a reader builds it: `init`, then its example fixtures and critic in place of the starter's. */
async function exampleAudit(): Promise<{ audit: string; config: string }> {
  dir = mkdtempSync(join(tmpdir(), 'critic-audit-readme-'));
  const audit = join(dir, 'my-audit');
  expect((await cli('init', '--dir', audit)).code).toBe(0);
  rmSync(join(audit, 'fixtures/examples.yaml'));
  for (const [path, text] of exampleFiles()) writeFileSync(join(audit, path), text);
  return { audit, config: join(audit, 'critic.config.yaml') };
}
afterEach(() => {
  vi.restoreAllMocks();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the README's worked example", () => {
  it('writes the fixtures, the critic and the config it shows', () => {
    expect([...exampleFiles().keys()].sort()).toEqual(['critic.config.yaml', 'critic.mjs', 'fixtures/tariff.yaml']);
  });

  it('runs as written: check lists what the README shows, run exits 1 with the figures the README reads', async () => {
    const { audit, config } = await exampleAudit();

    const check = await cli('check', '--config', config);
    expect(check.code).toBe(0);
    const shown = /`check` prints[^\n]*\n\n```\n([\s\S]*?)```/.exec(readme)![1]!;
    for (const line of shown.split('\n').filter((l) => l.trim() && l.trim() !== '...')) expect(check.out).toContain(line);

    const out = join(audit, 'reports', 'run');
    expect((await cli('run', '--config', config, '--out', out, '--no-cache')).code).toBe(1);
    const report: AuditReport = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const critic = report.critics['my-critic']!;
    expect(critic.verdicts.reviews).toBe(136);
    expect(report.mutants).toMatchObject({ valid: 26, ignored: 4 });
    const gate = (name: string) => critic.gates.find((g) => g.name === name)!;
    expect(gate('catchRate.number-flip')).toMatchObject({ value: 8 / 10, pass: true });
    for (const missed of ['entity-swap', 'qualifier-deletion', 'unit-swap', 'claim-omission']) expect(gate(`catchRate.${missed}`)).toMatchObject({ value: 0, pass: false });
    expect(gate('maxFalseAlarmRate')).toMatchObject({ value: 1 / 8, pass: false });
    expect(gate('maxAnchoringDrop')).toMatchObject({ value: 10 / 26, pass: false, effect: { n: 26, b: 10, c: 0 } });
    expect(gate('catchRate.negation')).toMatchObject({ value: null, status: 'no-data' });
    expect(critic.echo['with-trace']).toMatchObject({ rate: 1, echoing: true });
    expect(critic.byMutator['number-flip']!.clean!.unlocated).toBe(0);
    expect(critic.byMutator['date-shift']!.clean).toMatchObject({ rate: 2 / 6, unlocated: 1 });
  });

  it('its critic reviews blind requests, which carry no evidence, when blind is added as its next steps say', async () => {
    expect(readme).toMatch(/\*\*Next steps\*\*[^\n]*add `blind` to the conditions/);
    const { audit, config } = await exampleAudit();
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^conditions: .*$/m, 'conditions: [clean, blind]'));

    const out = join(audit, 'reports', 'blind');
    expect((await cli('run', '--config', config, '--out', out, '--no-cache')).code).toBe(1);
    const report: AuditReport = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.conditions).toEqual(['clean', 'blind']);
    expect(report.critics['my-critic']!.verdicts.errors).toBe(0);
  });
});
