import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FileResult, MutantResult, MutantStatus, MutationTestResult } from 'mutation-testing-report-schema/api';
import { fixtureKind } from '../fixtures/kinds/index.js';
import { SEALED_CONDITION, type ConditionName } from '../requests/conditions/index.js';
import type { AuditSnapshot } from './types.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';
import { fixtureFile } from './html/data.js';
import { escapeHtml, scriptSafe } from '../measures/escape.js';
import type { ReviewsOf, RunOutcomes } from './html/page.js';
import { JsonEntries, jsonPieces } from './jsonPieces.js';
import type { ReviewResult } from '../reviews/types.js';
import { outcomeCode, type ItemConditionOutcome } from '../results/itemOutcomes.js';
import { groupBy } from '../util/groupBy.js';
import { scoreThresholds } from '../measures/catchRates.js';

export type { MutationTestResult };

/** The version of the mutation-testing-report-schema format written. */
export const SCHEMA_VERSION = '2';
/** statusReason keeps this much of the critic's reply. */
export const STATUS_REASON_CHARS = 400;

/**
 * mutation.json in the mutation-testing-report-schema format (Stryker and its
 * dashboard): each fixture's artifact is a file whose source is the original
 * text; each mutant is Killed when the critic failed it under `condition`
 * (by majority over repeats), Survived when it passed it, RuntimeError when
 * its reviews ended in errors or without a verdict (outside the score; never
 * Timeout, which that format counts as detected), Pending when it was not
 * reviewed, and Ignored (with the oracle's reason) when the validity oracle
 * rejected it. With several critics, each gets a top-level folder, holding
 * the kinds of artifact (text, code) that critic reviews.
 */
export function buildMutationReport(snapshot: AuditSnapshot, outcomes: RunOutcomes, reviewsOf: ReviewsOf, condition: ConditionName): MutationReport {
  const critics = snapshot.critics.map((c) => c.name);
  const testId = (critic: string) => `${critic} (${condition})`;
  const testFiles: NonNullable<MutationTestResult['testFiles']> = {};
  for (const critic of critics) testFiles[`critic ${critic}`] = { tests: [{ id: testId(critic), name: `${critic} reviewing under ${condition}` }] };
  return {
    schemaVersion: SCHEMA_VERSION,
    thresholds: scoreThresholds(snapshot.settings.thresholds.catchRate),
    config: { tool: 'critic-audit', condition, conditions: snapshot.settings.conditions, critics, seed: snapshot.settings.seed, configFile: snapshot.settings.configFile },
    framework: { name: 'critic-audit', version: HARNESS_VERSION },
    // Re-iterable: mutation.json and mutation.html each write the files out, one fixture at a time.
    files: new JsonEntries({ [Symbol.iterator]: () => mutationFiles(snapshot, outcomes, reviewsOf, condition, testId) }),
    testFiles,
  };
}

/** mutation.json's document, its files written one at a time. */
export type MutationReport = Omit<MutationTestResult, 'files'> & { files: JsonEntries };

function* mutationFiles(snapshot: AuditSnapshot, outcomes: RunOutcomes, reviewsOf: ReviewsOf, condition: ConditionName, testIdOf: (critic: string) => string): Generator<[string, FileResult]> {
  const several = snapshot.critics.length > 1;
  const kindOf = new Map(snapshot.fixtures.map((f) => [f.id, f.kind]));
  const valid = groupBy(snapshot.generation.mutants, (m) => m.fixtureId);
  const ignored = groupBy(snapshot.generation.ignored, (m) => m.fixtureId);
  for (const { name: critic } of snapshot.critics) {
    const prefix = several ? `${critic}/` : '';
    const idOf = (id: string) => (several ? `${critic}:${id}` : id);
    const testId = testIdOf(critic);
    const byItem = outcomes.get(critic);
    // The artifact kinds this critic reviewed at all: a kind it does not take (code, for a text checker) gets no files.
    const kinds = new Set(snapshot.fixtures.filter((f) => byItem?.has(f.id)).map((f) => f.kind));
    for (const m of snapshot.generation.mutants) if (byItem?.has(m.id)) kinds.add(kindOf.get(m.fixtureId)!);
    for (const fixture of snapshot.fixtures) {
      if (!kinds.has(fixture.kind)) continue;
      const path = `${prefix}${fixturePath(snapshot, fixture.source.file, fixture.id, fixtureKind(fixture.kind).mutationReport.extension)}`;
      const mutants: MutantResult[] = [];
      for (const m of valid.get(fixture.id) ?? []) {
        const reviewed = byItem?.of(m.id, condition);
        const reviews = reviewed ? reviewsOf(critic, m.id).filter((r) => r.condition === condition) : [];
        const { status, statusReason } = statusOf(reviewed, reviews, critic, condition);
        const result: MutantResult = {
          id: idOf(m.id),
          mutatorName: m.mutator,
          location: location(m.span),
          replacement: m.replacement,
          status,
          statusReason,
          description: describe(m.original, m.replacement),
        };
        if (reviews.length) {
          result.duration = Math.round(reviews.reduce((sum, r) => sum + r.latencyMs, 0));
          result.testsCompleted = reviewed!.answered;
          if (status === 'Killed' || status === 'Survived') result.coveredBy = [testId];
          if (status === 'Killed') result.killedBy = [testId];
        }
        mutants.push(result);
      }
      for (const m of ignored.get(fixture.id) ?? []) {
        mutants.push({
          id: idOf(m.id),
          mutatorName: m.mutator,
          location: location(m.span),
          replacement: m.replacement,
          status: 'Ignored',
          statusReason: `ignored by the validity oracle: ${m.reason}`,
          description: describe(m.original, m.replacement),
        });
      }
      yield [path, { language: fixtureKind(fixture.kind).mutationReport.language, source: fixture.artifact, mutants }];
    }
  }
}

