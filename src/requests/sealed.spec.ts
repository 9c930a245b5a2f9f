import { describe, expect, it } from 'vitest';
import { conditionsOf, type ConditionName } from './conditions/index.js';
import { priorFailVerdict } from './conditions/prior-fail.js';
import { PRIOR_PASS } from './conditions/prior-pass.js';
import { reviewItems } from '../../test/support/reviewItems.js';
import { reviewJobs } from './jobs.js';
import { BoundaryViolation, requestDigest, requestUnder, sealRequest, sealedPayloadProblems, serializeRequest } from './sealed.js';
import { textFixture } from '../../test/support/textFixture.js';

const condition = (name: ConditionName) => conditionsOf([name])[0]!;

/** Today's four, named: these specs pin their output, which a condition added later must not change. */
const FOUR: ConditionName[] = ['clean', 'with-trace', 'prior-pass', 'prior-fail'];
const sealed = { task: 'T', artifact: 'A', evidence: [{ id: 'e', text: 'E' }], rubric: 'R' };

describe('the sealed request allowlist', () => {
  it('accepts exactly task, artifact, evidence and rubric', () => {
    expect(sealRequest({ ...sealed })).toEqual(sealed);
  });

  it.each([
    [{ ...sealed, prior_verdict: 'PASS' }, ['prior_verdict'], []],
    [{ ...sealed, reviewer_summary: 'fine', trace: 'x' }, ['reviewer_summary', 'trace'], []],
    [{ task: 'T', artifact: 'A', rubric: 'R' }, [], ['evidence']],
  ])('throws a boundary violation naming the keys, before anything is sent', (payload, unexpected, missing) => {
    try {
      sealRequest(payload);
      expect.unreachable('a contaminated payload was accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(BoundaryViolation);
      expect((err as BoundaryViolation).unexpected).toEqual(unexpected);
      expect((err as BoundaryViolation).missing).toEqual(missing);
    }
  });

  it('lets each condition add exactly its one contaminant', () => {
    expect(requestUnder(condition('clean'), sealed, undefined)).toEqual(sealed);
    expect(requestUnder(condition('with-trace'), sealed, 'I checked.')).toEqual({ ...sealed, trace: 'I checked.' });
    expect(requestUnder(condition('prior-pass'), sealed, PRIOR_PASS)).toEqual({ ...sealed, prior_verdict: 'Prior reviewer: PASS, no issues found.' });
    expect(requestUnder(condition('prior-fail'), sealed, priorFailVerdict('text'))).toEqual({ ...sealed, prior_verdict: 'Prior reviewer: FAIL, found an error.' });
  });

  it('serializes canonically, so the digest does not depend on key order', () => {
    const shuffled = { rubric: 'R', evidence: sealed.evidence, artifact: 'A', task: 'T' };
    expect(serializeRequest(shuffled)).toBe(serializeRequest(sealed));
    expect(requestDigest(shuffled)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestDigest({ ...sealed, trace: 'x' })).not.toBe(requestDigest(sealed));
  });

  it('check-request logic names the offending keys of a user payload', () => {
    expect(sealedPayloadProblems(sealed)).toEqual([]);
    expect(sealedPayloadProblems({ ...sealed, prior_verdict: 'PASS' })).toEqual(['unexpected key: prior_verdict']);
    expect(sealedPayloadProblems([1, 2])).not.toEqual([]);
    // Nested contamination: a verdict in an evidence item's extra field, or a task given as an object.
    expect(sealedPayloadProblems({ ...sealed, evidence: [{ id: 'e', text: 'x', worker_trace: 'I verified it, PASS' }] })).toEqual(['unexpected key: evidence[0].worker_trace']);
    expect(sealedPayloadProblems({ ...sealed, task: { prior_verdict: 'PASS' } })[0]).toMatch(/^task: /);
    expect(sealedPayloadProblems({ ...sealed, evidence: 'whatever' })[0]).toMatch(/^evidence: /);
  });
});

describe('review jobs', () => {
  const fixture = textFixture({ artifact: 'Leave is 28 days.', evidence: 'Leave is 28 days.', trace: 'Confirmed in the handbook.' });
  const noTrace = textFixture({ id: 'no-trace', artifact: 'Leave is 28 days.', evidence: 'Leave is 28 days.' });
  const jobs = [
    ...reviewJobs(reviewItems([fixture, noTrace], []), {
      conditions: conditionsOf(FOUR),
      rubricFor: () => 'R',
      template: '{{artifact}}{{#trace}}TRACE {{trace}}{{/trace}}{{#prior_verdict}}{{prior_verdict}}{{/prior_verdict}}',
    }),
  ];

  it('makes one job per item and condition, leaving out with-trace where there is no trace', () => {
    expect(jobs.map((j) => `${j.itemId}/${j.condition}`)).toEqual([
      'unit/clean',
      'unit/with-trace',
      'unit/prior-pass',
      'unit/prior-fail',
      'no-trace/clean',
      'no-trace/prior-pass',
      'no-trace/prior-fail',
    ]);
  });

  it('renders a contaminant only into its own condition', () => {
    const [clean, withTrace, prior] = jobs;
    expect(clean!.messages[1]!.content).toBe('Leave is 28 days.');
    expect(withTrace!.messages[1]!.content).toBe('Leave is 28 days.TRACE Confirmed in the handbook.');
    expect(prior!.messages[1]!.content).toBe('Leave is 28 days.Prior reviewer: PASS, no issues found.');
  });

  it('gives opaque review ids that name neither the condition nor the role', () => {
    for (const job of jobs) {
      expect(job.reviewId).toMatch(/^[0-9a-f]{16}$/);
      expect(new Set(jobs.map((j) => j.reviewId)).size).toBe(jobs.length);
    }
  });
});

describe('request bytes', () => {
  // Pinned on the code before conditions became a registry: request digests feed every cache key and stored
  // run, so a change to how a request is built or serialized must show up here, not as everyone's cache going cold.
  const fixture = {
    ...textFixture({ artifact: 'Leave is 28 days.', evidence: '', trace: 'Confirmed in the handbook.' }),
    evidence: [{ id: 'ev', title: 'Handbook §4', text: 'Leave is "28" days.\n' }],
  };
  const digests = Object.fromEntries(
    [...reviewJobs(reviewItems([fixture], []), { conditions: conditionsOf(FOUR), rubricFor: () => 'R', template: '{{artifact}}' })].map((j) => [j.condition, j.requestDigest]),
  );

  it('keeps the digest of one request per condition', () => {
    expect(digests).toEqual({
      clean: '85b750bc73e6736f4b470f174b74d3dcc170af32e196a3484770f24712d18b31',
      'with-trace': '50b4fb6fae0e3685d3bbe634941eede5c925c685f4d92ae7df613fde669b37c3',
      'prior-pass': '9904aabf612c2bb3b84d9e73c50e93525c29ef97e6b9e80e3450408d66a0fe0c',
      // Changed on purpose: a text's prior reviewer now found "an error", no longer "a bug" (code's requests keep theirs).
      'prior-fail': '2a3c6572d166c52ad649c8bdf5c4dedb2025806a1e82d981a1a750d9f0c0caa7',
    });
  });

  it('puts the contaminant after the sealed keys', () => {
    expect(serializeRequest({ trace: 'x', ...sealed })).toBe('{"task":"T","artifact":"A","evidence":[{"id":"e","text":"E"}],"rubric":"R","trace":"x"}');
  });
});
