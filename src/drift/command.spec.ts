import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { driftCommand } from './command.js';
import type { DriftReport } from './report.js';
import { syntheticReviews, type SyntheticLog } from './simulate.js';

let dir: string;
let stdout: string[];
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'drift-cmd-'));
  stdout = [];
  stderr = [];
  vi.spyOn(console, 'log').mockImplementation((...a) => void stdout.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a) => void stderr.push(a.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

const CONFIG = `drift:
  fields: { timestamp: ts, verdict: review.decision, group: [critic_version] }
  rejectValues: [reject]
`;

/** JSON Lines from a synthetic stream; `bad` maps a 0-based review index to a bad line written before it. */
function logLines(log: SyntheticLog, bad: Record<number, string> = {}, group = (day: number) => (day < 20 ? 'v1' : 'v2')): string[] {
  const lines: string[] = [];
  let i = 0;
  for (const r of syntheticReviews(log)) {
    if (bad[i] !== undefined) lines.push(bad[i]!);
    const day = Math.floor((r.time - Date.UTC(2025, 0, 1)) / 86_400_000);
    lines.push(JSON.stringify({ ts: new Date(r.time).toISOString(), critic_version: group(day), review: { decision: r.rejected ? 'reject' : 'approve' } }));
    i++;
  }
  return lines;
}

const STREAM: SyntheticLog = { seed: 'cmd', days: 30, reviewsPerDay: 50, rate: (day) => (day < 20 ? 0.12 : 0.02) };

function files(lines: string[], name = 'log.jsonl'): { log: string; config: string } {
  const log = join(dir, name);
  writeFileSync(log, name.endsWith('.gz') ? gzipSync(lines.join('\n') + '\n') : lines.join('\n') + '\n');
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(config, CONFIG);
  return { log, config };
}

async function drift(...args: string[]): Promise<{ code: number; report: DriftReport | undefined; out: string }> {
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  const code = await driftCommand([...args, '--out', out]);
  const json = join(out, 'drift.json');
  return { code, report: existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : undefined, out };
}

/** drift.json without what belongs to one run only. */
const stable = (r: DriftReport | undefined) => ({ ...r, run: undefined });

describe('critic-audit drift', () => {
  it('runs the README example on the bundled log: exit 1, the drift after day 30 flagged, two bad lines named', async () => {
    const example = join(PACKAGE_ROOT, 'fixtures', 'drift');
    const { code, report, out } = await drift(join(example, 'verdicts.jsonl.gz'), '--config', join(example, 'critic.config.yaml'));
    expect(code).toBe(1);
    const r = report!;
    expect(r.status).toBe('alarm');
    expect(r.reference).toMatchObject({ reviews: 1400, source: 'window' });
    // Nothing before the switch to critic-2025.02 on 2025-01-31; the first alarm within two days of it.
    const first = r.alarms.map((a) => a.time).sort()[0]!;
    expect(first >= '2025-01-31' && first < '2025-02-02').toBe(true);
    expect(r.alarms.map((a) => a.detector)).toContain('cusum-decrease');
    expect(r.inputs.badLines).toMatchObject({ count: 2, shown: [expect.objectContaining({ line: 1235, field: null }), expect.objectContaining({ line: 4322, field: 'review.decision', problem: 'missing' })] });
    expect(r.groups[0]!.key).toBe('critic_version');
    expect(r.groups[1]!.key).toBe('task_type');
    const byVersion = Object.fromEntries(r.groups[0]!.values.map((v) => [v.value, v.rate!]));
    expect(byVersion['critic-2025.01']).toBeGreaterThan(0.08);
    expect(byVersion['critic-2025.02']).toBeLessThan(0.04);
    expect(r.periods).toHaveLength(60);
    expect(readFileSync(join(out, 'drift.md'), 'utf8')).toContain('# critic-audit drift: ❌ alarm');
    expect(stdout.join('\n')).toContain('ALARM');
  });

  it('writes a self-contained HTML page with everything from the log escaped', async () => {
    const { log, config } = files(logLines(STREAM, {}, (day) => (day < 10 ? '<script>alert("v1")</script>' : 'v2')));
    const { out } = await drift(log, '--config', config);
    const html = readFileSync(join(out, 'drift.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('&lt;script&gt;alert(&quot;v1&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|href=|url\(/i);
  });

  it('counts bad lines, lists them with line numbers, and keeps going while they stay under maxBadLineShare', async () => {
    const { log, config } = files(logLines(STREAM, { 10: '{"ts":"2025-01-01T00:00:00Z"', 500: '{"ts":"2025-01-11T00:00:00","review":{"decision":"reject"}}' }));
    const { code, report } = await drift(log, '--config', config);
    expect(code).toBe(1);
    expect(report!.inputs.badLines).toMatchObject({ count: 2, share: 2 / 1502 });
    expect(report!.inputs.badLines.shown).toEqual([
      expect.objectContaining({ file: log, line: 11, field: null, problem: expect.stringContaining('not valid JSON') }),
      expect.objectContaining({ file: log, line: 502, field: 'ts', problem: expect.stringContaining('no time zone') }),
    ]);
    expect(report!.monitored.reviews + report!.reference.reviews).toBe(1500);
  });

  it('exits 2, naming the first bad line, when bad lines exceed maxBadLineShare', async () => {
    const bad = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [100 + i * 50, '{"ts":"2025-01-05T00:00:00Z","review":{"decision":"reject"}']));
    const { log, config } = files(logLines(STREAM, bad));
    const { code, report } = await drift(log, '--config', config);
    expect(code).toBe(2);
    expect(report).toBeUndefined();
    expect(stderr.join('\n')).toMatch(new RegExp(`${log.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:101: 20 of 1520 lines \\(1\\.32%\\) could not be read, more than drift\\.maxBadLineShare \\(0\\.01\\)`));
  });

  it('reads gzip logs to the same result as plain ones', async () => {
    const lines = logLines(STREAM);
    const plain = files(lines);
    const gz = files(lines, 'log.jsonl.gz');
    const a = await drift(plain.log, '--config', plain.config);
    const b = await drift(gz.log, '--config', gz.config);
    expect(stable({ ...b.report!, inputs: { ...b.report!.inputs, files: [] } })).toEqual(stable({ ...a.report!, inputs: { ...a.report!.inputs, files: [] } }));
  });

  it('resumes from --state: two runs over a growing log give the one-run result, reading only new lines', async () => {
    const lines = logLines(STREAM, { 700: 'not json' });
    const { log, config } = files(lines);
    const full = await drift(log, '--config', config);

    const growing = join(dir, 'growing.jsonl');
    const state = join(dir, 'drift.state.json');
    const cut = 1100; // day 22: after the reference, before most of the drift
    writeFileSync(growing, lines.slice(0, cut).join('\n') + '\n' + lines[cut]!.slice(0, 20)); // a half-written last line
    const first = await drift(growing, '--config', config, '--state', state);
    expect(first.report!.run.linesRead).toBe(cut);
    appendFileSync(growing, lines[cut]!.slice(20) + '\n' + lines.slice(cut + 1).join('\n') + '\n');
    const second = await drift(growing, '--config', config, '--state', state);
    expect(second.report!.run.linesRead).toBe(lines.length - cut);

    const sameFile = (r: DriftReport) => ({ ...stable(r), inputs: { ...r.inputs, files: [], badLines: { ...r.inputs.badLines, shown: r.inputs.badLines.shown.map((b) => ({ ...b, file: '' })) } } });
    expect(sameFile(second.report!)).toEqual(sameFile(full.report!));
    expect(second.code).toBe(full.code);

    const third = await drift(growing, '--config', config, '--state', state);
    expect(third.report!.run.linesRead).toBe(0);
    expect(stable(third.report)).toEqual(stable(second.report));
  });

  it('refuses a state made with another config, or a log rewritten since', async () => {
    const { log, config } = files(logLines(STREAM));
    const state = join(dir, 'state.json');
    await drift(log, '--config', config, '--state', state);
    writeFileSync(config, CONFIG + '  period: week\n');
    expect((await drift(log, '--config', config, '--state', state)).code).toBe(2);
    expect(stderr.pop()).toContain('different drift config');
    writeFileSync(config, CONFIG);
    writeFileSync(log, readFileSync(log, 'utf8').replace('"ts":"2025', '"ts": "2025'));
    expect((await drift(log, '--config', config, '--state', state)).code).toBe(2);
    expect(stderr.pop()).toContain('content changed');
  });

  it('takes the reference from --reference and monitors the whole log', async () => {
    const reference = files(logLines({ ...STREAM, seed: 'ref', days: 10, rate: () => 0.12 }), 'reference.jsonl');
    const { log } = files(logLines({ ...STREAM, days: 5, rate: () => 0.12 }));
    const { code, report } = await drift(log, '--config', reference.config, '--reference', reference.log);
    expect(code).toBe(0);
    expect(report!.reference).toMatchObject({ source: 'file', reviews: 500 });
    expect(report!.monitored.reviews).toBe(250);
    expect(report!.periods.every((p) => p.phase === 'monitored')).toBe(true);
  });

  it('exits 0 while the reference window is still open', async () => {
    const { log, config } = files(logLines({ ...STREAM, days: 5 }));
    const { code, report } = await drift(log, '--config', config);
    expect(code).toBe(0);
    expect(report!.status).toBe('collecting-reference');
    expect(report!.thresholds).toBeNull();
  });

  it('exits 2 on a reference too small to monitor against', async () => {
    const { log, config } = files(logLines({ ...STREAM, reviewsPerDay: 10 }));
    expect((await drift(log, '--config', config)).code).toBe(2);
    expect(stderr.join('\n')).toMatch(/log\.jsonl \(drift\.reference\): the reference has 140 reviews, fewer than reference\.minReviews \(200\)/);
  });

  it('exits 2 on config errors, naming file, line and field', async () => {
    const { log, config } = files(logLines(STREAM));
    writeFileSync(config, 'fixtures: [somewhere]\ndrift:\n  fields:\n    verdikt: x\n');
    expect((await drift(log, '--config', config)).code).toBe(2);
    expect(stderr.join('\n')).toContain(`${config}:4 (drift.fields.verdikt): unknown key "verdikt"`);
  });

  it('exits 2 on usage errors and a missing log', async () => {
    expect(await driftCommand(['--bogus'])).toBe(2);
    expect(await driftCommand([])).toBe(2);
    expect((await drift(join(dir, 'nope.jsonl'), '--config', files([]).config)).code).toBe(2);
    expect(stderr.join('\n')).toContain('nope.jsonl: cannot read file');
  });
});
