import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { CriticCallError, type Critic, type CriticReply, type ReviewCall } from '../critic.js';
import type { Toolbox } from '../tools/index.js';
import { execFailure, MAX_REPLY_BYTES, StderrTail, type ExecCriticOptions } from './execOneshot.js';

/** Processes in a row that ended before answering a review, after which the critic is not restarted. */
const MAX_EARLY_DEATHS = 3;
/** How long a closed process has to exit on SIGTERM before it gets SIGKILL. */
const CLOSE_GRACE_MS = 2_000;

interface InFlight {
  resolve: (reply: CriticReply) => void;
  reject: (err: CriticCallError) => void;
  /** A tool-using critic's tools for the review, and its calls so far, answered one after another in the order asked. */
  tools?: { box: Toolbox; calls: Promise<void> };
}

/**
 * One child process speaking JSON Lines, and the reviews in flight on it.
 * `onEnd` is told when the process has ended and says what its reviews in
 * flight fail with.
 */
class ExecSession {
  /** True once the process has answered a review: it got past starting up. */
  answered = false;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly inFlight = new Map<string, InFlight>();
  /** Reviews cut off or failed while the process may still answer them: their late replies are dropped, not taken for stray ids. */
  private readonly abandoned = new Set<string>();
  private readonly stderr = new StderrTail();
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private ended = false;

  constructor(
    program: string,
    args: string[],
    cwd: string,
    private readonly onEnd: (session: ExecSession, cause: CriticCallError, inFlight: string[]) => (reviewId: string) => CriticCallError,
  ) {
    this.child = spawn(program, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    // A process left over must not keep the harness running: while reviews are in flight their timers hold the event loop.
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as Socket).unref();
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => this.stderr.add(chunk));
    // A dying process closes its stdin under our writes; its exit is what reports it.
    this.child.stdin.on('error', () => {});
    this.child.on('error', (err) => this.end(new CriticCallError(execFailure.spawn(program, err), false)));
    // Whatever ended it, another process may well answer: the reviews it took down are worth retrying.
    this.child.on('close', (code, signal) => this.end(new CriticCallError(execFailure.exit(code, signal, this.stderr), true)));
  }

  review({ reviewId, request, messages, claims, turn, signal, tools }: ReviewCall, timeoutMs: number, mcpUrl?: string): Promise<CriticReply> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.inFlight.delete(reviewId);
      };
      // A timeout or an interrupt ends this review only; the process goes on with the others.
      const cutOff = (message: string) => {
        settle();
        this.abandoned.add(reviewId);
        reject(new CriticCallError(message, false));
      };
      const timer = setTimeout(() => cutOff(execFailure.persistentTimeout(timeoutMs)), timeoutMs);
      const onAbort = () => cutOff(execFailure.cutOff(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      this.abandoned.delete(reviewId);
      this.inFlight.set(reviewId, {
        resolve: (reply) => (settle(), resolve(reply)),
        reject: (err) => (settle(), reject(err)),
        ...(tools ? { tools: { box: tools, calls: Promise.resolve() } } : {}),
      });
      const offered = tools ? { tools: tools.specs, maxCalls: tools.maxCalls, ...(mcpUrl ? { mcp: { url: mcpUrl } } : {}) } : {};
      this.child.stdin.write(`${JSON.stringify(claims ? { id: reviewId, turn, request, messages, claims, ...offered } : { id: reviewId, turn, request, messages, ...offered })}\n`);
    });
  }

  /** Fails the reviews in flight and ends the process: SIGTERM, then SIGKILL if it lingers. */
  close(): Promise<void> {
    this.failAll('exec critic was closed with this review in flight');
    if (this.ended) return Promise.resolve();
    return new Promise((resolve) => {
      const force = setTimeout(() => this.child.kill('SIGKILL'), CLOSE_GRACE_MS);
      this.child.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      this.child.kill('SIGTERM');
    });
  }

  /** Splits stdout into lines on the newline byte (never inside a UTF-8 sequence), one reply each. */
  private read(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1 && !this.ended; newline = chunk.indexOf(0x0a, start)) {
      this.partial.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.partial).toString('utf8');
      this.partial = [];
      this.partialBytes = 0;
      start = newline + 1;
      this.answer(line);
    }
    if (start >= chunk.length || this.ended) return;
    this.partial.push(chunk.subarray(start));
    this.partialBytes += chunk.length - start;
    // A line this long is a flood, and the stream cannot be trusted after it: the process is ended.
    if (this.partialBytes > MAX_REPLY_BYTES) {
      this.failAll(execFailure.flood());
      this.child.kill('SIGKILL');
    }
  }

  private answer(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = null;
    }
    const { id, reply, error, toolCall } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
    // Which review a stray line belongs to cannot be known: every review in flight on the process is in doubt.
    if (typeof id !== 'string') {
      this.failAll(`exec critic wrote a line that is not a JSON reply with a string "id": ${JSON.stringify(line.slice(0, 200))}`);
      return;
    }
    // A review given up on may still send tool calls before its late reply: dropped, the mark kept for the reply.
    if (this.abandoned.has(id)) {
      if (toolCall === undefined) this.abandoned.delete(id);
      return;
    }
    const review = this.inFlight.get(id);
    if (!review) {
      this.failAll(`exec critic replied to id ${JSON.stringify(id.slice(0, 100))}, which is not a review in flight`);
      return;
    }
    if (toolCall !== undefined) {
      this.callTool(id, review, toolCall);
      return;
    }
    this.answered = true;
    if (typeof error === 'string') review.reject(new CriticCallError(`exec critic reported an error: ${error.slice(0, 500)}`, false));
    else if (typeof reply === 'string') review.resolve({ text: reply });
    else review.reject(new CriticCallError('exec critic answered without a "reply" string (or an "error" string)', false));
  }

  /**
   * A tool call line, `{"id", "toolCall": {"name", "arguments"}}`: run through the review's tools, in the order
   * asked, and answered with `{"id", "toolResult": {"name", "content", "denied", "error"}}` while the review is in
   * flight. A review offered no tools, or a call without a name, fails.
   */
  private callTool(id: string, review: InFlight, toolCall: unknown): void {
    const { name, arguments: args } = (typeof toolCall === 'object' && toolCall !== null ? toolCall : {}) as Record<string, unknown>;
    if (!review.tools || typeof name !== 'string') {
      const problem = review.tools ? 'wrote a toolCall without a "name" string' : 'asked for a tool call, but this review offers no tools (the critic has no tools: in the config)';
      review.reject(new CriticCallError(`exec critic ${problem}`, false));
      return;
    }
    const { box } = review.tools;
    review.tools.calls = review.tools.calls.then(async () => {
      const result = await box.call(name, args);
      if (this.inFlight.get(id) !== review) return; // cut off or failed meanwhile: nothing reads the result
      this.child.stdin.write(`${JSON.stringify({ id, toolResult: { name, content: result.content, denied: result.denied, error: result.error } })}\n`);
    });
    review.tools.calls.catch((err: unknown) => review.reject(new CriticCallError(`tool call ${name} failed: ${err instanceof Error ? err.message : String(err)}`, true)));
  }

  private failAll(message: string): void {
    for (const [id, review] of this.inFlight) {
      this.abandoned.add(id);
      review.reject(new CriticCallError(message, false));
    }
  }

  private end(cause: CriticCallError): void {
    if (this.ended) return;
    this.ended = true;
    const errorFor = this.onEnd(this, cause, [...this.inFlight.keys()]);
    for (const [id, review] of this.inFlight) review.reject(errorFor(id));
  }
}

