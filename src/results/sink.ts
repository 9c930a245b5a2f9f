import type { ReviewResult } from '../reviews/types.js';

/**
 * What reads a critic's results as they stream by, each once, and gives its
 * figure at the end: the reports read a critic's results in one pass, every
 * measure's sink fed from it, so a long run's store is read once, not once
 * per measure.
 */
export interface ResultSink<T> {
  add(result: ReviewResult): void;
  finish(): T;
}

/** Feeds every result to the sink and returns its figure: one sink, one pass (specs, and figures read on their own). */
export function drain<T>(sink: ResultSink<T>, results: Iterable<ReviewResult>): T {
  for (const r of results) sink.add(r);
  return sink.finish();
}
