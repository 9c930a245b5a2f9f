import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Fixture } from '../fixtures/types.js';
import type { Generation } from '../mutants/generate.js';
import type { IgnoredMutant, Mutant, MutantRecord } from '../mutants/types.js';
import type { Shard } from '../requests/shard.js';
import type { BatchRecord } from '../reviews/batch/run.js';
import type { ReviewResult } from '../reviews/types.js';
import { BatchedWriter } from '../util/batchedWriter.js';
import { openDatabase } from '../util/sqlite.js';
import type { RunPlan, RunSettings, RunSnapshot, RunStatus } from './types.js';

export const STORE_FILE = 'run.sqlite';

/** Every column of a result but its reply and error text, for results(critic, { text: false }). */
/** A result row's columns in the order rowToResult reads them; rows come back as arrays, cheaper than objects per row. */
const RESULT_COLUMNS =
  'critic, item_id, condition, repeat, review_id, request_digest, outcome, verdict, reply, error, attempts, latency_ms, input_tokens, output_tokens, cached, cache_key, rate_limited, follow_up';
/** An error's text is kept: it is short, and the reports group failed reviews by it. */
const COLUMNS_WITHOUT_TEXT = RESULT_COLUMNS.replace('reply, error', 'NULL, error');

/** The key of one review: a critic's verdict on one item under one condition, one repeat. */
export interface ReviewKey {
  critic: string;
  itemId: string;
  condition: string;
  repeat: number;
}

/**
 * The run's durable record, in the run folder: what was planned (settings,
 * and fixtures and mutants one row each, so no step holds the whole suite as
 * one document) and every review as it completes. SQLite in WAL mode: results
 * are committed in small batches, so a killed run loses at most the reviews
 * still in flight and the last few milliseconds, and a resumed one skips what
 * is here.
 */
export class RunStore {
  private readonly db: Database.Database;
  private readonly writer: BatchedWriter<ReviewResult>;
  private hasKey: Database.Statement | undefined;
  private itemRows: Database.Statement | undefined;
  private oneRow: Database.Statement | undefined;

