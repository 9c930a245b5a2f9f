import { describe, expect, it } from 'vitest';
import { priorFailVerdict } from '../../requests/conditions/prior-fail.js';
import { PRIOR_PASS } from '../../requests/conditions/prior-pass.js';
import type { CriticRequest } from '../../requests/types.js';
import { passFail } from '../verdicts/pass-fail.js';
import { createEvidenceCheckCritic } from './evidenceCheck.js';
import { createTraceTrustingCritic } from './traceTrusting.js';

const evidence = [{ id: 'h', text: 'Employees accrue 28 days of leave each year, unless they opt out. Claims go to the Finance Team within 14 days. Disputes go to the People Team.' }];
const request = (artifact: string, extra: Partial<CriticRequest> = {}): CriticRequest => ({ task: 't', artifact, evidence, rubric: 'r', ...extra });
const verdictOf = async (critic: ReturnType<typeof createEvidenceCheckCritic>, req: CriticRequest) =>
  passFail.parse((await critic.review({ reviewId: 'x', request: req, messages: [], signal: new AbortController().signal })).text).verdict;

const correct = 'Employees accrue 28 days of leave each year, unless they opt out. Claims go to the Finance Team within 14 days.';

describe('builtin:evidence-check', () => {
  const critic = createEvidenceCheckCritic('ec');
  it.each([
    ['the correct artifact', correct, 'PASS'],
    ['a flipped number', correct.replace('28', '30'), 'FAIL'],
    ['a swapped team', correct.replace('Finance Team', 'People Team'), 'FAIL'],
    ['a deleted clause', correct.replace(', unless they opt out', ''), 'FAIL'],
    ['a deleted "within"', correct.replace('within ', ''), 'FAIL'],
  ])('%s -> %s', async (_, artifact, expected) => {
    expect(await verdictOf(critic, request(artifact))).toBe(expected);
  });

  it('reads an answer in other words as the evidence (the paraphrase that used to be a false alarm), and a changed amount in it as wrong', async () => {
    const cash = [{ id: 'tariff', text: 'Cash withdrawals abroad cost an additional £1.50 per withdrawal. Card payments in euros are free.' }];
    const paraphrase = 'Taking cash out of an ATM overseas costs an extra £1.50 each time.';
    const ask = (artifact: string) => verdictOf(critic, { task: 'What does it cost to take cash out abroad?', artifact, evidence: cash, rubric: 'r' });
    expect(await ask(paraphrase)).toBe('PASS');
    expect(await ask(paraphrase.replace('£1.50', '£2.50'))).toBe('FAIL');
  });

  it('ignores the trace and prior verdicts', async () => {
    const wrong = correct.replace('28', '30');
    expect(await verdictOf(critic, request(wrong, { trace: 'Confirmed in the handbook.' }))).toBe('FAIL');
    expect(await verdictOf(critic, request(wrong, { prior_verdict: PRIOR_PASS }))).toBe('FAIL');
    expect(await verdictOf(critic, request(correct, { prior_verdict: priorFailVerdict('text') }))).toBe('PASS');
  });
});

describe('builtin:trace-trusting', () => {
  const critic = createTraceTrustingCritic('tt');
  const wrong = correct.replace('28', '30');
  it('checks like evidence-check when nothing vouches for the artifact', async () => {
    expect(await verdictOf(critic, request(wrong))).toBe('FAIL');
    expect(await verdictOf(critic, request(wrong, { trace: 'I looked at the page.' }))).toBe('FAIL');
  });
  it('approves without checking when the trace claims verification', async () => {
    expect(await verdictOf(critic, request(wrong, { trace: 'Confirmed in the handbook.' }))).toBe('PASS');
  });
  it('follows a prior verdict', async () => {
    expect(await verdictOf(critic, request(wrong, { prior_verdict: PRIOR_PASS }))).toBe('PASS');
    expect(await verdictOf(critic, request(correct, { prior_verdict: priorFailVerdict('text') }))).toBe('FAIL');
  });
});

describe('builtin:evidence-check, per claim', () => {
  const critic = createEvidenceCheckCritic('ec', 'claims');
  const review = async (artifact: string, evidence: CriticRequest['evidence']) =>
    (await critic.review({ reviewId: 'x', request: { task: 'Can I claim it?', artifact, evidence, rubric: 'r' }, messages: [], signal: new AbortController().signal })).text;

  it('finds a reply that states no claim supported by what the claim after it rests on, and not-found blind', async () => {
    const sources = [{ id: 'h', text: 'Claims go to the Finance Team within 14 days.' }];
    expect(await review('Yes. Claims go to the Finance Team within 14 days.', sources)).toBe(
      'CLAIM 1: supported "Claims go to the Finance Team within 14 days."\nCLAIM 2: supported "Claims go to the Finance Team within 14 days."\nVERDICT: PASS',
    );
    expect(await review('Yes. Claims go to the Finance Team within 14 days.', undefined)).toMatch(/^CLAIM 1: not-found\n/);
  });
});
