import { describe, expect, it } from 'vitest';
import { reviewResult } from '../../test/support/reviewResult.js';
import { textFixture } from '../../test/support/textFixture.js';
import type { Fixture } from '../fixtures/types.js';
import { spanOf } from '../mutants/span.js';
import type { MutantRecord } from '../mutants/types.js';
import type { ItemRecord } from '../requests/items.js';
import { attachLocated, catchLocator, locatedTables, replyAnalysis } from './located.js';
import { drain } from '../../test/support/drain.js';
import { outcomeCounter, tabulate } from './tabulate.js';

function mutant(fixture: Fixture, mutator: string, original: string, replacement: string): MutantRecord {
  const start = fixture.artifact.indexOf(original);
  return { id: `${fixture.id}:${mutator}`, fixtureId: fixture.id, mutator, span: spanOf(fixture.artifact, start, start + original.length), original, replacement };
}
const itemOf = (fixture: Fixture, m: MutantRecord): ItemRecord => ({ id: m.id, fixtureId: fixture.id, cluster: fixture.id, kind: fixture.kind, role: 'mutant', mutator: m.mutator, mutant: m });
const failing = (itemId: string, reply: string) => reviewResult({ itemId, condition: 'clean', verdict: 'FAIL', reply });

const text = textFixture({ artifact: 'Staff accrue 28 days of leave. Requests go only to HR.', evidence: 'Staff accrue 28 days of leave. Requests go only to HR.' });
const flip = mutant(text, 'number-flip', '28', '29');
const cut = mutant(text, 'qualifier-deletion', 'only ', '');
const code = { ...text, id: 'fn', kind: 'code', artifact: 'function f(n: number) {\n  if (n < 10) return 1;\n  return 0;\n}' } as unknown as Fixture;
const boundary = mutant(code, 'comparison-boundary', '<', '<=');

function located(fixture: Fixture, m: MutantRecord, reply: string, grammar?: string): number {
  const analysis = drain(replyAnalysis([itemOf(fixture, m)], [fixture], ['clean'], { grammar }), [failing(m.id, reply)]);
  return analysis.byMutator[m.mutator]!.clean!.caught;
}

describe('a located catch', () => {
  it.each([
    ['quotes the replacement', '"29 days" is wrong.\nVERDICT: FAIL', 1],
    ['quotes the original it replaced', 'The evidence says 28.\nVERDICT: FAIL', 1],
    ['says nothing of it', 'Something is off.\nVERDICT: FAIL', 0],
  ])('text, a replacement: %s', (_name, reply, expected) => {
    expect(located(text, flip, reply)).toBe(expected);
  });

  it('text, a replacement inside a token: quoting the token, or the replacement alone, locates it', () => {
    const fare = textFixture({ id: 'fare', artifact: 'The supplement is 5p per mile.', evidence: 'The supplement is 5p per mile.' });
    const pence = mutant(fare, 'number-flip', '5', '6');
    expect(located(fare, pence, 'It says 6p per mile.\nVERDICT: FAIL')).toBe(1);
    expect(located(fare, pence, 'It should be 5p.\nVERDICT: FAIL')).toBe(1);
    expect(located(fare, pence, 'The "6" is wrong.\nVERDICT: FAIL')).toBe(1);
    expect(located(fare, pence, 'It says 16p.\nVERDICT: FAIL')).toBe(0);
  });

  it.each([
    ['the deleted word in quotation marks', 'It drops "only".\nVERDICT: FAIL', 1],
    ['the deleted word with its context', 'It should say only to HR.\nVERDICT: FAIL', 1],
    ['the words that now meet across the gap', 'It says "go to HR".\nVERDICT: FAIL', 1],
    ['the deleted word in passing, as prose', 'Not only is this wrong, it is unclear.\nVERDICT: FAIL', 0],
  ])('text, a deletion: %s', (_name, reply, expected) => {
    expect(located(text, cut, reply)).toBe(expected);
  });

  it.each([
    ['names the mutated line', 'Line 2 is off by one.\nVERDICT: FAIL', 1],
    ['quotes the mutated line', 'This is wrong: if (n <= 10) return 1;\nVERDICT: FAIL', 1],
    ['quotes an expression holding the replacement', 'The check `n <= 10` includes 10.\nVERDICT: FAIL', 1],
    ['quotes the operator alone', 'The `<=` looks odd.\nVERDICT: FAIL', 0],
    ['names another line', 'Line 3 is wrong.\nVERDICT: FAIL', 0],
  ])('code: %s', (_name, reply, expected) => {
    expect(located(code, boundary, reply)).toBe(expected);
  });

  it('per claim: only when the mutated claim is among the flagged ones, whatever else the reply quotes', () => {
    const claim1 = 'CLAIM 1: contradicted "Staff accrue 28 days of leave"\nCLAIM 2: supported "Requests go only to HR"\nVERDICT: FAIL';
    const claim2 = 'CLAIM 1: supported "Staff accrue 28 days of leave"\nCLAIM 2: contradicted "Requests go only to HR"\nVERDICT: FAIL';
    expect(located(text, flip, claim1, 'claims')).toBe(1);
    expect(located(text, flip, claim2, 'claims')).toBe(0);
  });
});

