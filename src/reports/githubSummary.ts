import { appendFileSync } from 'node:fs';
import type { AuditReport } from './types.js';
import { criticSections, inRankOrder } from '../measures/index.js';
import { errorCauseLines, gateRow, headlineLines } from './markdownSections.js';

/** A short Markdown summary for a CI job page: the verdict, the gates, and the measures' pieces (what regressed). */
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
    // The measures' pieces of the summary (what regressed against the baseline).
    out.push(...inRankOrder(criticSections<string[]>('summary', critic, { name, conditions: report.conditions, tables: critic })).flat());
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
