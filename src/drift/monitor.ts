import { InputError } from '../errors.js';
import { asleepThreshold } from './asleep.js';
import type { DriftConfig } from './config.js';
import { calibrate, designSide, referenceReviewsNeeded, runLengths, step, type CusumSide, type Direction } from './cusum.js';
import { dispersionTest, type Dispersion } from './dispersion.js';
import { pct } from './format.js';
import { GroupCounts, type GroupsState } from './groups.js';
import { DAY, PeriodCounts, periodStart, type CountRows } from './periods.js';
import { referenceRateGrid } from './posterior.js';
import type { Review } from './record.js';
import { newSequential, observe, startMonitoring, type SequentialState } from './sequential.js';
import { VerdictTally, type VerdictCounts } from './verdicts.js';

export type Detector = 'cusum-increase' | 'cusum-decrease' | 'sequential' | 'asleep';

/** The first alarm of a detector. Alarms stay raised (exit 1) until the reference is reset. */
export interface Alarm {
  detector: Detector;
  /** Time of the review that raised it; for an empty-handed reference, the end of the reference. */
  time: number;
  /** Monitored reviews read when it was raised (0: raised by the reference itself). */
  review: number;
  detail: string;
}

export interface CusumDesign extends CusumSide {
  /** Threshold in steps; null: the reference is too small to bound this side's false alarms, so it is off. */
  threshold: number | null;
  target: number;
  /** Posterior-averaged chance of a false alarm within the horizon. */
  falseAlarm: number;
  /** In-control average run length at the reference rate, in reviews. */
  runLength: number | null;
  /**
   * When off: reference reviews (at its rate, same horizon) that would turn it
   * on; null: no reference size would. Filled by explainOffSides, which only
   * a report needs (it costs a few calibrations).
   */
  needsReviews?: number | null;
}

/** Everything fixed when the reference closes; stored in the state so later runs reuse it exactly. */
export interface Design {
  rate: number;
  reviewsPerDay: number;
  horizonReviews: number;
  cusum: Record<Direction, CusumDesign | null>;
  sequential: { alpha: number } | null;
  asleep: { target: number; streak: number } | null;
  /** Day-to-day dispersion of the reference rate; null: too few days to test. Absent in states saved before it existed. */
  dispersion?: Dispersion | null;
}

export interface Tally {
  reviews: number;
  rejections: number;
  first: number | null;
  last: number | null;
}

export interface MonitorState {
  /** 'window': the first reference.days of the log; 'file': a separate reference file. */
  referenceSource: 'window' | 'file';
  /** Window end (epoch ms) once the first review fixes it. */
  windowEnd: number | null;
  reference: Tally;
  monitored: Tally;
  design: Design | null;
  sequential: SequentialState;
  cusum: Record<Direction, number>;
  /** Approvals since the last monitored rejection (or since monitoring began). */
  streak: number;
  lastRejection: number | null;
  alarms: Alarm[];
  periods: CountRows;
  groups: GroupsState;
  /** Reviews before reference.start, skipped. */
  skipped: number;
  /** Reference reviews and rejections per UTC day, for the dispersion test; emptied when the reference closes. */
  referenceDays?: CountRows;
  /** Verdict values of the reference reviews, named if none of them is a rejection. */
  referenceVerdicts?: VerdictCounts;
}

export function newMonitorState(referenceSource: 'window' | 'file'): MonitorState {
  const tally = (): Tally => ({ reviews: 0, rejections: 0, first: null, last: null });
  return {
    referenceSource,
    windowEnd: null,
    reference: tally(),
    monitored: tally(),
    design: null,
    sequential: newSequential(),
    cusum: { increase: 0, decrease: 0 },
    streak: 0,
    lastRejection: null,
    alarms: [],
    periods: [],
    groups: {},
    skipped: 0,
    referenceDays: [],
  };
}

/** How alarm details name the monitored event: a rejection, or, on the canaries, a missed canary mutant. */
export interface EventWords {
  event: string;
  events: string;
  /** The other outcome, in the plural. */
  others: string;
  rate: string;
}

export const REJECTION_WORDS: EventWords = { event: 'rejection', events: 'rejections', others: 'approvals', rate: 'rate' };

/**
 * Runs the detectors over the verdict stream in arrival order. All of its
 * state is plain JSON, so a daily job can stop after the last line and resume
 * from the saved state with exactly the numbers a single pass would give.
 */
