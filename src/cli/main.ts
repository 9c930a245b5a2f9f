import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { invalidateEditedReviews, requirePricing, runAudit, type AuditOutcome } from '../audit.js';
import { loadConfig } from '../config/load.js';
import { EXIT, InputError, InterruptedError } from '../errors.js';
import { pastedVerdictProblems, sealedPayloadProblems } from '../requests/sealed.js';
import { buildReport } from '../reports/build.js';
import type { AuditReport, AuditSettings, AuditSnapshot } from '../reports/types.js';
import { fixturesEditedSince } from '../fixtures/edited.js';
import { assertHeldOutChecksPinned, heldOutChecksOnDisk } from '../fixtures/heldOutChecks.js';
import { renderTerminal } from '../reports/terminal.js';
import { defaultOutDir, writeReports } from '../reports/write.js';
import type { StopKind } from '../results/types.js';
import { RunStore, STORE_FILE } from '../results/store.js';
import { mergeShards } from '../results/merge.js';
import { parseShard } from '../requests/shard.js';
import { canonical, ReplyCache, type CacheKeyParts } from '../reviews/cache.js';
import { CACHE_DIR } from '../util/cacheDir.js';
import { dryRun } from './dryRun.js';
import { INIT_USAGE, initCommand } from './init.js';
import { createProgress } from './progress.js';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { baselineSource, isLoaded, loadBaseline, reloadBaseline, type LoadedBaseline } from '../baseline/load.js';
import { buildBaseline, writeBaseline } from '../baseline/save.js';
import { AUTHORED_MUTANT_TYPES } from '../fixtures/plan.js';
import { grammarOf } from '../reviews/verdicts/index.js';
import { applyThresholdOverrides } from '../measures/overrides.js';
import { conditionsOf, fixtureFieldsOf } from '../requests/conditions/index.js';
import { appendGithubSummary } from '../reports/githubSummary.js';
import { renderJunit } from '../reports/junit.js';
import { PLAN_USAGE, planCommand } from './plan.js';
import { CHECK_USAGE, checkCommand } from './check.js';
import { DRIFT_USAGE, driftCommand } from '../drift/command.js';
import { CANARY_EXITS, CANARY_USAGE, canaryCommand } from '../canary/command.js';
import { leanHeap } from '../util/leanHeap.js';
import { model as englishModel } from '../text/nlp.js';
import { wordNetIndex } from '../text/lexicon.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';

/**
 * One command: what it does, how it is called and the exit codes it returns
 * (shown by `critic-audit COMMAND --help`), and how it runs.
 */
type CommandEntry = {
  usage: string;
  run: (argv: string[], launch: Launch) => Promise<number>;
} & (
  | {
      /** The exit codes it returns, and only those: a script reading them must not wait for one that never comes. */
      exits: string;
    }
  | {
      /** A longer text for `--help`, its exit codes included. */
      help: string;
    }
);

/** How main was called: `setsHeapPolicy` from the CLI's own process (bin/critic-audit.js), whose run and report set V8's heap policy (see leanHeap); not from a test or program calling main in its own process. */
interface Launch {
  setsHeapPolicy: boolean;
}

/** Every exit code the CLI has, for `run` (and the general usage); each command's --help lists its own. */
const EXIT_CODES = `Exit codes: 0 all gates pass, 1 a gate failed, 2 bad config or input, 3 critic unreachable or error budget exceeded,
130 interrupted (resume with --resume DIR).`;

/** `report` and `merge` exit as the run did, and 2 on bad input of their own. */
const REBUILT_EXIT_CODES = `Exit codes, as the run did: 0 all gates pass, 1 a gate failed, 3 critic unreachable or error budget exceeded,
130 interrupted (resume it with run --resume DIR); 2 bad input.`;

