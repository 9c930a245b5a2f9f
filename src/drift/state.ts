import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import type { CanaryState } from './canaries.js';
import type { LogFormatName } from './config.js';
import type { FingerprintsState } from './fingerprints.js';
import type { MonitorState } from './monitor.js';
import { ROTATION_ADVICE, type ReadPosition } from './read.js';
import type { VerdictCounts } from './verdicts.js';

export interface BadLine {
  file: string;
  /** null for a record of a whole JSON document, which is located by `record` alone. */
  line: number | null;
  /** Where the record sits in its line or document (`resourceSpans[0].scopeSpans[0].spans[3]`, `data[12]`); absent when the line is the record. */
  record?: string;
  /** null when the record as a whole is wrong (not JSON, not an object). */
  field: string | null;
  problem: string;
}

/** Bad lines listed in reports; the rest are counted. Keeps memory flat on a log full of garbage. */
export const BAD_LINES_SHOWN = 100;

export interface FileProgress {
  position: ReadPosition;
  /** sha256 of the file's first `headBytes` bytes when last read: a log is only ever appended to. */
  headBytes: number;
  head: string;
  /**
   * sha256 of the first line (decompressed, newline included; a JSON
   * document: of its whole content): the file's identity, so a rotated log is
   * recognised under its new name or gzipped.
   * Null until the first line is complete; absent in older states.
   */
  firstLine?: string | null;
  gzip?: boolean;
  /** Latest review time read from the file (epoch ms), for the time-order check across files. */
  lastTime?: number | null;
}

export interface InputState {
  /** Keyed by absolute path. */
  files: Record<string, FileProgress>;
  /** Non-blank lines read, including bad ones (a whole JSON document counts as one). */
  lines: number;
  /** Records read that are reviews or bad: the bad share's denominator (JSON Lines: one per line). */
  records: number;
  /** Records without the verdict field (the trace formats' other spans, runs, observations): no reviews, counted apart. */
  otherRecords: number;
  /** The logs' format; absent in older states: JSON Lines. */
  format?: LogFormatName;
  blank: number;
  bad: number;
  /**
   * Lines of which no record could be read (not JSON, not the format's shape, or every record bad): the records they held are
   * lost uncounted, so the bad share also counts these lines against all lines. Absent in older states.
   */
  unreadableLines?: number;
  badShown: BadLine[];
  /** Verdict values seen in all input (reference file included); absent in older states. */
  verdicts?: VerdictCounts;
  /** Reviews whose verdict is one of rejectValues, in all input. */
  rejections?: number;
  /** Canary lines (drift.fields.canary set) of the logs, left out of the rejection rate; absent in older states. */
  canaryLines?: number;
  /** Canary lines of a --reference file, left out of the reference. */
  canaryLinesInReference?: number;
}

export interface SavedState {
  version: 1;
  /** The drift config and reference file the state was built with; a different one makes it stale. */
  identity: string;
  input: InputState;
  monitor: MonitorState;
  /** With --canaries: the canary lines' tables and detectors. */
  canaries?: CanaryState;
  /** With drift.fields.fingerprint: the judge identities seen and their changes. */
  fingerprints?: FingerprintsState;
}

export function newInputState(): InputState {
  return { files: {}, lines: 0, records: 0, otherRecords: 0, blank: 0, bad: 0, badShown: [] };
}

/**
 * The share of the input that could not be read: the larger of bad records over records and unreadable lines over lines.
 * A line that cannot be parsed at all counts as one bad record however many it held (an OTLP export request of 40 spans),
 * so the records alone would hide the loss; the lines alone would hide a bad span among many good ones.
 */
export function badShare(counts: { lines: number; records: number; bad: number; unreadableLines?: number }): number {
  const records = counts.records ? counts.bad / counts.records : 0;
  const lines = counts.lines ? (counts.unreadableLines ?? 0) / counts.lines : 0;
  return Math.max(records, lines);
}

