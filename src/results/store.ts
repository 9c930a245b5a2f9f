import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Fixture } from '../fixtures/types.js';
import type { Generation } from '../mutants/generate.js';
import type { IgnoredMutant, Mutant, MutantRecord } from '../mutants/types.js';
import type { Shard } from '../requests/shard.js';
import type { BatchRecord } from '../reviews/batch/run.js';
import type { ToolCall } from '../reviews/tools/index.js';
import type { ReviewResult } from '../reviews/types.js';
import { InputError } from '../errors.js';
import { BatchedWriter } from '../util/batchedWriter.js';
import { openDatabase } from '../util/sqlite.js';
import type { RunPlan, RunSettings, RunSnapshot, RunStatus } from './types.js';

export const STORE_FILE = 'run.sqlite';

type SqlValue = string | number | null;

/** A result as its columns fill it in when read back; every field is set once the last column has been read. */
type ResultDraft = Partial<ReviewResult>;

/**
 * One column of the results table, described once: its SQL declaration, the
 * value a result stores in it, and how it gives the value back. The table's
 * DDL, the upsert, the select lists and the row decoder are all derived from
 * RESULT_COLUMNS.
 */
interface ResultColumn {
  readonly name: string;
  /** Its SQL type and constraints, as CREATE TABLE (and a migration's ADD COLUMN) declare it. */
  readonly type: string;
  /** Part of a review's key: the primary key, kept on conflict. */
  readonly key?: true;
  /** A reply's text: read back as null when results are read without their text (results(critic, { text: false })). */
  readonly text?: true;
  /** The value a result stores in it; `now`, the time it is stored. */
  write(result: ReviewResult, now: number): SqlValue;
  /** Sets what it stores on a result being read back; absent for a column only written (when a review was stored). */
  read?(value: SqlValue, into: ResultDraft): void;
  /** What it holds when a retry replaces an error (SQL over `results`, the error's row, and `excluded`, the retry's); the retry's value when absent. */
  readonly onRetry?: string;
}

/** The fields SQLite stores as they are: text, numbers and nulls. */
type PlainField = { [F in keyof ReviewResult]-?: ReviewResult[F] extends SqlValue ? F : never }[keyof ReviewResult];

/** A column that stores one field as it is. */
function stored<F extends PlainField>(name: string, type: string, field: F, flags: Pick<ResultColumn, 'key' | 'text'> = {}): ResultColumn {
  return {
    name,
    type,
    ...flags,
    write: (result) => result[field],
    read: (value, into) => {
      into[field] = value as ReviewResult[F];
    },
  };
}

/**
 * Every column of a stored review, in the order a result's fields are read
 * back (the order reviewResult() makes them in), so every decoded result has
 * one object shape. A new column is one entry here, and a migration that adds
 * it to older stores (MIGRATIONS).
 */
const RESULT_COLUMNS: readonly ResultColumn[] = [
  stored('critic', 'TEXT NOT NULL', 'critic', { key: true }),
  stored('item_id', 'TEXT NOT NULL', 'itemId', { key: true }),
  stored('condition', 'TEXT NOT NULL', 'condition', { key: true }),
  stored('repeat', 'INTEGER NOT NULL', 'repeat', { key: true }),
  stored('review_id', 'TEXT NOT NULL', 'reviewId'),
  stored('request_digest', 'TEXT NOT NULL', 'requestDigest'),
  stored('outcome', 'TEXT NOT NULL', 'outcome'),
  stored('verdict', 'TEXT', 'verdict'),
  stored('reply', 'TEXT', 'reply', { text: true }),
  // An error's text is kept without the replies: it is short, and the reports group failed reviews by it.
  stored('error', 'TEXT', 'error'),
  stored('attempts', 'INTEGER NOT NULL', 'attempts'),
  stored('latency_ms', 'REAL NOT NULL', 'latencyMs'),
  // Usage is two columns, null together (a review the critic reported no tokens for).
  {
    name: 'input_tokens',
    type: 'INTEGER',
    write: (r) => r.usage?.inputTokens ?? null,
    read: (value, into) => {
      into.usage = value === null ? null : { inputTokens: value as number, outputTokens: 0 };
    },
  },
  {
    name: 'output_tokens',
    type: 'INTEGER',
    write: (r) => r.usage?.outputTokens ?? null,
    read: (value, into) => {
      if (value === null) into.usage = null;
      else if (into.usage) into.usage.outputTokens = value as number;
    },
  },
  {
    name: 'cached',
    type: 'INTEGER NOT NULL',
    write: (r) => (r.cached ? 1 : 0),
    read: (value, into) => {
      into.cached = value === 1;
    },
  },
  stored('rate_limited', 'INTEGER NOT NULL DEFAULT 0', 'rateLimited'),
  stored('cache_key', 'TEXT NOT NULL', 'cacheKey'),
  {
    name: 'follow_up',
    type: 'TEXT',
    write: (r) => r.followUp ?? null,
    read: (value, into) => {
      if (value !== null) into.followUp = value as string;
    },
  },
  // A tool-using critic's calls, as JSON in the order made; null for a critic without tools. A retry
  // that replaces an error (a resumed run's) comes after the error's calls, which are its boundary requests.
  {
    name: 'tool_calls',
    type: 'TEXT',
    onRetry: `CASE WHEN results.tool_calls IS NULL THEN excluded.tool_calls
      ELSE (SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(results.tool_calls) UNION ALL SELECT value FROM json_each(excluded.tool_calls))) END`,
    write: (r) => (r.toolCalls ? JSON.stringify(r.toolCalls) : null),
    read: (value, into) => {
      if (value !== null) into.toolCalls = JSON.parse(value as string) as ToolCall[];
    },
  },
  { name: 'completed_at', type: 'REAL NOT NULL', write: (_, now) => now },
];

