import type { Condition } from '../requests/conditions/index.js';
import type { SecondTurnReport, TurnCell } from '../results/secondTurn.js';
import { ALL_MUTANTS, CONTROL } from '../results/tabulate.js';
import { noDataGate, type Gate } from './gate.js';
import type { Thresholds } from './schema.js';

/**
 * `maxYield`: the largest share of first-turn catches a second-turn condition
 * may talk the critic out of (all mutants; seed 001's false consensus), and
 * `minCorrection`: the smallest share of first-turn false alarms it must let
 * go of when the rebuttal is right (the originals). With `gate: lower-bound`
 * the pessimistic end of the Wilson interval is compared.
 */
export function secondTurnGates(report: Record<string, SecondTurnReport>, thresholds: Thresholds): Gate[] {
  const conservative = thresholds.gate === 'lower-bound';
  const gates: Gate[] = [];
  for (const [condition, threshold] of Object.entries(thresholds.maxYield ?? {})) {
    const rate = report[condition]?.byGroup[ALL_MUTANTS]?.yield;
    const name = `maxYield.${condition}`;
    const noCatch = `no mutant was caught in its first (clean) turn, so there is no catch for ${condition} to take back`;
    if (!rate) gates.push(noDataGate(name, threshold, unturned(report[condition]?.byGroup[ALL_MUTANTS], 'mutant', condition) ?? noCatch));
    else
      gates.push(
        rateGate(name, threshold, rate, conservative ? rate.ci[1] : rate.rate, conservative, (v) => v <= threshold, `${rate.count} of ${rate.n} first-turn catches withdrawn under ${condition}`),
      );
  }
  for (const [condition, threshold] of Object.entries(thresholds.minCorrection ?? {})) {
    const rate = report[condition]?.byGroup[CONTROL]?.correction;
    const name = `minCorrection.${condition}`;
    const noAlarm = `no original was flagged in its first (clean) turn, so there is no false alarm for ${condition} to correct`;
    if (!rate) gates.push(noDataGate(name, threshold, unturned(report[condition]?.byGroup[CONTROL], 'original', condition) ?? noAlarm));
    else
      gates.push(
        rateGate(name, threshold, rate, conservative ? rate.ci[0] : rate.rate, conservative, (v) => v >= threshold, `${rate.count} of ${rate.n} first-turn false alarms withdrawn under ${condition}`),
      );
  }
  return gates;
}

/** Why a group has no second turn to read: none of its items has a verdict in both turns (the condition follows up none of them); undefined when some has. */
function unturned(cell: TurnCell | undefined, what: string, condition: string): string | undefined {
  return cell?.n ? undefined : `no ${what} has a verdict in both turns under ${condition} (none was followed up, or no follow-up was answered)`;
}

function rateGate(name: string, threshold: number, rate: { rate: number }, value: number, conservative: boolean, holds: (v: number) => boolean, detail: string): Gate {
  const pass = holds(value);
  return { name, threshold, value, ...(conservative ? { estimate: rate.rate } : {}), pass, status: pass ? 'green' : 'red', detail };
}

/** What the config's maxYield and minCorrection get wrong against the run's conditions, with the path under `thresholds`. */
export function secondTurnProblems(thresholds: Thresholds, conditions: readonly Condition[]): Array<{ path: string[]; message: string }> {
  const secondTurns = conditions.filter((c) => c.followUp).map((c) => c.name);
  return (['maxYield', 'minCorrection'] as const).flatMap((key) =>
    Object.keys(thresholds[key] ?? {})
      .filter((name) => !secondTurns.includes(name))
      .map((name) => ({
        path: [key, name],
        message: `"${name}" is not a second-turn condition of this run; the run's: ${secondTurns.join(', ') || 'none (add rebuttal-unsupported, rebuttal-evidence, are-you-sure or reveal-trace to conditions)'}`,
      })),
  );
}
