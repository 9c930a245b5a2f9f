import { describe, expect, it } from 'vitest';
import { passFail, type Verdict } from './pass-fail.js';

const cases: Array<[name: string, reply: string, expected: Verdict | null]> = [
  ['plain PASS line', 'Looks right.\nVERDICT: PASS', 'PASS'],
  ['plain FAIL line', 'The dates are wrong.\nVERDICT: FAIL', 'FAIL'],
  ['the reply is only the verdict line', 'VERDICT: FAIL', 'FAIL'],
  ['final line wins when there are two', 'VERDICT: PASS\nOn reflection the total is wrong.\nVERDICT: FAIL', 'FAIL'],
  ['final line wins the other way round', 'Draft: VERDICT: FAIL\nVERDICT: FAIL\nNo, the total is right.\nVERDICT: PASS', 'PASS'],
  ['bold whole line', 'Problems: the rate is 5%, not 4%.\n**VERDICT: FAIL**', 'FAIL'],
  ['bold label only', '**VERDICT:** PASS', 'PASS'],
  ['bold label before the colon', '**Verdict**: FAIL', 'FAIL'],
  ['bold value', 'VERDICT: **PASS**', 'PASS'],
  ['inline code', '`VERDICT: FAIL`', 'FAIL'],
  ['underscores', '__VERDICT: PASS__', 'PASS'],
  ['italic value in underscores', 'VERDICT: _FAIL_', 'FAIL'],
  ['"PASS_ABLE" is not a verdict', 'VERDICT: PASS_ABLE', null],
  ['heading', '## VERDICT: FAIL', 'FAIL'],
  ['blockquote', '> VERDICT: PASS', 'PASS'],
  ['list item', '- VERDICT: FAIL', 'FAIL'],
  ['lowercase', 'verdict: pass', 'PASS'],
  ['mixed case', 'Verdict: Fail', 'FAIL'],
  ['trailing period', 'VERDICT: FAIL.', 'FAIL'],
  ['trailing exclamation', 'VERDICT: PASS!', 'PASS'],
  ['no space after the colon', 'VERDICT:PASS', 'PASS'],
  ['equals sign', 'VERDICT = FAIL', 'FAIL'],
  ['indented, with trailing spaces', '   VERDICT: PASS   ', 'PASS'],
  ['CRLF line endings', 'Checked.\r\nVERDICT: FAIL\r\n', 'FAIL'],
  ['trailing blank lines after the verdict', 'VERDICT: PASS\n\n\n', 'PASS'],
  ['text after the verdict line does not hide it', 'VERDICT: FAIL\nHope this helps.', 'FAIL'],
  ['"PASSABLE" is not a verdict', 'VERDICT: PASSABLE', null],
  ['"FAILED" is not a verdict', 'VERDICT: FAILED', null],
  ['a word after the verdict is not a verdict line', 'VERDICT: PASS with caveats', null],
  ['mid-sentence is not a verdict', 'I would give this VERDICT: PASS if the dates were right.', null],
  ['"final verdict" prose is not a verdict line', 'My final verdict: FAIL', null],
  ['mentioning the format is not a verdict', 'End with VERDICT: PASS or VERDICT: FAIL.', null],
  ['a bare PASS is not a verdict', 'PASS', null],
  ['no verdict at all', 'The artifact looks fine to me.', null],
  ['empty reply', '', null],
  ['whitespace only', ' \n\t\n', null],
];

describe('the pass-fail grammar', () => {
  it.each(cases)('%s', (_name, reply, expected) => {
    expect(passFail.parse(reply)).toEqual({ verdict: expected, flagged: expected === null ? null : expected === 'FAIL' });
  });

  it('a mid-sentence verdict before a real one does not count, the real one does', () => {
    expect(passFail.parse('I would say VERDICT: FAIL at first.\nVERDICT: PASS').verdict).toBe('PASS');
    expect(passFail.parse('VERDICT: FAIL\nI would say VERDICT: PASS at first.').verdict).toBe('FAIL');
  });
});
