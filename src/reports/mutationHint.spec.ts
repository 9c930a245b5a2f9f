import { describe, expect, it } from 'vitest';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ReviewResult } from '../reviews/types.js';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { buildReport } from './build.js';
import { mutationReportHint } from './mutationHint.js';
import { renderTerminal } from './terminal.js';

const world = makeWorld(10, () => 4);
const conditions: ConditionName[] = ['clean', 'with-trace'];

/** Catches every mutant sealed and flags no original; with the trace, catches `traced` of them. */
function run(traced: (index: number) => boolean): ReviewResult[] {
  return world.items.flatMap((item, index) =>
    conditions.map((condition) => {
      const verdict = item.role === 'mutant' && (condition === 'clean' || traced(index)) ? 'FAIL' : 'PASS';
      return {
        critic: 'critic',
        itemId: item.id,
        condition,
        repeat: 0,
        reviewId: `${item.id}/${condition}`,
        requestDigest: 'd',
        outcome: 'verdict' as const,
        verdict,
        reply: `VERDICT: ${verdict}`,
        error: null,
        attempts: 1,
        latencyMs: 1,
        usage: null,
        cached: false,
        cacheKey: 'k',
      };
    }),
  );
}
const report = (results: ReviewResult[]) => buildReport(snapshotOf(world, ['critic'], conditions, { catchRate: 0.8, maxFalseAlarmRate: 0.1, maxAnchoringDrop: 0.15 }), COMPLETE, memoryStore(results));

describe('the terminal points at the mutation report of the condition that failed a gate', () => {
  // Perfect sealed, collapsing under the trace: mutation.html (clean) shows a perfect score.
  const collapsed = report(run(() => false));

  it('names mutation.<condition>.html, or how to have it written', () => {
    expect(collapsed.critics['critic']!.gates.filter((g) => !g.pass).map((g) => g.name)).toEqual(['maxAnchoringDrop']);
    expect(mutationReportHint(collapsed, '/out', { primaryCondition: 'clean', mutationReportPerCondition: true })).toBe(
      'mutation.html shows clean only, and a gate failed under with-trace: see /out/mutation.with-trace.html',
    );
    expect(mutationReportHint(collapsed, '/out', { primaryCondition: 'clean', mutationReportPerCondition: false })).toBe(
      'mutation.html shows clean only, and a gate failed under with-trace: set reports.mutationReportPerCondition: true in the config to have mutation.with-trace.html written',
    );
    expect(renderTerminal(collapsed, '/out')).toMatch(/reports: \/out\nmutation\.html shows clean only, and a gate failed under with-trace: set reports\.mutationReportPerCondition: true/);
  });

  it('says nothing when the failed gates are on the condition mutation.html shows, or none failed', () => {
    expect(mutationReportHint(collapsed, '/out', { primaryCondition: 'with-trace', mutationReportPerCondition: false })).toBeNull();
    const steady = report(run(() => true));
    expect(steady.passed).toBe(true);
    expect(mutationReportHint(steady, '/out')).toBeNull();
    expect(renderTerminal(steady, '/out')).not.toContain('mutation.html shows');
  });
});
