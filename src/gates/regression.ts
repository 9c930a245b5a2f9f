import type { RegressionReport } from '../baseline/compare.js';
import { noDataGate, type Gate } from './gate.js';

/**
 * The `maxRegression` gate: fails when any row of the baseline comparison
 * (a mutator's catch rate, or the false-alarm rate, under any condition)
 * worsened significantly after Holm correction and by more than the margin.
 * Its value is the largest worsening among the rows tested pair by pair.
 * With no row tested (a baseline of other fixtures pairs no item) it is
 * no-data, and fails: a baseline was given to be compared with.
 */
export function regressionGate(report: RegressionReport): Gate {
  const tested = report.rows.filter((r) => r.n > 0);
  if (tested.length === 0) {
    const why =
      report.pairedItems === 0
        ? `no item of this run is in the baseline (${report.onlyInCurrent} only in this run, ${report.onlyInBaseline} only in the baseline): nothing to compare pair by pair`
        : `no item was answered in both runs under the same condition (${report.pairedItems} items in both): nothing to compare pair by pair`;
    return noDataGate('maxRegression', report.margin, why);
  }
  const regressed = tested.filter((r) => r.regressed);
  const largest = [...tested].sort((x, y) => y.worsening - x.worsening)[0]!;
  const describe = (r: (typeof tested)[number]) =>
    `${r.mutator} ${r.condition}: ${r.direction === 'catch-drop' ? 'catch rate' : 'false alarms'} ${signed(r.delta)} (b=${r.b}, c=${r.c}, n=${r.n}, p=${r.p.toPrecision(2)}, Holm p=${r.pHolm.toPrecision(2)})`;
  const detail = regressed.length ? `regressed: ${regressed.map(describe).join('; ')}` : `no significant worsening beyond ${report.margin} (largest: ${describe(largest)})`;
  return {
    name: 'maxRegression',
    threshold: report.margin,
    value: Math.max(0, largest.worsening),
    pass: regressed.length === 0,
    status: regressed.length ? 'red' : 'green',
    detail,
  };
}

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} pts`;
