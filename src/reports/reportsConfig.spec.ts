import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateMutationReport } from '../../test/support/mutationSchema.js';
import { main } from '../cli/main.js';

const FIXTURE = `fixtures:
  - id: leave
    kind: text
    task: How much leave do employees accrue?
    artifact: Employees accrue 28 days of annual leave each year, and up to 5 days may be carried over.
    evidence:
      - id: handbook
        text: Employees accrue 28 days of annual leave each year, and up to 5 days may be carried over.
    trace: Read the handbook; verified that employees accrue 28 days and may carry over up to 5 days.
`;

let dir: string;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'critic-audit-reports-config-'));
  mkdirSync(join(dir, 'suite'));
  writeFileSync(join(dir, 'suite', 'a.yaml'), FIXTURE);
  stderr = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void stderr.push(args.join(' ')));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function run(reports: string, conditions = '[clean, with-trace]'): Promise<number> {
  // The mutators a claim-by-claim checker catches every time: not claim-insertion's condition sentence, which holds no number or name.
  writeFileSync(
    join(dir, 'critic.config.yaml'),
    `fixtures: [suite]\nmutators: [number-flip, qualifier-deletion, negation, unit-swap]\nconditions: ${conditions}\ncritic:\n  name: trusting\n  provider: builtin:trace-trusting\n${reports}`,
  );
  return main(['run', '--no-cache', '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out')]);
}
const read = (file: string) => JSON.parse(readFileSync(join(dir, 'out', file), 'utf8'));
const statuses = (report: any) =>
  Object.values<any>(report.files)
    .flatMap((f) => f.mutants.map((m: any) => m.status))
    .filter((s: string) => s !== 'Ignored');

describe('reports config', () => {
  it('writes report.html, mutation.json and mutation.html for the clean condition by default', async () => {
    expect(await run('')).toBe(0);
    for (const file of ['report.html', 'mutation.json', 'mutation.html']) expect(existsSync(join(dir, 'out', file)), file).toBe(true);
    expect(existsSync(join(dir, 'out', 'mutation.clean.json'))).toBe(false);
    const mutation = read('mutation.json');
    expect(validateMutationReport(mutation)).toEqual([]);
    expect(mutation.config.condition).toBe('clean');
    // The trace-trusting critic catches every mutant sealed...
    expect(new Set(statuses(mutation))).toEqual(new Set(['Killed']));
  });

  it('takes the primary condition from reports.primaryCondition, and writes one file per condition when asked; `report DIR` rebuilds them', async () => {
    expect(await run('reports: {primaryCondition: with-trace, mutationReportPerCondition: true}\n')).toBe(0);
    // ...and approves every one once the worker's trace is attached.
    expect(new Set(statuses(read('mutation.json')))).toEqual(new Set(['Survived']));
    expect(new Set(statuses(read('mutation.with-trace.json')))).toEqual(new Set(['Survived']));
    expect(new Set(statuses(read('mutation.clean.json')))).toEqual(new Set(['Killed']));
    expect(existsSync(join(dir, 'out', 'mutation.clean.html'))).toBe(true);
    for (const file of ['mutation.json', 'mutation.clean.json', 'mutation.with-trace.html', 'report.html']) rmSync(join(dir, 'out', file));
    await main(['report', join(dir, 'out')]);
    expect(new Set(statuses(read('mutation.json')))).toEqual(new Set(['Survived']));
    expect(existsSync(join(dir, 'out', 'mutation.clean.json'))).toBe(true);
    expect(existsSync(join(dir, 'out', 'mutation.with-trace.html'))).toBe(true);
    expect(existsSync(join(dir, 'out', 'report.html'))).toBe(true);
  });

  it.each([
    [
      'a condition the run does not have',
      'reports: {primaryCondition: prior-pass}\n',
      /critic\.config\.yaml:\d+ \(reports\.primaryCondition\): "prior-pass" is not one of the run's conditions \(clean, with-trace\)/,
    ],
    ['an unknown condition', 'reports: {primaryCondition: sealed}\n', /critic\.config\.yaml:\d+ \(reports\.primaryCondition\)/],
    ['an unknown key', 'reports: {primary: clean}\n', /critic\.config\.yaml:\d+ \(reports\.primary\): unknown key "primary"/],
  ])('rejects %s with exit 2, naming the field', async (_name, reports, message) => {
    expect(await run(reports)).toBe(2);
    expect(stderr.join('\n')).toMatch(message);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
