import { SEALED_CONDITION } from '../requests/conditions/index.js';
import { ALL_MUTANTS, CONTROL, type CriticTables, type PairedComparison } from '../results/tabulate.js';
import type { Interval } from '../statistics/wilson.js';
import { noDataGate, type EffectMeasure, type Gate } from './gate.js';

/**
 * A gate on a condition's effect against clean on the same items (the paired row of `items` under `condition`):
 * the drop in catch rate, or the rise in false alarms, against its threshold; with `conservative` the
 * pessimistic end of the Newcombe interval. No data (failing the run when `failsWithoutData`) without the row.
 */
export function effectGate(
  name: string,
  threshold: number,
  tables: CriticTables,
  condition: string,
  items: string,
  direction: EffectMeasure['direction'],
  conservative: boolean,
  failsWithoutData: boolean,
): Gate {
  const row = tables.paired.find((p) => p.mutator === items && p.from === SEALED_CONDITION && p.to === condition);
  if (!row) {
    const what = items === CONTROL ? 'original' : items === ALL_MUTANTS ? 'mutant' : `${items} mutant`;
    return noDataGate(name, threshold, `no ${what} has an answered review under both clean and ${condition}`, failsWithoutData);
  }
  const effect = measure(row, direction);
  const estimate = (direction === 'catch-drop' ? -row.delta : row.delta) + 0; // + 0: no "-0" for an unchanged rate
  const value = conservative ? effect.ci[1] : estimate;
  const pass = value <= threshold;
  const what = direction === 'catch-drop' ? `catch rate drop on ${items === ALL_MUTANTS ? 'all mutants' : items}` : 'false-alarm rise on the originals';
  return {
    name,
    threshold,
    value,
    ...(conservative ? { estimate } : {}),
    pass,
    status: pass ? 'green' : 'red',
    detail: `${what} under ${condition}, ${row.n} paired items (b=${row.b}, c=${row.c}), 95% [${effect.ci[0].toFixed(3)}, ${effect.ci[1].toFixed(3)}], McNemar p=${row.p.toPrecision(2)}`,
    effect,
  };
}

function measure(row: PairedComparison, direction: EffectMeasure['direction']): EffectMeasure {
  // Tabulated as condition minus clean; a drop is gated as clean minus condition.
  const ci: Interval = direction === 'catch-drop' ? [-row.ci[1], -row.ci[0]] : row.ci;
  return { condition: row.to, direction, items: row.mutator, n: row.n, b: row.b, c: row.c, p: row.p, ci };
}
