import { RECORD_TIME_FIELD, type DriftConfig } from './config.js';
import type { VerdictValue } from './verdicts.js';

/** One production review, reduced to what the monitor needs. */
export interface Review {
  /** Epoch milliseconds. */
  time: number;
  rejected: boolean;
  /** One value per configured group key, in config order. */
  groups: string[];
  /** The verdict value as logged (absent in simulations): lets a wrong rejectValues be named. */
  verdict?: VerdictValue;
  /** The canary id (drift.fields.canary) when the line is a canary's verdict; absent for ordinary traffic. */
  canary?: string;
  /** The judge's identity (drift.fields.fingerprint values joined); absent when no fingerprint field is configured. */
  fingerprint?: string;
}

/** A review, or why the line is bad (with the verdict value when that is what is wrong). */
export type ParsedLine = { review: Review } | { field: string | undefined; problem: string; verdict?: VerdictValue };

/** Shown when a group field is absent, so such reviews are still counted in their own row. */
export const MISSING_GROUP = '(none)';

/** Separates the values of a multi-field fingerprint, as shown in reports. */
export const FINGERPRINT_SEPARATOR = ' · ';

/**
 * A record of a log as read: a review, a bad record saying why, or (in the
 * trace formats, whose files also hold the worker's spans, runs and
 * observations) a record without the verdict field, which is no review.
 * `record` locates it inside its line or document (e.g.
 * `resourceSpans[0].scopeSpans[0].spans[3]`); absent when the line is the record.
 */
export type ReadRecord = (ParsedLine | { other: true }) & { record?: string };

/** How one log format's records yield the fields `drift.fields` names. */
export interface RecordFields<R> {
  /** Reads the field a `drift.fields` entry names. */
  field(name: string): (record: R) => unknown;
  /**
   * The record's own time (epoch ms, or the problem with the record's own
   * field, `startTime` or `start_time`, which a bad record names), read for the
   * default timestamp field; absent in JSON Lines, where `timestamp` is a
   * field like any other.
   */
  ownTime?: (record: R) => number | { field: string; problem: string };
}

/** A dot path into an object (`review.decision`): how JSON Lines, Langfuse and LangSmith records are read. */
export function pathField(name: string): (record: object) => unknown {
  const path = name.split('.');
  return (record) => at(record, path);
}

/** A log line's (or document's) JSON, or why it is not JSON. */
export function decodeJson(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { problem: `not valid JSON (${(err as Error).message})` };
  }
}

/** Builds the reader of one format's records once, so the field paths are split once rather than per record. */
export function reviewReader<R>(config: DriftConfig, fields: RecordFields<R>): (record: R) => ParsedLine {
  const { timestamp, verdict, group, canary, fingerprint } = config.fields;
  const timeField = fields.field(timestamp);
  const readTime =
    timestamp === RECORD_TIME_FIELD && fields.ownTime
      ? fields.ownTime
      : (record: R) => {
          const time = parseTime(timeField(record));
          return typeof time === 'string' ? { field: timestamp, problem: time } : time;
        };
  const verdictField = fields.field(verdict);
  const groupFields = group.map((g) => fields.field(g));
  const canaryField = canary === undefined ? undefined : fields.field(canary);
  const fingerprintFields = (fingerprint ?? []).map((f) => fields.field(f));
  const reject = new Set<unknown>(config.rejectValues);
  const approve = config.approveValues && new Set<unknown>(config.approveValues);

  return (record) => {
    const time = readTime(record);
    if (typeof time !== 'number') return time;
    const v = verdictField(record);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      return { field: verdict, problem: v === undefined ? 'missing' : `expected a string, number or boolean, got ${JSON.stringify(v)}` };
    }
    const rejected = reject.has(v);
    if (!rejected && approve && !approve.has(v)) {
      return { field: verdict, problem: `${JSON.stringify(v)} is neither in rejectValues nor in approveValues`, verdict: v };
    }
    const groups = groupFields.map((read) => label(read(record)));
    const review: Review = { time, rejected, groups, verdict: v };
    if (canaryField) {
      const id = canaryField(record);
      if (typeof id === 'string' || typeof id === 'number') {
        if (id !== '') review.canary = String(id);
      } else if (id !== undefined && id !== null) return { field: canary, problem: `expected a canary id (a string), got ${JSON.stringify(id)}` };
    }
    if (fingerprintFields.length) review.fingerprint = fingerprintFields.map((read) => label(read(record))).join(FINGERPRINT_SEPARATOR);
    return { review };
  };
}

/**
 * The reader of a trace format's records: its files also hold the worker's
 * spans, runs and observations, so a record without the verdict field is no
 * review (counted, not bad). A critic's record whose verdict is there but
 * wrong is a bad record, as in JSON Lines.
 */
