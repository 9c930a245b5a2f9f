import { REVIEW_AUDIT_CAPTION, reviewAuditRows } from '../reviewAuditSections.js';
import type { CriticReport } from '../types.js';
import { escapeHtml as e } from '../../measures/escape.js';

/** report.html: a critic of reviews' false consensus per review mutator and condition (critics[name].reviewAudit). */
export function reviewAuditHtml(critic: CriticReport, conditions: readonly string[]): string {
  if (!critic.reviewAudit) return '';
  const rows = reviewAuditRows(critic.reviewAudit, conditions)
    .map((r) => `<tr data-review-mutator="${e(r.what)}"><td>${e(r.what)}</td>${r.cells.map((c) => `<td class="num">${e(c)}</td>`).join('')}</tr>`)
    .join('');
  return `<h3>Review audit</h3><p class="dim">${e(REVIEW_AUDIT_CAPTION)}</p><table class="review-audit"><thead><tr><th>review</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
}
