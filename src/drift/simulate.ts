import { createRng } from '../statistics/random.js';
import { sha256Hex } from '../util/hash.js';
import type { AnswerKey } from './answerKey.js';
import { CanaryMonitor, newCanaryState, type CanaryAlarm, type CanaryState } from './canaries.js';
import { FingerprintTrack, newFingerprintsState, type FingerprintsState } from './fingerprints.js';
import type { DriftConfig } from './config.js';
import { DriftMonitor, newMonitorState, type MonitorState } from './monitor.js';
import { DAY } from './periods.js';
import { lineParser } from './formats/index.js';
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

/**
 * The same log through one monitor that never saves and resumes: what
 * `monitorDaily` ends with, in about 40% of its time (its nightly round trip
 * of a state that grows by a row a day is the rest). The repeated simulations
 * use it; simulation.spec.ts checks on sample years of each of their streams
 * that monitoring daily from saved state ends in the identical state.
 */
export function monitorStream(config: DriftConfig, log: SyntheticLog): { state: MonitorState; monitor: DriftMonitor } {
  const monitor = new DriftMonitor(config, 'simulated log', newMonitorState('window'));
  let reviews = 0;
  for (const review of syntheticReviews(log)) {
    monitor.add(review);
    reviews++;
  }
  if (reviews === 0) throw new RangeError('monitorStream: the log has no review');
  return { state: monitor.snapshot(), monitor };
}

/** A seeded production stream with canaries mixed in: what `critic-audit canary` and a production system together make. */
export interface ProductionStream {
  seed: number | string;
  days: number;
  reviewsPerDay: number;
  /** Share of the reviews that are canaries (pulled from the key uniformly). */
  canaryShare: number;
  /** The critic's rejection rate on ordinary traffic on day d (0-based). */
  rejectionRate: (day: number) => number;
  /** The chance the critic rejects a canary mutant on day d. */
  catchRate: (day: number) => number;
  /** The chance the critic rejects a canary control on day d. */
  falseAlarmRate: (day: number) => number;
  /** The judge on day d: the fields drift.fields.fingerprint names. */
  judge: (day: number) => Record<string, string>;
  /** Epoch ms of the first review; defaults to 2025-01-01T00:00:00Z. */
  start?: number;
}

/** Field names of the simulated log: what its drift config maps. */
export const STREAM_FIELDS = { timestamp: 'ts', verdict: 'verdict', canary: 'canary_id' } as const;

/**
 * A synthetic answer key of `mutants` canary mutants (spread over the
 * mutators) and `controls` controls, with opaque ids, for simulations that
 * need no audit behind them.
 */
export function syntheticAnswerKey(options: { seed: number | string; mutants: number; controls: number; mutators: readonly string[] }): AnswerKey {
  const key: AnswerKey['key'] = {};
  const id = (i: number) => sha256Hex(`${options.seed}\0canary\0${i}`).slice(0, 20);
  const span = { start: 0, end: 1, line: 1, column: 1, endLine: 1, endColumn: 2 };
  for (let i = 0; i < options.mutants; i++) {
    key[id(i)] = { role: 'mutant', fixture: `fixture-${i % 17}`, item: `item-${i}`, mutator: options.mutators[i % options.mutators.length]!, mutation: { span, original: '5', replacement: '6' } };
  }
  for (let i = options.mutants; i < options.mutants + options.controls; i++) key[id(i)] = { role: 'control', fixture: `fixture-${i % 17}`, item: `item-${i}` };
  return { version: 1, config: 'simulated', critic: 'simulated', seed: 0, canaries: 'canaries.jsonl', key };
}

