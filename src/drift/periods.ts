import { wilsonInterval, type Interval } from '../statistics/wilson.js';

export type PeriodUnit = 'hour' | 'day' | 'week';

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** 1970-01-05 was a Monday; weeks start on Monday (ISO), in UTC. */
const FIRST_MONDAY = 4 * DAY;

/** Start (epoch ms, UTC) of the period holding `time`. */
export function periodStart(time: number, unit: PeriodUnit): number {
  if (unit === 'hour') return time - mod(time, HOUR);
  if (unit === 'day') return time - mod(time, DAY);
  return time - mod(time - FIRST_MONDAY, 7 * DAY);
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** Review and rejection counts per period start, as [start, reviews, rejections] rows (JSON-friendly). */
export type CountRows = Array<[number, number, number]>;

export interface PeriodRow {
  start: number;
  reviews: number;
  rejections: number;
  rate: number;
  interval: Interval;
}

/**
 * Counts per period. One entry per period, whatever the number of lines, so
 * memory grows with the calendar, not the log. Order of arrival does not
 * matter: a late line still lands in its own period.
 */
export class PeriodCounts {
  private readonly counts = new Map<number, [number, number]>();
  private lastStart = NaN;
  private last: [number, number] = [0, 0];

  constructor(
    readonly unit: PeriodUnit,
    rows: CountRows = [],
  ) {
    for (const [start, reviews, rejections] of rows) this.counts.set(start, [reviews, rejections]);
  }

  add(time: number, rejected: boolean): void {
    const start = periodStart(time, this.unit);
    if (start !== this.lastStart) {
      // Lines mostly arrive in order: remember the current period instead of hashing every line.
      let entry = this.counts.get(start);
      if (!entry) this.counts.set(start, (entry = [0, 0]));
      this.last = entry;
      this.lastStart = start;
    }
    this.last[0] += 1;
    if (rejected) this.last[1] += 1;
  }

  clear(): void {
    this.counts.clear();
    this.lastStart = NaN;
  }

  toRows(): CountRows {
    // Periods are mostly added in time order, and a Map keeps that order: sort only when a late line made a new period.
    // A daily job snapshots the whole table every run (and the drift simulations every simulated day).
    const rows: CountRows = [];
    let inOrder = true;
    for (const [start, [reviews, rejections]] of this.counts) {
      if (rows.length && start < rows[rows.length - 1]![0]) inOrder = false;
      rows.push([start, reviews, rejections]);
    }
    return inOrder ? rows : rows.sort((a, b) => a[0] - b[0]);
  }

  rows(): PeriodRow[] {
    return this.toRows().map(([start, reviews, rejections]) => ({
      start,
      reviews,
      rejections,
      rate: rejections / reviews,
      interval: wilsonInterval(rejections, reviews),
    }));
  }
}
