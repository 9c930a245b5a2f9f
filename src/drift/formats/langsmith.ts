import { z } from 'zod';
import { parseTime, utcIfZoneless } from '../record.js';
import { objectFormat } from './objects.js';

/*
 * LangSmith's exported runs, in the shape of the `langsmith` package's Run
 * type (0.9.0, js/src/schemas.ts: BaseRun and Run: id, name, run_type,
 * start_time, end_time, inputs, outputs, extra (its metadata under
 * extra.metadata), tags, trace_id, parent_run_id, child_runs...). A line or
 * document holds a run, an array of runs, or a page of them ({runs: [...]},
 * as the runs query endpoint answers); child runs loaded with a run are read
 * too. Only what drift reads is checked; every other key is kept for the
 * field mapping (`outputs.verdict`, `extra.metadata.canary_id`).
 */

const run = z.looseObject({
  id: z.string(),
  name: z.string(),
  run_type: z.string(),
  start_time: z.union([z.string(), z.number()]).nullish(),
});

type Run = z.infer<typeof run>;

export const langsmith = objectFormat<Run>({
  name: 'langsmith',
  title: 'LangSmith',
  record: 'a LangSmith run',
  pageKey: 'runs',
  nestedKey: 'child_runs',
  parse: (value) => run.safeParse(value),
  marked: () => true,
  ownTime(record) {
    const raw = record.start_time;
    if (raw === undefined || raw === null) return { field: 'start_time', problem: 'missing' };
    // LangSmith's API writes its UTC times without a zone.
    const time = parseTime(utcIfZoneless(raw));
    return typeof time === 'string' ? { field: 'start_time', problem: time } : time;
  },
});