export class DriftMonitor {
  readonly state: MonitorState;
  private readonly periods: PeriodCounts;
  private readonly groups: GroupCounts;
  private readonly referenceDays: PeriodCounts;
  private readonly referenceVerdicts: VerdictTally;
  private readonly start: number | null;

  constructor(
    private readonly config: DriftConfig,
    /** Named in errors about the reference (the reference file, or the first log). */
    private readonly referenceLabel: string,
    state: MonitorState,
    private readonly words: EventWords = REJECTION_WORDS,
  ) {
    this.state = state;
    this.periods = new PeriodCounts(config.period, state.periods);
    this.groups = new GroupCounts(config.fields.group, config.period, config.maxGroupValues, state.groups);
    this.referenceDays = new PeriodCounts('day', state.referenceDays ?? []);
    this.referenceVerdicts = new VerdictTally(state.referenceVerdicts);
    this.start = config.reference.start === undefined ? null : Date.parse(config.reference.start);
  }

  get monitoring(): boolean {
    return this.state.design !== null;
  }

  /** A review from a separate reference file. */
  addReference(review: Review): void {
    if (this.skip(review)) return;
    this.reference(review);
  }

  /** A review from the monitored log. */
  add(review: Review): void {
    if (this.skip(review)) return;
    const s = this.state;
    if (s.referenceSource === 'window' && !this.monitoring) {
      s.windowEnd ??= (this.start ?? periodStart(review.time, 'day')) + this.config.reference.days * DAY;
      if (review.time < s.windowEnd) {
        this.reference(review);
        this.count(review);
        return;
      }
      this.closeReference();
    }
    this.monitor(review);
    this.count(review);
  }

  /** Fixes the reference rate and the thresholds that follow from it. */
  closeReference(): void {
    const s = this.state;
    const { reviews: n, rejections: k } = s.reference;
    const minimum = this.config.reference.minReviews;
    if (n < minimum) {
      throw new InputError(
        this.referenceLabel,
        undefined,
        'drift.reference',
        `the reference has ${n} reviews, fewer than reference.minReviews (${minimum}): lengthen reference.days or pass a larger --reference file`,
      );
    }
    if (k === n) {
      throw new InputError(this.referenceLabel, undefined, 'drift.rejectValues', `all ${n} reference reviews count as rejections: check drift.rejectValues and drift.fields.verdict`);
    }
    const days = Math.max(1, (s.reference.last! - s.reference.first!) / DAY);
    const reviewsPerDay = n / days;
    const horizonReviews = reviewsPerDay * this.config.horizonDays;
    const alpha = this.config.falseAlarmRate;
    const { cusum, sequential, asleep } = this.config;
    const dispersion = dispersionTest(this.referenceDays.toRows().map(([, reviews, rejections]) => [reviews, rejections] as const));
    this.referenceDays.clear();
    s.design = { rate: k / n, reviewsPerDay, horizonReviews, cusum: { increase: null, decrease: null }, sequential: null, asleep: null, dispersion };
    if (k === 0) {
      // Nothing to estimate a rate from, and nothing more to wait for: the critic never said no.
      // Unless a rejection is logged as something rejectValues does not list: show what was logged.
      const values = this.referenceVerdicts.total ? `; their verdict values: ${this.referenceVerdicts.describe()} (if one of these is a rejection, add it to drift.rejectValues)` : '';
      s.alarms.push({ detector: 'asleep', time: s.reference.last!, review: 0, detail: `no rejection in any of the ${n} reference reviews${values}` });
      return;
    }
    const grid = referenceRateGrid(k, n);
    if (cusum.share > 0) {
      const target = (alpha * cusum.share) / 2;
      for (const [direction, ratio] of [
        ['increase', cusum.increase],
        ['decrease', cusum.decrease],
      ] as const) {
        const side = designSide(direction, k / n, ratio);
        const { threshold, falseAlarm } = calibrate(side, grid, horizonReviews, target);
        const runLength = threshold === null ? null : (runLengths(side, k / n, threshold)?.[threshold] ?? null);
        s.design.cusum[direction] = { ...side, threshold, target, falseAlarm, runLength };
      }
    }
    if (sequential.share > 0) {
      s.design.sequential = { alpha: alpha * sequential.share };
      startMonitoring(s.sequential, sequential.priorStrength);
    }
    if (asleep.share > 0) {
      const target = alpha * asleep.share;
      s.design.asleep = { target, streak: asleepThreshold(grid, horizonReviews, target) };
    }
  }

