import type { FalseAlarmCell } from '../results/tabulate.js';
import { rateCell } from '../measures/format.js';
import type { CriticReport } from './types.js';

type Cells = Partial<Record<string, FalseAlarmCell>>;

/** The false-alarm rows apart, once a critic reviewed any control: [label, cells per condition]. None without controls, where the pooled row says it all. */
export function falseAlarmRowsApart(critic: Pick<CriticReport, 'falseAlarmsApart'>): Array<[label: string, cells: Cells]> {
  const apart = critic.falseAlarmsApart;
  if (!apart || Object.keys(apart.controls).length === 0) return [];
  return [
    ["on the fixtures' own artifacts", apart.originals],
    ['on controls (correct variants and paraphrases)', apart.controls],
  ];
}

/** The same as report.md table rows. */
export function falseAlarmMarkdownRows(critic: Pick<CriticReport, 'falseAlarmsApart'>, conditions: readonly string[]): string[] {
  return falseAlarmRowsApart(critic).map(([label, cells]) => `| *false alarms ${label}* | ${conditions.map((c) => rateCell(cells[c])).join(' | ')} |`);
}

/** The same as a small HTML table, with the text escaped by the caller's `escapeText`. */
export function falseAlarmHtmlTable(critic: Pick<CriticReport, 'falseAlarmsApart'>, conditions: readonly string[], escapeText: (s: string) => string): string {
  const rows = falseAlarmRowsApart(critic);
  if (!rows.length) return '';
  const head = `<tr><th>false alarms</th>${conditions.map((c) => `<th>${escapeText(c)}</th>`).join('')}</tr>`;
  const body = rows.map(([label, cells]) => `<tr><td>${escapeText(label)}</td>${conditions.map((c) => `<td class="num">${escapeText(rateCell(cells[c]))}</td>`).join('')}</tr>`).join('');
  return `<table class="false-alarms-apart"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}
