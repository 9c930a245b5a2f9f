import { describe, expect, it } from 'vitest';
import { reviewItems } from '../../../test/support/reviewItems.js';
import { textFixture } from '../../../test/support/textFixture.js';
import { reviewJobs } from '../jobs.js';
import { TEMPLATE_KEYS } from '../render.js';
import { allowedKeys, assertExactKeys, serializeRequest } from '../sealed.js';
import { SEALED_KEYS } from '../types.js';
import { ALL_CONDITIONS, CONDITIONS, CONTAMINANT_KEYS, type ConditionName } from './index.js';

const withTrace = textFixture({ artifact: 'Leave is 28 days.', evidence: 'Leave is 28 days.', trace: 'Confirmed in the handbook.' });
const noTrace = textFixture({ id: 'no-trace', artifact: 'Leave is 28 days.', evidence: 'Leave is 28 days.' });
// Every contaminant in a block of its own, so a rendered prompt shows which keys it carried.
const template = ['{{artifact}}', ...CONTAMINANT_KEYS.map((k) => `{{#${k}}}<${k}>{{${k}}}</${k}>{{/${k}}}`)].join('\n');

function jobUnder(name: ConditionName, fixture = withTrace) {
  return [...reviewJobs(reviewItems([fixture], []), { conditions: [name], rubricFor: () => 'R', template })];
}

it('registers each condition name once', () => {
  expect(new Set(ALL_CONDITIONS.map((c) => c.name)).size).toBe(ALL_CONDITIONS.length);
});

it('has the sealed request (no contaminant) among its conditions: every contaminant is measured against it', () => {
  expect(ALL_CONDITIONS.filter((c) => !('contaminantKey' in c)).map((c) => c.name)).toEqual(['clean']);
});

describe.each(ALL_CONDITIONS.map((c) => [c.name, CONDITIONS[c.name]] as const))('condition %s', (name, condition) => {
  const own = condition.contaminantKey;
  const [job] = jobUnder(name);

  it('says in the manifest what it adds', () => {
    expect(condition.describe.trim()).not.toBe('');
  });

  it('builds a request with the sealed keys plus exactly its contaminant, which its allowlist accepts', () => {
    expect(Object.keys(job!.request).sort()).toEqual([...SEALED_KEYS, ...(own ? [own] : [])].sort());
    expect(() => assertExactKeys(job!.request, allowedKeys(condition))).not.toThrow();
    for (const other of CONTAMINANT_KEYS.filter((k) => k !== own)) expect(allowedKeys(condition).has(other)).toBe(false);
  });

  it('carries a string contaminant for an item with a trace (none when it adds nothing)', () => {
    const contaminant = condition.contaminant(withTrace);
    if (own) expect(typeof contaminant).toBe('string');
    else expect(contaminant).toBeUndefined();
    expect(own ? job!.request[own] : undefined).toBe(contaminant);
  });

  it('serializes its contaminant after the sealed keys', () => {
    expect(Object.keys(JSON.parse(serializeRequest(job!.request)))).toEqual([...SEALED_KEYS, ...(own ? [own] : [])]);
  });

  it('renders only its own contaminant into the prompt, under a template key', () => {
    const prompt = job!.messages[1]!.content;
    for (const key of CONTAMINANT_KEYS) expect(prompt.includes(`<${key}>`)).toBe(key === own);
    if (own) expect(TEMPLATE_KEYS).toContain(own);
  });

  it('leaves out an item that cannot carry its contaminant, and reviews every item it can', () => {
    const expected = condition.contaminant(noTrace) === undefined && own ? 0 : 1;
    expect(jobUnder(name, noTrace)).toHaveLength(expected);
  });
});
