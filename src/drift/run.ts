import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import type { DriftConfig } from './config.js';
import { DriftMonitor, newMonitorState } from './monitor.js';
import { readLines, type ReadPosition } from './read.js';
import { lineParser, type Review } from './record.js';
import { BAD_LINES_SHOWN, checkHead, fileHead, newInputState, type InputState, type SavedState } from './state.js';

export interface RunOptions {
  files: readonly string[];
  config: DriftConfig;
  referenceFile?: string;
  /** A previous run's state: only lines after its positions are read. */
  resume?: SavedState | null;
  /** True when the state will be saved, so an unterminated last line is left for the next run. */
  saving: boolean;
}

export interface DriftRun {
  config: DriftConfig;
  files: readonly string[];
  referenceFile: string | undefined;
  input: InputState;
  monitor: DriftMonitor;
  /** Lines read by this run alone. */
  linesRead: number;
}

/** Reads the reference and the logs into the monitor. Throws InputError when too many lines are bad. */
export async function runDrift(options: RunOptions): Promise<DriftRun> {
  const { config, files, referenceFile } = options;
  const input = options.resume?.input ?? newInputState();
  const monitor = new DriftMonitor(
    config,
    referenceFile ?? files[0] ?? '(no log)',
    options.resume?.monitor ?? newMonitorState(referenceFile ? 'file' : 'window'),
  );
  const parse = lineParser(config);
  let linesRead = 0;

  const readFile = async (file: string, position: ReadPosition, onReview: (review: Review) => void): Promise<ReadPosition> => {
    for await (const batch of readLines(file, position, { holdPartialLine: options.saving })) {
      for (const { text, line, after } of batch) {
        position = after;
        linesRead += 1;
        if (text.trim() === '') {
          input.blank += 1;
          continue;
        }
        input.lines += 1;
        const parsed = parse(text);
        if ('review' in parsed) onReview(parsed.review);
        else {
          input.bad += 1;
          if (input.badShown.length < BAD_LINES_SHOWN) input.badShown.push({ file, line, field: parsed.field ?? null, problem: parsed.problem });
        }
      }
    }
    return position;
  };

  if (referenceFile && !monitor.monitoring) {
    await readFile(referenceFile, { bytes: 0, lines: 0 }, (review) => monitor.addReference(review));
    monitor.closeReference();
  }
  for (const file of files) {
    const key = resolve(file);
    const previous = input.files[key];
    if (previous) checkHead(file, previous);
    const position = await readFile(file, previous?.position ?? { bytes: 0, lines: 0 }, (review) => monitor.add(review));
    input.files[key] = { position, ...fileHead(file, position.bytes) };
  }

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
  return { config, files, referenceFile, input, monitor, linesRead };
}
