import { percent, percentInterval } from '../../measures/format.js';
import type { CriticReport } from '../types.js';
import { escapeHtml as e } from '../../measures/escape.js';

type Cell = CriticReport['pooled'][keyof CriticReport['pooled']];

const cellHtml = (cell: Cell) =>
  cell?.located && cell.n
    ? `${percent(cell.located.rate)} <span class="dim">${percentInterval(cell.located.ci)}</span>${cell.unlocated == null ? '' : ` <span class="dim">(${percent(cell.unlocated)} of catches unlocated)</span>`}`
    : '–';

/** report.html: per critic, the located catches per mutator and condition, and how its replies kept to its grammar. */
export function locatedHtml(critic: CriticReport, conditions: readonly string[]): string {
  const rows = Object.entries(critic.byMutator).map(([m, cells]) => `<tr><td>${e(m)}</td>${conditions.map((c) => `<td>${cellHtml(cells[c])}</td>`).join('')}</tr>`);
  rows.push(`<tr><td><b>all</b></td>${conditions.map((c) => `<td>${cellHtml(critic.pooled[c])}</td>`).join('')}</tr>`);
  const g = critic.grammar;
  const reasons = Object.entries(g.invalid.byReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${e(reason)} ${n}`)
    .join(', ');
  const grammar = `<p>Grammar <code>${e(g.grammar)}</code>: ${percent(g.rate)} of ${g.answered} replies read as a verdict · invalid ${g.invalid.count}${reasons ? ` (${reasons})` : ''} · no verdict ${g.noVerdict}</p>`;
  return `<h3>Located catches: the reply pointed at the mutation</h3><table class="located"><thead><tr><th>mutator</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>${grammar}`;
}
