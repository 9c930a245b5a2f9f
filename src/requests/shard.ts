import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';

/** One share of a run's reviews: `index` of `count`, 1-based as `--shard 2/4` writes it. */
export interface Shard {
  index: number;
  count: number;
}

/** `--shard i/n`, 1 <= i <= n. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!(count >= 1 && index >= 1 && index <= count)) {
    throw new InputError('(command line)', undefined, '--shard', `must be i/n with 1 <= i <= n (as in 2/4), got "${text}"`);
  }
  return { index, count };
}

/**
 * Whether an item's reviews belong to a shard. By a hash of the item's id
 * alone: every condition and repeat of an item (its paired reviews) land in
 * one shard, and an item keeps its shard when other fixtures come or go.
 */
export function inShard(itemId: string, shard: Shard): boolean {
  return (Number.parseInt(sha256Hex(itemId).slice(0, 8), 16) % shard.count) + 1 === shard.index;
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
