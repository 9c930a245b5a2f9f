import chalk from 'chalk';
import type { AuditReport } from './build.js';
import { pValue, percent, percentInterval, signedPoints } from './format.js';

/** A readable summary for the terminal, in colour where the terminal has it. */
export function renderTerminal(report: AuditReport, outDir: string): string {
  const out: string[] = [];
  const verdict = report.passed ? chalk.green.bold('PASSED') : chalk.red.bold('FAILED');
  out.push(`${chalk.bold('critic-audit')} ${verdict}  ${chalk.dim(`${report.mutants.valid} mutants (${report.mutants.ignored} ignored) · seed ${report.seed}`)}`);
  if (!report.complete) out.push(chalk.yellow(`incomplete: ${report.stopReason}`));
  if (report.errorBudget.exceeded) out.push(chalk.red(`error budget exceeded: ${percent(report.errorBudget.errorRate)} of reviews failed`));
  for (const [name, critic] of Object.entries(report.critics)) {
    out.push('', `${chalk.bold(name)} ${critic.passed ? chalk.green('passed') : chalk.red('failed')}`);
    const header = ['mutator'.padEnd(22), ...report.conditions.map((c) => c.padEnd(20))].join('');
    out.push(chalk.dim(header));
    const row = (label: string, cells: Record<string, { rate: number; ci: [number, number] } | undefined>) =>
      [label.padEnd(22), ...report.conditions.map((c) => {
        const cell = cells[c];
        return (cell ? `${percent(cell.rate).padStart(4)} ${percentInterval(cell.ci)}` : '–').padEnd(20);
      })].join('');
    for (const [mutator, cells] of Object.entries(critic.byMutator)) out.push(row(mutator, cells));
    out.push(row('false alarms', critic.falseAlarms));
    for (const p of critic.paired.filter((p) => p.mutator === 'all' || p.mutator === 'control')) {
      const what = p.mutator === 'all' ? 'catch rate' : 'false alarms';
      const text = `${p.to}: ${what} ${signedPoints(p.delta)} (b=${p.b}, c=${p.c}, p=${pValue(p.p)})`;
      out.push(p.p < 0.05 ? chalk.yellow(text) : chalk.dim(text));
    }
    for (const g of critic.gates) {
      out.push(`  ${g.pass ? chalk.green('✓') : chalk.red('✗')} ${g.name} ${g.value.toFixed(3)} (threshold ${g.threshold})`);
    }
    const v = critic.verdicts;
    if (v.noVerdict || v.errors) out.push(chalk.dim(`  no verdict ${v.noVerdict}, errors ${v.errors} of ${v.reviews} reviews`));
  }
  out.push('', chalk.dim(`reports: ${outDir}`));
  return out.join('\n');
}