  private constructor(readonly file: string) {
    this.db = openDatabase(file);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS results (
        critic TEXT NOT NULL, item_id TEXT NOT NULL, condition TEXT NOT NULL, repeat INTEGER NOT NULL,
        review_id TEXT NOT NULL, request_digest TEXT NOT NULL, outcome TEXT NOT NULL, verdict TEXT,
        reply TEXT, error TEXT, attempts INTEGER NOT NULL, latency_ms REAL NOT NULL,
        input_tokens INTEGER, output_tokens INTEGER, cached INTEGER NOT NULL, cache_key TEXT NOT NULL,
        completed_at REAL NOT NULL, rate_limited INTEGER NOT NULL DEFAULT 0, follow_up TEXT,
        PRIMARY KEY (critic, item_id, condition, repeat)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS fixtures (ord INTEGER PRIMARY KEY, data TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS mutants (ord INTEGER PRIMARY KEY, fixture_id TEXT NOT NULL, id TEXT NOT NULL, valid INTEGER NOT NULL, data TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS mutants_of_fixture ON mutants (fixture_id, valid);
      CREATE TABLE IF NOT EXISTS batches (batch_id TEXT PRIMARY KEY, critic TEXT NOT NULL, input_file_id TEXT NOT NULL, custom_ids TEXT NOT NULL, state TEXT NOT NULL, submitted_at REAL NOT NULL);`);
    this.addLaterColumns();
    // A key already stored keeps its first answer; only an error is replaced, by the retry a resumed run makes.
    const insert = this.db.prepare(`INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (critic, item_id, condition, repeat) DO UPDATE SET
        review_id = excluded.review_id, request_digest = excluded.request_digest, outcome = excluded.outcome, verdict = excluded.verdict,
        reply = excluded.reply, error = excluded.error, attempts = excluded.attempts, latency_ms = excluded.latency_ms,
        input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, cached = excluded.cached,
        cache_key = excluded.cache_key, completed_at = excluded.completed_at, rate_limited = excluded.rate_limited, follow_up = excluded.follow_up
      WHERE results.outcome = 'error'`);
    // Positional, in column order: spreading a result into a bigger parameter object costs a slow object per review.
    this.writer = new BatchedWriter(
      this.db,
      (r) =>
        insert.run(
          r.critic,
          r.itemId,
          r.condition,
          r.repeat,
          r.reviewId,
          r.requestDigest,
          r.outcome,
          r.verdict,
          r.reply,
          r.error,
          r.attempts,
          r.latencyMs,
          r.usage?.inputTokens ?? null,
          r.usage?.outputTokens ?? null,
          r.cached ? 1 : 0,
          r.cacheKey,
          Date.now(),
          r.rateLimited,
          r.followUp ?? null,
        ),
      { exclusive: true },
    );
    this.migrateSnapshot();
  }

  static exists(dir: string): boolean {
    return existsSync(join(dir, STORE_FILE));
  }

  static open(dir: string): RunStore {
    mkdirSync(dir, { recursive: true });
    return new RunStore(join(dir, STORE_FILE));
  }

  /** Records a finished review; a key already answered (a resumed duplicate) is left as first recorded, an error is replaced. */
  add(result: ReviewResult): void {
    this.writer.add(result);
  }

  /**
   * Whether a review is done: answered, with a verdict or without. An error is not: it is a transport failure
   * or a review cut short by a stop (rate limit, quota, Ctrl-C), so a resumed run tries it again. Asked per
   * job by a resumed run, instead of holding every stored key in memory.
   */
  isDone(key: ReviewKey): boolean {
    this.hasKey ??= this.db.prepare("SELECT 1 FROM results WHERE critic = ? AND item_id = ? AND condition = ? AND repeat = ? AND outcome != 'error'").pluck();
    return this.hasKey.get(key.critic, key.itemId, key.condition, key.repeat) !== undefined;
  }

  /**
   * Every result, in a stable order (not completion order), so reports do not
   * depend on scheduling. With `text: false`, replies come back null: counts
   * never read them, and a long run's replies are most of its bytes.
   */
  *results(critic?: string, { text = true }: { text?: boolean } = {}): Generator<ReviewResult> {
    this.writer.flush();
    const columns = text ? RESULT_COLUMNS : COLUMNS_WITHOUT_TEXT;
    const sql = `SELECT ${columns} FROM results ${critic ? 'WHERE critic = ?' : ''} ORDER BY critic, item_id, condition, repeat`;
    const rows = this.db
      .prepare(sql)
      .raw(true)
      .iterate(...(critic ? [critic] : [])) as Iterable<unknown[]>;
    for (const row of rows) yield rowToResult(row);
  }

  /** One stored review, text included; undefined when there is none. */
  result(key: ReviewKey): ReviewResult | undefined {
    this.writer.flush();
    this.oneRow ??= this.db.prepare(`SELECT ${RESULT_COLUMNS} FROM results WHERE critic = ? AND item_id = ? AND condition = ? AND repeat = ?`).raw(true);
    const row = this.oneRow.get(key.critic, key.itemId, key.condition, key.repeat) as unknown[] | undefined;
    return row && rowToResult(row);
  }

  /** One critic's reviews of one item, in the order results() gives them: reports read them item by item instead of holding a whole run's. */
  itemResults(critic: string, itemId: string): ReviewResult[] {
    this.writer.flush();
    this.itemRows ??= this.db.prepare(`SELECT ${RESULT_COLUMNS} FROM results WHERE critic = ? AND item_id = ? ORDER BY condition, repeat`).raw(true);
    return (this.itemRows.all(critic, itemId) as unknown[][]).map(rowToResult);
  }

  /** Tokens of the critic's reviews that reached it (not served from the cache): what the run folder has paid for. */
  billedTokens(critic: string): { inputTokens: number; outputTokens: number } {
    this.writer.flush();
    const row = this.db.prepare('SELECT coalesce(sum(input_tokens), 0) AS inputTokens, coalesce(sum(output_tokens), 0) AS outputTokens FROM results WHERE critic = ? AND cached = 0').get(critic);
    return row as { inputTokens: number; outputTokens: number };
  }

  /** Reviews stored; with `done`, only those a resumed run will not redo (see isDone). */
  count(options: { done?: boolean } = {}): number {
    this.writer.flush();
    return (this.db.prepare(`SELECT count(*) AS n FROM results${options.done ? " WHERE outcome != 'error'" : ''}`).get() as { n: number }).n;
  }

  /**
   * Replaces what the run planned: the plan, the fixtures and, one fixture's
   * worth at a time, the mutants, in one transaction. `check` runs once the
   * new rows are in; whatever it throws rolls them all back.
   */
  writePlan(plan: RunPlan, fixtures: Iterable<Fixture>, generation: Iterable<Generation>, check?: () => void): void {
    const insertFixture = this.db.prepare('INSERT INTO fixtures (data) VALUES (?)');
    const insertMutant = this.db.prepare('INSERT INTO mutants (fixture_id, id, valid, data) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      this.db.exec('DELETE FROM fixtures; DELETE FROM mutants;');
      for (const fixture of fixtures) insertFixture.run(JSON.stringify(fixture));
      for (const { mutants, ignored } of generation) {
        for (const m of mutants) insertMutant.run(m.fixtureId, m.id, 1, JSON.stringify(m));
        for (const m of ignored) insertMutant.run(m.fixtureId, m.id, 0, JSON.stringify(m));
      }
      this.setMeta('plan', plan);
      check?.();
    })();
  }

  /** The plan as written; `Settings` is the settings type of whoever wrote it (the run's top level). */
  readPlan<Settings extends RunSettings = RunSettings>(): RunPlan<Settings> | undefined {
    return this.getMeta('plan');
  }

  fixtures(): Fixture[] {
    return parsedRows(this.db.prepare('SELECT data FROM fixtures ORDER BY ord'));
  }

  /** The fixtures in order, read as they are asked for (see pagedData). */
  eachFixture(): Generator<Fixture> {
    return pagedData(this.db.prepare(`SELECT ord, data FROM fixtures WHERE ord > ? ORDER BY ord LIMIT ${PAGE_ROWS}`));
  }

  /** The valid mutants, text included, in the order they were generated, read as they are asked for (see pagedData). */
  mutants(): Generator<Mutant> {
    return pagedData(this.db.prepare(`SELECT ord, data FROM mutants WHERE valid = 1 AND ord > ? ORDER BY ord LIMIT ${PAGE_ROWS}`));
  }

  /** The valid mutants in order without their text (artifact and trace), which SQLite leaves out before they are parsed. */
  mutantRecords(): MutantRecord[] {
    const records = parsedRows<MutantRecord>(this.db.prepare("SELECT json_remove(data, '$.artifact', '$.trace', '$.fields') FROM mutants WHERE valid = 1 ORDER BY ord"));
    // Each parse makes its own copy of a fixture id or mutator name; tens of thousands of mutants share one per fixture and mutator.
    const once = new Map<string, string>();
    const shared = (text: string) => once.get(text) ?? (once.set(text, text), text);
    for (const m of records) {
      m.fixtureId = shared(m.fixtureId);
      m.mutator = shared(m.mutator);
    }
    return records;
  }

  /** One fixture's valid mutants in order, read as they are asked for (see pagedData). */
  eachMutant(fixtureId: string): Generator<Mutant> {
    return pagedData(this.db.prepare(`SELECT ord, data FROM mutants WHERE fixture_id = ? AND valid = 1 AND ord > ? ORDER BY ord LIMIT ${PAGE_ROWS}`), fixtureId);
  }

  ignoredMutants(): IgnoredMutant[] {
    return parsedRows(this.db.prepare('SELECT data FROM mutants WHERE valid = 0 ORDER BY ord'));
  }

  /** A digest of the valid mutants' ids in order: two plans with the same digest review the same items. */
  mutantIdsDigest(): string {
    const hash = createHash('sha256');
    for (const id of this.db.prepare('SELECT id FROM mutants WHERE valid = 1 ORDER BY ord').pluck().iterate()) hash.update(`${id as string}\n`);
    return hash.digest('hex');
  }

  /** The whole plan, fixtures and mutants included (the mutants without their text), as the reports read it. */
  readSnapshot<Settings extends RunSettings = RunSettings>(): RunSnapshot<Settings> | undefined {
    const plan = this.readPlan<Settings>();
    return plan && { ...plan, fixtures: this.fixtures(), generation: { mutants: this.mutantRecords(), ignored: this.ignoredMutants() } };
  }

  /** The share of the reviews this folder's run makes (`run --shard i/n`); absent when it makes them all. */
  writeShard(shard: Shard): void {
    this.setMeta('shard', shard);
  }

  readShard(): Shard | undefined {
    return this.getMeta('shard');
  }

  /** Adds every result of another run's store (a shard of the same audit): `merge`'s copy, through the same insert as a review. */
  addResultsOf(other: RunStore): void {
    for (const result of other.results()) this.writer.add(result);
    this.writer.flush();
  }

  /** Records a batch sent to a provider's batch API (batch mode), open until its results are stored. */
  addBatch(record: BatchRecord): void {
    this.db.prepare('INSERT INTO batches VALUES (?, ?, ?, ?, ?, ?)').run(record.batchId, record.critic, record.inputFileId, JSON.stringify(record.customIds), record.state, Date.now());
  }

  /** Marks a batch's results stored, with the status it ended with. */
  closeBatch(batchId: string, state: string): void {
    this.writer.flush();
    this.db.prepare('UPDATE batches SET state = ? WHERE batch_id = ?').run(state, batchId);
  }

  /** The critic's batches still running (results not stored), oldest first; every batch with `all`. */
  openBatches(critic: string, { all = false }: { all?: boolean } = {}): BatchRecord[] {
    const rows = this.db
      .prepare(`SELECT batch_id, critic, input_file_id, custom_ids, state FROM batches WHERE critic = ?${all ? '' : " AND state = 'submitted'"} ORDER BY submitted_at, rowid`)
      .all(critic) as Array<{ batch_id: string; critic: string; input_file_id: string; custom_ids: string; state: string }>;
    return rows.map((r) => ({ batchId: r.batch_id, critic: r.critic, inputFileId: r.input_file_id, customIds: JSON.parse(r.custom_ids) as string[], state: r.state }));
  }

  /**
   * Every batch of the run (batch mode), oldest first: what it carried and how
   * many stored results came from it (a review resent after a failure or an
   * expiry counts for the later batch that answered it).
   */
  batchSummaries(): BatchSummary[] {
    const critics = this.db.prepare('SELECT DISTINCT critic FROM batches ORDER BY critic').pluck().all() as string[];
    return critics.flatMap((critic) => {
      const batches = this.openBatches(critic, { all: true });
      const lastBatch = new Map<string, string>();
      for (const b of batches) for (const id of b.customIds) lastBatch.set(id, b.batchId);
      return batches.map((b) => ({
        critic,
        batchId: b.batchId,
        status: b.state,
        sent: b.customIds.length,
        answered: b.state === 'submitted' ? 0 : b.customIds.filter((id) => lastBatch.get(id) === b.batchId).length,
      }));
    });
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

  /** Stores written before fixtures and mutants had tables of their own kept everything in one snapshot document: move it. */
  /** Stores written before 429s were counted per review get the column, 0 for their rows. */
  /** Columns added since the first stores were written: an older run folder gains them when it is opened. */
  private addLaterColumns(): void {
    const columns = this.db.prepare("SELECT name FROM pragma_table_info('results')").pluck().all();
    if (!columns.includes('rate_limited')) this.db.exec('ALTER TABLE results ADD COLUMN rate_limited INTEGER NOT NULL DEFAULT 0');
    if (!columns.includes('follow_up')) this.db.exec('ALTER TABLE results ADD COLUMN follow_up TEXT');
  }

  private migrateSnapshot(): void {
    const snapshot = this.getMeta<RunPlan & { fixtures: Fixture[]; generation: Generation }>('snapshot');
    if (!snapshot) return;
    const { fixtures, generation, ...plan } = snapshot;
    this.db.transaction(() => {
      this.writePlan(plan, fixtures, [generation]);
      this.db.prepare("DELETE FROM meta WHERE key = 'snapshot'").run();
    })();
  }

  private setMeta(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }

  private getMeta<T>(key: string): T | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }
}

/** One batch of a batch-mode run, as the reports show it. */
export interface BatchSummary {
  critic: string;
  batchId: string;
  /** `submitted` while it runs; then the status it ended with (completed, expired, ended...). */
  status: string;
  /** Reviews it carried. */
  sent: number;
  /** Stored results that came from it. */
  answered: number;
}

/** Rows per page of pagedData: a page of mutants is a few hundred kilobytes. */
const PAGE_ROWS = 512;

/**
 * The `data` JSON of the rows `statement` selects (ord, data; its last
 * parameter the ord to start after), in ord order, a page at a time as the
 * caller asks for them. No cursor stays open between pages: a run writes
 * results while it walks fixtures and mutants, and the reports await file
 * writes, and an open cursor would block every other statement on the
 * connection.
 */
function* pagedData<T>(statement: Database.Statement, ...params: unknown[]): Generator<T> {
  const page = statement.raw(true);
  for (let after = -1; ; ) {
    const rows = page.all(...params, after) as Array<[number, string]>;
    for (const [, data] of rows) yield JSON.parse(data) as T;
    if (rows.length < PAGE_ROWS) return; // a short page is the last: no query to learn that the next is empty
    after = rows.at(-1)![0];
  }
}

/** Each row's JSON parsed as it is read, so the raw text of a whole table is never held at once beside what it parses to. */
function parsedRows<T>(statement: Database.Statement): T[] {
  const parsed: T[] = [];
  for (const data of statement.pluck().iterate()) parsed.push(JSON.parse(data as string) as T);
  return parsed;
}

function rowToResult(row: unknown[]): ReviewResult {
  const [critic, itemId, condition, repeat, reviewId, requestDigest, outcome, verdict, reply, error, attempts, latencyMs, inputTokens, outputTokens, cached, cacheKey, rateLimited, followUp] = row as [
    string,
    string,
    ReviewResult['condition'],
    number,
    string,
    string,
    ReviewResult['outcome'],
    ReviewResult['verdict'],
    string | null,
    string | null,
    number,
    number,
    number | null,
    number | null,
    number,
    string,
    number,
    string | null,
  ];
  return {
    critic,
    itemId,
    condition,
    repeat,
    reviewId,
    requestDigest,
    outcome,
    verdict,
    reply,
    error,
    attempts,
    latencyMs,
    usage: inputTokens === null || outputTokens === null ? null : { inputTokens, outputTokens },
    cached: cached === 1,
    rateLimited,
    cacheKey,
    ...(followUp !== null ? { followUp } : {}),
  };
}
