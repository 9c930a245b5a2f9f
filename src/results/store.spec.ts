import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textFixture } from '../../test/support/textFixture.js';
import { spanOf } from '../mutants/span.js';
import type { IgnoredMutant, Mutant, MutantRecord } from '../mutants/types.js';
import type { RunPlan } from './types.js';
import { RunStore, STORE_FILE } from './store.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { InputError } from '../errors.js';
import { reviewResult as makeResult } from '../reviews/types.js';

const plan: RunPlan = {
  settings: { configFile: 'critic.config.yaml', configSha256: 'c0ffee', seed: 1, conditions: ['clean'], mutators: ['number-flip'], repeats: 1, thresholds: {}, errorBudget: 0.05 },
  critics: [{ name: 'critic', identity: { provider: 'builtin:evidence-check', version: 1 } }],
  startedAt: '2026-01-01T00:00:00.000Z',
};
const fixtures = ['a', 'b', 'c'].map((id) => textFixture({ id, artifact: `Staff get ${id.charCodeAt(0)} days.`, evidence: 'Staff get 97 days.' }));
const mutant = (fixtureId: string, n: number): Mutant => {
  const artifact = fixtures.find((f) => f.id === fixtureId)!.artifact;
  return {
    id: `${fixtureId}-${n}`,
    fixtureId,
    mutator: 'number-flip',
    span: spanOf(artifact, 10, 12),
    original: artifact.slice(10, 12),
    replacement: String(n),
    artifact: `Staff get ${n} days.`,
    trace: undefined,
  };
};
const withoutText = ({ artifact: _artifact, trace: _trace, ...record }: Mutant): MutantRecord => record;
const ignored = (fixtureId: string): IgnoredMutant => ({ ...withoutText(mutant(fixtureId, 0)), reason: 'the new number is also stated in the supporting evidence' });
// Generated per fixture, as a run streams them: a's and c's mutants come in separate chunks, b has none.
const generation = [
  { mutants: [mutant('a', 1), mutant('a', 2)], ignored: [ignored('a')] },
  { mutants: [], ignored: [] },
  { mutants: [mutant('c', 3)], ignored: [ignored('c')] },
  { mutants: [mutant('a', 4)], ignored: [] },
];
const tempDir = () => mkdtempSync(join(tmpdir(), 'critic-audit-store-'));

