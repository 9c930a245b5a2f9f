import { describe, expect, it } from 'vitest';
import { sentenceClaims } from '../../text/numberedClaims.js';
import { claims } from './claims.js';
import type { GrammarContext } from './types.js';

const artifact = 'Staff accrue 28 days of leave. Requests go to HR within 14 days.';
const context: GrammarContext = {
  artifact,
  evidence: [{ text: 'Staff accrue 28 days of annual leave. Requests go to HR within 10 days.' }],
  claims: sentenceClaims(artifact),
};

const cases: Array<[name: string, reply: string, expected: { flagged: boolean | null; invalid?: string; flaggedClaims?: number[] }]> = [
  ['lines: one contradicted claim flags it', 'CLAIM 1: supported "Staff accrue 28 days"\nCLAIM 2: contradicted "within 10 days"\nVERDICT: FAIL', { flagged: true, flaggedClaims: [2] }],
  ['lines: all supported passes', 'CLAIM 1: supported "Staff accrue 28 days"\nCLAIM 2: supported "Requests go to HR"\nVERDICT: PASS', { flagged: false, flaggedClaims: [] }],
  ['lines: not-found flags by default', 'CLAIM 1: supported "28 days"\nCLAIM 2: not found\nVERDICT: FAIL', { flagged: true, flaggedClaims: [2] }],
  ['lines: markdown and seed 002 dispositions', '- **Claim 1**: passed "Staff accrue 28 days"\n- **Claim 2**: failed "within 10 days"\n**VERDICT: FAIL**', { flagged: true, flaggedClaims: [2] }],
  [
    'span matched loosely: case, spacing, curly quotes',
    'CLAIM 1: supported \u201cstaff  ACCRUE 28 days\u201d\nCLAIM 2: contradicted "within 10 days"\nVERDICT: FAIL',
    { flagged: true, flaggedClaims: [2] },
  ],
  [
    'JSON with the verdict inside',
    '{"claims":[{"id":1,"verdict":"supported","span":"28 days of annual leave"},{"id":2,"verdict":"contradicted","span":"within 10 days"}],"verdict":"FAIL"}',
    { flagged: true, flaggedClaims: [2] },
  ],
  [
    'JSON in a fence, verdict line after',
    '```json\n{"claims":[{"id":1,"verdict":"supported","span":"28 days"},{"id":2,"verdict":"supported","span":"HR within 10 days"}]}\n```\nVERDICT: PASS',
    { flagged: false, flaggedClaims: [] },
  ],
  ['supported without a span is invalid', 'CLAIM 1: supported\nCLAIM 2: contradicted "within 10 days"\nVERDICT: FAIL', { flagged: null, invalid: 'supported without a span' }],
  [
    'a span the evidence does not hold is invalid',
    'CLAIM 1: supported "Staff accrue 30 days"\nCLAIM 2: contradicted "within 10 days"\nVERDICT: FAIL',
    { flagged: null, invalid: 'span not in the evidence' },
  ],
  ['an unknown claim id is invalid', 'CLAIM 1: supported "28 days"\nCLAIM 2: supported "HR"\nCLAIM 3: supported "HR"\nVERDICT: PASS', { flagged: null, invalid: 'unknown claim id' }],
  ['a duplicate claim id is invalid', 'CLAIM 1: supported "28 days"\nCLAIM 1: contradicted "10 days"\nCLAIM 2: supported "HR"\nVERDICT: FAIL', { flagged: null, invalid: 'duplicate claim id' }],
  ['a missing claim is invalid', 'CLAIM 1: supported "28 days"\nVERDICT: PASS', { flagged: null, invalid: 'missing claim' }],
  ['an unknown verdict word is invalid', 'CLAIM 1: plausible "28 days"\nCLAIM 2: supported "HR"\nVERDICT: PASS', { flagged: null, invalid: 'unknown claim verdict' }],
  ['JSON that does not parse is invalid', '{"claims": [{"id": 1, "verdict": "supported" "span": "28 days"}]}\nVERDICT: PASS', { flagged: null, invalid: 'not valid JSON' }],
  [
    'an overall verdict against the claims is invalid',
    'CLAIM 1: supported "28 days"\nCLAIM 2: contradicted "within 10 days"\nVERDICT: PASS',
    { flagged: null, invalid: 'overall verdict disagrees with the claims' },
  ],
  ['no claims, only a verdict, is invalid', 'Looks fine.\nVERDICT: PASS', { flagged: null, invalid: 'no claim verdicts' }],
  ['claims without the overall verdict are no verdict (cut off)', 'CLAIM 1: supported "28 days"\nCLAIM 2: supported "HR"', { flagged: null }],
];

describe('the claims grammar', () => {
  it.each(cases)('%s', (_name, reply, expected) => {
    const parsed = claims.parse(reply, context);
    expect(parsed.flagged).toBe(expected.flagged);
    expect(parsed.invalid).toBe(expected.invalid);
    if (expected.flaggedClaims) expect(parsed.flaggedClaims).toEqual(expected.flaggedClaims);
  });

  it('keeps every claim verdict of an invalid reply, with whether its span is in the evidence', () => {
    const parsed = claims.parse('CLAIM 1: supported "made up"\nCLAIM 2: contradicted "within 10 days"\nVERDICT: FAIL', context);
    expect(parsed.claimVerdicts.map((c) => [c.id, c.verdict, c.spanFound])).toEqual([
      [1, 'supported', false],
      [2, 'contradicted', true],
    ]);
  });

  it('with notFound: neutral, a not-found claim does not flag', () => {
    const reply = 'CLAIM 1: supported "28 days"\nCLAIM 2: not-found\nVERDICT: PASS';
    expect(claims.parse(reply, { ...context, notFound: 'neutral' })).toMatchObject({ flagged: false, flaggedClaims: [] });
    expect(claims.parse(reply, context)).toMatchObject({ flagged: null, invalid: 'overall verdict disagrees with the claims' });
  });
});