/** What bad input is counted in: lines while each held one record (JSON Lines), else records (a trace export's spans, runs, observations). */
export const badUnit = (counts: { lines: number; records: number; otherRecords: number }): 'lines' | 'records' => (counts.records === counts.lines && counts.otherRecords === 0 ? 'lines' : 'records');

/**
 * Loads a state file, or returns null when there is none yet. A checksum
 * guards the body: a hand-edited or truncated state would otherwise resume
 * with quietly wrong counts.
 */
export function loadState(file: string, identity: string): SavedState | null {
  if (!existsSync(file)) return null;
  let parsed: { checksum?: unknown; state?: SavedState };
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InputError(file, undefined, undefined, `state file is not valid JSON (${(err as Error).message}); delete it to start over`);
  }
  const body = JSON.stringify(parsed.state);
  if (!parsed.state || parsed.checksum !== sha256Hex(body)) {
    throw new InputError(file, undefined, 'checksum', 'state file was modified or is incomplete; delete it to start over');
  }
  if (parsed.state.version !== 1) throw new InputError(file, undefined, 'version', `unsupported state version ${String(parsed.state.version)}`);
  if (parsed.state.identity !== identity) {
    throw new InputError(file, undefined, 'identity', `state was made with ${identityChange(parsed.state.identity, identity)}; delete it (or use a new --state file) to start over`);
  }
  // States saved before records were counted read JSON Lines: one record per line, no other records.
  parsed.state.input.records ??= parsed.state.input.lines;
  parsed.state.input.otherRecords ??= 0;
  // JSON Lines states: each bad line was a bad record. Other formats' older states did not count their unreadable lines.
  parsed.state.input.unreadableLines ??= badUnit(parsed.state.input) === 'lines' ? parsed.state.input.bad : 0;
  return parsed.state;
}

/** What an identity holds, as the stale-state message names it. */
const IDENTITY_PARTS: Record<string, string> = { config: 'drift config', reference: '--reference file', canaries: '--canaries answer key' };

/** Which parts of a state's identity (drift config, --reference file, answer key) differ from this run's. */
function identityChange(saved: string, now: string): string {
  let was: Record<string, unknown>;
  let is: Record<string, unknown>;
  try {
    [was, is] = [JSON.parse(saved), JSON.parse(now)];
  } catch {
    return 'a different drift config or --reference file';
  }
  const parts = Object.keys(IDENTITY_PARTS).filter((k) => JSON.stringify(was[k] ?? null) !== JSON.stringify(is[k] ?? null));
  return parts.length ? `a different ${parts.map((k) => IDENTITY_PARTS[k]).join(' and ')}` : 'a different drift config or --reference file';
}

/** Writes via a temporary file and a rename, so a crash never leaves half a state behind. */
export function saveState(file: string, state: SavedState): void {
  const body = JSON.stringify(state);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ checksum: sha256Hex(body), state }));
  renameSync(tmp, file);
}

/** Fingerprint of a file's first `limit` bytes (at most 4 KiB, and at most what the file has). */
export function fileHead(file: string, limit: number): { headBytes: number; head: string } {
  const buf = Buffer.alloc(Math.min(limit, 4096));
  const fd = openSync(file, 'r');
  try {
    const headBytes = readSync(fd, buf, 0, buf.length, 0);
    return { headBytes, head: sha256Hex(buf.subarray(0, headBytes)) };
  } finally {
    closeSync(fd);
  }
}

/** True when the file still starts with the bytes it started with when the state was saved. */
export function headMatches(file: string, progress: FileProgress): boolean {
  return fileHead(file, progress.headBytes).head === progress.head;
}

/** A log under --state that was rewritten rather than appended to or rotated. */
export function contentChanged(file: string, why: string): InputError {
  return new InputError(file, undefined, undefined, `file content changed since the state was saved (a log must only be appended to, or rotated): ${why}. ${ROTATION_ADVICE}`);
}