describe('RunStore plan', () => {
  it("keeps fixtures and mutants one row each and reads them back in generation order, the snapshot's mutants without their text", () => {
    const dir = tempDir();
    const store = RunStore.open(dir);
    store.writePlan(plan, fixtures, generation);
    expect(store.readPlan()).toEqual(plan);
    const mutants = generation.flatMap((g) => g.mutants);
    expect(store.readSnapshot()).toEqual({ ...plan, fixtures, generation: { mutants: mutants.map(withoutText), ignored: generation.flatMap((g) => g.ignored) } });
    expect([...store.mutants()]).toEqual(mutants);
    expect([...store.eachFixture()]).toEqual(fixtures);
    expect([...store.eachMutant('a')].map((m) => m.id)).toEqual(['a-1', 'a-2', 'a-4']);
    expect([...store.eachMutant('b')]).toEqual([]);
    store.close();
  });

  it('reads fixtures and mutants one at a time, so results can be written while a run walks them', () => {
    const store = RunStore.open(tempDir());
    store.writePlan(plan, fixtures, generation);
    const seen: string[] = [];
    for (const fixture of store.eachFixture()) {
      for (const m of store.eachMutant(fixture.id)) {
        store.add(reviewResult({ itemId: m.id, condition: 'clean', verdict: 'FAIL', reply: 'VERDICT: FAIL' }));
        seen.push(m.id);
      }
    }
    expect(seen).toEqual(['a-1', 'a-2', 'a-4', 'c-3']);
    expect(store.count()).toBe(4);
    expect(store.isDone({ critic: 'critic', itemId: 'c-3', condition: 'clean', repeat: 0 })).toBe(true);
    expect(store.isDone({ critic: 'critic', itemId: 'c-3', condition: 'clean', repeat: 1 })).toBe(false);
    store.close();
  });

  it('reads every mutant in order a page at a time, leaving no cursor open for other statements in between', () => {
    const store = RunStore.open(tempDir());
    const many = Array.from({ length: 1200 }, (_, n) => mutant(n % 2 ? 'a' : 'c', n));
    store.writePlan(plan, fixtures, [{ mutants: many, ignored: [] }]);
    const read: string[] = [];
    for (const m of store.mutants()) {
      read.push(m.id);
      // An open cursor would make these throw "This database connection is busy executing a query".
      if (read.length % 500 === 0) store.writeStatus({ complete: false, stopReason: `read ${read.length}`, finishedAt: 'now' });
    }
    expect(read).toEqual(many.map((m) => m.id));
    expect(store.readStatus()?.stopReason).toBe('read 1000');
    store.close();
  });

  it("keeps a key's first answer, but lets a retry replace an error, which is never done", () => {
    const store = RunStore.open(tempDir());
    const key = { critic: 'critic', itemId: 'a-1', condition: 'clean' as const, repeat: 0 };
    const result = { ...key, reviewId: 'r', requestDigest: 'd', verdict: null, reply: null, attempts: 1, latencyMs: 1, usage: null, cached: false, rateLimited: 0, cacheKey: 'k' };
    store.add({ ...result, outcome: 'error', error: 'HTTP 429: slow down' });
    expect([store.isDone(key), store.count(), store.count({ done: true })]).toEqual([false, 1, 0]);
    store.add({ ...result, outcome: 'verdict', verdict: 'FAIL', reply: 'VERDICT: FAIL', error: null, attempts: 2 });
    expect([store.isDone(key), store.count(), store.count({ done: true })]).toEqual([true, 1, 1]);
    expect([store.count({ critic: 'critic' }), store.count({ critic: 'critic', done: true }), store.count({ critic: 'other' })]).toEqual([1, 1, 0]);
    store.add({ ...result, outcome: 'verdict', verdict: 'PASS', reply: 'VERDICT: PASS', error: null });
    store.add({ ...result, outcome: 'error', error: 'late duplicate' });
    expect([...store.results()].map((r) => [r.outcome, r.verdict, r.attempts])).toEqual([['verdict', 'FAIL', 2]]);
    store.close();
  });

  it('a retry that replaces an error keeps the boundary requests the error recorded, before its own calls', () => {
    const store = RunStore.open(tempDir());
    const notes = (failedAttempt?: number) => ({ tool: 'read_worker_notes', arguments: {}, resultDigest: '0'.repeat(16), latencyMs: 1, denied: true, ...(failedAttempt ? { failedAttempt } : {}) });
    const search = { tool: 'search_evidence', arguments: { query: 'leave' }, resultDigest: '1'.repeat(16), latencyMs: 2, denied: false, passages: ['p1'] };
    store.add(reviewResult({ itemId: 'a-1', condition: 'clean', outcome: 'error', verdict: null, error: 'HTTP 500', toolCalls: [notes(1), notes(2)] }));
    store.add(reviewResult({ itemId: 'b-1', condition: 'clean', outcome: 'error', verdict: null, error: 'HTTP 500' }));
    store.add(reviewResult({ itemId: 'a-1', condition: 'clean', verdict: 'PASS', toolCalls: [notes(), search] }));
    store.add(reviewResult({ itemId: 'b-1', condition: 'clean', verdict: 'PASS', toolCalls: [search] }));
    expect([...store.results()].map((r) => [r.itemId, r.outcome, r.toolCalls])).toEqual([
      ['a-1', 'verdict', [notes(1), notes(2), notes(), search]],
      ['b-1', 'verdict', [search]],
    ]);
    store.close();
  });

  it('replaces an earlier plan, and rolls the new one back when the check throws', () => {
    const store = RunStore.open(tempDir());
    store.writePlan(plan, fixtures, generation);
    const digest = store.mutantIdsDigest();
    expect(() =>
      store.writePlan({ ...plan, startedAt: 'later' }, fixtures.slice(0, 1), [{ mutants: [mutant('a', 9)], ignored: [] }], () => {
        if (store.mutantIdsDigest() !== digest) throw new Error('different mutants');
      }),
    ).toThrow('different mutants');
    expect(store.readPlan()).toEqual(plan);
    expect(store.mutantIdsDigest()).toBe(digest);
    expect([...store.eachFixture()]).toHaveLength(3);

    store.writePlan({ ...plan, startedAt: 'later' }, fixtures.slice(0, 1), [{ mutants: [mutant('a', 9)], ignored: [] }]);
    expect(store.readSnapshot()).toEqual({ ...plan, startedAt: 'later', fixtures: [fixtures[0]], generation: { mutants: [withoutText(mutant('a', 9))], ignored: [] } });
    expect(store.mutantIdsDigest()).not.toBe(digest);
    store.close();
  });
});

