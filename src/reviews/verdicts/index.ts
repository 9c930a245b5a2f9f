import { acceptedIssues } from './accepted-issues.js';
import { agreeDisagree } from './agree-disagree.js';
import { claims } from './claims.js';
import { passFail, type Verdict } from './pass-fail.js';
import type { ParsedVerdict, VerdictGrammar } from './types.js';

export type { ClaimVerdict, GrammarContext, ParsedVerdict, VerdictGrammar } from './types.js';
export type { Verdict } from './pass-fail.js';

/** Every verdict grammar a critic can select with `verdict:`. A new grammar is a module and a line here. */
export const ALL_GRAMMARS = [passFail, claims, agreeDisagree, acceptedIssues] as const;

export type GrammarName = (typeof ALL_GRAMMARS)[number]['name'];
export const GRAMMAR_NAMES: readonly GrammarName[] = ALL_GRAMMARS.map((g) => g.name);
export const GRAMMARS = Object.fromEntries(ALL_GRAMMARS.map((g): [string, VerdictGrammar] => [g.name, g])) as Record<GrammarName, VerdictGrammar>;

export const DEFAULT_GRAMMAR: GrammarName = 'pass-fail';

/**
 * The verdict as the run store keeps it, whatever the grammar: FAIL for a
 * flag, PASS for none, null for no verdict. Every count, gate and report
 * reads this one column.
 */
export function storedVerdict({ flagged }: ParsedVerdict): Verdict | null {
  return flagged === null ? null : flagged ? 'FAIL' : 'PASS';
}
