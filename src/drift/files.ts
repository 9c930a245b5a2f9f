import { closeSync, openSync, readSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { detectFormat, earliestReview, type LogFormat } from './formats/index.js';
import { hasGzipMagic, readDocumentText } from './read.js';
import { decodeJson, type ReadRecord } from './record.js';

/** What the start of a log says about it, before it is read. */
export interface Probe {
  file: string;
  gzip: boolean;
  /**
   * One JSON document, read whole: its first non-blank line is a lone `{` or
   * `[` (pretty-printed), or it is one line of JSON without a final newline.
   * Otherwise JSON Lines: one JSON value per line.
   */
  document: boolean;
  /**
   * The file's identity, the same whether it is renamed or gzipped by a log
   * rotator: sha256 of its first line, newline included (JSON Lines), or of
   * its whole content (a document), decompressed; null while the first line
   * is incomplete.
   */
  firstLine: string | null;
  /** The format of its content: drift.format when set, else detected from its first JSON value; null when nothing in it tells yet. */
  format: LogFormat | null;
  /** Time of the first readable review near the start (a document: its earliest review); null when there is none yet. */
  firstTime: number | null;
}

/** How the probe tells a file's format and reads its first records. */
export interface FormatChoice {
  /** drift.format, when set: a file whose first JSON value is not in it is bad input. */
  configured: LogFormat | undefined;
  /** The records of a JSON value read as `format` with the run's field mapping. */
  records(format: LogFormat, value: unknown): ReadRecord[];
}

/** The probe reads this much at first (a few dozen lines), and up to 2 MiB when the first line is longer. */
const FIRST_READ = 1 << 13;
const LAST_READ = 1 << 21;
const LINES_TRIED = 1000;

/**
 * Reads the start of a log (all of it, for a JSON document): its identity,
 * its format and its first review time, which puts the files of a run in time
 * order.
 */
export function probeFile(file: string, formats: FormatChoice): Probe {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new InputError(file, undefined, undefined, `cannot read file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let content: Buffer = Buffer.alloc(0);
  let gzip = false;
  let newlineLater = false;
  try {
    let raw: Buffer = Buffer.alloc(0);
    for (let size = FIRST_READ; ; size *= 4) {
      const buf = Buffer.alloc(size);
      const got = readSync(fd, buf, 0, size, 0);
      raw = buf.subarray(0, got);
      gzip = hasGzipMagic(raw);
      content = gzip ? gunzipPrefix(raw) : raw;
      if (got < size || content.includes(10) || size >= LAST_READ) break;
    }
    // A first line longer than the prefix: look on for its end, a chunk at a time.
    if (!gzip && !content.includes(10)) newlineLater = newlineFrom(fd, raw.length);
  } finally {
    closeSync(fd);
  }
  const lines = completeLines(content);
  const firstText = lines.find((text) => text.trim() !== '');
  const document = firstText !== undefined ? DOCUMENT_START.has(firstText.trim()) : !content.includes(10) && !newlineLater && isOneLineDocument(file);
  if (document) return probeDocument(file, gzip, formats);

  const firstNewline = content.indexOf(10);
  const firstLine = firstNewline === -1 ? null : sha256Hex(content.subarray(0, firstNewline + 1));
  let format: LogFormat | null = null;
  let firstTime: number | null = null;
  for (const [i, text] of lines.slice(0, LINES_TRIED).entries()) {
    const decoded = decodeJson(text);
    if ('problem' in decoded) continue;
    format ??= formatOf(file, i + 1, decoded.value, formats.configured);
    if (!format) continue;
    firstTime = earliestReview(formats.records(format, decoded.value));
    if (firstTime !== null) break;
  }
  return { file, gzip, document: false, firstLine, format, firstTime };
}

/** What a pretty-printed JSON document's first line holds. */
const DOCUMENT_START = new Set(['{', '[']);

/**
 * A file of one line without a final newline is a compact JSON document (as
 * JSON.stringify or json.dump write an export) when it parses as a whole;
 * otherwise it is the half-written first line of a live log, left for the
 * next run as before.
 */
function isOneLineDocument(file: string): boolean {
  const { content, text } = readDocumentText(file);
  return content.length > 0 && !content.includes(10) && 'value' in decodeJson(text);
}

/** Whether a newline follows `from` in a plain file (read in 1 MiB chunks: memory stays flat whatever the line's length). */
function newlineFrom(fd: number, from: number): boolean {
  const chunk = Buffer.alloc(1 << 20);
  for (let at = from, got = readSync(fd, chunk, 0, chunk.length, at); got > 0; at += got, got = readSync(fd, chunk, 0, chunk.length, at)) {
    if (chunk.subarray(0, got).includes(10)) return true;
  }
  return false;
}

function probeDocument(file: string, gzip: boolean, formats: FormatChoice): Probe {
  const { text, content } = readDocumentText(file);
  const probe = { file, gzip, document: true, firstLine: sha256Hex(content), format: null, firstTime: null };
  const decoded = decodeJson(text);
  if ('problem' in decoded) return probe; // the read proper reports it
  const format = formatOf(file, undefined, decoded.value, formats.configured);
  return { ...probe, format, firstTime: format && earliestReview(formats.records(format, decoded.value)) };
}

/** drift.format when the value is in it (bad input when not); else the format detected from the value. */
function formatOf(file: string, line: number | undefined, value: unknown, configured: LogFormat | undefined): LogFormat | null {
  if (!configured) return detectFormat(value);
  const misfit = configured.misfit(value);
  if (!misfit) return configured;
  const detected = detectFormat(value);
  const looks = detected ? `; it looks like ${detected.title} (drift.format: ${detected.name})` : '';
  throw new InputError(file, line, misfit.field, `drift.format is ${configured.name}, but this is ${misfit.problem}${looks}`);
}

/** The complete lines of a prefix (CR and a first-line BOM removed). */
function completeLines(content: Buffer): string[] {
  const lines: string[] = [];
  for (let start = 0, nl = content.indexOf(10); nl !== -1; start = nl + 1, nl = content.indexOf(10, start)) {
    let text = content.toString('utf8', start, nl).replace(/\r$/, '');
    if (start === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    lines.push(text);
  }
  return lines;
}

/** As much of a gzip file's content as the given prefix holds; empty when it is corrupt (the read proper reports it). */
function gunzipPrefix(raw: Buffer): Buffer {
  try {
    return gunzipSync(raw, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return Buffer.alloc(0);
  }
}
