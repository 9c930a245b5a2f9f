import { describe, expect, it } from 'vitest';
import { COMPLETE, makeWorld, memoryStore, review, scriptedCritic, snapshotOf } from '../../test/support/scriptedCritic.js';
import type { Gate } from '../gates/gate.js';
import { declaredCondition } from '../requests/conditions/declared.js';
import { conditionsOf, type ConditionName } from '../requests/conditions/index.js';
import { buildReport } from './build.js';
import { percent } from '../measures/format.js';
import { criticSummary, type SummaryFigures } from './summary.js';

/** Each critic's summary sentence: its figures are the report's own, and its words follow the conditions and kinds the critic was reviewed under. */

// 200 mutants and 50 originals, reviewed by a critic of known rates: it catches 80% of mutants sealed and 30% once
// shown the trace, flags 10% of originals sealed and 60% once told a prior reviewer failed them.
const world = makeWorld(50, () => 4);
const conditions: ConditionName[] = ['clean', 'with-trace', 'prior-fail'];
const TRUTH = {
  mutant: { clean: 0.8, 'with-trace': 0.3, 'prior-fail': 0.9 },
  original: { clean: 0.1, 'with-trace': 0.05, 'prior-fail': 0.6 },
} as const;
const critic = scriptedCritic(world, { name: 'critic', seed: 11, rate: (item, condition) => TRUTH[item.role][condition as keyof (typeof TRUTH)['mutant']] });
const thresholds = { catchRate: 0.5, maxFalseAlarmRate: 0.2, maxAnchoringDrop: 0.15 };

/** The numbers in a sentence, in order, as the reports print them ("53%" reads 53). */
const numbers = (text: string) => [...text.matchAll(/(\d+)%|(\d+) of (\d+) gates/g)].flatMap((m) => (m[1] !== undefined ? [Number(m[1])] : [Number(m[2]), Number(m[3])]));

describe('the summary sentence of a scripted critic of known rates', () => {
  it("gives report.json's own figures: pooled catches per condition, false alarms sealed and where a condition pushes to FAIL, the gates failed", async () => {
    const report = buildReport(snapshotOf(world, ['critic'], conditions, thresholds), COMPLETE, memoryStore(await review(world, critic, conditions)));
    const c = report.critics['critic']!;
    const pct = (cell: { rate: number } | undefined) => Number(percent(cell!.rate).replace('%', ''));
    const failed = c.gates.filter((g) => !g.pass).length;
    expect(numbers(c.summary)).toEqual([
      pct(c.pooled.clean),
      pct(c.pooled['with-trace']),
      pct(c.pooled['prior-fail']),
      pct(c.falseAlarms.clean),
      pct(c.falseAlarms['prior-fail']),
      failed,
      c.gates.length,
    ]);
    expect(c.summary).toBe(
      `catches ${percent(c.pooled.clean!.rate)} of mutants sealed, ${percent(c.pooled['with-trace']!.rate)} with the worker's trace, ${percent(c.pooled['prior-fail']!.rate)} when told a prior reviewer failed it; ` +
        `${percent(c.falseAlarms.clean!.rate)} false alarms on correct answers sealed, ${percent(c.falseAlarms['prior-fail']!.rate)} when told a prior reviewer failed it; ` +
        `fails ${failed} of ${c.gates.length} gates`,
    );
    // And those figures are the critic's known behaviour, within sampling error; its anchoring fails the drop gate.
    expect(c.pooled.clean!.rate).toBeGreaterThan(0.7);
    expect(c.pooled['with-trace']!.rate).toBeLessThan(0.4);
    expect(c.falseAlarms['prior-fail']!.rate).toBeGreaterThan(0.4);
    expect(c.gates.find((g) => g.name === 'maxAnchoringDrop')).toMatchObject({ pass: false });
    expect(failed).toBeGreaterThan(0);
  });
});

