import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { deserialize } from 'node:v8';
import { CHILD_SOURCE } from './sandboxChild.js';

/** One script to load into a fresh context, then the expressions to evaluate there, in order. */
export interface SandboxProgram {
  source: string;
  exprs: readonly string[];
  /**
   * The most steps (loop iterations and function calls of a script from
   * toCountedScript) each expression may use, Infinity to count only; the
   * script itself runs under the largest. Without it nothing is counted.
   */
  stepLimits?: readonly number[];
}

/**
 * What one expression did. `skipped`: an earlier one in the same program timed
 * out or passed its step limit. `step-limit`: it used more steps than its
 * limit, a hang detected by counting, judged as a timeout is. `steps`: how many
 * it used, when the program had step limits.
 */
export type Outcome = (
  | { kind: 'value'; value: unknown }
  | { kind: 'unserializable'; type: string }
  | { kind: 'threw'; message: string }
  | { kind: 'timeout' }
  | { kind: 'step-limit'; limit: number }
  | { kind: 'skipped' }
  | { kind: 'crashed'; message: string }
) & { steps?: number };

export interface SandboxOptions {
  /** Time limit per script or expression, in milliseconds. */
  timeoutMs?: number;
  /** Most children this call uses at once; the process-wide pool caps all calls together. */
  concurrency?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 1000;
/** Added to a job's own time limits before the child is killed: covers start-up and a loaded machine. */
const KILL_SLACK_MS = 5000;

/** How a sandbox child is started, and what keeps it off the network. */
export interface SandboxCommand {
  file: string;
  args: string[];
  /** 'netns': a fresh network namespace with no interfaces up; 'vm-only': only the vm context's missing globals. */
  network: 'netns' | 'vm-only';
}

let command: SandboxCommand | undefined;

/**
 * Node with the permission model on and nothing granted: no file-system reads
 * or writes, no child processes, no workers, no native addons. Node 20's
 * permission model does not cover the network, so when `unshare` can create a
 * network namespace (root, or unprivileged user namespaces allowed) the child
 * runs inside an empty one; otherwise the vm context, which exposes no fetch,
 * require or process, is the only network barrier. Probed once per process.
 */
export function sandboxCommand(): SandboxCommand {
  if (command) return command;
  const permission = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
  const node = [process.execPath, permission, '--no-warnings', '--max-old-space-size=256'];
  const unshare = onPath('unshare');
  for (const flags of unshare ? [['-n'], ['-r', '-n']] : []) {
    const args = [...flags, '--', ...node];
    const probe = spawnSync(unshare!, [...args, '-e', ''], { stdio: 'ignore', env: {}, timeout: 10_000 });
    if (probe.status === 0) return (command = { file: unshare!, args, network: 'netns' });
  }
  return (command = { file: node[0]!, args: node.slice(1), network: 'vm-only' });
}

function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find((p) => existsSync(p));
}

/**
 * Runs each program in its own fresh vm context, in the pool of sandboxed
 * child processes, and returns every expression's outcome in input order. A
 * child that outlives its job's time limits (a hang the vm timeout cannot
 * interrupt) is killed and replaced; its job's expressions all time out.
 */
export async function runPrograms(programs: readonly SandboxProgram[], options: SandboxOptions = {}): Promise<Outcome[][]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { signal } = options;
  const results: Outcome[][] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    let child: SandboxChild | undefined;
    const onAbort = () => child?.kill();
    signal?.addEventListener('abort', onAbort);
    try {
      while (next < programs.length) {
        const index = next++;
        const program = programs[index]!;
        child ??= await pool.acquire(signal);
        try {
          results[index] = await child.run(program, timeoutMs);
        } catch (error) {
          signal?.throwIfAborted();
          if (error instanceof SpawnError) throw error;
          child.kill();
          pool.release(child);
          child = undefined;
          const outcome: Outcome = error instanceof KillTimeout ? { kind: 'timeout' } : { kind: 'crashed', message: (error as Error).message };
          results[index] = program.exprs.map(() => outcome);
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (child) pool.release(child);
    }
  };
  const size = Math.max(1, Math.min(options.concurrency ?? POOL_SIZE, programs.length));
  await Promise.all(Array.from({ length: size }, worker));
  return results;
}

/**
 * At most POOL_SIZE children per process, however many calls run at once, and
 * kept warm between calls: a critic reviews one artifact per call, and
 * starting a child costs far more than running a few examples. Reuse does not
 * weaken isolation, which is per program (a fresh vm context), not per
 * process. Idle children do not keep the parent alive, and exit when it does.
 */
class ChildPool {
  private live = 0;
  private readonly idle: SandboxChild[] = [];
  private readonly waiting: Array<(child: SandboxChild) => void> = [];