/** The stream's log records, evenly spaced in time, in order: ordinary reviews and, at `canaryShare`, canary verdicts. */
export function* productionLog(stream: ProductionStream, key: AnswerKey): Generator<Record<string, unknown>> {
  const rng = createRng(stream.seed);
  const ids = Object.keys(key.key);
  const start = stream.start ?? Date.UTC(2025, 0, 1);
  const spacing = DAY / stream.reviewsPerDay;
  for (let day = 0; day < stream.days; day++) {
    const judge = stream.judge(day);
    const [reject, caught, falseAlarm] = [stream.rejectionRate(day), stream.catchRate(day), stream.falseAlarmRate(day)];
    for (let i = 0; i < stream.reviewsPerDay; i++) {
      const ts = new Date(start + day * DAY + Math.floor(i * spacing)).toISOString();
      if (rng.next() >= stream.canaryShare) {
        yield { ts, verdict: rng.next() < reject ? 'reject' : 'approve', ...judge };
        continue;
      }
      const id = ids[rng.int(ids.length)]!;
      const p = key.key[id]!.role === 'mutant' ? caught : falseAlarm;
      yield { ts, verdict: rng.next() < p ? 'reject' : 'approve', [STREAM_FIELDS.canary]: id, ...judge };
    }
  }
}

/** Day (0-based) the worker improves in the canary example: its ordinary rejection rate halves. */
export const WORKER_IMPROVES_DAY = 30;
/** Day a new critic version takes over in the canary example: it catches 50% of canary mutants instead of 80%. */
export const NEW_CRITIC_DAY = 45;

/**
 * The canary example (issue 32): 90 days, 2,000 reviews a day, 2% canaries.
 * The critic rejects 10% of ordinary traffic until the worker improves on
 * day 30 (5% after), catches 80% of canary mutants until a new version on day
 * 45 catches 50%, and rejects 5% of canary controls throughout.
 */
export function canaryExampleStream(seed: number | string, days = 90): ProductionStream {
  return {
    seed,
    days,
    reviewsPerDay: 2000,
    canaryShare: 0.02,
    rejectionRate: (day) => (day < WORKER_IMPROVES_DAY ? 0.1 : 0.05),
    catchRate: (day) => (day < NEW_CRITIC_DAY ? 0.8 : 0.5),
    falseAlarmRate: () => 0.05,
    judge: (day) => ({ model: day < NEW_CRITIC_DAY ? 'critic-2025-01' : 'critic-2025-02', prompt_version: 'v3' }),
  };
}

/** The example's answer key: 300 canary mutants over four mutators and 100 controls. */
export const canaryExampleKey = (seed: number | string) => syntheticAnswerKey({ seed, mutants: 300, controls: 100, mutators: ['number-flip', 'negation', 'entity-swap', 'date-shift'] });

/**
 * Runs the canary monitor over a stream's canary lines one day at a time,
 * through a JSON round trip of its state each night, as `drift --state
 * --canaries` does; ordinary traffic is left out (it never reaches the
 * canary detectors). Returns the canary alarms raised.
 */
export function monitorCanariesDaily(config: DriftConfig, stream: ProductionStream, key: AnswerKey): { alarms: CanaryAlarm[]; state: CanaryState } {
  const loaded = { file: 'simulated key', key, digest: '' };
  const parse = lineParser(config);
  let saved = JSON.stringify({ canaries: newCanaryState(), fingerprints: newFingerprintsState() });
  let monitor: CanaryMonitor | undefined;
  let fingerprints: FingerprintTrack | undefined;
  let day = -1;
  for (const record of productionLog({ ...stream, reviewsPerDay: Math.round(stream.reviewsPerDay * stream.canaryShare), canaryShare: 1 }, key)) {
    const parsed = parse(JSON.stringify(record));
    if (!('review' in parsed)) throw new Error(`simulated line unreadable: ${parsed.problem}`);
    const review = parsed.review;
    const today = Math.floor(review.time / DAY);
    if (today !== day) {
      if (monitor) saved = JSON.stringify({ canaries: monitor.snapshot(), fingerprints: fingerprints!.state });
      const state = JSON.parse(saved) as { canaries: CanaryState; fingerprints: FingerprintsState };
      fingerprints = new FingerprintTrack(state.fingerprints, config.maxGroupValues);
      monitor = new CanaryMonitor(config, loaded, fingerprints, state.canaries, 'simulated log');
      day = today;
    }
    fingerprints!.add(review);
    monitor!.add(review, monitor!.entry(review.canary!)!);
  }
  if (!monitor) throw new RangeError('monitorCanariesDaily: the stream has no canary');
  return { alarms: monitor.alarms(), state: monitor.snapshot() };
}
