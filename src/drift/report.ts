import { resolve } from 'node:path';
import { EXIT } from '../errors.js';
import type { Interval } from '../statistics/wilson.js';
import { buildCanaryReport, type CanaryReport } from './canaryReport.js';
import type { DriftConfig, LogFormatName } from './config.js';
import { designWarnings, detectorsOf, rate, rateSummary, thresholdsOf, type DetectorsNow, type Rate, type RateSummary, type Thresholds } from './detectors.js';
import type { Dispersion } from './dispersion.js';
import { periodStart } from './periods.js';
import type { Detector, MonitorState } from './monitor.js';
import type { DriftRun, DriftWarning } from './run.js';
import { pct } from './format.js';
import { BAD_LINES_SHOWN, badShare, type BadLine } from './state.js';

export { DISPERSION_ALPHA } from './detectors.js';
export type { CusumThreshold, DetectorsNow, Rate, RateSummary, Thresholds } from './detectors.js';

export type DriftStatus = 'alarm' | 'ok' | 'collecting-reference';

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
  /** Conditions that weaken the guarantees or the input (CUSUM off, day-to-day variation, horizon used up, files reordered or rotated). */
  warnings: DriftWarning[];
  run: { generatedAt: string; linesRead: number };
  config: DriftConfig;
  inputs: {
    /** The logs' format: drift.format, or the one detected from their content. */
    format: LogFormatName;
    files: Array<{ path: string; lines: number }>;
    referenceFile: string | null;
    /** Non-blank lines read (a whole JSON document counts as one). */
    lines: number;
    /** Records read that are reviews or bad (JSON Lines: one per line): the bad share's denominator. */
    records: number;
    /** Records without the verdict field (a trace's other spans, runs, observations): not reviews. */
    otherRecords: number;
    blank: number;
    skippedBeforeStart: number;
    /** `share`: the larger of bad records over records and `unreadableLines` (lines of which nothing could be read) over lines. */
    badLines: { count: number; unreadableLines: number; share: number; maxShare: number; shown: BadLine[]; notShown: number };
    /** With drift.fields.canary: canary lines of the logs (left out of the rejection rate) and of a --reference file (left out of the reference). */
    canaryLines?: { logs: number; referenceFile: number };
  };
  reference: RateSummary & {
    source: 'window' | 'file';
    windowEnd: string | null;
    reviewsPerDay: number | null;
    /** Day-to-day dispersion test of the reference rate; null before it closes or with too few days. */
    dispersion: Dispersion | null;
  };
  thresholds: Thresholds | null;
  detectors: DetectorsNow | null;
  monitored: RateSummary;
  alarms: Array<{ detector: Detector; time: string; period: string; review: number; detail: string }>;
  periods: PeriodReport[];
  groups: Array<{
    key: string;
    values: Array<Rate & { value: string; lastRejection: string | null; periods: Array<Omit<PeriodReport, 'phase' | 'alarms'>> }>;
  }>;
  /** With drift.fields.fingerprint: each judge identity seen (first and last line, lines) and each change from one to another. */
  fingerprints?: {
    seen: Array<{ fingerprint: string; first: string; last: string; lines: number }>;
    changes: Array<{ time: string; from: string; to: string }>;
  };
  /** With `--canaries`: the canary lines scored against the answer key (the live catch rate); null without. */
  canaries: CanaryReport | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function buildDriftReport(run: DriftRun, now: Date): DriftReport {
  const { config, input, monitor } = run;
  const s: MonitorState = monitor.snapshot();
  const design = s.design;
  const canaries = run.canaries && buildCanaryReport(run.canaries, run.fingerprints, config);
  const status: DriftStatus = s.alarms.length || canaries?.status === 'alarm' ? 'alarm' : !design ? 'collecting-reference' : 'ok';
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
    warnings: [...(design ? designWarnings(design, s, config) : []), ...(canaries?.warnings ?? []), ...canaryLineWarnings(run), ...run.notes],
    run: { generatedAt: now.toISOString(), linesRead: run.linesRead },
    config,
    inputs: {
      format: run.format.name,
      files: run.files.map((path) => ({ path, lines: input.files[resolve(path)]?.position.lines ?? 0 })),
      referenceFile: run.referenceFile ?? null,
      lines: input.lines,
      records: input.records,
      otherRecords: input.otherRecords,
      blank: input.blank,
      skippedBeforeStart: s.skipped,
      badLines: {
        count: input.bad,
        unreadableLines: input.unreadableLines ?? 0,
        share: badShare(input),
        maxShare: config.maxBadLineShare,
        shown: input.badShown,
        notShown: Math.max(0, input.bad - BAD_LINES_SHOWN),
      },
      ...(config.fields.canary !== undefined ? { canaryLines: { logs: input.canaryLines ?? 0, referenceFile: input.canaryLinesInReference ?? 0 } } : {}),
    },
    reference: {
      ...reference,
      source: s.referenceSource,
      windowEnd: iso(s.windowEnd),
      reviewsPerDay: design?.reviewsPerDay ?? null,
      dispersion: design?.dispersion ?? null,
    },
    thresholds: design && thresholdsOf(design, config),
    detectors: design && detectorsOf(design, s),
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
    ...(config.fields.fingerprint
      ? {
          fingerprints: {
            seen: Object.entries(run.fingerprints.state.seen).map(([fingerprint, f]) => ({ fingerprint, first: iso(f.first)!, last: iso(f.last)!, lines: f.lines })),
            changes: run.fingerprints.state.changes.map((c) => ({ time: iso(c.time)!, from: c.from, to: c.to })),
          },
        }
      : {}),
    canaries,
  };
  report.summary = summarize(report);
  return report;
}

