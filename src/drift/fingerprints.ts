import { OTHER_GROUP } from './groups.js';
import type { Review } from './record.js';

/** A judge identity taking over from another: a new model snapshot, a prompt edit. */
export interface FingerprintChange {
  /** The first line (epoch ms) with the new fingerprint after one with the old. */
  time: number;
  from: string;
  to: string;
}

export interface FingerprintsState {
  /** The fingerprint of the latest line read. */
  last: string | null;
  /** Per fingerprint: first and last line (epoch ms) and lines read. */
  seen: Record<string, { first: number; last: number; lines: number }>;
  /** Each change from one fingerprint to another, once per pair (a rollback is a change too; A/B traffic adds two). */
  changes: FingerprintChange[];
}

export function newFingerprintsState(): FingerprintsState {
  return { last: null, seen: {}, changes: [] };
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
    const entry = (s.seen[fingerprint] ??= { first: review.time, last: review.time, lines: 0 });
    entry.lines += 1;
    if (review.time < entry.first) entry.first = review.time;
    if (review.time > entry.last) entry.last = review.time;
    if (s.last !== null && s.last !== fingerprint && !s.changes.some((c) => c.from === s.last && c.to === fingerprint)) {
      s.changes.push({ time: review.time, from: s.last, to: fingerprint });
    }
    s.last = fingerprint;
  }

  /** The fingerprint a review is counted under (its own, or "(other)" past the bound). */
  labelOf(review: Review): string | undefined {
    if (review.fingerprint === undefined) return undefined;
    return review.fingerprint in this.state.seen ? review.fingerprint : OTHER_GROUP;
  }
}
