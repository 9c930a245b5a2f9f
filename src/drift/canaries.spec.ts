import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANARY_EXAMPLE_CONFIG, writeCanaryExample } from '../../scripts/make-canary-stream.js';
import { fisherExact } from '../statistics/fisher.js';
import { wilsonInterval } from '../statistics/wilson.js';
import { driftCommand } from './command.js';
import { driftConfigSchema } from './config.js';
import { pct, pctInterval } from './format.js';
import { DAY } from './periods.js';
import type { DriftReport } from './report.js';
import { canaryExampleKey, canaryExampleStream, monitorCanariesDaily, NEW_CRITIC_DAY, productionLog, STREAM_FIELDS, WORKER_IMPROVES_DAY, type ProductionStream } from './simulate.js';

let dir: string;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'drift-canary-'));
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

const START = Date.UTC(2025, 0, 1);
const dayOf = (iso: string) => Math.floor((Date.parse(iso) - START) / DAY);

describe('the canary example: 90 days, 2,000 reviews a day, 2% canaries (scripts/make-canary-stream.ts)', () => {
  it('alarms on the rejection rate after the worker improves (day 30), not on the catch rate; the catch-rate alarm follows the new critic (day 45) within 5 days and names it', async () => {
    const lines = writeCanaryExample(dir);
    const { code, report, out } = await drift(join(dir, 'verdicts.jsonl.gz'), '--config', join(dir, 'critic.config.yaml'), '--canaries', join(dir, 'answer-key.json'));
    expect(code).toBe(1);
    const r = report!;
    const c = r.canaries!;

    // The rejection rate halves on day 30: its alarm is expected, and nothing fires before it.
    expect(r.alarms.length).toBeGreaterThan(0);
    expect(Math.min(...r.alarms.map((a) => dayOf(a.time)))).toBeGreaterThanOrEqual(WORKER_IMPROVES_DAY);

    // The canaries say the critic did not change on day 30: no canary alarm before day 45,
    // and the catch rate of the 15 days either side of day 30 shows no difference.
    const firstCanaryAlarm = Math.min(...c.alarms.map((a) => dayOf(a.time)));
    expect(firstCanaryAlarm).toBeGreaterThanOrEqual(NEW_CRITIC_DAY);
    expect(firstCanaryAlarm).toBeLessThan(NEW_CRITIC_DAY + 5);
    const caught = (from: number, to: number) =>
      c.periods.filter((p) => dayOf(p.start) >= from && dayOf(p.start) < to).reduce((t, p) => ({ k: t.k + p.catchRate.rejected, n: t.n + p.catchRate.canaries }), { k: 0, n: 0 });
    const before30 = caught(WORKER_IMPROVES_DAY - 15, WORKER_IMPROVES_DAY);
    const after30 = caught(WORKER_IMPROVES_DAY, NEW_CRITIC_DAY);
    expect(fisherExact(before30.k, before30.n, after30.k, after30.n)).toBeGreaterThan(0.05);
    expect(Math.abs(before30.k / before30.n - after30.k / after30.n)).toBeLessThan(0.05);

    // The first canary alarm names the new fingerprint, and the change is reported as its effect.
    const first = [...c.alarms].sort((a, b) => a.time.localeCompare(b.time))[0]!;
    expect(first).toMatchObject({ detector: 'catch-falling', fingerprint: 'critic-2025-02 · v3' });
    expect(c.fingerprintChanges).toEqual([expect.objectContaining({ from: 'critic-2025-01 · v3', to: 'critic-2025-02 · v3', differs: true })]);
    expect(dayOf(c.fingerprintChanges[0]!.time)).toBe(NEW_CRITIC_DAY);
    expect(c.fingerprintChanges[0]!.effect!.difference).toBeCloseTo(-0.3, 1);
    expect(c.falseAlarmRate.rate).toBeCloseTo(0.05, 1);
    expect(c.arrival.stopped).toBe(false);

    // Canary lines are left out of the rejection rate, and every one was scored.
    expect(r.reference.reviews + r.monitored.reviews + r.inputs.canaryLines!.logs).toBe(lines);
    expect(c.lines).toBe(r.inputs.canaryLines!.logs);
    expect(r.inputs.canaryLines!.logs / lines).toBeCloseTo(0.02, 2);

    // Both series on one time axis, the fingerprint change marked on each chart.
    const html = readFileSync(join(out, 'drift.html'), 'utf8');
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html.match(/fingerprint critic-2025-01 · v3 → critic-2025-02 · v3/g)).toHaveLength(2);
    const md = readFileSync(join(out, 'drift.md'), 'utf8');
    expect(md).toContain('| critic-2025-01 · v3 → critic-2025-02 · v3 |');
    // Per period, the false-alarm rate on canary controls with its Wilson interval, as the catch rate has.
    const period = c.periods.find((p) => p.phase === 'monitored' && p.falseAlarmRate.canaries > 0)!;
    const k = period.falseAlarmRate;
    expect(md).toContain(`| ${k.canaries} | ${k.rejected} | ${pct(k.rate)} | ${pctInterval(k.interval)} |`);
  }, 60_000);
});

