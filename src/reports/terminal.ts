import chalk from 'chalk';
import type { ReportSettings } from './schema.js';
import type { AuditReport } from './types.js';
import { CAUSES_SHOWN, causeText, engineText, gateReading, NO_DATA, formatP, percent, percentInterval, signedPoints } from './format.js';
import { isGated } from '../baseline/compare.js';
import { echoHeadline, positiveControlHeadline, signedRange } from './markdownSections.js';
import { headline } from './headline.js';
import { locatedSummary } from './locatedSections.js';
import { planAuditSummary } from './planSections.js';
import { mutationReportHint } from './mutationHint.js';

/** A readable summary for the terminal, in colour where the terminal has it. */
export function renderTerminal(report: AuditReport, outDir: string, reports?: ReportSettings): string {
  const out: string[] = [];
  const { cause, passed, gates } = headline(report);
  const verdict = passed ? chalk.green.bold('PASSED') : chalk.red.bold('FAILED');
  const notes = positiveControlHeadline(report) + echoHeadline(report);
  out.push(
    `${chalk.bold('critic-audit')} ${cause ? `${chalk.red.bold(cause)} · ` : ''}${verdict} · ${gates}${notes ? chalk.red.bold(notes) : ''}  ${chalk.dim(`${report.mutants.valid} mutants (${report.mutants.ignored} ignored) · seed ${report.seed}`)}`,
  );
  for (const [name, critic] of Object.entries(report.critics)) out.push(`  ${chalk.bold(name)}: ${critic.summary}`);
  if (!report.complete) out.push(chalk.yellow(`incomplete: ${report.stopReason ?? 'stopped early'}`));
  for (const w of report.warnings ?? []) out.push(chalk.yellow(`warning: ${w}`));
  if (report.errorBudget.exceeded) out.push(chalk.red(`error budget exceeded: ${percent(report.errorBudget.errorRate)} of reviews failed${topCause(report)}`));
  for (const [name, critic] of Object.entries(report.critics)) {
    out.push('', `${chalk.bold(name)} ${critic.passed ? chalk.green('passed') : chalk.red('failed')}`);
    // A column as wide as the longest condition name (second turns' names run past 20).
    const width = Math.max(20, ...report.conditions.map((c) => c.length + 1));
    const header = ['mutator'.padEnd(22), ...report.conditions.map((c) => c.padEnd(width))].join('');
    out.push(chalk.dim(header));
    const row = (label: string, cells: Record<string, { n: number; rate: number; ci: [number, number] } | undefined>) =>
      [
        label.padEnd(22),
        ...report.conditions.map((c) => {
          const cell = cells[c];
          return (!cell ? '–' : cell.n ? `${percent(cell.rate).padStart(4)} ${percentInterval(cell.ci)}` : NO_DATA).padEnd(width);
        }),
      ].join('');
    for (const [mutator, cells] of Object.entries(critic.byMutator)) out.push(row(mutator, cells));
    out.push(row('false alarms', critic.falseAlarms));
    const interpretable = critic.positiveControl?.anchoringInterpretable ?? true;
    for (const p of critic.paired.filter((p) => p.mutator === 'all' || p.mutator === 'control')) {
      const what = p.mutator === 'all' ? 'catch rate' : 'false alarms';
      const effect = critic.bootstrap?.effects.find((e) => e.mutator === p.mutator && e.to === p.to);
      const text = `${p.to}: ${what} ${signedPoints(p.delta)}${effect ? ` ${signedRange(effect.ci)} (cluster bootstrap)` : ''} (b=${p.b}, c=${p.c}, p=${formatP(p.p)}, Holm p=${formatP(p.pHolm)})${interpretable ? '' : ' not interpretable'}`;
      out.push(!interpretable ? chalk.dim.strikethrough(text) : p.pHolm < 0.05 ? chalk.yellow(text) : chalk.dim(text));
    }
    const pc = critic.positiveControl;
    if (pc && !pc.pass) out.push(chalk.red(`  positive control failed: ${pc.reasons.join('; ')}`));
    const blind = Object.entries(critic.blindDiscrimination ?? {});
    if (blind.length) out.push(chalk.dim(`  blind discrimination (evidence withheld): ${blind.map(([mutator, cell]) => `${mutator} ${signedPoints(cell.difference)}`).join(', ')}`));
    for (const [condition, turns] of Object.entries(critic.secondTurn ?? {})) {
      const all = turns.byGroup.all;
      const originals = turns.byGroup.control;
      const parts = [
        all?.yield ? `yield ${percent(all.yield.rate)} of ${all.yield.n} first-turn catches` : '',
        originals?.correction ? `corrected ${percent(originals.correction.rate)} of ${originals.correction.n} false alarms` : '',
        `escalated ${turns.escalated}`,
      ];
      out.push(chalk.dim(`  second turn ${condition}: ${parts.filter(Boolean).join(', ')}`));
    }
    const consensus = Object.entries(critic.reviewAudit?.byMutator ?? {}).flatMap(([mutator, cells]) => (cells.clean ? [`${mutator} ${percent(cells.clean.falseConsensus.rate)}`] : []));
    if (consensus.length) out.push(chalk.dim(`  review audit, clean: agreed with flawed reviews (false consensus): ${consensus.join(', ')}`));
    for (const [condition, cell] of Object.entries(critic.echo ?? {})) {
      if (cell.echoing)
        out.push(
          chalk.red(
            `  echoing under ${condition}: ${percent(cell.rate)} of items answered ${cell.pushes.toUpperCase()} as it pushed; discrimination ${signedPoints(cell.discrimination!)}, not a review`,
          ),
        );
    }
    const r = critic.regression;
    if (r) {
      const lost = critic.flipped.filter((f) => f.regression).length;
      out.push(`  baseline: ${r.pairedItems} items paired (${r.onlyInCurrent} new, ${r.onlyInBaseline} gone); ${lost} flipped for the worse, ${critic.flipped.length - lost} for the better`);
      for (const row of r.rows.filter(isGated).filter((x) => x.regressed)) {
        out.push(
          chalk.red(
            `  regressed: ${row.mutator} ${row.condition} ${row.direction === 'catch-drop' ? 'catch rate' : 'false alarms'} ${signedPoints(row.delta)} ${signedRange(row.ci)} (b=${row.b}, c=${row.c}, Holm p=${formatP(row.pHolm)})`,
          ),
        );
      }
    }
    for (const g of critic.gates) {
      const noData = g.status === 'no-data';
      const mark = !g.pass ? chalk.red('✗') : noData ? chalk.yellow('?') : g.status === 'amber' ? chalk.yellow('~') : g.status === 'red' ? chalk.red('!') : chalk.green('✓');
      const reading = gateReading(g);
      out.push(
        `  ${mark} ${g.name} ${reading.value} (threshold ${reading.threshold}${g.status && g.status !== 'green' && !noData ? `, ${g.status}` : ''})${g.detail && (!g.pass || noData) ? chalk.dim(` ${g.detail}`) : ''}`,
      );
    }
    const located = locatedSummary(critic);
    if (located) out.push(chalk.dim(`  ${located}`));
    const plan = planAuditSummary(critic.planAudit);
    if (plan) out.push(chalk.dim(`  ${plan}`));
    const v = critic.verdicts;
    if (v.noVerdict || v.errors) out.push(chalk.dim(`  no verdict ${v.noVerdict}, errors ${v.errors} of ${v.reviews} reviews`));
    if (v.errors) {
      out.push(chalk.red(`  why reviews failed:`));
      for (const c of critic.errorCauses.slice(0, CAUSES_SHOWN)) out.push(chalk.red(`    ${causeText(c)}`));
      if (critic.errorCauses.length > CAUSES_SHOWN) out.push(chalk.dim(`    and ${critic.errorCauses.length - CAUSES_SHOWN} more causes (report.json)`));
    }
    out.push(chalk.dim(`  ${engineText(critic)}`));
  }
  out.push('', chalk.dim(`reports: ${outDir}`));
  const hint = mutationReportHint(report, outDir, reports);
  if (hint) out.push(chalk.yellow(hint));
  return out.join('\n');
}

/** The most frequent cause of failed reviews over all critics, for the error-budget line. */
function topCause(report: AuditReport): string {
  const top = Object.values(report.critics)
    .flatMap((c) => c.errorCauses)
    .sort((a, b) => b.count - a.count)[0];
  return top ? `; most often: ${top.message.replace(/\s+/g, ' ').slice(0, 300)}` : '';
}
