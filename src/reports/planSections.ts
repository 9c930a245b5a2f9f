import type { PlanAudit } from '../results/planAudit.js';
import { formatP, percent, rateCell, signedPoints } from '../measures/format.js';

const short = (text: string) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);
const cellOf = (cells: Record<string, { n: number; rate: number; ci: [number, number] } | undefined>, c: string) => rateCell(cells[c]);

/** report.md: a critic's plan audit (seed 003): by plan item, by authored type, acceptance of originals, the round-summary effect. */
export function planAuditLines(audit: PlanAudit | undefined, conditions: readonly string[]): string[] {
  if (!audit) return [];
  const head = `${conditions.join(' | ')} |`;
  const rule = conditions.map(() => '---').join('|');
  const out = [
    '',
    '### Plan audits: catch by plan item (the reply listed issues and named the item the authored mutant breaks; Wilson 95%)',
    '',
    `| fixture | item | mutants | ${head}`,
    `|---|---|---:|${rule}|`,
  ];
  for (const row of audit.byItem) {
    if (!row.mutants) continue;
    out.push(`| ${row.fixtureId} | ${row.item}. ${short(row.text).replace(/\|/g, '\\|')} | ${row.mutants} (${row.types.join(', ')}) | ${conditions.map((c) => cellOf(row.cells, c)).join(' | ')} |`);
  }
  for (const [type, cells] of Object.entries(audit.byType)) out.push(`| *${type}* | all items | | ${conditions.map((c) => cellOf(cells, c)).join(' | ')} |`);
  out.push(`| **all authored** | | | ${conditions.map((c) => cellOf(audit.all, c)).join(' | ')} |`);
  out.push(`| *ACCEPTED on originals* | | | ${conditions.map((c) => cellOf(audit.acceptance, c)).join(' | ')} |`);
  const untested = audit.byItem.filter((r) => !r.mutants).length;
  if (untested) out.push('', `${untested} of ${audit.byItem.length} plan items have no authored mutant that breaks them.`);
  for (const e of audit.roundSummary) {
    out.push(
      '',
      `With the round summary (${e.condition}): plan-item catch ${signedPoints(e.delta)} against clean on the same ${e.n} authored mutants (b ${e.b} named clean only, c ${e.c} only with the summary; exact McNemar p ${formatP(e.p)}${e.p < 0.05 ? ' *' : ''}; 95% ${signedPoints(e.ci[0])} to ${signedPoints(e.ci[1])})`,
    );
  }
  const clean = audit.all.clean;
  if (clean?.n) out.push('', `Clean: ${percent(clean.flagged / clean.n)} of authored mutants got issues, ${percent(clean.rate)} with the broken item named.`);
  return out;
}

/** One line for the terminal summary: the plan-item catch per condition over all authored mutants, and ACCEPTED on originals clean. */
export function planAuditSummary(audit: PlanAudit | undefined): string {
  if (!audit) return '';
  const cells = Object.entries(audit.all).flatMap(([c, cell]) => (cell?.n ? [`${c} ${percent(cell.rate)}`] : []));
  if (!cells.length) return '';
  const accepted = audit.acceptance.clean;
  return `plan items named on authored mutants: ${cells.join(', ')} (n=${audit.all.clean?.n ?? 0})${accepted?.n ? ` · ACCEPTED on ${percent(accepted.rate)} of ${accepted.n} originals` : ''}`;
}
