import type Database from 'better-sqlite3';

/** Longest a finished review waits in memory before it is committed. */
const FLUSH_AFTER_MS = 25;
const FLUSH_AT_ROWS = 512;

/**
 * Commits rows in small transactions instead of one per row: a commit costs
 * about 100 µs, which would cap a fast critic at a few thousand reviews per
 * second. A process killed outright loses at most the last ~25 ms of rows,
 * which a resumed run simply does again.
 */
export class BatchedWriter<Row> {
  private pending: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly commit: (rows: Row[]) => void;

  constructor(db: Database.Database, writeOne: (row: Row) => void) {
    this.commit = db.transaction((rows: Row[]) => {
      for (const row of rows) writeOne(row);
    });
  }

  add(row: Row): void {
    this.pending.push(row);
    if (this.pending.length >= FLUSH_AT_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.commit(rows);
  }
}
