import { spawn } from 'node:child_process';
import { CriticCallError, type Critic, type CriticIdentity } from '../critic.js';

export interface ExecCriticOptions {
  name: string;
  command: readonly [string, ...string[]];
  cwd: string;
  timeoutMs: number;
  identity: CriticIdentity;
}

/** Most of a reply we keep; a critic that floods stdout has failed, not answered. */
const MAX_REPLY_BYTES = 1 << 20;

/**
 * Runs a command once per review: argv with no shell, the review as one JSON
 * object on stdin (never argv: prompts are long and argv is visible to every
 * process), the reply from stdout.
 */
export function createExecCritic(options: ExecCriticOptions): Critic {
  const [program, ...args] = options.command;
  return {
    name: options.name,
    identity: options.identity,
    review({ reviewId, request, messages, signal }) {
      return new Promise((resolve, reject) => {
        const child = spawn(program, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], signal });
        const stdout: Buffer[] = [];
        let stdoutBytes = 0;
        let stderr = '';
        let settled = false;
        const fail = (message: string) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          child.kill('SIGKILL');
          reject(new CriticCallError(message, false));
        };
        const timer = setTimeout(() => fail(`exec critic timed out after ${options.timeoutMs} ms`), options.timeoutMs);
        child.stdout.on('data', (chunk: Buffer) => {
          stdoutBytes += chunk.length;
          if (stdoutBytes > MAX_REPLY_BYTES) fail(`exec critic wrote more than ${MAX_REPLY_BYTES} bytes`);
          else stdout.push(chunk);
        });
        child.stderr.on('data', (chunk: Buffer) => {
          if (stderr.length < 4096) stderr += chunk.toString();
        });
        child.on('error', (err) => {
          // spawn reports the call's signal firing as an error too; that is a cut-off, not a failure to start.
          if (err.name === 'AbortError') fail(`exec critic ${signal.reason instanceof Error && signal.reason.name === 'TimeoutError' ? 'timed out' : 'aborted'}`);
          else fail(`exec critic failed to run ${program}: ${err.message}`);
        });
        child.on('close', (code, sig) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (code === 0) resolve({ text: Buffer.concat(stdout).toString('utf8') });
          else reject(new CriticCallError(`exec critic exited with ${sig ?? `code ${code}`}${stderr ? `: ${stderr.trim().slice(0, 500)}` : ''}`, false));
        });
        // A critic that exits without reading its input is its own business, not a crash of ours.
        child.stdin.on('error', () => {});
        child.stdin.end(JSON.stringify({ id: reviewId, request, messages }));
      });
    },
  };
}