describe('RunStore results', () => {
  it('reads back every field of a result as it was stored; without text, the reply is null and the rest the same', () => {
    const store = RunStore.open(tempDir());
    const full = reviewResult({
      itemId: 'a-1',
      condition: 'clean',
      repeat: 1,
      reply: 'Sure?\nVERDICT: FAIL',
      verdict: 'FAIL',
      usage: { inputTokens: 900, outputTokens: 40 },
      cached: true,
      rateLimited: 2,
      followUp: 'Are you sure?',
    });
    const failed = reviewResult({ itemId: 'a-2', condition: 'clean', outcome: 'error', verdict: null, error: 'HTTP 500', attempts: 3, latencyMs: 2.5 });
    store.add(full);
    store.add(failed);
    expect([...store.results()]).toEqual([full, failed]);
    expect(store.result(full)).toEqual(full);
    expect(store.itemResults('critic', 'a-2')).toEqual([failed]);
    expect([...store.results('critic', { text: false })]).toEqual([{ ...full, reply: null }, failed]);
    // In the order reviewResult() makes a result's fields: decoded results share the shape of those the scheduler makes.
    expect(Object.keys(store.result(full)!)).toEqual(Object.keys(makeResult(full.critic, full, full, full)));
    store.close();
  });
});

/** The results table as the first run stores made it: no rate_limited or follow_up column, and no version. */
const FIRST_LAYOUT = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE results (
    critic TEXT NOT NULL, item_id TEXT NOT NULL, condition TEXT NOT NULL, repeat INTEGER NOT NULL,
    review_id TEXT NOT NULL, request_digest TEXT NOT NULL, outcome TEXT NOT NULL, verdict TEXT,
    reply TEXT, error TEXT, attempts INTEGER NOT NULL, latency_ms REAL NOT NULL,
    input_tokens INTEGER, output_tokens INTEGER, cached INTEGER NOT NULL, cache_key TEXT NOT NULL,
    completed_at REAL NOT NULL,
    PRIMARY KEY (critic, item_id, condition, repeat)
  ) WITHOUT ROWID;`;

/** The layout the last stores without a version had: every column of today's, in the order they were added, and the plan's tables. */
const UNVERSIONED_LAYOUT = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE results (
    critic TEXT NOT NULL, item_id TEXT NOT NULL, condition TEXT NOT NULL, repeat INTEGER NOT NULL,
    review_id TEXT NOT NULL, request_digest TEXT NOT NULL, outcome TEXT NOT NULL, verdict TEXT,
    reply TEXT, error TEXT, attempts INTEGER NOT NULL, latency_ms REAL NOT NULL,
    input_tokens INTEGER, output_tokens INTEGER, cached INTEGER NOT NULL, cache_key TEXT NOT NULL,
    completed_at REAL NOT NULL, rate_limited INTEGER NOT NULL DEFAULT 0, follow_up TEXT,
    PRIMARY KEY (critic, item_id, condition, repeat)
  ) WITHOUT ROWID;
  CREATE TABLE fixtures (ord INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE TABLE mutants (ord INTEGER PRIMARY KEY, fixture_id TEXT NOT NULL, id TEXT NOT NULL, valid INTEGER NOT NULL, data TEXT NOT NULL);
  CREATE INDEX mutants_of_fixture ON mutants (fixture_id, valid);
  CREATE TABLE batches (batch_id TEXT PRIMARY KEY, critic TEXT NOT NULL, input_file_id TEXT NOT NULL, custom_ids TEXT NOT NULL, state TEXT NOT NULL, submitted_at REAL NOT NULL);`;

