import { describe, expect, it } from 'vitest';
import { agreeDisagree } from './agree-disagree.js';
import type { GrammarContext } from './types.js';

const artifact = 'Staff accrue 28 days of leave.\nRequests go to HR within 14 days.';
const context: GrammarContext = { artifact, evidence: [], claims: [] };

const cases: Array<[name: string, reply: string, expected: { flagged: boolean | null; verdict: string | null; invalid?: string }]> = [
  ['AGREE passes', 'Both sentences match.\nAGREE', { flagged: false, verdict: 'AGREE' }],
  ['evidence quoting the artifact flags', 'DISAGREE_EVIDENCE: "within 14 days" contradicts the policy', { flagged: true, verdict: 'DISAGREE_EVIDENCE' }],
  ['evidence naming a line of the artifact flags', '**DISAGREE_EVIDENCE: line 2 says 14 days**', { flagged: true, verdict: 'DISAGREE_EVIDENCE' }],
  ['evidence citing a line the artifact does not have is invalid', 'DISAGREE_EVIDENCE: line 9', { flagged: null, verdict: 'DISAGREE_EVIDENCE', invalid: 'citation does not resolve to the artifact' }],
  [
    'evidence citing words not in the artifact is invalid',
    'DISAGREE_EVIDENCE: "within 30 days"',
    { flagged: null, verdict: 'DISAGREE_EVIDENCE', invalid: 'citation does not resolve to the artifact' },
  ],
  ['evidence without a citation is invalid', 'DISAGREE_EVIDENCE:', { flagged: null, verdict: 'DISAGREE_EVIDENCE', invalid: 'evidence without a citation' }],
  ['a concern flags, with nothing to resolve', 'DISAGREE_CONCERN: the deadline seems short', { flagged: true, verdict: 'DISAGREE_CONCERN' }],
  ['the last verdict line wins', 'AGREE\nOn reflection:\nDISAGREE_CONCERN: unsure about the deadline', { flagged: true, verdict: 'DISAGREE_CONCERN' }],
  ['"AGREE" with words after it is no verdict', 'AGREE: mostly', { flagged: null, verdict: null }],
  ['a mention mid-sentence is no verdict', 'I would AGREE if the dates were right.', { flagged: null, verdict: null }],
];

describe('the agree-disagree grammar', () => {
  it.each(cases)('%s', (_name, reply, expected) => {
    const parsed = agreeDisagree.parse(reply, context);
    expect(parsed.flagged).toBe(expected.flagged);
    expect(parsed.verdict).toBe(expected.verdict);
    expect(parsed.invalid).toBe(expected.invalid);
  });

  it('cites what follows the verdict word, for the located-catch analysis', () => {
    expect(agreeDisagree.parse('DISAGREE_EVIDENCE: "14 days"', context).citations).toEqual(['"14 days"']);
  });
});