/** A short stream with many canaries, to exercise the command's guarantees quickly. */
const SHORT: ProductionStream = { ...canaryExampleStream('short', 24), reviewsPerDay: 300, canaryShare: 0.2 };
const shortKey = () => canaryExampleKey('short');

function writeStream(lines: string[], key = shortKey()): { log: string; config: string; key: string } {
  const log = join(dir, 'log.jsonl');
  writeFileSync(log, lines.map((l) => l + '\n').join(''));
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(config, CANARY_EXAMPLE_CONFIG);
  const keyFile = join(dir, 'answer-key.json');
  writeFileSync(keyFile, JSON.stringify(key, null, 2));
  return { log, config, key: keyFile };
}

const shortLines = (stream = SHORT) => [...productionLog(stream, shortKey())].map((r) => JSON.stringify(r));
/** drift.json without what belongs to one run only. */
const stable = (r: DriftReport | undefined) => ({ ...r, run: undefined });

describe('drift --canaries keeps drift’s guarantees', () => {
  it('resumes from --state with exactly the numbers of one pass, canaries and fingerprints included', async () => {
    const lines = shortLines({ ...SHORT, judge: (day) => ({ model: day < 18 ? 'a' : 'b', prompt_version: 'v1' }) });
    const { log, config, key } = writeStream(lines);
    const whole = await drift(log, '--config', config, '--canaries', key);
    writeFileSync(log, '');
    const state = join(dir, 'state.json');
    const cut = [0, 2000, 4100, lines.length];
    let last: DriftReport | undefined;
    for (let i = 1; i < cut.length; i++) {
      appendFileSync(
        log,
        lines
          .slice(cut[i - 1], cut[i])
          .map((l) => l + '\n')
          .join(''),
      );
      last = (await drift(log, '--config', config, '--canaries', key, '--state', state)).report;
    }
    expect(last!.canaries!.lines).toBeGreaterThan(1000);
    expect(last!.fingerprints!.changes).toHaveLength(1);
    expect(stable(last)).toEqual(stable(whole.report));
  });

  it('counts a canary id the key does not hold as a bad line naming the field, and exits 2 when there are too many', async () => {
    const lines = shortLines();
    lines.splice(100, 0, JSON.stringify({ ts: '2025-01-01T09:00:00Z', verdict: 'reject', canary_id: 'not-a-canary' }));
    const { log, config, key } = writeStream(lines);
    const { code, report } = await drift(log, '--config', config, '--canaries', key);
    expect(code).not.toBe(2);
    expect(report!.inputs.badLines.shown).toEqual([{ file: log, line: 101, field: 'canary_id', problem: expect.stringContaining('"not-a-canary" is not in the answer key') }]);

    const many = lines.map((l, i) => (i % 50 === 7 ? JSON.stringify({ ...JSON.parse(l), canary_id: `forged-${i}` }) : l));
    writeFileSync(log, many.map((l) => l + '\n').join(''));
    expect((await drift(log, '--config', config, '--canaries', key)).code).toBe(2);
    expect(stderr.join('\n')).toMatch(new RegExp(`${log.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:8 \\(canary_id\\): .*more than drift.maxBadLineShare`));
  });

  it('leaves canary lines out of the rejection rate without a key, and says they were not scored', async () => {
    const lines = shortLines();
    const { log, config } = writeStream(lines);
    const { code, report } = await drift(log, '--config', config);
    expect(code).not.toBe(2);
    const canaries = report!.inputs.canaryLines!.logs;
    expect(canaries).toBeGreaterThan(1000);
    expect(report!.canaries).toBeNull();
    expect(report!.reference.reviews + report!.monitored.reviews + canaries).toBe(lines.length);
    expect(report!.warnings).toContainEqual({ kind: 'canaries', message: expect.stringContaining(`${canaries} canary lines (field canary_id) were left out of the rejection rate and not scored`) });
  });

  it('exits 2 on --canaries without drift.fields.canary, and on a bad key naming its line and field', async () => {
    const { log, config, key } = writeStream(shortLines().slice(0, 50));
    writeFileSync(config, 'drift:\n  fields: { timestamp: ts }\n');
    expect((await drift(log, '--config', config, '--canaries', key)).code).toBe(2);
    expect(stderr.pop()).toContain(`${config} (drift.fields.canary): --canaries needs the log field`);

    writeFileSync(config, CANARY_EXAMPLE_CONFIG);
    const broken = readFileSync(key, 'utf8').replace('"role": "control"', '"role": "decoy"');
    writeFileSync(key, broken);
    const line = broken.split('\n').findIndex((l) => l.includes('"decoy"')) + 1;
    expect((await drift(log, '--config', config, '--canaries', key)).code).toBe(2);
    expect(stderr.pop()).toMatch(new RegExp(`answer-key.json:${line} \\(key\\.[0-9a-f]+\\.role\\)`));

    writeFileSync(key, broken.replace('"version": 1,', '"version": 1,,'));
    expect((await drift(log, '--config', config, '--canaries', key)).code).toBe(2);
    expect(stderr.pop()).toMatch(/answer-key\.json:2: answer key is not valid JSON \(/);
  });

  it('tabulates but does not monitor the catch rate when the canaries are too few for a reference, and still monitors the rejection rate', async () => {
    const { log, config, key } = writeStream(shortLines({ ...SHORT, canaryShare: 0.01 }));
    const { code, report } = await drift(log, '--config', config, '--canaries', key);
    expect(code).toBe(0); // not bad input: nothing measured is lost
    const c = report!.canaries!;
    expect(c.status).toBe('off');
    expect(c.thresholds).toBeNull();
    expect(c.liveCatchRate.canaries).toBeGreaterThan(0);
    expect(report!.thresholds).not.toBeNull();
    expect(report!.warnings).toContainEqual({ kind: 'canaries', message: expect.stringContaining('fewer than drift.reference.minReviews (200): raise the canary mix') });
  });

  it('words the canaries’ design warnings in canary mutants and misses, with advice that can grow their reference', async () => {
    const { log, config, key } = writeStream(shortLines({ ...SHORT, canaryShare: 0.04 }));
    writeFileSync(config, `${CANARY_EXAMPLE_CONFIG}  reference: { minReviews: 50 }\n`);
    const { report } = await drift(log, '--config', config, '--canaries', key);
    const canaryWarnings = report!.warnings.filter((w) => w.message.startsWith('canaries: CUSUM'));
    expect(canaryWarnings.length).toBeGreaterThan(0);
    for (const w of canaryWarnings) {
      expect(w.message).toMatch(/^canaries: CUSUM for a (falling|rising) catch rate \((rising|falling) misses\) is off: /);
      expect(w.message).toMatch(/\(\d+ canary mutants, \d+ misses\)|miss rate/);
      expect(w.message).not.toMatch(/rejections|--reference\.|pass a larger --reference/);
    }
  });

  it('skips canaries before drift.reference.start, as it skips reviews', async () => {
    const { log, config, key } = writeStream(shortLines());
    writeFileSync(config, `${CANARY_EXAMPLE_CONFIG}  reference: { start: '2025-01-05' }\n`);
    const c = (await drift(log, '--config', config, '--canaries', key)).report!.canaries!;
    expect(dayOf(c.periods[0]!.start)).toBe(4);
    expect(dayOf(c.reference.from!)).toBe(4);
  });

  it('warns when the canaries stop arriving while ordinary traffic goes on, and not while they arrive', async () => {
    const lines = shortLines();
    const { log, config, key } = writeStream(lines);
    const steady = (await drift(log, '--config', config, '--canaries', key)).report!;
    expect(steady.canaries!.arrival).toMatchObject({ stopped: false, reviewsSince: expect.any(Number) });
    expect(steady.canaries!.arrival.reviewsSince).toBeLessThan(steady.canaries!.arrival.quietLimit!);
    expect(steady.warnings.map((w) => w.message).join('\n')).not.toContain('stopped arriving');

    // canary serve retired the set (or production stopped mixing) after 2025-01-17: a week of traffic without a canary.
    const cut = Date.UTC(2025, 0, 18);
    const stopped = lines.filter((l) => {
      const line = JSON.parse(l) as { ts: string; canary_id?: string };
      return line.canary_id === undefined || Date.parse(line.ts) < cut;
    });
    writeFileSync(log, stopped.map((l) => l + '\n').join(''));
    const { code, report } = await drift(log, '--config', config, '--canaries', key);
    expect(code).not.toBe(2);
    const a = report!.canaries!.arrival;
    expect(a.stopped).toBe(true);
    expect(Date.parse(a.lastLine!)).toBeLessThan(cut);
    expect(a.reviewsSince).toBeGreaterThan(6 * 240);
    expect(a.quietLimit).toBe(Math.ceil(Math.log(0.001) / Math.log1p(-wilsonInterval(a.lines, Math.round(a.lines / a.share!))[0])));
    expect(report!.warnings).toContainEqual({ kind: 'canaries', message: expect.stringMatching(/^canaries: no canary line since 2025-01-17T.*the canaries stopped arriving/) });
  });

  it('refuses a state made with another answer key', async () => {
    const { log, config, key } = writeStream(shortLines().slice(0, 3000));
    const state = join(dir, 'state.json');
    expect((await drift(log, '--config', config, '--canaries', key, '--state', state)).code).not.toBe(2);
    writeFileSync(key, JSON.stringify({ ...shortKey(), seed: 7 }));
    expect((await drift(log, '--config', config, '--canaries', key, '--state', state)).code).toBe(2);
    expect(stderr.pop()).toContain('state was made with a different --canaries answer key;');
  });
});

describe('a steady critic (a few of the bench’s seeded years: bench/canary-false-alarms.ts runs 100)', () => {
  it('raises no canary alarm in a year of daily monitoring', () => {
    const config = driftConfigSchema.parse({ fields: { ...STREAM_FIELDS, fingerprint: ['model', 'prompt_version'] } });
    for (const year of [0, 1, 2]) {
      const seed = `steady-canary-year-${year}`;
      const steady = { ...canaryExampleStream(seed, 365), catchRate: () => 0.8, judge: () => ({ model: 'critic-2025-01', prompt_version: 'v3' }) };
      const { alarms, state } = monitorCanariesDaily(config, steady, canaryExampleKey(seed));
      expect(state.misses.design).not.toBeNull();
      expect(alarms).toEqual([]);
    }
  });

  it('raises the falling-catch-rate alarm after the critic drops to 50%, within 5 days in most seeded streams, naming the new fingerprint', () => {
    // Over 60 seeds (a one-off run) the delay had median 2.7 days, 57 of 60 within 5 days, the longest 6.0:
    // the threshold depends on what the 14-day reference says the miss rate may be.
    const config = driftConfigSchema.parse({ fields: { ...STREAM_FIELDS, fingerprint: ['model', 'prompt_version'] } });
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const seed = `drop-${i}`;
      const { alarms } = monitorCanariesDaily(config, canaryExampleStream(seed, 60), canaryExampleKey(seed));
      expect(alarms[0]).toMatchObject({ detector: 'catch-falling', fingerprint: 'critic-2025-02 · v3' });
      delays.push((alarms[0]!.time - START) / DAY - NEW_CRITIC_DAY);
    }
    expect(Math.min(...delays)).toBeGreaterThan(0);
    expect(delays.filter((d) => d < 5).length).toBeGreaterThanOrEqual(9);
  });
});
