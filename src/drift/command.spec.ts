import { appendFileSync, existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** drift.json without where the lines came from: one pass over a log must equal any way of reading it in pieces. */
const sameLines = (r: DriftReport) => ({
  ...stable(r),
  warnings: r.warnings.filter((w) => w.kind !== 'file-order'),
  inputs: { ...r.inputs, files: [], badLines: { ...r.inputs.badLines, shown: r.inputs.badLines.shown.map((b) => ({ ...b, file: '' })) } },
});

const write = (name: string, lines: string[]) => {
  const file = join(dir, name);
  writeFileSync(file, name.endsWith('.gz') ? gzipSync(lines.join('\n') + '\n') : lines.map((l) => l + '\n').join(''));
  return file;
};

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
    expect(r.inputs.badLines).toMatchObject({
      count: 2,
      shown: [expect.objectContaining({ line: 1235, field: null }), expect.objectContaining({ line: 4322, field: 'review.decision', problem: 'missing' })],
    });
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
    expect(stderr.join('\n')).toMatch(
      new RegExp(`${log.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:101: 20 of 1520 lines \\(1\\.32%\\) could not be read, more than drift\\.maxBadLineShare \\(0\\.01\\)`),
    );
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

    expect(sameLines(second.report!)).toEqual(sameLines(full.report!));
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
    // What to do about it, not just what is wrong.
    const message = stderr.pop()!;
    expect(message).toContain('content changed');
    expect(message).toContain('rewritten rather than rotated');
    expect(message).toContain('pass the rotated file as well');
    expect(message).toContain('delete the state file');
  });

  describe('log rotation under --state', () => {
    const lines = logLines(STREAM, { 700: 'not json' });
    const [cut, rotated] = [1100, 1200]; // first run reads to day 22; the log rotates at day 24

    async function oneRun() {
      return (await drift(write('whole.jsonl', lines), '--config', files([]).config)).report!;
    }

    it('resumes a log renamed by the rotator (app.jsonl → app.jsonl.1) and reads the new app.jsonl from its start', async () => {
      const { config } = files([]);
      const state = join(dir, 'state.json');
      const live = write('app.jsonl', lines.slice(0, cut));
      await drift(live, '--config', config, '--state', state);
      appendFileSync(
        live,
        lines
          .slice(cut, rotated)
          .map((l) => l + '\n')
          .join(''),
      );
      renameSync(live, join(dir, 'app.jsonl.1'));
      write('app.jsonl', lines.slice(rotated));
      // Given newest first, as a glob sorts them: read in time order all the same.
      const second = await drift(live, join(dir, 'app.jsonl.1'), '--config', config, '--state', state);
      expect(second.code).toBe(1);
      expect(second.report!.run.linesRead).toBe(lines.length - cut);
      expect(second.report!.inputs.files.map((f) => f.path)).toEqual([join(dir, 'app.jsonl.1'), live]);
      expect(second.report!.warnings).toEqual([expect.objectContaining({ kind: 'file-order' })]);
      expect(sameLines(second.report!)).toEqual(sameLines(await oneRun()));
    });

    it('resumes a log copied, gzipped and truncated by the rotator (copytruncate, compress)', async () => {
      const { config } = files([]);
      const state = join(dir, 'state.json');
      const live = write('app.jsonl', lines.slice(0, cut));
      await drift(live, '--config', config, '--state', state);
      write('app.jsonl.1.gz', lines.slice(0, rotated));
      writeFileSync(live, '');
      appendFileSync(
        live,
        lines
          .slice(rotated)
          .map((l) => l + '\n')
          .join(''),
      );
      const second = await drift(join(dir, 'app.jsonl.1.gz'), live, '--config', config, '--state', state);
      expect(second.report!.run.linesRead).toBe(lines.length - cut);
      expect(sameLines(second.report!)).toEqual(sameLines(await oneRun()));
    });

    it('reads a replaced log from its start when the rotated one is not given, and says which lines were missed', async () => {
      const { config } = files([]);
      const state = join(dir, 'state.json');
      const live = write('app.jsonl', lines.slice(0, cut));
      await drift(live, '--config', config, '--state', state);
      write('app.jsonl', lines.slice(rotated));
      const second = await drift(live, '--config', config, '--state', state);
      const r = second.report!;
      expect(r.monitored.reviews + r.reference.reviews).toBe(lines.length - 1 - (rotated - cut));
      expect(r.warnings).toEqual([expect.objectContaining({ kind: 'file-replaced', message: expect.stringContaining(`lines added to it after line ${cut} were not read`) })]);
      expect(stdout.join('\n')).toContain('was replaced since the last run');
    });
  });

  it('reads logs given out of time order in time order, as one log', async () => {
    const lines = logLines(STREAM);
    const { config } = files([]);
    const early = write('b-early.jsonl', lines.slice(0, 750));
    const late = write('a-late.jsonl', lines.slice(750));
    const { code, report } = await drift(late, early, '--config', config);
    const whole = await drift(write('whole.jsonl', lines), '--config', config);
    expect(code).toBe(whole.code);
    expect(report!.inputs.files.map((f) => f.path)).toEqual([early, late]);
    expect(report!.warnings).toEqual([{ kind: 'file-order', message: `logs read in the order of their first review, not as given: ${early}, ${late}` }]);
    expect(sameLines(report!)).toEqual(sameLines(whole.report!));
  });

  it('exits 2 naming both files when logs overlap in time, or a later run brings older reviews', async () => {
    const lines = logLines(STREAM);
    const { config } = files([]);
    const one = write(
      'server-1.jsonl',
      lines.filter((_, i) => i % 2 === 0),
    );
    const two = write(
      'server-2.jsonl',
      lines.filter((_, i) => i % 2 === 1),
    );
    expect((await drift(one, two, '--config', config)).code).toBe(2);
    const message = stderr.pop()!;
    expect(message).toMatch(
      new RegExp(
        `^critic-audit: ${two.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1 \\(ts\\): this review \\(2025-01-01T00:28:48\\.000Z\\) is older than 2025-01-30T[\\d:.]+Z, already read from ${one.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`,
      ),
    );
    expect(message).toContain('merged into one in time order');

    const state = join(dir, 'state.json');
    const late = write('late.jsonl', lines.slice(750));
    const early = write('early.jsonl', lines.slice(0, 750));
    expect((await drift(late, '--config', config, '--state', state)).code).toBe(0);
    expect((await drift(early, '--config', config, '--state', state)).code).toBe(2);
    expect(stderr.pop()).toContain(`already read from ${late}`);
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

  it('warns when the reference rate varies from day to day more than chance, and states the assumption', async () => {
    const { log, config } = files(logLines({ ...STREAM, days: 16, rate: (day) => (day % 2 ? 0.05 : 0.2) }));
    const { report, out } = await drift(log, '--config', config);
    expect(report!.reference.dispersion).toMatchObject({ days: 14, df: 13 });
    expect(report!.reference.dispersion!.pValue).toBeLessThan(0.01);
    const warning = report!.warnings.find((w) => w.kind === 'overdispersion')!;
    expect(warning.message).toContain('reference rate varies from day to day more than chance');
    expect(warning.message).toContain('alarms will be too frequent; consider a longer period (drift.reference.days) or per-task-type monitoring');
    const md = readFileSync(join(out, 'drift.md'), 'utf8');
    expect(md).toContain('## Warnings');
    expect(md).toContain('assumes independent reviews at one constant rate');
    expect(md).toContain('Day to day: the rate varies **more than chance**');
    const terminal = stdout.join('\n');
    expect(terminal).toContain('⚠ reference rate varies from day to day more than chance');
    expect(terminal).toContain('assumes    independent reviews at one constant rate; reference days vary MORE than chance');

    const steady = await drift(files(logLines({ ...STREAM, days: 16, rate: () => 0.12 })).log, '--config', config);
    expect(steady.report!.warnings).toEqual([]);
    expect(steady.report!.reference.dispersion!.pValue).toBeGreaterThan(0.01);
    expect(stdout.join('\n')).toContain('reference days vary as chance would');
  });

  it('says which CUSUM side is off and how large a reference it needs', async () => {
    const { log, config } = files(logLines({ ...STREAM, reviewsPerDay: 15, days: 20, rate: () => 0.08 }));
    const { report, out } = await drift(log, '--config', config);
    expect(report!.reference.reviews).toBe(210);
    const off = report!.warnings.filter((w) => w.kind === 'cusum-off');
    expect(off.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^CUSUM for rising rejections is off: the reference \(210 reviews, \d+ rejections\) is too small .*; it needs about \d+ reference reviews \(about \d+ rejections\) at this rate: lengthen drift\.reference\.days/,
      ),
      expect.stringMatching(/^CUSUM for falling rejections is off: .*it needs about \d+ reference reviews/),
    ]);
    for (const side of [report!.thresholds!.cusum.increase!, report!.thresholds!.cusum.decrease!]) {
      expect(side.threshold).toBeNull();
      expect(side.needsReviews).toBeGreaterThan(210);
    }
    expect(readFileSync(join(out, 'drift.md'), 'utf8')).toMatch(/\| CUSUM, rejections rising \| \d+ \| off: reference too small \(needs ≈ \d+ reviews\)/);
    expect(stdout.join('\n')).toContain('⚠ CUSUM for falling rejections is off');

    // At a reference rate of 50% or more the rising side can never be on.
    const highLog = files(logLines({ ...STREAM, days: 16, rate: () => 0.12 })).log;
    writeFileSync(config, CONFIG.replace('rejectValues: [reject]', 'rejectValues: [approve]'));
    const high = await drift(highLog, '--config', config);
    expect(high.report!.thresholds!.cusum.increase).toMatchObject({ threshold: null, needsReviews: null });
    expect(high.report!.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^CUSUM for rising rejections is off: at a reference rate of 8\d\.\d% its whole-number steps .* climb even without a change, so no reference is large enough/),
    ]);
  });

  it('exits 2 naming drift.rejectValues and the values logged when no configured rejection occurs at all', async () => {
    const config = join(dir, 'wrong.yaml');
    writeFileSync(config, 'drift:\n  fields: { timestamp: ts, verdict: review.decision }\n  rejectValues: [rejected]\n');
    const { code } = await drift(join(PACKAGE_ROOT, 'fixtures', 'drift', 'verdicts.jsonl.gz'), '--config', config);
    expect(code).toBe(2);
    expect(stderr.join('\n')).toMatch(
      new RegExp(
        `${config.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(drift\\.rejectValues\\): none of \\["rejected"\\] occurs in the 6000 verdicts read \\(field review\\.decision\\); the values logged are "approve" ×\\d+, "reject" ×\\d+`,
      ),
    );
  });

  it('names the verdict values of a reference without any rejection (exit 1: the value does occur later)', async () => {
    const { log, config } = files(logLines({ ...STREAM, days: 16, rate: (day) => (day < 14 ? 0 : 0.1) }));
    const { code, report } = await drift(log, '--config', config);
    expect(code).toBe(1);
    expect(report!.alarms).toEqual([
      expect.objectContaining({
        detector: 'asleep',
        detail: 'no rejection in any of the 700 reference reviews; their verdict values: "approve" ×700 (if one of these is a rejection, add it to drift.rejectValues)',
      }),
    ]);
  });

  it('warns when monitoring has gone past the horizon the false-alarm budget covers', async () => {
    const { log, config } = files(logLines({ ...STREAM, rate: () => 0.12 }));
    writeFileSync(config, CONFIG + '  horizonDays: 10\n');
    const { report } = await drift(log, '--config', config);
    expect(report!.monitored.reviews).toBe(800);
    expect(report!.thresholds!.horizonReviews).toBeLessThan(800);
    expect(report!.warnings.map((w) => w.kind)).toContain('horizon');
    expect(stdout.join('\n')).toMatch(/⚠ monitoring has gone past its horizon: 800 monitored reviews, more than the \d+ \(drift\.horizonDays 10 × [\d.]+ reviews a day\)/);
    writeFileSync(config, CONFIG);
    expect((await drift(log, '--config', config)).report!.warnings).toEqual([]);
  });

  it('escapes HTML and Markdown from the log in drift.md', async () => {
    const { log, config } = files(logLines(STREAM, {}, (day) => (day < 10 ? '<img src=x onerror=alert(1)>' : '*v2*|[x](http://e)_`')));
    const { out } = await drift(log, '--config', config);
    const md = readFileSync(join(out, 'drift.md'), 'utf8');
    expect(md).toContain('| &lt;img src=x onerror=alert(1)&gt; |');
    expect(md).toContain('| \\*v2\\*\\|\\[x\\](http://e)\\_\\` |');
    expect(md).not.toMatch(/<img|<script/i);
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
