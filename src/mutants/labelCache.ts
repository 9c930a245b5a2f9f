import type Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult } from '../code/checks.js';
import { CACHE_DIR } from '../util/cacheDir.js';
import { BatchedWriter } from '../util/batchedWriter.js';
import { openDatabase } from '../util/sqlite.js';
import type { LabelCache } from './verifyCode.js';

/**
 * Held-out check results across runs, in a `labels` table of the reply
 * cache's SQLite file (so `critic-audit cache clear` empties both). Keys come
 * from verifyCode's labelCacheKey; a row that does not read back as check
 * results is treated as a miss.
 */
export class LabelStore implements LabelCache {
  private readonly db: Database.Database;
  private readonly select: Database.Statement;
  private readonly writer: BatchedWriter<{ key: string; results: CheckResult[] }>;

  private constructor(file: string) {
    this.db = openDatabase(file);
    this.db.exec('CREATE TABLE IF NOT EXISTS labels (key TEXT PRIMARY KEY, results TEXT NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID');
    this.select = this.db.prepare('SELECT results FROM labels WHERE key = ?');
    const upsert = this.db.prepare('INSERT OR REPLACE INTO labels VALUES (?, ?, ?)');
    this.writer = new BatchedWriter(this.db, ({ key, results }) => upsert.run(key, JSON.stringify(results), new Date().toISOString()));
  }

  static open(baseDir: string): LabelStore {
    const dir = join(baseDir, CACHE_DIR);
    mkdirSync(dir, { recursive: true });
    return new LabelStore(join(dir, 'replies.sqlite'));
  }

  get(key: string): CheckResult[] | undefined {
    const row = this.select.get(key) as { results: string } | undefined;
    if (!row) return undefined;
    try {
      const results: unknown = JSON.parse(row.results);
      const valid = Array.isArray(results) && results.every((r) => typeof r?.passed === 'boolean' && typeof r?.detail === 'string');
      return valid ? (results as CheckResult[]) : undefined;
    } catch {
      return undefined;
    }
  }

  put(key: string, results: CheckResult[]): void {
    this.writer.add({ key, results });
  }

  close(): void {
    this.writer.flush();
    this.db.close();
  }
}
