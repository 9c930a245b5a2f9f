import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import chalk from 'chalk';
import { YamlSource } from '../util/yamlSource.js';
import { EXIT, InputError } from '../errors.js';
import { loadAnswerKey } from './answerKey.js';
import { driftConfigSchema, type DriftConfig } from './config.js';
import { renderDriftHtml } from './html.js';
import { renderDriftMarkdown } from './markdown.js';
import { buildDriftReport } from './report.js';
import { runDrift } from './run.js';
import { loadState, saveState } from './state.js';
import { renderDriftTerminal } from './terminal.js';

export const DRIFT_USAGE = `Usage: critic-audit drift LOG... [--config FILE] [--reference FILE] [--state FILE] [--canaries KEY] [--out DIR]

Monitors a production critic's rejection rate in its logs (plain or gzip): JSON Lines, OpenTelemetry
traces as OTLP JSON, Langfuse traces and observations, or LangSmith runs (drift.format; default: detected).
  --config FILE     config whose "drift:" section maps fields (default critic.config.yaml; missing: defaults)
  --reference FILE  a log of normal operation; default: the first drift.reference.days of LOG
  --state FILE      resume from / save to this state, so a daily job reads only new lines
  --canaries KEY    the answer-key.json of \`critic-audit canary\`: scores the canary lines (drift.fields.canary)
                    and monitors the live catch rate beside the rejection rate
  --out DIR         report folder (default reports/drift-<timestamp>/)
Exit: 0 no alarm, 1 alarm raised (rejection rate or live catch rate), 2 bad input.`;

const DEFAULT_CONFIG = 'critic.config.yaml';

/** `critic-audit drift`: returns the exit code. */
export async function driftCommand(argv: string[]): Promise<number> {
  const options = {
    config: { type: 'string' },
    reference: { type: 'string' },
    state: { type: 'string' },
    canaries: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let args: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof options }>>;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (err) {
    console.error(`${chalk.red('critic-audit:')} ${(err as Error).message}\n\n${DRIFT_USAGE}`);
    return EXIT.badInput;
  }
  const { values, positionals: files } = args;
  if (values.help) {
    console.log(DRIFT_USAGE);
    return EXIT.ok;
  }
  if (!files.length) {
    console.error(`${chalk.red('critic-audit:')} give at least one LOG file\n\n${DRIFT_USAGE}`);
    return EXIT.badInput;
  }

  try {
    const config = loadDriftConfig(values.config);
    if (values.canaries !== undefined && config.fields.canary === undefined) {
      const file = values.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : '(command line)');
      throw new InputError(file, undefined, 'drift.fields.canary', '--canaries needs the log field that holds the canary id: set drift.fields.canary');
    }
    const canaries = values.canaries === undefined ? undefined : loadAnswerKey(values.canaries);
    // A state made with another answer key (or none) scored other canaries: stale. Without a key, the identity is as before.
    const identity = JSON.stringify({ config, reference: values.reference ? resolve(values.reference) : null, ...(canaries ? { canaries: canaries.digest } : {}) });
    const resume = values.state ? loadState(values.state, identity) : null;
    const run = await runDrift({
      files,
      config,
      configFile: values.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : 'the default config'),
      referenceFile: values.reference,
      resume,
      saving: values.state !== undefined,
      canaries,
    });
    const now = new Date();
    const report = buildDriftReport(run, now);
    // Beside the config, as `run` writes its reports; without a config file, in the current folder.
    const baseDir = values.config ? dirname(resolve(values.config)) : '.';
    const outDir = values.out ?? join(baseDir, 'reports', `drift-${now.toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'drift.json'), JSON.stringify(report, null, 2) + '\n');
    writeFileSync(join(outDir, 'drift.md'), renderDriftMarkdown(report));
    writeFileSync(join(outDir, 'drift.html'), renderDriftHtml(report));
    // Only after the reports are written: a failed run must be re-read next time, not skipped.
    if (values.state) {
      saveState(values.state, {
        version: 1,
        identity,
        input: run.input,
        monitor: run.monitor.snapshot(),
        ...(run.canaries ? { canaries: run.canaries.snapshot() } : {}),
        ...(config.fields.fingerprint ? { fingerprints: run.fingerprints.state } : {}),
      });
    }
    console.log(renderDriftTerminal(report, outDir));
    return report.exitCode;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`${chalk.red('critic-audit:')} ${err.message}`);
    return EXIT.badInput;
  }
}

/** The `drift:` section of the config; other sections belong to other commands and are not checked here. */
export function loadDriftConfig(file: string | undefined): DriftConfig {
  if (file === undefined && !existsSync(DEFAULT_CONFIG)) return driftConfigSchema.parse({});
  const source = YamlSource.read(file ?? DEFAULT_CONFIG);
  const data = source.data;
  const drift = data !== null && typeof data === 'object' ? (data as { drift?: unknown }).drift : undefined;
  return source.validate(driftConfigSchema, drift ?? {}, ['drift']);
}
