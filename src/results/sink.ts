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
