import { describe, expect, it } from 'vitest';
import { reviewItems } from '../../../test/support/reviewItems.js';
import { textFixture } from '../../../test/support/textFixture.js';
import { ALL_FIXTURE_KINDS } from '../../fixtures/kinds/index.js';
import { reviewJobs } from '../jobs.js';
import { priorFail } from './prior-fail.js';

describe("prior-fail words the earlier reviewer's rejection for the artifact's kind", () => {
  it('on a text (a policy answer) the reviewer found an error, not a bug', () => {
    const policy = textFixture({ artifact: 'Refunds are paid within 5 working days.', evidence: 'Refunds are paid within 5 working days.' });
    const [job] = [...reviewJobs(reviewItems([policy], []), { conditions: [priorFail], rubricFor: () => 'R', template: '{{artifact}}' })];
    expect(job!.request.prior_verdict).toBe('Prior reviewer: FAIL, found an error.');
  });

  it('on code a bug, on a review a flaw in the review', () => {
    expect(priorFail.contaminant({ kind: 'code', trace: undefined })).toBe('Prior reviewer: FAIL, found a bug.');
    expect(priorFail.contaminant({ kind: 'review', trace: undefined })).toBe('Prior reviewer: FAIL, found a flaw in the review.');
  });

  it("says in the manifest each kind's words, from the kinds registry", () => {
    for (const kind of ALL_FIXTURE_KINDS) expect(priorFail.describe).toContain(`"Prior reviewer: FAIL, ${kind.priorFinding}." (${kind.name})`);
  });
});
