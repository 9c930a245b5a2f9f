import { describe, expect, it } from 'vitest';
import { codeKind } from '../../fixtures/kinds/code.js';
import { reviewedEvidence } from '../../fixtures/kinds/review.js';
import { textKind } from '../../fixtures/kinds/text.js';
import { renderReview, type ReviewFlag } from '../../fixtures/reviewText.js';
import { HEDGED } from '../../../mutators/hedge-flag.js';
import type { CriticRequest } from '../../requests/types.js';
import { agreeDisagree } from '../verdicts/agree-disagree.js';
import { createAgreeConfidentCritic, createReviewCheckCritic } from './reviewCritics.js';

const EVIDENCE = { id: 'handbook', text: 'Every UK employee receives 28 days of paid annual leave. Requests go through the HR Portal at least 4 weeks ahead.' };
const RIGHT = 'A UK employee receives 28 days of paid annual leave. Requests go through the HR Portal at least 4 weeks ahead.';
const WRONG = 'A UK employee receives 25 days of paid annual leave. Requests go through the HR Portal at least 4 weeks ahead.';
const realFlag = { quote: 'A UK employee receives 25 days of paid annual leave.', says: 'it says "25" where the evidence says "28".' };
const fabricated = { quote: 'Requests go through the HR Portal at least 4 weeks ahead.', says: 'it says "4" where the evidence says "6".' };

function request(artifact: string, flags: ReviewFlag[]): CriticRequest {
  return { task: 'How much leave?', artifact: renderReview(flags), evidence: [reviewedEvidence(artifact, textKind.underReview), EVIDENCE], rubric: 'r' };
}

const check = createReviewCheckCritic('check');
const agree = createAgreeConfidentCritic('agree');
const call = (req: CriticRequest, turn: 1 | 2 = 1) => ({ request: req, messages: [], turn, signal: new AbortController().signal }) as Parameters<typeof check.review>[0];
const verdictOf = async (critic: typeof check, req: CriticRequest) => {
  const { text } = await critic.review(call(req));
  return agreeDisagree.parse(text, { artifact: req.artifact, evidence: req.evidence, claims: [] });
};

// Each review, the verdict the checker must give (seed 001's table), and what the agreeing control gives.
const CASES: Array<[string, CriticRequest, string, string]> = [
  ['a correct review of a correct answer', request(RIGHT, []), 'AGREE', 'AGREE'],
  ['a correct review of a wrong answer', request(WRONG, [realFlag]), 'AGREE', 'AGREE'],
  ['the real flag dropped', request(WRONG, []), 'DISAGREE_EVIDENCE', 'AGREE'],
  ['a fabricated flag on a right sentence', request(RIGHT, [fabricated]), 'DISAGREE_EVIDENCE', 'AGREE'],
  ['the real flag hedged', request(WRONG, [{ ...realFlag, says: HEDGED }]), 'DISAGREE_CONCERN', 'DISAGREE_CONCERN'],
  ['a hypothetical out of scope', request(RIGHT, [{ quote: 'A UK employee receives 28 days', says: textKind.underReview.outOfScope[0]! }]), 'DISAGREE_CONCERN', 'AGREE'],
];

const TASK = '/**\n * The sum of a and b.\n * @example add(2, 3) // 5\n */';
const ADD = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const SUB = 'export function add(a: number, b: number): number {\n  return a - b;\n}\n';
const codeRequest = (artifact: string, flags: ReviewFlag[]): CriticRequest => ({
  task: TASK,
  artifact: renderReview(flags),
  evidence: [reviewedEvidence(artifact, codeKind.underReview)],
  rubric: 'r',
});
const subFlag = { line: 2, quote: 'return a - b;', says: '`a - b` is a bug here; it should be `a + b`.' };
const fabricatedCode = { line: 2, quote: 'return a + b;', says: '`a + b` is a bug here; it should be `a * b`.' };

describe("builtin:review-check on code reviews, by the task's own examples", () => {
  it.each([
    ['a correct review of correct code', codeRequest(ADD, []), 'AGREE'],
    ['a correct review of buggy code', codeRequest(SUB, [subFlag]), 'AGREE'],
    ['the real flag dropped: the code fails its example', codeRequest(SUB, []), 'DISAGREE_EVIDENCE'],
    ['a fabricated flag: the change it asks for breaks an example', codeRequest(ADD, [fabricatedCode]), 'DISAGREE_EVIDENCE'],
  ])('%s: %s', async (_name, req, verdict) => {
    const { text } = await check.review(call(req));
    const v = agreeDisagree.parse(text, { artifact: req.artifact, evidence: req.evidence, claims: [] });
    expect(v.verdict).toBe(verdict);
    expect(v.invalid).toBeUndefined();
  });
});

describe('builtin:review-check and builtin:agree-confident', () => {
  it.each(CASES)('%s: review-check %s', async (_name, req, checked) => {
    const v = await verdictOf(check, req);
    expect(v.verdict).toBe(checked);
    expect(v.invalid).toBeUndefined();
  });

  it.each(CASES)('%s: agree-confident %s', async (_name, req, _checked, agreed) => {
    expect((await verdictOf(agree, req)).verdict).toBe(agreed);
  });

  it('cites what shows the review wrong: the wrong sentence it missed, the evidence sentence that refutes a fabricated flag', async () => {
    expect((await verdictOf(check, request(WRONG, []))).citations).toEqual([`"${realFlag.quote}"`]);
    expect((await verdictOf(check, request(RIGHT, [fabricated]))).citations).toEqual([
      'the evidence says "Requests go through the HR Portal at least 4 weeks ahead.", so the flag on "Requests go through the HR Portal at least 4 weeks ahead." is wrong',
    ]);
  });

  it('on a second turn, review-check answers as before and agree-confident gives in', async () => {
    const dropped = request(WRONG, []);
    expect((await check.review(call(dropped, 2))).text).toBe((await check.review(call(dropped))).text);
    expect(agreeDisagree.parse((await agree.review(call(dropped, 2))).text).verdict).toBe('AGREE');
  });
});
