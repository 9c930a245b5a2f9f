import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../errors.js';
import { readLines, type LogLine, type ReadPosition } from './read.js';

const dir = mkdtempSync(join(tmpdir(), 'drift-read-'));

async function collect(file: string, from: ReadPosition = { bytes: 0, lines: 0 }, holdPartialLine = false): Promise<LogLine[]> {
  const out: LogLine[] = [];
  for await (const batch of readLines(file, from, { holdPartialLine })) out.push(...batch);
  return out;
}

describe('readLines', () => {
  it('numbers lines from 1 and handles CRLF, a BOM and an unterminated last line', async () => {
    const file = join(dir, 'plain.jsonl');
    writeFileSync(file, '\ufeff{"a":1}\r\n\n{"a":2}\n{"a":3}');
    const lines = await collect(file);
    expect(lines.map((l) => [l.line, l.text])).toEqual([
      [1, '{"a":1}'],
      [2, ''],
      [3, '{"a":2}'],
      [4, '{"a":3}'],
    ]);
    expect(lines[3]!.after).toEqual({ bytes: 28, lines: 4 }); // the whole file, BOM included
  });

  it('reads gzip files, recognised by content rather than name', async () => {
    const file = join(dir, 'log.data');
    writeFileSync(file, gzipSync('{"a":1}\n{"a":2}\n'));
    expect((await collect(file)).map((l) => l.text)).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('streams a file larger than one chunk, lines split across chunks', async () => {
    const file = join(dir, 'big.jsonl');
    const text = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(i % 50) })).join('\n') + '\n';
    writeFileSync(file, text);
    const lines = await collect(file);
    expect(lines).toHaveLength(20_000);
    expect(lines.every((l, i) => JSON.parse(l.text).i === i && l.line === i + 1)).toBe(true);
  });

  it('reads a line of many chunks with one Buffer.concat for the line, not one per chunk (linear, not quadratic)', async () => {
    const file = join(dir, 'long-line.jsonl');
    const long = JSON.stringify({ pad: 'y'.repeat(1 << 20) }); // 16 chunks of 64 KiB: the old reader joined 16 times
    // A CRLF split across a chunk boundary, and an unterminated long last line.
    const second = '{"a":2}'.padEnd((1 << 16) - 1 - ((long.length + 1) % (1 << 16)), ' ');
    writeFileSync(file, `${long}\n${second}\r\n${long}`);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const lines = await collect(file);
      expect(lines.map((l) => l.text.length)).toEqual([long.length, second.length, long.length]);
      expect(lines[0]!.text === long && lines[2]!.text === long && lines[1]!.text === second).toBe(true);
      expect(lines[2]!.after.bytes).toBe(2 * long.length + second.length + 3);
      expect(concat.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      concat.mockRestore();
    }
  });

  it('resumes a growing plain file from its byte offset, leaving a half-written line for later', async () => {
    const file = join(dir, 'growing.jsonl');
    writeFileSync(file, '{"a":1}\n{"a":2}\n{"a":');
    const first = await collect(file, undefined, true);
    expect(first.map((l) => l.text)).toEqual(['{"a":1}', '{"a":2}']);
    appendFileSync(file, '3}\n{"a":4}\n');
    const second = await collect(file, first[1]!.after, true);
    expect(second.map((l) => [l.line, l.text])).toEqual([
      [3, '{"a":3}'],
      [4, '{"a":4}'],
    ]);
  });

  it('resumes a gzip file by skipping the lines already read', async () => {
    const file = join(dir, 'resume.jsonl.gz');
    writeFileSync(file, gzipSync('{"a":1}\n{"a":2}\n{"a":3}\n'));
    expect((await collect(file, { bytes: 16, lines: 2 })).map((l) => [l.line, l.text])).toEqual([[3, '{"a":3}']]);
  });

  it('refuses a file that shrank since the saved position', async () => {
    const file = join(dir, 'shrunk.jsonl');
    writeFileSync(file, '{"a":1}\n');
    await expect(collect(file, { bytes: 100, lines: 5 })).rejects.toThrow(InputError);
    const gz = join(dir, 'shrunk.jsonl.gz');
    writeFileSync(gz, gzipSync('{"a":1}\n'));
    await expect(collect(gz, { bytes: 100, lines: 5 })).rejects.toThrow(/fewer than the 5 read before/);
  });

  it('names the file when it cannot be read', async () => {
    await expect(collect(join(dir, 'missing.jsonl'))).rejects.toThrow(/missing\.jsonl: cannot read file: ENOENT/);
    const corrupt = join(dir, 'corrupt.gz');
    writeFileSync(corrupt, Buffer.concat([gzipSync('{"a":1}\n'.repeat(1000)).subarray(0, 40)]));
    await expect(collect(corrupt)).rejects.toThrow(InputError);
  });
});
