import Database from 'better-sqlite3';

/**
 * Opens one of the tool's SQLite files (run store, reply cache) in WAL mode.
 * NORMAL in WAL mode survives a process kill (only an OS crash can drop the
 * last commits). The page cache is SQLite's stock 2 MB, not the 16 MB per
 * connection better-sqlite3 builds in: these files are appended to and read
 * back once, so a bigger cache only holds pages the OS caches anyway, and it
 * is most of a long run's memory outside the JS heap.
 */
export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -2000');
  return db;
}
