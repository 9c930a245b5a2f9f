import { describe, expect, it } from 'vitest';
import { driftConfigSchema, type LogFormatName } from '../config.js';
import { MISSING_GROUP } from '../record.js';
import { detectFormat, LOG_FORMATS } from './index.js';

const reader = (format: LogFormatName, fields: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  LOG_FORMATS[format].reader(driftConfigSchema.parse({ fields, rejectValues: ['reject', 1, true], ...more }));

const T = Date.UTC(2025, 2, 1, 10, 0, 0, 123);

describe('otlp-json', () => {
  const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const span = (attributes: unknown[], extra: Record<string, unknown> = {}) => ({
    traceId: '5b8efff798038103d269b633813fc60c',
    spanId: 'eee19b7ec3c1b174',
    name: 'chat critic',
    kind: 3,
    startTimeUnixNano: `${T}456789`,
    attributes,
    ...extra,
  });
  const request = (spans: unknown[], resource: unknown[] = []) => ({ resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 's' }, spans }] }] });

  it('reads attributes by key, dots included, the span’s before its resource’s; the time is the span’s start, to the millisecond', () => {
    const read = reader('otlp-json', { verdict: 'critic.verdict', group: ['task.type', 'service.name', 'deployment.environment.name'], fingerprint: ['gen_ai.response.model'] });
    const records = read(
      request(
        [span([str('critic.verdict', 'reject'), str('task.type', 'qa'), str('gen_ai.response.model', 'm-1'), str('service.name', 'own')])],
        [str('service.name', 'svc'), str('deployment.environment.name', 'prod')],
      ),
    );
    expect(records).toEqual([
      {
        review: { time: T, rejected: true, groups: ['qa', 'own', 'prod'], verdict: 'reject', fingerprint: 'm-1' },
        record: 'resourceSpans[0].scopeSpans[0].spans[0]',
      },
    ]);
  });

  it('turns each AnyValue into a plain value: 64-bit ints from decimal strings, doubles, bools, lists, maps, no value', () => {
    const read = reader('otlp-json', { verdict: 'v', group: ['int', 'big', 'double', 'nan', 'list', 'map', 'empty', 'absent'] });
    const [record] = read(
      request([
        span([
          { key: 'v', value: { intValue: '1' } },
          { key: 'int', value: { intValue: '42' } },
          { key: 'big', value: { intValue: '9007199254740993' } },
          { key: 'double', value: { doubleValue: 0.5 } },
          { key: 'nan', value: { doubleValue: 'NaN' } },
          { key: 'list', value: { arrayValue: { values: [{ stringValue: 'a' }, { boolValue: false }] } } },
          { key: 'map', value: { kvlistValue: { values: [{ key: 'k', value: { intValue: 7 } }] } } },
          { key: 'empty', value: {} },
        ]),
      ]),
    );
    expect(record).toMatchObject({ review: { rejected: true, verdict: 1, groups: ['42', '9007199254740993', '0.5', 'NaN', '["a",false]', '{"k":7}', MISSING_GROUP, MISSING_GROUP] } });
  });

  it('counts spans without the verdict attribute apart (the worker’s), and reads a time given as a number', () => {
    const read = reader('otlp-json', { verdict: 'critic.verdict' });
    expect(read(request([span([str('gen_ai.operation.name', 'chat')]), span([{ key: 'critic.verdict', value: { boolValue: true } }], { startTimeUnixNano: T * 1e6 })]))).toEqual([
      { other: true, record: 'resourceSpans[0].scopeSpans[0].spans[0]' },
      { review: { time: T, rejected: true, groups: [], verdict: true }, record: 'resourceSpans[0].scopeSpans[0].spans[1]' },
    ]);
  });

  it('reads a mapped timestamp attribute instead of the span’s start when drift.fields.timestamp names one', () => {
    const read = reader('otlp-json', { timestamp: 'critic.logged_at', verdict: 'critic.verdict' });
    const [record] = read(request([span([str('critic.verdict', 'approve'), str('critic.logged_at', '2025-03-01T12:00:00+02:00')])]));
    expect(record).toMatchObject({ review: { time: Date.UTC(2025, 2, 1, 10) } });
  });

  it('names the bad span and the field inside it; a bad span does not spoil its neighbours', () => {
    const read = reader('otlp-json', { verdict: 'critic.verdict' });
    expect(read(request([span([{ key: 'critic.verdict', value: { intValue: 'one' } }]), span([str('critic.verdict', 'reject')]), span([], { startTimeUnixNano: '17e9' })]))).toEqual([
      { field: 'attributes[0].value.intValue', problem: 'expected a decimal integer', record: 'resourceSpans[0].scopeSpans[0].spans[0]' },
      expect.objectContaining({ review: expect.objectContaining({ rejected: true }) }),
      { field: 'startTimeUnixNano', problem: 'expected nanoseconds since the epoch, as a decimal string', record: 'resourceSpans[0].scopeSpans[0].spans[2]' },
    ]);
    expect(read({ resourceSpans: [{ resource: { attributes: 'x' } }] })).toEqual([{ field: 'resource.attributes', problem: expect.stringContaining('expected array'), record: 'resourceSpans[0]' }]);
    expect(read({ spans: [] })).toEqual([{ field: 'resourceSpans', problem: expect.stringContaining('expected array') }]);
  });
});

