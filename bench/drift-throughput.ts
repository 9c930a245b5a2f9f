/**
 * Throughput and memory of `critic-audit drift` on large logs.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/drift-throughput.js [LINES...]
 *
 * Writes synthetic logs (default 250,000 and 1,000,000 lines, plain and gzip)
 * to a temporary folder, then runs the full command (read, parse, detectors,
 * reports) on each in a fresh process, so peak RSS belongs to that run alone.
 * Constant memory shows as the same peak RSS for 250k and 1M lines.
 *
 * Last, a log of a few very long lines (8 lines of 16 MiB: each spans 256
 * read chunks), to show that reading time stays linear in line length.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { driftCommand } from '../src/drift/command.js';
import { syntheticReviews } from '../src/drift/simulate.js';

const REVIEWS_PER_DAY = 5_000;

async function measure(file: string, dir: string): Promise<void> {
  const start = process.hrtime.bigint();
  const log = console.log;
  console.log = () => {}; // the summary is not what is measured
  const code = await driftCommand([file, '--config', join(dir, 'critic.config.yaml'), '--out', join(dir, 'out')]);
  console.log = log;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ code, seconds, peakMiB }));
}

async function writeLog(file: string, lines: number, gzip: boolean): Promise<void> {
  const days = Math.ceil(lines / REVIEWS_PER_DAY);
  const reviews = syntheticReviews({ seed: 'bench', days, reviewsPerDay: REVIEWS_PER_DAY, rate: (day) => (day < days / 2 ? 0.1 : 0.05) });
  let written = 0;
  const text = Readable.from(
    (function* () {
      let chunk = '';
      for (const r of reviews) {
        if (written++ >= lines) break;
        chunk += `{"timestamp":"${new Date(r.time).toISOString()}","verdict":"${r.rejected ? 'reject' : 'approve'}","task":"t${written % 7}"}\n`;
        if (chunk.length > 1 << 20) {
          yield chunk; // megabyte writes: one write per line would dominate the bench's own run time
          chunk = '';
        }
      }
      yield chunk;
    })(),
  );
  await (gzip ? pipeline(text, createGzip(), createWriteStream(file)) : pipeline(text, createWriteStream(file)));
}

/** A few lines of `mib` MiB each (a verdict with a long padding field), written in megabyte pieces. */
async function writeLongLines(file: string, lines: number, mib: number): Promise<void> {
  const pad = 'x'.repeat(1 << 20);
  const text = Readable.from(
    (function* () {
      for (let i = 0; i < lines; i++) {
        yield `{"timestamp":"${new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()}","verdict":"approve","pad":"`;
        for (let m = 0; m < mib; m++) yield pad;
        yield '"}\n';
      }
    })(),
  );
  await pipeline(text, createWriteStream(file));
}

async function main(): Promise<void> {
  if (process.argv[2] === '--measure') return measure(process.argv[3]!, process.argv[4]!);
  const sizes = process.argv.slice(2).map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'drift-bench-'));
  writeFileSync(join(dir, 'critic.config.yaml'), 'drift: {}\n'); // defaults, whatever the repo's own config says
  try {
    console.log('lines      file        MiB   seconds   lines/s     peak RSS MiB');
    for (const lines of sizes.length ? sizes : [250_000, 1_000_000]) {
      for (const gzip of [false, true]) {
        const file = join(dir, `log-${lines}.jsonl${gzip ? '.gz' : ''}`);
        await writeLog(file, lines, gzip);
        const raw = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', file, dir], { encoding: 'utf8' });
        const { seconds, peakMiB } = JSON.parse(raw) as { seconds: number; peakMiB: number };
        console.log(
          `${String(lines).padEnd(10)} ${(gzip ? 'gzip' : 'plain').padEnd(6)} ${(statSync(file).size / 2 ** 20).toFixed(1).padStart(8)} ${seconds.toFixed(2).padStart(9)} ${Math.round(lines / seconds)
            .toLocaleString('en')
            .padStart(11)} ${peakMiB.toFixed(0).padStart(12)}`,
        );
      }
    }
    // The run fails (too short a reference), which is not what is measured: only the reading time is.
    const long = join(dir, 'long-lines.jsonl');
    await writeLongLines(long, 8, 16);
    const raw = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', long, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const { seconds, peakMiB } = JSON.parse(raw) as { seconds: number; peakMiB: number };
    const mib = statSync(long).size / 2 ** 20;
    console.log(`\n8 lines of 16 MiB (plain, ${mib.toFixed(0)} MiB): ${seconds.toFixed(2)} s, ${(mib / seconds).toFixed(0)} MiB/s, peak RSS ${peakMiB.toFixed(0)} MiB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
