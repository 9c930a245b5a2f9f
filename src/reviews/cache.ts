import type Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BatchedWriter } from '../util/batchedWriter.js';
import { openDatabase } from '../util/sqlite.js';
import { CACHE_DIR } from '../util/cacheDir.js';
import { sha256Hex } from '../util/hash.js';
import type { CriticIdentity, CriticReply } from './critic.js';
import type { ToolCall } from './tools/index.js';

/** What a cache key is made of, kept beside it so a miss can be explained. */
export interface CacheKeyParts {
  requestDigest: string;
  identity: CriticIdentity;
  repeat: number;
}

/** A reply as the cache keeps it: with a tool-using critic's calls, so a cached review measures as the one it repeats. */
export interface CachedReply extends CriticReply {
  toolCalls?: ToolCall[];
}

/** Canonical JSON: object keys sorted, so equal identities always hash equally. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function cacheKey(parts: CacheKeyParts, identityText = canonical(parts.identity)): string {
  return sha256Hex(`${parts.requestDigest}\0${identityText}\0${parts.repeat}`);
}

/**
 * Critic replies across runs, keyed by the request bytes' digest, the critic's
 * identity (provider, endpoint, model, sampling parameters, template hash,
 * script hashes) and the repeat index. Only real replies are stored: errors
 * and empty bodies never are.
 */
export class ReplyCache {
  private readonly db: Database.Database;
  private readonly select: Database.Statement;
  private readonly writer: BatchedWriter<{ key: string; parts: CacheKeyParts; reply: CachedReply }>;

  private constructor(file: string) {
    this.db = openDatabase(file);
    this.db.exec(`CREATE TABLE IF NOT EXISTS replies (
      key TEXT PRIMARY KEY, parts TEXT NOT NULL, text TEXT NOT NULL, input_tokens INTEGER, output_tokens INTEGER, created_at TEXT NOT NULL, tool_calls TEXT
    ) WITHOUT ROWID`);
    // A cache written before tool-using critics has no column for their calls: added, empty for the replies it holds.
    if (!this.db.prepare("SELECT 1 FROM pragma_table_info('replies') WHERE name = 'tool_calls'").get()) this.db.exec('ALTER TABLE replies ADD COLUMN tool_calls TEXT');
    // Rows as arrays: building an object per row with named columns doubled the cost of a lookup, which a rerun makes per review.
    this.select = this.db.prepare('SELECT text, input_tokens, output_tokens, tool_calls FROM replies WHERE key = ?').raw(true);
    const upsert = this.db.prepare('INSERT OR REPLACE INTO replies (key, parts, text, input_tokens, output_tokens, created_at, tool_calls) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.writer = new BatchedWriter(this.db, ({ key, parts, reply }) =>
      upsert.run(
        key,
        JSON.stringify(parts),
        reply.text,
        reply.usage?.inputTokens ?? null,
        reply.usage?.outputTokens ?? null,
        new Date().toISOString(),
        reply.toolCalls ? JSON.stringify(reply.toolCalls) : null,
      ),
    );
  }

  static open(baseDir: string): ReplyCache {
    const dir = join(baseDir, CACHE_DIR);
    mkdirSync(dir, { recursive: true });
    return new ReplyCache(join(dir, 'replies.sqlite'));
  }

  static clear(baseDir: string): void {
    rmSync(join(baseDir, CACHE_DIR), { recursive: true, force: true });
  }

  get(key: string): CachedReply | undefined {
    const row = this.select.get(key) as [text: string, inputTokens: number | null, outputTokens: number | null, toolCalls: string | null] | undefined;
    if (!row) return undefined;
    const [text, inputTokens, outputTokens, toolCalls] = row;
    const reply: CachedReply = inputTokens === null || outputTokens === null ? { text } : { text, usage: { inputTokens, outputTokens } };
    if (toolCalls !== null) reply.toolCalls = JSON.parse(toolCalls) as ToolCall[];
    return reply;
  }

  put(key: string, parts: CacheKeyParts, reply: CachedReply): void {
    if (reply.text.trim() === '') return; // an empty body is a transport failure, not the critic's answer
    this.writer.add({ key, parts, reply });
  }

  explain(key: string): CacheKeyParts | undefined {
    this.writer.flush();
    const row = this.db.prepare('SELECT parts FROM replies WHERE key = ?').get(key) as { parts: string } | undefined;
    return row ? (JSON.parse(row.parts) as CacheKeyParts) : undefined;
  }

  close(): void {
    this.writer.flush();
    this.db.close();
  }
}
