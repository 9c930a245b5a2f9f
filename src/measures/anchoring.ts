import { effectGate } from '../gates/effectGate.js';
import { noDataGate } from '../gates/gate.js';
import { ANCHORING_CONDITION } from '../requests/conditions/index.js';
import { ALL_MUTANTS } from '../results/tabulate.js';
import { rate } from '../util/schemaParts.js';
import { specimenAnswer, tablesMeasure, type Specimen } from './measure.js';

/**
 * Anchoring (seed 000): the clean catch rate minus the catch rate with the worker's trace, all mutants pooled, on
 * the same items: the pooled shorthand of maxConditionEffect for that condition, measured the same way (with
 * `gate: lower-bound`, the pessimistic end of the interval). A run without the condition, or whose fixtures carry
 * no trace, has a no-data gate; a critic of artifacts that carry none while others do is gated on those others.
 */
/** A run with the worker's trace (the one condition that adds a key) on which the specimen's critic misses, with the trace, the mutants of the second fixture it caught clean. */
export function traceSpecimen(): Specimen {
  return {
    conditions: ['clean', ANCHORING_CONDITION],
    answer: (item, condition) => (condition.contaminantKey && item.role === 'mutant' && item.fixture === 1 ? 'PASS' : specimenAnswer(item, condition)),
  };
}

export const anchoring = tablesMeasure({
  name: 'anchoring',
  thresholds: {
    rank: 30,
    shape: { maxAnchoringDrop: rate.optional().describe('The largest clean minus with-trace catch rate, all mutants pooled, on the same items.') },
    // The specimen's critic catches 4 of 6 mutants clean and 2 with the trace: a drop of 33 points.
    examples: { maxAnchoringDrop: { pass: 0.5, fail: 0.1 } },
  },
  specimen: traceSpecimen(),
  gates: {
    // The drop is measured with the worker's trace.
    conditions: () => [ANCHORING_CONDITION],
    rank: 30,
    evaluate(tables, thresholds, scope) {
      const threshold = thresholds.maxAnchoringDrop;
      const unreached = scope.conditions.some((c) => c.name === ANCHORING_CONDITION) ? scope.unreached.get(ANCHORING_CONDITION) : `${ANCHORING_CONDITION} is not among the configured conditions`;
      if (threshold === undefined || unreached === null) return [];
      return [
        unreached === undefined
          ? effectGate('maxAnchoringDrop', threshold, tables, ANCHORING_CONDITION, ALL_MUTANTS, 'catch-drop', thresholds.gate === 'lower-bound', true)
          : noDataGate('maxAnchoringDrop', threshold, unreached),
      ];
    },
  },
});
