import { closeSync, openSync, readSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import type { ParsedLine } from './record.js';

/** What the start of a log says about it, before it is read. */
export interface Probe {
  file: string;
  gzip: boolean;
  /** sha256 of the first line, decompressed, newline included; null while it is incomplete. */
  firstLine: string | null;
  /** Time of the first readable review near the start; null when there is none yet. */
  firstTime: number | null;
}

/** The probe reads this much at first (a few dozen lines), and up to 2 MiB when the first line is longer. */
const FIRST_READ = 1 << 13;
const LAST_READ = 1 << 21;
const LINES_TRIED = 1000;

/**
 * Reads the start of a log: its identity (the first line's hash, the same
 * whether the file is renamed or gzipped by a log rotator) and its first
 * review time, which puts the files of a run in time order.
 */
export function probeFile(file: string, parse: (text: string) => ParsedLine): Probe {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new InputError(file, undefined, undefined, `cannot read file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let content: Buffer = Buffer.alloc(0);
  let gzip = false;
  try {
    for (let size = FIRST_READ; ; size *= 4) {
      const buf = Buffer.alloc(size);
      const got = readSync(fd, buf, 0, size, 0);
      const raw = buf.subarray(0, got);
      gzip = got >= 2 && raw[0] === 0x1f && raw[1] === 0x8b;
      content = gzip ? gunzipPrefix(raw) : raw;
      if (got < size || content.includes(10) || size >= LAST_READ) break;
    }
  } finally {
    closeSync(fd);
  }
  const firstNewline = content.indexOf(10);
  const firstLine = firstNewline === -1 ? null : sha256Hex(content.subarray(0, firstNewline + 1));
  let firstTime: number | null = null;
  let start = 0;
  for (let i = 0, nl = firstNewline; i < LINES_TRIED && nl !== -1; i++, nl = content.indexOf(10, start)) {
    let text = content.toString('utf8', start, nl).replace(/\r$/, '');
    if (i === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    start = nl + 1;
    const parsed = text.trim() === '' ? null : parse(text);
    if (parsed && 'review' in parsed) {
      firstTime = parsed.review.time;
      break;
    }
  }
  return { file, gzip, firstLine, firstTime };
}

/** As much of a gzip file's content as the given prefix holds; empty when it is corrupt (the read proper reports it). */
function gunzipPrefix(raw: Buffer): Buffer {
  try {
    return gunzipSync(raw, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return Buffer.alloc(0);
  }
}
