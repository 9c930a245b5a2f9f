import { describe, expect, it } from 'vitest';
import { reviewItems } from '../../../test/support/reviewItems.js';
import { textFixture } from '../../../test/support/textFixture.js';
import { followUpJobs, reviewJobs } from '../jobs.js';
import { unknownTemplateKeys } from '../render.js';
import { allowedKeys, assertExactKeys, BoundaryViolation, serializeRequest } from '../sealed.js';
import { SEALED_KEYS } from '../types.js';
import { declaredCondition } from './declared.js';
import { ALL_CONDITIONS, contaminantKeys, type Condition } from './index.js';

// The built-ins and one declared condition of each form: every condition, whoever made it, keeps the same contract.
const MEMBERS: Condition[] = [
  ...ALL_CONDITIONS.filter((c: Condition) => !c.followUp),
  declaredCondition({ name: 'round-summary', key: 'round_summary', text: 'The worker reports: all checks pass.' }),
  declaredCondition({ name: 'worker-retrieval', key: 'retrieval', field: 'retrieval' }),
];
// Second turns: the built-ins and a declared one that quotes the evidence.
const SECOND_TURNS: Condition[] = [
  ...ALL_CONDITIONS.filter((c: Condition) => c.followUp),
  declaredCondition({ name: 'quote-back', after: 'fail', text: 'The source says "{{evidence_quote}}". Reconsider.' }),
];
const KEYS = contaminantKeys(MEMBERS);

const carrying = textFixture({ artifact: 'Leave is 28 days.', evidence: 'Leave is 28 days.', trace: 'Confirmed in the handbook.', fields: { retrieval: 'Handbook 4.2: leave is 28 days.' } });
const bare = textFixture({ id: 'bare', artifact: 'Leave is 28 days.', evidence: 'Leave is 28 days.' });
// Every contaminant in a block of its own, so a rendered prompt shows which keys it carried.
const template = ['{{artifact}}', '{{#evidence}}<evidence>{{evidence}}</evidence>{{/evidence}}', ...KEYS.map((k) => `{{#${k}}}<${k}>{{${k}}}</${k}>{{/${k}}}`)].join('\n');

function jobsUnder(condition: Condition, fixture = carrying) {
  return [...reviewJobs(reviewItems([fixture], []), { conditions: [condition], rubricFor: () => 'R', template })];
}

it('registers each built-in condition name once', () => {
  expect(new Set(ALL_CONDITIONS.map((c) => c.name)).size).toBe(ALL_CONDITIONS.length);
});

it("labels every condition, built-in or declared, in plain words of its own for the reports' summary sentence", () => {
  for (const c of [...MEMBERS, ...SECOND_TURNS]) expect(c.label, c.name).toMatch(/^\S.*\S$/);
  const labels = [...MEMBERS, ...SECOND_TURNS].map((c) => c.label);
  expect(new Set(labels).size).toBe(labels.length);
});

it('has the sealed request (no contaminant) among its conditions: every contaminant and every second turn is measured against it', () => {
  expect(ALL_CONDITIONS.filter((c: Condition) => !c.contaminantKey && !c.followUp && !c.withholds).map((c) => c.name)).toEqual(['clean']);
});

it('withholds a sealed key or adds a contaminant, never both', () => {
  for (const c of MEMBERS) expect(c.withholds !== undefined && c.contaminantKey !== undefined).toBe(false);
});

