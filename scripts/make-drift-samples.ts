/**
 * Writes fixtures/drift-samples/: one small production stream with canaries
 * (verdicts, canary ids, fingerprints, a group field, two bad records) as
 * JSON Lines and converted into the three trace formats `drift` reads, each
 * beside the drift config that maps its fields:
 *
 * - verdicts.jsonl.gz                JSON Lines, one review per line
 * - otlp-traces.jsonl.gz             OTLP JSON, as the OTLP file exporter writes it: one
 *                                    ExportTraceServiceRequest per line, GenAI spans
 * - langfuse-observations.json.gz    Langfuse: one document, a page of the public API's
 *                                    observations ({data, meta}), newest first
 * - langsmith-runs.jsonl.gz          LangSmith: one root run per line, the critic's run among
 *                                    its child_runs, start times as its API writes them (UTC, no zone)
 * - langfuse-export.jsonl.gz         Langfuse's blob-storage export (enriched observations_v2/, JSONL):
 *                                    one observation per line, snake_case keys, input and output as
 *                                    strings, times as `YYYY-MM-DD HH:MM:SS.ffffff` in UTC; read with
 *                                    drift.format langfuse and its own field mapping (langfuse-export.config.yaml)
 *
 * Each critic review is the same verdict at the same millisecond in every
 * format, so `drift` reads each to the same figures (src/drift/formats/samples.spec.ts).
 * The worker's spans, observations and runs that sit beside the critic's have
 * no verdict field: they are read and counted, not reviewed. Seeded, and gzip
 * without a timestamp: rerunning it reproduces the committed files byte for byte.
 *
 *   npx tsc -p tsconfig.json && node dist/scripts/make-drift-samples.js [OUT_DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { productionLog, syntheticAnswerKey, type ProductionStream } from '../src/drift/simulate.js';
import { createRng } from '../src/statistics/random.js';
import { sha256Hex } from '../src/util/hash.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';

export const SAMPLES_DIR = join(PACKAGE_ROOT, 'fixtures', 'drift-samples');

/** Day (0-based) the worker gets worse: the ordinary rejection rate quadruples. */
const WORKER_WORSE_DAY = 5;
/** Day a new critic model takes over: it catches 20% of canary mutants instead of 80%. */
const NEW_CRITIC_DAY = 6;

const STREAM: ProductionStream = {
  seed: 'drift-samples',
  days: 12,
  reviewsPerDay: 60,
  canaryShare: 0.5,
  rejectionRate: (day) => (day < WORKER_WORSE_DAY ? 0.1 : 0.4),
  catchRate: (day) => (day < NEW_CRITIC_DAY ? 0.8 : 0.2),
  falseAlarmRate: () => 0.05,
  judge: (day) => ({ model: day < NEW_CRITIC_DAY ? 'critic-2025-01' : 'critic-2025-02', prompt_version: 'v3' }),
};

const TASKS = ['summary', 'extraction', 'policy-qa'];

/** One critic review, as the JSON Lines log holds it. */
interface Line {
  ts: string;
  task_type: string;
  model: string;
  prompt_version: string;
  verdict: string;
  canary_id?: string;
}

/** The stream as JSON Lines records; line 201 has a verdict the config does not know, line 402 a time that is none. */
function streamLines(): Line[] {
  const key = sampleKey();
  const rng = createRng('drift-samples-tasks');
  const lines: Line[] = [];
  for (const record of productionLog(STREAM, key)) {
    const { ts, verdict, model, prompt_version, canary_id } = record as Record<string, string>;
    const line: Line = { ts: ts!, task_type: TASKS[rng.int(TASKS.length)]!, model: model!, prompt_version: prompt_version!, verdict: verdict! };
    if (canary_id !== undefined) line.canary_id = canary_id;
    lines.push(line);
  }
  lines[200] = { ...lines[200]!, verdict: 'maybe' };
  lines[401] = { ...lines[401]!, ts: 'yesterday' };
  return lines;
}

export const sampleKey = () => syntheticAnswerKey({ seed: 'drift-samples', mutants: 60, controls: 20, mutators: ['number-flip', 'negation', 'entity-swap', 'date-shift'] });

