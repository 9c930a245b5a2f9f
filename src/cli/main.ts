import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runAudit } from '../audit.js';
import { loadConfig } from '../config/load.js';
import { CriticUnreachableError, EXIT, InputError } from '../errors.js';
import { sealedKeyProblems } from '../requests/sealed.js';
import { buildReport } from '../reports/build.js';
import { renderTerminal } from '../reports/terminal.js';
import { defaultOutDir, writeReports } from '../reports/write.js';

const USAGE = `Usage:
  critic-audit run [--config FILE] [--out DIR]     audit the configured critics (default config: critic.config.yaml)
  critic-audit check-request FILE.json             check a request payload against the sealed allowlist

Exit codes: 0 all gates pass, 1 a gate failed, 2 bad config or input, 3 critic unreachable or error budget exceeded.`;

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  run: runCommand,
  'check-request': checkRequestCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? EXIT.ok : EXIT.badInput;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`critic-audit: unknown command "${name}"\n\n${USAGE}`);
    return EXIT.badInput;
  }
  try {
    return await command(rest);
  } catch (err) {
    if (err instanceof InputError) {
      console.error(`critic-audit: ${err.message}`);
      return EXIT.badInput;
    }
    if (err instanceof CriticUnreachableError) {
      console.error(`critic-audit: ${err.message}`);
      return EXIT.criticUnreachable;
    }
    if (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`critic-audit: ${err.message}\n\n${USAGE}`);
      return EXIT.badInput;
    }
    throw err;
  }
}

async function runCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { config: { type: 'string', default: 'critic.config.yaml' }, out: { type: 'string' } }, strict: true });
  const config = loadConfig(values.config!);
  const outDir = values.out ?? defaultOutDir(config.baseDir);
  const run = await runAudit(config);
  const report = buildReport(run);
  writeReports(run, report, outDir);
  console.log(renderTerminal(report, outDir));
  if (!run.complete || report.errorBudget.exceeded) {
    console.error(`critic-audit: ${run.stopReason ?? `errors exceeded the budget (${(100 * report.errorBudget.errorRate).toFixed(1)}% of reviews)`}`);
    return EXIT.criticUnreachable;
  }
  return report.passed ? EXIT.ok : EXIT.gateFailed;
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
  const problem = sealedKeyProblems(payload);
  if (problem) {
    console.error(`${file}: contaminated request: ${problem.message}`);
    return EXIT.gateFailed;
  }
  console.log(`${file}: sealed (keys: task, artifact, evidence, rubric)`);
  return EXIT.ok;
}
