import type { ItemRecord } from '../requests/items.js';
import { mcnemarExact } from '../statistics/mcnemar.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import { flaggedForPairing, type ItemOutcomes } from './itemOutcomes.js';

interface CommitteeRate {
  flagged: number;
  rate: number;
  ci: Interval;
}

/** A set of critics as a committee, over the items every one of them answered clean. */
export interface Committee {
  critics: string[];
  /** Mutants every member answered clean. */
  n: number;
  /** Caught when more than half of the members flag the mutant (for two critics: both). */
  majority: CommitteeRate;
  /** Caught when any member flags it. */
  anyFlags: CommitteeRate;
  /** Originals every member answered clean, and the committees' false alarms on them. */
  originals: { n: number; majority: CommitteeRate | null; anyFlags: CommitteeRate | null };
}

/** Two critics over the same mutants, clean: where they agree, where one catches what the other misses. */
export interface CriticPair extends Committee {
  bothCaught: number;
  /** Caught by the first critic only (b) and by the second only (c), for the exact McNemar test between them. */
  firstOnly: number;
  secondOnly: number;
  /** Mutants both critics missed: what a second critic of this pair adds nothing on. */
  bothMissed: number;
  p: number;
}

export interface CrossCritic {
  condition: 'clean';
  pairs: CriticPair[];
  /** Every critic together, when three or more share items; else null (a pair is already above). */
  committee: Committee | null;
}

/**
 * Critics side by side (seed 002: a second model does not replace input
 * isolation): per pair of critics that reviewed the same mutants clean, the
 * mutants both missed, McNemar between them, and what a committee of the pair
 * (or of them all) would catch and falsely flag.
 */
export function crossCritic(items: readonly ItemRecord[], outcomes: ReadonlyMap<string, ItemOutcomes>): CrossCritic | null {
  const names = [...outcomes.keys()];
  if (names.length < 2) return null;
  const pairs: CriticPair[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const members = [names[i]!, names[j]!];
      const committee = committeeOf(items, members, outcomes);
      if (!committee) continue;
      let bothCaught = 0,
        firstOnly = 0,
        secondOnly = 0;
      for (const [a, b] of mutantVerdicts(items, members, outcomes)) {
        if (a && b) bothCaught++;
        else if (a) firstOnly++;
        else if (b) secondOnly++;
      }
      pairs.push({ ...committee, bothCaught, firstOnly, secondOnly, bothMissed: committee.n - bothCaught - firstOnly - secondOnly, p: mcnemarExact(firstOnly, secondOnly) });
    }
  }
  if (!pairs.length) return null;
  return { condition: 'clean', pairs, committee: names.length >= 3 ? committeeOf(items, names, outcomes) : null };
}

function committeeOf(items: readonly ItemRecord[], members: readonly string[], outcomes: ReadonlyMap<string, ItemOutcomes>): Committee | null {
  const mutants = mutantVerdicts(items, members, outcomes);
  if (mutants.length === 0) return null;
  const originals = verdictsOf(
    items.filter((i) => i.role === 'original'),
    members,
    outcomes,
  );
  return {
    critics: [...members],
    n: mutants.length,
    majority: rateOf(mutants, majority),
    anyFlags: rateOf(mutants, any),
    originals: { n: originals.length, majority: originals.length ? rateOf(originals, majority) : null, anyFlags: originals.length ? rateOf(originals, any) : null },
  };
}

const majority = (flags: readonly boolean[]) => flags.filter(Boolean).length * 2 > flags.length;
const any = (flags: readonly boolean[]) => flags.some(Boolean);

function rateOf(verdicts: readonly boolean[][], rule: (flags: readonly boolean[]) => boolean): CommitteeRate {
  const flagged = verdicts.filter(rule).length;
  return { flagged, rate: flagged / verdicts.length, ci: wilsonInterval(flagged, verdicts.length) };
}

const mutantVerdicts = (items: readonly ItemRecord[], members: readonly string[], outcomes: ReadonlyMap<string, ItemOutcomes>) =>
  verdictsOf(
    items.filter((i) => i.role === 'mutant'),
    members,
    outcomes,
  );

/** Per item that every member answered clean, each member's flag (majority over its repeats), in member order. */
function verdictsOf(items: readonly ItemRecord[], members: readonly string[], outcomes: ReadonlyMap<string, ItemOutcomes>): boolean[][] {
  const out: boolean[][] = [];
  for (const item of items) {
    const flags = members.map((m) => flaggedForPairing(outcomes.get(m)!.of(item.id, 'clean')));
    if (flags.every((f) => f !== undefined)) out.push(flags as boolean[]);
  }
  return out;
}