const COMMANDS: Record<string, CommandEntry> = {
  run: {
    usage: `critic-audit run [--config FILE] [--out DIR] [--resume DIR] [--no-cache] [--max-cost N] [--dry-run] [--strict-sealing] [--shard I/N] [--batch]
                 [--baseline FILE] [--save-baseline FILE] [--threshold KEY=VALUE]... [--junit FILE]
                                                   audit the configured critics (default config: critic.config.yaml)`,
    exits: EXIT_CODES,
    run: runCommand,
  },
  report: {
    usage: `critic-audit report DIR [--baseline FILE] [--save-baseline FILE] [--threshold KEY=VALUE]... [--junit FILE]
                                                   rebuild every report file of a run from its store, without the critic`,
    exits: REBUILT_EXIT_CODES,
    run: reportCommand,
  },
  merge: {
    usage: `critic-audit merge DIR1 DIR2... --out DIR [--baseline FILE] [--save-baseline FILE] [--threshold KEY=VALUE]... [--junit FILE]
                                                   merge the run folders of one audit's shards (run --shard I/N) and write every report`,
    exits: REBUILT_EXIT_CODES,
    run: mergeCommand,
  },
  plan: {
    usage: `${PLAN_USAGE}
                                                   paired items needed to detect a difference δ when a share ψ is discordant`,
    exits: 'Exit codes: 0 printed, 2 bad input.',
    run: planCommand,
  },
  cache: {
    usage: `critic-audit cache explain KEY [KEY2] [--config FILE]
                                                   print a cache key's parts (and, given two, which parts differ)
  critic-audit cache clear [--config FILE]         empty the reply and label caches`,
    exits: 'Exit codes: 0 done (explain: every key in the cache), 1 a key not in the cache, 2 bad input.',
    run: cacheCommand,
  },
  check: {
    usage: `${CHECK_USAGE}
                                                   lint fixtures: unsupported artifact sentences, mutators without usable sites`,
    exits: 'Exit codes: 0 checked (with --strict: nothing to fix), 2 bad config or fixtures (with --strict: anything listed to fix).',
    run: checkCommand,
  },
  init: {
    usage: `${INIT_USAGE}
                                                   write a starter audit (config, critic, two fixtures, prompt) into a folder`,
    exits: 'Exit codes: 0 starter audit written, 2 bad input (an unknown --kind, or files already in the folder; nothing written).',
    run: initCommand,
  },
  'check-request': {
    usage: `critic-audit check-request FILE.json             check a request payload against the sealed allowlist`,
    exits: 'Exit codes: 0 sealed, 1 contaminated, 2 not a readable JSON file.',
    run: checkRequestCommand,
  },
  drift: {
    usage: `critic-audit drift LOG... [--config FILE] [--reference FILE] [--state FILE] [--canaries KEY] [--out DIR]
                                                   watch a production critic's rejection rate (and live catch rate) for drift`,
    help: DRIFT_USAGE,
    run: driftCommand,
  },
  canary: {
    usage: CANARY_USAGE,
    exits: CANARY_EXITS,
    run: canaryCommand,
  },
};

const USAGE = `Usage:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}
  critic-audit --version                           print the version

${EXIT_CODES}`;

export async function main(argv: string[], launch: Launch = { setsHeapPolicy: false }): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === '-V' || name === 'version') {
    console.log(HARNESS_VERSION);
    return EXIT.ok;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? EXIT.ok : EXIT.badInput;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`critic-audit: unknown command "${name}"\n\n${USAGE}`);
    return EXIT.badInput;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log('help' in command ? command.help : `Usage:\n  ${command.usage}\n\n${command.exits}`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, launch);
  } catch (err) {
    if (err instanceof InputError) {
      console.error(`critic-audit: ${err.message}`);
      return EXIT.badInput;
    }
    if (err instanceof InterruptedError) {
      console.error(`critic-audit: ${err.message}`);
      return EXIT.interrupted;
    }
    if (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`critic-audit: ${err.message}\n\nUsage:\n  ${command.usage}`);
      return EXIT.badInput;
    }
    throw err;
  }
}

/** How long reviews in flight may finish after Ctrl-C before they are cut off. */
const INTERRUPT_GRACE_MS = 5_000;

/**
 * The CLI's heap policy for a command that reads a suite or a run, set once
 * the language model and WordNet's index are loaded: built under the policy,
 * which grows the heap only as far as live data needs, they took twice the
 * garbage collection, 1.5 s more CPU on a small text run.
 */
function favourMemory(launch: Launch): void {
  if (!launch.setsHeapPolicy) return;
  englishModel();
  wordNetIndex();
  leanHeap.favourMemory();
}

