import type { Fixture } from '../../src/fixtures/types.js';
import { fixtureItems, type ReviewItem } from '../../src/requests/items.js';
import type { Mutant } from '../../src/mutants/types.js';

/** Every fixture's items, text included, in the order a run reviews them: for tests that build requests or script a critic. */
export function reviewItems(fixtures: readonly Fixture[], mutants: readonly Mutant[]): ReviewItem[] {
  return fixtures.flatMap((f) => [
    ...fixtureItems(
      f,
      mutants.filter((m) => m.fixtureId === f.id),
    ),
  ]);
}
