import type { Condition, Push } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { outcomeCode, type ItemOutcomes } from '../results/itemOutcomes.js';
import type { CriticTables } from '../results/tabulate.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';

/** Under one contaminated condition: how often the critic's verdict was the one the contaminant pushed towards. */
export interface EchoCell {
  pushes: Push;
  /** Items (mutants and originals alike) answered with a verdict under the condition. */
  n: number;
  /** Of those, items whose verdict is the contaminant's direction (PASS for a pass-pushing one, FAIL for a fail-pushing one). */
  echoed: number;
  rate: number;
  ci: Interval;
  /** Catch rate minus false-alarm rate under this condition; null without both mutants and originals answered. */
  discrimination: number | null;
  /** True when discrimination falls below the positive control's minDiscrimination: the critic repeats the contaminant instead of reviewing. */
  echoing: boolean;
}

/**
 * Echo detection (seed 000's smallest model): a critic that answers whatever
 * the prior verdict says is not reviewing, however its catch rate looks.
 * Per contaminated condition, the share of items whose verdict equals the
 * contaminant's direction, and whether the critic still tells mutants from
 * originals under it (discrimination at least the positive control's
 * `minDiscrimination`).
 */
export function echoCells(items: readonly ItemRecord[], outcomes: ItemOutcomes, tables: CriticTables, conditions: readonly Condition[], minDiscrimination: number): Record<string, EchoCell> {
  const cells: Record<string, EchoCell> = {};
  for (const { name, pushes } of conditions) {
    if (!pushes) continue;
    const echoedCode = pushes === 'fail' ? 'caught' : 'missed';
    let n = 0;
    let echoed = 0;
    for (const item of items) {
      const o = outcomes.of(item.id, name);
      if (!o) continue;
      const code = outcomeCode(o);
      if (code !== 'caught' && code !== 'missed') continue;
      n++;
      if (code === echoedCode) echoed++;
    }
    if (n === 0) continue;
    const caught = tables.pooled[name];
    const alarms = tables.falseAlarms[name];
    const discrimination = caught?.n && alarms?.n ? caught.rate - alarms.rate : null;
    cells[name] = { pushes, n, echoed, rate: echoed / n, ci: wilsonInterval(echoed, n), discrimination, echoing: discrimination !== null && discrimination < minDiscrimination };
  }
  return cells;
}
