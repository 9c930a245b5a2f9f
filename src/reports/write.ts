import { mkdirSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ConditionName } from '../requests/conditions/index.js';
import type { AuditSnapshot } from './types.js';
import type { RunStore } from '../results/store.js';
import type { AuditReport } from './types.js';
import { renderHtmlReport, type ReviewsOf, type RunOutcomes } from './html/page.js';
import { batched, JsonArray, jsonPieces } from './jsonPieces.js';
import { buildMutationReport, renderMutationHtml } from './mutationReport.js';
import { itemOutcomes } from '../results/itemOutcomes.js';
import { buildManifest } from './manifest.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';
import { REVIEW_RECORD_FILES, reviewRecordFiles } from './reviewRecords.js';
import { DEFAULT_REPORT_SETTINGS } from './mutationHint.js';

/** The default output folder: reports/<timestamp>/ beside the config. */
export function defaultOutDir(baseDir: string, now = new Date()): string {
  return join(baseDir, 'reports', now.toISOString().replace(/[:.]/g, '-'));
}

/**
 * Writes every report file beside the run store (run.sqlite), which keeps
 * each review whole: request digest, reply, verdict, tokens, latency. The big
 * files (mutants, manifest, mutation report, the pages' data) are written a
 * piece at a time, the mutants' text and the reviews read from the store one
 * at a time, so a long run's reports are never held in memory whole.
 */
/**
 * `latest`: the run just made (by `run`), so reports/latest points at it if it measured anything; `report DIR` on an
 * older run leaves the link alone. Returns where the link points, when the run sits in a reports/ folder.
 */
export async function writeReports(run: AuditSnapshot, report: AuditReport, outDir: string, store: RunStore, latest = false): Promise<LatestLink | undefined> {
  mkdirSync(outDir, { recursive: true });
  await writeAtomic(join(outDir, 'report.json'), [JSON.stringify(report, null, 2) + '\n']);
  await writeAtomic(join(outDir, 'report.md'), [renderMarkdown(report)]);
  await writeAtomic(join(outDir, 'junit.xml'), [renderJunit(report)]);
  await writeAtomic(join(outDir, 'manifest.json'), jsonFile(buildManifest(run, store.mutants())));
  await writeAtomic(join(outDir, 'mutants.json'), jsonFile({ mutants: new JsonArray(store.mutants()), ignored: new JsonArray(run.generation.ignored) }));
  await writeReviewRecords(run, outDir, store);
  await writeVisualReports(run, report, outDir, store);
  return latest ? pointLatest(outDir, measuredAnything(report)) : undefined;
}

/** pass-two.jsonl and escalations.jsonl, those the run records (reviewRecords.ts); one it no longer records is removed, not left stale. */
async function writeReviewRecords(run: AuditSnapshot, outDir: string, store: RunStore): Promise<void> {
  const files = reviewRecordFiles(run, store);
  for (const { file, lines } of files) await writeAtomic(join(outDir, file), lines);
  for (const file of REVIEW_RECORD_FILES) if (!files.some((f) => f.file === file)) rmSync(join(outDir, file), { force: true });
}

/** Where reports/latest points: `target` the run folder's name (null when there is no link yet); `moved` when at the run just made. */
export interface LatestLink {
  link: string;
  target: string | null;
  moved: boolean;
}

/** A run whose reviews all failed, or none of which ended in a verdict, measured nothing: no figure in its report. */
const measuredAnything = (report: AuditReport) => Object.values(report.critics).some((critic) => critic.verdicts.verdicts > 0);

/** report.html, and mutation.json with mutation.html for the primary condition (and, if asked, every condition). */
async function writeVisualReports(run: AuditSnapshot, report: AuditReport, outDir: string, store: RunStore): Promise<void> {
  const outcomes: RunOutcomes = new Map(run.critics.map((c) => [c.name, itemOutcomes(store.results(c.name, { text: false }))]));
  const reviewsOf: ReviewsOf = (critic, itemId) => store.itemResults(critic, itemId);
  await writeAtomic(join(outDir, 'report.html'), renderHtmlReport(run, report, outcomes, reviewsOf));
  const settings = run.settings.reports ?? DEFAULT_REPORT_SETTINGS;
  const write = async (condition: ConditionName, suffix: string) => {
    const mutation = buildMutationReport(run, outcomes, reviewsOf, condition);
    await writeAtomic(join(outDir, `mutation${suffix}.json`), jsonFile(mutation));
    const shown = { condition, conditions: run.settings.conditions, perCondition: settings.mutationReportPerCondition };
    await writeAtomic(join(outDir, `mutation${suffix}.html`), renderMutationHtml(mutation, `critic-audit (${condition})`, shown));
  };
  await write(settings.primaryCondition, '');
  if (settings.mutationReportPerCondition) for (const condition of run.settings.conditions) await write(condition, `.${condition}`);
}

/** JSON.stringify(value, null, 2) and a newline, in pieces. */
function* jsonFile(value: unknown): Generator<string> {
  yield* jsonPieces(value, '  ');
  yield '\n';
}

/** Writes the pieces to a temporary file, renamed into place once whole; sync pieces are joined into bigger writes first. */
async function writeAtomic(file: string, pieces: Iterable<string> | AsyncIterable<string>): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}`;
  const out = await open(temporary, 'w');
  try {
    for await (const text of Symbol.asyncIterator in pieces ? pieces : batched(pieces)) await out.write(text);
  } finally {
    await out.close();
  }
  renameSync(temporary, file);
}

/**
 * reports/latest -> the newest run that measured something, when the run sits
 * in a reports/ folder: a run that measured nothing (an unreachable critic)
 * leaves it on the run before, whose figures are still the newest there are.
 * The folder is resolved first: `report reports/latest` must keep the link
 * pointing at its run, not replace it with a link to itself.
 */
function pointLatest(outDir: string, measured: boolean): LatestLink | undefined {
  const run = realpathSync(outDir);
  const parent = dirname(run);
  if (basename(parent) !== 'reports') return undefined;
  const link = join(parent, 'latest');
  if (!measured) return { link, target: linkTarget(link), moved: false };
  rmSync(link, { force: true, recursive: false });
  symlinkSync(basename(run), link);
  return { link, target: basename(run), moved: true };
}

function linkTarget(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}
