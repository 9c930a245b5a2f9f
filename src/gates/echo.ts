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
export function echoCells(items: readonly ItemRecord[], outcomes: ItemOutcomes, tables: CriticTables, conditions: readonly Condition[], minDiscrimination: number): Record<string, EchoCell> {
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
      const sealed = verdictOf(item.id, 'clean');
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
