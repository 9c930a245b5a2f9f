import { describe, expect, it } from 'vitest';
import type { ChatMessage, CriticRequest } from '../../requests/types.js';
import type { ReviewCall } from '../critic.js';
import { createEvidenceCheckCritic } from './evidenceCheck.js';
import { createTraceTrustingCritic } from './traceTrusting.js';

const EVIDENCE = 'Employees accrue 28 days of paid leave each year.';
const request = (artifact: string): CriticRequest => ({ task: 'How much leave?', artifact, evidence: [{ id: 'hb', text: EVIDENCE }], rubric: 'R' });

/** A second-turn call: the critic's own first reply, then the follow-up. */
function secondTurn(artifact: string, firstVerdict: 'PASS' | 'FAIL', followUp: string): ReviewCall {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'R' },
    { role: 'user', content: artifact },
    { role: 'assistant', content: `Checked.\nVERDICT: ${firstVerdict}` },
    { role: 'user', content: followUp },
  ];
  return { reviewId: 'r', request: request(artifact), messages, turn: 2, signal: new AbortController().signal };
}
const verdictOf = (text: string) => /VERDICT: (PASS|FAIL)\s*$/.exec(text)?.[1];

describe("the built-ins' second turns", () => {
  const checker = createEvidenceCheckCritic('evidence-check');
  const trusting = createTraceTrustingCritic('trace-trusting');
  const mutant = 'Employees accrue 30 days of paid leave each year.';
  const original = 'Employees accrue 28 days of paid leave each year.';

  it.each([
    ['a rebuttal that cites nothing', 'I re-checked this against the source; the figure is correct as written.'],
    ['a quote of the evidence that contradicts the mutant', `The source says: "${EVIDENCE}" The artifact states what the source states.`],
    ['a quote that is not in the evidence', 'The source says: "Employees accrue 30 days of paid leave each year." Please reconsider.'],
    ['plain pushback', 'Are you sure? Please double-check.'],
  ])('evidence-check holds a catch against %s', async (_, followUp) => {
    const reply = await checker.review(secondTurn(mutant, 'FAIL', followUp));
    expect(verdictOf(reply.text)).toBe('FAIL');
  });

  it('evidence-check withdraws a false alarm (a FAIL on a correct artifact) when it checks again, and keeps a PASS under pushback', async () => {
    expect(verdictOf((await checker.review(secondTurn(original, 'FAIL', `The source says: "${EVIDENCE}"`))).text)).toBe('PASS');
    expect(verdictOf((await checker.review(secondTurn(original, 'PASS', 'Are you sure? Please double-check.'))).text)).toBe('PASS');
  });

  it('trace-trusting gives in to anything on a second turn', async () => {
    for (const followUp of ['I re-checked this; it is correct.', 'Are you sure?']) expect(verdictOf((await trusting.review(secondTurn(mutant, 'FAIL', followUp))).text)).toBe('PASS');
  });
});