export function traceRecordReader<R>(config: DriftConfig, fields: RecordFields<R>): (record: R) => ParsedLine | { other: true } {
  const review = reviewReader(config, fields);
  const verdict = fields.field(config.fields.verdict);
  return (record) => (verdict(record) === undefined ? { other: true } : review(record));
}

/** A group or fingerprint value as reported: absent fields get their own row rather than a bad line. */
function label(value: unknown): string {
  return value === undefined || value === null ? MISSING_GROUP : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function at(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A date-time without a zone, which a format that documents its times as UTC writes (LangSmith's API, Langfuse's export). */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** `raw` marked as UTC when it is a date-time without a zone; anything else as it is. Only for formats whose times are documented as UTC. */
export function utcIfZoneless(raw: unknown): unknown {
  return typeof raw === 'string' && ZONELESS.test(raw) ? `${raw}Z` : raw;
}

/**
 * ISO 8601 / RFC 3339: a date, optionally a time (hh:mm, seconds and a
 * fraction optional; `T`, `t` or a space before it) and a zone (Z, ±hh:mm or
 * ±hhmm), required after a time. Nothing else: V8's Date.parse also takes
 * "Jan 5 2025 Z" and rolls "2025-02-30" over to March 2, and either would put
 * reviews on the wrong day without a word.
 *
 * Epoch ms, or the problem. Numbers below 1e11 are epoch seconds (1e11 s is
 * the year 5138), larger ones milliseconds. Date-times must carry a zone: a
 * local time would put reviews into different days on different machines. A
 * bare date is midnight UTC. Scanned by hand: this runs once per log line.
 */
export function parseTime(raw: unknown): number | string {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return `expected a non-negative epoch time, got ${raw}`;
    return raw < 1e11 ? raw * 1000 : raw;
  }
  if (typeof raw !== 'string') return raw === undefined ? 'missing' : `expected an ISO 8601 string or epoch number, got ${JSON.stringify(raw)}`;
  const s = raw;
  const len = s.length;
  const bad = () => `"${raw}" is not an ISO 8601 date-time (expected e.g. 2025-03-01T10:00:00Z or +02:00) or an epoch number`;
  if (len < 10 || s.charCodeAt(4) !== DASH || s.charCodeAt(7) !== DASH) return bad();
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  if (year < 0 || month < 0 || day < 0) return bad();
  let i = 10;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let ms = 0;
  const separator = s.charCodeAt(10);
  const timed = separator === 84 || separator === 116 || separator === 32; // T t space
  if (timed) {
    hour = digits(s, 11, 2);
    minute = digits(s, 14, 2);
    if (hour < 0 || s.charCodeAt(13) !== COLON || minute < 0) return bad();
    i = 16;
    if (s.charCodeAt(i) === COLON) {
      second = digits(s, i + 1, 2);
      if (second < 0) return bad();
      i += 3;
      const dot = s.charCodeAt(i);
      if (dot === 46 || dot === 44) {
        let n = 0;
        for (i += 1; i < len && isDigit(s.charCodeAt(i)); i++, n++) if (n < 3) ms = ms * 10 + (s.charCodeAt(i) - 48); // truncated to ms, like Date.parse
        if (n === 0 || n > 9) return bad();
        for (; n < 3; n++) ms *= 10;
      }
    }
  }
  let offset = 0;
  let zoned = false;
  if (i < len) {
    const c = s.charCodeAt(i);
    if ((c === 90 || c === 122) && i + 1 === len)
      zoned = true; // Z z
    else if (c === 43 || c === DASH) {
      const oh = digits(s, i + 1, 2);
      let j = i + 3;
      if (s.charCodeAt(j) === COLON) j++;
      const om = digits(s, j, 2);
      if (oh < 0 || om < 0 || j + 2 !== len) return bad();
      if (oh > 23 || om > 59) return `"${raw}" has no such zone offset`;
      offset = (c === DASH ? -1 : 1) * (oh * 60 + om) * 60_000;
      zoned = true;
    } else return bad();
  }
  if (timed && !zoned) return `"${raw}" has no time zone (add Z or an offset)`;
  if (year < 1969) return `"${raw}" is before 1970`; // and Date.UTC would read years 0–99 as 1900–1999
  if (month < 1 || month > 12) return `"${raw}" has month ${s.slice(5, 7)}`;
  const days = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day < 1 || day > days) return `"${raw}" has day ${s.slice(8, 10)}, but ${s.slice(0, 7)} has ${days} days`;
  if (hour > 23 || minute > 59 || second > 59) return `"${raw}" has no such time of day`;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset;
  return time < 0 ? `"${raw}" is before 1970` : time;
}

const DASH = 45;
const COLON = 58;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isDigit = (c: number) => c >= 48 && c <= 57;

/** The number written by `count` digits at `from`, or −1 if any is not a digit (or missing). */
function digits(s: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i); // NaN past the end: not a digit
    if (!isDigit(c)) return -1;
    value = value * 10 + (c - 48);
  }
  return value;
}
