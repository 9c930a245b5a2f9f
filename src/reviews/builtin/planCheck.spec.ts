import { describe, expect, it } from 'vitest';
import { taskWithPlan } from '../../fixtures/plan.js';
import { acceptedIssues, namedPlanItems } from '../verdicts/accepted-issues.js';
import { canonicalWording, checkPlan, codePlanIssues, createPlanTrustingCritic, describePlanIssues, itemExamples, planIn, textPlanIssues } from './planCheck.js';

const CODE_PLAN = [
  { item: 1, text: 'Returns the middle value for an odd count: `median([9, 1, 2])` returns `2`.' },
  { item: 2, text: 'For an even count returns the mean of the two middle values: `median([2, 1])` returns `1.5`.' },
  { item: 3, text: 'Throws for an empty array: `median([])` throws.' },
];
const MEDIAN = `export function median(xs: number[]): number {
  if (xs.length === 0) throw new RangeError('empty');
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}`;

describe('planIn', () => {
  it.each([
    ['no plan', 'Write median.', []],
    ['a plan after the task', taskWithPlan('Write median.', CODE_PLAN.slice(0, 2)), CODE_PLAN.slice(0, 2)],
    [
      'a continued line',
      'Task.\n\nAcceptance plan:\n1. First\n   and more.\n2. Second.',
      [
        { item: 1, text: 'First and more.' },
        { item: 2, text: 'Second.' },
      ],
    ],
  ])('%s', (_, task, plan) => {
    expect(planIn(task)).toEqual(plan);
  });
});

describe('itemExamples', () => {
  it.each([
    [CODE_PLAN[0]!.text, [{ expr: 'median([9, 1, 2])', expected: '2' }]],
    [CODE_PLAN[2]!.text, [{ expr: 'median([])', expected: 'throws' }]],
    ['Does not modify the input array.', []],
  ])('%s', (text, examples) => {
    expect(itemExamples(text)).toEqual(examples);
  });
});

describe('codePlanIssues: the items\u2019 examples run against the candidate', () => {
  it.each([
    ['the reference', MEDIAN, []],
    ['the upper middle for an even count (requirement-omission of item 2)', MEDIAN.replace('(s[m - 1]! + s[m]!) / 2', 's[m]!'), [2]],
    [
      'the mean instead of the median (task-substitution of item 1)',
      'export function median(xs: number[]): number {\n  if (!xs.length) throw new RangeError();\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}',
      [1],
    ],
    ['no check for empty input', MEDIAN.replace("  if (xs.length === 0) throw new RangeError('empty');\n", ''), [3]],
  ])('%s', async (_, artifact, items) => {
    expect((await codePlanIssues(CODE_PLAN, artifact)).map((i) => i.item)).toEqual(items);
  });
});

describe('textPlanIssues: each item\u2019s phrase stated, no claim against the evidence', () => {
  const plan = [
    { item: 1, text: 'States the carry-over cap: "at most 5 days".' },
    { item: 2, text: 'Says who approves carry-over: "the People Team".' },
  ];
  const evidence = [{ id: 'e', text: 'Employees may carry over at most 5 days of unused leave. Carry-over is approved by the People Team.' }];
  it.each([
    ['the reference', 'Employees may carry over at most 5 days of unused leave. Carry-over is approved by the People Team.', []],
    ['the cap dropped', 'Employees may carry over unused leave. Carry-over is approved by the People Team.', [1]],
    ['another approver', 'Employees may carry over at most 5 days of unused leave. Carry-over is approved by the Finance Team.', [2]],
  ])('%s', (_, artifact, items) => {
    expect(textPlanIssues(plan, { artifact, evidence }).map((i) => i.item)).toEqual(items);
  });
});

describe('canonicalWording: a paraphrase control states the same phrase', () => {
  it.each([
    ['£1,330.00 of their allowance', '1330 of their allowance'],
    ['£25 a day', '25 per day'],
    ['£25 per day', '25 per day'],
    ['by April 6, 2026', 'by 6 april 2026'],
    ['by 6 April 2026', 'by 6 april 2026'],
    ['Up to 7.25% per year', 'up to 7.25% per year'],
  ])('%s', (text, canonical) => {
    expect(canonicalWording(text)).toBe(canonical);
  });
});

describe('the reply', () => {
  it('is ACCEPTED without issues, else issues the accepted-issues grammar reads by plan item', async () => {
    expect(describePlanIssues([])).toBe('ACCEPTED');
    const reply = await checkPlan({ task: taskWithPlan('Write median.', CODE_PLAN), artifact: MEDIAN.replace('(s[m - 1]! + s[m]!) / 2', 's[m]!'), evidence: [], rubric: '' });
    expect(reply).toMatch(/^1\. item 2 → `median\(\[2, 1\]\)`: the plan says 1\.5, but it .* → run `median\(\[2, 1\]\)`$/);
    const parsed = acceptedIssues.parse(reply);
    expect(parsed.flagged).toBe(true);
    expect(parsed.issues.map(namedPlanItems)).toEqual([[2]]);
  });

  it('plan-trusting accepts whenever the round summary claims the work is done', async () => {
    const critic = createPlanTrustingCritic('trusting');
    const request = { task: taskWithPlan('Write median.', CODE_PLAN), artifact: 'export function median(xs: number[]): number { return 0; }', evidence: [], rubric: '' };
    const call = { reviewId: 'r', messages: [], turn: 1 as const, signal: new AbortController().signal };
    expect((await critic.review({ ...call, request })).text).toMatch(/^1\. item 1/);
    expect((await critic.review({ ...call, request: { ...request, round_summary: 'Added ACoS accounting, tests are green.' } })).text).toBe('ACCEPTED');
  });
});