const READ_COLUMNS = RESULT_COLUMNS.filter((c) => c.read);
const KEY_COLUMNS = RESULT_COLUMNS.filter((c) => c.key).map((c) => c.name);
/** The select list of a result, text included or not. */
const SELECT_LIST = READ_COLUMNS.map((c) => c.name).join(', ');
const SELECT_LIST_WITHOUT_TEXT = READ_COLUMNS.map((c) => (c.text ? 'NULL' : c.name)).join(', ');
const RESULTS_DDL = `CREATE TABLE IF NOT EXISTS results (
  ${RESULT_COLUMNS.map((c) => `${c.name} ${c.type}`).join(', ')},
  PRIMARY KEY (${KEY_COLUMNS.join(', ')})
) WITHOUT ROWID`;
/** A key already stored keeps its first answer; only an error is replaced, by the retry a resumed run makes (keeping what a column's onRetry keeps). */
const UPSERT = `INSERT INTO results (${RESULT_COLUMNS.map((c) => c.name).join(', ')}) VALUES (${RESULT_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (${KEY_COLUMNS.join(', ')}) DO UPDATE SET ${RESULT_COLUMNS.filter((c) => !c.key)
    .map((c) => `${c.name} = ${c.onRetry ?? `excluded.${c.name}`}`)
    .join(', ')}
  WHERE results.outcome = 'error'`;

/** A stored row (the select list's values, in order) as the result it stores. */
function rowToResult(row: SqlValue[]): ReviewResult {
  const result: ResultDraft = {};
  for (let i = 0; i < READ_COLUMNS.length; i++) READ_COLUMNS[i]!.read!(row[i]!, result);
  // Every field of a ReviewResult is some column's (the store spec reads back a result with every field set).
  return result as ReviewResult;
}

/**
 * How a store written by an earlier critic-audit is brought to this one's
 * layout, oldest first: a store's `PRAGMA user_version` counts those it has
 * had, and opening it runs the rest, in order, in one transaction. A new
 * store is made in the latest layout and starts at their count. Stores
 * written before the version was kept are version 0 whatever their layout,
 * so these first ones look before they change anything.
 */
const MIGRATIONS: ReadonlyArray<(db: Database.Database) => void> = [
  // 1, 2: results counted the 429s of each review; then second turns kept the follow-up they sent.
  (db) => addMissingColumn(db, 'rate_limited'),
  (db) => addMissingColumn(db, 'follow_up'),
  // 3: fixtures and mutants have tables of their own: a store that kept the whole plan in one snapshot document has it moved there.
  (db) => {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'snapshot'").pluck().get() as string | undefined;
    if (row === undefined) return;
    const { fixtures, generation, ...plan } = JSON.parse(row) as RunPlan & { fixtures: Fixture[]; generation: Generation };
    writePlanRows(db, plan, fixtures, [generation]);
    db.prepare("DELETE FROM meta WHERE key = 'snapshot'").run();
  },
  // 4: tool-using critics' reviews keep their tool calls.
  (db) => addMissingColumn(db, 'tool_calls'),
  // 5: an invalidated second turn or loop round records that it went with the first turn it continues.
  (db) => {
    const columns = db.prepare("SELECT name FROM pragma_table_info('invalidated')").pluck().all();
    if (!columns.includes('awaits_first_turn')) db.exec('ALTER TABLE invalidated ADD COLUMN awaits_first_turn INTEGER NOT NULL DEFAULT 0');
  },
];

