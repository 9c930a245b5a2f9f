import chalk from 'chalk';
import { grammarOf } from '../reviews/verdicts/index.js';
import { planAudit as planAuditSink, type IssueLinesCell, type PlanAudit, type PlanCatchCell } from '../results/planAudit.js';
import type { Interval } from '../statistics/wilson.js';
import { escapeHtml as e } from './escape.js';
import { formatP, percent, percentInterval, rateCell, rates, series, signedPoints } from './format.js';
import { criticMeasure } from './measure.js';

/**
 * Seed 003's plan audit, for a critic answering in a grammar that audits plans (accepted issues) on a suite with
 * acceptance plans, over the first-turn conditions: catch by plan item, by authored type, acceptance of the
 * originals, and the round summary's effect; the plan items named that the mutant does not break (charged, and no credit
 * for naming every item) and the issue lines that give no way to verify them. Absent from report.json otherwise. Not a gate:
 * the issue asks for these figures to be reported, not for thresholds on them.
 */
export const planAudit = criticMeasure({
  key: 'planAudit',
  rank: 170,
  reads(scope) {
    if (grammarOf(scope.critic.verdict).audits !== 'plans') return undefined;
    const firstTurns = scope.conditions.filter((c) => !c.followUp);
    const summaries = firstTurns.filter((c) => c.contaminantKey === 'round_summary').map((c) => c.name);
    return (
      planAuditSink(
        scope.items,
        scope.fixtures,
        firstTurns.map((c) => c.name),
        summaries,
      ) ?? undefined
    );
  },
  figure: (_scope, audit: PlanAudit | undefined): PlanAudit | undefined => audit,
  sentence: {
    clause: (audit, conditions) => (audit ? series(rates(conditions, audit.all), (r) => `names the plan item broken on ${r.value} of authored mutants ${r.label}`, 'plan items named') : ''),
  },
  terminal: {
    rank: 110,
    render(audit) {
      const line = planAuditSummary(audit);
      return line ? [chalk.dim(`  ${line}`)] : [];
    },
  },
  markdown: { rank: 70, render: (audit, { conditions }) => planAuditLines(audit, conditions) },
  html: { rank: 50, render: (audit, { conditions }) => planAuditHtml(audit, conditions) },
});

/** A count that may hold shares of repeats. */
const count = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
/** Over-naming in one cell: the unbroken plan items named, out of those the mutants leave intact. */
const overNamingText = (cell: PlanCatchCell | undefined) => (cell?.n ? `${percent(cell.namedNotBrokenRate)} (${count(cell.namedNotBroken)} of ${cell.notBroken})` : '–');
const everyText = (cell: PlanCatchCell | undefined) => (cell?.n ? `${count(cell.namedEvery)} of ${cell.n}` : '–');
/** The chance-corrected credit in one cell: what the replies earned above naming as many items regardless of which is broken. */
const creditText = (cell: PlanCatchCell | undefined) => (cell?.n ? `${cell.credit.toFixed(1)} of ${cell.n} (${percent(cell.creditRate)})` : '–');
const CREDIT = 'the broken item named, less what naming as many items at random would earn';
/** "clean 0 of 12 (0%), round-summary ...": the issue lines with no plan item, evidence id, line, test or example. */
const unverifiableText = (issueLines: PlanAudit['issueLines'], conditions: readonly string[]) =>
  conditions
    .flatMap((c) => {
      const cell: IssueLinesCell | undefined = issueLines[c];
      return cell?.issues ? [`${c} ${cell.unverifiable} of ${cell.issues} (${percent(cell.rate)})`] : [];
    })
    .join(', ');
const UNVERIFIABLE = 'Issue lines with no way to verify them (no plan item, evidence id, line, test or example)';

const short = (text: string) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);

