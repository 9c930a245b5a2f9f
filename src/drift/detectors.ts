import { formatP } from '../measures/format.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import type { DriftConfig } from './config.js';
import type { Direction } from './cusum.js';
import { pct } from './format.js';
import type { CusumDesign, Design, MonitorState, Tally } from './monitor.js';
import type { DriftWarning } from './run.js';
import { logE, sequentialPValue } from './sequential.js';

/** Below this p-value the reference's day-to-day variation is reported as more than chance. */
export const DISPERSION_ALPHA = 0.01;

export interface Rate {
  reviews: number;
  rejections: number;
  /** null without reviews. */
  rate: number | null;
  interval: Interval;
}

export interface RateSummary extends Rate {
  /** First and last review. */
  from: string | null;
  to: string | null;
}

export interface CusumThreshold {
  designRate: number;
  /** Steps a rejection moves the statistic (an approval moves it one). */
  rejectionSteps: number;
  stepNats: number;
  /** null: the reference is too small to bound this side's false alarms, so it is off. */
  threshold: number | null;
  thresholdNats: number | null;
  target: number;
  falseAlarm: number;
  runLengthReviews: number | null;
  runLengthDays: number | null;
  /** When off: reference reviews (at its rate) that would turn it on; null: no size would. */
  needsReviews?: number | null;
}

/** The thresholds fixed when a reference closed: the same for the rejection rate and for the canaries' detectors. */
export interface Thresholds {
  horizonDays: number;
  horizonReviews: number;
  falseAlarmRate: number;
  cusum: Record<Direction, CusumThreshold | null>;
  sequential: { alpha: number; priorStrength: number } | null;
  asleep: { streak: number; streakDays: number; target: number } | null;
}

