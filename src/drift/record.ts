import type { DriftConfig } from './config.js';

/** One production review, reduced to what the monitor needs. */
export interface Review {
  /** Epoch milliseconds. */
  time: number;
  rejected: boolean;
  /** One value per configured group key, in config order. */
  groups: string[];
}

export type ParsedLine = { review: Review } | { field: string | undefined; problem: string };

/** Shown when a group field is absent, so such reviews are still counted in their own row. */
export const MISSING_GROUP = '(none)';

/** Builds the line parser once, so the field paths are split once rather than per line. */
export function lineParser(config: DriftConfig): (text: string) => ParsedLine {
  const { timestamp, verdict, group } = config.fields;
  const tsPath = timestamp.split('.');
  const verdictPath = verdict.split('.');
  const groupPaths = group.map((g) => g.split('.'));
  const reject = new Set<unknown>(config.rejectValues);
  const approve = config.approveValues && new Set<unknown>(config.approveValues);

  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return { field: undefined, problem: `not valid JSON (${(err as Error).message})` };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { field: undefined, problem: 'each line must be a JSON object' };
    }
    const time = parseTime(at(value, tsPath));
    if (typeof time === 'string') return { field: timestamp, problem: time };
    const v = at(value, verdictPath);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      return { field: verdict, problem: v === undefined ? 'missing' : `expected a string, number or boolean, got ${JSON.stringify(v)}` };
    }
    const rejected = reject.has(v);
    if (!rejected && approve && !approve.has(v)) {
      return { field: verdict, problem: `${JSON.stringify(v)} is neither in rejectValues nor in approveValues` };
    }
    const groups = groupPaths.map((path) => {
      const g = at(value, path);
      return g === undefined || g === null ? MISSING_GROUP : typeof g === 'object' ? JSON.stringify(g) : String(g);
    });
    return { review: { time, rejected, groups } };
  };
}

function at(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const HAS_ZONE = /(?:[zZ]|[+-]\d\d:?\d\d)$/;
const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

/**
 * Epoch ms, or the problem. Numbers below 1e11 are epoch seconds (1e11 s is
 * the year 5138), larger ones milliseconds. Date-times must carry a zone: a
 * local time would put reviews into different days on different machines.
 */
function parseTime(raw: unknown): number | string {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return `expected a non-negative epoch time, got ${raw}`;
    return raw < 1e11 ? raw * 1000 : raw;
  }
  if (typeof raw !== 'string') return raw === undefined ? 'missing' : `expected an ISO 8601 string or epoch number, got ${JSON.stringify(raw)}`;
  if (!DATE_ONLY.test(raw) && !HAS_ZONE.test(raw)) return `"${raw}" has no time zone (add Z or an offset)`;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? `"${raw}" is not an ISO 8601 date-time` : ms;
}
