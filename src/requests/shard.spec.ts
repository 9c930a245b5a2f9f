import { describe, expect, it } from 'vitest';
import { inShard, parseShard } from './shard.js';

describe('shards', () => {
  it('parses i/n and refuses anything else, naming --shard', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0', '-1/2']) expect(() => parseShard(bad), bad).toThrow(/--shard/);
  });

  it('puts every item in exactly one shard, a share near 1/n each, by its id alone', () => {
    const ids = Array.from({ length: 4000 }, (_, i) => `fixture-${i % 97}#m${i}`);
    const sizes = [1, 2, 3, 4].map((index) => ids.filter((id) => inShard(id, { index, count: 4 })).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
    for (const n of sizes) expect(Math.abs(n - 1000)).toBeLessThan(120);
    for (const id of ids.slice(0, 50)) expect([1, 2, 3, 4].filter((index) => inShard(id, { index, count: 4 }))).toHaveLength(1);
    // Stable: the same id, the same shard, whatever else is planned.
    expect(inShard(ids[0]!, { index: 1, count: 1 })).toBe(true);
  });
});
