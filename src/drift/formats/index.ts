import type { LogFormatName } from '../config.js';
import type { ReadRecord } from '../record.js';
import type { LogFormat } from './format.js';
import { jsonLines } from './jsonl.js';
import { langfuse } from './langfuse.js';
import { langsmith } from './langsmith.js';
import { otlpJson } from './otlp.js';

export type { LogFormat, Problem } from './format.js';
export { lineParser } from './jsonl.js';

/** The formats `drift.format` names. */
export const LOG_FORMATS: Record<LogFormatName, LogFormat> = { jsonl: jsonLines, 'otlp-json': otlpJson, langfuse, langsmith };

/** Content detection tries the distinctive shapes first: any JSON object would pass for JSON Lines. */
const DETECTION_ORDER: readonly LogFormat[] = [otlpJson, langsmith, langfuse, jsonLines];

/** The format a file's first JSON value is in; null when none recognises it (a value that is no object, say). */
export function detectFormat(value: unknown): LogFormat | null {
  return DETECTION_ORDER.find((format) => format.detect(value)) ?? null;
}

/** The reviews a value's records hold: the earliest time among them, or null. */
export function earliestReview(records: readonly ReadRecord[]): number | null {
  let earliest: number | null = null;
  for (const r of records) if ('review' in r && (earliest === null || r.review.time < earliest)) earliest = r.review.time;
  return earliest;
}
