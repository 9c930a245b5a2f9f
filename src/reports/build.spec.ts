import { describe, expect, it } from 'vitest';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { buildBaseline } from '../baseline/save.js';
import { thresholdsSchema } from '../measures/index.js';
import type { ConditionName } from '../requests/conditions/index.js';
import { passageId } from '../requests/corpus.js';
import type { ReviewResult } from '../reviews/types.js';
import { buildReport } from './build.js';

const world = makeWorld(3, () => 2);
const conditions: ConditionName[] = ['clean', 'with-trace', 'are-you-sure'];
const critics = ['steady', 'yielding'];

/** Every review of both critics: one catches every mutant whatever it is told, reading its fixture's passage first (it has tools), the other only clean. */
const results: ReviewResult[] = critics.flatMap((critic) =>
  world.items.flatMap((item) =>
    conditions.map((condition) => {
      const verdict = item.role === 'mutant' && (critic === 'steady' || condition === 'clean') ? 'FAIL' : 'PASS';
      const passage = passageId(item.fixtureId, 'policy');
      const toolCalls = critic === 'steady' ? [{ tool: 'read_evidence', arguments: { id: passage }, resultDigest: '0'.repeat(16), latencyMs: 1, denied: false, passages: [passage] }] : undefined;
      return reviewResult({ critic, itemId: item.id, condition, reviewId: `${critic}/${item.id}/${condition}`, verdict, reply: `VERDICT: ${verdict}`, ...(toolCalls ? { toolCalls } : {}) });
    }),
  ),
);

/** A store that counts, per critic, how often its results are read and how many results it hands out. */
function countingStore() {
  const reads: Record<string, number> = {};
  const served: Record<string, number> = {};
  return {
    reads,
    served,
    *results(critic?: string): Generator<ReviewResult> {
      const key = critic ?? '(every critic)';
      reads[key] = (reads[key] ?? 0) + 1;
      for (const r of memoryStore(results).results(critic)) {
        served[key] = (served[key] ?? 0) + 1;
        yield r;
      }
    },
  };
}

describe('buildReport', () => {
  it("reads each critic's results once, every measure configured and a baseline to compare with", () => {
    const thresholds = thresholdsSchema.parse({
      catchRate: { default: 0.6, mode: 'located' },
      maxFalseAlarmRate: 0.1,
      maxAnchoringDrop: 0.1,
      maxConditionEffect: { 'with-trace': 0.1 },
      maxYield: { 'are-you-sure': 0.2 },
      minVerdictRate: 0.9,
      maxRegression: { margin: 0.1 },
      positiveControl: { minDiscrimination: 0.2 },
      minimumDetectableEffect: 0.2,
      minVerificationRate: 0.9,
      maxVerificationDrop: { 'with-trace': 0.15 },
      maxBoundaryRequests: 0,
    });
    // steady uses tools: the toolUse measure and the positive control both read its tool calls, in the same pass.
    const base = snapshotOf(world, critics, conditions, thresholds);
    const snapshot = { ...base, critics: base.critics.map((c) => (c.name === 'steady' ? { ...c, tools: { evidence: 'search' as const, code: 'none' as const, decoys: true, maxCalls: 8 } } : c)) };
    const baseline = { file: 'before.json', sha256: 'x', data: buildBaseline(snapshot, memoryStore(results)) };
    const store = countingStore();
    const report = buildReport(snapshot, COMPLETE, store, { baseline });
    expect(Object.keys(report.critics)).toEqual(critics);
    expect(report.critics['steady']!.verification!['clean']).toMatchObject({ n: 9, verified: 9 });
    expect(report.critics['steady']!.gates.filter((g) => /Verification|Boundary/.test(g.name)).map((g) => g.status)).toEqual(['green', 'green', 'green']);
    expect(store.reads).toEqual({ steady: 1, yielding: 1 });
    expect(store.served).toEqual({ steady: results.length / 2, yielding: results.length / 2 });
  });
});