  private skip(review: Review): boolean {
    if (this.start === null || review.time >= this.start) return false;
    this.state.skipped += 1;
    return true;
  }

  private reference(review: Review): void {
    tally(this.state.reference, review);
    observe(this.state.sequential, review.rejected);
    this.referenceDays.add(review.time, review.rejected);
    if (review.verdict !== undefined) this.referenceVerdicts.add(review.verdict);
  }

  /**
   * Works out, for each CUSUM side that is off, how large a reference would
   * turn it on (CusumDesign.needsReviews), once; the result is kept in the state.
   */
  explainOffSides(): void {
    const design = this.state.design;
    if (!design) return;
    for (const side of [design.cusum.increase, design.cusum.decrease]) {
      if (side && side.threshold === null && side.needsReviews === undefined) {
        side.needsReviews = referenceReviewsNeeded(side, design.rate, design.horizonReviews, side.target, this.state.reference.reviews);
      }
    }
  }

  private count(review: Review): void {
    this.periods.add(review.time, review.rejected);
    if (review.groups.length) this.groups.add(review.time, review.rejected, review.groups);
  }

  private monitor(review: Review): void {
    const s = this.state;
    const design = s.design!;
    tally(s.monitored, review);
    const { increase, decrease } = design.cusum;
    if (increase) this.cusumStep(increase, review);
    if (decrease) this.cusumStep(decrease, review);

    if (design.sequential) {
      observe(s.sequential, review.rejected);
      if (s.sequential.maxLogE >= Math.log(1 / design.sequential.alpha)) {
        const { monitoredRejections, monitoredReviews } = s.sequential;
        const alpha = design.sequential.alpha;
        this.raise(
          'sequential',
          review,
          () => `${this.words.rate} ${pct(monitoredRejections / monitoredReviews)} differs from the reference ${pct(design.rate)} (always-valid p ≤ ${alpha.toPrecision(2)})`,
        );
      }
    }

    if (review.rejected) {
      s.streak = 0;
      if (s.lastRejection === null || review.time > s.lastRejection) s.lastRejection = review.time;
    } else {
      s.streak += 1;
      if (design.asleep && s.streak >= design.asleep.streak) {
        const { streak } = design.asleep;
        this.raise(
          'asleep',
          review,
          () => `${streak} ${this.words.others} in a row: no ${this.words.event} since ${s.lastRejection === null ? 'monitoring began' : new Date(s.lastRejection).toISOString()}`,
        );
      }
    }
  }

  private cusumStep(side: CusumDesign, review: Review): void {
    const value = step(side, this.state.cusum[side.direction], review.rejected);
    this.state.cusum[side.direction] = value;
    if (side.threshold !== null && value >= side.threshold) {
      const threshold = side.threshold;
      const trend = side.direction === 'increase' ? 'rising' : 'falling';
      this.raise(`cusum-${side.direction}`, review, () => `CUSUM for ${trend} ${this.words.events} reached its threshold (${threshold} steps, ${(threshold * side.unit).toFixed(1)} nats)`);
    }
  }

  /** Records a detector's first alarm; later crossings of a raised alarm add nothing. */
  private raise(detector: Detector, review: Review, detail: () => string): void {
    const { alarms, monitored } = this.state;
    if (!alarms.some((a) => a.detector === detector)) alarms.push({ detector, time: review.time, review: monitored.reviews, detail: detail() });
  }

  /** The state with the period and group tables folded back in, ready to save. */
  snapshot(): MonitorState {
    return {
      ...this.state,
      periods: this.periods.toRows(),
      groups: this.groups.toState(),
      referenceDays: this.referenceDays.toRows(),
      referenceVerdicts: this.referenceVerdicts.toCounts(),
    };
  }

  periodRows() {
    return this.periods.rows();
  }

  groupRows() {
    return this.groups.rows();
  }
}

function tally(t: Tally, review: Review): void {
  t.reviews += 1;
  if (review.rejected) t.rejections += 1;
  if (t.first === null || review.time < t.first) t.first = review.time;
  if (t.last === null || review.time > t.last) t.last = review.time;
}
