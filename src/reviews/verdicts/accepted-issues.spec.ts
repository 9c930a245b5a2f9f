import { describe, expect, it } from 'vitest';
import { acceptedIssues } from './accepted-issues.js';

const cases: Array<[name: string, reply: string, flagged: boolean | null, issues: string[]]> = [
  ['exactly ACCEPTED', 'ACCEPTED', false, []],
  ['ACCEPTED with a full stop, as seed 003 writes it', 'ACCEPTED.', false, []],
  ['a numbered list of issues flags', '1. The rate is 5%, not 4%.\n2. HR is not the approver.', true, ['The rate is 5%, not 4%.', 'HR is not the approver.']],
  ['an issue continued on the next line', '1) The rate is wrong:\n   the evidence says 5%.', true, ['The rate is wrong: the evidence says 5%.']],
  ['a preamble before the list is not an issue', 'Issues found:\n1. The rate is wrong.', true, ['The rate is wrong.']],
  ['ACCEPTED beside issues is no verdict', '1. The rate is wrong.\nACCEPTED', null, []],
  ['ACCEPTED inside prose is no verdict', 'Everything is ACCEPTED as far as I can tell.', null, []],
  ['prose without a list is no verdict', 'The rate is wrong.', null, []],
  ['a list that skips a number keeps the run it had', '1. First.\n3. Third.', true, ['First. 3. Third.']],
];

describe('the accepted-issues grammar', () => {
  it.each(cases)('%s', (_name, reply, flagged, issues) => {
    const parsed = acceptedIssues.parse(reply);
    expect(parsed.flagged).toBe(flagged);
    expect(parsed.issues).toEqual(issues);
  });
});