/** Settings every sample's config shares: a short reference, as the stream is short. */
const SHARED = `  rejectValues: [reject]
  approveValues: [approve]
  reference: { days: 4, minReviews: 50 }
`;

export const SAMPLE_CONFIGS = {
  jsonl: `drift:
  format: jsonl
  fields:
    timestamp: ts
    verdict: verdict
    canary: canary_id
    fingerprint: [model, prompt_version]
    group: [task_type]
${SHARED}`,
  // Field names are attribute keys: the span's own, else its resource's (critic.prompt_version).
  'otlp-json': `drift:
  format: otlp-json
  fields:
    verdict: critic.verdict
    canary: critic.canary_id
    fingerprint: [gen_ai.response.model, critic.prompt_version]
    group: [task.type]
${SHARED}`,
  langfuse: `drift:
  format: langfuse
  fields:
    verdict: output.verdict
    canary: metadata.canary_id
    fingerprint: [model, metadata.prompt_version]
    group: [metadata.task_type]
${SHARED}`,
  langsmith: `drift:
  format: langsmith
  fields:
    verdict: outputs.verdict
    canary: extra.metadata.canary_id
    fingerprint: [extra.metadata.ls_model_name, extra.metadata.prompt_version]
    group: [extra.metadata.task_type]
${SHARED}`,
};

/** Langfuse's blob-storage export: the langfuse format, with the export's own field names. */
export const LANGFUSE_EXPORT = {
  file: 'langfuse-export.jsonl.gz',
  config: 'langfuse-export.config.yaml',
  text: `drift:
  format: langfuse
  fields:
    verdict: output.verdict
    canary: metadata.canary_id
    fingerprint: [provided_model_name, metadata.prompt_version]
    group: [metadata.task_type]
${SHARED}`,
} as const;

export const SAMPLE_FILES = {
  jsonl: 'verdicts.jsonl.gz',
  'otlp-json': 'otlp-traces.jsonl.gz',
  langfuse: 'langfuse-observations.json.gz',
  langsmith: 'langsmith-runs.jsonl.gz',
} as const;

/** A stable id of `bytes` bytes in hex (trace and span ids), or a UUID-shaped one (Langfuse and LangSmith ids). */
const hexId = (seed: string, bytes: number) => sha256Hex(`drift-samples\0${seed}`).slice(0, 2 * bytes);
const uuid = (seed: string) => hexId(seed, 16).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const ms = (line: Line) => Date.parse(line.ts);
/**
 * The bad time of line 402 stays bad in each format's own way, on the
 * critic's record only: the worker's records beside it are left out, as
 * their own times would be invented.
 */
const timeOk = (line: Line) => !Number.isNaN(ms(line));
const plus = (line: Line, millis: number) => new Date(ms(line) + millis).toISOString();

// --- OTLP JSON -------------------------------------------------------------

const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const int = (key: string, value: number) => ({ key, value: { intValue: String(value) } });
const nanos = (line: Line, millis = 0) => (timeOk(line) ? `${ms(line) + millis}000000` : line.ts);

/** The worker's chat span and the critic's, in one trace; the critic's carries the verdict. */
function otlpSpans(line: Line, i: number) {
  const traceId = hexId(`trace ${i}`, 16);
  const worker = hexId(`worker span ${i}`, 8);
  const workerSpan = {
    traceId,
    spanId: worker,
    name: 'chat support-model',
    kind: 3,
    startTimeUnixNano: nanos(line, -2400),
    endTimeUnixNano: nanos(line, -300),
    attributes: [str('gen_ai.operation.name', 'chat'), str('gen_ai.provider.name', 'openai'), str('gen_ai.request.model', 'support-model'), str('task.type', line.task_type)],
    status: {},
  };
  return [
    ...(timeOk(line) ? [workerSpan] : []),
    {
      traceId,
      spanId: hexId(`critic span ${i}`, 8),
      parentSpanId: worker,
      name: `chat ${line.model}`,
      kind: 3,
      startTimeUnixNano: nanos(line),
      endTimeUnixNano: nanos(line, 900),
      attributes: [
        str('gen_ai.operation.name', 'chat'),
        str('gen_ai.provider.name', 'openai'),
        str('gen_ai.request.model', line.model),
        str('gen_ai.response.model', line.model),
        int('gen_ai.usage.input_tokens', 800 + (i % 50)),
        int('gen_ai.usage.output_tokens', 40 + (i % 7)),
        str('task.type', line.task_type),
        str('critic.verdict', line.verdict),
        ...(line.canary_id !== undefined ? [str('critic.canary_id', line.canary_id)] : []),
      ],
      status: {},
    },
  ];
}

