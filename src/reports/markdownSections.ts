import type { Gate } from '../gates/gate.js';
import type { AuditReport, CriticReport } from './types.js';
import { headline } from './headline.js';
import { CAUSES_SHOWN, causeText } from '../measures/format.js';
import { gateReading, headlineNotes } from '../measures/index.js';

const STATUS_MARK = { green: '🟢', amber: '🟡', red: '🔴', 'no-data': '⚪' } as const;

/**
 * The first lines of report.md and the step summary: the headline, its cause
 * first (see headline.ts), then each critic's summary sentence.
 */
export function headlineLines(report: AuditReport, heading: '#' | '##'): string[] {
  const { cause, passed, gates } = headline(report);
  return [
    `${heading} critic-audit: ${cause ? `${cause} · ` : ''}${passed ? '✅ passed' : '❌ failed'} · ${gates}${headlineNotes(report)}`,
    '',
    ...Object.entries(report.critics).map(([name, critic]) => `- **${name}**: ${critic.summary}`),
  ];
}

export function warningLines(report: AuditReport): string[] {
  return (report.warnings ?? []).map((w) => `> ⚠️ ${w}`);
}

export function gateRow(g: Gate): string {
  const mark = g.status ? STATUS_MARK[g.status] : g.pass ? '✅' : '❌';
  const banded = g.band && (g.band.high !== g.band.low || g.band.break !== g.band.low);
  const reading = gateReading(g);
  const threshold = banded ? `high ${g.band!.high} · low ${g.band!.low} · break ${g.band!.break ?? '–'}` : reading.threshold;
  const value = g.estimate !== undefined ? `${reading.value} (estimate ${g.estimate.toFixed(3)})` : reading.value;
  const verdict = g.status === 'no-data' ? (g.pass ? 'no data (warning)' : '**fail: no data**') : g.pass ? 'pass' : '**fail**';
  return `| ${g.name} | ${threshold} | ${value} | ${mark} ${verdict}${g.detail ? ` ${g.detail.replace(/\|/g, '\\|')}` : ''} |`;
}

/** Why reviews failed, grouped by cause: a failed run must say why without opening the store. */
export function errorCauseLines(critic: CriticReport): string[] {
  if (!critic.errorCauses.length) return [];
  const out = ['', `**Why ${critic.verdicts.errors} review${critic.verdicts.errors === 1 ? '' : 's'} failed:**`, ''];
  for (const c of critic.errorCauses.slice(0, CAUSES_SHOWN)) out.push(`- ${causeText(c).replace(/\|/g, '\\|')}`);
  if (critic.errorCauses.length > CAUSES_SHOWN) out.push(`- and ${critic.errorCauses.length - CAUSES_SHOWN} more causes (report.json \`errorCauses\`)`);
  return out;
}
