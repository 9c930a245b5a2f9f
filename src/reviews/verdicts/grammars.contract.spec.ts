import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceClaims } from '../../text/numberedClaims.js';
import { ALL_GRAMMARS, GRAMMARS, type GrammarContext, type GrammarName } from './index.js';

const ARTIFACT = 'The total is 112. Leave is 28 days.';
/** The request the samples answer, for grammars that read replies against it. */
const CONTEXT: GrammarContext = { artifact: ARTIFACT, evidence: [{ text: 'The total is 120. Leave is 28 days.' }], claims: sentenceClaims(ARTIFACT) };

/**
 * Replies each grammar accepts, each ending with the last character of its
 * verdict, so that every shorter prefix is a reply cut off before the
 * verdict. A grammar's own spec holds its finer cases; the contract needs one
 * reply that flags and one that does not. `openEnded`: the flagging form has
 * no end marker (an objection, an issue list), so a reply cut off inside it
 * still reads as that verdict; only the passing reply's prefixes are checked.
 */
const SAMPLES: Record<GrammarName, { flags: string; passes: string; openEnded?: true }> = {
  'pass-fail': { flags: 'The total is 120, not 112.\nVERDICT: FAIL', passes: 'Every figure matches the evidence.\nVERDICT: PASS' },
  claims: {
    flags: 'CLAIM 1: contradicted "The total is 120"\nCLAIM 2: supported "Leave is 28 days"\nVERDICT: FAIL',
    passes: '{"claims": [{"id": 1, "verdict": "supported", "span": "The total is 120"}, {"id": 2, "verdict": "supported", "span": "Leave is 28 days"}]}\nVERDICT: PASS',
  },
  'agree-disagree': { flags: 'The total is wrong.\nDISAGREE_EVIDENCE: "The total is 112"', passes: 'Checked both sentences.\nAGREE', openEnded: true },
  'accepted-issues': { flags: '1. The total is 112; the evidence says 120.', passes: 'ACCEPTED', openEnded: true },
};

it('registers each grammar name once, with sample replies in this spec', () => {
  expect(new Set(ALL_GRAMMARS.map((g) => g.name)).size).toBe(ALL_GRAMMARS.length);
  expect(Object.keys(SAMPLES).sort()).toEqual(ALL_GRAMMARS.map((g) => g.name).sort());
});

describe.each(ALL_GRAMMARS.map((g) => [g.name, GRAMMARS[g.name]] as const))('grammar %s', (name, grammar) => {
  const { flags, passes, openEnded } = SAMPLES[name] ?? { flags: '', passes: '' };

  it('reads an empty or blank reply as no verdict', () => {
    for (const reply of ['', ' ', '\n\n', '\r\n']) {
      expect(grammar.parse(reply).flagged).toBeNull();
      expect(grammar.parse(reply, CONTEXT).flagged).toBeNull();
    }
  });

  it('reads a reply it accepts as a boolean flag: true for a flagging one, false for a passing one', () => {
    for (const context of [undefined, CONTEXT]) {
      expect(grammar.parse(flags, context).flagged).toBe(true);
      expect(grammar.parse(passes, context).flagged).toBe(false);
    }
  });

  it('reads a reply cut off before its verdict is complete as no verdict', () => {
    for (const reply of openEnded ? [passes] : [flags, passes]) {
      for (let end = 0; end < reply.length; end++) expect(grammar.parse(reply.slice(0, end), CONTEXT).flagged, JSON.stringify(reply.slice(0, end))).toBeNull();
    }
  });

  it('carries what it says it measures: per-claim grammars the claims flagged and every claim verdict, plan-audit grammars the plan items named', () => {
    const parsed = grammar.parse(flags, CONTEXT);
    expect(parsed.flaggedClaims !== undefined).toBe(grammar.perClaim);
    expect(parsed.claimVerdicts !== undefined).toBe(grammar.perClaim);
    if (grammar.perClaim) expect(grammar.readsRequest).toBe(true);
    expect(parsed.namedItems !== undefined).toBe(grammar.audits === 'plans');
  });

  it('never throws, and always answers true, false or null, the same each time', () => {
    const noise = fc.string({ unit: 'binary', maxLength: 200 });
    const replies = fc.oneof(
      noise,
      fc.tuple(noise, fc.constantFrom(flags, passes), noise).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(replies, (reply) => {
        const parsed = grammar.parse(reply, CONTEXT);
        expect([true, false, null]).toContain(parsed.flagged);
        expect(grammar.parse(reply, CONTEXT)).toEqual(parsed);
        expect([true, false, null]).toContain(grammar.parse(reply).flagged);
      }),
    );
  });
});
