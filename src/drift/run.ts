import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import type { LoadedAnswerKey } from './answerKey.js';
import { CanaryMonitor, newCanaryState } from './canaries.js';
import type { DriftConfig } from './config.js';
import { FingerprintTrack, newFingerprintsState } from './fingerprints.js';
import { probeFile, type Probe } from './files.js';
import { DriftMonitor, newMonitorState } from './monitor.js';
import { readLines, type ReadPosition } from './read.js';
import { lineParser, type ParsedLine, type Review } from './record.js';
import { BAD_LINES_SHOWN, contentChanged, fileHead, headMatches, newInputState, type FileProgress, type InputState, type SavedState } from './state.js';
import { VerdictTally } from './verdicts.js';

export interface RunOptions {
  files: readonly string[];
  config: DriftConfig;
  /** Named in errors about the config (drift.rejectValues); default "critic.config.yaml". */
  configFile?: string;
  referenceFile?: string;
  /** A previous run's state: only lines after its positions are read. */
  resume?: SavedState | null;
  /** True when the state will be saved, so an unterminated last line is left for the next run. */
  saving: boolean;
  /** `--canaries`: the answer key the canary lines are scored against. */
  canaries?: LoadedAnswerKey | undefined;
}

/** Something the reader of the report should know; not an alarm and not bad input. */
export interface DriftWarning {
  kind: 'overdispersion' | 'cusum-off' | 'horizon' | 'file-order' | 'file-replaced' | 'canaries';
  message: string;
}

export interface DriftRun {
  config: DriftConfig;
  /** The logs in the order they were read: by their first review time. */
  files: readonly string[];
  referenceFile: string | undefined;
  input: InputState;
  monitor: DriftMonitor;
  /** The canary lines scored against the answer key; null without `--canaries`. */
  canaries: CanaryMonitor | null;
  fingerprints: FingerprintTrack;
  /** Lines read by this run alone. */
  linesRead: number;
  /** What this run noticed about its files (reordered, rotated). */
  notes: DriftWarning[];
}

/**
 * Reviews may go back this far across files without complaint: writers buffer,
 * and a rotated log and its successor overlap by a few lines.
 */
export const ORDER_TOLERANCE_MS = 3_600_000;

