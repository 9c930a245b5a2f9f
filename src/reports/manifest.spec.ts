import { describe, expect, it } from 'vitest';
import { makeWorld, snapshotOf } from '../../test/support/scriptedCritic.js';
import type { CodeFixture } from '../fixtures/types.js';
import type { ToolsSetting } from '../requests/tools.js';
import { buildManifest } from './manifest.js';

describe("the manifest's tools record", () => {
  const world = makeWorld(2, () => 1);
  const code: CodeFixture = {
    id: 'median',
    kind: 'code',
    language: 'typescript',
    task: 'The median of a list.',
    artifact: 'export const median = (xs: number[]) => xs[0];',
    checks: [],
    variants: [],
    trace: undefined,
    cluster: 'median',
    source: { file: 'functions/median.yaml', line: 1, field: 'fixtures[0]', checkLines: [] },
  };
  const tools: ToolsSetting = { evidence: 'search', code: 'run', decoys: false, maxCalls: 8 };

  it('offers each critic what its reviews can be offered: run_code only to a critic that reviews code, the corpora only of the fixtures it reviews', () => {
    const base = snapshotOf(world, ['text-only', 'code-only', 'any'], ['clean']);
    const kinds: Record<string, Array<'text' | 'code'>> = { 'text-only': ['text'], 'code-only': ['code'] };
    const run = { ...base, fixtures: [...world.fixtures, code], critics: base.critics.map((c) => ({ ...c, tools, ...(kinds[c.name] ? { kinds: kinds[c.name] } : {}) })) };
    const offered = Object.fromEntries(buildManifest(run, []).critics.map((c) => [c.name, [c.tools?.offered, c.tools?.corpora.length]]));
    expect(offered).toEqual({
      'text-only': [['search_evidence', 'read_evidence'], 1],
      'code-only': [['run_code'], 0],
      any: [['search_evidence', 'read_evidence', 'run_code'], 1],
    });
  });
});
