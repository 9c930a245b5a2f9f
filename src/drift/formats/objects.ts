import type { z } from 'zod';
import { pathField, traceRecordReader, type ReadRecord } from '../record.js';
import type { LogFormatName } from '../config.js';
import { badRecord, firstIssue, isObject, type LogFormat } from './format.js';

/** A trace format whose records are plain objects, read by dot paths (`output.verdict`, `extra.metadata.canary_id`). */
export interface ObjectFormatSpec<R extends object> {
  name: LogFormatName;
  title: string;
  /** What a record is, for messages: "a Langfuse trace or observation". */
  record: string;
  /** The key an API page lists its records under (`{data: [...], meta}`, `{runs: [...]}`). */
  pageKey: string;
  /** The key a record lists nested records under (a full trace's observations, a run's child runs); entries that are not objects (ids) are skipped. */
  nestedKey: string;
  /** Validates one record against the published type. */
  parse(value: unknown): z.ZodSafeParseResult<R>;
  /** Whether a valid record is surely of this format, not a JSON Lines review that happens to fit (detection only). */
  marked(record: R): boolean;
  /** The record's own time: epoch ms, or the problem with its field (startTime, start_time). */
  ownTime(record: R): number | { field: string; problem: string };
}

/** A located record: the value and where it sits in its line or document (undefined: the value itself). */
type Located = [value: unknown, where: string | undefined];

/** A value's records: one record, an array of them, or an API page of them; each followed by the records nested in it. */
function* recordsOf(value: unknown, spec: { pageKey: string; nestedKey: string }): Generator<Located> {
  const page = isObject(value) ? value[spec.pageKey] : undefined;
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* withNested(v, `[${i}]`, spec.nestedKey);
  else if (Array.isArray(page)) for (const [i, v] of page.entries()) yield* withNested(v, `${spec.pageKey}[${i}]`, spec.nestedKey);
  else yield* withNested(value, undefined, spec.nestedKey);
}

function* withNested(record: unknown, where: string | undefined, nestedKey: string): Generator<Located> {
  yield [record, where];
  const nested = isObject(record) ? record[nestedKey] : undefined;
  if (!Array.isArray(nested)) return;
  for (const [j, child] of nested.entries()) if (isObject(child)) yield* withNested(child, `${where ? `${where}.` : ''}${nestedKey}[${j}]`, nestedKey);
}

/** A path-mapped trace format from its spec. */
export function objectFormat<R extends object>(spec: ObjectFormatSpec<R>): LogFormat {
  const first = (value: unknown): Located | undefined => recordsOf(value, spec).next().value;
  const notRecords = { field: undefined, problem: `not ${spec.record}, an array of them, or an API page {${spec.pageKey}: [...]}` };
  const misfit = (value: unknown) => {
    if (!isObject(value) && !Array.isArray(value)) return notRecords;
    const located = first(value);
    if (!located) return null;
    const parsed = spec.parse(located[0]);
    if (parsed.success) return null;
    const { field, problem } = firstIssue(parsed.error);
    const where = [located[1], field].filter(Boolean).join('.');
    return { field: where || undefined, problem: `not ${spec.record} (${problem})` };
  };
  return {
    name: spec.name,
    title: spec.title,
    misfit,
    detect(value) {
      const located = first(value);
      const parsed = located && spec.parse(located[0]);
      return parsed?.success === true && spec.marked(parsed.data);
    },
    reader(config) {
      const review = traceRecordReader<R>(config, { field: pathField, ownTime: spec.ownTime });
      return (value) => {
        if (!isObject(value) && !Array.isArray(value)) return [notRecords];
        const records: ReadRecord[] = [];
        for (const [raw, where] of recordsOf(value, spec)) {
          const parsed = spec.parse(raw);
          const read = parsed.success ? review(parsed.data) : badRecord(parsed.error);
          records.push(where ? { ...read, record: where } : read);
        }
        return records;
      };
    },
  };
}
