import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGFUSE_EXPORT, SAMPLE_CONFIGS, SAMPLE_FILES, SAMPLES_DIR } from '../../../scripts/make-drift-samples.js';
import { driftCommand } from '../command.js';
import type { LogFormatName } from '../config.js';
import type { DriftReport } from '../report.js';

let dir: string;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'drift-samples-'));
  stderr = [];
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation((...a) => void stderr.push(a.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

async function drift(...args: string[]): Promise<{ code: number; report: DriftReport | undefined; out: string }> {
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  const code = await driftCommand([...args, '--out', out]);
  const json = join(out, 'drift.json');
  return { code, report: existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : undefined, out };
}

const sample = (format: LogFormatName) => join(SAMPLES_DIR, SAMPLE_FILES[format]);
const key = join(SAMPLES_DIR, 'answer-key.json');
const config = (format: LogFormatName) => join(SAMPLES_DIR, `${format}.config.yaml`);

/** A config file holding `text`, written to the test's folder. */
function configFile(text: string): string {
  const file = join(dir, `critic-${Math.random().toString(36).slice(2)}.config.yaml`);
  writeFileSync(file, text);
  return file;
}

/**
 * What drift.json says about the critic: the rejection rate's and the live
 * catch rate's series, alarms, detectors and tables. Not the inputs (lines,
 * files) nor the config, which differ by format; group keys are field names.
 */
function figures(r: DriftReport) {
  const { config: _config, run: _run, inputs: _inputs, groups, canaries, ...rest } = r;
  return { ...rest, groups: groups.map((g) => g.values), canaries: canaries && { ...canaries, groups: canaries.groups.map((g) => g.values) } };
}

const TRACE_FORMATS = ['otlp-json', 'langfuse', 'langsmith'] as const;

/** Each sample read once with its own config, shared by the tests below (each run takes a second). */
const runs = new Map<LogFormatName, Promise<{ code: number; report: DriftReport | undefined; out: string }>>();
function sampleRun(format: LogFormatName) {
  let run = runs.get(format);
  if (!run) runs.set(format, (run = drift(sample(format), '--config', config(format), '--canaries', key)));
  return run;
}

describe('the samples of fixtures/drift-samples', () => {
  let jsonl: DriftReport;
  beforeEach(async () => {
    const run = await sampleRun('jsonl');
    expect(run.code).toBe(1);
    jsonl = run.report!;
  });

  it('JSON Lines: both the rejection rate and the live catch rate alarm, and the two bad lines are named', () => {
    expect(jsonl.alarms.map((a) => a.detector)).toEqual(['sequential']);
    expect(jsonl.canaries!.alarms).toEqual([expect.objectContaining({ detector: 'catch-changed', fingerprint: 'critic-2025-02 · v3' })]);
    expect(jsonl.canaries!.fingerprintChanges).toEqual([expect.objectContaining({ from: 'critic-2025-01 · v3', to: 'critic-2025-02 · v3', differs: true })]);
    expect(jsonl.groups[0]!.values.map((v) => v.value).sort()).toEqual(['extraction', 'policy-qa', 'summary']);
    expect(jsonl.inputs.badLines.shown.map((b) => [b.line, b.field])).toEqual([
      [201, 'verdict'],
      [402, 'ts'],
    ]);
  });

  it.each(TRACE_FORMATS)('%s reads to the same figures as the equivalent JSON Lines', async (format) => {
    const { code, report } = await sampleRun(format);
    expect(code).toBe(1);
    const r = report!;
    expect(figures(r)).toEqual(figures(jsonl));
    expect(r.inputs.format).toBe(format);
    // The same reviews and bad records; the worker's records beside the critic's are counted apart.
    expect([r.inputs.records, r.inputs.badLines.count, r.inputs.canaryLines]).toEqual([jsonl.inputs.records, 2, jsonl.inputs.canaryLines]);
    expect(r.inputs.otherRecords).toBe(jsonl.inputs.records - 1);
  });

  it.each(TRACE_FORMATS)('%s without drift.format is detected from its content and reads the same', async (format) => {
    const undeclared = configFile(SAMPLE_CONFIGS[format].replace(`  format: ${format}\n`, ''));
    expect(readFileSync(undeclared, 'utf8')).not.toContain('format:');
    const { code, report } = await drift(sample(format), '--config', undeclared, '--canaries', key);
    expect(code).toBe(1);
    expect(report!.inputs.format).toBe(format);
    expect(figures(report!)).toEqual(figures(jsonl));
  });

  it("Langfuse's blob-storage export (snake_case, payloads as strings, times in UTC without a zone) reads to the same figures, declared or detected", async () => {
    const log = join(SAMPLES_DIR, LANGFUSE_EXPORT.file);
    const declared = await drift(log, '--config', join(SAMPLES_DIR, LANGFUSE_EXPORT.config), '--canaries', key);
    const detected = await drift(log, '--config', configFile(LANGFUSE_EXPORT.text.replace('  format: langfuse\n', '')), '--canaries', key);
    for (const { code, report } of [declared, detected]) {
      expect(code).toBe(1);
      expect(report!.inputs.format).toBe('langfuse');
      expect(figures(report!)).toEqual(figures(jsonl));
      expect([report!.inputs.records, report!.inputs.otherRecords, report!.inputs.canaryLines]).toEqual([jsonl.inputs.records, jsonl.inputs.records - 1, jsonl.inputs.canaryLines]);
    }
    // One observation a line, two a review (review 402 has no worker's): the critic's of review 201 is line 402, of review 402 line 803.
    expect(declared.report!.inputs.badLines.shown.map((b) => [b.line, b.field])).toEqual([
      [402, 'output.verdict'],
      [803, 'start_time'],
    ]);
  });

  it('says in drift.md and drift.html which format was read, and what the lines held', async () => {
    const { out } = await sampleRun('otlp-json');
    const input = 'Read as OTLP JSON (drift.format otlp-json): 18 lines read, 720 records (reviews or bad) and 719 without the verdict field (not reviews) in them';
    expect(readFileSync(join(out, 'drift.md'), 'utf8')).toContain(`${input} (0 blank lines ignored); 2 bad records (0.28%, allowed 1.00%).`);
    expect(readFileSync(join(out, 'drift.md'), 'utf8')).toContain('| file | line | record | field | problem |');
    expect(readFileSync(join(out, 'drift.html'), 'utf8')).toContain('<p>Read as OTLP JSON (drift.format otlp-json): 18 lines, 720 records');
    const jsonl = readFileSync(join((await sampleRun('jsonl')).out, 'drift.md'), 'utf8');
    expect(jsonl).toContain('Read as JSON Lines (drift.format jsonl): 720 lines read (0 blank lines ignored); 2 bad lines');
    expect(jsonl).toContain('| file | line | field | problem |');
  });

  it('names bad records by file, line or record, and field, in each format', async () => {
    const bad = async (format: LogFormatName) => (await sampleRun(format)).report!.inputs.badLines.shown;
    expect(await bad('otlp-json')).toEqual([
      { file: sample('otlp-json'), line: 6, record: 'resourceSpans[0].scopeSpans[0].spans[1]', field: 'critic.verdict', problem: '"maybe" is neither in rejectValues nor in approveValues' },
      { file: sample('otlp-json'), line: 11, record: 'resourceSpans[0].scopeSpans[0].spans[2]', field: 'startTimeUnixNano', problem: 'expected nanoseconds since the epoch, as a decimal string' },
    ]);
    // A document's records have no line of their own: the record is named alone. The page lists
    // newest first, two observations a review (review 402 has no worker's): 1438 - 802 and 1438 - 401.
    expect(await bad('langfuse')).toEqual([
      expect.objectContaining({ line: null, record: 'data[636]', field: 'startTime', problem: expect.stringMatching(/^"yesterday" is not an ISO 8601/) }),
      expect.objectContaining({ line: null, record: 'data[1037]', field: 'output.verdict' }),
    ]);
    // A root run's critic run is located under it; review 402's run is the line itself.
    const [maybe, yesterday] = await bad('langsmith');
    expect(maybe).toMatchObject({ line: 201, record: 'child_runs[0]', field: 'outputs.verdict' });
    expect(yesterday).toMatchObject({ line: 402, field: 'start_time', problem: expect.stringMatching(/^"yesterday"/) });
    expect(yesterday).not.toHaveProperty('record');
  });
});

describe('lines that cannot be read at all in a trace format', () => {
  it('count against all lines, so three unparseable export requests (120 of 720 reviews lost) exit 2', async () => {
    const lines = gunzipSync(readFileSync(sample('otlp-json')))
      .toString('utf8')
      .split('\n');
    for (const n of [1, 2, 3]) lines[n] = '{not json';
    const log = join(dir, 'traces.jsonl');
    writeFileSync(log, lines.join('\n'));
    const { code, report } = await drift(log, '--config', config('otlp-json'), '--canaries', key);
    expect(code).toBe(2);
    expect(report).toBeUndefined();
    // The records alone (5 bad of 603) would pass the 1% allowed; 3 of 18 lines are lost whole.
    expect(stderr.join('\n')).toMatch(
      /5 of 603 records \(0\.83%\) could not be read; 3 of 18 lines \(16\.67%\) could not be read at all, losing every record they held, more than drift\.maxBadLineShare/,
    );
  });

  it('are counted in drift.json when they stay under maxBadLineShare', async () => {
    const lines = gunzipSync(readFileSync(sample('otlp-json')))
      .toString('utf8')
      .split('\n');
    lines[1] = '{not json';
    const log = join(dir, 'traces.jsonl');
    writeFileSync(log, lines.join('\n'));
    const { code, report } = await drift(log, '--config', configFile(`${readFileSync(config('otlp-json'), 'utf8')}\n  maxBadLineShare: 0.1\n`), '--canaries', key);
    expect(code).not.toBe(2);
    expect(report!.inputs.badLines).toMatchObject({ count: 3, unreadableLines: 1, share: 1 / 18 });
  });
});

describe('an OTLP JSON document (one ExportTraceServiceRequest, pretty-printed)', () => {
  it('reads to the same figures as the file exporter’s JSON Lines of requests', async () => {
    const requests = gunzipSync(readFileSync(sample('otlp-json')))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { resourceSpans: unknown[] });
    const document = join(dir, 'traces.json');
    writeFileSync(document, JSON.stringify({ resourceSpans: requests.flatMap((r) => r.resourceSpans) }, null, 2));
    const lines = await sampleRun('otlp-json');
    const whole = await drift(document, '--config', config('otlp-json'), '--canaries', key);
    expect(figures(whole.report!)).toEqual(figures(lines.report!));
    expect(whole.report!.inputs).toMatchObject({ lines: 1, records: 720, badLines: { count: 2 } });
    expect(whole.report!.inputs.badLines.shown[0]).toMatchObject({ line: null, record: 'resourceSpans[5].scopeSpans[0].spans[1]' });
  });
});
