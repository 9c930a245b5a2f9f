import { describe, expect, it } from 'vitest';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { buildReport } from '../reports/build.js';
import { renderJunit } from '../reports/junit.js';
import { renderMarkdown } from '../reports/markdown.js';
import type { ConditionName } from '../requests/conditions/index.js';
import { thresholdsSchema } from './index.js';

// A critic that reviews clean (FAIL on mutants, PASS on originals) and answers PASS whenever prior-pass says so.
const world = makeWorld(3, () => 2);
const conditions: ConditionName[] = ['clean', 'prior-pass'];
const results = world.items.flatMap((item) =>
  conditions.map((condition) => {
    const verdict = condition === 'prior-pass' || item.role !== 'mutant' ? 'PASS' : 'FAIL';
    return reviewResult({ itemId: item.id, condition, reviewId: `${item.id}/${condition}`, verdict, reply: `VERDICT: ${verdict}` });
  }),
);
const report = (thresholds: Record<string, unknown> = {}) => buildReport(snapshotOf(world, ['critic'], conditions, thresholdsSchema.parse(thresholds)), COMPLETE, memoryStore(results));

describe('echo', () => {
  it('finds the critic repeating a contaminant it no longer discriminates under, and says so in the warnings, the headline and junit.xml', () => {
    const built = report();
    expect(built.critics['critic']!.echo).toEqual({
      'prior-pass': { pushes: 'pass', n: 9, echoed: 9, rate: 1, ci: expect.any(Array), cleanRate: 3 / 9, discrimination: 0, echoing: true },
    });
    expect(built.warnings).toContain(
      'critic: echoes the contaminant under prior-pass: 100% of items answered PASS as it pushed, and it no longer tells mutants from originals (discrimination 0.000 < 0.2); its figures under prior-pass are not a review',
    );
    expect(renderMarkdown(built).split('\n')[0]).toMatch(/ \(echoing the contaminant: critic under prior-pass\)$/);
    expect(renderJunit(built)).toContain('<property name="echoing" value="prior-pass"/>');
  });

  it("reads the positive control's minDiscrimination", () => {
    expect(report({ positiveControl: { minDiscrimination: -0.5 } }).critics['critic']!.echo['prior-pass']!.echoing).toBe(false);
  });
});
