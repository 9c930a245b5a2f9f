import type { Interval } from '../statistics/wilson.js';
import type { PeriodUnit } from './periods.js';

/** Rates to one decimal: the rates watched here (2%, 10%) lose their meaning rounded to whole percent. */
export const pct = (x: number | null, digits = 1) => (x === null ? '–' : `${(100 * x).toFixed(digits)}%`);
export const pctInterval = ([lo, hi]: Interval) => `[${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]%`;

/** Period start for tables and axes: a date for days and weeks, date and hour for hours. */
export function periodLabel(start: string, unit: PeriodUnit): string {
  return unit === 'hour' ? `${start.slice(0, 13)}:00Z` : unit === 'week' ? `week of ${start.slice(0, 10)}` : start.slice(0, 10);
}
