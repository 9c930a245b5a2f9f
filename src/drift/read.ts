import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
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

function isGzip(file: string): boolean {
  const fd = openFile(file);
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/**
 * Streams the lines of a plain or gzip JSON Lines file (gzip is recognised by
 * its magic bytes, not the name), in batches so a million lines cost a
 * thousand awaits rather than a million. Memory is one chunk plus one batch.
 *
 * Plain files resume by seeking to `from.bytes`; gzip has no random access, so
 * it is decompressed from the start and the first `from.lines` lines skipped.
 */
export async function* readLines(file: string, from: ReadPosition, options: ReadOptions): AsyncGenerator<LogLine[]> {
  const gzip = isGzip(file);
  if (!gzip && statSync(file).size < from.bytes) {
    throw new InputError(file, undefined, undefined, `file is shorter than when the state was saved (${from.bytes} bytes read before); it was truncated or replaced`);
  }
  const raw = createReadStream(file, { start: gzip ? 0 : from.bytes, highWaterMark: 1 << 16 });
  const stream: Readable = gzip ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (err) => stream.destroy(err));

  let bytes = gzip ? 0 : from.bytes;
  let line = gzip ? 0 : from.lines;
  let rest: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const batch: LogLine[] = [];
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
        bytes += nl + 1 - start;
        line += 1;
        if (line > from.lines) batch.push({ text: decode(buf, start, nl, line), line, after: { bytes, lines: line } });
        start = nl + 1;
      }
      rest = buf.subarray(start);
      if (batch.length) yield batch;
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(file, line + 1, undefined, `cannot read ${gzip ? 'gzip ' : ''}file: ${(err as Error).message}`);
  }
  if (line < from.lines) {
    throw new InputError(file, undefined, undefined, `file has ${line} lines, fewer than the ${from.lines} read before; it was truncated or replaced`);
  }
  if (rest.length && !options.holdPartialLine && line + 1 > from.lines) {
    line += 1;
    yield [{ text: decode(rest, 0, rest.length, line), line, after: { bytes: bytes + rest.length, lines: line } }];
  }
}

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
