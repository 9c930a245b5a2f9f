import { describe, expect, it } from 'vitest';
import type { IgnoredMutant } from '../mutants/types.js';
import type { ItemRecord } from '../requests/items.js';
import { ItemOutcomes } from '../results/itemOutcomes.js';
import type { ReviewResult } from '../reviews/types.js';
import { conditionsOf } from '../requests/conditions/index.js';
import { gatedMutators, unreachedConditions, withNamed } from './gatedMutators.js';

const span = { start: 0, end: 1, line: 1, column: 1, endLine: 1, endColumn: 2 };
const ignored = (mutator: string, reason: string, i: number): IgnoredMutant => ({ id: `${mutator}-${i}`, fixtureId: 'f', mutator, span, original: 'a', replacement: 'b', reason });
const item = (id: string, kind: 'text' | 'code' | 'review'): ItemRecord => ({ id, fixtureId: id, cluster: id, kind, role: 'original', mutator: null, artifact: '' });
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

  it('keeps a mutator of a kind the suite has no fixture of, with nothing to measure', () => {
    const generation = { mutants: [{ mutator: 'number-flip' }], ignored: [] };
    expect(gatedMutators(['number-flip', 'off-by-one'], generation, [item('t', 'text')], reviewed('t'))).toEqual([
      { name: 'number-flip', noMutants: null },
      { name: 'off-by-one', noMutants: 'off-by-one made no valid mutant (no code fixture in the suite)' },
    ]);
  });

  it('adds the mutators a threshold names that the run does not have, and leaves out those it has for other critics', () => {
    const gated = [{ name: 'number-flip', noMutants: null }];
    expect(withNamed(gated, ['number-flip', 'negation', 'task-substitution', 'off-by-one'], ['number-flip', 'off-by-one'])).toEqual([
      ...gated,
      { name: 'negation', noMutants: "negation is not among the run's mutators" },
      { name: 'task-substitution', noMutants: 'no fixture has an authored task-substitution mutant' },
    ]);
  });
});

describe("the conditions that reach none of a critic's fixtures", () => {
  const fixture = (id: string, kind: string, trace?: string) => ({ id, kind, trace });
  const conditions = conditionsOf(['clean', 'with-trace', 'prior-pass', 'blind']);
  const items = [item('t', 'text'), item('r', 'review')];

  it('leaves out for a critic of reviews what the text fixtures carry (null), and names why when no fixture carries it', () => {
    const fixtures = [fixture('t', 'text', 'Checked.'), fixture('r', 'review')];
    expect(unreachedConditions(conditions, fixtures, items, reviewed('r'))).toEqual(
      new Map([
        ['with-trace', null],
        ['blind', null],
      ]),
    );
    expect(unreachedConditions(conditions, fixtures, items, reviewed('t'))).toEqual(new Map());
    const traceless = [fixture('t', 'text'), fixture('r', 'review')];
    expect(unreachedConditions(conditions, traceless, items, reviewed('t'))).toEqual(new Map([['with-trace', 'with-trace applies to none of the 2 fixtures (none has a trace)']]));
    expect(unreachedConditions(conditions, traceless, items, reviewed('r'))).toEqual(
      new Map([
        ['with-trace', 'with-trace applies to none of the 2 fixtures (none has a trace)'],
        ['blind', null],
      ]),
    );
  });
});