/** A folder whose store an older critic-audit wrote: `layout`, then `fill` with the raw database. */
function olderStore(layout: string, fill: (db: Database.Database) => void): string {
  const dir = tempDir();
  const db = new Database(join(dir, STORE_FILE));
  db.exec(layout);
  fill(db);
  db.close();
  return dir;
}

const raw = (dir: string) => new Database(join(dir, STORE_FILE), { readonly: true });
const answered = reviewResult({ itemId: 'a-1', condition: 'clean', verdict: 'FAIL', reply: 'VERDICT: FAIL', usage: { inputTokens: 10, outputTokens: 2 } });

describe('RunStore layout versions', () => {
  it('opens a store of the first layout: the later columns are added (0 and none for its rows), the snapshot document moves to the tables, and it resumes', () => {
    const mutants = generation.flatMap((g) => g.mutants);
    const ignoredMutants = generation.flatMap((g) => g.ignored);
    const dir = olderStore(FIRST_LAYOUT, (db) => {
      db.prepare("INSERT INTO meta (key, value) VALUES ('snapshot', ?)").run(JSON.stringify({ ...plan, fixtures, generation: { mutants, ignored: ignoredMutants } }));
      db.prepare('INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
        'critic',
        'a-1',
        'clean',
        0,
        'a-1',
        'd',
        'verdict',
        'FAIL',
        'VERDICT: FAIL',
        null,
        1,
        1,
        10,
        2,
        0,
        'k',
        1,
      );
    });

    const store = RunStore.open(dir);
    expect(store.readSnapshot()).toEqual({ ...plan, fixtures, generation: { mutants: mutants.map(withoutText), ignored: ignoredMutants } });
    expect([...store.mutants()]).toEqual(mutants);
    expect([...store.results()]).toEqual([answered]);
    // Resumed: what it holds is done; new reviews, with the later columns' fields, are stored beside it.
    expect(store.isDone(answered)).toBe(true);
    const second = reviewResult({ itemId: 'a-1', condition: 'are-you-sure', rateLimited: 1, followUp: 'Are you sure?' });
    store.add(second);
    expect([...store.results()]).toEqual([second, answered]);
    store.close();

    const db = raw(dir);
    expect(db.prepare('SELECT key FROM meta').pluck().all()).toEqual(['plan']);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    db.close();
    // Opened again, it is at the latest version: nothing runs twice.
    const again = RunStore.open(dir);
    expect([...again.results()]).toEqual([second, answered]);
    again.close();
  });

  it('opens a store of the last layout without a version as it is, and marks it with the latest', () => {
    const dir = olderStore(UNVERSIONED_LAYOUT, (db) => {
      db.prepare("INSERT INTO meta (key, value) VALUES ('plan', ?)").run(JSON.stringify(plan));
      db.prepare('INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
        'critic',
        'a-1',
        'clean',
        0,
        'a-1',
        'd',
        'verdict',
        'FAIL',
        'VERDICT: FAIL',
        null,
        1,
        1,
        10,
        2,
        0,
        'k',
        1,
        0,
        null,
      );
    });
    const store = RunStore.open(dir);
    expect(store.readPlan()).toEqual(plan);
    expect([...store.results()]).toEqual([answered]);
    store.close();
    const db = raw(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    db.close();
  });

  it('opens a version-3 store (before tool calls were kept): the column is added, its reviews read without calls, new ones keep theirs', () => {
    const dir = olderStore(UNVERSIONED_LAYOUT, (db) => {
      db.pragma('user_version = 3');
      db.prepare("INSERT INTO meta (key, value) VALUES ('plan', ?)").run(JSON.stringify(plan));
      db.prepare('INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
        ...['critic', 'a-1', 'clean', 0, 'a-1', 'd', 'verdict', 'FAIL', 'VERDICT: FAIL', null, 1, 1, 10, 2, 0, 'k', 1, 0, null],
      );
    });
    const store = RunStore.open(dir);
    expect([...store.results()]).toEqual([answered]);
    const calls = [
      { tool: 'search_evidence', arguments: { query: 'staff days' }, resultDigest: '0123456789abcdef', latencyMs: 0.5, denied: false, passages: ['p-1'] },
      { tool: 'read_worker_notes', arguments: {}, resultDigest: 'fedcba9876543210', latencyMs: 0.1, denied: true },
    ];
    const withTools = reviewResult({ itemId: 'a-2', condition: 'clean', toolCalls: calls });
    store.add(withTools);
    expect(store.result({ critic: 'critic', itemId: 'a-2', condition: 'clean', repeat: 0 })).toEqual(withTools);
    expect([...store.results(undefined, { text: false })].map((r) => r.toolCalls)).toEqual([undefined, calls]);
    store.close();
    const db = raw(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    db.close();
  });

  it('opens a version-4 store (before invalidated continuations were marked): its invalidated reviews read as before, new ones are marked', () => {
    const dir = olderStore(UNVERSIONED_LAYOUT, (db) => {
      db.pragma('user_version = 4');
      db.exec('ALTER TABLE results ADD COLUMN tool_calls TEXT');
      db.exec(
        'CREATE TABLE invalidated (critic TEXT NOT NULL, item_id TEXT NOT NULL, condition TEXT NOT NULL, repeat INTEGER NOT NULL, old_request_digest TEXT NOT NULL, new_request_digest TEXT, verdict TEXT, invalidated_at REAL NOT NULL, PRIMARY KEY (critic, item_id, condition, repeat, old_request_digest)) WITHOUT ROWID',
      );
      db.prepare("INSERT INTO meta (key, value) VALUES ('plan', ?)").run(JSON.stringify(plan));
      db.prepare('INSERT INTO invalidated VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run('critic', 'a-1', 'clean', 0, 'old', 'new', 'PASS', 1);
    });
    const store = RunStore.open(dir);
    store.add(reviewResult({ itemId: 'a-1', condition: 'are-you-sure', requestDigest: 'second' }));
    store.invalidateContinuations('critic', 'a-1', new Set(['clean']));
    const stale = { itemId: 'a-1', critic: 'critic', repeat: 0, reReviewed: false };
    expect(store.invalidated()).toEqual([
      { ...stale, condition: 'are-you-sure', oldRequestDigest: 'second', newRequestDigest: null, staleVerdict: 'PASS', awaitsFirstTurn: true },
      { ...stale, condition: 'clean', oldRequestDigest: 'old', newRequestDigest: 'new', staleVerdict: 'PASS' },
    ]);
    // Made again after its first turn: the request that replaced it is the one it was made with.
    store.add(reviewResult({ itemId: 'a-1', condition: 'are-you-sure', requestDigest: 'second-again' }));
    expect(store.invalidated()[0]).toMatchObject({ newRequestDigest: 'second-again', reReviewed: true, awaitsFirstTurn: true });
    store.close();
    const db = raw(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    db.close();
  });

  it('starts a new store at the latest version', () => {
    const dir = tempDir();
    RunStore.open(dir).close();
    const db = raw(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    db.close();
  });

  it('refuses a store a newer critic-audit wrote (exit 2, naming it), and leaves it as it was', () => {
    const dir = olderStore(UNVERSIONED_LAYOUT, (db) => db.pragma('user_version = 6'));
    expect(() => RunStore.open(dir)).toThrow(InputError);
    expect(() => RunStore.open(dir)).toThrow(`${join(dir, STORE_FILE)}: written by a newer critic-audit (store version 6; this one reads up to 5)`);
    const db = raw(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    db.close();
  });
});
