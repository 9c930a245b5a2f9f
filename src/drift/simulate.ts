import { createRng } from '../statistics/random.js';
import type { DriftConfig } from './config.js';
import { DriftMonitor, newMonitorState, type MonitorState } from './monitor.js';
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

/**
 * Runs the monitor one day at a time, through a JSON round trip of its state
 * each night, exactly as `drift --state` does. Alarms are looked at every day;
 * an alarm raised on any day counts.
 */
export function monitorDaily(config: DriftConfig, log: SyntheticLog): { state: MonitorState; monitor: DriftMonitor } {
  let saved = JSON.stringify(newMonitorState('window'));
  let monitor: DriftMonitor | undefined;
  let day = -1;
  for (const review of syntheticReviews(log)) {
    const today = Math.floor(review.time / DAY);
    if (today !== day) {
      if (monitor) saved = JSON.stringify(monitor.snapshot());
      monitor = new DriftMonitor(config, 'simulated log', JSON.parse(saved) as MonitorState);
      day = today;
    }
    monitor!.add(review);
  }
  if (!monitor) throw new RangeError('monitorDaily: the log has no review');
  return { state: monitor.snapshot(), monitor };
}
