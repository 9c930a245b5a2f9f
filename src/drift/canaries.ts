import type { CanaryEntry, LoadedAnswerKey } from './answerKey.js';
import type { DriftConfig } from './config.js';
import type { FingerprintTrack } from './fingerprints.js';
import { GroupCounts, type GroupsState } from './groups.js';
import { DriftMonitor, newMonitorState, type Alarm, type Detector, type EventWords, type MonitorState } from './monitor.js';
import { PeriodCounts, type CountRows } from './periods.js';
import type { Review } from './record.js';

/**
 * What an alarm on the canaries says about the live catch rate. The detectors
 * watch the stream of canary mutants with a miss as their event (a miss rate
 * near 20% is where the Bernoulli CUSUM's whole-number steps fit; a catch rate
 * near 80% rounds them to nothing), so each detector's direction reads
 * backwards: more misses is a falling catch rate, and an unbroken run of
 * catches (the asleep logic on misses) is a critic that may recognise canaries.
 */
export type CanaryDetector = 'catch-falling' | 'catch-rising' | 'catch-changed' | 'catch-streak' | 'catching-nothing';

const CANARY_DETECTOR: Record<Detector, CanaryDetector> = {
  'cusum-increase': 'catch-falling',
  'cusum-decrease': 'catch-rising',
  sequential: 'catch-changed',
  asleep: 'catch-streak',
};

const MISS_WORDS: EventWords = { event: 'missed canary mutant', events: 'missed canary mutants', others: 'canary mutants caught', rate: 'miss rate' };

export interface CanaryAlarm {
  detector: CanaryDetector;
  time: number;
  /** Monitored canary mutants read when it was raised (0: raised by the reference). */
  canary: number;
  /** The fingerprint of the canary whose verdict raised it; null without drift.fields.fingerprint. */
  fingerprint: string | null;
  /** The detector's own words, about misses. */
  detail: string;
}

/** Whether canary lines still arrive among the ordinary reviews (from drift.reference.start). */
export interface CanaryArrival {
  /** Canary lines read, mutants and controls. */
  lines: number;
  /** Ordinary reviews between the first and the latest canary line: with `lines`, the canary share of the traffic. */
  reviewsBetween: number;
  /** Ordinary reviews since the latest canary line. */
  reviewsSince: number;
  /** Time of the latest canary line (epoch ms); null before the first. */
  last: number | null;
}

export interface CanaryState {
  /** The detectors' state: one review per canary mutant, "rejected" meaning the critic missed it. */
  misses: MonitorState;
  /** Why the detectors cannot run on this reference; null while they can. */
  off: string | null;
  /** Raised without the detectors: the reference caught no canary mutant at all. */
  nothingCaught: CanaryAlarm | null;
  /** Per period: [start, canary mutants, caught]. */
  mutants: CountRows;
  /** Per period: [start, canary controls, rejected (false alarms)]. */
  controls: CountRows;
  /** Canary mutants by mutator, fingerprint (when configured) and the group keys; "rejections" are catches. */
  mutantGroups: GroupsState;
  /** Canary controls by fingerprint (when configured) and the group keys; "rejections" are false alarms. */
  controlGroups: GroupsState;
  /** The fingerprint of the canary that raised each detector's alarm. */
  alarmFingerprints: Partial<Record<Detector, string>>;
  /** Absent in older states: counted from the next run on. */
  arrival?: CanaryArrival;
}

const newArrival = (): CanaryArrival => ({ lines: 0, reviewsBetween: 0, reviewsSince: 0, last: null });

export function newCanaryState(): CanaryState {
  return {
    misses: newMonitorState('window'),
    off: null,
    nothingCaught: null,
    mutants: [],
    controls: [],
    mutantGroups: {},
    controlGroups: {},
    alarmFingerprints: {},
    arrival: newArrival(),
  };
}

/** The key a group table reports the mutator under, and the fingerprint. */
export const MUTATOR_KEY = 'mutator';
export const FINGERPRINT_KEY = 'fingerprint';

/**
 * The canary lines of the logs, joined with the answer key: the live catch
 * rate (canary mutants the critic rejected) per period, mutator, fingerprint
 * and group, the false-alarm rate on canary controls, and the drift detectors
 * on the catch rate, with the budget and reference logic of the rejection rate.
 * Plain JSON state, so `--state` resumes it exactly as the rejection rate.
 */
export class CanaryMonitor {
  readonly state: CanaryState;
  readonly detectors: DriftMonitor;
  private readonly mutants: PeriodCounts;
  private readonly controls: PeriodCounts;
  private readonly mutantGroups: GroupCounts;
  private readonly controlGroups: GroupCounts;
  private readonly fingerprinted: boolean;
  /** drift.reference.start: canaries before it are skipped, as reviews are. */
  private readonly start: number | null;
  private readonly arrival: CanaryArrival;

