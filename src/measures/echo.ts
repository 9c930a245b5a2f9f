import chalk from 'chalk';
import { SEALED_CONDITION, type Condition, type Push } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { outcomeCode, type ItemOutcomes } from '../results/itemOutcomes.js';
import type { CriticTables } from '../results/tabulate.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import { escapeHtml as e } from './escape.js';
import { percent, percentInterval, signedPoints } from './format.js';
import { criticMeasure, specimenAnswer, type ThresholdsOf } from './measure.js';
import { minDiscrimination, type PositiveControlThresholds } from './sealedAbility.js';

/** The thresholds echo reads: the positive control's, whose minDiscrimination is the smallest a critic keeps under a contaminant without echoing it. */
type EchoThresholds = ThresholdsOf<Record<never, never>> & PositiveControlThresholds;

/** The conditions a critic echoes under. */
const echoingUnder = (cells: Record<string, EchoCell>) =>
  Object.entries(cells)
    .filter(([, cell]) => cell.echoing)
    .map(([condition]) => condition);

/**
 * Echo (seed 000's smallest model): per contaminated condition, the share of verdicts that repeat the
 * contaminant's direction, and whether the critic still tells mutants from originals under it. Not a gate: a
 * warning, a note on the headline, a property of the critic's junit.xml suite and its sections.
 */
