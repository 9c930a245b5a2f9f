import type { ResultSink } from '../../src/results/sink.js';
import type { ReviewResult } from '../../src/reviews/types.js';

/** Feeds every result to the sink and returns its figure: a sink read on its own, as the reports' one pass feeds it. */
export function drain<T>(sink: ResultSink<T>, results: Iterable<ReviewResult>): T {
  for (const r of results) sink.add(r);
  return sink.finish();
}