describe('a reply under blind is read against the request it answered: no evidence', () => {
  const evidenceOnly = textFixture({ id: 'hr', artifact: 'Staff accrue 28 days of leave.', evidence: 'Staff accrue 28 days of leave. Requests go only to HR.' });
  const flipped = mutant(evidenceOnly, 'number-flip', '28', '29');
  // A citation of the evidence the blind critic never saw, and one of the artifact in front of it.
  const citesEvidence = 'DISAGREE_EVIDENCE: "Requests go only to HR."';
  const citesArtifact = 'DISAGREE_EVIDENCE: "29 days of leave"';
  const analyse = (condition: string, reply: string) =>
    drain(replyAnalysis([itemOf(evidenceOnly, flipped)], [evidenceOnly], ['clean', 'blind'], { grammar: 'agree-disagree' }), [reviewResult({ itemId: flipped.id, condition, verdict: 'FAIL', reply })])
      .grammar;

  it.each([
    ['clean', citesEvidence, { verdicts: 1, invalid: { count: 0 } }],
    ['blind', citesEvidence, { verdicts: 0, invalid: { count: 1, byReason: { 'citation does not resolve to the artifact': 1 } } }],
    ['clean', citesArtifact, { verdicts: 1, invalid: { count: 0 } }],
    ['blind', citesArtifact, { verdicts: 1, invalid: { count: 0 } }],
  ])('%s: %s', (condition, reply, expected) => {
    expect(analyse(condition, reply)).toMatchObject(expected);
  });

  it('and located the same way in the drill-down: a blind reply that calls the mutated claim supported, citing it, is no located catch', () => {
    const locate = catchLocator([text], { grammar: 'claims' });
    // Blind, the artifact is what a span can cite: valid, flagging claim 2 only, not the mutated claim 1.
    const reply = 'CLAIM 1: supported "Staff accrue 29 days of leave."\nCLAIM 2: contradicted "Requests go only to HR."\nVERDICT: FAIL';
    expect(locate(itemOf(text, flip), reviewResult({ itemId: flip.id, condition: 'blind', verdict: 'FAIL', reply }))).toBe(false);
  });
});

describe('an accepted-issues catch of an authored mutant is located by the plan item it names', () => {
  const authored = { ...mutant(text, 'task-substitution', '28', '20'), breaks: 1 };
  it.each([
    ['names the item it breaks', '1. item 1 → the accrual is 20 days → compare with the handbook', 1],
    ['starts with the item', '1. 1 → the accrual is wrong → compare with the handbook', 1],
    ['quotes the change but names another item', '1. item 2 → "20 days" is wrong → compare', 0],
    ['names no item, quoting the change', '1. "20 days" is wrong', 0],
  ])('%s', (_name, reply, expected) => {
    expect(located(text, authored, reply, 'accepted-issues')).toBe(expected);
  });
});

describe('located catches in the tables', () => {
  it('sit beside each raw catch cell with the unlocated share, and replace the raw figures for a located gate', () => {
    const items = [itemOf(text, flip), itemOf(text, cut)];
    const results = [failing(flip.id, 'It says 29.\nVERDICT: FAIL'), failing(cut.id, 'Wrong.\nVERDICT: FAIL')];
    const { outcomes, totals } = drain(outcomeCounter(), results);
    const tables = tabulate(items, outcomes, totals, ['clean']);
    attachLocated(tables, drain(replyAnalysis(items, [text], ['clean']), results));
    expect(tables.byMutator['number-flip']!.clean).toMatchObject({ caught: 1, located: { n: 1, caught: 1, rate: 1 }, unlocated: 0 });
    expect(tables.byMutator['qualifier-deletion']!.clean).toMatchObject({ caught: 1, located: { n: 1, caught: 0, rate: 0 }, unlocated: 1 });
    expect(tables.pooled.clean).toMatchObject({ rate: 1, located: { n: 2, caught: 1, rate: 0.5 }, unlocated: 0.5 });
    expect(locatedTables(tables).byMutator['qualifier-deletion']!.clean!.rate).toBe(0);
  });
});
