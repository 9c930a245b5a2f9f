import { describe, expect, it } from 'vitest';
import { textFixture } from '../../test/support/textFixture.js';
import { planChanges, type PlannedAudit } from './planChanges.js';

const fixtures = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => textFixture({ id, artifact: `Staff get ${id.charCodeAt(0)} days.`, evidence: 'Staff get 97 days.' }));
const planned: PlannedAudit = {
  settings: {
    configFile: 'critic.config.yaml',
    configSha256: 'c0ffee',
    seed: 1,
    conditions: ['clean', 'with-trace'],
    mutators: ['number-flip', 'negation'],
    repeats: 1,
    rubric: null,
    mutantsPerFixture: 12,
    errorBudget: 0.05,
  },
  critics: [{ name: 'model', identity: { provider: 'openai', model: 'small', temperature: 0 } }],
  fixtures: fixtures.slice(0, 3),
};
const changed = (parts: Partial<PlannedAudit['settings']>, rest: Partial<Omit<PlannedAudit, 'settings'>> = {}): PlannedAudit => ({ ...planned, ...rest, settings: { ...planned.settings, ...parts } });

describe('planChanges', () => {
  it('finds nothing between an audit and itself, whatever file declared its fixtures', () => {
    const moved = fixtures.slice(0, 3).map((f) => ({ ...f, source: { file: 'elsewhere.yaml', line: 9 } }));
    expect(planChanges(planned, changed({}, { fixtures: moved }))).toEqual([]);
  });

  it('names each setting the reviews depend on, old → new', () => {
    expect(planChanges(planned, changed({ rubric: 'Check every number against the evidence.', mutantsPerFixture: 4, conditions: ['with-trace', 'clean'] }))).toEqual([
      'conditions reordered: clean, with-trace → with-trace, clean',
      `rubric "each fixture kind's default" → "Check every number against the evidence."`,
      'mutantsPerFixture 12 → 4',
    ]);
  });

  it('names a review loop added or changed: its rounds are reviews too', () => {
    expect(planChanges(planned, changed({ loop: { rounds: 5, falseFixShare: 0.3 } }))).toEqual(['loop (none) → {"falseFixShare":0.3,"rounds":5}']);
    expect(planChanges(changed({ loop: { rounds: 5, falseFixShare: 0.3 } }), changed({ loop: { rounds: 3, falseFixShare: 0.3 } }))).toEqual([
      'loop {"falseFixShare":0.3,"rounds":5} → {"falseFixShare":0.3,"rounds":3}',
    ]);
  });

  it('cuts a long value short', () => {
    const [change] = planChanges(planned, changed({ rubric: `Check ${'every claim '.repeat(20)}` }));
    expect(change).toMatch(/^rubric "each fixture kind's default" → "Check every claim every claim .{20,}…$/);
    expect(change!.length).toBeLessThan(140);
  });

  it('names critics added and removed, and each part of an identity that changed', () => {
    const critics = [
      { name: 'model', identity: { provider: 'openai', model: 'large', temperature: 0, json: true } },
      { name: 'second', identity: { provider: 'exec' } },
    ];
    expect(planChanges(planned, changed({}, { critics }))).toEqual(['critics added second', 'critic model: model "small" → "large"', 'critic model: json (none) → true']);
  });

  it('names fixtures changed, added and removed, the first five of each and how many more', () => {
    const edited = { ...fixtures[0]!, artifact: 'Staff get 30 days.' };
    expect(planChanges(planned, changed({}, { fixtures: [edited, fixtures[2]!, ...fixtures.slice(3)] }))).toEqual(['fixture changed: a', 'fixtures added: d, e, f, g', 'fixture removed: b']);
    expect(planChanges(changed({}, { fixtures: [] }), planned)).toEqual(['fixtures added: a, b, c']);
    expect(planChanges(changed({}, { fixtures: [] }), changed({}, { fixtures }))).toEqual(['fixtures added: a, b, c, d, e and 2 more']);
    expect(planChanges(planned, changed({}, { fixtures: [fixtures[1]!, fixtures[0]!, fixtures[2]!] }))).toEqual(['fixtures reordered']);
  });

  it('leaves out what an older run did not record', () => {
    const { rubric: _rubric, mutantsPerFixture: _cap, ...older } = planned.settings;
    expect(planChanges({ ...planned, settings: older }, changed({ rubric: 'Another rubric.', mutantsPerFixture: 3 }))).toEqual([]);
  });
});
