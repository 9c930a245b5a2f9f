import { errorCount, noDataGate, type Gate } from '../gates/gate.js';
import type { CriticTables } from '../results/tabulate.js';
import { wilsonInterval } from '../statistics/wilson.js';
import { rate } from '../util/schemaParts.js';
import { specimenAnswer, tablesMeasure, type ThresholdsOf } from './measure.js';

const shape = { minVerdictRate: rate.optional().describe('The smallest share of reviews that end in a verdict.') };

/**
 * The verdict rate: the share of the critic's answered reviews (every condition) that end in a verdict, gated by
 * `minVerdictRate` (with `gate: lower-bound`, the Wilson lower bound); no-data when no review was answered.
 */
export const verdictRate = tablesMeasure({
  name: 'verdictRate',
  // The specimen's critic gives no verdict on the third fixture's original: 8 of 9 reviews end in one.
  thresholds: { rank: 80, shape, examples: { minVerdictRate: { pass: 0.5, fail: 0.95 } } },
  specimen: { answer: (item, condition) => (item.role === 'original' && item.fixture === 2 ? 'none' : specimenAnswer(item, condition)) },
  gates: {
    // It counts every condition's reviews: none in particular.
    conditions: () => [],
    // After the condition effects, before the positive control's.
    rank: 41,
    evaluate: (tables, thresholds) => verdictRateGates(tables, thresholds),
  },
});

/** The `minVerdictRate` gate, when configured. */
export function verdictRateGates(tables: CriticTables, thresholds: ThresholdsOf<typeof shape>): Gate[] {
  const threshold = thresholds.minVerdictRate;
  if (threshold === undefined) return [];
  const v = tables.verdicts;
  const answered = v.verdicts + v.noVerdict;
  if (answered === 0) return [noDataGate('minVerdictRate', threshold, v.errors ? `every review failed (${errorCount(v.errors)})` : 'no review finished')];
  const conservative = thresholds.gate === 'lower-bound';
  const measured = conservative ? { value: wilsonInterval(v.verdicts, answered)[0], estimate: v.verdictRate } : { value: v.verdictRate };
  const pass = measured.value >= threshold;
  return [{ name: 'minVerdictRate', threshold, ...measured, pass, status: pass ? 'green' : 'red' }];
}