/**
 * Keeps one process for all reviews and speaks JSON Lines with it: each
 * review is one line on its stdin, `{"id", "request", "messages"}` (what a
 * oneshot critic reads), and each reply one line on its stdout, `{"id",
 * "reply"}` or `{"id", "error"}`, in any order, several in flight. A
 * tool-using critic's review line also lists its `tools` and `maxCalls`, and
 * the MCP address of the same tools (`mcp: {url}`); it may write `{"id",
 * "toolCall": {...}}` lines before its reply, each answered with a `{"id",
 * "toolResult": {...}}` line, or call them over MCP (docs/critics.md). A process
 * that ends fails the reviews in flight on it (retryably) and the next review
 * starts another, unless the last few ended before answering anything: then
 * the critic is broken, and every review fails with the cause at once.
 */
export function createPersistentExecCritic(options: ExecCriticOptions): Critic {
  const [program, ...args] = options.command;
  let current: ExecSession | null = null;
  let earlyDeaths = 0;
  let brokenBy: string | null = null;
  // The review a process ended with when it was the only one in flight: if the next process ends on it alone too, the
  // input is the cause (for a critic that has answered before: one that never has is failing to start, not on an input).
  let lastSoleSuspect: string | null = null;
  let everAnswered = false;
  const ended = (session: ExecSession, cause: CriticCallError, inFlight: string[]): ((reviewId: string) => CriticCallError) => {
    // A process closed on purpose says nothing about the critic.
    if (session !== current) return () => cause;
    current = null;
    everAnswered ||= session.answered;
    const sole = everAnswered && inFlight.length === 1 ? inFlight[0]! : null;
    if (sole !== null && sole === lastSoleSuspect) {
      // One input that crashes every process it reaches is that review's failure, not a critic that cannot start.
      lastSoleSuspect = null;
      const poisoned = new CriticCallError(`${cause.message} (the critic's process ended twice with only this review in flight: not sent again)`, false);
      return () => poisoned;
    }
    lastSoleSuspect = sole;
    earlyDeaths = session.answered ? 0 : earlyDeaths + 1;
    if (earlyDeaths < MAX_EARLY_DEATHS) return () => cause;
    brokenBy = `${cause.message} (its last ${MAX_EARLY_DEATHS} processes ended before answering a review: not restarted)`;
    const broken = new CriticCallError(brokenBy, false);
    return () => broken;
  };
  return {
    name: options.name,
    identity: options.identity,
    async review(call) {
      // With tools, the review's line also carries the MCP address of its tools, open until it is answered.
      const mcp = call.tools && options.mcp ? await options.mcp.open(call.tools) : undefined;
      try {
        if (brokenBy !== null) throw new CriticCallError(brokenBy, false);
        if (call.signal.aborted) throw new CriticCallError(execFailure.cutOff(call.signal), false);
        current ??= new ExecSession(program, args, options.cwd, ended);
        return await current.review(call, options.timeoutMs, mcp?.url);
      } finally {
        mcp?.close();
      }
    },
    async close() {
      const session = current;
      current = null;
      await Promise.all([session?.close(), options.mcp?.close()]);
    },
  };
}
