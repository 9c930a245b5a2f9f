import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ConditionName } from '../requests/conditions.js';
import type { RunSnapshot } from '../results/snapshot.js';
import type { RunStore } from '../results/store.js';
import type { AuditReport } from './build.js';
import { renderHtmlReport, type RunOutcomes } from './html/page.js';
import { buildMutationReport, renderMutationHtml } from './mutationReport.js';
import { itemOutcomes } from '../results/itemOutcomes.js';
import { buildManifest } from './manifest.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';

/** The default output folder: reports/<timestamp>/ beside the config. */
export function defaultOutDir(baseDir: string, now = new Date()): string {
  return join(baseDir, 'reports', now.toISOString().replace(/[:.]/g, '-'));
}

/**
 * Writes every report file beside the run store (run.sqlite), which keeps
 * each review whole: request digest, reply, verdict, tokens, latency.
 */
export function writeReports(run: RunSnapshot, report: AuditReport, outDir: string, store: RunStore): void {
  mkdirSync(outDir, { recursive: true });
  writeAtomic(join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  writeAtomic(join(outDir, 'report.md'), renderMarkdown(report));
  writeAtomic(join(outDir, 'junit.xml'), renderJunit(report));
  writeAtomic(join(outDir, 'manifest.json'), JSON.stringify(buildManifest(run), null, 2) + '\n');
  writeAtomic(join(outDir, 'mutants.json'), JSON.stringify({ mutants: run.generation.mutants, ignored: run.generation.ignored }, null, 2) + '\n');
  writeVisualReports(run, report, outDir, store);
  pointLatest(outDir);
}

/** report.html, and mutation.json with mutation.html for the primary condition (and, if asked, every condition). */
function writeVisualReports(run: RunSnapshot, report: AuditReport, outDir: string, store: RunStore): void {
  const outcomes: RunOutcomes = new Map(run.critics.map((c) => [c.name, itemOutcomes(store.results(c.name), { reviews: true })]));
  writeAtomic(join(outDir, 'report.html'), renderHtmlReport(run, report, outcomes));
  const settings = run.settings.reports ?? { primaryCondition: 'clean', mutationReportPerCondition: false };
  const write = (condition: ConditionName, suffix: string) => {
    const mutation = buildMutationReport(run, outcomes, condition);
    writeAtomic(join(outDir, `mutation${suffix}.json`), JSON.stringify(mutation, null, 2) + '\n');
    writeAtomic(join(outDir, `mutation${suffix}.html`), renderMutationHtml(mutation, `critic-audit (${condition})`));
  };
  write(settings.primaryCondition, '');
  if (settings.mutationReportPerCondition) for (const condition of run.settings.conditions) write(condition, `.${condition}`);
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