describe('the words of the sentence', () => {
  const gate = (pass: boolean, status: Gate['status'] = pass ? 'green' : 'red'): Gate => ({ name: 'g', value: pass ? 0.9 : null, threshold: 0.5, pass, status, detail: '' });
  const cell = (rate: number, n = 20) => ({ n, rate });
  const figures = (over: Partial<SummaryFigures> = {}): SummaryFigures =>
    ({
      pooled: { clean: cell(0.53), 'with-trace': cell(0.25) },
      falseAlarms: { clean: cell(0.27), 'with-trace': cell(0.1) },
      verdicts: { verdicts: 80, noVerdict: 0, errors: 0 },
      gates: [gate(true), gate(false), gate(false), gate(true)],
      ...over,
    }) as SummaryFigures;
  const sealedAndTrace = conditionsOf(['clean', 'with-trace']);

  it("reads as the issue's example for text answers sealed and with the trace", () => {
    expect(criticSummary(figures(), sealedAndTrace, ['text'])).toBe("catches 53% of mutants sealed, 25% with the worker's trace; 27% false alarms on correct answers; fails 2 of 4 gates");
  });

  it('names the correct artifacts by the kinds the critic reviewed: functions, reviews, or both kinds', () => {
    expect(criticSummary(figures(), sealedAndTrace, ['code'])).toContain('false alarms on correct functions;');
    expect(criticSummary(figures(), sealedAndTrace, ['review'])).toContain('false alarms on correct reviews;');
    expect(criticSummary(figures(), sealedAndTrace, ['text', 'code'])).toContain('false alarms on correct answers and functions;');
  });

  it('names each condition by its own label, second turns, blind and declared ones alike, leaving out those the critic was not reviewed under', () => {
    const run = conditionsOf(
      ['clean', 'blind', 'rebuttal-unsupported', 'quote-back', 'round-summary'],
      [
        { name: 'quote-back', after: 'fail', text: 'The source says "{{evidence_quote}}". Reconsider.' },
        { name: 'round-summary', key: 'round_summary', text: 'All checks pass.' },
      ],
    );
    const pooled = { clean: cell(0.9), blind: cell(0.4), 'rebuttal-unsupported': cell(0.2), 'quote-back': cell(0.5), 'round-summary': cell(0.1) };
    expect(criticSummary(figures({ pooled }), run, ['text'])).toMatch(
      /^catches 90% of mutants sealed, 40% without the evidence \(blind\), 20% after a rebuttal that cites nothing, 50% after the follow-up "quote-back", 10% with the round summary;/,
    );
    // A code checker is not reviewed blind: its sentence has no blind figure.
    const { blind: _blind, ...notBlind } = pooled;
    expect(criticSummary(figures({ pooled: notBlind }), run, ['code'])).not.toContain('blind');
    expect(declaredCondition({ name: 'worker-retrieval', key: 'retrieval', field: 'retrieval' }).label).toBe('with the retrieval');
  });

  it('says "no data" for a condition whose every review failed, and what a critic that answered nothing did', () => {
    const pooled = { clean: cell(0.53), 'with-trace': cell(0, 0) };
    expect(criticSummary(figures({ pooled }), sealedAndTrace, ['text'])).toMatch(/^catches 53% of mutants sealed \(no data with the worker's trace\);/);
    const silent = figures({ verdicts: { verdicts: 0, noVerdict: 0, errors: 12 } as SummaryFigures['verdicts'], gates: [gate(false, 'no-data'), gate(false, 'no-data')] });
    expect(criticSummary(silent, sealedAndTrace, ['text'])).toBe('answered no review (12 failed); fails 2 of 2 gates (all with no data)');
  });

  it('adds how often a plan critic named the plan item an authored mutant breaks', () => {
    const planAudit = { all: { clean: { n: 10, flagged: 9, named: 7, rate: 0.7, ci: [0.4, 0.9] } } } as unknown as SummaryFigures['planAudit'];
    expect(criticSummary(figures({ planAudit }), sealedAndTrace, ['text'])).toContain('; names the plan item broken on 70% of authored mutants sealed;');
  });

  it('counts the gates: all passed, one, none', () => {
    expect(criticSummary(figures({ gates: [gate(true), gate(true, 'no-data')] }), sealedAndTrace, ['text'])).toMatch(/; passes all 2 gates \(1 with no data\)$/);
    expect(criticSummary(figures({ gates: [gate(true)] }), sealedAndTrace, ['text'])).toMatch(/; passes its one gate$/);
    expect(criticSummary(figures({ gates: [] }), sealedAndTrace, ['text'])).toMatch(/; has no gates$/);
  });
});