describe.each(SECOND_TURNS.map((c) => [c.name, c] as const))('second-turn condition %s', (_name, condition) => {
  const followUp = condition.followUp!;
  const first = (verdict: 'PASS' | 'FAIL') => ({ verdict, reply: `Checked "Leave is 28 days."\nVERDICT: ${verdict}`, requestDigest: 'd'.repeat(64) });
  const steps = (verdict: 'PASS' | 'FAIL') => [...followUpJobs(reviewItems([carrying], []), () => first(verdict), { conditions: [condition], rubricFor: () => 'R', template })];

  it('adds no contaminant and pushes no way on its first turn, which is the clean review: reviewJobs makes none for it', () => {
    expect(condition.contaminantKey).toBeUndefined();
    expect(condition.pushes).toBeUndefined();
    expect(jobsUnder(condition)).toEqual([]);
  });

  it('follows up the first verdicts it says, with a message it can build for an item with evidence and a trace; after any other verdict the first stands', () => {
    for (const verdict of ['PASS', 'FAIL'] as const) {
      const [step] = steps(verdict);
      const follows = followUp.after === 'any' || followUp.after.toUpperCase() === verdict;
      expect(step!.kind).toBe(follows ? 'send' : 'stands');
      if (step!.kind !== 'send') continue;
      const { job } = step!;
      expect(job.turn).toBe(2);
      expect(job.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(job.messages[2]!.content).toBe(first(verdict).reply);
      expect(job.messages[3]!.content.trim()).not.toBe('');
      expect(Object.keys(job.request).sort()).toEqual([...SEALED_KEYS].sort());
      // The digest covers the whole conversation: another first reply is another review.
      const other = [...followUpJobs(reviewItems([carrying], []), () => ({ ...first(verdict), reply: 'Other.\nVERDICT: FAIL' }), { conditions: [condition], rubricFor: () => 'R', template })][0];
      if (other?.kind === 'send') expect(other.job.requestDigest).not.toBe(job.requestDigest);
    }
  });
});

describe.each(MEMBERS.map((c) => [c.name, c] as const))('condition %s', (_name, condition) => {
  const own = condition.contaminantKey;
  const [job] = jobsUnder(condition);

  it('says in the manifest what it adds, and which way a contaminant pushes', () => {
    expect(condition.describe.trim()).not.toBe('');
    expect(condition.pushes === undefined).toBe(own === undefined);
  });

  const sealed = SEALED_KEYS.filter((k) => k !== condition.withholds);

  it('builds a request with the sealed keys (less the one it withholds, absent) plus exactly its contaminant, which its allowlist accepts', () => {
    expect(Object.keys(job!.request).sort()).toEqual([...sealed, ...(own ? [own] : [])].sort());
    expect(() => assertExactKeys(job!.request, allowedKeys(condition))).not.toThrow();
    for (const other of KEYS.filter((k) => k !== own)) expect(allowedKeys(condition).has(other)).toBe(false);
  });

  it('rejects, as a boundary violation, a request that still carries the key it withholds', () => {
    if (!condition.withholds) return;
    expect(() => assertExactKeys({ ...job!.request, [condition.withholds!]: carrying.evidence }, allowedKeys(condition))).toThrow(BoundaryViolation);
    expect(() => assertExactKeys({ ...job!.request, [condition.withholds!]: [] }, allowedKeys(condition))).toThrow(/unexpected key: evidence/);
  });

  it('carries a string contaminant for an item that has what it adds (none when it adds nothing)', () => {
    const contaminant = condition.contaminant(carrying);
    if (own) expect(typeof contaminant).toBe('string');
    else expect(contaminant).toBeUndefined();
    expect(own ? job!.request[own] : undefined).toBe(contaminant);
  });

  it('serializes its contaminant after the sealed keys', () => {
    expect(Object.keys(JSON.parse(serializeRequest(job!.request)))).toEqual([...sealed, ...(own ? [own] : [])]);
  });

  it('renders only its own contaminant into the prompt, under a template key, and no block of a key it withholds', () => {
    const prompt = job!.messages[1]!.content;
    for (const key of KEYS) expect(prompt.includes(`<${key}>`)).toBe(key === own);
    expect(prompt.includes('<evidence>')).toBe(condition.withholds !== 'evidence');
    expect(unknownTemplateKeys(template, KEYS)).toEqual([]);
  });

  it('leaves out an item that cannot carry its contaminant, and reviews every item it can', () => {
    const expected = condition.contaminant(bare) === undefined && own ? 0 : 1;
    expect(jobsUnder(condition, bare)).toHaveLength(expected);
  });

  it('leaves out an item of a kind it does not apply to', () => {
    const code = { ...carrying, kind: 'code' };
    expect(jobsUnder(condition, code as typeof carrying)).toHaveLength(condition.kinds && !condition.kinds.includes('code') ? 0 : 1);
  });
});