/** report.md: by plan item, by authored type, acceptance of originals, the round-summary effect. */
export function planAuditLines(audit: PlanAudit | undefined, conditions: readonly string[]): string[] {
  if (!audit) return [];
  const cellOf = (cells: Record<string, { n: number; rate: number; ci: [number, number] } | undefined>, c: string) => rateCell(cells[c]);
  const head = `${conditions.join(' | ')} |`;
  const rule = conditions.map(() => '---').join('|');
  const out = [
    '',
    '### Plan audits: catch by plan item (the reply listed issues and named the item the authored mutant breaks, not every item of the plan; Wilson 95%)',
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
  out.push(`| *over-naming* | plan items named that the mutant does not break | | ${conditions.map((c) => overNamingText(audit.all[c])).join(' | ')} |`);
  out.push(`| *every item named* | authored mutants, no credit | | ${conditions.map((c) => everyText(audit.all[c])).join(' | ')} |`);
  out.push(`| **chance-corrected credit** | ${CREDIT} | | ${conditions.map((c) => creditText(audit.all[c])).join(' | ')} |`);
  const unverifiable = unverifiableText(audit.issueLines, conditions);
  if (unverifiable) out.push('', `${UNVERIFIABLE}: ${unverifiable}.`);
  const untested = audit.byItem.filter((r) => !r.mutants).length;
  if (untested) out.push('', `${untested} of ${audit.byItem.length} plan items have no authored mutant that breaks them.`);
  for (const x of audit.roundSummary) {
    out.push(
      '',
      `With the round summary (${x.condition}): plan-item catch ${signedPoints(x.delta)} against clean on the same ${x.n} authored mutants (b ${x.b} named clean only, c ${x.c} only with the summary; exact McNemar p ${formatP(x.p)}${x.p < 0.05 ? ' *' : ''}; 95% ${signedPoints(x.ci[0])} to ${signedPoints(x.ci[1])})`,
    );
  }
  const clean = audit.all.clean;
  if (clean?.n) out.push('', `Clean: ${percent(clean.flagged / clean.n)} of authored mutants got issues, ${percent(clean.rate)} with the broken item named.`);
  return out;
}

/** report.html: by plan item, then by authored type, acceptance of originals and the round-summary effect. */
export function planAuditHtml(audit: PlanAudit | undefined, conditions: readonly string[]): string {
  if (!audit) return '';
  const cellHtml = (cell: { n: number; rate: number; ci: Interval } | undefined) => (cell?.n ? `${percent(cell.rate)} <span class="dim">${percentInterval(cell.ci)} n=${cell.n}</span>` : '–');
  const cells = (byCondition: Record<string, { n: number; rate: number; ci: Interval } | undefined>) => conditions.map((c) => `<td>${cellHtml(byCondition[c])}</td>`).join('');
  const effects = audit.roundSummary.map(
    (x) =>
      `<p>With the round summary (<code>${e(x.condition)}</code>): plan-item catch ${signedPoints(x.delta)} against clean on the same ${x.n} authored mutants (b ${x.b}, c ${x.c}; exact McNemar p ${formatP(x.p)}; 95% ${signedPoints(x.ci[0])} to ${signedPoints(x.ci[1])})</p>`,
  );
  const rows = audit.byItem
    .filter((r) => r.mutants)
    .map((r) => `<tr><td>${e(r.fixtureId)}</td><td>${r.item}. ${e(r.text)}</td><td>${r.mutants} <span class="dim">${e(r.types.join(', '))}</span></td>${cells(r.cells)}</tr>`);
  for (const [type, byCondition] of Object.entries(audit.byType)) rows.push(`<tr><td><i>${e(type)}</i></td><td>all items</td><td></td>${cells(byCondition)}</tr>`);
  rows.push(`<tr><td><b>all authored</b></td><td></td><td></td>${cells(audit.all)}</tr>`);
  rows.push(`<tr><td><i>ACCEPTED on originals</i></td><td></td><td></td>${cells(audit.acceptance)}</tr>`);
  rows.push(`<tr><td><i>over-naming</i></td><td>plan items named that the mutant does not break</td><td></td>${conditions.map((c) => `<td>${overNamingText(audit.all[c])}</td>`).join('')}</tr>`);
  rows.push(`<tr><td><i>every item named</i></td><td>authored mutants, no credit</td><td></td>${conditions.map((c) => `<td>${everyText(audit.all[c])}</td>`).join('')}</tr>`);
  rows.push(`<tr><td><b>chance-corrected credit</b></td><td>${e(CREDIT)}</td><td></td>${conditions.map((c) => `<td>${creditText(audit.all[c])}</td>`).join('')}</tr>`);
  const unverifiable = unverifiableText(audit.issueLines, conditions);
  if (unverifiable) effects.push(`<p>${UNVERIFIABLE}: ${e(unverifiable)}.</p>`);
  return `<h3>Plan audits: catch by plan item</h3><p class="dim">An authored mutant counts as caught by its item when the reply listed issues and one named the item it breaks, unless it named every item of the plan (Wilson 95%); each other plan item named is charged as over-naming.</p><table class="plan"><thead><tr><th>fixture</th><th>plan item</th><th>mutants</th>${conditions.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>${effects.join('')}`;
}

/** The terminal's line: the plan-item catch per condition over all authored mutants, and ACCEPTED on originals clean. */
export function planAuditSummary(audit: PlanAudit | undefined): string {
  if (!audit) return '';
  const cells = Object.entries(audit.all).flatMap(([c, cell]) => (cell?.n ? [`${c} ${percent(cell.rate)}`] : []));
  if (!cells.length) return '';
  const accepted = audit.acceptance.clean;
  const clean = audit.all.clean;
  const overNaming = clean?.notBroken ? ` · over-naming clean ${percent(clean.namedNotBrokenRate)} · chance-corrected credit clean ${creditText(clean)}` : '';
  const lines = audit.issueLines.clean;
  const unverifiable = lines?.issues ? ` · ${lines.unverifiable} of ${lines.issues} issue lines unverifiable clean` : '';
  return `plan items named on authored mutants: ${cells.join(', ')} (n=${clean?.n ?? 0})${accepted?.n ? ` · ACCEPTED on ${percent(accepted.rate)} of ${accepted.n} originals` : ''}${overNaming}${unverifiable}`;
}