/** Canary lines without a key to score them, and canary lines of a reference file: counted, left out, and said so. */
function canaryLineWarnings(run: DriftRun): DriftWarning[] {
  const { input, canaries, config } = run;
  const warnings: DriftWarning[] = [];
  if (!canaries && input.canaryLines) {
    warnings.push({
      kind: 'canaries',
      message: `${input.canaryLines} canary lines (field ${config.fields.canary}) were left out of the rejection rate and not scored: pass --canaries answer-key.json to monitor the live catch rate`,
    });
  }
  if (input.canaryLinesInReference) {
    warnings.push({
      kind: 'canaries',
      message: `${input.canaryLinesInReference} canary lines of the --reference file were left out: the canaries' reference is the first drift.reference.days of their own stream in the logs`,
    });
  }
  return warnings;
}

/** One sentence for the top of every output: the rejection rate, then the live catch rate. */
function summarize(r: DriftReport): string {
  const canaries = r.canaries;
  const catchRate = canaries ? ` ${canarySentence(canaries)}` : '';
  if (!r.thresholds) {
    return `Collecting the reference: ${r.reference.reviews} reviews so far${r.reference.windowEnd ? `, window closes ${r.reference.windowEnd.slice(0, 10)}` : ''}; no detector runs until it closes.${catchRate}`;
  }
  const rates = `${pct(r.monitored.rate)} rejected since the reference (${pct(r.reference.rate)})`;
  if (!r.alarms.length) return `No alarm${canaries?.status === 'alarm' ? ' on the rejection rate' : ''}: ${rates}, over ${r.monitored.reviews} monitored reviews.${catchRate}`;
  const first = [...r.alarms].sort((a, b) => a.time.localeCompare(b.time))[0]!;
  return `Alarm raised by ${r.alarms.map((a) => a.detector).join(', ')}: ${rates}; first on ${first.time.slice(0, 10)} (${first.detector}).${catchRate}`;
}

function canarySentence(c: CanaryReport): string {
  const live = `live catch rate ${pct(c.monitored.canaries ? c.monitored.rate : c.liveCatchRate.rate)} (reference ${pct(c.reference.rate)})`;
  if (c.status === 'alarm') {
    const first = [...c.alarms].sort((a, b) => a.time.localeCompare(b.time))[0]!;
    return `Canary alarm (${c.alarms.map((a) => a.detector).join(', ')}): ${live}; first on ${first.time.slice(0, 10)}${first.fingerprint ? ` under ${first.fingerprint}` : ''}.`;
  }
  if (c.status === 'collecting-reference') return `Canaries: collecting their reference (${c.reference.canaries} canary mutants so far).`;
  if (c.status === 'off') return `Canaries: ${live}, not monitored (see warnings).`;
  return `No canary alarm: ${live}.`;
}
