import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchedWriter } from './batchedWriter.js';
import { openDatabase } from './sqlite.js';

function setup(exclusive: boolean) {
  const file = join(mkdtempSync(join(tmpdir(), 'critic-audit-writer-')), 'w.sqlite');
  const db = openDatabase(file);
  db.exec('CREATE TABLE rows (n INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO rows VALUES (?)');
  const writer = new BatchedWriter<number>(db, (n) => insert.run(n), { exclusive });
  // Another process's connection: it fails at once rather than waiting for a lock.
  const other = new Database(file, { timeout: 0 });
  const committed = () => other.prepare('SELECT count(*) FROM rows').pluck().get();
  return { db, writer, other, committed };
}

describe('BatchedWriter', () => {
  for (const exclusive of [false, true]) {
    it(`${exclusive ? 'exclusive' : 'shared'}: commits rows together after ~25 ms or on flush, not one by one`, async () => {
      const { db, writer, other, committed } = setup(exclusive);
      writer.add(1);
      writer.add(2);
      expect(committed()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(committed()).toBe(2);
      writer.add(3);
      writer.flush();
      expect(committed()).toBe(3);
      expect(db.prepare('SELECT n FROM rows ORDER BY n').pluck().all()).toEqual([1, 2, 3]);
      other.close();
      db.close();
    });
  }

  it('shared: holds the write lock only while committing, so another writer is not kept waiting', () => {
    const { db, writer, other } = setup(false);
    writer.add(1);
    expect(() => other.prepare('INSERT INTO rows VALUES (9)').run()).not.toThrow();
    writer.flush();
    other.close();
    db.close();
  });

  it('exclusive: rows wait in the open transaction, not in memory, until the commit', () => {
    const { db, writer, other, committed } = setup(true);
    writer.add(1);
    expect(db.prepare('SELECT count(*) FROM rows').pluck().get()).toBe(1);
    expect(committed()).toBe(0);
    expect(() => other.prepare('INSERT INTO rows VALUES (9)').run()).toThrow(/locked|busy/i);
    writer.flush();
    expect(committed()).toBe(1);
    other.close();
    db.close();
  });
});
