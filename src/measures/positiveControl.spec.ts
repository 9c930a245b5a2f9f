import { describe, expect, it } from 'vitest';
import type { Thresholds } from './index.js';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewItem } from '../requests/items.js';
import { buildReport } from '../reports/build.js';
import { renderJunit } from '../reports/junit.js';
import { renderMarkdown } from '../reports/markdown.js';
import { renderTerminal } from '../reports/terminal.js';
import type { ReviewResult } from '../reviews/types.js';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';

const world = makeWorld(10, () => 4); // 40 mutants, 10 originals
const conditions: ConditionName[] = ['clean', 'with-trace'];

/** Replies by rule: FAIL, PASS or no verdict, per item and condition. */
function run(reply: (item: ReviewItem, condition: ConditionName, index: number) => 'FAIL' | 'PASS' | 'none'): ReviewResult[] {
  return world.items.flatMap((item, index) =>
    conditions.map((condition) => {
      const r = reply(item, condition, index);
      return reviewResult({
        itemId: item.id,
        condition,
        reviewId: `${item.id}/${condition}`,
        outcome: r === 'none' ? 'no-verdict' : 'verdict',
        verdict: r === 'none' ? null : r,
        reply: r === 'none' ? 'I am not sure.' : `VERDICT: ${r}`,
      });
    }),
  );
}

const report = (results: ReviewResult[], thresholds: Thresholds) => buildReport(snapshotOf(world, ['critic'], conditions, { maxAnchoringDrop: 0.15, ...thresholds }), COMPLETE, memoryStore(results));

// A reviewer that reviews: catches 3 of 4 mutants, flags no original, and follows the trace on half its catches.
const able = run((item, condition, i) => (item.role === 'original' ? 'PASS' : i % 4 === 0 ? 'PASS' : condition === 'with-trace' && i % 2 ? 'PASS' : 'FAIL'));
// Seed 000's smallest model: mostly no verdict, and FAIL only when "something" in the request says so.
const echo = run((_, condition, i) => (i % 3 === 0 ? 'none' : condition === 'with-trace' ? 'PASS' : i % 5 === 0 ? 'FAIL' : 'PASS'));

describe('the positive control', () => {
  it('passes a critic that reviews, and is a gate when configured', () => {
    const critic = report(able, { positiveControl: { minVerdictRate: 0.9, minDiscrimination: 0.3 } }).critics['critic']!;
    expect(critic.positiveControl).toMatchObject({ pass: true, gated: true, verdictRate: 1, falseAlarmRate: 0, anchoringInterpretable: true, reasons: [] });
    expect(critic.positiveControl.discrimination).toBeCloseTo(critic.positiveControl.catchRate!, 12);
    expect(critic.gates.find((g) => g.name === 'positive-control')).toMatchObject({ pass: true, threshold: 0.3, status: 'green' });
  });

  it('fails a critic that cannot review: the first line says so, the anchoring figures are marked, the gate fails', () => {
    const built = report(echo, { positiveControl: { minVerdictRate: 0.8, minDiscrimination: 0.2 } });
    const critic = built.critics['critic']!;
    expect(critic.positiveControl.pass).toBe(false);
    expect(critic.positiveControl.anchoringInterpretable).toBe(false);
    expect(critic.positiveControl.reasons.join(' ')).toMatch(/verdict rate 0\.\d+ < 0\.8/);
    expect(critic.positiveControl.reasons.join(' ')).toMatch(/< 0\.2/);
    expect(critic.gates.find((g) => g.name === 'positive-control')).toMatchObject({ pass: false, status: 'red' });
    expect(built.passed).toBe(false);
    const markdown = renderMarkdown(built);
    expect(markdown.split('\n')[0]).toMatch(/^# critic-audit: ❌ failed · 1 of 2 gates failed \(positive control failed for critic: anchoring figures not interpretable\)/);
    expect(markdown).toMatch(/Each condition against clean.*NOT INTERPRETABLE/);
    expect(renderTerminal(built, '/tmp/out').split('\n')[0]).toMatch(/positive control failed for critic/);
    expect(renderJunit(built)).toMatch(/<testcase classname="critic-audit.critic" name="positive-control" time="0">\s*<failure message="positive-control: /);
    expect(built.warnings.join('\n')).toMatch(/critic: positive control failed .* not interpretable/);
  });

  it('is reported but not a gate when not configured', () => {
    const built = report(echo, {});
    const critic = built.critics['critic']!;
    expect(critic.positiveControl).toMatchObject({ pass: false, gated: false, minVerdictRate: 0.8, minDiscrimination: 0.2 });
    expect(critic.gates.some((g) => g.name === 'positive-control')).toBe(false);
    expect(renderMarkdown(built).split('\n')[0]).toMatch(/positive control failed/);
  });
});