/** Adds a column of RESULT_COLUMNS to a results table made before it existed (older rows get its default). */
function addMissingColumn(db: Database.Database, name: string): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('results')").pluck().all();
  const column = RESULT_COLUMNS.find((c) => c.name === name)!;
  if (!columns.includes(name)) db.exec(`ALTER TABLE results ADD COLUMN ${column.name} ${column.type}`);
}

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
  private doneRow: Database.Statement | undefined;
  private itemRows: Database.Statement | undefined;
  private oneRow: Database.Statement | undefined;

  private constructor(readonly file: string) {
    this.db = openDatabase(file);
    try {
      this.migrate();
    } catch (err) {
      this.db.close(); // no store comes back to close it
      throw err;
    }
    const insert = this.db.prepare(UPSERT);
    // Positional, in column order, into one array reused for every review: a parameter object per review would cost a slow object each.
    const values: SqlValue[] = new Array(RESULT_COLUMNS.length);
    this.writer = new BatchedWriter(
      this.db,
      (r) => {
        const now = Date.now();
        for (let i = 0; i < RESULT_COLUMNS.length; i++) values[i] = RESULT_COLUMNS[i]!.write(r, now);
        insert.run(...values);
      },
      { exclusive: true },
    );
  }

  /**
   * Makes the tables a new store starts with, or brings an older store's to
   * this layout (MIGRATIONS); refuses a store written by a newer critic-audit,
   * whose layout this one cannot know.
   */
  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length)
      throw new InputError(
        this.file,
        undefined,
        undefined,
        `written by a newer critic-audit (store version ${version}; this one reads up to ${MIGRATIONS.length}): report or resume it with that version`,
      );
    const fresh = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'").get() === undefined;
    this.db.transaction(() => {
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        ${RESULTS_DDL};
        CREATE TABLE IF NOT EXISTS fixtures (ord INTEGER PRIMARY KEY, data TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS mutants (ord INTEGER PRIMARY KEY, fixture_id TEXT NOT NULL, id TEXT NOT NULL, valid INTEGER NOT NULL, data TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS mutants_of_fixture ON mutants (fixture_id, valid);
        CREATE TABLE IF NOT EXISTS batches (batch_id TEXT PRIMARY KEY, critic TEXT NOT NULL, input_file_id TEXT NOT NULL, custom_ids TEXT NOT NULL, state TEXT NOT NULL, submitted_at REAL NOT NULL);
        CREATE TABLE IF NOT EXISTS invalidated (critic TEXT NOT NULL, item_id TEXT NOT NULL, condition TEXT NOT NULL, repeat INTEGER NOT NULL, old_request_digest TEXT NOT NULL, new_request_digest TEXT, verdict TEXT, invalidated_at REAL NOT NULL, awaits_first_turn INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (critic, item_id, condition, repeat, old_request_digest)) WITHOUT ROWID;`);
      if (!fresh) for (const migration of MIGRATIONS.slice(version)) migration(this.db);
      if (version < MIGRATIONS.length) this.db.pragma(`user_version = ${MIGRATIONS.length}`);
    })();
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
   * The request digest of a done review (see isDone), or undefined when it is
   * not done: a resumed run compares it with the digest of the request it
   * would send now, and a review of something else is invalidated.
   */
  doneDigest(key: ReviewKey): string | undefined {
    this.writer.flush();
    this.doneRow ??= this.db.prepare("SELECT request_digest FROM results WHERE critic = ? AND item_id = ? AND condition = ? AND repeat = ? AND outcome != 'error'").pluck();
    return this.doneRow.get(key.critic, key.itemId, key.condition, key.repeat) as string | undefined;
  }

  /**
   * Takes a stored review out of the results, into the record of invalidated
   * ones, with the digest of the request that replaces it (null: its item is
   * no longer planned). Every rate is computed from the results table, so the
   * stale verdict counts nowhere; the review is made again as if never made.
   * `awaitsFirstTurn`: a second turn or loop round invalidated with the first
   * turn it continues, whose new request is known only once that is made again.
   */
  invalidate(key: ReviewKey, newRequestDigest: string | null, { awaitsFirstTurn = false }: { awaitsFirstTurn?: boolean } = {}): void {
    this.writer.flush();
    this.db.transaction(() => {
      const old = this.db
        .prepare('SELECT request_digest, verdict FROM results WHERE critic = ? AND item_id = ? AND condition = ? AND repeat = ?')
        .get(key.critic, key.itemId, key.condition, key.repeat) as { request_digest: string; verdict: string | null } | undefined;
      if (!old) return;
      this.db
        .prepare(
          'INSERT OR REPLACE INTO invalidated (critic, item_id, condition, repeat, old_request_digest, new_request_digest, verdict, invalidated_at, awaits_first_turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(key.critic, key.itemId, key.condition, key.repeat, old.request_digest, newRequestDigest, old.verdict, Date.now(), awaitsFirstTurn ? 1 : 0);
      this.db.prepare('DELETE FROM results WHERE critic = ? AND item_id = ? AND condition = ? AND repeat = ?').run(key.critic, key.itemId, key.condition, key.repeat);
    })();
  }

  /**
   * Invalidates every stored review whose item is not among `planned`: a
   * fixture edit can remove items (a mutant the edited answer no longer
   * makes), and no rate may count a verdict on an item the run no longer has.
   */
  invalidateUnplanned(planned: ReadonlySet<string>): void {
    this.writer.flush();
    const keys = this.db.prepare('SELECT critic, item_id, condition, repeat FROM results').all() as Array<{ critic: string; item_id: string; condition: string; repeat: number }>;
    for (const k of keys) if (!planned.has(k.item_id)) this.invalidate({ critic: k.critic, itemId: k.item_id, condition: k.condition, repeat: k.repeat }, null);
  }

  /**
   * Invalidates a critic's stored reviews of an item under every condition but
   * `firstTurns`: its second turns and loop rounds continue a first turn an
   * edit invalidated, so none may count until they are made again after it.
   */
  invalidateContinuations(critic: string, itemId: string, firstTurns: ReadonlySet<string>): void {
    this.writer.flush();
    const rows = this.db.prepare('SELECT condition, repeat FROM results WHERE critic = ? AND item_id = ?').all(critic, itemId) as Array<{ condition: string; repeat: number }>;
    for (const r of rows) if (!firstTurns.has(r.condition)) this.invalidate({ critic, itemId, condition: r.condition, repeat: r.repeat }, null, { awaitsFirstTurn: true });
  }

  /** Every review invalidated in this run folder, in a stable order: what report.json's `invalidated` lists. */
  invalidated(): InvalidatedReview[] {
    this.writer.flush();
    const rows = this.db
      .prepare(
        'SELECT critic, item_id, condition, repeat, old_request_digest, new_request_digest, verdict, awaits_first_turn FROM invalidated ORDER BY critic, item_id, condition, repeat, invalidated_at',
      )
      .all() as Array<{
      critic: string;
      item_id: string;
      condition: string;
      repeat: number;
      old_request_digest: string;
      new_request_digest: string | null;
      verdict: string | null;
      awaits_first_turn: number;
    }>;
    return rows.map((r) => {
      const key = { critic: r.critic, itemId: r.item_id, condition: r.condition, repeat: r.repeat };
      // A continuation's new request is the one it was made again with, once it is.
      const newRequestDigest = r.new_request_digest ?? (r.awaits_first_turn ? (this.doneDigest(key) ?? null) : null);
      return {
        itemId: r.item_id,
        critic: r.critic,
        condition: r.condition,
        repeat: r.repeat,
        oldRequestDigest: r.old_request_digest,
        newRequestDigest,
        staleVerdict: r.verdict,
        reReviewed: this.isDone(key),
        ...(r.awaits_first_turn ? { awaitsFirstTurn: true as const } : {}),
      };
    });
  }

  /**
   * Every result, in a stable order (not completion order), so reports do not
   * depend on scheduling. With `text: false`, replies come back null: counts
   * never read them, and a long run's replies are most of its bytes.
   */
  *results(critic?: string, { text = true }: { text?: boolean } = {}): Generator<ReviewResult> {
    this.writer.flush();
    const columns = text ? SELECT_LIST : SELECT_LIST_WITHOUT_TEXT;
    const sql = `SELECT ${columns} FROM results ${critic ? 'WHERE critic = ?' : ''} ORDER BY critic, item_id, condition, repeat`;
    const rows = this.db
      .prepare(sql)
      .raw(true)
      .iterate(...(critic ? [critic] : [])) as Iterable<SqlValue[]>;
    for (const row of rows) yield rowToResult(row);
  }

  /** One stored review, text included; undefined when there is none. */
  result(key: ReviewKey): ReviewResult | undefined {
    this.writer.flush();
    this.oneRow ??= this.db.prepare(`SELECT ${SELECT_LIST} FROM results WHERE critic = ? AND item_id = ? AND condition = ? AND repeat = ?`).raw(true);
    const row = this.oneRow.get(key.critic, key.itemId, key.condition, key.repeat) as SqlValue[] | undefined;
    return row && rowToResult(row);
  }

  /** One critic's reviews of one item, in the order results() gives them: reports read them item by item instead of holding a whole run's. */
  itemResults(critic: string, itemId: string): ReviewResult[] {
    this.writer.flush();
    this.itemRows ??= this.db.prepare(`SELECT ${SELECT_LIST} FROM results WHERE critic = ? AND item_id = ? ORDER BY condition, repeat`).raw(true);
    return (this.itemRows.all(critic, itemId) as SqlValue[][]).map(rowToResult);
  }

  /** Tokens of the critic's reviews that reached it (not served from the cache): what the run folder has paid for. */
  billedTokens(critic: string): { inputTokens: number; outputTokens: number } {
    this.writer.flush();
    const row = this.db.prepare('SELECT coalesce(sum(input_tokens), 0) AS inputTokens, coalesce(sum(output_tokens), 0) AS outputTokens FROM results WHERE critic = ? AND cached = 0').get(critic);
    return row as { inputTokens: number; outputTokens: number };
  }

  /** Reviews stored; with `done`, only those a resumed run will not redo (see isDone); with `critic`, only that critic's. */
  count(options: { done?: boolean; critic?: string } = {}): number {
    this.writer.flush();
    const where = [...(options.done ? ["outcome != 'error'"] : []), ...(options.critic === undefined ? [] : ['critic = ?'])];
    const sql = `SELECT count(*) AS n FROM results${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    return (this.db.prepare(sql).get(...(options.critic === undefined ? [] : [options.critic])) as { n: number }).n;
  }

  /**
   * Replaces what the run planned: the plan, the fixtures and, one fixture's
   * worth at a time, the mutants, in one transaction. `check` runs once the
   * new rows are in; whatever it throws rolls them all back.
   */
  writePlan(plan: RunPlan, fixtures: Iterable<Fixture>, generation: Iterable<Generation>, check?: () => void): void {
    this.db.transaction(() => {
      writePlanRows(this.db, plan, fixtures, generation);
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

  /** A digest of the valid mutants' ids in order, but those of the fixtures `except` names: two plans with the same digest review the same items. */
  mutantIdsDigest(except: ReadonlySet<string> = new Set()): string {
    const hash = createHash('sha256');
    for (const [fixtureId, id] of this.db.prepare('SELECT fixture_id, id FROM mutants WHERE valid = 1 ORDER BY ord').raw(true).iterate() as Iterable<[string, string]>) {
      if (!except.has(fixtureId)) hash.update(`${id}\n`);
    }
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

  private setMeta(key: string, value: unknown): void {
    setMeta(this.db, key, value);
  }

  private getMeta<T>(key: string): T | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }
}

/**
 * A stored review taken out of the rates because what it reviewed changed (a
 * fixture edited between runs of one folder): report.json's `invalidated`.
 */
export interface InvalidatedReview {
  itemId: string;
  critic: string;
  condition: string;
  repeat: number;
  /** The digest of the request the stale verdict answered. */
  oldRequestDigest: string;
  /** The digest of the request that replaces it; null when the item is no longer planned, or (awaitsFirstTurn) until it is made again. */
  newRequestDigest: string | null;
  /** A second turn or loop round invalidated with the first turn it continues (by `report DIR`): its request is known once that is made again. */
  awaitsFirstTurn?: true;
  /** The stale review's verdict (null: none could be read), kept for the record and counted nowhere. */
  staleVerdict: string | null;
  /** Whether the review has been made again (a resume cut short has not re-reviewed every one). */
  reReviewed: boolean;
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

/** Replaces the plan, the fixtures and the mutants (in the caller's transaction). */
function writePlanRows(db: Database.Database, plan: RunPlan, fixtures: Iterable<Fixture>, generation: Iterable<Generation>): void {
  const insertFixture = db.prepare('INSERT INTO fixtures (data) VALUES (?)');
  const insertMutant = db.prepare('INSERT INTO mutants (fixture_id, id, valid, data) VALUES (?, ?, ?, ?)');
  db.exec('DELETE FROM fixtures; DELETE FROM mutants;');
  for (const fixture of fixtures) insertFixture.run(JSON.stringify(fixture));
  for (const { mutants, ignored } of generation) {
    for (const m of mutants) insertMutant.run(m.fixtureId, m.id, 1, JSON.stringify(m));
    for (const m of ignored) insertMutant.run(m.fixtureId, m.id, 0, JSON.stringify(m));
  }
  setMeta(db, 'plan', plan);
}

function setMeta(db: Database.Database, key: string, value: unknown): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}
