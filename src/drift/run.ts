import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import type { LoadedAnswerKey } from './answerKey.js';
import { CanaryMonitor, newCanaryState } from './canaries.js';
import type { DriftConfig } from './config.js';
import { FingerprintTrack, newFingerprintsState } from './fingerprints.js';
import { probeFile, type FormatChoice, type Probe } from './files.js';
import { LOG_FORMATS, type LogFormat } from './formats/index.js';
import { DriftMonitor, newMonitorState } from './monitor.js';
import { readDocument, readLines, type ReadPosition } from './read.js';
import { decodeJson, type ReadRecord, type Review } from './record.js';
import { BAD_LINES_SHOWN, badShare, badUnit, contentChanged, fileHead, headMatches, newInputState, type FileProgress, type InputState, type SavedState } from './state.js';
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
  /** The logs' format: drift.format, or the one their content shows. */
  format: LogFormat;
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
  const fingerprints = new FingerprintTrack(options.resume?.fingerprints ?? newFingerprintsState(), config.maxGroupValues);
  const canaries = options.canaries ? new CanaryMonitor(config, options.canaries, fingerprints, options.resume?.canaries ?? newCanaryState(), options.files[0] ?? '(no log)') : null;
  const verdicts = new VerdictTally(input.verdicts);
  const notes: DriftWarning[] = [];
  let linesRead = 0;

  const readers = new Map<LogFormat, (value: unknown) => ReadRecord[]>();
  const recordsOf = (format: LogFormat, value: unknown) => {
    let reader = readers.get(format);
    if (!reader) readers.set(format, (reader = format.reader(config)));
    return reader(value);
  };
  const choice: FormatChoice = { configured: config.format === undefined ? undefined : LOG_FORMATS[config.format], records: recordsOf };
  const readingReference = referenceFile !== undefined && !monitor.monitoring;
  const referenceProbe = readingReference ? probeFile(referenceFile, choice) : null;
  const seen = new Set<string>();
  const probes = options.files.filter((file) => !seen.has(resolve(file)) && seen.add(resolve(file))).map((file) => probeFile(file, choice));
  const format = runFormat(referenceProbe ? [referenceProbe, ...probes] : probes, choice.configured, input);
  input.format = format.name;

  /** A line's (or a document's) records, with canary ids the key does not hold made bad. */
  const readUnit = (text: string): ReadRecord[] => {
    const decoded = decodeJson(text);
    if ('problem' in decoded) return [{ field: undefined, problem: decoded.problem }];
    return recordsOf(format, decoded.value).map(unknownCanary);
  };

  /** Reads from `position`; returns where it stopped and the latest review time seen. */
  const readFile = async (probe: Probe, position: ReadPosition, onReview: (review: Review, where: Where) => void) => {
    const file = probe.file;
    let lastTime: number | null = null;
    // A document is read whole, once: a later run finds it read (or, changed, not matched to its progress).
    const units = probe.document ? (position.lines ? [] : [[readDocument(file)]]) : readLines(file, position, { holdPartialLine: options.saving });
    for await (const batch of units) {
      for (const { text, line, after } of batch) {
        position = after;
        linesRead += 1;
        if (text.trim() === '') {
          input.blank += 1;
          continue;
        }
        input.lines += 1;
        const lineOf = probe.document ? null : line;
        const reviews: Array<{ review: Review; where: Where }> = [];
        let readable = false;
        for (const read of readUnit(text)) {
          readable ||= !('problem' in read);
          if ('other' in read) {
            input.otherRecords += 1;
            continue;
          }
          input.records += 1;
          if ('review' in read) {
            const review = read.review;
            if (review.verdict !== undefined) verdicts.add(review.verdict);
            if (review.rejected) input.rejections = (input.rejections ?? 0) + 1;
            reviews.push({ review, where: { line: lineOf, record: read.record } });
          } else {
            if (read.verdict !== undefined) verdicts.add(read.verdict);
            input.bad += 1;
            if (input.badShown.length < BAD_LINES_SHOWN) {
              input.badShown.push({ file, line: lineOf, ...(read.record ? { record: read.record } : {}), field: read.field ?? null, problem: read.problem });
            }
          }
        }
        if (!readable) input.unreadableLines = (input.unreadableLines ?? 0) + 1;
        // The records of one line or document (an export request's spans, an API page listed newest first) are read in time order.
        if (reviews.length > 1) reviews.sort((a, b) => a.review.time - b.review.time);
        for (const { review, where } of reviews) {
          onReview(review, where);
          if (lastTime === null || review.time > lastTime) lastTime = review.time;
        }
      }
    }
    return { position, lastTime };
  };

  /** A canary id the answer key does not hold is a bad record: its verdict cannot be scored, nor counted as traffic. */
  function unknownCanary(read: ReadRecord): ReadRecord {
    if (!canaries || !('review' in read) || read.review.canary === undefined || canaries.entry(read.review.canary)) return read;
    return {
      field: config.fields.canary,
      problem: `canary id ${JSON.stringify(read.review.canary)} is not in the answer key ${options.canaries!.file}`,
      ...(read.record ? { record: read.record } : {}),
    };
  }

  if (referenceProbe) {
    await readFile(referenceProbe, { bytes: 0, lines: 0 }, (review) => {
      if (review.canary === undefined) monitor.addReference(review);
      else input.canaryLinesInReference = (input.canaryLinesInReference ?? 0) + 1;
    });
    monitor.closeReference();
  }

  const earlier = latestRead(input, monitor);
  const plan = planFiles(probes, input, earlier, notes);
  // The latest review of the files read so far in this run, and which file it came from.
  let bound: Latest | null = null;
  const files: string[] = [];
  for (const { probe, key, progress } of plan) {
    const file = probe.file;
    files.push(file);
    // A log read from its start must also come after everything earlier runs read.
    const limit = !progress && earlier && (!bound || earlier.time > bound.time) ? earlier : bound;
    const { position, lastTime } = await readFile(probe, progress?.position ?? { bytes: 0, lines: 0 }, (review, where) => {
      if (limit !== null && review.time < limit.time - ORDER_TOLERANCE_MS) {
        throw new InputError(
          file,
          where.line ?? undefined,
          located(where.record, config.fields.timestamp),
          `this review (${iso(review.time)}) is older than ${iso(limit.time)}, already read from ${limit.file}: logs must follow one another in time. ` +
            'Files are read in the order of their first review; logs that overlap (from two servers, say) must be merged into one in time order first',
        );
      }
      fingerprints.add(review);
      if (review.canary === undefined) {
        canaries?.traffic(review);
        return monitor.add(review);
      }
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

  const share = badShare(input);
  if (share > config.maxBadLineShare) {
    const first = input.badShown[0]!;
    const unit = badUnit(input);
    const unreadable = input.unreadableLines ?? 0;
    // Records of a line that cannot be read are lost uncounted: say so when the lines, not the records, exceed the share.
    const lost =
      unit === 'records' && unreadable / input.lines > input.bad / input.records
        ? `; ${unreadable} of ${input.lines} lines (${(100 * (unreadable / input.lines)).toFixed(2)}%) could not be read at all, losing every record they held`
        : '';
    throw new InputError(
      first.file,
      first.line ?? undefined,
      located(first.record, first.field ?? undefined),
      `${input.bad} of ${input.records} ${unit} (${(100 * (input.bad / input.records)).toFixed(2)}%) could not be read${lost}, more than drift.maxBadLineShare (${config.maxBadLineShare}); the first: ${first.problem}`,
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
  return { config, format, files, referenceFile, input, monitor, canaries, fingerprints, linesRead, notes };
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
function planFiles(probes: readonly Probe[], input: InputState, earlier: Latest | null, notes: DriftWarning[]): PlannedFile[] {
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
    // A document is never appended to: the same path holds the same document only if its whole content is the same.
    if (previous && (probe.document ? previous.firstLine === probe.firstLine : headMatches(probe.file, previous))) {
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

/**
 * The logs' format: drift.format (each file was checked against it), else the
 * one their content shows; logs in two formats cannot share one field mapping.
 * A state remembers the format it was made reading.
 */
function runFormat(probes: readonly Probe[], configured: LogFormat | undefined, input: InputState): LogFormat {
  const known = probes.filter((p): p is Probe & { format: LogFormat } => p.format !== null);
  const first = known[0];
  const other = first && known.find((p) => p.format !== first.format);
  if (first && other) {
    throw new InputError(
      other.file,
      undefined,
      'drift.format',
      `this log is ${other.format.title} (${other.format.name}) but ${first.file} is ${first.format.title} (${first.format.name}): one drift.fields mapping cannot read both; run drift on each format apart`,
    );
  }
  const saved = input.format ?? (input.lines ? 'jsonl' : undefined);
  const format = configured ?? first?.format ?? LOG_FORMATS[saved ?? 'jsonl'];
  if (saved !== undefined && saved !== format.name) {
    throw new InputError(
      first?.file ?? '(the logs)',
      undefined,
      'drift.format',
      `the logs are ${format.title} (${format.name}), but the state was saved reading ${LOG_FORMATS[saved].title} (${saved}); start a new --state file for them`,
    );
  }
  return format;
}

/** Where a review or bad record was read: its line (null in a whole document) and its place in it. */
interface Where {
  line: number | null;
  record: string | undefined;
}

/** An error's field slot naming the record as well, when a line or document holds several. */
function located(record: string | undefined, field: string | undefined): string | undefined {
  if (record === undefined) return field;
  return field === undefined ? `record ${record}` : `record ${record}, field ${field}`;
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
