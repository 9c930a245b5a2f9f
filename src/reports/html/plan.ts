import type { PlanAudit } from '../../results/planAudit.js';
import type { Interval } from '../../statistics/wilson.js';
import { formatP, percent, percentInterval, signedPoints } from '../../measures/format.js';
import { escapeHtml as e } from '../../measures/escape.js';

const cellHtml = (cell: { n: number; rate: number; ci: Interval } | undefined) => (cell?.n ? `${percent(cell.rate)} <span class="dim">${percentInterval(cell.ci)} n=${cell.n}</span>` : '–');

/** report.html: a critic's plan audit (seed 003), by plan item, then by authored type, acceptance of originals and the round-summary effect. */
export function planAuditHtml(audit: PlanAudit | undefined, conditions: readonly string[]): string {
  if (!audit) return '';
  const cells = (byCondition: Record<string, { n: number; rate: number; ci: Interval } | undefined>) => conditions.map((c) => `<td>${cellHtml(byCondition[c])}</td>`).join('');
  const rows = audit.byItem
    .filter((r) => r.mutants)
    .map((r) => `<tr><td>${e(r.fixtureId)}</td><td>${r.item}. ${e(r.text)}</td><td>${r.mutants} <span class="dim">${e(r.types.join(', '))}</span></td>${cells(r.cells)}</tr>`);
  for (const [type, byCondition] of Object.entries(audit.byType)) rows.push(`<tr><td><i>${e(type)}</i></td><td>all items</td><td></td>${cells(byCondition)}</tr>`);
  rows.push(`<tr><td><b>all authored</b></td><td></td><td></td>${cells(audit.all)}</tr>`);
  rows.push(`<tr><td><i>ACCEPTED on originals</i></td><td></td><td></td>${cells(audit.acceptance)}</tr>`);
  const effects = audit.roundSummary.map(
    (x) =>
      `<p>With the round summary (<code>${e(x.condition)}</code>): plan-item catch ${signedPoints(x.delta)} against clean on the same ${x.n} authored mutants (b ${x.b}, c ${x.c}; exact McNemar p ${formatP(x.p)}; 95% ${signedPoints(x.ci[0])} to ${signedPoints(x.ci[1])})</p>`,
  );
  return `<h3>Plan audits: catch by plan item</h3><p class="dim">An authored mutant counts as caught by its item when the reply listed issues and one named the item it breaks (Wilson 95%).</p><table class="plan"><thead><tr><th>fixture</th><th>plan item</th><th>mutants</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>${effects.join('')}`;
}
