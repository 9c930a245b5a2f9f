import { join } from 'node:path';
import type { ReportSettings } from './schema.js';
import { gateConditions } from '../measures/index.js';
import type { AuditReport, CriticReport } from './types.js';

/** The report settings of a run stored before they existed: clean, one file. */
export const DEFAULT_REPORT_SETTINGS: ReportSettings = { primaryCondition: 'clean', mutationReportPerCondition: false };

/** The conditions a critic's failed gates measured (as their measures say). A no-data gate measured nothing, so there is nothing under its condition to look at. */
function failedConditions(critic: CriticReport): string[] {
  return critic.gates.filter((g) => !g.pass && g.status !== 'no-data').flatMap((g) => gateConditions(g, critic));
}

/**
 * Where to look when a gate failed under a condition mutation.html does not
 * show: mutation.<condition>.html, or how to have it written. Null when every
 * failed gate is on the condition mutation.html shows.
 */
export function mutationReportHint(report: AuditReport, outDir: string, settings: ReportSettings = DEFAULT_REPORT_SETTINGS): string | null {
  const failed = new Set(Object.values(report.critics).flatMap(failedConditions));
  const others = report.conditions.filter((c) => failed.has(c) && c !== settings.primaryCondition);
  if (!others.length) return null;
  const files = others.map((c) => `mutation.${c}.html`);
  const shown = `mutation.html shows ${settings.primaryCondition} only, and a gate failed under ${others.join(', ')}`;
  return settings.mutationReportPerCondition
    ? `${shown}: see ${files.map((f) => join(outDir, f)).join(', ')}`
    : `${shown}: set reports.mutationReportPerCondition: true in the config to have ${files.join(', ')} written`;
}
