import cliProgress from 'cli-progress';
import type { EngineState } from '../reviews/schedule.js';
import type { ReviewResult } from '../reviews/types.js';

export interface Progress {
  planned(total: number, alreadyDone: number): void;
  result(result: ReviewResult): void;
  /** An engine's retries, 429s and concurrency changed. */
  engine(state: EngineState): void;
  stop(): void;
}

/**
 * A live line on a terminal (done/total, reviews per second, ETA, errors,
 * no-verdicts, retries, 429s and the concurrency they left); in CI, where
 * stderr is not a terminal, the same line every few seconds instead of a
 * redraw per review.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const line = (eta: string) =>
    `reviews {bar} {value}/{total} | {speed}/s | ETA ${eta} | errors {errors} | no verdict {noVerdict} | retries {retries} | 429s {rateLimited} | concurrency {concurrency}`;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      // With nothing left (0 planned, or a resume of a finished run) the library's estimate is 0/0, printed as "LLs".
      format: (options, params, payload) => cliProgress.Format.Formatter({ ...options, format: line(params.value >= params.total ? '0s' : '{eta_formatted}') }, params, payload),
      barsize: 24,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
      fps: 10,
      etaBuffer: 200,
    },
    cliProgress.Presets.shades_classic,
  );
  let errors = 0;
  let noVerdict = 0;
  let done = 0;
  let started = 0;
  let resumedFrom = 0;
  // Counted by each engine (one per critic and phase, each from zero): the line shows the sums over every engine
  // of the run, and the concurrency of the one reporting last.
  const engines = new Map<number, EngineState>();
  let latest: EngineState | undefined;
  const engineFields = () => {
    let retries = 0;
    let rateLimited = 0;
    for (const e of engines.values()) {
      retries += e.retries;
      rateLimited += e.rateLimited;
    }
    return { retries, rateLimited, concurrency: latest ? `${latest.concurrency}/${latest.maxConcurrency}` : '–' };
  };
  return {
    planned(total, alreadyDone) {
      done = resumedFrom = alreadyDone;
      started = performance.now();
      bar.start(total, alreadyDone, { speed: '0', errors, noVerdict, ...engineFields() });
    },
    result(r) {
      done++;
      if (r.outcome === 'error') errors++;
      if (r.outcome === 'no-verdict') noVerdict++;
      const seconds = (performance.now() - started) / 1000;
      bar.update(done, { speed: seconds > 0 ? ((done - resumedFrom) / seconds).toFixed(0) : '0', errors, noVerdict, ...engineFields() });
    },
    engine(state) {
      engines.set(state.engine, state);
      latest = state;
      bar.update(done, engineFields());
    },
    stop() {
      bar.stop();
    },
  };
}