async function runCommand(argv: string[], launch: Launch): Promise<number> {
  favourMemory(launch);
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string', default: 'critic.config.yaml' },
      out: { type: 'string' },
      resume: { type: 'string' },
      'no-cache': { type: 'boolean', default: false },
      'strict-sealing': { type: 'boolean', default: false },
      'max-cost': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      shard: { type: 'string' },
      batch: { type: 'boolean', default: false },
      ...REPORT_OPTIONS,
    },
    strict: true,
  });
  const config = loadConfig(values.config!);
  config.strictSealing = values['strict-sealing'];
  // Everything that could be bad input is checked before anything is sent.
  const reportOptions = readReportOptions(values);
  config.thresholds = applyThresholdOverrides(
    config.thresholds,
    reportOptions.thresholds,
    [...ALL_MUTATORS.map((m) => m.name), ...AUTHORED_MUTANT_TYPES],
    config.conditions,
    config.critics.map((c) => c.grammar),
  );
  if (values.resume && !RunStore.exists(values.resume)) throw new InputError(values.resume, undefined, '--resume', 'no run to resume in this folder');
  const maxCost = values['max-cost'] === undefined ? undefined : Number(values['max-cost']);
  if (maxCost !== undefined && !(maxCost >= 0)) throw new InputError('(command line)', undefined, '--max-cost', `must be a non-negative number, got "${values['max-cost']}"`);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values['dry-run']) {
    requirePricing(config, maxCost);
    return dryRun(config, { maxCost, print: (line) => console.log(line), onPhase: (what) => console.error(`critic-audit: ${what}`) });
  }
  const outDir = values.resume ?? values.out ?? defaultOutDir(config.baseDir);

  const stopScheduling = new AbortController();
  const abortInFlight = new AbortController();
  const onInterrupt = () => {
    if (stopScheduling.signal.aborted) return abortInFlight.abort();
    console.error(`\ncritic-audit: interrupted; letting reviews in flight finish (up to ${INTERRUPT_GRACE_MS / 1000} s, Ctrl-C again to stop now)`);
    stopScheduling.abort();
    setTimeout(() => abortInFlight.abort(), INTERRUPT_GRACE_MS).unref();
  };
  process.on('SIGINT', onInterrupt);
  const progress = createProgress();
  let outcome: AuditOutcome;
  try {
    outcome = await runAudit(config, {
      outDir,
      cache: !values['no-cache'],
      maxCost,
      signal: stopScheduling.signal,
      abortInFlight: abortInFlight.signal,
      onPhase: (what) => console.error(`critic-audit: ${what}`),
      onPlanned: (total, done) => progress.planned(total, done),
      onResult: (r) => progress.result(r),
      onEngine: (state) => progress.engine(state),
      onWarning: (w) => console.error(`critic-audit: warning: ${w}`),
      shard,
      batch: values.batch,
      baseline: reportOptions.baseline && baselineSource(reportOptions.baseline),
    });
  } finally {
    progress.stop();
    process.off('SIGINT', onInterrupt);
  }
  if (outcome.plan.sandboxNetwork === 'vm-only') {
    console.error('critic-audit: warning: no network namespace for the code sandbox (unshare -n failed); held-out checks ran with only the vm context as a network barrier');
  }
  const report = await writeRunReports(outcome.store, outDir, reportOptions, launch, { latest: true });
  outcome.store.close();
  if (outcome.stop)
    console.error(`critic-audit: stopped early: ${outcome.stop.reason}${outcome.stop.kind === 'interrupted' || outcome.stop.kind === 'pending' ? ` (finish it with --resume ${outDir})` : ''}`);
  return exitCodeOf(report);
}

/**
 * How each way of stopping early exits. Batches still running exit as an
 * interrupted run: it is finished with --resume. A spent cost budget exits as
 * its gates say (an incomplete run does not pass): null.
 */
const STOP_EXIT: Record<StopKind, number | null> = {
  unreachable: EXIT.criticUnreachable,
  quota: EXIT.criticUnreachable,
  'error-budget': EXIT.criticUnreachable,
  input: EXIT.badInput,
  interrupted: EXIT.interrupted,
  pending: EXIT.interrupted,
  budget: null,
};

