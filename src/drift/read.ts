import { createReadStream, openSync, readFileSync, readSync, closeSync, statSync } from 'node:fs';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { InputError } from '../errors.js';

/** Where a later run picks up: the byte offset (plain files) and the number of lines already read. */
export interface ReadPosition {
  bytes: number;
  lines: number;
}

export interface LogLine {
  text: string;
  /** 1-based line number in the (decompressed) file. */
  line: number;
  /** Position just after this line. */
  after: ReadPosition;
}

export interface ReadOptions {
  /**
   * Leave an unterminated last line for the next run: a writer may still be
   * appending to it, and reading half a line now would turn the rest into a
   * bad line tomorrow.
   */
  holdPartialLine: boolean;
}

export const hasGzipMagic = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

function isGzip(file: string): boolean {
  const fd = openFile(file);
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && hasGzipMagic(magic);
  } finally {
    closeSync(fd);
  }
}

/**
 * Streams the lines of a plain or gzip JSON Lines file (gzip is recognised by
 * its magic bytes, not the name), in batches so a million lines cost a
 * thousand awaits rather than a million. Memory is one chunk, one batch and
 * the longest line; reading time is linear in the file, however long its lines.
 *
 * Plain files resume by seeking to `from.bytes`; gzip has no random access, so
 * it is decompressed from the start and the first `from.lines` lines skipped.
 */
export async function* readLines(file: string, from: ReadPosition, options: ReadOptions): AsyncGenerator<LogLine[]> {
  const gzip = isGzip(file);
  if (!gzip && statSync(file).size < from.bytes) {
    throw new InputError(file, undefined, undefined, `file is shorter than when the state was saved (${from.bytes} bytes read before); it was truncated or replaced. ${ROTATION_ADVICE}`);
  }
  const raw = createReadStream(file, { start: gzip ? 0 : from.bytes, highWaterMark: 1 << 16 });
  const stream: Readable = gzip ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (err) => stream.destroy(err));

  let bytes = gzip ? 0 : from.bytes;
  let line = gzip ? 0 : from.lines;
  // The unfinished line: its pieces from earlier chunks, joined once when its
  // newline arrives. Joining per chunk would copy a long line again for every
  // 64 KiB of it, quadratic in its length.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const batch: LogLine[] = [];
      let start = 0;
      let nl = chunk.indexOf(10);
      if (nl !== -1 && pending.length) {
        bytes += pendingBytes + nl + 1;
        line += 1;
        if (line > from.lines) {
          const whole = Buffer.concat([...pending, chunk.subarray(0, nl)], pendingBytes + nl);
          batch.push({ text: decode(whole, 0, whole.length, line), line, after: { bytes, lines: line } });
        }
        pending = [];
        pendingBytes = 0;
        start = nl + 1;
        nl = chunk.indexOf(10, start);
      }
      for (; nl !== -1; nl = chunk.indexOf(10, start)) {
        bytes += nl + 1 - start;
        line += 1;
        if (line > from.lines) batch.push({ text: decode(chunk, start, nl, line), line, after: { bytes, lines: line } });
        start = nl + 1;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
      }
      if (batch.length) yield batch;
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(file, line + 1, undefined, `cannot read ${gzip ? 'gzip ' : ''}file: ${(err as Error).message}`);
  }
  if (line < from.lines) {
    throw new InputError(file, undefined, undefined, `file has ${line} lines, fewer than the ${from.lines} read before; it was truncated or replaced. ${ROTATION_ADVICE}`);
  }
  if (pendingBytes && !options.holdPartialLine && line + 1 > from.lines) {
    const rest = Buffer.concat(pending, pendingBytes);
    line += 1;
    yield [{ text: decode(rest, 0, rest.length, line), line, after: { bytes: bytes + rest.length, lines: line } }];
  }
}

/** A whole JSON document (plain or gzip): its content decompressed, and its text without a BOM. */
export function readDocumentText(file: string): { content: Buffer; text: string } {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (err) {
    throw new InputError(file, undefined, undefined, `cannot read file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (hasGzipMagic(content)) {
    try {
      content = gunzipSync(content);
    } catch (err) {
      throw new InputError(file, undefined, undefined, `cannot read gzip file: ${(err as Error).message}`);
    }
  }
  const text = content.toString('utf8');
  return { content, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/**
 * A JSON document as the one unit it is read in (it cannot be read in part):
 * one line that stands for the whole of it, however many it spans.
 */
export function readDocument(file: string): LogLine {
  const { content, text } = readDocumentText(file);
  return { text, line: 1, after: { bytes: content.length, lines: 1 } };
}

/** What to do when a log under --state changed: said by every such error. */
export const ROTATION_ADVICE =
  'If the log was rotated, pass the rotated file as well (it is recognised by its first line, whatever its name or compression); to start over, delete the state file (or use a new --state file).';

function decode(buf: Buffer, start: number, end: number, line: number): string {
  if (end > start && buf[end - 1] === 13) end -= 1; // CRLF
  const text = buf.toString('utf8', start, end);
  return line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function openFile(file: string): number {
  try {
    return openSync(file, 'r');
  } catch (err) {
    throw new InputError(file, undefined, undefined, `cannot read file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
