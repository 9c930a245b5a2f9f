import { fisherExact } from '../statistics/fisher.js';
import { holmAdjust } from '../statistics/holm.js';
import { newcombeDifference } from '../statistics/newcombe.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';
import { FINGERPRINT_KEY, MUTATOR_KEY, type CanaryArrival, type CanaryDetector, type CanaryMonitor } from './canaries.js';
import { pct } from './format.js';
import type { DriftConfig } from './config.js';
import { designWarnings, detectorsOf, thresholdsOf, type DetectorsNow, type StreamWords, type Thresholds } from './detectors.js';
import type { CanaryTally, FingerprintChange, FingerprintTrack } from './fingerprints.js';
import type { GroupValueRow } from './groups.js';
import { periodStart, type PeriodRow } from './periods.js';
import type { DriftWarning } from './run.js';

/** Canaries of one kind and how many the critic rejected: caught mutants, or false alarms on controls. */
export interface CanaryRate {
  canaries: number;
  rejected: number;
  /** null without canaries. */
  rate: number | null;
  interval: Interval;
}

export interface CanaryPeriod {
  start: string;
  phase: 'reference' | 'monitored';
  /** Canary mutants and how many were caught. */
  catchRate: CanaryRate;
  /** Canary controls and how many were rejected. */
  falseAlarmRate: CanaryRate;
  alarms: CanaryDetector[];
}

/**
 * A fingerprint change, and the live catch rate either side of it in time: the canary mutants judged under `from` since
 * the change before (or the start), and under `to` until the change after (or now).
 */
export interface FingerprintEffect {
  time: string;
  from: string;
  to: string;
  before: CanaryRate;
  after: CanaryRate;
  /** after − before, with Newcombe's 95% interval; null when either side has no canary mutant. */
  effect: { difference: number; interval: Interval } | null;
  /** Fisher's exact test, two-sided, and Holm-adjusted over the run's changes; null when either side has none. */
  pValue: number | null;
  adjustedP: number | null;
  /** The catch rate differs across the change (adjusted p < 0.05): the change's effect is reported. */
  differs: boolean;
}

/** Whether the canary stream still flows: a stream that stops leaves "no canary alarm" meaning nothing. */
export interface CanaryArrivalReport {
  /** Canary lines read (mutants and controls). */
  lines: number;
  /** The latest canary line; null before the first. */
  lastLine: string | null;
  /** Ordinary reviews read since it. */
  reviewsSince: number;
  /** The canary share of the lines between the first and the latest canary line; null before the first. */
  share: number | null;
  /**
   * Ordinary reviews in a row without a canary line that would happen with chance below 0.1% at the lower 95% Wilson bound
   * of that share: ⌈ln 0.001 / ln(1 − share)⌉; null before 10 canary lines.
   */
  quietLimit: number | null;
  /** More ordinary reviews than `quietLimit` since the latest canary line: the canaries stopped arriving. */
  stopped: boolean;
}