/** One ExportTraceServiceRequest per batch of 40 reviews, as a batching span processor sends them. */
function otlpRequests(lines: Line[]) {
  const requests = [];
  for (let from = 0; from < lines.length; from += 40) {
    const spans = lines.slice(from, from + 40).flatMap((line, j) => otlpSpans(line, from + j));
    requests.push({
      resourceSpans: [
        {
          resource: { attributes: [str('service.name', 'support-critic'), str('critic.prompt_version', lines[from]!.prompt_version)] },
          scopeSpans: [{ scope: { name: 'critic-instrumentation', version: '1.0.0' }, spans }],
        },
      ],
    });
  }
  return requests;
}

// --- Langfuse --------------------------------------------------------------

/** The worker's span and the critic's generation, in one trace. */
function langfuseObservations(line: Line, i: number) {
  const traceId = hexId(`trace ${i}`, 16);
  const common = { version: null, level: 'DEFAULT', statusMessage: null, promptId: null, environment: 'production', completionStartTime: null };
  const workerId = uuid(`worker observation ${i}`);
  const worker = () => ({
    id: workerId,
    traceId,
    type: 'SPAN',
    name: 'answer',
    startTime: plus(line, -2400),
    endTime: plus(line, -300),
    model: null,
    input: { question: `ticket ${i}` },
    output: { answer: `draft ${i}` },
    metadata: { task_type: line.task_type },
    parentObservationId: null,
    usageDetails: {},
    costDetails: {},
    ...common,
  });
  const critic = {
    id: uuid(`critic observation ${i}`),
    traceId,
    type: 'GENERATION',
    name: 'critic',
    startTime: line.ts,
    endTime: timeOk(line) ? plus(line, 900) : null,
    model: line.model,
    modelParameters: { temperature: 0 },
    input: [{ role: 'user', content: `Review draft ${i}.` }],
    output: { verdict: line.verdict },
    metadata: { task_type: line.task_type, prompt_version: line.prompt_version, ...(line.canary_id !== undefined ? { canary_id: line.canary_id } : {}) },
    parentObservationId: timeOk(line) ? workerId : null,
    usageDetails: { input: 800 + (i % 50), output: 40 + (i % 7), total: 840 + (i % 50) + (i % 7) },
    costDetails: {},
    ...common,
  };
  return timeOk(line) ? [worker(), critic] : [critic];
}

/** A page of GET /api/public/observations: newest first, one document. */
function langfuseDocument(lines: Line[]): string {
  const data = lines.flatMap(langfuseObservations).reverse();
  return JSON.stringify({ data, meta: { page: 1, limit: data.length, totalItems: data.length, totalPages: 1 } }, null, 1);
}

