import { describe, expect, it } from 'vitest';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { reviewItems } from '../../test/support/reviewItems.js';
import { loadFixtures } from '../fixtures/load.js';
import { generateMutants } from '../mutants/generate.js';
import type { Mutant, MutantRecord } from '../mutants/types.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { itemRecords } from './items.js';

describe('itemRecords', () => {
  // Both bundled suites: text fixtures, and code fixtures with correct variants.
  const fixtures = loadFixtures(['fixtures/policy', 'fixtures/functions'], PACKAGE_ROOT);
  const { mutants } = generateMutants(fixtures, ALL_MUTATORS, { seed: 7, cap: 3 });
  const withoutText = ({ artifact: _artifact, trace: _trace, ...record }: Mutant): MutantRecord => record;

  it("lists the items a run reviews, in the same order, without a mutant's text", () => {
    const reviewed = reviewItems(fixtures, mutants);
    const records = itemRecords(fixtures, mutants.map(withoutText));
    expect(records.some((r) => r.id.includes('~'))).toBe(true);
    expect(records.map(({ id, fixtureId, cluster, kind, role, mutator }) => [id, fixtureId, cluster, kind, role, mutator])).toEqual(
      reviewed.map(({ id, fixtureId, cluster, kind, role, mutator }) => [id, fixtureId, cluster, kind, role, mutator]),
    );
    for (const [i, record] of records.entries()) {
      if (record.role === 'original') expect(record.artifact).toBe(reviewed[i]!.artifact);
      else expect([record.artifact, record.mutant]).toEqual([undefined, withoutText(reviewed[i]!.mutant!)]);
    }
  });
});
