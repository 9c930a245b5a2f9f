import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { prepareRun } from '../audit.js';
import { loadConfig } from '../config/load.js';
import { CHECK_USAGE } from './check.js';
import { main } from './main.js';
import { CODE_FIXTURES, TEXT_FIXTURES } from '../../test/support/planSuite.js';
import { LEAVE_FIXTURE_YAML } from '../../test/support/textFixture.js';

/** A one-fixture code suite: a clamp with one held-out check. */
const CLAMP = `fixtures:
  - id: clamp
    kind: code
    language: typescript
    task: Clamp x into [lo, hi].
    artifact: |
      export function clamp(x: number, lo: number, hi: number): number {
        return x < lo ? lo : x > hi ? hi : x;
      }
    checks:
      - {expr: "clamp(5, 0, 3)", equals: 3}
`;

let dir: string;
let stdout: string[];
let stderr: string[];

/** Line 9 of the file holds the start of the artifact's last sentence, which no evidence sentence supports. */
const UNSUPPORTED = `fixtures:
  - id: refund-window
    kind: text
    task: How long do customers have to ask for a refund?
    artifact: >
      Customers may ask for a refund within 30 days
      of delivery. The Finance Team approves every
      refund above £500.
      Couriers collect parcels on 3 mornings a week.
    evidence:
      - id: policy
        text: >
          Customers may ask for a refund within 30 days of delivery.
          Any refund above £500 must be approved by the Finance Team.
`;

const CLEAN = LEAVE_FIXTURE_YAML;

function fixtureFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'critic-audit-check-'));
  stdout = [];
  stderr = [];
  vi.spyOn(console, 'log').mockImplementation((...args) => void stdout.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args) => void stderr.push(args.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe('critic-audit check', () => {
  it('counts the acceptance plans and authored mutants, and which wait for the sandbox', async () => {
    fixtureFile('code.yaml', CODE_FIXTURES);
    fixtureFile('text.yaml', TEXT_FIXTURES);
    expect(await main(['check', dir])).toBe(0);
    expect(stdout).toContain('acceptance plans: 2 fixtures (7 plan items); authored mutants: 2 text (judged at load), 3 code (verified by the held-out checks in the sandbox during `run`)');
  });

  it('names the file, the line and the sentence of an artifact sentence no evidence supports, and exits 0', async () => {
    const file = fixtureFile('refunds.yaml', UNSUPPORTED);
    expect(await main(['check', file])).toBe(0);
    const warnings = stdout.filter((l) => l.includes('not supported by the evidence: '));
    expect(warnings).toEqual([`${file}:9: fixture refund-window: artifact sentence not supported by the evidence: "Couriers collect parcels on 3 mornings a week."`]);
    expect(stdout).toContain('1 text fixture: 1 artifact sentence not supported by the evidence');
    expect(stderr).toEqual([]);
  });

  it('with --strict, exits 2 naming the file, line and field', async () => {
    const file = fixtureFile('refunds.yaml', UNSUPPORTED);
    expect(await main(['check', '--strict', file])).toBe(2);
    expect(stderr.join('\n')).toContain(`${file}:9 (fixtures[0].artifact): fixture refund-window: artifact sentence not supported by the evidence: "Couriers collect parcels`);
  });

  it('names a mutator with no sites, and one whose every site is ignored, with the reasons', async () => {
    const file = fixtureFile('refunds.yaml', UNSUPPORTED);
    await main(['check', file]);
    // Nothing for qualifier-deletion to delete: "within" of a deadline is date-shift's, and no other qualifier is written.
    expect(stdout).toContain('  qualifier-deletion: no usable site (no sites)');
    const courier = fixtureFile('courier.yaml', CLEAN.replace(/artifact: .*/, 'artifact: Couriers collect parcels on 3 mornings a week.'));
    stdout = [];
    await main(['check', courier]);
    expect(stdout).toContain('  number-flip: 2 sites, 0 valid, 2 ignored: no usable site (all 2 sites ignored: no evidence sentence supports this claim (2))');
  });

  it('says nothing about a clean fixture, and --strict passes with only usable mutators configured', async () => {
    fixtureFile('leave.yaml', CLEAN);
    const config = fixtureFile('critic.config.yaml', `fixtures: [leave.yaml]\nmutators: [number-flip]\ncritic: {provider: builtin:evidence-check}\n`);
    expect(await main(['check', '--strict', '--config', config])).toBe(0);
    expect(stdout).toEqual([
      '1 text fixture: every artifact sentence is supported by the evidence',
      'mutators over 1 text fixture (sites: distinct candidates; valid: the oracle finds the mutant wrong against the evidence):',
      '  number-flip: 2 sites, 2 valid, 0 ignored',
    ]);
    expect(stderr).toEqual([]);
  });

  it('with --strict, points a configured mutator without a usable site at its line in the config', async () => {
    fixtureFile('leave.yaml', CLEAN);
    const config = fixtureFile('critic.config.yaml', `fixtures: [leave.yaml]\nmutators:\n  - number-flip\n  - qualifier-deletion\ncritic: {provider: builtin:evidence-check}\n`);
    expect(await main(['check', '--strict', '--config', config])).toBe(2);
    expect(stderr.join('\n')).toContain(`${config}:4 (mutators[1]): mutator qualifier-deletion has no usable site in the checked fixtures (no sites)`);
  });

  it("counts code fixtures' sites without running the sandbox, and says so", async () => {
    const file = fixtureFile('clamp.yaml', CLAMP);
    expect(await main(['check', file])).toBe(0);
    expect(stdout.join('\n')).toMatch(/mutators over 1 code fixture \(site counts only: .*sandbox.*\):\n {2}arithmetic-operator: no usable site \(no sites\)\n {2}comparison-boundary: \d+ sites\n/);
    expect(stdout).toContain('text mutators not checked (no text fixtures): number-flip, entity-swap, qualifier-deletion, date-shift, negation, unit-swap, claim-omission, claim-insertion');
  });

  it('has a usage line for --help', () => {
    expect(CHECK_USAGE).toMatch(/^critic-audit check .*--strict.*FIXTURES/);
  });
});

describe('the same lint when run loads the fixtures', () => {
  const WARNING = 'fixture refund-window: artifact sentence not supported by the evidence: "Couriers collect parcels on 3 mornings a week."';

  it('warns on stderr, one line a sentence, and in report.json', async () => {
    const file = fixtureFile('refunds.yaml', UNSUPPORTED);
    const config = fixtureFile('critic.config.yaml', `fixtures: [refunds.yaml]\nmutators: [number-flip]\nconditions: [clean]\ncritic: {provider: builtin:evidence-check}\n`);
    const out = join(dir, 'out');
    await main(['run', '--config', config, '--out', out]);
    expect(stderr.filter((l) => l.includes('not supported'))).toEqual([`critic-audit: warning: ${file}:9: ${WARNING}`]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { warnings: string[] };
    expect(report.warnings).toContain(`${file}:9: ${WARNING}`);
  });

  it('warns about nothing when every sentence is supported', async () => {
    fixtureFile('leave.yaml', CLEAN);
    const config = fixtureFile('critic.config.yaml', `fixtures: [leave.yaml]\nmutators: [number-flip]\nconditions: [clean]\ncritic: {provider: builtin:evidence-check}\n`);
    const out = join(dir, 'out');
    await main(['run', '--config', config, '--out', out]);
    expect(stderr.filter((l) => l.includes('warning'))).toEqual([]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { warnings: string[] };
    expect(report.warnings.filter((w) => w.includes('not supported'))).toEqual([]);
  });
});

describe('a code fixture whose known-correct code does not parse', () => {
  /** Line 13 of the file holds `if (x > hi) {`, whose brace is never closed: the parser misses it at the artifact's end, line 16. */
  const MISSING_BRACE = `fixtures:
  - id: clamp
    kind: code
    language: typescript
    task: |
      /**
       * Limits x to the interval [lo, hi].
       * @example clamp(15, 0, 10) // 10
       */
    artifact: |
      export function clamp(x: number, lo: number, hi: number): number {
        if (x < lo) return lo;
        if (x > hi) {
          return hi;
        return x;
      }
    variants:
      - id: ternary
        artifact: |
          export function clamp(x: number, lo: number, hi: number): number {
            return x < lo ? lo : x > hi ? hi : x;
          }
    checks:
      - {expr: "clamp(-3, 0, 10)", equals: 0}
      - {expr: "clamp(12, 0, 10)", equals: 10}
`;
  const missingBrace = `fixture "clamp": the reference does not parse as TypeScript (line 7, column 1 of the artifact): '}' expected.`;
  const config = (fixtures: string) => fixtureFile('critic.config.yaml', `fixtures: [${fixtures}]\nmutators: [comparison-boundary]\nconditions: [clean]\ncritic: {provider: builtin:run-examples}\n`);

  it('is bad input for check (exit 2), naming the file, the line and the field', async () => {
    const file = fixtureFile('clamp.yaml', MISSING_BRACE);
    expect(await main(['check', file])).toBe(2);
    expect(stderr.join('\n')).toContain(`${file}:16 (fixtures[0].artifact): ${missingBrace}`);
  });

  it('is bad input for run (exit 2) before any review, and nothing is written as a run', async () => {
    const file = fixtureFile('clamp.yaml', MISSING_BRACE);
    const out = join(dir, 'out');
    expect(await main(['run', '--config', config('clamp.yaml'), '--out', out, '--no-cache'])).toBe(2);
    expect(stderr.join('\n')).toContain(`${file}:16 (fixtures[0].artifact): ${missingBrace}`);
    expect(existsSync(out)).toBe(false);
  });

  it('points a stray token in a variant at its own line', async () => {
    const file = fixtureFile('clamp.yaml', MISSING_BRACE.replace('        if (x > hi) {\n', '        if (x > hi) return hi;\n').replace('return x < lo ? lo', 'return x < lo ? lo :'));
    expect(await main(['check', file])).toBe(2);
    expect(stderr.join('\n')).toContain(`${file}:21 (fixtures[0].variants[0].artifact): fixture "clamp": variant "ternary" does not parse as TypeScript (line 2, column`);
  });
});

describe('a code fixture whose known-correct code does not type-check (tsc --strict, as mutants are)', () => {
  const FIXTURE = (artifact: string) => `fixtures:
  - id: total
    kind: code
    language: typescript
    task: |
      /** The sum of the numbers. */
    artifact: |
${artifact
  .split('\n')
  .map((line) => `      ${line}`)
  .join('\n')}
    checks:
      - {expr: "total([1, 2])", equals: 3}
`;
  const body = (returned: string) => `export function total(xs: number[]): number {\n  let total = 0;\n  for (const x of xs) total += x;\n  return ${returned};\n}`;
  const config = (fixtures: string) => fixtureFile('critic.config.yaml', `fixtures: [${fixtures}]\nmutators: [arithmetic-operator]\nconditions: [clean]\ncritic: {provider: builtin:run-examples}\n`);

  it('an undeclared name is bad input for check and for run (exit 2), naming the file, the line and the field', async () => {
    const file = fixtureFile('total.yaml', FIXTURE(body('totl')));
    const message = `${file}:11 (fixtures[0].artifact): fixture "total": the reference does not type-check under tsc --strict (ES2022, no DOM or Node types) (line 4 of the artifact): TS2552 Cannot find name 'totl'. Did you mean 'total'?`;
    expect(await main(['check', file])).toBe(2);
    expect(stderr.join('\n')).toContain(message);
    stderr.length = 0;
    const out = join(dir, 'out');
    expect(await main(['run', '--config', config('total.yaml'), '--out', out, '--no-cache'])).toBe(2);
    expect(stderr.join('\n')).toContain(message);
    expect(existsSync(out)).toBe(false);
  });

  it('a type error is bad input for check (exit 2), not a reference reviewed as correct', async () => {
    const file = fixtureFile('total.yaml', FIXTURE(body('total as string')));
    expect(await main(['check', file])).toBe(2);
    expect(stderr.join('\n')).toContain(
      `${file}:11 (fixtures[0].artifact): fixture "total": the reference does not type-check under tsc --strict (ES2022, no DOM or Node types) (line 4 of the artifact): TS2322 Type 'string' is not assignable to type 'number'.`,
    );
  });
});

describe('a config without `mutators:` (the default list)', () => {
  it('with --strict, says a mutator without a usable site comes from the default list, not from a line of the config', async () => {
    fixtureFile('clamp.yaml', CLAMP);
    const config = fixtureFile('critic.config.yaml', `fixtures: [clamp.yaml]\nconditions: [clean]\ncritic: {provider: builtin:run-examples}\n`);
    expect(await main(['check', '--strict', '--config', config])).toBe(2);
    const error = stderr.join('\n');
    expect(error).toContain(`${config} (mutators): mutator arithmetic-operator has no usable site in the checked fixtures (no sites); it is on the default list (the config has no \`mutators:\` key`);
    expect(error).not.toMatch(/mutators\[\d+\]/);
  });

  it("applies the mutators of the suite's fixture kinds only: a text suite gets no code mutator, in check and in the run", async () => {
    fixtureFile('leave.yaml', CLEAN);
    const config = fixtureFile('critic.config.yaml', `fixtures: [leave.yaml]\nconditions: [clean]\ncritic: {provider: builtin:evidence-check}\n`);
    await main(['check', '--config', config]);
    expect(stdout.join('\n')).not.toMatch(/code mutators|arithmetic-operator/);
    const prepared = await prepareRun(loadConfig(config));
    expect(prepared.mutators.map((m) => m.name)).toEqual(ALL_MUTATORS.filter((m) => m.kind === 'text').map((m) => m.name));
  });

  it('keeps a list the config names as it is, of any kind', async () => {
    fixtureFile('leave.yaml', CLEAN);
    const config = fixtureFile('critic.config.yaml', `fixtures: [leave.yaml]\nmutators: [number-flip, off-by-one]\nconditions: [clean]\ncritic: {provider: builtin:evidence-check}\n`);
    expect((await prepareRun(loadConfig(config))).mutators.map((m) => m.name)).toEqual(['number-flip', 'off-by-one']);
  });
});
