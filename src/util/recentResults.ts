/**
 * The results of the last computations, by key, up to `size` of them. When
 * full it starts afresh rather than tracking use: its callers see the same
 * key again within a few items (one item under every condition), so a cleared
 * map refills with what is being reused, and nothing is spent on bookkeeping.
 */
export class RecentResults<V> {
  readonly #results = new Map<string, V>();

  constructor(private readonly size: number) {}

  /** The value computed for `key`, if it is still held; nothing is computed. */
  peek(key: string): V | undefined {
    return this.#results.get(key);
  }

  get(key: string, compute: () => V): V {
    let value = this.#results.get(key);
    if (value === undefined) {
      if (this.#results.size >= this.size) this.#results.clear();
      value = compute();
      this.#results.set(key, value);
    }
    return value;
  }
}
