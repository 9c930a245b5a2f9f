import { describe, expect, it } from 'vitest';
import { bundledTextFixtures } from '../../mutators/testing/text-mutator-spec.js';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';
import { evidenceSentences, splitSentences, supportOf } from './claims.js';
import { keepsEveryClaim, paraphrases } from './paraphrase.js';

const evidence = (text: string) => evidenceSentences([{ id: 'e', text }]);

describe('paraphrases', () => {
  it.each([
    {
      name: 'two independent sentences in the other order',
      artifact: 'Staff accrue 28 days of leave. Claims go to the Finance Team.',
      expected: { 'paraphrase-order': 'Claims go to the Finance Team. Staff accrue 28 days of leave.' },
    },
    { name: 'amounts with pence', artifact: 'The fee is £50, or £1,250 for firms.', expected: { 'paraphrase-amounts': 'The fee is £50.00, or £1,250.00 for firms.' } },
    { name: 'amounts without pence', artifact: 'The fee is £50.00.', expected: { 'paraphrase-amounts': 'The fee is £50.' } },
    {
      name: 'a rate with the other word',
      artifact: 'Meals are paid at £25 a day.',
      expected: { 'paraphrase-amounts': 'Meals are paid at £25.00 a day.', 'paraphrase-rates': 'Meals are paid at £25 per day.' },
    },
    { name: 'a date in the other order', artifact: 'Returns are due on 5 April 2026.', expected: { 'paraphrase-dates': 'Returns are due on April 5, 2026.' } },
    { name: 'nothing for a sentence that points back', artifact: 'Staff accrue 28 days of leave. This applies to all staff.', expected: {} },
    { name: 'nothing for a later sentence that refers back', artifact: 'Staff accrue 28 days of leave. Managers approve it in writing.', expected: {} },
  ])('$name', ({ artifact, expected }) => {
    expect(Object.fromEntries(paraphrases(artifact, evidence(artifact)).map((p) => [p.id, p.artifact]))).toEqual(expected);
  });

  it('keeps a rewrite only when every claim survives, stated alike, on the same evidence', () => {
    const original = 'Staff accrue 28 days of leave. Claims go to the Finance Team.';
    const ev = evidence(original);
    expect(keepsEveryClaim(original, 'Claims go to the Finance Team. Staff accrue 28 days of leave.', ev)).toBe(true);
    expect(keepsEveryClaim(original, 'Claims go to the Finance Team. Staff accrue 30 days of leave.', ev)).toBe(false);
    expect(keepsEveryClaim(original, 'Claims go to the Finance Team.', ev)).toBe(false);
    expect(keepsEveryClaim(original, 'Claims go to the People Team. Staff accrue 28 days of leave.', ev)).toBe(false);
  });
});

describe('the generated controls of the bundled suites', () => {
  const fixtures = bundledTextFixtures();

  it('are judged supported claim by claim by the oracle and by evidence-check, on every fixture', () => {
    let controls = 0;
    for (const f of fixtures) {
      const sources = evidenceSentences(f.evidence);
      for (const v of f.variants.filter((x) => x.id.startsWith('paraphrase-'))) {
        controls++;
        expect(keepsEveryClaim(f.artifact, v.artifact, sources), `${f.id}~${v.id}`).toBe(true);
        for (const s of splitSentences(v.artifact)) expect(supportOf(s.text, sources), `${f.id}~${v.id}: ${s.text}`).not.toBeNull();
        expect(checkAgainstEvidence({ artifact: v.artifact, evidence: f.evidence }), `${f.id}~${v.id}`).toEqual([]);
      }
    }
    expect(controls).toBeGreaterThanOrEqual(fixtures.length);
  });
});
