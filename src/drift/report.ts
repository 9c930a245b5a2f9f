import { resolve } from 'node:path';
import { EXIT } from '../errors.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import type { DriftConfig } from './config.js';
import type { Direction } from './cusum.js';
import { periodStart } from './periods.js';
import type { Detector, MonitorState, Tally } from './monitor.js';
import type { DriftRun } from './run.js';
import { pct } from './format.js';
import { logE, pValue } from './sequential.js';
import { BAD_LINES_SHOWN, type BadLine } from './state.js';

export type DriftStatus = 'alarm' | 'ok' | 'collecting-reference';

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
}

export interface PeriodReport {
  start: string;
  phase: 'reference' | 'monitored';
  reviews: number;
  rejections: number;
  rate: number;
  interval: Interval;
  alarms: Detector[];
}

/** drift.json. Everything outside `run` is a function of the log, so a resumed run reproduces it exactly. */
export interface DriftReport {
  status: DriftStatus;
  exitCode: number;
  summary: string;
  run: { generatedAt: string; linesRead: number };
  config: DriftConfig;
  inputs: {
    files: Array<{ path: string; lines: number }>;
    referenceFile: string | null;
    lines: number;
    blank: number;
    skippedBeforeStart: number;
    badLines: { count: number; share: number; maxShare: number; shown: BadLine[]; notShown: number };
  };
  reference: RateSummary & { source: 'window' | 'file'; windowEnd: string | null; reviewsPerDay: number | null };
  thresholds: {
    horizonDays: number;
    horizonReviews: number;
    falseAlarmRate: number;
    cusum: Record<Direction, CusumThreshold | null>;
    sequential: { alpha: number; priorStrength: number } | null;
    asleep: { streak: number; streakDays: number; target: number } | null;
  } | null;
  detectors: {
    cusum: Record<Direction, { statistic: number; threshold: number | null } | null>;
    sequential: { logEValue: number; maxLogEValue: number; pValue: number; alpha: number } | null;
    asleep: { streak: number; threshold: number; lastRejection: string | null } | null;
  } | null;
  monitored: RateSummary;
  alarms: Array<{ detector: Detector; time: string; period: string; review: number; detail: string }>;
  periods: PeriodReport[];
  groups: Array<{
    key: string;
    values: Array<Rate & { value: string; lastRejection: string | null; periods: Array<Omit<PeriodReport, 'phase' | 'alarms'>> }>;
  }>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function buildReport(run: DriftRun, now: Date): DriftReport {
  const { config, input, monitor } = run;
  const s: MonitorState = monitor.snapshot();
  const design = s.design;
  const status: DriftStatus = !design ? 'collecting-reference' : s.alarms.length ? 'alarm' : 'ok';
  const alarmPeriods = new Map<number, Detector[]>();
  for (const a of s.alarms) {
    const start = periodStart(a.time, config.period);
    alarmPeriods.set(start, [...(alarmPeriods.get(start) ?? []), a.detector]);
  }
  const inReference = (start: number) => s.referenceSource === 'window' && (s.windowEnd === null || start < s.windowEnd);
  const reference = rateSummary(s.reference);
  const monitored = rateSummary(s.monitored);

  const report: DriftReport = {
    status,
    exitCode: status === 'alarm' ? EXIT.gateFailed : EXIT.ok,
    summary: '',
    run: { generatedAt: now.toISOString(), linesRead: run.linesRead },
    config,
    inputs: {
      files: run.files.map((path) => ({ path, lines: input.files[resolve(path)]?.position.lines ?? 0 })),
      referenceFile: run.referenceFile ?? null,
      lines: input.lines,
      blank: input.blank,
      skippedBeforeStart: s.skipped,
      badLines: {
        count: input.bad,
        share: input.lines ? input.bad / input.lines : 0,
        maxShare: config.maxBadLineShare,
        shown: input.badShown,
        notShown: Math.max(0, input.bad - BAD_LINES_SHOWN),
      },
    },
    reference: { ...reference, source: s.referenceSource, windowEnd: iso(s.windowEnd), reviewsPerDay: design?.reviewsPerDay ?? null },
    thresholds: design && {
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
      })),
      sequential: design.sequential && { alpha: design.sequential.alpha, priorStrength: config.sequential.priorStrength },
      asleep: design.asleep && { streak: design.asleep.streak, streakDays: design.asleep.streak / design.reviewsPerDay, target: design.asleep.target },
    },
    detectors: design && {
      cusum: mapSides(design.cusum, (side) => ({ statistic: s.cusum[side.direction], threshold: side.threshold })),
      sequential: design.sequential && {
        logEValue: s.sequential.prior ? logE(s.sequential) : 0,
        maxLogEValue: s.sequential.maxLogE,
        pValue: pValue(s.sequential),
        alpha: design.sequential.alpha,
      },
      asleep: design.asleep && { streak: s.streak, threshold: design.asleep.streak, lastRejection: iso(s.lastRejection) },
    },
    monitored,
    alarms: s.alarms.map((a) => ({ ...a, time: iso(a.time)!, period: iso(periodStart(a.time, config.period))! })),
    periods: monitor.periodRows().map((p) => ({
      start: iso(p.start)!,
      phase: inReference(p.start) ? 'reference' : 'monitored',
      reviews: p.reviews,
      rejections: p.rejections,
      rate: p.rate,
      interval: p.interval,
      alarms: alarmPeriods.get(p.start) ?? [],
    })),
    groups: monitor.groupRows().map(({ key, values }) => ({
      key,
      values: values.map((v) => ({
        value: v.value,
        ...rate(v.rejections, v.reviews),
        lastRejection: iso(v.lastRejection),
        periods: v.periods.map((p) => ({ start: iso(p.start)!, reviews: p.reviews, rejections: p.rejections, rate: p.rate, interval: p.interval })),
      })),
    })),
  };
  report.summary = summarize(report);
  return report;
}

function rate(rejections: number, reviews: number): Rate {
  return { reviews, rejections, rate: reviews ? rejections / reviews : null, interval: wilsonInterval(rejections, reviews) };
}

function rateSummary(t: Tally): RateSummary {
  return { ...rate(t.rejections, t.reviews), from: iso(t.first), to: iso(t.last) };
}

function mapSides<A extends { direction: Direction }, B>(sides: Record<Direction, A | null>, f: (side: A) => B): Record<Direction, B | null> {
  return { increase: sides.increase && f(sides.increase), decrease: sides.decrease && f(sides.decrease) };
}

/** One sentence for the top of every output. */
function summarize(r: DriftReport): string {
  if (r.status === 'collecting-reference') {
    return `Collecting the reference: ${r.reference.reviews} reviews so far${r.reference.windowEnd ? `, window closes ${r.reference.windowEnd.slice(0, 10)}` : ''}; no detector runs until it closes.`;
  }
  const rates = `${pct(r.monitored.rate)} rejected since the reference (${pct(r.reference.rate)})`;
  if (r.status === 'ok') return `No alarm: ${rates}, over ${r.monitored.reviews} monitored reviews.`;
  const first = [...r.alarms].sort((a, b) => a.time.localeCompare(b.time))[0]!;
  return `Alarm raised by ${r.alarms.map((a) => a.detector).join(', ')}: ${rates}; first on ${first.time.slice(0, 10)} (${first.detector}).`;
}