describe('langfuse', () => {
  const observation = (extra: Record<string, unknown> = {}) => ({
    id: 'o1',
    traceId: 't1',
    type: 'GENERATION',
    name: 'critic',
    startTime: '2025-03-01T10:00:00.123Z',
    model: 'critic-1',
    output: { verdict: 'reject' },
    metadata: { canary_id: 'c1' },
    ...extra,
  });
  const fields = { verdict: 'output.verdict', canary: 'metadata.canary_id', fingerprint: ['model'] };

  it('reads observations by dot paths, their time from startTime; a trace’s time is its timestamp', () => {
    const read = reader('langfuse', fields);
    expect(read(observation())).toEqual([{ review: { time: T, rejected: true, groups: [], verdict: 'reject', canary: 'c1', fingerprint: 'critic-1' } }]);
    const trace = { id: 't1', timestamp: '2025-03-01T11:00:00Z', name: 'pipeline', output: { verdict: 'approve' }, sessionId: null, userId: null, tags: [] };
    expect(read(trace)).toEqual([{ review: { time: Date.UTC(2025, 2, 1, 11), rejected: false, groups: [], verdict: 'approve', fingerprint: MISSING_GROUP } }]);
  });

  it('reads an array, an API page, and a full trace’s nested observations (not the ids a trace lists)', () => {
    const read = reader('langfuse', fields);
    const worker = { ...observation({ id: 'o0', type: 'SPAN', output: { answer: 'x' } }) };
    expect(read([worker, observation()]).map((r) => r.record)).toEqual(['[0]', '[1]']);
    expect(read({ data: [observation(), worker], meta: { page: 1 } }).map((r) => [r.record, 'other' in r])).toEqual([
      ['data[0]', false],
      ['data[1]', true],
    ]);
    const full = { id: 't1', timestamp: '2025-03-01T09:00:00Z', htmlPath: '/t1', observations: [worker, 'o9', observation()], scores: [] };
    expect(read(full).map((r) => [r.record, 'other' in r])).toEqual([
      [undefined, true],
      ['observations[0]', true],
      ['observations[2]', false],
    ]);
  });

  it('names the bad record and field: a missing startTime, an unreadable time', () => {
    const read = reader('langfuse', fields);
    expect(read([observation({ startTime: undefined })])).toEqual([{ field: 'startTime', problem: expect.stringContaining('expected string'), record: '[0]' }]);
    expect(read(observation({ startTime: '2025-03-01 10:00' }))).toEqual([{ field: 'startTime', problem: '"2025-03-01 10:00" has no time zone (add Z or an offset)' }]);
  });
});

describe('langsmith', () => {
  const run = (extra: Record<string, unknown> = {}) => ({
    id: 'r1',
    name: 'critic',
    run_type: 'llm',
    start_time: '2025-03-01T10:00:00.123456',
    outputs: { verdict: 'reject' },
    extra: { metadata: { ls_model_name: 'critic-1', canary_id: 'c1' } },
    ...extra,
  });
  const fields = { verdict: 'outputs.verdict', canary: 'extra.metadata.canary_id', fingerprint: ['extra.metadata.ls_model_name'] };

  it('reads start_time without a zone as UTC (LangSmith’s API writes it so), with an offset or as epoch milliseconds', () => {
    const read = reader('langsmith', fields);
    const time = (start_time: unknown) => read(run({ start_time }))[0];
    expect(time('2025-03-01T10:00:00.123456')).toEqual({ review: { time: T, rejected: true, groups: [], verdict: 'reject', canary: 'c1', fingerprint: 'critic-1' } });
    expect(time('2025-03-01T12:00:00.123+02:00')).toMatchObject({ review: { time: T } });
    expect(time(T)).toMatchObject({ review: { time: T } });
    expect(time(null)).toEqual({ field: 'start_time', problem: 'missing' });
  });

  it('reads child runs at any depth, and a page of runs', () => {
    const read = reader('langsmith', fields);
    const root = run({ id: 'r0', name: 'pipeline', run_type: 'chain', outputs: {}, child_runs: [run({ child_runs: [run({ id: 'r2' })] })] });
    expect(read(root).map((r) => [r.record, 'other' in r])).toEqual([
      [undefined, true],
      ['child_runs[0]', false],
      ['child_runs[0].child_runs[0]', false],
    ]);
    expect(read({ runs: [run(), run()], cursors: {} }).map((r) => r.record)).toEqual(['runs[0]', 'runs[1]']);
    expect(read([run({ run_type: 3 })])).toEqual([{ field: 'run_type', problem: expect.stringContaining('expected string'), record: '[0]' }]);
  });
});

describe('detectFormat', () => {
  it('tells the formats apart by their first JSON value; any other object is JSON Lines', () => {
    const detected = (value: unknown) => detectFormat(value)?.name ?? null;
    expect(detected({ resourceSpans: [] })).toBe('otlp-json');
    expect(detected({ id: 'r', name: 'n', run_type: 'llm', start_time: '2025-01-01T00:00:00' })).toBe('langsmith');
    expect(detected([{ id: 'r', name: 'n', run_type: 'llm' }])).toBe('langsmith');
    expect(detected({ id: 'o', traceId: 't', type: 'SPAN', startTime: '2025-01-01T00:00:00Z' })).toBe('langfuse');
    expect(detected({ data: [{ id: 't', timestamp: '2025-01-01T00:00:00Z', sessionId: null, userId: 'u' }], meta: {} })).toBe('langfuse');
    // An id and a timestamp alone are as likely a JSON Lines review as a Langfuse trace.
    expect(detected({ id: 7, timestamp: '2025-01-01T00:00:00Z', verdict: 'reject' })).toBe('jsonl');
    expect(detected({ id: 't', timestamp: '2025-01-01T00:00:00Z', verdict: 'reject' })).toBe('jsonl');
    expect(detected([1, 2])).toBe(null);
  });
});
