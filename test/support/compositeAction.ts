import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { parse } from 'yaml';

/** A composite action's action.yml, as far as the local runner reads it. */
export interface CompositeAction {
  name?: unknown;
  description?: unknown;
  inputs?: Record<string, { description?: unknown; default?: unknown; required?: unknown }>;
  outputs?: Record<string, { description?: unknown; value?: unknown }>;
  runs?: { using?: unknown; steps?: ActionStep[] };
}

export interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}

export function readAction(file: string): CompositeAction {
  return parse(readFileSync(file, 'utf8')) as CompositeAction;
}

const EXPRESSION = /\$\{\{\s*(.+?)\s*\}\}/g;

/** Every `${{ ... }}` expression a step or an output uses, with the `if:` conditions (expressions without the braces). */
export function expressionsOf(action: CompositeAction): string[] {
  const texts = [JSON.stringify(action.runs?.steps ?? []), JSON.stringify(action.outputs ?? {})];
  return [...texts.flatMap((text) => [...text.matchAll(EXPRESSION)].map((m) => m[1]!)), ...(action.runs?.steps ?? []).flatMap((step) => (step.if ? [step.if] : []))];
}

export interface StepRecord {
  name: string;
  /** `run` ran it; `uses` and `skipped` did not (`reason` says why). */
  outcome: 'success' | 'failure' | 'uses' | 'skipped';
  exitCode?: number;
  reason?: string;
  /** A `uses:` step's `with:`, its expressions evaluated: what the action would have been given. */
  with?: Record<string, string>;
  output?: string;
}

export interface LocalRun {
  steps: StepRecord[];
  /** The exit code GitHub would report for the action: the first failed step's, else 0. */
  exitCode: number;
  /** What the steps appended to $GITHUB_STEP_SUMMARY. */
  summary: string;
  /** The action's outputs, evaluated. */
  outputs: Record<string, string>;
}

export interface LocalRunOptions {
  /** The action's checkout ($GITHUB_ACTION_PATH). */
  actionPath: string;
  /** The workflow's checkout ($GITHUB_WORKSPACE), where working-directory is resolved. */
  workspace: string;
  inputs: Record<string, string>;
  /** Run steps not to run, by id, with the reason. */
  skip?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs a composite action's `run:` steps as a runner would: each in bash
 * (`-eo pipefail`, the runner's own flags) from its working-directory, with
 * the GitHub files ($GITHUB_OUTPUT per step, $GITHUB_STEP_SUMMARY, $GITHUB_ENV,
 * $GITHUB_PATH) as temp files, the expressions it uses substituted (inputs,
 * github.action_path and workspace, runner.temp, steps.*.outputs) and `if:`
 * evaluated (always(), success(), failure(), comparisons of an output with '').
 * `uses:` steps (setup-node, upload-artifact) cannot run here: they are listed
 * with their `with:` evaluated.
 */
export function runLocally(action: CompositeAction, options: LocalRunOptions): LocalRun {
  const temp = mkdtempSync(join(tmpdir(), 'critic-audit-action-'));
  const summaryFile = join(temp, 'step-summary.md');
  const envFile = join(temp, 'env');
  const pathFile = join(temp, 'path');
  for (const file of [summaryFile, envFile, pathFile]) writeFileSync(file, '');
  const stepOutputs: Record<string, Record<string, string>> = {};
  const addedEnv: Record<string, string> = {};
  const addedPath: string[] = [];
  const records: StepRecord[] = [];
  let failed: number | undefined;

  const value = (reference: string): string => {
    const [scope, ...rest] = reference.split('.');
    const name = rest.join('.');
    if (scope === 'inputs') return options.inputs[name] ?? String(action.inputs?.[name]?.default ?? '');
    if (reference === 'github.action_path') return options.actionPath;
    if (reference === 'github.workspace') return options.workspace;
    if (reference === 'runner.temp') return temp;
    const step = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(reference);
    if (step) return stepOutputs[step[1]!]?.[step[2]!] ?? '';
    throw new Error(`the local runner cannot evaluate "${reference}"`);
  };
  const substitute = (text: string) => text.replace(EXPRESSION, (_, reference: string) => value(reference));
  const condition = (expression: string | undefined): boolean =>
    (expression ?? 'success()').split('&&').every((term) => {
      const t = term.trim();
      if (t === 'always()') return true;
      if (t === 'success()') return failed === undefined;
      if (t === 'failure()') return failed !== undefined;
      const comparison = /^([\w.-]+)\s*(==|!=)\s*''$/.exec(t);
      if (comparison) return (value(comparison[1]!) === '') === (comparison[2] === '==');
      throw new Error(`the local runner cannot evaluate the condition "${t}"`);
    });
  const runsAfterFailure = (expression: string | undefined) => expression !== undefined && /always\(\)|failure\(\)/.test(expression);

  for (const [index, step] of (action.runs?.steps ?? []).entries()) {
    const name = step.name ?? step.id ?? `step ${index + 1}`;
    if (!(failed === undefined || runsAfterFailure(step.if)) || !condition(step.if)) {
      records.push({ name, outcome: 'skipped', reason: `if: ${step.if ?? 'success()'} is false` });
      continue;
    }
    if (step.uses) {
      const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, text]) => [key, substitute(String(text))]));
      records.push({ name, outcome: 'uses', reason: `uses: ${step.uses} runs on GitHub only`, with: given });
      continue;
    }
    if (step.id && options.skip?.[step.id]) {
      records.push({ name, outcome: 'skipped', reason: options.skip[step.id] });
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`${name}: the local runner runs shell: bash steps only, not ${step.shell}`);
    const outputFile = join(temp, `output-${index}`);
    writeFileSync(outputFile, '');
    const script = join(temp, `step-${index}.sh`);
    writeFileSync(script, substitute(step.run ?? ''));
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, text]) => [key, substitute(String(text))]));
    const env: NodeJS.ProcessEnv = {
      ...(options.env ?? process.env),
      ...addedEnv,
      ...stepEnv,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: options.actionPath,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_ENV: envFile,
      GITHUB_PATH: pathFile,
      RUNNER_TEMP: temp,
    };
    env['PATH'] = [...addedPath, env['PATH'] ?? ''].join(delimiter);
    const cwd = resolve(options.workspace, substitute(step['working-directory'] ?? '.'));
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const exitCode = result.status ?? 1;
    if (step.id) stepOutputs[step.id] = readCommandFile(outputFile);
    Object.assign(addedEnv, readCommandFile(envFile));
    addedPath.unshift(...readFileSync(pathFile, 'utf8').split('\n').filter(Boolean).reverse());
    writeFileSync(envFile, '');
    writeFileSync(pathFile, '');
    records.push({ name, outcome: exitCode === 0 ? 'success' : 'failure', exitCode, output: `${result.stdout}${result.stderr}` });
    if (exitCode !== 0 && failed === undefined) failed = exitCode;
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([key, output]) => [key, substitute(String(output.value ?? ''))]));
  return { steps: records, exitCode: failed ?? 0, summary: readFileSync(summaryFile, 'utf8'), outputs };
}

/** A $GITHUB_OUTPUT or $GITHUB_ENV file: `name=value` lines and `name<<DELIMITER` blocks. */
export function readCommandFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const block = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (block) {
      const end = lines.indexOf(block[2]!, i + 1);
      values[block[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const pair = /^([^=]+)=(.*)$/.exec(lines[i]!);
    if (pair) values[pair[1]!] = pair[2]!;
  }
  return values;
}