/** Langfuse's export writes UTC as `YYYY-MM-DD HH:MM:SS.ffffff`. */
const exportTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`;

/** The worker's span and the critic's generation as rows of the enriched observations export, oldest first. */
function langfuseExportRows(line: Line, i: number) {
  const traceId = hexId(`trace ${i}`, 16);
  const trace = { project_id: 'support-project', environment: 'production', user_id: null, session_id: null, trace_name: 'support-pipeline', tags: [] };
  const workerId = uuid(`worker observation ${i}`);
  const worker = () => ({
    id: workerId,
    trace_id: traceId,
    type: 'SPAN',
    name: 'answer',
    start_time: exportTime(plus(line, -2400)),
    end_time: exportTime(plus(line, -300)),
    parent_observation_id: null,
    provided_model_name: null,
    input: JSON.stringify({ question: `ticket ${i}` }),
    output: `draft ${i}`,
    metadata: { task_type: line.task_type },
    ...trace,
  });
  const critic = {
    id: uuid(`critic observation ${i}`),
    trace_id: traceId,
    type: 'GENERATION',
    name: 'critic',
    start_time: timeOk(line) ? exportTime(line.ts) : line.ts,
    end_time: timeOk(line) ? exportTime(plus(line, 900)) : null,
    parent_observation_id: timeOk(line) ? workerId : null,
    provided_model_name: line.model,
    input: JSON.stringify([{ role: 'user', content: `Review draft ${i}.` }]),
    output: JSON.stringify({ verdict: line.verdict }),
    metadata: { task_type: line.task_type, prompt_version: line.prompt_version, ...(line.canary_id !== undefined ? { canary_id: line.canary_id } : {}) },
    usage_details: { input: 800 + (i % 50), output: 40 + (i % 7), total: 840 + (i % 50) + (i % 7) },
    ...trace,
  };
  return timeOk(line) ? [worker(), critic] : [critic];
}

// --- LangSmith -------------------------------------------------------------

/** LangSmith's API writes its UTC times without a zone, to the microsecond. */
const zoneless = (iso: string) => `${iso.slice(0, 23)}000`;

/** The pipeline's root run with the critic's llm run among its child runs. */
function langsmithRun(line: Line, i: number) {
  const traceId = uuid(`trace ${i}`);
  const critic = {
    id: uuid(`critic run ${i}`),
    name: 'critic',
    run_type: 'llm',
    start_time: timeOk(line) ? zoneless(line.ts) : line.ts,
    end_time: timeOk(line) ? zoneless(plus(line, 900)) : null,
    inputs: { messages: [{ role: 'user', content: `Review draft ${i}.` }] },
    outputs: { verdict: line.verdict },
    extra: {
      metadata: {
        ls_model_name: line.model,
        ls_provider: 'openai',
        prompt_version: line.prompt_version,
        task_type: line.task_type,
        ...(line.canary_id !== undefined ? { canary_id: line.canary_id } : {}),
      },
    },
    tags: ['critic'],
    parent_run_id: traceId,
    trace_id: traceId,
    status: 'success',
  };
  if (!timeOk(line)) return critic;
  return {
    id: traceId,
    name: 'support-pipeline',
    run_type: 'chain',
    start_time: zoneless(plus(line, -2400)),
    end_time: zoneless(plus(line, 1000)),
    inputs: { question: `ticket ${i}` },
    outputs: { answer: `draft ${i}` },
    extra: { metadata: { task_type: line.task_type } },
    tags: [],
    trace_id: traceId,
    status: 'success',
    child_runs: [critic],
  };
}

/** Writes the samples; returns the number of reviews. */
export function writeDriftSamples(out = SAMPLES_DIR): number {
  mkdirSync(out, { recursive: true });
  const lines = streamLines();
  const jsonl = (records: readonly unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  writeFileSync(join(out, SAMPLE_FILES.jsonl), gzipSync(jsonl(lines)));
  writeFileSync(join(out, SAMPLE_FILES['otlp-json']), gzipSync(jsonl(otlpRequests(lines))));
  writeFileSync(join(out, SAMPLE_FILES.langfuse), gzipSync(langfuseDocument(lines) + '\n'));
  writeFileSync(join(out, SAMPLE_FILES.langsmith), gzipSync(jsonl(lines.map(langsmithRun))));
  writeFileSync(join(out, LANGFUSE_EXPORT.file), gzipSync(jsonl(lines.flatMap(langfuseExportRows))));
  writeFileSync(join(out, LANGFUSE_EXPORT.config), LANGFUSE_EXPORT.text);
  writeFileSync(join(out, 'answer-key.json'), JSON.stringify(sampleKey(), null, 2) + '\n');
  for (const [format, config] of Object.entries(SAMPLE_CONFIGS)) writeFileSync(join(out, `${format}.config.yaml`), config);
  return lines.length;
}

if (process.argv[1]?.endsWith('make-drift-samples.js')) {
  const out = process.argv[2] ?? SAMPLES_DIR;
  console.log(`wrote ${writeDriftSamples(out)} reviews in four formats (and Langfuse's blob-storage export) to ${out}`);
}
