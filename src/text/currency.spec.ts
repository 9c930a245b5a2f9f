import { describe, expect, it } from 'vitest';
import { checkAgainstEvidence } from '../reviews/builtin/evidenceCheck.js';
import { findEntities, findNumbers, numberKey } from './claims.js';
import { codesAgree } from './currency.js';

describe('currencies written before an amount', () => {
  it.each([
    { text: 'a fee of €14.50', expected: { text: '€14.50', currency: '€', code: undefined, written: '€' } },
    { text: 'a fee of EUR 14.50', expected: { text: 'EUR 14.50', currency: '€', code: 'EUR', written: 'EUR ' } },
    { text: 'a fee of EUR14.50', expected: { text: 'EUR14.50', currency: '€', code: 'EUR', written: 'EUR' } },
    { text: 'limited to GBP 250', expected: { text: 'GBP 250', currency: '£', code: 'GBP', written: 'GBP ' } },
    { text: 'a fee of CAD 8.00', expected: { text: 'CAD 8.00', currency: '$', code: 'CAD', written: 'CAD ' } },
    { text: 'a fee of C$40', expected: { text: 'C$40', currency: '$', code: 'CAD', written: 'C$' } },
    { text: 'a fee of US$40', expected: { text: 'US$40', currency: '$', code: 'USD', written: 'US$' } },
    { text: 'a fee of $40', expected: { text: '$40', currency: '$', code: undefined, written: '$' } },
    { text: 'a fee of 40 units', expected: { text: '40', currency: '', code: undefined, written: '' } },
  ])('reads $text', ({ text, expected }) => {
    const [n] = findNumbers(text);
    expect({ text: n?.text, currency: n?.currency, code: n?.currencyCode, written: n?.currencyWritten }).toEqual(expected);
  });

  it('keys an amount by its currency sign, however the currency is written', () => {
    expect(new Set(['€14.50', 'EUR 14.50', 'EUR14.50'].map((t) => numberKey(findNumbers(t)[0]!)))).toEqual(new Set(['€14.5']));
    expect(numberKey(findNumbers('CAD 40')[0]!)).toBe(numberKey(findNumbers('$40')[0]!));
    expect(numberKey(findNumbers('GBP 40')[0]!)).not.toBe(numberKey(findNumbers('€40')[0]!));
  });

  it.each([
    ['CAD', undefined, true],
    [undefined, 'USD', true],
    ['CAD', 'CAD', true],
    ['CAD', 'USD', false],
  ] as const)('codes %s and %s agree: %s', (a, b, agree) => {
    expect(codesAgree(a, b)).toBe(agree);
  });

  it('reads a code before an amount as its currency, not as a name', () => {
    expect(findEntities('The prices are Hot Desk USD 220 and Dedicated Desk USD 390, or EUR 30.').map((e) => e.text)).toEqual(['Hot Desk', 'Dedicated Desk']);
  });
});

/** Whether evidence-check finds the answer supported by the evidence (src/text/mismatches.ts, which every text oracle reads too). */
const supported = (evidence: string, artifact: string) => checkAgainstEvidence({ task: 'What does it cost?', artifact, evidence: [{ id: 'e', text: evidence }] }).length === 0;

describe('an amount in a currency written as a code, a sign or a prefixed sign', () => {
  it.each([
    { name: 'a symbol for the code', evidence: 'The young driver surcharge is EUR 14.50 per rental day.', artifact: 'The young driver surcharge is €14.50 per rental day.', ok: true },
    { name: 'the code for a symbol', evidence: 'The surcharge is £18.00 per rental day.', artifact: 'The surcharge is GBP 18 per rental day.', ok: true },
    { name: 'a dollar sign for a dollar code', evidence: 'A fee of CAD 8.00 applies per pickup request.', artifact: 'A fee of $8 applies per pickup request.', ok: true },
    { name: 'a prefixed dollar sign for its code', evidence: 'A fee of CAD 8.00 applies per pickup request.', artifact: 'A fee of C$8 applies per pickup request.', ok: true },
    // What must stay unsupported: another amount, another currency, another dollar.
    { name: 'another amount in the other writing', evidence: 'The young driver surcharge is EUR 14.50 per rental day.', artifact: 'The young driver surcharge is €15.00 per rental day.', ok: false },
    { name: 'another currency', evidence: 'The young driver surcharge is EUR 14.50 per rental day.', artifact: 'The young driver surcharge is £14.50 per rental day.', ok: false },
    { name: 'another currency for a code', evidence: 'A fee of CAD 40 applies per pickup request.', artifact: 'A fee of €40 applies per pickup request.', ok: false },
    { name: 'another dollar', evidence: 'A fee of CAD 40 applies per pickup request.', artifact: 'A fee of USD 40 applies per pickup request.', ok: false },
    { name: 'another dollar, written with its prefixed sign', evidence: 'A fee of CAD 40 applies per pickup request.', artifact: 'A fee of US$40 applies per pickup request.', ok: false },
  ])('$name: supported $ok', ({ evidence, artifact, ok }) => {
    expect(supported(evidence, artifact)).toBe(ok);
  });
});