/** The exit code of a run's reports, from `run` and from `report DIR` alike: the same run exits the same way. */
function exitCodeOf(report: AuditReport): number {
  const stopped = report.stopKind ? STOP_EXIT[report.stopKind] : null;
  if (stopped !== null) return stopped;
  if (report.errorBudget.exceeded) return EXIT.criticUnreachable;
  return report.passed ? EXIT.ok : EXIT.gateFailed;
}

/** The options `run` and `report` share: the baseline to compare with or save, threshold overrides, an extra JUnit file. */
const REPORT_OPTIONS = {
  baseline: { type: 'string' },
  'save-baseline': { type: 'string' },
  threshold: { type: 'string', multiple: true },
  junit: { type: 'string' },
} as const;

interface ReportOptions {
  /** --baseline's; without it, the reports compare with the baseline the run recorded (AuditSettings.baseline). */
  baseline: LoadedBaseline | undefined;
  saveBaseline: string | undefined;
  thresholds: string[];
  junit: string | undefined;
}

function readReportOptions(values: { baseline?: string; 'save-baseline'?: string; threshold?: string[]; junit?: string }): ReportOptions {
  return {
    baseline: values.baseline === undefined ? undefined : loadBaseline(values.baseline),
    saveBaseline: values['save-baseline'],
    thresholds: values.threshold ?? [],
    junit: values.junit,
  };
}

/**
 * Computes every report from the run store and writes them, with the terminal
 * summary (and the step summary in GitHub Actions). From the CLI's own process
 * it first stops the young generation growing, for the rest of the process.
 */
async function writeRunReports(
  store: RunStore,
  outDir: string,
  options: ReportOptions,
  launch: Launch,
  { latest, edits }: { latest: boolean; edits?: EditedFixtures | undefined } = { latest: false },
): Promise<AuditReport> {
  if (launch.setsHeapPolicy) leanHeap.holdYoungGeneration();
  let snapshot = store.readSnapshot<AuditSettings>();
  if (!snapshot) throw new InputError(join(outDir, STORE_FILE), undefined, undefined, 'the run store holds no run');
  if (options.thresholds.length) {
    const thresholds = applyThresholdOverrides(
      snapshot.settings.thresholds,
      options.thresholds,
      [...ALL_MUTATORS.map((m) => m.name), ...AUTHORED_MUTANT_TYPES],
      conditionsOf(snapshot.settings.conditions, snapshot.settings.declaredConditions),
      snapshot.critics.map((c) => grammarOf(c.verdict)),
    );
    snapshot = { ...snapshot, settings: { ...snapshot.settings, thresholds } };
  }
  // A held-out check changed since its pin fails the isolation check: the reports say so (the independence eval), then bad input (exit 2).
  const isolation = snapshot.heldOutChecks ? heldOutChecksIsolation(snapshot, outDir) : undefined;
  const stored = store.readStatus() ?? { complete: false, stopReason: 'the run never finished (killed?); resume it with --resume', finishedAt: new Date().toISOString() };
  // Fixtures edited since their reviews: the run lacks those reviews until a resume makes them again, and an incomplete run does not pass.
  const status = edits?.fixtures.length
    ? {
        ...stored,
        complete: false,
        stopReason: `fixture${edits.fixtures.length > 1 ? 's' : ''} ${edits.fixtures.join(', ')} edited since ${edits.fixtures.length > 1 ? 'their' : 'its'} reviews; resume it with --resume ${outDir}`,
      }
    : stored;
  // --baseline wins; without it, a run made with one is compared with it again (read again, or a failing maxRegression saying why not).
  const recorded = snapshot.settings.baseline;
  const baseline = options.baseline ?? (recorded && reloadBaseline(recorded));
  if (!options.baseline && baseline) {
    const how = isLoaded(baseline) ? 'compared with it again' : `it ${baseline.problem}, so maxRegression fails as no data`;
    console.error(`critic-audit: this run recorded the baseline ${baseline.file}: ${how} (--baseline FILE compares with another)`);
  }
  const editedFixtures = fixturesEditedSince(snapshot.fixtures, fixtureFieldsOf(snapshot.settings.declaredConditions));
  const report = buildReport(snapshot, status, store, { baseline, batches: store.batchSummaries(), invalidated: store.invalidated(), editedFixtures, isolationBreach: isolation?.message });
  const latestLink = await writeReports(snapshot, report, outDir, store, latest);
  if (options.junit) writeFileSync(options.junit, renderJunit(report));
  console.log(renderTerminal(report, outDir, snapshot.settings.reports));
  if (latestLink && !latestLink.moved) {
    const left = latestLink.target
      ? `${latestLink.link} still points at ${latestLink.target}, the newest run that measured something`
      : `${latestLink.link} not made: no run here has measured anything yet`;
    console.error(`critic-audit: this run measured nothing (no review ended in a verdict); its report: ${join(outDir, 'report.md')}; ${left}`);
  }
  // A run that measured something takes reports/latest even when it stopped early: say so, or latest would pass for a finished audit.
  if (latestLink?.moved && !report.complete) {
    console.error(`critic-audit: ${latestLink.link} now points at ${latestLink.target}, an incomplete run (${report.stopReason}); its figures cover only the reviews that finished`);
  }
  appendGithubSummary(report, outDir);
  // The reports show the failed isolation check; a baseline is never saved from labels that no longer hold.
  if (isolation) throw isolation;
  if (options.saveBaseline) {
    if (!status.complete) console.error(`critic-audit: baseline not saved: the run is incomplete (${status.stopReason}); a partial baseline would weaken every later comparison`);
    else {
      writeBaseline(options.saveBaseline, buildBaseline(snapshot, store));
      console.log(`baseline saved: ${options.saveBaseline}`);
    }
  }
  return report;
}

