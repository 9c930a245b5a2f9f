import { afterAll, describe, expect, it, vi } from 'vitest';
import { conditionsOf } from '../requests/conditions/index.js';

/**
 * Adding a measure is its module (testing/flaggedShare.ts) and one line in the registry: here that line, put in by a
 * mock of the registry. The contract every member keeps (test/support/measureContract.ts, run on the registry by
 * measures.contract.spec.ts and src/gates/configuredGates.spec.ts) is then run as it stands, with the new member in
 * it: no row, setting or name of it is written anywhere but in its own file.
 */
vi.doMock('./registry.js', async (importActual) => {
  const registry = await importActual<typeof import('./registry.js')>();
  const { flaggedShare } = await import('./testing/flaggedShare.js');
  return { ...registry, CRITIC_MEASURES: [...registry.CRITIC_MEASURES, flaggedShare] };
});
// The modules that read the registry, loaded afresh with the line in it (other specs of the worker may have loaded them).
vi.resetModules();
const { configuredGatesContract, measureContract } = await import('../../test/support/measureContract.js');
const { CRITIC_MEASURES, thresholdsSchema } = await import('./index.js');
const { applyThresholdOverrides } = await import('./overrides.js');
const { specimenHtml, specimenRun } = await import('../../test/support/specimen.js');
const { renderJunit } = await import('../reports/junit.js');
const { renderMarkdown } = await import('../reports/markdown.js');
const { renderTerminal } = await import('../reports/terminal.js');
// The specs after this one in the worker (isolate: false) get the registry as it is.
afterAll(() => {
  vi.doUnmock('./registry.js');
  vi.resetModules();
});

describe('a measure added by its file and a registry line', () => {
  it('is in the registry the contract runs on', () => {
    expect(CRITIC_MEASURES.map((m) => m.key)).toContain('flaggedShare');
  });

  it('takes its threshold in the config and from --threshold', () => {
    // Its rank (85) puts it between minVerdictRate (80) and gate (90) in the config reference.
    const keys = Object.keys(thresholdsSchema.shape);
    expect(keys.indexOf('maxFlaggedShare')).toBe(keys.indexOf('minVerdictRate') + 1);
    expect(applyThresholdOverrides({}, ['maxFlaggedShare=0.4'], ['number-flip'], conditionsOf(['clean']))).toEqual({ maxFlaggedShare: 0.4 });
  });

  it('shows its figure in report.json at its rank, its gate, its warning, and every output its file gives it a piece of', async () => {
    const run = specimenRun({ answer: () => 'FAIL' }, { maxFlaggedShare: 0.5 });
    const built = run.report;
    const critic = built.critics['critic']!;
    const keys = Object.keys(critic);
    expect(keys.indexOf('flaggedShare')).toBe(keys.indexOf('echo') + 1);
    expect(JSON.parse(JSON.stringify(built)).critics.critic.flaggedShare).toEqual({ answered: 9, share: 1 });
    expect(critic.gates.find((g) => g.name === 'maxFlaggedShare')).toMatchObject({ value: 1, pass: false, status: 'red' });
    expect(critic.passed).toBe(false);
    expect(built.warnings).toContain('critic: flags every review it answered');
    expect(renderTerminal(built, '/tmp/out')).toContain('flagged share: 100% of 9 answered reviews');
    expect(renderMarkdown(built)).toContain('### Flagged share\n\n100% of 9 answered reviews flagged.');
    expect(renderMarkdown(built).split('\n')[0]).toContain('(flags everything: critic)');
    const junit = renderJunit(built);
    expect(junit).toContain('<property name="flaggedShare" value="1.0000"/>');
    expect(junit).toMatch(/<testcase classname="critic-audit.critic" name="maxFlaggedShare" time="0">\s*<failure /);
    const html = await specimenHtml(run);
    expect(html).toContain('<h3>Flagged share</h3><p>100% of 9 answered reviews flagged.</p>');
    expect(html).toContain('<p class="flagged-share">flags 100% of what it answered</p>');
  });
});

// The contract every member keeps, with the new one among them.
measureContract();
describe('no configured gate vanishes', () => configuredGatesContract());
