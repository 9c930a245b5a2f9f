import { describe, expect, it } from 'vitest';
import type { IgnoredMutant } from '../mutants/types.js';
import type { ItemRecord } from '../requests/items.js';
import { ItemOutcomes } from '../results/itemOutcomes.js';
import type { ReviewResult } from '../reviews/types.js';
import { gatedMutators } from './gatedMutators.js';

const span = { start: 0, end: 1, line: 1, column: 1, endLine: 1, endColumn: 2 };
const ignored = (mutator: string, reason: string, i: number): IgnoredMutant => ({ id: `${mutator}-${i}`, fixtureId: 'f', mutator, span, original: 'a', replacement: 'b', reason });
const item = (id: string, kind: 'text' | 'code'): ItemRecord => ({ id, fixtureId: id, cluster: id, kind, role: 'original', mutator: null, artifact: '' });
const reviewed = (...ids: string[]) => {
  const outcomes = new ItemOutcomes();
  for (const itemId of ids) outcomes.add({ critic: 'c', itemId, condition: 'clean', repeat: 0, outcome: 'verdict', verdict: 'PASS' } as ReviewResult);
  return outcomes;
};

describe('the mutators a critic is gated on', () => {
  it('says why a mutator made no valid mutant: no site, or all ignored with the most common reasons first', () => {
    const reasons = [
      ...[0, 1, 2].map((i) => ignored('entity-swap', 'the new name is also stated in the supporting evidence', i)),
      ignored('entity-swap', 'the original name is not stated in the supporting evidence', 3),
      ...[4, 5].map((i) => ignored('entity-swap', 'no supporting sentence', i)),
      ignored('entity-swap', 'a fourth reason', 6),
    ];
    const generation = { mutants: [0, 1, 2, 3].map(() => ({ mutator: 'number-flip' })), ignored: reasons };
    const gated = gatedMutators(['number-flip', 'entity-swap', 'qualifier-deletion'], generation, [item('t', 'text')], reviewed('t'));
    expect(gated).toEqual([
      { name: 'number-flip', noMutants: null },
      {
        name: 'entity-swap',
        noMutants:
          'entity-swap made no valid mutant (all 7 sites ignored: the new name is also stated in the supporting evidence (3); no supporting sentence (2); a fourth reason (1); 1 for other reasons)',
      },
      { name: 'qualifier-deletion', noMutants: 'qualifier-deletion made no valid mutant (no sites)' },
    ]);
  });

  it('leaves out the mutators of an artifact kind the critic does not review, and keeps every kind before it has reviewed any', () => {
    const generation = { mutants: [{ mutator: 'number-flip' }], ignored: [] };
    const items = [item('t', 'text'), item('c', 'code')];
    expect(gatedMutators(['number-flip', 'off-by-one'], generation, items, reviewed('t')).map((m) => m.name)).toEqual(['number-flip']);
    expect(gatedMutators(['number-flip', 'off-by-one'], generation, items, reviewed()).map((m) => m.name)).toEqual(['number-flip', 'off-by-one']);
  });
});
