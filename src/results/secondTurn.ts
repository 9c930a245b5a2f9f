import type { Condition, FollowAfter } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { mcnemarExact } from '../statistics/mcnemar.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import { flaggedForPairing, type ItemOutcomes } from './itemOutcomes.js';
import { ALL_MUTANTS, CONTROL } from './tabulate.js';

export interface TurnRate {
  n: number;
  count: number;
  rate: number;
  ci: Interval;
}

/** One group of items (a mutator's mutants, all mutants, or the originals): first verdict against second, item by item. */
export interface TurnCell {
  /** Items with a verdict in both turns (by majority over repeats). */
  n: number;
  /** First-turn FAILs, and how many the second turn withdrew (FAIL then PASS). */
  firstFail: number;
  failToPass: number;
  /** First-turn PASSes, and how many the second turn turned into a FAIL. */
  firstPass: number;
  passToFail: number;
  /** Mutants only: of the first-turn catches, the share given away (FAIL then PASS: false consensus); null without one. */
  yield?: TurnRate | null;
  /** Originals only: of the first-turn false alarms, the share withdrawn (healthy under an evidence rebuttal); null without one. */
  correction?: TurnRate | null;
  /** Of the first-turn PASSes, the share turned into a FAIL; null without a first-turn PASS. */
  flipToFail: TurnRate | null;
  /** Items whose verdict changed either way (reveal-trace's changedAfterReveal: failToPass and passToFail). */
  changed: TurnRate;
  /** Exact two-sided McNemar between the two turns (failToPass against passToFail). */
  p: number;
}

export interface SecondTurnReport {
  after: FollowAfter;
  /** Per mutator, then `all` (every mutant) and `control` (the originals), as the paired tables name them. */
  byGroup: Record<string, TurnCell>;
  /** Items that held a FAIL after the follow-up (seed 004: a second disagreement escalates). */
  escalated: number;
}

/**
 * Second turns (seed 001's false consensus, seed 004's rebuttal round, seed
 * 002's pass two): per second-turn condition and group of items, the first
 * (clean) verdict against the second, item by item. Where the condition did
 * not follow the first verdict up, the second is the first (recorded as
 * such), so every item with a clean verdict counts.
 */
export function secondTurnReport(items: readonly ItemRecord[], outcomes: ItemOutcomes, conditions: readonly Condition[]): Record<string, SecondTurnReport> {
  const report: Record<string, SecondTurnReport> = {};
  for (const condition of conditions) {
    if (!condition.followUp) continue;
    const groups = new Map<string, Array<[boolean, boolean]>>();
    const add = (group: string, pair: [boolean, boolean]) => {
      const list = groups.get(group);
      if (list) list.push(pair);
      else groups.set(group, [pair]);
    };
    let escalated = 0;
    for (const item of items) {
      const first = flaggedForPairing(outcomes.of(item.id, 'clean'));
      const second = flaggedForPairing(outcomes.of(item.id, condition.name));
      if (first === undefined || second === undefined) continue;
      if (item.mutator) {
        add(item.mutator, [first, second]);
        add(ALL_MUTANTS, [first, second]);
      } else add(CONTROL, [first, second]);
      if (first && second && condition.followUp.after !== 'pass') escalated++;
    }
    if (!groups.size) continue;
    report[condition.name] = {
      after: condition.followUp.after,
      byGroup: Object.fromEntries([...groups].map(([group, pairs]) => [group, cellOf(pairs, group === CONTROL ? 'correction' : 'yield')])),
      escalated,
    };
  }
  return report;
}

function cellOf(pairs: ReadonlyArray<[boolean, boolean]>, withdrawal: 'yield' | 'correction'): TurnCell {
  let firstFail = 0,
    failToPass = 0,
    passToFail = 0;
  for (const [first, second] of pairs) {
    if (first) firstFail++;
    if (first && !second) failToPass++;
    if (!first && second) passToFail++;
  }
  const firstPass = pairs.length - firstFail;
  return {
    n: pairs.length,
    firstFail,
    failToPass,
    firstPass,
    passToFail,
    [withdrawal]: rateOf(failToPass, firstFail),
    flipToFail: rateOf(passToFail, firstPass),
    changed: rateOf(failToPass + passToFail, pairs.length)!,
    p: mcnemarExact(failToPass, passToFail),
  };
}

const rateOf = (count: number, n: number): TurnRate | null => (n ? { n, count, rate: count / n, ci: wilsonInterval(count, n) } : null);
