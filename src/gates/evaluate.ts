import type { Thresholds } from '../config/schema.js';
import type { CriticTables } from '../results/tabulate.js';
import { ALL_MUTANTS } from '../results/tabulate.js';

export interface Gate {
  name: string;
  threshold: number;
  value: number;
  pass: boolean;
}

/**
 * The configured thresholds applied to one critic's tables. Catch rates and
 * false alarms are gated on the sealed (clean) condition, the critic's own
 * ability; the anchoring drop is clean minus with-trace on the same mutants.
 */
export function evaluateGates(tables: CriticTables, thresholds: Thresholds): Gate[] {
  const gates: Gate[] = [];
  const { catchRate } = thresholds;
  for (const [mutator, byCondition] of Object.entries(tables.byMutator)) {
    const threshold = typeof catchRate === 'number' ? catchRate : (catchRate?.[mutator] ?? catchRate?.['default']);
    const clean = byCondition.clean;
    if (threshold === undefined || !clean) continue;
    gates.push({ name: `catchRate.${mutator}`, threshold, value: clean.rate, pass: clean.rate >= threshold });
  }
  const cleanAlarms = tables.falseAlarms.clean;
  if (thresholds.maxFalseAlarmRate !== undefined && cleanAlarms) {
    gates.push({ name: 'maxFalseAlarmRate', threshold: thresholds.maxFalseAlarmRate, value: cleanAlarms.rate, pass: cleanAlarms.rate <= thresholds.maxFalseAlarmRate });
  }
  const anchoring = tables.paired.find((p) => p.mutator === ALL_MUTANTS && p.from === 'clean' && p.to === 'with-trace');
  if (thresholds.maxAnchoringDrop !== undefined && anchoring) {
    const drop = -anchoring.delta;
    gates.push({ name: 'maxAnchoringDrop', threshold: thresholds.maxAnchoringDrop, value: drop, pass: drop <= thresholds.maxAnchoringDrop });
  }
  if (thresholds.minVerdictRate !== undefined) {
    const value = tables.verdicts.verdictRate;
    gates.push({ name: 'minVerdictRate', threshold: thresholds.minVerdictRate, value, pass: value >= thresholds.minVerdictRate });
  }
  return gates;
}
