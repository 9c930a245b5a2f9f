import { OTHER_GROUP } from './groups.js';
import { DAY } from './periods.js';
import type { Review } from './record.js';

/** Canary mutants and how many the critic caught. */
export type CanaryTally = [mutants: number, caught: number];

/** A judge identity taking over from another: a new model snapshot, a prompt edit. */
export interface FingerprintChange {
  /** The first line (epoch ms) with the new fingerprint after one with the old. */
  time: number;
  from: string;
  to: string;
  /** Canary mutants judged under `from` since the change before this one (or the start); absent in older states. */
  before?: CanaryTally;
  /** Canary mutants judged under `to` from this change to the next one. */
  after?: CanaryTally;
}

export interface FingerprintsState {
  /** The fingerprint of the latest line read. */
  last: string | null;
  /** Per fingerprint: first and last line (epoch ms) and lines read. */
  seen: Record<string, { first: number; last: number; lines: number }>;
  /**
   * Each change from one fingerprint to another, in time order: the first of each pair, and every return of a fingerprint
   * absent for FINGERPRINT_RETURN_MS (a rollout, its rollback and a second rollout each count; A/B traffic adds two, not one per line).
   */
  changes: FingerprintChange[];
  /** Canary mutants per fingerprint since the latest change: the next change's `before`. Absent in older states. */
  segment?: Record<string, CanaryTally>;
}

/** A fingerprint back after this long without a line marks a change again (a rollback, a second rollout), however often the pair changed before. */
export const FINGERPRINT_RETURN_MS = DAY;

export function newFingerprintsState(): FingerprintsState {
  return { last: null, seen: {}, changes: [], segment: {} };
}

/**
 * The judge identities of the log (drift.fields.fingerprint) in arrival
 * order, and where one takes over from another. Distinct fingerprints are
 * bounded as group values are: beyond `maxValues` they share "(other)".
 */
export class FingerprintTrack {
  constructor(
    readonly state: FingerprintsState,
    private readonly maxValues: number,
  ) {}

  add(review: Review): void {
    if (review.fingerprint === undefined) return;
    const s = this.state;
    const known = review.fingerprint in s.seen || Object.keys(s.seen).length < this.maxValues - 1;
    const fingerprint = known ? review.fingerprint : OTHER_GROUP;
    const previous = s.seen[fingerprint];
    const returned = previous !== undefined && review.time - previous.last >= FINGERPRINT_RETURN_MS;
    const entry = (s.seen[fingerprint] ??= { first: review.time, last: review.time, lines: 0 });
    entry.lines += 1;
    if (review.time < entry.first) entry.first = review.time;
    if (review.time > entry.last) entry.last = review.time;
    const from = s.last;
    if (from !== null && from !== fingerprint && (returned || !s.changes.some((c) => c.from === from && c.to === fingerprint))) {
      const segment = s.segment ?? {};
      s.changes.push({ time: review.time, from, to: fingerprint, before: segment[from] ?? [0, 0], after: [0, 0] });
      s.segment = {};
    }
    s.last = fingerprint;
  }

  /** A canary mutant's verdict (after `add` saw its line): counted on the latest change's after side and toward the next change's before side. */
  canary(review: Review, caught: boolean): void {
    const fingerprint = this.labelOf(review);
    if (fingerprint === undefined) return;
    const s = this.state;
    const tally = ((s.segment ??= {})[fingerprint] ??= [0, 0]);
    tally[0] += 1;
    if (caught) tally[1] += 1;
    const latest = s.changes.at(-1);
    if (latest?.to === fingerprint && latest.after) {
      latest.after[0] += 1;
      if (caught) latest.after[1] += 1;
    }
  }

  /** The fingerprint a review is counted under (its own, or "(other)" past the bound). */
  labelOf(review: Review): string | undefined {
    if (review.fingerprint === undefined) return undefined;
    return review.fingerprint in this.state.seen ? review.fingerprint : OTHER_GROUP;
  }
}
