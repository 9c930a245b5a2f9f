import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { RunSnapshot } from '../results/snapshot.js';
import type { AuditReport } from './build.js';
import { buildManifest } from './manifest.js';
import { renderMarkdown } from './markdown.js';

/** The default output folder: reports/<timestamp>/ beside the config. */
export function defaultOutDir(baseDir: string, now = new Date()): string {
  return join(baseDir, 'reports', now.toISOString().replace(/[:.]/g, '-'));
}

/**
 * Writes every report file beside the run store (run.sqlite), which keeps
 * each review whole: request digest, reply, verdict, tokens, latency.
 */
export function writeReports(run: RunSnapshot, report: AuditReport, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeAtomic(join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  writeAtomic(join(outDir, 'report.md'), renderMarkdown(report));
  writeAtomic(join(outDir, 'manifest.json'), JSON.stringify(buildManifest(run), null, 2) + '\n');
  writeAtomic(join(outDir, 'mutants.json'), JSON.stringify({ mutants: run.generation.mutants, ignored: run.generation.ignored }, null, 2) + '\n');
  pointLatest(outDir);
}

function writeAtomic(file: string, text: string): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** reports/latest -> the newest run, when the run sits in a reports/ folder. */
function pointLatest(outDir: string): void {
  const parent = dirname(resolve(outDir));
  if (basename(parent) !== 'reports') return;
  const link = join(parent, 'latest');
  rmSync(link, { force: true, recursive: false });
  symlinkSync(basename(outDir), link);
}
