import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { AuditRun } from '../audit.js';
import type { AuditReport } from './build.js';
import { buildManifest } from './manifest.js';
import { renderMarkdown } from './markdown.js';

/** The default output folder: reports/<timestamp>/ beside the config. */
export function defaultOutDir(baseDir: string, now = new Date()): string {
  return join(baseDir, 'reports', now.toISOString().replace(/[:.]/g, '-'));
}

/**
 * Writes every report file. Each review is kept in reviews.jsonl (request
 * digest, reply, verdict) so nothing measured is lost, whatever the report
 * chose to show.
 */
export function writeReports(run: AuditRun, report: AuditReport, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeAtomic(join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  writeAtomic(join(outDir, 'report.md'), renderMarkdown(report));
  writeAtomic(join(outDir, 'manifest.json'), JSON.stringify(buildManifest(run), null, 2) + '\n');
  writeAtomic(join(outDir, 'mutants.json'), JSON.stringify({ mutants: run.generation.mutants, ignored: run.generation.ignored }, null, 2) + '\n');
  writeAtomic(join(outDir, 'reviews.jsonl'), run.results.map((r) => JSON.stringify(r)).join('\n') + (run.results.length ? '\n' : ''));
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
