import { describe, expect, it } from 'vitest';
import { mutatorCoverage, whyUnusable } from './coverage.js';

const ignored = (mutator: string, reason: string, times: number) => Array.from({ length: times }, () => ({ mutator, reason }));

describe('mutatorCoverage', () => {
  const coverage = mutatorCoverage(
    ['number-flip', 'entity-swap', 'qualifier-deletion'],
    [
      { mutants: [{ mutator: 'number-flip' }], ignored: [...ignored('entity-swap', 'b', 2), ...ignored('entity-swap', 'a', 2)] },
      { mutants: [{ mutator: 'number-flip' }, { mutator: 'unlisted' }], ignored: [...ignored('entity-swap', 'c', 5), ...ignored('entity-swap', 'd', 1), ...ignored('number-flip', 'a', 1)] },
    ],
    3,
  );

  it('sums sites, valid and ignored per mutator over generations, in the order given', () => {
    expect(coverage.map(({ mutator, sites, valid, ignored: i }) => ({ mutator, sites, valid, ignored: i }))).toEqual([
      { mutator: 'number-flip', sites: 3, valid: 2, ignored: 1 },
      { mutator: 'entity-swap', sites: 10, valid: 0, ignored: 10 },
      { mutator: 'qualifier-deletion', sites: 0, valid: 0, ignored: 0 },
    ]);
  });

  it('explains a mutator without valid mutants: no sites, or every site ignored with the top reasons', () => {
    const [numberFlip, entitySwap, qualifierDeletion] = coverage;
    expect(whyUnusable(numberFlip!)).toBeNull();
    expect(whyUnusable(entitySwap!)).toBe('all 10 sites ignored: c (5); a (2); b (2); 1 for other reasons');
    expect(whyUnusable(qualifierDeletion!)).toBe('no sites');
  });
});
