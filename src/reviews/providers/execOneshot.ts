import { spawn } from 'node:child_process';
import { CriticCallError, type Critic, type CriticIdentity, type CriticReply, type ReviewCall } from '../critic.js';
import type { McpToolServer } from '../tools/mcp.js';

export interface ExecCriticOptions {
  name: string;
  command: readonly [string, ...string[]];
  cwd: string;
  timeoutMs: number;
  identity: CriticIdentity;
  /** A critic with `tools:`: the MCP server its reviews reach their tools through (`mcp: {url}` in each review's input). */
  mcp?: McpToolServer | undefined;
}

/** Most of a reply we keep; a critic that floods stdout has failed, not answered. */
export const MAX_REPLY_BYTES = 1 << 20;

/** The end of what a critic wrote to stderr: where a traceback says what went wrong. */
export class StderrTail {
  private text = '';
  add(chunk: Buffer): void {
    this.text = (this.text + chunk.toString()).slice(-4096);
  }
  toString(): string {
    return this.text;
  }
}

/** The messages both modes give, so a failure reads the same whichever mode the critic runs in. */
export const execFailure = {
  spawn: (program: string, err: Error) => `exec critic failed to run ${program}: ${err.message}`,
  timeout: (timeoutMs: number) => `exec critic timed out after ${timeoutMs} ms`,
  // What a persistent critic most often does wrong: print its reply without flushing, so the line never arrives.
  persistentTimeout: (timeoutMs: number) => `exec critic timed out after ${timeoutMs} ms with no reply line for this review (does it flush stdout after each line, e.g. print(..., flush=True)?)`,
  persistentReply: () => 'exec critic answered with a JSON Lines reply ({"id", "reply"}), the persistent protocol: set mode: persistent on this critic',
  // The call's signal fires on the scheduler's deadline (a TimeoutError) or on an interrupt.
  cutOff: (signal: AbortSignal) => `exec critic ${signal.reason instanceof Error && signal.reason.name === 'TimeoutError' ? 'timed out' : 'aborted'}`,
  flood: () => `exec critic wrote more than ${MAX_REPLY_BYTES} bytes`,
  exit: (code: number | null, signal: NodeJS.Signals | null, stderr: StderrTail) => `exec critic exited with ${signal ?? `code ${code}`}${withStderr(stderr)}`,
};

/** A oneshot reply that is one persistent-protocol line: the critic was written for `mode: persistent`. */
function looksPersistent(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || trimmed.includes('\n')) return false;
  try {
    const parsed = JSON.parse(trimmed) as Record<string, unknown>;
    return typeof parsed.id === 'string' && (typeof parsed.reply === 'string' || typeof parsed.error === 'string');
  } catch {
    return false;
  }
}

/** ": " and what stderr says went wrong (see crashSummary), or nothing when it wrote none. */
function withStderr(stderr: StderrTail): string {
  const summary = crashSummary(stderr.toString());
  return summary ? `: ${summary}` : '';
}

/** A stack frame line of a JavaScript stack trace ("    at f (file.js:1:2)"). */
const STACK_FRAME = /^\s+at /;

/**
 * The part of a crash's stderr that names what went wrong. A JavaScript
 * stack prints its message first, then frames, then Node's version: the
 * message paragraph and the frame it was thrown at are kept (the tail would
 * be Node's internal frames). Anything else keeps its last 500 characters,
 * where a Python traceback ends with its message.
 */
export function crashSummary(stderr: string): string {
  const lines = stderr.split('\n');
  const firstFrame = lines.findIndex((line) => STACK_FRAME.test(line));
  if (firstFrame > 0) {
    const before = lines.slice(0, firstFrame).map((line) => line.trim());
    const message = before.slice(before.lastIndexOf('') + 1).join(' ');
    if (message) return `${message} (${lines[firstFrame]!.trim()})`.slice(0, 500);
  }
  return stderr.trim().slice(-500);
}

/**
 * Runs a command once per review: argv with no shell, the review as one JSON
 * object on stdin (never argv: prompts are long and argv is visible to every
 * process), the reply from stdout.
 */
export function createExecCritic(options: ExecCriticOptions): Critic {
  const [program, ...args] = options.command;
  const { mcp } = options;
  return {
    name: options.name,
    identity: options.identity,
    // With tools, a review's input carries the MCP address of its tools, open while the process runs.
    async review(call) {
      if (!call.tools || !mcp) return run(call);
      const review = await mcp.open(call.tools);
      return run(call, { url: review.url }).finally(review.close);
    },
    ...(mcp ? { close: () => mcp.close() } : {}),
  };

  function run({ reviewId, request, messages, claims, turn, signal }: ReviewCall, tools?: { url: string }): Promise<CriticReply> {
    return new Promise((resolve, reject) => {
      const child = spawn(program, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], signal });
      const stdout: Buffer[] = [];
      let stdoutBytes = 0;
      const stderr = new StderrTail();
      let settled = false;
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new CriticCallError(message, false));
      };
      const timer = setTimeout(() => fail(execFailure.timeout(options.timeoutMs)), options.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutBytes > MAX_REPLY_BYTES) fail(execFailure.flood());
        else stdout.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
      child.on('error', (err) => {
        // spawn reports the call's signal firing as an error too; that is a cut-off, not a failure to start.
        if (err.name === 'AbortError') fail(execFailure.cutOff(signal));
        else fail(execFailure.spawn(program, err));
      });
      child.on('close', (code, sig) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const text = Buffer.concat(stdout).toString('utf8');
        if (code !== 0) reject(new CriticCallError(execFailure.exit(code, sig, stderr), false));
        else if (looksPersistent(text)) reject(new CriticCallError(execFailure.persistentReply(), false));
        else resolve({ text });
      });
      // A critic that exits without reading its input is its own business, not a crash of ours.
      child.stdin.on('error', () => {});
      const mcpInput = tools ? { mcp: tools } : {};
      child.stdin.end(JSON.stringify(claims ? { id: reviewId, turn, request, messages, claims, ...mcpInput } : { id: reviewId, turn, request, messages, ...mcpInput }));
    });
  }
}