/** Reads the reference and the logs into the monitor. Throws InputError when too many lines are bad. */
export async function runDrift(options: RunOptions): Promise<DriftRun> {
  const { config, referenceFile } = options;
  const input = options.resume?.input ?? newInputState();
  const monitor = new DriftMonitor(config, referenceFile ?? options.files[0] ?? '(no log)', options.resume?.monitor ?? newMonitorState(referenceFile ? 'file' : 'window'));
  const parse = lineParser(config);
  const fingerprints = new FingerprintTrack(options.resume?.fingerprints ?? newFingerprintsState(), config.maxGroupValues);
  const canaries = options.canaries ? new CanaryMonitor(config, options.canaries, fingerprints, options.resume?.canaries ?? newCanaryState(), options.files[0] ?? '(no log)') : null;
  const verdicts = new VerdictTally(input.verdicts);
  const notes: DriftWarning[] = [];
  let linesRead = 0;

  /** Reads from `position`; returns where it stopped and the latest review time seen. */
  const readFile = async (file: string, position: ReadPosition, onReview: (review: Review, line: number) => void) => {
    let lastTime: number | null = null;
    for await (const batch of readLines(file, position, { holdPartialLine: options.saving })) {
      for (const { text, line, after } of batch) {
        position = after;
        linesRead += 1;
        if (text.trim() === '') {
          input.blank += 1;
          continue;
        }
        input.lines += 1;
        const parsed = unknownCanary(parse(text));
        if ('review' in parsed) {
          const review = parsed.review;
          if (review.verdict !== undefined) verdicts.add(review.verdict);
          if (review.rejected) input.rejections = (input.rejections ?? 0) + 1;
          onReview(review, line);
          if (lastTime === null || review.time > lastTime) lastTime = review.time;
        } else {
          if (parsed.verdict !== undefined) verdicts.add(parsed.verdict);
          input.bad += 1;
          if (input.badShown.length < BAD_LINES_SHOWN) input.badShown.push({ file, line, field: parsed.field ?? null, problem: parsed.problem });
        }
      }
    }
    return { position, lastTime };
  };

  /** A canary id the answer key does not hold is a bad line: its verdict cannot be scored, nor counted as traffic. */
  function unknownCanary(parsed: ParsedLine): ParsedLine {
    if (!canaries || !('review' in parsed) || parsed.review.canary === undefined || canaries.entry(parsed.review.canary)) return parsed;
    return { field: config.fields.canary, problem: `canary id ${JSON.stringify(parsed.review.canary)} is not in the answer key ${options.canaries!.file}` };
  }

  if (referenceFile && !monitor.monitoring) {
    await readFile(referenceFile, { bytes: 0, lines: 0 }, (review) => {
      if (review.canary === undefined) monitor.addReference(review);
      else input.canaryLinesInReference = (input.canaryLinesInReference ?? 0) + 1;
    });
    monitor.closeReference();
  }

  const earlier = latestRead(input, monitor);
  const plan = planFiles(options.files, parse, input, earlier, notes);
  // The latest review of the files read so far in this run, and which file it came from.
  let bound: Latest | null = null;
  const files: string[] = [];
  for (const { probe, key, progress } of plan) {
    const file = probe.file;
    files.push(file);
    // A log read from its start must also come after everything earlier runs read.
    const limit = !progress && earlier && (!bound || earlier.time > bound.time) ? earlier : bound;
    const { position, lastTime } = await readFile(file, progress?.position ?? { bytes: 0, lines: 0 }, (review, line) => {
      if (limit !== null && review.time < limit.time - ORDER_TOLERANCE_MS) {
        throw new InputError(
          file,
          line,
          config.fields.timestamp,
          `this review (${iso(review.time)}) is older than ${iso(limit.time)}, already read from ${limit.file}: logs must follow one another in time. ` +
            'Files are read in the order of their first review; logs that overlap (from two servers, say) must be merged into one in time order first',
        );
      }
      fingerprints.add(review);
      if (review.canary === undefined) return monitor.add(review);
      // A canary's verdict is not traffic: it is scored against the key (or, without one, only counted).
      input.canaryLines = (input.canaryLines ?? 0) + 1;
      canaries?.add(review, canaries.entry(review.canary)!);
    });
    const latest = Math.max(lastTime ?? -Infinity, progress?.lastTime ?? -Infinity);
    const fileLast = Number.isFinite(latest) ? latest : null;
    input.files[key] = { position, ...fileHead(file, position.bytes), firstLine: probe.firstLine, gzip: probe.gzip, lastTime: fileLast };
    if (fileLast !== null && (bound === null || fileLast > bound.time)) bound = { time: fileLast, file };
  }
  input.verdicts = verdicts.toCounts();

  const share = input.lines ? input.bad / input.lines : 0;
  if (share > config.maxBadLineShare) {
    const first = input.badShown[0]!;
    throw new InputError(
      first.file,
      first.line,
      first.field ?? undefined,
      `${input.bad} of ${input.lines} lines (${(100 * share).toFixed(2)}%) could not be read, more than drift.maxBadLineShare (${config.maxBadLineShare}); the first: ${first.problem}`,
    );
  }
  const s = monitor.state;
  if (s.design && s.reference.rejections === 0 && !(input.rejections ?? 0) && !config.rejectValues.some((v) => verdicts.has(v)) && verdicts.total) {
    // Not a critic that never says no: the configured rejection never occurs at all.
    throw new InputError(
      options.configFile ?? 'critic.config.yaml',
      undefined,
      'drift.rejectValues',
      `none of ${JSON.stringify(config.rejectValues)} occurs in the ${verdicts.total} verdicts read (field ${config.fields.verdict}); the values logged are ${verdicts.describe()}. ` +
        'Set drift.rejectValues to the value(s) that mean a rejection (and drift.approveValues to the others, so that a renamed verdict is noticed)',
    );
  }
  monitor.explainOffSides();
  canaries?.detectors.explainOffSides();
  return { config, files, referenceFile, input, monitor, canaries, fingerprints, linesRead, notes };
}