  constructor(
    private readonly config: DriftConfig,
    readonly key: LoadedAnswerKey,
    private readonly fingerprints: FingerprintTrack,
    state: CanaryState,
    referenceLabel: string,
  ) {
    this.state = state;
    this.arrival = state.arrival ??= newArrival();
    // The detectors see one stream; the group tables below break the canaries down.
    this.detectors = new DriftMonitor({ ...config, fields: { ...config.fields, group: [] } }, `${referenceLabel} (its canary mutants)`, state.misses, MISS_WORDS);
    this.mutants = new PeriodCounts(config.period, state.mutants);
    this.controls = new PeriodCounts(config.period, state.controls);
    this.fingerprinted = config.fields.fingerprint !== undefined;
    this.start = config.reference.start === undefined ? null : Date.parse(config.reference.start);
    const byFingerprint = this.fingerprinted ? [FINGERPRINT_KEY] : [];
    this.mutantGroups = new GroupCounts([MUTATOR_KEY, ...byFingerprint, ...config.fields.group], config.period, config.maxGroupValues, state.mutantGroups);
    this.controlGroups = new GroupCounts([...byFingerprint, ...config.fields.group], config.period, config.maxGroupValues, state.controlGroups);
  }

  /** The key's entry for a canary id; undefined: not a canary of this key (a bad line). */
  entry(id: string): CanaryEntry | undefined {
    return Object.hasOwn(this.key.key.key, id) ? this.key.key.key[id] : undefined;
  }

  /** An ordinary review (not a canary) of the monitored logs: the traffic the canaries are mixed into. */
  traffic(review: Review): void {
    if ((this.start !== null && review.time < this.start) || this.arrival.last === null) return;
    this.arrival.reviewsSince += 1;
  }

  /** A canary's verdict from the monitored logs (after the fingerprint track has seen it). */
  add(review: Review, entry: CanaryEntry): void {
    if (this.start !== null && review.time < this.start) return;
    const arrival = this.arrival;
    arrival.lines += 1;
    arrival.reviewsBetween += arrival.reviewsSince;
    arrival.reviewsSince = 0;
    if (arrival.last === null || review.time > arrival.last) arrival.last = review.time;
    const fingerprint = this.fingerprinted ? [this.fingerprints.labelOf(review) ?? ''] : [];
    if (entry.role === 'control') {
      this.controls.add(review.time, review.rejected);
      if (this.controlGroups.size) this.controlGroups.add(review.time, review.rejected, [...fingerprint, ...review.groups]);
      return;
    }
    const caught = review.rejected;
    this.mutants.add(review.time, caught);
    this.mutantGroups.add(review.time, caught, [entry.mutator, ...fingerprint, ...review.groups]);
    if (this.fingerprinted) this.fingerprints.canary(review, caught);
    this.watch(review, caught);
  }

  private watch(review: Review, caught: boolean): void {
    const s = this.state;
    const misses = s.misses;
    if (s.off !== null || s.nothingCaught !== null) return;
    if (!this.detectors.monitoring && misses.windowEnd !== null && review.time >= misses.windowEnd && !this.referenceUsable(review)) return;
    const raised = misses.alarms.length;
    this.detectors.add({ time: review.time, rejected: !caught, groups: [] });
    for (const alarm of misses.alarms.slice(raised)) {
      if (review.fingerprint !== undefined) s.alarmFingerprints[alarm.detector] = this.fingerprints.labelOf(review)!;
    }
  }

  /**
   * Whether the canaries' reference, now closing, can set the detectors'
   * thresholds; if not, says why (s.off) instead of failing the whole run:
   * the rejection rate is still monitored.
   */
  private referenceUsable(review: Review): boolean {
    const s = this.state;
    const { reviews, rejections: missed } = s.misses.reference;
    const minimum = this.config.reference.minReviews;
    if (reviews < minimum) {
      s.off = `the canaries' reference has ${reviews} canary mutants, fewer than drift.reference.minReviews (${minimum}): raise the canary mix or lengthen drift.reference.days; until re-baselined, the catch rate is tabulated but not monitored`;
    } else if (missed === 0) {
      s.off = `the critic caught all ${reviews} canary mutants of the reference: there is no miss rate to watch (make harder canaries, or more); the catch rate is tabulated but not monitored`;
    } else if (missed === reviews) {
      s.nothingCaught = {
        detector: 'catching-nothing',
        time: s.misses.reference.last ?? review.time,
        canary: 0,
        fingerprint: review.fingerprint === undefined ? null : (this.fingerprints.labelOf(review) ?? null),
        detail: `the critic caught none of the ${reviews} canary mutants of the reference`,
      };
    } else return true;
    return false;
  }

  /** The canary alarms raised so far, in the catch rate's words. */
  alarms(): CanaryAlarm[] {
    const raised = this.state.misses.alarms.map((a: Alarm) => ({
      detector: CANARY_DETECTOR[a.detector],
      time: a.time,
      canary: a.review,
      fingerprint: this.state.alarmFingerprints[a.detector] ?? null,
      detail: a.detail,
    }));
    return this.state.nothingCaught ? [this.state.nothingCaught, ...raised] : raised;
  }

  /** The state with its tables folded back in, ready to save. */
  snapshot(): CanaryState {
    return {
      ...this.state,
      misses: this.detectors.snapshot(),
      mutants: this.mutants.toRows(),
      controls: this.controls.toRows(),
      mutantGroups: this.mutantGroups.toState(),
      controlGroups: this.controlGroups.toState(),
    };
  }

  mutantRows() {
    return this.mutants.rows();
  }

  controlRows() {
    return this.controls.rows();
  }

  mutantGroupRows() {
    return this.mutantGroups.rows();
  }

  controlGroupRows() {
    return this.controlGroups.rows();
  }
}
