import { parseArgs } from 'node:util';
import { ALL_MUTATORS } from '../../mutators/index.js';
import type { Mutator } from '../../mutators/types.js';
import { loadConfig, mutatorsForSuite, type AuditConfig } from '../config/load.js';
import { EXIT, InputError } from '../errors.js';
import { formatWarning, type FixtureWarning } from '../fixtures/lint.js';
import { ALL_FIXTURE_KINDS, fixtureKind } from '../fixtures/kinds/index.js';
import { loadFixtures } from '../fixtures/load.js';
import type { Fixture } from '../fixtures/types.js';
import { mutatorCoverage, whyUnusable, type MutatorCoverage } from '../mutants/coverage.js';
import { generateMutants } from '../mutants/generate.js';

export const CHECK_USAGE = 'critic-audit check [--config FILE] [--strict] [FIXTURES...]';

/**
 * Lints fixtures before an audit spends reviews on them: per text fixture the
 * artifact sentences no evidence supports, per mutator its sites and why none
 * is usable. Warnings only (exit 0); with --strict, any of them is bad input (exit 2).
 */
export async function checkCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { config: { type: 'string' }, strict: { type: 'boolean', default: false } },
  });
  // Fixture paths on the command line are checked against every mutator unless a config is named.
  const config = values.config !== undefined || positionals.length === 0 ? loadConfig(values.config ?? 'critic.config.yaml') : undefined;
  const warnings: FixtureWarning[] = [];
  const [paths, baseDir] = positionals.length ? [positionals, process.cwd()] : [config!.fixtures, config!.baseDir];
  const fixtures = loadFixtures(paths, baseDir, { onWarning: (w) => warnings.push(w), fields: config?.fixtureFields });
  const mutators: readonly Mutator[] = config ? mutatorsForSuite(config, new Set(fixtures.map((f) => f.kind))) : ALL_MUTATORS;

  for (const w of warnings) console.log(formatWarning(w));
  const unsupported = warnings.filter((w) => w.kind === 'unsupported-sentence').length;
  const planItems = warnings.filter((w) => w.kind === 'plan-item').length;
  const pasted = warnings.length - unsupported - planItems;
  // The unsupported-sentence lint is the text kind's: its fixtures are the ones whose sentences were checked.
  const linted = fixtures.filter((f) => fixtureKind(f.kind).lint).length;
  if (linted)
    console.log(
      `${count(linted, 'text fixture')}: ${unsupported ? `${count(unsupported, 'artifact sentence')} not supported by the evidence` : 'every artifact sentence is supported by the evidence'}`,
    );
  if (pasted) console.log(`${count(pasted, 'sealed text')} holding verdict-like text (a critic would read it as a prior verdict)`);
  if (planItems) console.log(`${count(planItems, 'text plan item')} the plan checker cannot check (no quoted phrase, or one the evidence or the reference does not state)`);

  const unusable = printCoverage(fixtures, mutators, config);
  printPlans(fixtures);

  const problems = [...warnings.map((w) => new InputError(w.file, w.line, w.field, w.problem)), ...unusable];
  if (!values.strict || problems.length === 0) return EXIT.ok;
  const first = problems[0]!;
  throw new InputError(first.file, first.line, first.field, `${first.problem}${problems.length > 1 ? ` (1 of ${problems.length} problems, all listed above)` : ''}`);
}

/** The acceptance plans and authored mutants (checked as the fixtures loaded): how many, and how many wait for the sandbox. */
function printPlans(fixtures: readonly Fixture[]): void {
  const planned = fixtures.filter((f) => f.acceptance?.length);
  if (!planned.length) return;
  const items = planned.reduce((n, f) => n + f.acceptance!.length, 0);
  // Per kind that takes a plan, in the registry's order: labelled at load by the oracle, or later in the sandbox.
  const authored = ALL_FIXTURE_KINDS.filter((kind) => 'acceptance' in kind.schema.shape).map(({ name, labelledBy }) => {
    const n = planned.filter((f) => f.kind === name).reduce((sum, f) => sum + (f.authoredMutants?.length ?? 0), 0);
    return `${n} ${name} (${labelledBy === 'sandbox' ? 'verified by the held-out checks in the sandbox during `run`' : 'judged at load'})`;
  });
  console.log(`acceptance plans: ${count(planned.length, 'fixture')} (${count(items, 'plan item')}); authored mutants: ${authored.join(', ')}`);
}

