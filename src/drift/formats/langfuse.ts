import { z } from 'zod';
import { parseTime, utcIfZoneless } from '../record.js';
import { isObject } from './format.js';
import { objectFormat } from './objects.js';

/*
 * Langfuse's exported traces and observations, in the shapes of its public
 * API as the `@langfuse/core` package types them (5.10.1,
 * packages/core/src/api/api/resources/commons/types/): Observation,
 * ObservationsView and ObservationV2 (id, traceId, type GENERATION / SPAN /
 * EVENT / ..., startTime, name, input, output, metadata, model...), Trace,
 * TraceWithDetails and TraceWithFullDetails (id, timestamp, name, input,
 * output, metadata, tags..., a full trace's observations nested). A line or
 * document holds one of them, an array of them, or an API page
 * ({data: [...], meta}: Traces, ObservationsViews, ObservationsV2Response).
 * Only what drift reads is checked; every other key is kept for the field
 * mapping (`output.verdict`, `metadata.canary_id`).
 *
 * Also Langfuse's blob-storage export (its field reference,
 * docs/api-and-data-platform/features/blob-storage-export-fields): the same
 * records with snake_case keys, one per line (enriched observations_v2/,
 * legacy observations/ and traces/): id, trace_id, type, start_time,
 * provided_model_name, metadata (an object), input and output as strings
 * ("plain text or JSON"), times as `YYYY-MM-DD HH:MM:SS.ffffff` in UTC.
 */

const observation = z.looseObject({
  id: z.string(),
  traceId: z.string().nullish(),
  type: z.string(),
  name: z.string().nullish(),
  startTime: z.string(),
});

/** An export's payload string, read as the JSON it holds when it holds an object or array, so `output.verdict` reaches into it. */
const payload = z.unknown().transform((value) => {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value; // plain text that starts with a bracket
  }
});
const exportedObservation = z.looseObject({
  id: z.string(),
  trace_id: z.string().nullish(),
  type: z.string(),
  name: z.string().nullish(),
  start_time: z.string(),
  input: payload,
  output: payload,
});
const trace = z.looseObject({
  id: z.string(),
  timestamp: z.string(),
  name: z.string().nullish(),
});

type LangfuseRecord = z.infer<typeof observation> | z.infer<typeof exportedObservation> | z.infer<typeof trace>;

/** Observations carry a type (the export spells their time start_time); traces do not. */
function parse(value: unknown): z.ZodSafeParseResult<LangfuseRecord> {
  if (!isObject(value) || !('type' in value)) return trace.safeParse(value);
  return 'start_time' in value ? exportedObservation.safeParse(value) : observation.safeParse(value);
}

export const langfuse = objectFormat<LangfuseRecord>({
  name: 'langfuse',
  title: 'Langfuse',
  record: 'a Langfuse trace or observation',
  pageKey: 'data',
  nestedKey: 'observations',
  parse,
  // A trace's shape (an id and a timestamp) is common in JSON Lines logs: a Langfuse trace also lists its session and user, null or not.
  marked: (record) => 'startTime' in record || ('start_time' in record && 'trace_id' in record) || ('sessionId' in record && 'userId' in record) || ('session_id' in record && 'user_id' in record),
  ownTime(record) {
    // The export writes UTC without a zone; the API always gives one, so a time of its without one is refused.
    const [field, raw] = 'startTime' in record ? ['startTime', record.startTime] : 'start_time' in record ? ['start_time', utcIfZoneless(record.start_time)] : ['timestamp', record.timestamp];
    const time = parseTime(raw);
    return typeof time === 'string' ? { field, problem: time } : time;
  },
});
