import type Database from 'better-sqlite3';

/** Longest a finished review waits before it is committed. */
const FLUSH_AFTER_MS = 25;
const FLUSH_AT_ROWS = 512;

/**
 * Commits rows in small transactions instead of one per row: a commit costs
 * about 100 µs, which would cap a fast critic at a few thousand reviews per
 * second. A process killed outright loses at most the last ~25 ms of rows,
 * which a resumed run simply does again.
 *
 * With `exclusive` (a file no other process writes, such as a run store) each
 * row goes at once into a transaction left open until the commit, so a fast
 * critic's results do not wait on the JS heap. A shared file (the reply
 * cache) queues rows in memory instead and holds its write lock only while
 * committing, so concurrent runs sharing it are not kept waiting.
 */
export class BatchedWriter<Row> {
  private pending: Row[] = [];
  private open = false;
  private rows = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly commit: (rows: Row[]) => void;

  constructor(
    private readonly db: Database.Database,
    private readonly writeOne: (row: Row) => void,
    private readonly options: { exclusive?: boolean } = {},
  ) {
    this.commit = db.transaction((rows: Row[]) => {
      for (const row of rows) writeOne(row);
    });
  }

  add(row: Row): void {
    if (this.rows++ === 0) this.timer = setTimeout(() => this.flush(), FLUSH_AFTER_MS);
    if (this.options.exclusive) {
      if (!this.open) this.db.exec('BEGIN');
      this.open = true;
      this.writeOne(row);
    } else this.pending.push(row);
    if (this.rows >= FLUSH_AT_ROWS) this.flush();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.rows = 0;
    if (this.open) {
      this.open = false;
      this.db.exec('COMMIT');
    }
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.commit(rows);
  }
}