  async acquire(signal: AbortSignal | undefined): Promise<SandboxChild> {
    signal?.throwIfAborted();
    for (let child = this.idle.pop(); child; child = this.idle.pop()) {
      if (child.usable) return child;
      this.live--;
    }
    if (this.live < POOL_SIZE) {
      this.live++;
      return new SandboxChild();
    }
    return new Promise((resolve, reject) => {
      const waiter = (child: SandboxChild) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(child);
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  release(child: SandboxChild): void {
    if (!child.usable) {
      this.live--;
      if (this.waiting.length === 0) return;
      this.live++;
      child = new SandboxChild();
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(child);
    else this.idle.push(child);
  }
}

const POOL_SIZE = Math.max(2, availableParallelism());
const pool = new ChildPool();

class KillTimeout extends Error {}
/** The sandbox could not be started at all: no result would mean anything. */
export class SpawnError extends Error {}

type RawOutcome = Exclude<Outcome, { kind: 'value' }> | { kind: 'value'; data: string; steps?: number };

/** One child process, running one job at a time. */
class SandboxChild {
  private readonly process: ChildProcessWithoutNullStreams;
  private stdout = '';
  private stderr = '';
  private jobs = 0;
  /** Set once the child is gone: later jobs fail at once instead of waiting for their kill timer. */
  private gone: Error | undefined;
  private pending: { resolve: (line: string) => void; reject: (error: Error) => void } | undefined;

  constructor() {
    const { file, args } = sandboxCommand();
    // An empty environment: nothing from the parent's (API keys included) is visible even after a vm escape.
    this.process = spawn(file, [...args, '-e', CHILD_SOURCE], { env: {}, stdio: 'pipe' });
    this.process.on('error', (error) => this.end(new SpawnError(`cannot start the sandbox (${file}): ${error.message}`)));
    this.process.on('exit', (code, signal) => {
      this.end(new Error(`sandbox process exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.trim()}` : ''}`));
    });
    // A write after the child died fails with EPIPE; the exit handler already reports it.
    this.process.stdin.on('error', () => {});
    this.process.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
      const newline = this.stdout.indexOf('\n');
      if (newline === -1) return;
      const line = this.stdout.slice(0, newline);
      this.stdout = this.stdout.slice(newline + 1);
      this.settle()?.resolve(line);
    });
    this.process.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    this.keepParentAlive(false);
  }

  get usable(): boolean {
    return this.gone === undefined;
  }

  async run(program: SandboxProgram, timeoutMs: number): Promise<Outcome[]> {
    if (this.gone) throw this.gone;
    const id = ++this.jobs;
    const budget = timeoutMs * (program.exprs.length + 1) + KILL_SLACK_MS;
    let timer: NodeJS.Timeout | undefined;
    this.keepParentAlive(true);
    const line = await new Promise<string>((resolve, reject) => {
      this.pending = { resolve, reject };
      timer = setTimeout(() => this.settle()?.reject(new KillTimeout()), budget);
      const stepLimits = program.stepLimits?.map((limit) => (limit === Infinity ? null : limit));
      this.process.stdin.write(`${JSON.stringify({ id, source: program.source, exprs: program.exprs, timeoutMs, stepLimits })}\n`);
    }).finally(() => {
      clearTimeout(timer);
      this.keepParentAlive(false);
    });
    const reply = JSON.parse(line) as { id: number; outcomes: RawOutcome[] };
    if (reply.id !== id) throw new Error(`sandbox answered job ${reply.id} while job ${id} was pending`);
    return reply.outcomes.map((o) => {
      if (o.kind !== 'value') return o;
      const { data, ...rest } = o;
      return { ...rest, value: deserialize(Buffer.from(data, 'base64')) };
    });
  }

  kill(): void {
    this.gone ??= new Error('sandbox process killed');
    this.process.kill('SIGKILL');
  }

  /** Lets the child finish: it exits once its stdin closes. */
  close(): void {
    this.gone ??= new Error('sandbox process closed');
    this.process.stdin.end();
  }

  /** Only a child with a job in flight holds the parent's event loop open. Its pipes are sockets at run time. */
  private keepParentAlive(hold: boolean): void {
    for (const handle of [this.process, this.process.stdin, this.process.stdout, this.process.stderr] as Array<{ ref(): void; unref(): void }>) {
      if (hold) handle.ref();
      else handle.unref();
    }
  }

  private end(error: Error): void {
    this.gone ??= error;
    this.settle()?.reject(error);
  }

  /** Takes the pending job, so that it is resolved or rejected exactly once. */
  private settle() {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }
}
