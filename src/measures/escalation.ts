import chalk from 'chalk';
import { escalationCells, type EscalationCell } from '../results/escalation.js';
import { escapeHtml as e } from './escape.js';
import { formatP, percent, percentInterval } from './format.js';
import { criticMeasure } from './measure.js';

/**
 * Escalation after the bounded rebuttal round (seed 004): per rebuttal condition, the share of items whose critic
 * held its finding against the rebuttal (escalated to a human, or rejected under `fail-closed`), and, the truth
 * being known, how many of those were right. Present only when the config sets `escalation`; escalations.jsonl
 * in the run folder holds each escalated item's two turns and the spans each cited.
 */
/** "41 of 41 vs 0 of 12, Fisher p=2.1e-11", or a dash when either kind had no finding rebutted. */
function heldComparison(cell: EscalationCell): string {
  const held = cell.heldOnMutantsVsOriginals;
  return held ? `${held.mutants.held} of ${held.mutants.challenged} vs ${held.originals.held} of ${held.originals.challenged}, Fisher p=${formatP(held.p)}` : '–';
}

export const escalation = criticMeasure({
  key: 'escalation',
  // The specimen's critic holds every finding against an unsupported rebuttal.
  specimen: { conditions: ['clean', 'rebuttal-unsupported'], settings: { escalation: { policy: 'escalate' } } },
  rank: 104,
  figure: (scope): Record<string, EscalationCell> | undefined => escalationCells(scope.items, scope.outcomes, scope.conditions, scope.escalation),
  terminal: {
    rank: 54,
    render: (cells) =>
      Object.entries(cells ?? {}).map(([condition, c]) =>
        chalk.dim(
          `  ${condition}: ${c.escalated.count} of ${c.n} items ${c.rejected ? 'rejected (fail-closed)' : 'escalated'} after the rebuttal (${percent(c.escalated.rate)}), ${c.right} right, ${c.wrong} on correct originals; each in escalations.jsonl`,
        ),
      ),
  },
  markdown: {
    rank: 114,
    render(cells) {
      const rows = Object.entries(cells ?? {});
      if (!rows.length) return [];
      return [
        '',
        '### Escalation: findings held against the rebuttal',
        '',
        'A first-turn finding the critic held after the one rebuttal round goes to a human with both verdicts and the spans each cited (escalations.jsonl), or is rejected under `fail-closed`. Right: the item was a mutant; wrong: a correct original held as faulty. The last column compares the share of findings held on mutants with the share held on correct originals (Fisher exact, two-sided): a critic whose holding tells a defect from a false alarm holds the first and drops the second.',
        '',
        '| condition | policy | items | findings rebutted | escalated (Wilson 95%) | right | wrong | rejected | held on mutants vs originals |',
        '|---|---|---:|---:|---:|---:|---:|---:|---|',
        ...rows.map(
          ([condition, c]) =>
            `| ${condition} | ${c.policy} | ${c.n} | ${c.challenged} | ${c.escalated.count} (${percent(c.escalated.rate)} ${percentInterval(c.escalated.ci)}) | ${c.right} | ${c.wrong} | ${c.rejected ? c.rejected.count : '–'} | ${heldComparison(c)} |`,
        ),
      ];
    },
  },
  // On the critic's card rather than in a section of its own: a run without `escalation:` adds nothing to report.html.
  card: {
    // After pass two.
    rank: 40,
    render: (cells) =>
      Object.entries(cells ?? {})
        .map(
          ([condition, c]) =>
            `<p class="escalation">After ${e(condition)}: ${c.escalated.count} of ${c.n} items ${c.rejected ? 'rejected (fail-closed)' : 'escalated'}, ${percent(c.escalated.rate)} ${percentInterval(c.escalated.ci)}, of ${c.challenged} findings rebutted; ${c.right} right, ${c.wrong} on correct originals. Both turns and the spans each cited: escalations.jsonl.</p>`,
        )
        .join(''),
  },
});
