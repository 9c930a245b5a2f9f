import { z } from 'zod';
import { parseTime } from '../record.js';
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
 */

const observation = z.looseObject({
  id: z.string(),
  traceId: z.string().nullish(),
  type: z.string(),
  name: z.string().nullish(),
  startTime: z.string(),
});
const trace = z.looseObject({
  id: z.string(),
  timestamp: z.string(),
  name: z.string().nullish(),
});

type LangfuseRecord = z.infer<typeof observation> | z.infer<typeof trace>;

/** Observations carry a type; traces do not. */
const parse = (value: unknown): z.ZodSafeParseResult<LangfuseRecord> => (isObject(value) && 'type' in value ? observation.safeParse(value) : trace.safeParse(value));

export const langfuse = objectFormat<LangfuseRecord>({
  name: 'langfuse',
  title: 'Langfuse',
  record: 'a Langfuse trace or observation',
  pageKey: 'data',
  nestedKey: 'observations',
  parse,
  // A trace's shape (an id and a timestamp) is common in JSON Lines logs: a Langfuse trace also lists its session and user, null or not.
  marked: (record) => 'startTime' in record || ('sessionId' in record && 'userId' in record),
  ownTime(record) {
    const [field, raw] = 'startTime' in record ? ['startTime', record.startTime] : ['timestamp', record.timestamp];
    const time = parseTime(raw);
    return typeof time === 'string' ? { field, problem: time } : time;
  },
});
