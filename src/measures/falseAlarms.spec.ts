import { describe, expect, it } from 'vitest';
import { criticScope, criticTables } from '../../test/support/criticTables.js';
import { falseAlarms } from './falseAlarms.js';

// 1 of 30 originals flagged clean: 3.3%, Wilson's interval [0.6%, 16.7%].
const tables = criticTables(0.7, [0.56, 0.81]);
const gates = (thresholds: { maxFalseAlarmRate?: number; gate?: 'point' | 'lower-bound' }, t = tables) => falseAlarms.gates!.evaluate(t, thresholds, criticScope(t));
const view = { name: 'critic', conditions: ['clean', 'with-trace'], tables };

describe('maxFalseAlarmRate', () => {
  it('gates the clean false-alarm rate, the upper end of its interval with gate: lower-bound', () => {
    expect(gates({ maxFalseAlarmRate: 0.1 })).toEqual([{ name: 'maxFalseAlarmRate', threshold: 0.1, value: 1 / 30, pass: true, status: 'green' }]);
    expect(gates({ maxFalseAlarmRate: 0.1, gate: 'lower-bound' })).toEqual([{ name: 'maxFalseAlarmRate', threshold: 0.1, value: 0.167, estimate: 1 / 30, pass: false, status: 'red' }]);
    expect(gates({})).toEqual([]);
  });

  it('is no data, failing the run, when no clean review of an original was answered', () => {
    const failed = criticTables(0.7, [0.56, 0.81], { falseAlarms: { clean: { n: 0, flagged: 0, rate: 0, ci: [0, 1], noVerdict: 0, errors: 3, flaky: null } } });
    expect(gates({ maxFalseAlarmRate: 0.1 }, failed)).toMatchObject([{ status: 'no-data', pass: false, detail: 'every clean review of the originals failed (3 errors)' }]);
    expect(gates({ maxFalseAlarmRate: 0.1 }, criticTables(0.7, [0.56, 0.81], { falseAlarms: {} }))).toMatchObject([{ status: 'no-data', detail: 'no clean review of the originals finished' }]);
  });
});

describe('false alarms apart', () => {
  const cell = (flagged: number, n: number) => ({ n, flagged, rate: flagged / n, ci: [0, 1] as [number, number], noVerdict: 0, errors: 0, flaky: null });
  const apart = criticTables(0.7, [0.56, 0.81], { falseAlarmsApart: { originals: { clean: cell(1, 10) }, controls: { clean: cell(2, 20), 'with-trace': cell(5, 20) } } });

  it('shows the originals and the controls apart once the critic reviewed a control, in report.md and report.html', () => {
    expect(falseAlarms.markdown!.render(apart, view)).toEqual([
      "| *false alarms on the fixtures' own artifacts* | 10% [0–100] n=10 | – |",
      '| *false alarms on controls (correct variants and paraphrases)* | 10% [0–100] n=20 | 25% [0–100] n=20 |',
    ]);
    expect(falseAlarms.html!.render(apart, view)).toContain('<td>on the fixtures&#39; own artifacts</td><td class="num">10% [0–100] n=10</td><td class="num">–</td>');
  });

  it('shows nothing without controls, where the pooled row says it all', () => {
    expect(falseAlarms.markdown!.render(tables, view)).toEqual([]);
    expect(falseAlarms.html!.render(tables, view)).toBe('');
  });
});
