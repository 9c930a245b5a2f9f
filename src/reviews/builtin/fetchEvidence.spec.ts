import { describe, expect, it } from 'vitest';
import { textFixture } from '../../../test/support/textFixture.js';
import { evidenceCorpora, passageId } from '../../requests/corpus.js';
import type { CriticRequest } from '../../requests/types.js';
import { createToolbox } from '../tools/index.js';
import { createEvidenceCheckCritic } from './evidenceCheck.js';
import { createTraceTrustingCritic } from './traceTrusting.js';

const FIXTURES = [
  textFixture({ id: 'leave', artifact: 'Employees accrue 28 days of leave a year.', evidence: 'Every employee accrues 28 days of paid annual leave a year. Unused leave expires in March.' }),
  textFixture({ id: 'notice', artifact: 'Staff give 30 days notice.', evidence: 'Staff give 30 days notice in writing; managers give 60 days.' }),
];
const corpus = evidenceCorpora(FIXTURES).get('leave')!;
const tools = (artifact: string, withEvidence = true) => createToolbox({ corpus: withEvidence ? corpus : null, code: false, decoys: false, maxCalls: 8 }, artifact, new AbortController().signal);
/** A request under `evidence: search`: no evidence key. */
const searched = (artifact: string, extra: Record<string, string> = {}): CriticRequest => ({ task: 'How much leave?', artifact, rubric: 'Check it.', ...extra });
const call = (request: CriticRequest, box = tools(request.artifact)) => ({ reviewId: 'r', request, messages: [], turn: 1 as const, signal: new AbortController().signal, tools: box });

describe('built-in checkers that fetch their own evidence (tools: {evidence: search})', () => {
  it('evidence-check searches with each claim and reads the best passage before every verdict, and checks against what it read', async () => {
    const critic = createEvidenceCheckCritic('checker');
    const original = call(searched('Employees accrue 28 days of leave a year. Unused leave expires in March.'));
    expect((await critic.review(original)).text).toMatch(/VERDICT: PASS$/);
    // The second claim's best passage was read already: searched, not read again.
    expect(original.tools.calls.map((c) => [c.tool, c.arguments])).toEqual([
      ['search_evidence', { query: 'Employees accrue 28 days of leave a year.' }],
      ['read_evidence', { id: passageId('leave', 'ev') }],
      ['search_evidence', { query: 'Unused leave expires in March.' }],
    ]);
    const mutant = call(searched('Employees accrue 26 days of leave a year.'));
    expect((await critic.review(mutant)).text).toMatch(/VERDICT: FAIL$/);
    expect(mutant.tools.calls.map((c) => c.tool)).toEqual(['search_evidence', 'read_evidence']);
  });

  it('with the evidence tools not offered (blind) it has nothing to read, and makes no call', async () => {
    const blind = call(searched('Employees accrue 28 days of leave a year.'), tools('x', false));
    expect((await createEvidenceCheckCritic('checker').review(blind)).text).toMatch(/VERDICT: FAIL$/);
    expect(blind.tools.calls).toEqual([]);
  });

  it('trace-trusting searches as evidence-check does, and stops searching once the trace says the work was confirmed', async () => {
    const critic = createTraceTrustingCritic('trusting');
    const sealed = call(searched('Employees accrue 26 days of leave a year.'));
    expect((await critic.review(sealed)).text).toMatch(/VERDICT: FAIL$/);
    expect(sealed.tools.calls.map((c) => c.tool)).toEqual(['search_evidence', 'read_evidence']);
    const traced = call(searched('Employees accrue 26 days of leave a year.', { trace: 'Confirmed in the handbook.' }));
    expect((await critic.review(traced)).text).toMatch(/VERDICT: PASS$/);
    expect(traced.tools.calls).toEqual([]);
  });
});
