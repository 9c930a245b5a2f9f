import chalk from 'chalk';
import { passTwoCells, silentChanges, type ChangeCount, type PassTwoCell } from '../results/passTwo.js';
import { escapeHtml as e } from './escape.js';
import { percent, percentInterval } from './format.js';
import { criticMeasure, specimenAnswer } from './measure.js';

export const passTwo = criticMeasure({
  key: 'passTwo',
  rank: 102,
  // The specimen's critic withdraws its catches of the second fixture's mutants once the author's explanation is revealed.
  specimen: {
    conditions: ['clean', 'reveal-trace'],
    answer: (item, condition) => (condition.followUp && item.role === 'mutant' && item.fixture === 1 ? 'PASS' : specimenAnswer(item, condition)),
  },
  reads: (scope) => silentChanges(scope.conditions),
  figure: (scope, silent): Record<string, PassTwoCell> | undefined => passTwoCells(scope.items, scope.outcomes, scope.conditions, silent),
  terminal: {
    rank: 52,
    render: (cells) =>
      Object.entries(cells ?? {}).map(([condition, c]) =>
        (c.corrupting.count ? chalk.red : chalk.dim)(
          `  pass two ${condition}: ${c.changed} of ${c.n} verdicts changed after the reveal, ${c.corrupting.count} corrupting (${c.corrupting.withdrawnCatches} catches withdrawn, ${c.corrupting.newFalseAlarms} new false alarms), ${c.corrective.count} corrective (${c.corrective.withdrawnFalseAlarms} false alarms withdrawn, ${c.corrective.foundDefects} defects found); each in pass-two.jsonl`,
        ),
      ),
  },
  markdown: {
    rank: 112,
    render(cells) {
      const rows = Object.entries(cells ?? {});
      if (!rows.length) return [];
      return [
        '',
        "### Pass two: verdicts changed once the author's explanation was revealed",
        '',
        "Corrupting: a right verdict made wrong (a catch withdrawn, the yield `maxYield` gates; or a correct original newly flagged). Corrective: a wrong verdict made right (a false alarm withdrawn, or a missed defect found). Each item's record (both verdicts, the reason in the critic's words) is in pass-two.jsonl.",
        '',
        '| condition | items | changed | corrupting (Wilson 95%) | catches withdrawn | new false alarms | corrective (Wilson 95%) | false alarms withdrawn | defects found |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows.map(
          ([condition, c]) =>
            `| ${condition} | ${c.n} | ${c.changed} | ${share(c.corrupting)} | ${c.corrupting.withdrawnCatches} | ${c.corrupting.newFalseAlarms} | ${share(c.corrective)} | ${c.corrective.withdrawnFalseAlarms} | ${c.corrective.foundDefects} |`,
        ),
      ];
    },
  },
  // On the critic's card rather than in a section of its own: a run without a reveal adds nothing to report.html.
  card: {
    // After the echo note.
    rank: 30,
    render: (cells) =>
      Object.entries(cells ?? {})
        .map(
          ([condition, c]) =>
            `<p class="pass-two${c.corrupting.count ? ' flag' : ''}">Pass two under ${e(condition)}: ${c.changed} of ${c.n} verdicts changed once the author's explanation was revealed, ${c.corrupting.count} corrupting (${c.corrupting.withdrawnCatches} catches withdrawn, ${c.corrupting.newFalseAlarms} new false alarms), ${c.corrective.count} corrective (${c.corrective.withdrawnFalseAlarms} false alarms withdrawn, ${c.corrective.foundDefects} defects found). Each item's record: pass-two.jsonl.</p>`,
        )
        .join(''),
  },
});

const share = (c: ChangeCount) => `${c.count} (${percent(c.rate)} ${percentInterval(c.ci)})`;
