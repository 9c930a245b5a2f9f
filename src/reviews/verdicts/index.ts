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

const GRAMMAR_BY_NAME: ReadonlyMap<string, VerdictGrammar> = new Map(ALL_GRAMMARS.map((g) => [g.name, g]));

/** The grammar a critic answers in: its configured `verdict`, or the default when it names none (config validation rejects unknown names). */
export function grammarOf(name: string | undefined): VerdictGrammar {
  return GRAMMAR_BY_NAME.get(name ?? DEFAULT_GRAMMAR) ?? GRAMMARS[DEFAULT_GRAMMAR];
}

/**
 * The verdict as the run store keeps it, whatever the grammar: FAIL for a
 * flag, PASS for none, null for no verdict. Every count, gate and report
 * reads this one column.
 */
export function storedVerdict({ flagged }: ParsedVerdict): Verdict | null {
  return flagged === null ? null : flagged ? 'FAIL' : 'PASS';
}