/** The isolation check of the held-out checks (assertHeldOutChecksUnchanged): its bad input when it fails, undefined when it holds. */
function heldOutChecksIsolation(snapshot: AuditSnapshot, outDir: string): InputError | undefined {
  try {
    assertHeldOutChecksUnchanged(snapshot, outDir);
    return undefined;
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
}

/**
 * Reports rest on labels the held-out checks verified: the store's copy of the
 * checks and, where the fixture files are still there, the files' must be the
 * ones pinned then (bad input, exit 2, otherwise).
 */
function assertHeldOutChecksUnchanged(snapshot: AuditSnapshot, outDir: string): void {
  const pins = snapshot.heldOutChecks!;
  assertHeldOutChecksPinned(pins, snapshot.fixtures, `the copy in ${join(outDir, STORE_FILE)}`);
  const gone = new Set<string>();
  const onDisk = snapshot.fixtures.filter((f) => (existsSync(f.source.file) ? true : (gone.add(f.source.file), false)));
  assertHeldOutChecksPinned(pins, onDisk, 'found when the run was reported', (f) => heldOutChecksOnDisk(f) ?? f.checks);
  const missing = [...gone].filter((file) => snapshot.fixtures.some((f) => f.source.file === file && 'checks' in f));
  if (missing.length) console.error(`critic-audit: held-out checks not compared with their files (gone: ${missing.join(', ')}); compared with the run store's copy only`);
}

/** The fixtures of a run edited since, as its config loads them now, and why they could not be compared (if so). */
type EditedFixtures = Awaited<ReturnType<typeof invalidateEditedReviews>>;

/**
 * Before `report DIR` counts anything, the stored reviews that answered what the fixtures no longer say are
 * invalidated by the resume's rule (invalidateEditedReviews), from the config the run was started with; a config
 * that is gone or no longer loads leaves the reviews as stored, with a warning saying so.
 */
async function findEditedReviews(store: RunStore, dir: string): Promise<EditedFixtures | undefined> {
  const configFile = store.readPlan<AuditSettings>()?.settings.configFile;
  if (!configFile) return undefined;
  let edits: EditedFixtures;
  try {
    edits = existsSync(configFile) ? await invalidateEditedReviews(loadConfig(configFile), store) : { fixtures: [], notCompared: `its config ${configFile} is gone` };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    edits = { fixtures: [], notCompared: `its config no longer loads (${err.message})` };
  }
  if (edits.notCompared) console.error(`critic-audit: warning: the stored reviews were not compared with the fixtures as they are now: ${edits.notCompared}`);
  const invalidated = store.invalidated().filter((r) => !r.reReviewed);
  if (edits.fixtures.length)
    console.error(
      `critic-audit: warning: fixture${edits.fixtures.length > 1 ? 's' : ''} ${edits.fixtures.join(', ')} edited since the run reviewed ${edits.fixtures.length > 1 ? 'them' : 'it'}: ${invalidated.length} stored review${invalidated.length === 1 ? '' : 's'} invalidated and left out of every rate; review them again with run --resume ${dir}`,
    );
  return edits;
}

async function reportCommand(argv: string[], launch: Launch): Promise<number> {
  favourMemory(launch);
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: REPORT_OPTIONS });
  const dir = positionals[0];
  if (!dir) throw new InputError('(command line)', undefined, 'DIR', 'report needs a run folder');
  if (!RunStore.exists(dir)) throw new InputError(dir, undefined, 'DIR', `no ${STORE_FILE} here: not a run folder`);
  const options = readReportOptions(values);
  const store = RunStore.open(dir);
  try {
    const edits = await findEditedReviews(store, dir);
    const report = await writeRunReports(store, dir, options, launch, { latest: false, edits });
    return exitCodeOf(report);
  } finally {
    store.close();
  }
}