function fixturePath(snapshot: AuditSnapshot, file: string, id: string, extension: string): string {
  const folder = fixtureFile(snapshot, file)
    .replace(/\\/g, '/')
    .replace(/\.ya?ml$/i, '');
  return `${folder}/${id}.${extension}`;
}

const location = (span: { line: number; column: number; endLine: number; endColumn: number }) => ({
  start: { line: span.line, column: span.column },
  end: { line: span.endLine, column: span.endColumn },
});

const describe = (original: string, replacement: string) => (replacement === '' ? `deleted "${original}"` : `"${original}" → "${replacement}"`);

/** `reviews`: the item's reviews under `condition`, which `o` counts. */
function statusOf(o: ItemConditionOutcome | undefined, reviews: readonly ReviewResult[], critic: string, condition: string): { status: MutantStatus; statusReason: string } {
  if (!o || reviews.length === 0) return { status: 'Pending', statusReason: `not reviewed by ${critic} under ${condition} (the run is incomplete, or the critic does not review this kind)` };
  const code = outcomeCode(o);
  const tally = reviews.length > 1 ? `${o.flagged} of ${o.answered} answered repeats FAIL${o.errors ? `, ${o.errors} errors` : ''}. ` : '';
  if (code === 'error') {
    const error = reviews.find((r) => r.error)?.error ?? 'the review ended in an error';
    return { status: 'RuntimeError', statusReason: shorten(`${tally}review error: ${error}`) };
  }
  const reply = reviews.find((r) => r.reply !== null)?.reply ?? '';
  if (code === 'noverdict') return { status: 'RuntimeError', statusReason: shorten(`${tally}no verdict in the reply: ${reply}`) };
  return { status: code === 'caught' ? 'Killed' : 'Survived', statusReason: shorten(`${tally}${reply}`) };
}

export function shorten(text: string, max = STATUS_REASON_CHARS): string {
  const flat = text.trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

let elementsBundle: string | undefined;

/** The mutation-testing-elements viewer, read from node_modules once, to inline. */
function viewerScript(): string {
  if (elementsBundle === undefined) {
    const file = createRequire(import.meta.url).resolve('mutation-testing-elements/dist/mutation-test-elements.js');
    elementsBundle = readFileSync(file, 'utf8').replace(/<\/script/gi, '<\\/script');
  }
  return elementsBundle;
}

/** Which condition a mutation report shows, among the run's, and whether every condition has its own file. */
export interface ShownCondition {
  condition: ConditionName;
  conditions: readonly ConditionName[];
  perCondition: boolean;
}

/**
 * The line above the viewer saying which condition it shows, and where the
 * others are (or how to get them): the viewer shows one condition's verdicts,
 * so a critic that collapses under the trace would look perfect here unsaid.
 */
export function shownConditionNote({ condition, conditions, perCondition }: ShownCondition): string {
  const shown = `This report shows the critic's verdicts under the <b>${escapeHtml(condition)}</b> condition${condition === SEALED_CONDITION ? ' (sealed)' : ''} only.`;
  const others = conditions.filter((c) => c !== condition);
  if (!others.length) return shown;
  const where = perCondition
    ? `see ${others.map((c) => `<a href="mutation.${escapeHtml(c)}.html">mutation.${escapeHtml(c)}.html</a>`).join(', ')}`
    : 'their mutation reports are not written (set <code>reports.mutationReportPerCondition: true</code> in the config to get <code>mutation.&lt;condition&gt;.html</code> for each)';
  return `${shown} The run also reviewed under ${others.map((c) => `<b>${escapeHtml(c)}</b>`).join(', ')}: ${where}. report.html compares the conditions.`;
}

/**
 * mutation.html: mutation.json rendered by the mutation-testing-elements
 * viewer, its script inlined so the file works offline (as Stryker's own HTML
 * reporter does), under a line naming the condition shown; the report
 * written into it piece by piece.
 */
export function* renderMutationHtml(result: MutationReport, title: string, shown: ShownCondition): Generator<string> {
  yield `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script>
${viewerScript()}
</script>
</head>
<body>
<p id="shown-condition" style="margin:0;padding:.6em 1.2em;font:14px/1.45 system-ui,sans-serif;background:#fff4e5;color:#1f2328;border-bottom:1px solid #f0b46c">${shownConditionNote(shown)}</p>
<mutation-test-report-app title-postfix="${escapeHtml(title)}">
Your browser does not support custom elements: open this file in a current browser.
</mutation-test-report-app>
<script>
const app = document.querySelector('mutation-test-report-app');
app.report = `;
  for (const piece of jsonPieces(result)) yield scriptSafe(piece);
  yield `;
function updateTheme() { document.body.style.backgroundColor = app.themeBackgroundColor; }
app.addEventListener('theme-changed', updateTheme);
updateTheme();
</script>
</body>
</html>
`;
}
