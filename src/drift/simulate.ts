import { createRng } from '../statistics/random.js';
import { DAY } from './periods.js';
import type { Review } from './record.js';

export interface SyntheticLog {
  seed: number | string;
  days: number;
  reviewsPerDay: number;
  /** Rejection probability for a review on day d (0-based). */
  rate: (day: number) => number;
  /** Epoch ms of the first review; defaults to 2025-01-01T00:00:00Z. */
  start?: number;
}

/**
 * Seeded synthetic verdicts, evenly spaced in time. Used by the simulation
 * tests and the bundled example, so both exercise the same stream.
 */
export function* syntheticReviews(log: SyntheticLog): Generator<Review> {
  const rng = createRng(log.seed);
  const start = log.start ?? Date.UTC(2025, 0, 1);
  const spacing = DAY / log.reviewsPerDay;
  for (let day = 0; day < log.days; day++) {
    const p = log.rate(day);
    for (let i = 0; i < log.reviewsPerDay; i++) {
      yield { time: start + day * DAY + Math.floor(i * spacing), rejected: rng.next() < p, groups: [] };
    }
  }
}
