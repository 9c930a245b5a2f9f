import { appendFileSync, existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CONFIGS, SAMPLE_FILES, SAMPLES_DIR } from '../../../scripts/make-drift-samples.js';
import { sha256Hex } from '../../util/hash.js';
import { driftCommand } from '../command.js';
import type { LogFormatName } from '../config.js';
import type { DriftReport } from '../report.js';

let dir: string;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'drift-logs-'));
  stderr = [];
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation((...a) => void stderr.push(a.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

async function drift(...args: string[]): Promise<{ code: number; report: DriftReport | undefined }> {
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  const code = await driftCommand([...args, '--out', out]);
  const json = join(out, 'drift.json');
  return { code, report: existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : undefined };
}

const key = join(SAMPLES_DIR, 'answer-key.json');
const sampleText = (format: LogFormatName) => gunzipSync(readFileSync(join(SAMPLES_DIR, SAMPLE_FILES[format]))).toString('utf8');
const sampleLines = (format: LogFormatName) => sampleText(format).trim().split('\n');

function write(name: string, text: string | Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
const config = (format: LogFormatName, text = SAMPLE_CONFIGS[format]) => write(`${format}-${Math.random().toString(36).slice(2)}.config.yaml`, text);
const withoutFormat = (format: LogFormatName) => SAMPLE_CONFIGS[format].replace(`  format: ${format}\n`, '');
const lines = (list: readonly string[]) => list.map((l) => `${l}\n`).join('');
/** drift.json without what belongs to one run only. */
const stable = (r: DriftReport | undefined) => ({ ...r, run: undefined });
/** The input counts, not where they were read (which files, which lines, where the bad records sit). */
function counts(r: DriftReport) {
  const { files: _files, lines: _lines, badLines, ...rest } = r.inputs;
  return { ...rest, badLines: { ...badLines, shown: badLines.shown.map((b) => b.problem) } };
}

type LangfusePage = { data: Array<Record<string, unknown>>; meta: Record<string, number> };
/** The Langfuse sample's observations, oldest first. */
const langfuseObservations = () => (JSON.parse(sampleText('langfuse')) as LangfusePage).data.reverse();
/** A page of observations as the API lists them: newest first, pretty-printed. */
const langfusePage = (observations: ReadonlyArray<Record<string, unknown>>) =>
  JSON.stringify({ data: [...observations].reverse(), meta: { page: 1, limit: observations.length, totalItems: observations.length, totalPages: 1 } }, null, 2);

describe('drift --state with OTLP JSON Lines (one export request per line)', () => {
  it('resumes a growing file at its byte offset: the runs give exactly the numbers of one pass', async () => {
    const requests = sampleLines('otlp-json');
    const cfg = config('otlp-json');
    const live = write('traces.jsonl', lines(requests));
    const whole = await drift(live, '--config', cfg, '--canaries', key);

    const state = join(dir, 'state.json');
    // The exporter is mid-write at the first run: half a request is left for the next one.
    writeFileSync(live, lines(requests.slice(0, 7)) + requests[7]!.slice(0, 500));
    const first = await drift(live, '--config', cfg, '--canaries', key, '--state', state);
    expect(first.report!.run.linesRead).toBe(7);
    appendFileSync(live, `${requests[7]!.slice(500)}\n${lines(requests.slice(8, 13))}`);
    expect((await drift(live, '--config', cfg, '--canaries', key, '--state', state)).report!.run.linesRead).toBe(6);
    appendFileSync(live, lines(requests.slice(13)));
    const last = await drift(live, '--config', cfg, '--canaries', key, '--state', state);
    expect(last.report!.run.linesRead).toBe(requests.length - 13);
    expect(last.report!.canaries!.alarms).toHaveLength(1);
    expect(stable(last.report)).toEqual(stable(whole.report));
  });

  it('recognises the rotated file by its first request, renamed and gzipped, and reads the new live file from its start', async () => {
    const requests = sampleLines('otlp-json');
    const cfg = config('otlp-json');
    const whole = await drift(write('whole.jsonl', lines(requests)), '--config', cfg, '--canaries', key);

    const state = join(dir, 'state.json');
    const live = write('traces.jsonl', lines(requests.slice(0, 8)));
    await drift(live, '--config', cfg, '--canaries', key, '--state', state);
    appendFileSync(live, lines(requests.slice(8, 10)));
    // The rotator: traces.jsonl → traces.jsonl.1.gz, a new traces.jsonl.
    const rotated = join(dir, 'traces.jsonl.1.gz');
    writeFileSync(rotated, gzipSync(readFileSync(live)));
    renameSync(live, join(dir, 'gone'));
    write('traces.jsonl', lines(requests.slice(10)));
    const after = await drift(live, rotated, '--config', cfg, '--canaries', key, '--state', state);
    expect(after.code).toBe(1);
    expect(after.report!.run.linesRead).toBe(2 + requests.length - 10);
    expect(counts(after.report!)).toEqual(counts(whole.report!));
    expect(after.report!.inputs.lines).toBe(whole.report!.inputs.lines);
    // The first bad record was read before the rotation; the second sits in the 11th request, the new live file's first line.
    expect(after.report!.inputs.badLines.shown.map((b) => [b.file, b.line])).toEqual([
      [live, 6],
      [live, 1],
    ]);
    expect({ ...stable(after.report), inputs: undefined, warnings: undefined }).toEqual({ ...stable(whole.report), inputs: undefined, warnings: undefined });
  });
});

describe('a state saved before drift read other formats', () => {
  it('(no records, otherRecords nor format in it) resumes a JSON Lines log to the one-pass numbers', async () => {
    const cfg = config('jsonl', withoutFormat('jsonl'));
    const all = sampleLines('jsonl');
    const whole = await drift(write('all.jsonl', lines(all)), '--config', cfg, '--canaries', key);
    const live = write('live.jsonl', lines(all.slice(0, 400)));
    const stateFile = join(dir, 'state.json');
    await drift(live, '--config', cfg, '--canaries', key, '--state', stateFile);
    // What the state held before this change: the same identity, and none of the new counts.
    const { state } = JSON.parse(readFileSync(stateFile, 'utf8')) as { state: { input: Record<string, unknown> } };
    expect(state.input).toMatchObject({ records: 400, otherRecords: 0, format: 'jsonl' });
    for (const added of ['records', 'otherRecords', 'format']) delete state.input[added];
    writeFileSync(stateFile, JSON.stringify({ checksum: sha256Hex(JSON.stringify(state)), state }));
    appendFileSync(live, lines(all.slice(400)));
    const resumed = await drift(live, '--config', cfg, '--canaries', key, '--state', stateFile);
    expect(counts(resumed.report!)).toEqual(counts(whole.report!));
    expect({ ...stable(resumed.report), inputs: undefined }).toEqual({ ...stable(whole.report), inputs: undefined });
  });
});

describe('drift --state with whole JSON documents (daily Langfuse exports)', () => {
  /** The sample's observations as three exports of consecutive periods, each a page, newest first. */
  function exports(): string[] {
    const observations = langfuseObservations();
    return [0, 480, 960].map((from, i) => write(`export-${i + 1}.json`, langfusePage(observations.slice(from, from + 480))));
  }

  it('reads each document whole, once; the runs give the numbers of one pass over the whole export', async () => {
    const cfg = config('langfuse');
    const whole = await drift(join(SAMPLES_DIR, SAMPLE_FILES.langfuse), '--config', cfg, '--canaries', key);
    const [day1, day2, day3] = exports();
    const state = join(dir, 'state.json');
    const runs = [];
    for (const given of [[day1!], [day1!, day2!], [day1!, day2!, day3!], [day1!, day2!, day3!]]) runs.push(await drift(...given, '--config', cfg, '--canaries', key, '--state', state));
    // Each run reads only the new document (one unit, however many lines it spans); the fourth, nothing.
    expect(runs.map((r) => r.report!.run.linesRead)).toEqual([1, 1, 1, 0]);
    const last = runs[2]!.report!;
    expect(last.inputs).toMatchObject({ format: 'langfuse', lines: 3, records: 720, badLines: { count: 2 } });
    expect(counts(last)).toEqual({ ...counts(whole.report!), badLines: { ...counts(whole.report!).badLines, shown: counts(last).badLines.shown } });
    expect(last.inputs.badLines.shown.map((b) => [b.file, b.record, b.field])).toEqual([
      [day1, 'data[78]', 'output.verdict'],
      [day2, 'data[157]', 'startTime'],
    ]);
    expect({ ...stable(last), inputs: undefined }).toEqual({ ...stable(whole.report), inputs: undefined });
    expect(stable(runs[3]!.report)).toEqual(stable(last));
  });

  it('exits 2 when a document already read was rewritten: exports are never appended to', async () => {
    const cfg = config('langfuse');
    const [day1, day2] = exports();
    const state = join(dir, 'state.json');
    await drift(day1!, day2!, '--config', cfg, '--canaries', key, '--state', state);
    writeFileSync(day1!, readFileSync(day1!, 'utf8').replace('"reject"', '"approve"'));
    const { code } = await drift(day1!, day2!, '--config', cfg, '--canaries', key, '--state', state);
    expect(code).toBe(2);
    expect(stderr.pop()).toMatch(/export-1\.json: file content changed since the state was saved .*rewritten rather than rotated/);
  });
});

describe('a one-line JSON export without a final newline (as JSON.stringify or json.dump write it)', () => {
  it('is one document: detected, and read under --state rather than held as a half-written line', async () => {
    const runs = sampleLines('langsmith').map((line) => JSON.parse(line) as unknown);
    const compact = write('runs.json', JSON.stringify(runs));
    const cfg = config('langsmith', withoutFormat('langsmith'));
    const state = join(dir, 'state.json');
    const first = await drift(compact, '--config', cfg, '--canaries', key, '--state', state);
    expect(first.report!.inputs).toMatchObject({ format: 'langsmith', lines: 1, records: 720 });
    expect(first.report!.inputs.badLines.shown[0]).toMatchObject({ line: null, record: '[200].child_runs[0]', field: 'outputs.verdict' });
    const whole = await drift(join(SAMPLES_DIR, SAMPLE_FILES.langsmith), '--config', cfg, '--canaries', key);
    expect({ ...stable(first.report), inputs: undefined }).toEqual({ ...stable(whole.report), inputs: undefined });
    expect((await drift(compact, '--config', cfg, '--canaries', key, '--state', state)).report!.run.linesRead).toBe(0);
  });

  it('while the half-written first line of a live JSON Lines log is still left for the next run', async () => {
    const cfg = config('jsonl', withoutFormat('jsonl'));
    const [line] = sampleLines('jsonl');
    const live = write('verdicts.jsonl', line!.slice(0, 30));
    const state = join(dir, 'state.json');
    const first = await drift(live, '--config', cfg, '--state', state);
    expect([first.code, first.report!.run.linesRead, first.report!.inputs.format]).toEqual([0, 0, 'jsonl']);
    appendFileSync(live, `${line!.slice(30)}\n`);
    expect((await drift(live, '--config', cfg, '--state', state)).report!.inputs).toMatchObject({ lines: 1, records: 1, badLines: { count: 0 } });
  });
});

describe('bad input in the trace formats: exit 2 naming file, line or record, and field', () => {
  it('a drift.format the file does not fit', async () => {
    const jsonl = write('verdicts.jsonl', sampleText('jsonl'));
    expect((await drift(jsonl, '--config', config('otlp-json'))).code).toBe(2);
    expect(stderr.pop()).toBe(
      `critic-audit: ${jsonl}:1 (resourceSpans): drift.format is otlp-json, but this is not an OTLP ExportTraceServiceRequest (Invalid input: expected array, received undefined); it looks like JSON Lines (drift.format: jsonl)`,
    );
    const page = write('observations.json', sampleText('langfuse'));
    expect((await drift(page, '--config', config('langsmith'))).code).toBe(2);
    expect(stderr.pop()).toBe(
      `critic-audit: ${page} (id): drift.format is langsmith, but this is not a LangSmith run (Invalid input: expected string, received undefined); it looks like Langfuse (drift.format: langfuse)`,
    );
    const runs = write('runs.jsonl', sampleText('langsmith'));
    expect((await drift(runs, '--config', config('langfuse'))).code).toBe(2);
    // A run has no type: read as a trace, it lacks a trace's timestamp.
    expect(stderr.pop()).toBe(
      `critic-audit: ${runs}:1 (timestamp): drift.format is langfuse, but this is not a Langfuse trace or observation (Invalid input: expected string, received undefined); it looks like LangSmith (drift.format: langsmith)`,
    );
  });

  it('logs in two formats, which one field mapping cannot read', async () => {
    const jsonl = write('verdicts.jsonl', sampleText('jsonl'));
    const otlp = write('traces.jsonl', sampleText('otlp-json'));
    expect((await drift(jsonl, otlp, '--config', config('jsonl', withoutFormat('jsonl')))).code).toBe(2);
    expect(stderr.pop()).toContain(`${otlp} (drift.format): this log is OTLP JSON (otlp-json) but ${jsonl} is JSON Lines (jsonl)`);
  });

  it('a state saved reading another format', async () => {
    const cfg = config('jsonl', withoutFormat('jsonl'));
    const state = join(dir, 'state.json');
    expect((await drift(write('verdicts.jsonl', sampleText('jsonl')), '--config', cfg, '--state', state)).code).toBe(1);
    const otlp = write('traces.jsonl', sampleText('otlp-json'));
    expect((await drift(otlp, '--config', cfg, '--state', state)).code).toBe(2);
    expect(stderr.pop()).toContain(`${otlp} (drift.format): the logs are OTLP JSON (otlp-json), but the state was saved reading JSON Lines (jsonl)`);
  });

  it('more bad records than maxBadLineShare: the first is named by line, record and field (JSON Lines of requests)', async () => {
    // Every critic span of the third request says "maybe": 40 records, and the sample's two bad ones.
    const requests = sampleLines('otlp-json');
    requests[2] = requests[2]!.replace(/"critic\.verdict","value":\{"stringValue":"(approve|reject)"/g, '"critic.verdict","value":{"stringValue":"maybe"');
    const traces = write('traces.jsonl', lines(requests));
    expect((await drift(traces, '--config', config('otlp-json'))).code).toBe(2);
    expect(stderr.pop()).toBe(
      `critic-audit: ${traces}:3 (record resourceSpans[0].scopeSpans[0].spans[1], field critic.verdict): 42 of 720 records (5.83%) could not be read, more than drift.maxBadLineShare (0.01); the first: "maybe" is neither in rejectValues nor in approveValues`,
    );
  });

  it('more bad records than maxBadLineShare: the first is named by record and field (a document)', async () => {
    const observations = langfuseObservations().map((o, i) => (i >= 100 && i < 140 && o.type === 'GENERATION' ? { ...o, startTime: '2025-01-02 10:00' } : o));
    const page = write('observations.json', langfusePage(observations));
    expect((await drift(page, '--config', config('langfuse'))).code).toBe(2);
    // The first in the document (newest first) is the sample's own review 402.
    expect(stderr.pop()).toBe(
      `critic-audit: ${page} (record data[636], field startTime): 22 of 720 records (3.06%) could not be read, more than drift.maxBadLineShare (0.01); the first: "yesterday" is not an ISO 8601 date-time (expected e.g. 2025-03-01T10:00:00Z or +02:00) or an epoch number`,
    );
    const report = (await drift(page, '--config', config('langfuse', SAMPLE_CONFIGS.langfuse.replace('reference:', 'maxBadLineShare: 0.05\n  reference:')))).report!;
    expect(report.inputs.badLines.shown.filter((b) => b.field === 'startTime' && b.problem === '"2025-01-02 10:00" has no time zone (add Z or an offset)')).toHaveLength(20);
  });
});
