import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import chalk from 'chalk';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

/** The CLI run in this process, its console quiet: the exit code and what it printed to stderr. */
export async function runCli(...argv: string[]): Promise<{ code: number; stderr: string }> {
  const errors: string[] = [];
  const err = vi.spyOn(console, 'error').mockImplementation((...parts) => void errors.push(parts.join(' ')));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    return { code: await main(argv), stderr: errors.join('\n') };
  } finally {
    err.mockRestore();
    log.mockRestore();
  }
}

/** What a CLI run returned and printed, as a child process's exit code, stdout and stderr. */
export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The CLI run in this process as `FORCE_COLOR=0 node bin/critic-audit.js ARGV` would run
 * in `cwd` with `env` added (and inherited by the critics it starts): what it prints,
 * through the console or straight to the streams (the progress line), captured in
 * order. A spawned CLI pays node's start, the module graph, the language model and
 * WordNet on every run, about 2 s of CPU; here they load once per worker. What only a
 * process of its own shows (the bin's exit code, signals, V8's heap flags, node's own
 * warnings) stays with the specs that spawn bin/critic-audit.js.
 */
export async function runCliAsProcess(argv: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliOutput> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void stdout.push(`${format(...parts)}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void stderr.push(`${format(...parts)}\n`));
  const warn = vi.spyOn(console, 'warn').mockImplementation((...parts) => void stderr.push(`${format(...parts)}\n`));
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture(stdout));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture(stderr));
  const env = options.env ?? {};
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  const level = chalk.level;
  chalk.level = 0;
  const cwd = process.cwd();
  if (options.cwd) process.chdir(options.cwd);
  try {
    return { code: await main([...argv]), stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    process.chdir(cwd);
    chalk.level = level;
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    log.mockRestore();
    error.mockRestore();
    warn.mockRestore();
    out.mockRestore();
    err.mockRestore();
  }
}

/** A stream's write that appends what it is given to `into` instead, and calls back at once. */
function capture(into: string[]) {
  return (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    for (const arg of rest) if (typeof arg === 'function') arg();
    return true;
  };
}

/** Every file below a folder, for specs that grep a whole run folder. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}
