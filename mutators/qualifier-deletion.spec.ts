import { describe, expect, it } from 'vitest';
import { textFixture } from '../test/support/textFixture.js';
import { qualifierDeletion } from './qualifier-deletion.js';

const apply = (text: string, c: { start: number; end: number; replacement: string }) => text.slice(0, c.start) + c.replacement + text.slice(c.end);

describe('qualifier-deletion', () => {
  it.each([
    ['Staff may work abroad for at most 20 days.', ['Staff may work abroad for 20 days.']],
    ['Leave is paid only after probation.', ['Leave is paid after probation.']],
    ['Leave is paid, unless the employee opts out.', ['Leave is paid.']],
    ['Unless the employee opts out, leave is paid.', ['leave is paid.']],
    ['Claims are refunded except for taxis, within 14 days.', ['Claims are refunded within 14 days.']],
    ['Relief applies unless income exceeds £1,000 in the year.', ['Relief applies.']],
    ['Doses must not exceed 4 tablets.', ['Doses must exceed 4 tablets.']],
    ['Claims are paid within 14 days.', []],
    ['Pay is 90% of earnings.', []],
  ])('%s', (artifact, expected) => {
    const fixture = textFixture({ artifact, evidence: artifact });
    expect([...qualifierDeletion.candidates(fixture)].map((c) => apply(artifact, c))).toEqual(expected);
  });

  it('keeps a deletion only when the evidence states the qualifier', () => {
    const stated = textFixture({ artifact: 'Leave is paid only after probation.', evidence: 'Leave is paid only after probation ends.' });
    const unstated = textFixture({ artifact: 'Leave is paid only after probation.', evidence: 'Leave is paid after probation ends.' });
    const [c] = qualifierDeletion.candidates(stated);
    expect(qualifierDeletion.invalidReason!(stated, c!)).toBeNull();
    expect(qualifierDeletion.invalidReason!(unstated, c!)).toMatch(/does not state "only"/);
  });
});
