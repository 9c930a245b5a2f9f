import { runChecks, type CheckResult } from '../code/checks.js';
import type { SandboxOptions } from '../code/sandbox.js';
import { InputError } from '../errors.js';
import type { CodeFixture } from '../fixtures/types.js';
import type { IgnoredMutant, Mutant } from './types.js';

export const EQUIVALENT_REASON = 'equivalent: no check distinguishes it';

export interface ControlCheckResult {
  /** 'reference' for the fixture's own artifact, else the variant's id. */
  id: string;
  passed: number;
  failed: number;
}

export interface LabelVerificationRow {
  fixtureId: string;
  checks: number;
  generated: number;
  kept: number;
  ignoredEquivalent: number;
  controls: ControlCheckResult[];
}

export interface LabelVerification {
  /** Mutants that fail at least one held-out check (or time out): verified bugs. */
  kept: Mutant[];
  /** Mutants every check passes: no label can be verified, so they are never counted. */
  ignored: IgnoredMutant[];
  table: LabelVerificationRow[];
}

/**
 * Verifies every code label by running the held-out checks in the sandbox:
 * the reference and each variant must pass all of them (otherwise the fixture
 * is rejected, naming the check), and a mutant is kept as a bug only when at
 * least one check fails (a timeout counts as failing).
 */
export async function verifyCodeLabels(
  fixtures: readonly CodeFixture[],
  mutants: readonly Mutant[],
  options: SandboxOptions = {},
): Promise<LabelVerification> {
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  const fixtureOf = (mutant: Mutant): CodeFixture => {
    const fixture = byId.get(mutant.fixtureId);
    if (!fixture) throw new Error(`mutant ${mutant.id} belongs to "${mutant.fixtureId}", which is not among the code fixtures given`);
    return fixture;
  };
  const controls = fixtures.flatMap((fixture) => [
    { fixture, id: 'reference', artifact: fixture.artifact },
    ...fixture.variants.map((v) => ({ fixture, id: v.id, artifact: v.artifact })),
  ]);
  // Controls first: a broken fixture is reported before any time goes into its mutants.
  const controlResults = await runChecks(controls.map(({ fixture, artifact }) => ({ artifact, checks: fixture.checks })), options);
  controls.forEach(({ fixture, id }, i) => {
    const index = controlResults[i]!.findIndex((r) => !r.passed);
    if (index === -1) return;
    const who = id === 'reference' ? 'the reference artifact' : `variant "${id}"`;
    throw new InputError(
      fixture.source.file,
      fixture.source.line,
      `checks[${index}]`,
      `fixture "${fixture.id}": ${who} fails the held-out check \`${fixture.checks[index]!.expr}\`: ${controlResults[i]![index]!.detail}`,
    );
  });
  const mutantResults = await runChecks(mutants.map((m) => ({ artifact: m.artifact, checks: fixtureOf(m).checks })), options);

  const kept: Mutant[] = [];
  const ignored: IgnoredMutant[] = [];
  mutants.forEach((mutant, i) => {
    if (mutantResults[i]!.some((r) => !r.passed)) kept.push(mutant);
    else {
      const { artifact: _artifact, trace: _trace, ...record } = mutant;
      ignored.push({ ...record, reason: EQUIVALENT_REASON });
    }
  });

  const table = fixtures.map((fixture): LabelVerificationRow => {
    const own = (m: { fixtureId: string }) => m.fixtureId === fixture.id;
    return {
      fixtureId: fixture.id,
      checks: fixture.checks.length,
      generated: mutants.filter(own).length,
      kept: kept.filter(own).length,
      ignoredEquivalent: ignored.filter(own).length,
      controls: controls.flatMap((c, i) => (c.fixture === fixture ? [{ id: c.id, ...tally(controlResults[i]!) }] : [])),
    };
  });
  return { kept, ignored, table };
}

function tally(results: readonly CheckResult[]): { passed: number; failed: number } {
  const passed = results.filter((r) => r.passed).length;
  return { passed, failed: results.length - passed };
}
