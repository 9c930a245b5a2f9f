import { appendFileSync } from 'node:fs';
import { isGated } from '../baseline/compare.js';
import type { AuditReport } from './types.js';
import { diffBlock, formatP, signedPoints, signedRange } from '../measures/format.js';
import { errorCauseLines, gateRow, headlineLines } from './markdownSections.js';

/** Flipped items shown per critic in the step summary. */
const FLIPPED_IN_SUMMARY = 5;

/** A short Markdown summary for a CI job page: the verdict, the gates, what regressed. */
export function renderGithubSummary(report: AuditReport, outDir: string): string {
  const out: string[] = headlineLines(report, '##');
  if (!report.complete) out.push('', `> **Incomplete run:** ${report.stopReason ?? 'stopped early'}`);
  for (const w of report.warnings ?? []) out.push('', `> ⚠️ ${w}`);
  for (const [name, critic] of Object.entries(report.critics)) {
    out.push('', `### ${name}: ${critic.passed ? 'passed' : 'failed'}`);
    if (critic.gates.length) {
      out.push('', '| gate | threshold | value | |', '|---|---:|---:|---|');
      for (const g of critic.gates) out.push(gateRow(g));
    }
    out.push(...errorCauseLines(critic));
    for (const row of critic.regression?.rows.filter(isGated).filter((r) => r.regressed) ?? []) {
      out.push(
        '',
        `**Regressed:** ${row.mutator} under ${row.condition}: ${row.direction === 'catch-drop' ? 'catch rate' : 'false alarms'} ${signedPoints(row.delta)} ${signedRange(row.ci)}, ${row.b} lost / ${row.c} gained of ${row.n} paired items, Holm p = ${formatP(row.pHolm)}`,
      );
    }
    const worse = critic.flipped.filter((f) => f.regression);
    if (worse.length) {
      out.push('', `${worse.length} item${worse.length > 1 ? 's' : ''} flipped for the worse${worse.length > FLIPPED_IN_SUMMARY ? ` (first ${FLIPPED_IN_SUMMARY}; all in report.md)` : ''}:`);
      for (const f of worse.slice(0, FLIPPED_IN_SUMMARY)) {
        out.push('', `- \`${f.itemId}\` ${f.mutator ?? 'original'} · ${f.fixtureId} · ${f.condition}`);
        if (f.diff) out.push('', ...diffBlock(f.diff));
      }
    }
  }
  out.push('', `Reports: \`${outDir}\``);
  return out.join('\n') + '\n';
}

/** Appends the summary to $GITHUB_STEP_SUMMARY when that variable is set; returns the file written, if any. */
export function appendGithubSummary(report: AuditReport, outDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const file = env['GITHUB_STEP_SUMMARY'];
  if (!file) return null;
  appendFileSync(file, renderGithubSummary(report, outDir) + '\n');
  return file;
}