/**
 * Prints each mutator's sites (and, but for code, valid and ignored mutants)
 * over the fixtures of its kind; returns a problem for each without a usable
 * site. Only code mutants wait for the sandbox to be labelled, as in prepareRun.
 */
function printCoverage(fixtures: readonly Fixture[], mutators: readonly Mutator[], config: AuditConfig | undefined): InputError[] {
  const unusable: InputError[] = [];
  for (const { name: kind, isReview, labelledBy } of ALL_FIXTURE_KINDS) {
    const ofKind = fixtures.filter((f) => f.kind === kind);
    const applicable = mutators.filter((m) => m.kind === kind);
    if (!applicable.length) continue;
    if (!ofKind.length) {
      // reviewAudits' review fixtures are built by `run`, from the mutants the sandbox and the oracles keep.
      const built = isReview && config?.reviewAudit ? `; \`run\` builds them from reviewAudits.from (${config.reviewAudit.from.join(', ')})` : '';
      console.log(`${kind} mutators not checked (no ${kind} fixtures${built}): ${applicable.map((m) => m.name).join(', ')}`);
      continue;
    }
    console.log(
      labelledBy === 'sandbox'
        ? `mutators over ${count(ofKind.length, `${kind} fixture`)} (site counts only: the held-out checks that label code mutants run in the sandbox during \`run\`, not here):`
        : `mutators over ${count(ofKind.length, `${kind} fixture`)} (sites: distinct candidates; valid: the oracle finds the mutant wrong against the evidence):`,
    );
    for (const c of coverageOver(ofKind, applicable)) {
      const why = whyUnusable(c);
      const counts = c.sites === 0 ? '' : labelledBy === 'sandbox' ? count(c.sites, 'site') : `${count(c.sites, 'site')}, ${c.valid} valid, ${c.ignored} ignored`;
      console.log(`  ${c.mutator}: ${[counts, why && `no usable site (${why})`].filter(Boolean).join(': ')}`);
      if (why) unusable.push(mutatorProblem(config, mutators, c.mutator, why));
    }
  }
  return unusable;
}

/**
 * Every candidate counted, none sampled away (no cap), one fixture at a time
 * so the valid mutants' texts are dropped as soon as they are counted.
 */
function coverageOver(fixtures: readonly Fixture[], mutators: readonly Mutator[]): MutatorCoverage[] {
  const generations = (function* () {
    for (const fixture of fixtures) yield generateMutants([fixture], mutators, { seed: 0, cap: Infinity });
  })();
  return mutatorCoverage(
    mutators.map((m) => m.name),
    generations,
  );
}

/** A mutator that cannot contribute, pointed at where it was configured (or said to come from a default list: the command line's, or the config's without `mutators:`). */
function mutatorProblem(config: AuditConfig | undefined, mutators: readonly Mutator[], name: string, why: string): InputError {
  const problem = `mutator ${name} has no usable site in the checked fixtures (${why})`;
  if (!config) return new InputError('(command line)', undefined, 'mutators', `${problem}; every mutator is checked unless --config names some`);
  if (config.defaultMutators)
    return new InputError(
      config.source.file,
      undefined,
      'mutators',
      `${problem}; it is on the default list (the config has no \`mutators:\` key, so every mutator of the suite's fixture kinds applies): list the mutators to use under \`mutators:\``,
    );
  const index = mutators.findIndex((m) => m.name === name);
  return config.source.errorAt(['mutators', index], problem);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
