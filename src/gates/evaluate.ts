import type { GateThresholds } from './schema.js';
import { noDataGate, nothingMeasured, type Gate, type GateContext } from './gate.js';
import { namedMutators, withNamed } from './gatedMutators.js';
import type { CriticTables } from '../results/tabulate.js';
import { wilsonInterval } from '../statistics/wilson.js';
import { bandStatus, catchRateBand, namesMutator, resolveBand } from './thresholds.js';

/**
 * The configured thresholds applied to one critic's tables. Catch rates are
 * gated on the sealed (clean) condition, the critic's own ability.
 * With `gate: lower-bound` each gate compares the pessimistic end of the
 * figure's 95% interval instead of the estimate: the Wilson lower bound of a
 * catch or verdict rate.
 * A gate whose figure rests on no answered review is `no-data`, never a pass.
 * Each kind of gate comes ranked among the measures' gates.
 */
export function evaluateGates(tables: CriticTables, thresholds: GateThresholds, context: GateContext): Array<{ rank: number; piece: Gate[] }> {
  const conservative = thresholds.gate === 'lower-bound';
  const bound = (estimate: number, pessimistic: number) => (conservative ? { value: pessimistic, estimate } : { value: estimate });
  const simple = (name: string, threshold: number, measured: { value: number; estimate?: number }, pass: boolean): Gate => ({ name, threshold, ...measured, pass, status: pass ? 'green' : 'red' });

  const verdictRate: Gate[] = [];
  if (thresholds.minVerdictRate !== undefined) {
    const v = tables.verdicts;
    const answered = v.verdicts + v.noVerdict;
    if (answered === 0) verdictRate.push(noDataGate('minVerdictRate', thresholds.minVerdictRate, v.errors ? `every review failed (${errorCount(v.errors)})` : 'no review finished'));
    else {
      const measured = bound(v.verdictRate, wilsonInterval(v.verdicts, answered)[0]);
      verdictRate.push(simple('minVerdictRate', thresholds.minVerdictRate, measured, measured.value >= thresholds.minVerdictRate));
    }
  }
  // Ranked among the measures' gates (docs/architecture.md, "Measures").
  return [
    { rank: 10, piece: catchRateGates(tables, thresholds, context, bound) },
    { rank: 41, piece: verdictRate },
  ];
}

/**
 * One gate per gated mutator that catchRate sets a band for (its own entry,
 * else `default`), and the mutators it names that the run does not have. When
 * none of them was measured and none fails already, one `catchRate` no-data
 * gate fails the run: a default over mutators with no valid mutant (each a
 * warning), or over a critic with no mutator of its kinds, measured nothing.
 */
function catchRateGates(tables: CriticTables, thresholds: GateThresholds, context: GateContext, bound: (estimate: number, pessimistic: number) => { value: number; estimate?: number }): Gate[] {
  const gates: Gate[] = [];
  for (const { name: mutator, noMutants } of withNamed(context.mutators, namedMutators(thresholds.catchRate), context.runMutators)) {
    const band = catchRateBand(thresholds.catchRate, mutator);
    if (band === undefined) continue;
    const name = `catchRate.${mutator}`;
    const threshold = band.break ?? band.low;
    const clean = tables.byMutator[mutator]?.clean;
    if (noMutants !== null) {
      // Only a threshold set for this mutator by name (and able to fail) makes its absence fail the run.
      const fails = namesMutator(thresholds.catchRate, mutator) && band.break !== null;
      const why = fails ? noMutants : `${noMutants}; not failing the run, as ${band.break === null ? 'its band has no break' : "its threshold is catchRate's default"}`;
      gates.push({ ...noDataGate(name, threshold, why, fails), band });
      continue;
    }
    if (!clean?.n) {
      gates.push({ ...noDataGate(name, threshold, unanswered(clean, `${mutator}'s mutants`), band.break !== null), band });
      continue;
    }
    const measured = bound(clean.rate, clean.ci[0]);
    const pass = band.break === null || measured.value >= band.break;
    const status = pass ? bandStatus(measured.value, band) : 'red';
    gates.push({ name, threshold, ...measured, pass, status, band });
  }
  const floor = lowestBreak(thresholds.catchRate);
  // A default (a single number, or `default`) applies to every critic; named mutators of kinds it does not review are gated on others.
  const isDefault = typeof thresholds.catchRate === 'number' || thresholds.catchRate?.['default'] !== undefined;
  if (floor === undefined || !(gates.length || isDefault)) return gates;
  const none = nothingMeasured('catchRate', floor, gates, gates.length ? 'no mutant was measured' : 'no mutator of the run mutates the kinds of artifact this critic reviewed');
  return none ? [...gates, none] : gates;
}

/** The lowest break among catchRate's entries; undefined when none can fail the run (bands without a break only). */
function lowestBreak(catchRate: GateThresholds['catchRate']): number | undefined {
  if (catchRate === undefined) return undefined;
  const entries = typeof catchRate === 'number' ? [catchRate] : Object.values(catchRate).filter((e) => typeof e !== 'string');
  const breaks = entries.flatMap((e) => resolveBand(e).break ?? []);
  return breaks.length ? Math.min(...breaks) : undefined;
}

/** Why a clean cell has no answered review: every review failed, or none finished. */
export function unanswered(cell: { errors: number } | undefined, what: string): string {
  return cell?.errors ? `every clean review of ${what} failed (${errorCount(cell.errors)})` : `no clean review of ${what} finished`;
}

export const errorCount = (n: number) => `${n} error${n === 1 ? '' : 's'}`;