/** Where each detector stands now. */
export interface DetectorsNow {
  cusum: Record<Direction, { statistic: number; threshold: number | null } | null>;
  sequential: { logEValue: number; maxLogEValue: number; pValue: number; alpha: number } | null;
  asleep: { streak: number; threshold: number; lastRejection: string | null } | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function thresholdsOf(design: Design, config: DriftConfig): Thresholds {
  return {
    horizonDays: config.horizonDays,
    horizonReviews: Math.round(design.horizonReviews),
    falseAlarmRate: config.falseAlarmRate,
    cusum: mapSides(design.cusum, (side) => ({
      designRate: side.designRate,
      rejectionSteps: side.jump,
      stepNats: side.unit,
      threshold: side.threshold,
      thresholdNats: side.threshold === null ? null : side.threshold * side.unit,
      target: side.target,
      falseAlarm: side.falseAlarm,
      runLengthReviews: side.runLength,
      runLengthDays: side.runLength === null ? null : side.runLength / design.reviewsPerDay,
      ...(side.threshold === null && side.needsReviews !== undefined ? { needsReviews: side.needsReviews } : {}),
    })),
    sequential: design.sequential && { alpha: design.sequential.alpha, priorStrength: config.sequential.priorStrength },
    asleep: design.asleep && { streak: design.asleep.streak, streakDays: design.asleep.streak / design.reviewsPerDay, target: design.asleep.target },
  };
}

export function detectorsOf(design: Design, s: MonitorState): DetectorsNow {
  return {
    cusum: mapSides(design.cusum, (side) => ({ statistic: s.cusum[side.direction], threshold: side.threshold })),
    sequential: design.sequential && {
      logEValue: s.sequential.prior ? logE(s.sequential) : 0,
      maxLogEValue: s.sequential.maxLogE,
      pValue: sequentialPValue(s.sequential),
      alpha: design.sequential.alpha,
    },
    asleep: design.asleep && { streak: s.streak, threshold: design.asleep.streak, lastRejection: iso(s.lastRejection) },
  };
}

/** How a monitored stream's warnings name what it counts, and how its reference grows. */
export interface StreamWords {
  /** The items, plural: "reviews". */
  items: string;
  /** The counted event, plural: "rejections". */
  events: string;
  /** One event and one other outcome, for the CUSUM's steps: "a rejection", "an approval". */
  event: string;
  other: string;
  /** The rate watched: "rate". */
  rate: string;
  /** What each CUSUM side watches for. */
  rising: string;
  falling: string;
  /** What still watches when a CUSUM side is off. */
  stillRising: string;
  stillFalling: string;
  /** How to get a larger reference. */
  enlarge: string;
}

/** The rejection rate's stream: reviews, rejections. */
export const REVIEW_STREAM: StreamWords = {
  items: 'reviews',
  events: 'rejections',
  event: 'a rejection',
  other: 'an approval',
  rate: 'rate',
  rising: 'rising rejections',
  falling: 'falling rejections',
  stillRising: 'the always-valid test still watches for a rise',
  stillFalling: 'the always-valid test and the asleep alarm still watch for a fall',
  enlarge: 'lengthen drift.reference.days or pass a larger --reference',
};

/** What weakens this run's guarantees, from the design fixed when the reference closed. */
export function designWarnings(design: Design, s: MonitorState, config: DriftConfig, words: StreamWords = REVIEW_STREAM): DriftWarning[] {
  const warnings: DriftWarning[] = [];
  const d = design.dispersion;
  if (d && d.pValue < DISPERSION_ALPHA) {
    warnings.push({
      kind: 'overdispersion',
      message:
        `reference ${words.rate} varies from day to day more than chance (dispersion ${d.ratio.toFixed(2)}, χ² ${d.chiSquare.toFixed(1)} on ${d.df} df, p = ${formatP(d.pValue)}): ` +
        'alarms will be too frequent; consider a longer period (drift.reference.days) or per-task-type monitoring (one run per task type, if the mix of tasks moves the rate). ' +
        'The false-alarm budget assumes independent reviews at one constant rate',
    });
  }
  for (const side of [design.cusum.increase, design.cusum.decrease]) {
    if (side && side.threshold === null) warnings.push({ kind: 'cusum-off', message: cusumOff(side, design, s.reference, words) });
  }
  if (s.monitored.reviews > design.horizonReviews) {
    warnings.push({
      kind: 'horizon',
      message:
        `monitoring has gone past its horizon: ${s.monitored.reviews} monitored ${words.items}, more than the ${Math.round(design.horizonReviews)} ` +
        `(drift.horizonDays ${config.horizonDays} × ${design.reviewsPerDay.toFixed(1)} ${words.items} a day) that the false-alarm budget covers, so a false alarm is now more likely than ${pct(config.falseAlarmRate)}; ` +
        're-baseline (drift.reference.start) or raise drift.horizonDays',
    });
  }
  return warnings;
}

function cusumOff(side: CusumDesign, design: Design, reference: Tally, words: StreamWords): string {
  const what = `CUSUM for ${side.direction === 'increase' ? words.rising : words.falling} is off`;
  const rest = side.direction === 'increase' ? words.stillRising : words.stillFalling;
  if (side.needsReviews === null) {
    return side.direction === 'increase' && design.rate * side.jump >= 1 - design.rate
      ? `${what}: at a reference ${words.rate} of ${pct(design.rate)} its whole-number steps (${words.event} +${side.jump}, ${words.other} −1) climb even without a change, so no reference is large enough; ${rest}`
      : `${what}: no reference of practical size keeps its false alarms within its budget (${pct(side.target, 2)}); ${rest}`;
  }
  const needs =
    side.needsReviews === undefined
      ? 'it needs a larger reference'
      : `it needs about ${side.needsReviews} reference ${words.items} (about ${Math.ceil(side.needsReviews * design.rate)} ${words.events}) at this ${words.rate}`;
  return `${what}: the reference (${reference.reviews} ${words.items}, ${reference.rejections} ${words.events}) is too small to keep its false alarms within its budget (${pct(side.target, 2)}); ${needs}: ${words.enlarge}. Meanwhile ${rest}`;
}

export function rate(rejections: number, reviews: number): Rate {
  return { reviews, rejections, rate: reviews ? rejections / reviews : null, interval: wilsonInterval(rejections, reviews) };
}

export function rateSummary(t: Tally): RateSummary {
  return { ...rate(t.rejections, t.reviews), from: iso(t.first), to: iso(t.last) };
}

function mapSides<A extends { direction: Direction }, B>(sides: Record<Direction, A | null>, f: (side: A) => B): Record<Direction, B | null> {
  return { increase: sides.increase && f(sides.increase), decrease: sides.decrease && f(sides.decrease) };
}
