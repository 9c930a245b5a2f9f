import { noDataGate, unanswered } from '../gates/gate.js';
import type { CriticTables, FalseAlarmCell } from '../results/tabulate.js';
import { rate } from '../util/schemaParts.js';
import { escapeHtml as e } from './escape.js';
import { rateCell } from './format.js';
import { tablesMeasure } from './measure.js';

type Cells = Partial<Record<string, FalseAlarmCell>>;

/**
 * False alarms: the clean false-alarm rate on the originals and controls, gated by `maxFalseAlarmRate` (with
 * `gate: lower-bound`, the upper end of its Wilson interval), and, once the critic reviewed any control, the same
 * false alarms apart, on the fixtures' own artifacts and on their correct rewrites, under the catch-rate table
 * of report.md and in report.html.
 */
export const falseAlarms = tablesMeasure({
  name: 'falseAlarms',
  thresholds: {
    rank: 20,
    shape: { maxFalseAlarmRate: rate.optional().describe('The largest clean false-alarm rate on the originals and controls.') },
    // The specimen's critic flags 1 of the 3 originals.
    examples: { maxFalseAlarmRate: { pass: 0.5, fail: 0.1 } },
  },
  gates: {
    rank: 20,
    evaluate(tables, thresholds) {
      const threshold = thresholds.maxFalseAlarmRate;
      if (threshold === undefined) return [];
      const clean = tables.falseAlarms.clean;
      if (!clean?.n) return [noDataGate('maxFalseAlarmRate', threshold, unanswered(clean, 'the originals'))];
      const conservative = thresholds.gate === 'lower-bound';
      const value = conservative ? clean.ci[1] : clean.rate;
      const pass = value <= threshold;
      return [{ name: 'maxFalseAlarmRate', threshold, value, ...(conservative ? { estimate: clean.rate } : {}), pass, status: pass ? 'green' : 'red' }];
    },
  },
  markdown: {
    // Rows of the catch-rate table (rank 30), after its own.
    rank: 30,
    render: (tables, view) => rowsApart(tables).map(([label, cells]) => `| *false alarms ${label}* | ${view.conditions.map((c) => rateCell(cells[c])).join(' | ')} |`),
  },
  html: {
    rank: 20,
    render(tables, view) {
      const rows = rowsApart(tables);
      if (!rows.length) return '';
      const head = `<tr><th>false alarms</th>${view.conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr>`;
      const body = rows.map(([label, cells]) => `<tr><td>${e(label)}</td>${view.conditions.map((c) => `<td class="num">${e(rateCell(cells[c]))}</td>`).join('')}</tr>`).join('');
      return `<table class="false-alarms-apart"><thead>${head}</thead><tbody>${body}</tbody></table>`;
    },
  },
});

/** The false-alarm rows apart, once a critic reviewed any control: [label, cells per condition]. None without controls, where the pooled row says it all. */
function rowsApart(tables: Pick<CriticTables, 'falseAlarmsApart'>): Array<[label: string, cells: Cells]> {
  const apart = tables.falseAlarmsApart;
  if (!apart || Object.keys(apart.controls).length === 0) return [];
  return [
    ["on the fixtures' own artifacts", apart.originals],
    ['on controls (correct variants and paraphrases)', apart.controls],
  ];
}
