import { noDataGate, type Gate } from '../gates/gate.js';
import { configuresGates, thresholdKeyOf, type Thresholds } from '../measures/index.js';

/**
 * No configured gate vanishes between critics: each critic leaves out the
 * gates of fixtures it does not review (a condition or mutator of other kinds),
 * taking the critics that review them to gate them. A configured key that no
 * critic's gate claims is added to every critic's gates as a no-data gate
 * that fails the run, saying why. Called once all the critics' gates are
 * assembled; it adds to those lists in place.
 */
export function claimConfiguredThresholds(thresholds: Thresholds, critics: ReadonlyArray<{ name: string; gates: Gate[] }>): void {
  const claimed = new Set(critics.flatMap((c) => c.gates.map((g) => thresholdKeyOf(g.name))));
  const configured = Object.entries(thresholds).filter(([key, value]) => value !== undefined && configuresGates(key));
  for (const [key, value] of configured) {
    if (claimed.has(key)) continue;
    const why = `${key} is configured, and no critic of the run has a gate for it: each critic leaves out the gates of fixtures it does not review, and no critic (${critics.map((c) => c.name).join(', ')}) reviews the fixtures, mutants or conditions it applies to`;
    for (const critic of critics) critic.gates.push(noDataGate(key, lowestNumber(value), why));
  }
}

/** What an unclaimed threshold is shown against: its lowest number (a single rate, a map's entries, a band's break). */
function lowestNumber(value: unknown): number {
  const numbers = (v: unknown): number[] => (typeof v === 'number' ? [v] : typeof v === 'object' && v !== null ? Object.values(v).flatMap(numbers) : []);
  return Math.min(...numbers(value));
}
