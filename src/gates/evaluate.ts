import type { Thresholds } from '../config/schema.js';
import type { CriticTables } from '../results/tabulate.js';
import { ALL_MUTANTS } from '../results/tabulate.js';
import { wilsonInterval } from '../statistics/wilson.js';
import { bandStatus, catchRateBand, type GateStatus, type ResolvedBand } from './thresholds.js';

export interface Gate {
  name: string;
  threshold: number;
  value: number;
  pass: boolean;
  /** green (clear), amber (between a band's low and high) or red (below low, or failed). */
  status?: GateStatus;
  /** The point estimate, when `value` is the pessimistic end of its interval (`thresholds.gate: lower-bound`). */
  estimate?: number;
  /** A catch-rate gate's band. */
  band?: ResolvedBand;
  /** What was measured, in words, when the gate combines several numbers. */
  detail?: string;
}

/**
 * The configured thresholds applied to one critic's tables. Catch rates and
 * false alarms are gated on the sealed (clean) condition, the critic's own
 * ability; the anchoring drop is clean minus with-trace on the same mutants.
 * With `gate: lower-bound` each gate compares the pessimistic end of the
 * figure's 95% interval instead of the estimate: the Wilson lower bound of a
 * catch or verdict rate, the upper bound of a false-alarm rate or a drop.
 */
export function evaluateGates(tables: CriticTables, thresholds: Thresholds): Gate[] {
  const gates: Gate[] = [];
  const conservative = thresholds.gate === 'lower-bound';
  const bound = (estimate: number, pessimistic: number) => (conservative ? { value: pessimistic, estimate } : { value: estimate });
  const simple = (name: string, threshold: number, measured: { value: number; estimate?: number }, pass: boolean): Gate =>
    ({ name, threshold, ...measured, pass, status: pass ? 'green' : 'red' });

  for (const [mutator, byCondition] of Object.entries(tables.byMutator)) {
    const band = catchRateBand(thresholds.catchRate, mutator);
    const clean = byCondition.clean;
    if (band === undefined || !clean) continue;
    const measured = bound(clean.rate, clean.ci[0]);
    const pass = band.break === null || measured.value >= band.break;
    const status = pass ? bandStatus(measured.value, band) : 'red';
    gates.push({ name: `catchRate.${mutator}`, threshold: band.break ?? band.low, ...measured, pass, status, band });
  }
  const cleanAlarms = tables.falseAlarms.clean;
  if (thresholds.maxFalseAlarmRate !== undefined && cleanAlarms) {
    const measured = bound(cleanAlarms.rate, cleanAlarms.ci[1]);
    gates.push(simple('maxFalseAlarmRate', thresholds.maxFalseAlarmRate, measured, measured.value <= thresholds.maxFalseAlarmRate));
  }
  const anchoring = tables.paired.find((p) => p.mutator === ALL_MUTANTS && p.from === 'clean' && p.to === 'with-trace');
  if (thresholds.maxAnchoringDrop !== undefined && anchoring) {
    const measured = bound(-anchoring.delta, -anchoring.ci[0]);
    gates.push(simple('maxAnchoringDrop', thresholds.maxAnchoringDrop, measured, measured.value <= thresholds.maxAnchoringDrop));
  }
  if (thresholds.minVerdictRate !== undefined) {
    const v = tables.verdicts;
    const answered = v.verdicts + v.noVerdict;
    const measured = bound(v.verdictRate, wilsonInterval(v.verdicts, answered)[0]);
    gates.push(simple('minVerdictRate', thresholds.minVerdictRate, measured, measured.value >= thresholds.minVerdictRate));
  }
  return gates;
}
