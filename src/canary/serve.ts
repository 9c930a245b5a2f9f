import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { loadAnswerKey } from '../drift/answerKey.js';
import { InputError } from '../errors.js';

/** The file beside the key where serve keeps its counts, so a restart does not bring retired canaries back. */
export const USES_FILE = 'serve-uses.json';

/** serve-uses.json: the answer key's digest (a fresh export starts new counts), uses per canary, and whose turn is next. */
const usesSchema = z.strictObject({
  key: z.string(),
  next: z.number().int().nonnegative(),
  uses: z.record(z.string(), z.number().int().nonnegative()),
});

export interface ServeOptions {
  keyFile: string;
  port: number;
  host?: string;
  /** Retire a canary after this many uses; default never. */
  rotate?: number | undefined;
}

/** A canary as served: its line of canaries.jsonl, verbatim. */
interface Served {
  canaryId: string;
  line: string;
  uses: number;
}

/**
 * The canary set over HTTP, for a production system that mixes canaries
 * into its traffic: `GET /next` hands out the next canary (its line of
 * canaries.jsonl: the id to log and what the critic receives), in turn; a
 * canary is retired after `rotate` uses, so a critic that memorises canaries
 * is not rewarded for long. `GET /status` counts uses. When every canary is
 * retired, /next answers 410: export a fresh set. The counts are kept in
 * serve-uses.json beside the key, so a restart carries on where it stopped.
 */
export class CanaryServer {
  private readonly canaries: Served[];
  private next = 0;
  private readonly usesFile: string;
  private readonly keyDigest: string;
  /** Whether the counts came from an earlier serve of the same key. */
  readonly resumed: boolean;

  constructor(private readonly options: ServeOptions) {
    const { key, digest } = loadAnswerKey(options.keyFile);
    this.keyDigest = digest;
    this.usesFile = join(dirname(options.keyFile), USES_FILE);
    const file = join(dirname(options.keyFile), key.canaries);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new InputError(file, undefined, undefined, `cannot read the canaries beside the key: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    this.canaries = text
      .split('\n')
      .map((line, i) => ({ line, number: i + 1 }))
      .filter(({ line }) => line.trim() !== '')
      .map(({ line, number }) => {
        let canaryId: unknown;
        try {
          canaryId = (JSON.parse(line) as { canaryId?: unknown }).canaryId;
        } catch (err) {
          throw new InputError(file, number, undefined, `not valid JSON (${(err as Error).message})`);
        }
        if (typeof canaryId !== 'string' || !Object.hasOwn(key.key, canaryId)) {
          throw new InputError(file, number, 'canaryId', `${JSON.stringify(canaryId)} is not a canary of ${options.keyFile}`);
        }
        return { canaryId, line, uses: 0 };
      });
    if (!this.canaries.length) throw new InputError(file, undefined, undefined, 'no canary to serve');
    this.resumed = this.restoreUses();
  }

  /** Takes up the counts an earlier serve of the same key saved; a file made for another key is left to be overwritten. */
  private restoreUses(): boolean {
    if (!existsSync(this.usesFile)) return false;
    let saved: z.infer<typeof usesSchema>;
    try {
      saved = usesSchema.parse(JSON.parse(readFileSync(this.usesFile, 'utf8')));
    } catch (err) {
      const reason = err instanceof z.ZodError ? err.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ') : (err as Error).message;
      throw new InputError(this.usesFile, undefined, undefined, `not a use count written by canary serve (${reason}); delete it to start the counts again`);
    }
    if (saved.key !== this.keyDigest) return false;
    for (const canary of this.canaries) canary.uses = saved.uses[canary.canaryId] ?? 0;
    this.next = saved.next % this.canaries.length;
    return true;
  }

  /** Written through a temporary file and a rename, so a crash never leaves half a count behind. */
  private saveUses(): void {
    const body = { key: this.keyDigest, next: this.next, uses: Object.fromEntries(this.canaries.map((c) => [c.canaryId, c.uses])) };
    const tmp = `${this.usesFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(body));
    renameSync(tmp, this.usesFile);
  }

  /** The next active canary in turn, counted as used; null when every one is retired. */
  take(): Served | null {
    const { rotate } = this.options;
    for (let tried = 0; tried < this.canaries.length; tried++) {
      const canary = this.canaries[this.next]!;
      this.next = (this.next + 1) % this.canaries.length;
      if (rotate !== undefined && canary.uses >= rotate) continue;
      canary.uses += 1;
      this.saveUses();
      return canary;
    }
    return null;
  }

  status() {
    const rotate = this.options.rotate;
    const retired = rotate === undefined ? 0 : this.canaries.filter((c) => c.uses >= rotate).length;
    return { canaries: this.canaries.length, active: this.canaries.length - retired, retired, uses: this.canaries.reduce((n, c) => n + c.uses, 0), rotate: rotate ?? null };
  }

  /** Starts listening; resolves once the port is bound. */
  listen(): Promise<Server> {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(body);
      };
      if (req.method !== 'GET') return send(405, JSON.stringify({ error: 'use GET /next or GET /status' }));
      if (path === '/status') return send(200, JSON.stringify(this.status()));
      if (path !== '/next') return send(404, JSON.stringify({ error: 'use GET /next or GET /status' }));
      const canary = this.take();
      if (!canary) return send(410, JSON.stringify({ error: `every canary is retired (--rotate ${this.options.rotate}): export a fresh set with critic-audit canary` }));
      send(200, canary.line);
    });
    return new Promise((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        reject(new InputError('(command line)', undefined, '--port', `cannot listen on ${this.options.host ?? '127.0.0.1'}:${this.options.port}: ${err.code ?? err.message}`)),
      );
      server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => resolve(server));
    });
  }
}