async function mergeCommand(argv: string[], launch: Launch): Promise<number> {
  favourMemory(launch);
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { out: { type: 'string' }, ...REPORT_OPTIONS } });
  if (!values.out) throw new InputError('(command line)', undefined, '--out', 'merge needs --out DIR, a new folder for the merged run');
  const options = readReportOptions(values);
  const store = mergeShards(positionals, values.out);
  try {
    const report = await writeRunReports(store, values.out, options, launch);
    return exitCodeOf(report);
  } finally {
    store.close();
  }
}

async function cacheCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { config: { type: 'string', default: 'critic.config.yaml' } } });
  const [action, ...keys] = positionals;
  const baseDir = dirname(resolve(values.config!));
  if (action === 'clear') {
    ReplyCache.clear(baseDir);
    console.log(`cleared ${join(baseDir, CACHE_DIR)}`);
    return EXIT.ok;
  }
  if (action !== 'explain' || keys.length === 0 || keys.length > 2) throw new InputError('(command line)', undefined, 'cache', 'use "cache explain KEY [OTHER_KEY]" or "cache clear"');
  const cache = ReplyCache.open(baseDir);
  try {
    const parts = keys.map((key) => ({ key, parts: cache.explain(key) }));
    for (const { key, parts: p } of parts) {
      console.log(
        p
          ? `${key}\n${JSON.stringify(p, null, 2)}`
          : `${key}: not in the cache (only replies are cached: a review that ended in an error, or whose reply was empty, never is; nor one run with --no-cache)`,
      );
    }
    const [a, b] = parts;
    if (a?.parts && b?.parts) console.log(`differs in: ${differingParts(a.parts, b.parts).join(', ') || 'nothing'}`);
    return parts.every((p) => p.parts) ? EXIT.ok : EXIT.gateFailed;
  } finally {
    cache.close();
  }
}

/** Which parts of two cache keys differ: the reason one run missed another's replies. */
function differingParts(a: CacheKeyParts, b: CacheKeyParts): string[] {
  const diffs: string[] = [];
  if (a.requestDigest !== b.requestDigest) diffs.push('requestDigest');
  if (a.repeat !== b.repeat) diffs.push('repeat');
  for (const part of new Set([...Object.keys(a.identity), ...Object.keys(b.identity)])) {
    if (canonical(a.identity[part]) !== canonical(b.identity[part])) diffs.push(`identity.${part}`);
  }
  return diffs;
}

async function checkRequestCommand(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const file = positionals[0];
  if (!file) throw new InputError('(command line)', undefined, 'FILE', 'check-request needs a JSON file');
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InputError(file, undefined, undefined, `not readable JSON: ${(err as Error).message}`);
  }
  const problems = [...sealedPayloadProblems(payload), ...pastedVerdictProblems(payload)];
  if (problems.length) {
    console.error(`${file}: contaminated request:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return EXIT.gateFailed;
  }
  console.log(`${file}: sealed (keys: task, artifact, evidence, rubric)`);
  return EXIT.ok;
}
