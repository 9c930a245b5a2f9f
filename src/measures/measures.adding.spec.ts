import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPLETE, makeWorld, memoryStore, snapshotOf } from '../../test/support/scriptedCritic.js';
import { reviewResult } from '../../test/support/reviewResult.js';
import { conditionsOf } from '../requests/conditions/index.js';

// The modules that read the registry, loaded afresh once the mock is in place (other specs of the worker may have loaded them).
let buildReport: typeof import('../reports/build.js').buildReport;
let renderMarkdown: typeof import('../reports/markdown.js').renderMarkdown;
let renderTerminal: typeof import('../reports/terminal.js').renderTerminal;
let applyThresholdOverrides: typeof import('./overrides.js').applyThresholdOverrides;
let thresholdsSchema: typeof import('./index.js').thresholdsSchema;
beforeAll(async () => {
  // Adding a measure is its module (testing/flaggedShare.ts) and one line in the registry: here that line.
  vi.doMock('./registry.js', async (importActual) => {
    const registry = await importActual<typeof import('./registry.js')>();
    const { flaggedShare } = await import('./testing/flaggedShare.js');
    return { ...registry, CRITIC_MEASURES: [...registry.CRITIC_MEASURES, flaggedShare] };
  });
  vi.resetModules();
  ({ buildReport } = await import('../reports/build.js'));
  ({ renderMarkdown } = await import('../reports/markdown.js'));
  ({ renderTerminal } = await import('../reports/terminal.js'));
  ({ applyThresholdOverrides } = await import('./overrides.js'));
  ({ thresholdsSchema } = await import('./index.js'));
});
// The specs after this one in the worker (isolate: false) get the registry as it is.
afterAll(() => {
  vi.doUnmock('./registry.js');
  vi.resetModules();
});

const world = makeWorld(3, () => 2);

function report(thresholds: Record<string, unknown>, answer: (role: string) => 'FAIL' | 'PASS') {
  const snapshot = snapshotOf(world, ['critic'], ['clean'], thresholdsSchema.parse(thresholds) as Parameters<typeof snapshotOf>[3]);
  const results = world.items.map((item) => {
    const verdict = answer(item.role);
    return reviewResult({ itemId: item.id, condition: 'clean', reviewId: `${item.id}/clean`, verdict, reply: `VERDICT: ${verdict}` });
  });
  return buildReport(snapshot, COMPLETE, memoryStore(results));
}

describe('a measure added by its file and a registry line', () => {
  it('takes its threshold in the config and from --threshold', () => {
    expect(Object.keys(thresholdsSchema.shape)).toContain('maxFlaggedShare');
    // Its rank (85) puts it between minVerdictRate (80) and gate (90) in the config reference.
    const keys = Object.keys(thresholdsSchema.shape);
    expect(keys.indexOf('maxFlaggedShare')).toBe(keys.indexOf('minVerdictRate') + 1);
    expect(applyThresholdOverrides({}, ['maxFlaggedShare=0.4'], ['number-flip'], conditionsOf(['clean']))).toEqual({ maxFlaggedShare: 0.4 });
  });

  it('shows its figure in report.json at its rank, its gate, its warning, its terminal line and its report.md section', () => {
    const built = report({ maxFlaggedShare: 0.5 }, () => 'FAIL');
    const critic = built.critics['critic']!;
    const keys = Object.keys(critic);
    expect(keys.indexOf('flaggedShare')).toBe(keys.indexOf('echo') + 1);
    expect(JSON.parse(JSON.stringify(built)).critics.critic.flaggedShare).toEqual({ answered: 9, share: 1 });
    expect(critic.gates.find((g) => g.name === 'maxFlaggedShare')).toMatchObject({ value: 1, pass: false, status: 'red' });
    expect(critic.passed).toBe(false);
    expect(built.warnings).toContain('critic: flags every review it answered');
    expect(renderTerminal(built, '/tmp/out')).toContain('flagged share: 100% of 9 answered reviews');
    expect(renderMarkdown(built)).toContain('### Flagged share\n\n100% of 9 answered reviews flagged.');
  });

  it('passes its gate when the figure is within the threshold', () => {
    const built = report({ maxFlaggedShare: 0.8 }, (role) => (role === 'mutant' ? 'FAIL' : 'PASS'));
    expect(built.critics['critic']!.gates.find((g) => g.name === 'maxFlaggedShare')).toMatchObject({ pass: true, status: 'green' });
    expect(JSON.parse(JSON.stringify(built)).critics.critic.flaggedShare.share).toBeCloseTo(6 / 9);
  });
});
