import chalk from 'chalk';
import type { ReportSettings } from './schema.js';
import type { AuditReport, CriticReport } from './types.js';
import type { Gate } from '../gates/gate.js';
import { criticSections, gateReading, headlineNotes, inRankOrder, type Ranked } from '../measures/index.js';
import { CAUSES_SHOWN, causeText, engineText, percent } from '../measures/format.js';
import { headline } from './headline.js';
import { mutationReportHint } from './mutationHint.js';

/** A readable summary for the terminal, in colour where the terminal has it. */
export function renderTerminal(report: AuditReport, outDir: string, reports?: ReportSettings): string {
  const out: string[] = [];
  const { cause, passed, gates } = headline(report);
  const verdict = passed ? chalk.green.bold('PASSED') : chalk.red.bold('FAILED');
  const notes = headlineNotes(report);
  out.push(
    `${chalk.bold('critic-audit')} ${cause ? `${chalk.red.bold(cause)} · ` : ''}${verdict} · ${gates}${notes ? chalk.red.bold(notes) : ''}  ${chalk.dim(`${report.mutants.valid} mutants (${report.mutants.ignored} ignored) · seed ${report.seed}`)}`,
  );
  for (const [name, critic] of Object.entries(report.critics)) out.push(`  ${chalk.bold(name)}: ${critic.summary}`);
  if (!report.complete) out.push(chalk.yellow(`incomplete: ${report.stopReason ?? 'stopped early'}`));
  for (const w of report.warnings ?? []) out.push(chalk.yellow(`warning: ${w}`));
  if (report.errorBudget.exceeded) out.push(chalk.red(`error budget exceeded: ${percent(report.errorBudget.errorRate)} of reviews failed${topCause(report)}`));
  for (const [name, critic] of Object.entries(report.critics)) {
    out.push('', `${chalk.bold(name)} ${critic.passed ? chalk.green('passed') : chalk.red('failed')}`);
    // The terminal's own lines and the per-critic measures', in rank order (see docs/architecture.md, "Adding a measure").
    const own: Array<Ranked<string[]>> = [
      { rank: 90, piece: critic.gates.map(gateLine) },
      { rank: 120, piece: verdictLines(critic) },
    ];
    out.push(...inRankOrder([...own, ...criticSections<string[]>('terminal', critic, { name, conditions: report.conditions, tables: critic })]).flat());
    out.push(chalk.dim(`  ${engineText(critic)}`));
  }
  out.push('', chalk.dim(`reports: ${outDir}`));
  const hint = mutationReportHint(report, outDir, reports);
  if (hint) out.push(chalk.yellow(hint));
  return out.join('\n');
}

/** A gate's line: its mark, value and threshold, and why when it fails or has no data. */
function gateLine(g: Gate): string {
  const noData = g.status === 'no-data';
  const mark = !g.pass ? chalk.red('✗') : noData ? chalk.yellow('?') : g.status === 'amber' ? chalk.yellow('~') : g.status === 'red' ? chalk.red('!') : chalk.green('✓');
  const reading = gateReading(g);
  return `  ${mark} ${g.name} ${reading.value} (threshold ${reading.threshold}${g.status && g.status !== 'green' && !noData ? `, ${g.status}` : ''})${g.detail && (!g.pass || noData) ? chalk.dim(` ${g.detail}`) : ''}`;
}

/** Replies without a verdict, failed reviews and why they failed. */
function verdictLines(critic: CriticReport): string[] {
  const out: string[] = [];
  const v = critic.verdicts;
  if (v.noVerdict || v.errors) out.push(chalk.dim(`  no verdict ${v.noVerdict}, errors ${v.errors} of ${v.reviews} reviews`));
  if (v.errors) {
    out.push(chalk.red(`  why reviews failed:`));
    for (const c of critic.errorCauses.slice(0, CAUSES_SHOWN)) out.push(chalk.red(`    ${causeText(c)}`));
    if (critic.errorCauses.length > CAUSES_SHOWN) out.push(chalk.dim(`    and ${critic.errorCauses.length - CAUSES_SHOWN} more causes (report.json)`));
  }
  return out;
}

/** The most frequent cause of failed reviews over all critics, for the error-budget line. */
function topCause(report: AuditReport): string {
  const top = Object.values(report.critics)
    .flatMap((c) => c.errorCauses)
    .sort((a, b) => b.count - a.count)[0];
  return top ? `; most often: ${top.message.replace(/\s+/g, ' ').slice(0, 300)}` : '';
}
