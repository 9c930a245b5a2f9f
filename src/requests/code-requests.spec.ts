import { describe, expect, it } from 'vitest';
import { ALL_MUTATORS } from '../../mutators/index.js';
import { loadFixtures } from '../fixtures/load.js';
import type { CodeFixture } from '../fixtures/types.js';
import { generateMutants } from '../mutants/generate.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { CONDITION_NAMES, conditionsOf } from './conditions/index.js';
import { reviewItems } from '../../test/support/reviewItems.js';
import { reviewJobs } from './jobs.js';
import { codeKind } from '../fixtures/kinds/code.js';
import { serializeRequest } from './sealed.js';

describe('code requests', () => {
  const fixtures = loadFixtures(['fixtures/functions'], PACKAGE_ROOT) as CodeFixture[];
  const { mutants } = generateMutants(fixtures, ALL_MUTATORS, { seed: 7, cap: 12 });
  const jobs = [
    ...reviewJobs(reviewItems(fixtures, mutants), {
      conditions: conditionsOf(CONDITION_NAMES),
      rubricFor: () => codeKind.defaultRubric,
      template: '{{task}}\n{{artifact}}\n{{#trace}}{{trace}}{{/trace}}{{#prior_verdict}}{{prior_verdict}}{{/prior_verdict}}',
    }),
  ];

  it('never carry a held-out check, in the request bytes or the rendered messages', () => {
    expect(jobs.length).toBeGreaterThan(1000);
    const checksOf = new Map(fixtures.map((f) => [f.id, f.checks.map((c) => c.expr)]));
    const fixtureOf = new Map([...fixtures.map((f) => [f.id, f.id] as const), ...mutants.map((m) => [m.id, m.fixtureId] as const)]);
    for (const job of jobs) {
      const bytes = serializeRequest(job.request) + JSON.stringify(job.messages);
      expect(Object.keys(job.request)).not.toContain('checks');
      const fixtureId = fixtureOf.get(job.itemId) ?? job.itemId.split('~')[0]!;
      for (const expr of checksOf.get(fixtureId)!) expect(bytes.includes(expr), `${job.itemId}: ${expr}`).toBe(false);
    }
  });
});