interface PlannedFile {
  probe: Probe;
  /** Where the file's progress is kept: its absolute path. */
  key: string;
  /** Where to resume; undefined: from the start. */
  progress: FileProgress | undefined;
}

/** The latest review read, and where from. */
interface Latest {
  time: number;
  file: string;
}

/**
 * Puts the logs in time order (by their first review) and matches each to
 * what earlier runs read of it: by path when the file only grew; otherwise by
 * its first line, so a log rotated to a new name (or gzipped) resumes where it
 * stopped; a log replaced by a new one (the live file after rotation) is read
 * from its start when its reviews come after everything read so far.
 */
function planFiles(given: readonly string[], parse: (text: string) => ParsedLine, input: InputState, earlier: Latest | null, notes: DriftWarning[]): PlannedFile[] {
  const seen = new Set<string>();
  const probes = given.filter((file) => !seen.has(resolve(file)) && seen.add(resolve(file))).map((file) => probeFile(file, parse));
  const ordered = probes
    .map((probe, i) => ({ probe, i }))
    .sort((a, b) => (a.probe.firstTime ?? Infinity) - (b.probe.firstTime ?? Infinity) || a.i - b.i)
    .map(({ probe }) => probe);
  if (ordered.some((p, i) => p !== probes[i])) {
    notes.push({ kind: 'file-order', message: `logs read in the order of their first review, not as given: ${ordered.map((p) => p.file).join(', ')}` });
  }

  const old = input.files;
  const claimed = new Set<string>();
  const planned = new Map<Probe, PlannedFile>();
  for (const probe of ordered) {
    const key = resolve(probe.file);
    const previous = old[key];
    if (previous && headMatches(probe.file, previous)) {
      planned.set(probe, { probe, key, progress: previous });
      claimed.add(key);
    }
  }
  for (const probe of ordered) {
    if (planned.has(probe) || probe.firstLine === null) continue;
    const key = resolve(probe.file);
    const match = Object.keys(old).find((k) => k !== key && !claimed.has(k) && old[k]!.firstLine === probe.firstLine && (probe.gzip || old[k]!.gzip || headMatches(probe.file, old[k]!)));
    if (match) {
      planned.set(probe, { probe, key, progress: old[match] });
      claimed.add(match);
    }
  }
  for (const [k] of Object.entries(old)) if (claimed.has(k)) delete old[k];
  for (const probe of ordered) {
    if (planned.has(probe)) continue;
    const key = resolve(probe.file);
    const previous = old[key];
    if (previous) {
      // The path now holds something else. After a rotation it is a new log whose reviews come after all read so far.
      if (probe.firstTime !== null && earlier !== null && probe.firstTime < earlier.time - ORDER_TOLERANCE_MS) {
        throw contentChanged(probe.file, `it now starts with a review from ${iso(probe.firstTime)}, before the last one already read (${iso(earlier.time)}), so it was rewritten rather than rotated`);
      }
      delete old[key];
      notes.push({
        kind: 'file-replaced',
        message: `${probe.file} was replaced since the last run (rotated?) and is read from its start; the old file was not among the logs given, so lines added to it after line ${previous.position.lines} were not read (pass the rotated file too: it is recognised by its first line)`,
      });
    }
    planned.set(probe, { probe, key, progress: undefined });
  }
  return ordered.map((probe) => planned.get(probe)!);
}

/** The latest review earlier runs read from the logs (not from a --reference file). */
function latestRead(input: InputState, monitor: DriftMonitor): Latest | null {
  let latest: Latest | null = null;
  for (const [file, progress] of Object.entries(input.files)) {
    if (progress.lastTime != null && (!latest || progress.lastTime > latest.time)) latest = { time: progress.lastTime, file };
  }
  if (latest) return latest;
  // States saved before files kept their last review time.
  const s = monitor.state;
  const times = [s.monitored.last, s.referenceSource === 'window' ? s.reference.last : null].filter((t): t is number => t !== null);
  return times.length ? { time: Math.max(...times), file: 'an earlier run' } : null;
}

const iso = (ms: number) => new Date(ms).toISOString();