/** drift.json's `canaries`: the live catch rate, with ground truth, beside the rejection rate. */
export interface CanaryReport {
  key: string;
  status: 'collecting-reference' | 'ok' | 'alarm' | 'off';
  /** Why the detectors do not run on the canaries, when they do not. */
  off: string | null;
  /** Canary lines scored against the key. */
  lines: number;
  /** The canaries' reference: the first drift.reference.days of their own stream. */
  reference: CanaryRate & { from: string | null; to: string | null; windowEnd: string | null };
  monitored: CanaryRate;
  /** Every canary read, reference included. */
  liveCatchRate: CanaryRate;
  falseAlarmRate: CanaryRate;
  byMutator: Array<{ mutator: string; catchRate: CanaryRate }>;
  byFingerprint: Array<{ fingerprint: string; catchRate: CanaryRate; falseAlarmRate: CanaryRate }>;
  groups: Array<{ key: string; values: Array<{ value: string; catchRate: CanaryRate; falseAlarmRate: CanaryRate }> }>;
  /** The detectors run on the miss rate (1 − the catch rate): their thresholds and statistics count misses as the rejection rate's count rejections. */
  thresholds: Thresholds | null;
  detectors: DetectorsNow | null;
  alarms: Array<{ detector: CanaryDetector; time: string; period: string; canary: number; fingerprint: string | null; detail: string }>;
  fingerprintChanges: FingerprintEffect[];
  arrival: CanaryArrivalReport;
  periods: CanaryPeriod[];
  warnings: DriftWarning[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function canaryRate(rejected: number, canaries: number): CanaryRate {
  return { canaries, rejected, rate: canaries ? rejected / canaries : null, interval: wilsonInterval(rejected, canaries) };
}

/** The canaries' stream as the detectors see it: canary mutants, a miss being the event; canary lines in a --reference file are skipped. */
const CANARY_STREAM: StreamWords = {
  items: 'canary mutants',
  events: 'misses',
  event: 'a miss',
  other: 'a catch',
  rate: 'miss rate',
  rising: 'a falling catch rate (rising misses)',
  falling: 'a rising catch rate (falling misses)',
  stillRising: 'the always-valid test still watches for a falling catch rate',
  stillFalling: 'the always-valid test and the unbroken-catches alarm still watch for a rising catch rate',
  enlarge: 'lengthen drift.reference.days or raise the canary mix (canary lines in a --reference file are not used)',
};

/** A run of ordinary reviews without a canary line less likely than this, at the canary share seen, means the canaries stopped. */
export const CANARY_QUIET_CHANCE = 0.001;
/** Canary lines needed before their stopping is judged: a stream must have flowed first. */
export const CANARY_ARRIVAL_MIN_LINES = 10;

/** Whether the canaries still arrive, judged at their lowest plausible share so that a sparse mix is not called stopped. */
export function canaryArrival(a: CanaryArrival): CanaryArrivalReport {
  const seen = a.lines + a.reviewsBetween;
  const low = seen ? wilsonInterval(a.lines, seen)[0] : 0;
  const quietLimit = a.lines >= CANARY_ARRIVAL_MIN_LINES ? Math.ceil(Math.log(CANARY_QUIET_CHANCE) / Math.log1p(-low)) : null;
  return {
    lines: a.lines,
    lastLine: iso(a.last),
    reviewsSince: a.reviewsSince,
    share: seen ? a.lines / seen : null,
    quietLimit,
    stopped: quietLimit !== null && a.reviewsSince > quietLimit,
  };
}

function arrivalWarnings(a: CanaryArrivalReport): DriftWarning[] {
  if (!a.stopped) return [];
  return [
    {
      kind: 'canaries',
      message:
        `canaries: no canary line since ${a.lastLine}, while ${a.reviewsSince} ordinary reviews arrived; at the canary share seen before (${pct(a.share)}), ` +
        `${a.quietLimit} reviews in a row without one happen with chance below 0.1%: the canaries stopped arriving (set exhausted or retired by canary serve? production stopped mixing them?), ` +
        'so no canary alarm says nothing about the critic since then',
    },
  ];
}

/** Below this Holm-adjusted p-value a fingerprint change is reported as changing the live catch rate. */
export const FINGERPRINT_ALPHA = 0.05;

export function buildCanaryReport(canaries: CanaryMonitor, fingerprints: FingerprintTrack, config: DriftConfig): CanaryReport {
  const s = canaries.snapshot();
  const misses = s.misses;
  const design = misses.design;
  const alarms = canaries.alarms();
  const status: CanaryReport['status'] = alarms.length ? 'alarm' : s.off !== null ? 'off' : design ? 'ok' : 'collecting-reference';
  const alarmPeriods = new Map<number, CanaryDetector[]>();
  for (const a of alarms) {
    const start = periodStart(a.time, config.period);
    alarmPeriods.set(start, [...(alarmPeriods.get(start) ?? []), a.detector]);
  }
  const mutantRows = canaries.mutantRows();
  const controlRows = new Map(canaries.controlRows().map((p) => [p.start, p]));
  const starts = [...new Set([...mutantRows.map((p) => p.start), ...controlRows.keys()])].sort((a, b) => a - b);
  const mutantByStart = new Map(mutantRows.map((p) => [p.start, p]));
  const rowRate = (p: PeriodRow | undefined) => canaryRate(p?.rejections ?? 0, p?.reviews ?? 0);
  const windowEnd = misses.windowEnd;
  const sum = (rows: Iterable<PeriodRow>) => {
    let n = 0;
    let k = 0;
    for (const p of rows) {
      n += p.reviews;
      k += p.rejections;
    }
    return canaryRate(k, n);
  };
  const groupRows = canaries.mutantGroupRows();
  const controlGroups = new Map(canaries.controlGroupRows().map((g) => [g.key, new Map(g.values.map((v) => [v.value, v]))]));
  const rateOf = (v: GroupValueRow | undefined) => canaryRate(v?.rejections ?? 0, v?.reviews ?? 0);
  const byKey = (key: string) => groupRows.find((g) => g.key === key)?.values ?? [];
  const fingerprintRows = new Map(byKey(FINGERPRINT_KEY).map((v) => [v.value, v]));
  const arrival = canaryArrival(s.arrival ?? { lines: 0, reviewsBetween: 0, reviewsSince: 0, last: null });

  return {
    key: canaries.key.file,
    status,
    off: s.off,
    lines: mutantRows.reduce((n, p) => n + p.reviews, 0) + [...controlRows.values()].reduce((n, p) => n + p.reviews, 0),
    reference: {
      ...canaryRate(misses.reference.reviews - misses.reference.rejections, misses.reference.reviews),
      from: iso(misses.reference.first),
      to: iso(misses.reference.last),
      windowEnd: iso(windowEnd),
    },
    monitored: canaryRate(misses.monitored.reviews - misses.monitored.rejections, misses.monitored.reviews),
    liveCatchRate: sum(mutantRows),
    falseAlarmRate: sum(controlRows.values()),
    byMutator: byKey(MUTATOR_KEY).map((v) => ({ mutator: v.value, catchRate: rateOf(v) })),
    byFingerprint: [...fingerprintRows.values()].map((v) => ({
      fingerprint: v.value,
      catchRate: rateOf(v),
      falseAlarmRate: rateOf(controlGroups.get(FINGERPRINT_KEY)?.get(v.value)),
    })),
    groups: config.fields.group.map((key) => ({
      key,
      values: byKey(key).map((v) => ({ value: v.value, catchRate: rateOf(v), falseAlarmRate: rateOf(controlGroups.get(key)?.get(v.value)) })),
    })),
    thresholds: design && thresholdsOf(design, config),
    detectors: design && detectorsOf(design, misses),
    alarms: alarms.map((a) => ({ ...a, time: iso(a.time)!, period: iso(periodStart(a.time, config.period))! })),
    fingerprintChanges: fingerprintEffects(fingerprints.state.changes),
    arrival,
    periods: starts.map((start) => ({
      start: iso(start)!,
      phase: windowEnd === null || start < windowEnd ? 'reference' : 'monitored',
      catchRate: rowRate(mutantByStart.get(start)),
      falseAlarmRate: rowRate(controlRows.get(start)),
      alarms: alarmPeriods.get(start) ?? [],
    })),
    warnings: [
      ...(design ? designWarnings(design, misses, config, CANARY_STREAM).map((w) => ({ ...w, message: `canaries: ${w.message}` })) : []),
      ...(s.off !== null ? [{ kind: 'canaries' as const, message: `canaries: ${s.off}` }] : []),
      ...arrivalWarnings(arrival),
    ],
  };
}

/** Each change with the catch rate either side of it in time, tested exactly and adjusted over the changes. */
function fingerprintEffects(changes: readonly FingerprintChange[]): FingerprintEffect[] {
  const rateOf = ([mutants, caught]: CanaryTally = [0, 0]) => canaryRate(caught, mutants);
  const sides = changes.map((c) => ({ change: c, before: rateOf(c.before), after: rateOf(c.after) }));
  const tested = sides.filter(({ before, after }) => before.canaries > 0 && after.canaries > 0);
  const raw = tested.map(({ before, after }) => fisherExact(before.rejected, before.canaries, after.rejected, after.canaries));
  const adjusted = holmAdjust(raw);
  return sides.map(({ change, before, after }) => {
    const i = tested.findIndex((t) => t.change === change);
    const difference = i === -1 ? null : newcombeDifference(after.rejected, after.canaries, before.rejected, before.canaries);
    return {
      time: iso(change.time)!,
      from: change.from,
      to: change.to,
      before,
      after,
      effect: difference && { difference: difference.delta, interval: difference.ci },
      pValue: i === -1 ? null : raw[i]!,
      adjustedP: i === -1 ? null : adjusted[i]!,
      differs: i !== -1 && adjusted[i]! < FINGERPRINT_ALPHA,
    };
  });
}
