import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_GRAMMARS, GRAMMARS, type GrammarName } from './index.js';

/**
 * Replies each grammar accepts, each ending with the last character of its
 * verdict, so that every shorter prefix is a reply cut off before the
 * verdict. A grammar's own spec holds its finer cases; the contract needs one
 * reply that flags and one that does not.
 */
const SAMPLES: Record<GrammarName, { flags: string; passes: string }> = {
  'pass-fail': { flags: 'The total is 120, not 112.\nVERDICT: FAIL', passes: 'Every figure matches the evidence.\nVERDICT: PASS' },
};

it('registers each grammar name once, with sample replies in this spec', () => {
  expect(new Set(ALL_GRAMMARS.map((g) => g.name)).size).toBe(ALL_GRAMMARS.length);
  expect(Object.keys(SAMPLES).sort()).toEqual(ALL_GRAMMARS.map((g) => g.name).sort());
});

describe.each(ALL_GRAMMARS.map((g) => [g.name, GRAMMARS[g.name]] as const))('grammar %s', (name, grammar) => {
  const { flags, passes } = SAMPLES[name] ?? { flags: '', passes: '' };

  it('reads an empty or blank reply as no verdict', () => {
    for (const reply of ['', ' ', '\n\n', '\r\n']) expect(grammar.parse(reply).flagged).toBeNull();
  });

  it('reads a reply it accepts as a boolean flag: true for a flagging one, false for a passing one', () => {
    expect(grammar.parse(flags).flagged).toBe(true);
    expect(grammar.parse(passes).flagged).toBe(false);
  });

  it('reads a reply cut off before its verdict is complete as no verdict', () => {
    for (const reply of [flags, passes]) {
      for (let end = 0; end < reply.length; end++) expect(grammar.parse(reply.slice(0, end)).flagged, JSON.stringify(reply.slice(0, end))).toBeNull();
    }
  });

  it('never throws, and always answers true, false or null, the same each time', () => {
    const noise = fc.string({ unit: 'binary', maxLength: 200 });
    const replies = fc.oneof(
      noise,
      fc.tuple(noise, fc.constantFrom(flags, passes), noise).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(replies, (reply) => {
        const parsed = grammar.parse(reply);
        expect([true, false, null]).toContain(parsed.flagged);
        expect(grammar.parse(reply)).toEqual(parsed);
      }),
    );
  });
});
