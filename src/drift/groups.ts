import { PeriodCounts, type CountRows, type PeriodRow, type PeriodUnit } from './periods.js';

/** Values beyond `maxGroupValues` per key share this row, so a high-cardinality key cannot exhaust memory. */
export const OTHER_GROUP = '(other)';

export interface GroupValueState {
  periods: CountRows;
  lastRejection: number | null;
}
/** key → value → counts. */
export type GroupsState = Record<string, Record<string, GroupValueState>>;

export interface GroupValueRow {
  value: string;
  reviews: number;
  rejections: number;
  lastRejection: number | null;
  periods: PeriodRow[];
}

interface Entry {
  counts: PeriodCounts;
  lastRejection: number | null;
}

/**
 * Per-period counts for each value of each group key (critic version, task
 * type), reported beside the whole stream. A task type whose critic never
 * says no is exactly what the overall rate can hide.
 */
export class GroupCounts {
  private readonly tables: Array<Map<string, Entry>>;

  constructor(
    private readonly keys: readonly string[],
    private readonly unit: PeriodUnit,
    private readonly maxValues: number,
    state: GroupsState = {},
  ) {
    this.tables = keys.map((key) => {
      const table = new Map<string, Entry>();
      for (const [value, { periods, lastRejection }] of Object.entries(state[key] ?? {})) {
        table.set(value, { counts: new PeriodCounts(unit, periods), lastRejection });
      }
      return table;
    });
  }

  /** The number of keys. */
  get size(): number {
    return this.keys.length;
  }

  add(time: number, rejected: boolean, values: readonly string[]): void {
    this.tables.forEach((table, i) => {
      const value = values[i]!;
      let entry = table.get(value);
      if (!entry) {
        const pooled = table.size >= this.maxValues - 1 && value !== OTHER_GROUP;
        const key = pooled ? OTHER_GROUP : value;
        entry = table.get(key);
        if (!entry) table.set(key, (entry = { counts: new PeriodCounts(this.unit), lastRejection: null }));
      }
      entry.counts.add(time, rejected);
      if (rejected && (entry.lastRejection === null || time > entry.lastRejection)) entry.lastRejection = time;
    });
  }

  toState(): GroupsState {
    return Object.fromEntries(this.keys.map((key, i) => [key, Object.fromEntries([...this.tables[i]!].map(([value, e]) => [value, { periods: e.counts.toRows(), lastRejection: e.lastRejection }]))]));
  }

  rows(): Array<{ key: string; values: GroupValueRow[] }> {
    return this.keys.map((key, i) => ({
      key,
      values: [...this.tables[i]!]
        .map(([value, e]) => {
          const periods = e.counts.rows();
          return {
            value,
            reviews: periods.reduce((s, p) => s + p.reviews, 0),
            rejections: periods.reduce((s, p) => s + p.rejections, 0),
            lastRejection: e.lastRejection,
            periods,
          };
        })
        .sort((a, b) => b.reviews - a.reviews || a.value.localeCompare(b.value)),
    }));
  }
}
