import { z } from 'zod';
import { traceRecordReader, type ReadRecord } from '../record.js';
import { badRecord, firstIssue, type LogFormat } from './format.js';

/*
 * OpenTelemetry traces in OTLP's JSON encoding, as the OTLP file exporter
 * writes them (one ExportTraceServiceRequest per line) or as one document.
 * The shapes follow @opentelemetry/otlp-transformer's IExportTraceServiceRequest,
 * IResourceSpans, IScopeSpans, ISpan, IKeyValue and IAnyValue
 * (experimental/packages/otlp-transformer/src/trace/internal-types.ts and
 * src/common/internal-types.ts), read as the OTLP specification's "JSON
 * Protobuf Encoding" says a receiver must: lowerCamelCase keys, unknown fields
 * ignored (zod objects strip them), 64-bit integers as decimal strings or
 * numbers, fields at their default value (empty lists, zero) omitted.
 */

/** IAnyValue: one of its members is set; none set is an attribute without a value. */
interface AnyValue {
  stringValue?: string | null | undefined;
  boolValue?: boolean | null | undefined;
  intValue?: string | number | null | undefined;
  doubleValue?: number | string | null | undefined;
  arrayValue?: { values?: AnyValue[] | undefined } | undefined;
  kvlistValue?: { values?: KeyValue[] | undefined } | undefined;
  bytesValue?: string | undefined;
}

/** IKeyValue. */
interface KeyValue {
  key: string;
  value?: AnyValue | undefined;
}

/** JSON numbers past 2^53 are whole but not "safe" integers, which zod's int() refuses: the precision lost is below what drift reads. */
const whole = z.number().refine(Number.isInteger, 'expected an integer');
const int64 = z.union([z.string().regex(/^-?\d+$/, 'expected a decimal integer'), whole]);
/** Span times: Fixed64 nanoseconds since the epoch (as a number, precise to about 0.2 µs: drift reads milliseconds). */
const unixNano = z.union([z.string().regex(/^\d+$/, 'expected nanoseconds since the epoch, as a decimal string'), whole.refine((n) => n >= 0, 'expected nanoseconds since the epoch')]);

const anyValue: z.ZodType<AnyValue> = z.lazy(() =>
  z.object({
    stringValue: z.string().nullish(),
    boolValue: z.boolean().nullish(),
    intValue: int64.nullish(),
    // The Protobuf JSON mapping writes the non-finite doubles as strings.
    doubleValue: z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]).nullish(),
    arrayValue: z.object({ values: z.array(anyValue).optional() }).optional(),
    kvlistValue: z.object({ values: z.array(keyValue).optional() }).optional(),
    bytesValue: z.string().optional(),
  }),
);
const keyValue: z.ZodType<KeyValue> = z.lazy(() => z.object({ key: z.string(), value: anyValue.optional() }));
const attributes = z.array(keyValue).optional();

const request = z.object({ resourceSpans: z.array(z.unknown()) });
const resourceSpans = z.object({
  resource: z.object({ attributes }).optional(),
  scopeSpans: z.array(z.object({ spans: z.array(z.unknown()).optional() })).optional(),
});
const span = z.object({
  traceId: z.string().optional(),
  spanId: z.string().optional(),
  name: z.string().optional(),
  startTimeUnixNano: unixNano,
  attributes,
});

/** A span as the field mapping sees it: its attributes, then its resource's. */
interface SpanRecord {
  attributes: Map<string, AnyValue>;
  resource: Map<string, AnyValue>;
  start: string | number;
}

const byKey = (list: KeyValue[] | undefined) => new Map((list ?? []).map((kv) => [kv.key, kv.value ?? {}]));

/** An attribute value as a plain JSON value: ints as numbers (as decimal strings beyond 2^53), lists and maps as arrays and objects. */
function plain(value: AnyValue): unknown {
  if (value.stringValue != null) return value.stringValue;
  if (value.boolValue != null) return value.boolValue;
  if (value.intValue != null) {
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : String(value.intValue);
  }
  if (value.doubleValue != null) return Number(value.doubleValue);
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  if (value.kvlistValue) return Object.fromEntries((value.kvlistValue.values ?? []).map((kv) => [kv.key, plain(kv.value ?? {})]));
  if (value.bytesValue != null) return value.bytesValue;
  return null;
}

/** A field is an attribute key, dots included (`gen_ai.request.model`): the span's own, else its resource's (`service.name`). */
function attributeField(name: string): (span: SpanRecord) => unknown {
  return (span) => {
    const value = span.attributes.get(name) ?? span.resource.get(name);
    return value === undefined ? undefined : plain(value);
  };
}

/** The span's start, nanoseconds to milliseconds. */
const startTime = (span: SpanRecord): number => (typeof span.start === 'string' ? Number(BigInt(span.start) / 1_000_000n) : Math.floor(span.start / 1e6));

export const otlpJson: LogFormat = {
  name: 'otlp-json',
  title: 'OTLP JSON',
  detect: (value) => request.safeParse(value).success,
  misfit(value) {
    const parsed = request.safeParse(value);
    if (parsed.success) return null;
    const { field, problem } = firstIssue(parsed.error);
    return { field, problem: `not an OTLP ExportTraceServiceRequest (${problem})` };
  },
  reader(config) {
    const review = traceRecordReader(config, { field: attributeField, ownTime: startTime });
    return (value) => {
      const parsed = request.safeParse(value);
      if (!parsed.success) return [badRecord(parsed.error)];
      const records: ReadRecord[] = [];
      parsed.data.resourceSpans.forEach((rawResource, i) => {
        const where = `resourceSpans[${i}]`;
        const resource = resourceSpans.safeParse(rawResource);
        if (!resource.success) return void records.push(badRecord(resource.error, where));
        const resourceAttributes = byKey(resource.data.resource?.attributes);
        (resource.data.scopeSpans ?? []).forEach((scope, j) => {
          (scope.spans ?? []).forEach((rawSpan, k) => {
            const record = `${where}.scopeSpans[${j}].spans[${k}]`;
            const s = span.safeParse(rawSpan);
            if (!s.success) return void records.push(badRecord(s.error, record));
            records.push({ ...review({ attributes: byKey(s.data.attributes), resource: resourceAttributes, start: s.data.startTimeUnixNano }), record });
          });
        });
      });
      return records;
    };
  },
};
