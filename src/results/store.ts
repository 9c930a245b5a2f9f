import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReviewResult } from '../reviews/schedule.js';
import { BatchedWriter } from '../util/batchedWriter.js';
import type { RunSnapshot, RunStatus } from './snapshot.js';

export const STORE_FILE = 'run.sqlite';

/** The key of one review: a critic's verdict on one item under one condition, one repeat. */
export interface ReviewKey {
  critic: string;
  itemId: string;
  condition: string;
  repeat: number;
}

const keyString = (k: ReviewKey) => `${k.critic}\0${k.itemId}\0${k.condition}\0${k.repeat}`;

/**
 * The run's durable record, in the run folder: what was planned (fixtures,
 * mutants, settings) and every review as it completes. SQLite in WAL mode:
 * each result is its own committed transaction, so a killed run loses at most
 * the reviews still in flight, and a resumed one skips what is here.
 */
export class RunStore {
  private readonly db: Database.Database;
  private readonly writer: BatchedWriter<ReviewResult>;

  private constructor(readonly file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a process kill (only an OS crash can drop the last commits).
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS results (
        critic TEXT NOT NULL, item_id TEXT NOT NULL, condition TEXT NOT NULL, repeat INTEGER NOT NULL,
        review_id TEXT NOT NULL, request_digest TEXT NOT NULL, outcome TEXT NOT NULL, verdict TEXT,
        reply TEXT, error TEXT, attempts INTEGER NOT NULL, latency_ms REAL NOT NULL,
        input_tokens INTEGER, output_tokens INTEGER, cached INTEGER NOT NULL, cache_key TEXT NOT NULL,
        completed_at REAL NOT NULL,
        PRIMARY KEY (critic, item_id, condition, repeat)
      ) WITHOUT ROWID;`);
    const insert = this.db.prepare(`INSERT OR IGNORE INTO results VALUES
      (@critic, @itemId, @condition, @repeat, @reviewId, @requestDigest, @outcome, @verdict, @reply, @error, @attempts, @latencyMs, @inputTokens, @outputTokens, @cached, @cacheKey, @completedAt)`);
    this.writer = new BatchedWriter(this.db, (result) =>
      insert.run({
        ...result,
        inputTokens: result.usage?.inputTokens ?? null,
        outputTokens: result.usage?.outputTokens ?? null,
        cached: result.cached ? 1 : 0,
        completedAt: Date.now(),
      }),
    );
  }

  static exists(dir: string): boolean {
    return existsSync(join(dir, STORE_FILE));
  }

  static open(dir: string): RunStore {
    mkdirSync(dir, { recursive: true });
    return new RunStore(join(dir, STORE_FILE));
  }

  /** Records a finished review; a key already present (a resumed duplicate) is left as first recorded. */
  add(result: ReviewResult): void {
    this.writer.add(result);
  }

  completedKeys(): Set<string> {
    this.writer.flush();
    const keys = new Set<string>();
    for (const row of this.db.prepare('SELECT critic, item_id AS itemId, condition, repeat FROM results').iterate() as Iterable<ReviewKey>) keys.add(keyString(row));
    return keys;
  }

  static keyOf = keyString;

  /** Every result, in a stable order (not completion order), so reports do not depend on scheduling. */
  *results(critic?: string): Generator<ReviewResult> {
    this.writer.flush();
    const sql = `SELECT * FROM results ${critic ? 'WHERE critic = ?' : ''} ORDER BY critic, item_id, condition, repeat`;
    const rows = this.db.prepare(sql).iterate(...(critic ? [critic] : [])) as Iterable<Record<string, unknown>>;
    for (const row of rows) yield rowToResult(row);
  }

  count(): number {
    this.writer.flush();
    return (this.db.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n;
  }

  writeSnapshot(snapshot: RunSnapshot): void {
    this.setMeta('snapshot', snapshot);
  }

  readSnapshot(): RunSnapshot | undefined {
    return this.getMeta('snapshot');
  }

  writeStatus(status: RunStatus): void {
    this.setMeta('status', status);
  }

  readStatus(): RunStatus | undefined {
    return this.getMeta('status');
  }

  close(): void {
    this.writer.flush();
    this.db.close();
  }

  private setMeta(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }

  private getMeta<T>(key: string): T | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }
}

function rowToResult(row: Record<string, unknown>): ReviewResult {
  const inputTokens = row.input_tokens as number | null;
  const outputTokens = row.output_tokens as number | null;
  return {
    critic: row.critic as string,
    itemId: row.item_id as string,
    condition: row.condition as ReviewResult['condition'],
    repeat: row.repeat as number,
    reviewId: row.review_id as string,
    requestDigest: row.request_digest as string,
    outcome: row.outcome as ReviewResult['outcome'],
    verdict: row.verdict as ReviewResult['verdict'],
    reply: row.reply as string | null,
    error: row.error as string | null,
    attempts: row.attempts as number,
    latencyMs: row.latency_ms as number,
    usage: inputTokens === null || outputTokens === null ? null : { inputTokens, outputTokens },
    cached: row.cached === 1,
    cacheKey: row.cache_key as string,
  };
}