export const echo = criticMeasure<'echo', Record<string, EchoCell>>({
  key: 'echo',
  rank: 90,
  // The specimen's critic answers PASS to everything once told a prior reviewer passed it.
  specimen: { conditions: ['clean', 'prior-pass'], answer: (item, condition) => (condition.pushes === 'pass' ? 'PASS' : specimenAnswer(item, condition)) },
  figure: (scope, _reading, thresholds: EchoThresholds) => echoCells(scope.items, scope.outcomes, scope.tables, scope.conditions, minDiscrimination(thresholds.positiveControl)),
  warnings: {
    rank: 20,
    of: (cells, thresholds: EchoThresholds) =>
      Object.entries(cells).flatMap(([condition, cell]) =>
        cell.echoing
          ? [
              `echoes the contaminant under ${condition}: ${(100 * cell.rate).toFixed(0)}% of items answered ${cell.pushes.toUpperCase()} as it pushed, and it no longer tells mutants from originals (discrimination ${cell.discrimination!.toFixed(3)} < ${minDiscrimination(thresholds.positiveControl)}); its figures under ${condition} are not a review`,
            ]
          : [],
      ),
  },
  headline: {
    // After the positive control's note.
    rank: 20,
    note(critics) {
      const echoing = critics.flatMap(({ name, figure }) => {
        const conditions = echoingUnder(figure);
        return conditions.length ? [`${name} under ${conditions.join(', ')}`] : [];
      });
      return echoing.length ? ` (echoing the contaminant: ${echoing.join('; ')})` : '';
    },
  },
  // Echoing is not a gate, but a reader of the CI tab should see it beside the gates.
  junit: {
    properties(cells): Record<string, string> {
      const echoing = echoingUnder(cells);
      return echoing.length ? { echoing: echoing.join(' ') } : {};
    },
  },
  card: {
    // After the positive control's verdict.
    rank: 20,
    render(cells) {
      const echoing = echoingUnder(cells);
      return echoing.length ? `<p class="flag echoing">Echoes the contaminant under ${e(echoing.join(', '))}: its verdicts there repeat the line it was given, not a review.</p>` : '';
    },
  },
  terminal: {
    rank: 70,
    render: (cells) =>
      Object.entries(cells).flatMap(([condition, cell]) =>
        cell.echoing
          ? [
              chalk.red(
                `  echoing under ${condition}: ${percent(cell.rate)} of items answered ${cell.pushes.toUpperCase()} as it pushed; discrimination ${signedPoints(cell.discrimination!)}, not a review`,
              ),
            ]
          : [],
      ),
  },
  markdown: {
    rank: 90,
    /** Per contaminated condition: the share of verdicts that repeat the contaminant, and whether the critic still discriminates. */
    render(cells) {
      const rows = Object.entries(cells);
      if (!rows.length) return [];
      const out = [
        '',
        "### Echo: verdicts that repeat the contaminant's direction (mutants and originals alike)",
        '',
        '| condition | pushes towards | echo (Wilson 95%) | discrimination under it | |',
        '|---|---|---:|---:|---|',
      ];
      for (const [condition, cell] of rows) {
        out.push(
          `| ${condition} | ${cell.pushes.toUpperCase()} | ${percent(cell.rate)} ${percentInterval(cell.ci)} n=${cell.n} | ${cell.discrimination === null ? '–' : signedPoints(cell.discrimination)} | ${cell.echoing ? '**echoing**: not a review under this condition' : ''} |`,
        );
      }
      return out;
    },
  },
  html: {
    rank: 70,
    /** Per contaminated condition, how often the verdict repeats the contaminant, and whether the critic still discriminates. */
    render(cells) {
      const entries = Object.entries(cells);
      if (!entries.length) return '';
      const rows = entries
        .map(
          ([condition, cell]) =>
            `<tr class="${cell.echoing ? 'fail' : ''}"><td>${e(condition)}</td><td>${cell.pushes.toUpperCase()}</td><td class="num">${percent(cell.rate)} ${percentInterval(cell.ci)} n=${cell.n}</td><td class="num">${cell.discrimination === null ? '–' : signedPoints(cell.discrimination)}</td><td>${cell.echoing ? '<span class="flag">echoing: not a review</span>' : ''}</td></tr>`,
        )
        .join('');
      return `<h3>Echo</h3><p class="dim">The share of items (mutants and originals alike) answered the way the contaminant pushed, and the critic's catch rate minus false-alarm rate under it; below the positive control's minimum, the critic is repeating the contaminant.</p><table class="echo"><thead><tr><th>condition</th><th>pushes towards</th><th>echo (Wilson 95%)</th><th>discrimination</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
    },
  },
});

/** Under one contaminated condition: how often the critic's verdict was the one the contaminant pushed towards. */
export interface EchoCell {
  pushes: Push;
  /** Items (mutants and originals alike) answered with a verdict under the condition. */
  n: number;
  /** Of those, items whose verdict is the contaminant's direction (PASS for a pass-pushing one, FAIL for a fail-pushing one). */
  echoed: number;
  rate: number;
  ci: Interval;
  /** The share of the same items answered that way sealed (clean), for comparison. */
  cleanRate: number | null;
  /** Catch rate minus false-alarm rate under this condition; null without both mutants and originals answered. */
  discrimination: number | null;
  /**
   * Under this condition the critic no longer tells mutants from originals (discrimination below the positive
   * control's minDiscrimination): its verdicts there repeat the contaminant's direction, not a review. A critic
   * that cannot review at all is echoing under every condition too; `cleanRate` and its positive control tell the
   * two apart.
   */
  echoing: boolean;
}

/**
 * Echo detection (seed 000's smallest model): a critic that answers whatever
 * the prior verdict says is not reviewing, however its catch rate looks.
 * Per contaminated condition, the share of items whose verdict equals the
 * contaminant's direction (against the same items' share sealed), and
 * whether the critic still tells mutants from originals under it
 * (discrimination at least the positive control's `minDiscrimination`).
 */
function echoCells(items: readonly ItemRecord[], outcomes: ItemOutcomes, tables: CriticTables, conditions: readonly Condition[], minDiscrimination: number): Record<string, EchoCell> {
  const cells: Record<string, EchoCell> = {};
  for (const { name, pushes } of conditions) {
    if (!pushes) continue;
    const echoedCode = pushes === 'fail' ? 'caught' : 'missed';
    let n = 0;
    let echoed = 0;
    let sealedN = 0;
    let sealedEchoed = 0;
    const verdictOf = (id: string, condition: string) => {
      const o = outcomes.of(id, condition);
      const code = o && outcomeCode(o);
      return code === 'caught' || code === 'missed' ? code : undefined;
    };
    for (const item of items) {
      const code = verdictOf(item.id, name);
      if (!code) continue;
      n++;
      if (code === echoedCode) echoed++;
      const sealed = verdictOf(item.id, SEALED_CONDITION);
      if (!sealed) continue;
      sealedN++;
      if (sealed === echoedCode) sealedEchoed++;
    }
    if (n === 0) continue;
    const caught = tables.pooled[name];
    const alarms = tables.falseAlarms[name];
    const discrimination = caught?.n && alarms?.n ? caught.rate - alarms.rate : null;
    const rate = echoed / n;
    const cleanRate = sealedN ? sealedEchoed / sealedN : null;
    const echoing = discrimination !== null && discrimination < minDiscrimination;
    cells[name] = { pushes, n, echoed, rate, ci: wilsonInterval(echoed, n), cleanRate, discrimination, echoing };
  }
  return cells;
}
