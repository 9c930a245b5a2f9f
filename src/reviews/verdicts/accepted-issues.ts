import { containsWords } from '../../text/claims.js';
import type { ParsedVerdict, VerdictGrammar } from './types.js';

export interface AcceptedIssuesVerdict extends ParsedVerdict {
  /** The issues listed, in order; empty for ACCEPTED or no verdict. */
  readonly issues: readonly string[];
  readonly namedItems: readonly number[];
}

const ACCEPTED = /^[\s*_`]*accepted[\s*_`.!]*$/i;
const ISSUE = /^\s*(?:[-*]\s*)?(?:\*\*)?(\d+)[.)](?:\*\*)?\s+(.+?)\s*$/;

/**
 * Seed 003's reviewer reply: exactly `ACCEPTED` (the reply's only non-blank
 * line), or a numbered list of issues (`1. ...`), which flags the artifact.
 * Anything else, an ACCEPTED beside issues included, is no verdict. An issue
 * list has no end marker, so a list cut off after its first issue reads as a
 * list of one.
 */
export const acceptedIssues = {
  name: 'accepted-issues',
  readsReviews: false,
  perClaim: false,
  audits: 'plans',
  parse(reply: string): AcceptedIssuesVerdict {
    const lines = reply.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length === 1 && ACCEPTED.test(lines[0]!)) return { flagged: false, issues: [], namedItems: [] };
    const issues: string[] = [];
    for (const line of lines) {
      const m = ISSUE.exec(line);
      if (m && Number(m[1]) === issues.length + 1) issues.push(m[2]!);
      else if (ACCEPTED.test(line)) return { flagged: null, issues: [], namedItems: [] };
      else if (issues.length) issues[issues.length - 1] += ` ${line.trim()}`;
    }
    return issues.length ? { flagged: true, issues, citations: issues, namedItems: [...new Set(issues.flatMap(namedPlanItems))] } : { flagged: null, issues: [], namedItems: [] };
  },
} as const satisfies VerdictGrammar<AcceptedIssuesVerdict>;

/** A plan item named anywhere in an issue: "item 5", "plan item 5", "Item #5", "items 2 and 3". */
const NAMED_ITEMS = /\bitems?\s*#?\s*(\d+(?:\s*(?:,|and|&)\s*#?\d+)*)/gi;
/** The item an issue starts with, as seed 003's "plan item → what is wrong → how to verify": "5 →", "5 ->", "5.", "5:", "5)", "[5]", "#5". */
const LEADING_ITEM = /^[\s*_`]*(?:\[\s*(\d+)\s*\]|#?(\d+)\s*(?:→|->|—|[.:)](?!\d)))/;

/**
 * The plan items an issue of an accepted-issues reply names (see NAMED_ITEMS
 * and LEADING_ITEM), in order, each once. A plan audit counts a catch of an
 * authored mutant as naming its item when this holds the item it breaks.
 */
export function namedPlanItems(issue: string): number[] {
  const found: number[] = [];
  const lead = LEADING_ITEM.exec(issue);
  if (lead) found.push(Number(lead[1] ?? lead[2]));
  for (const m of issue.matchAll(NAMED_ITEMS)) for (const n of m[1]!.match(/\d+/g)!) found.push(Number(n));
  return [...new Set(found)];
}

/** What an issue gives its reader to verify it by: a plan item, an evidence id, a line of the artifact, or a test or example to run. */
export type IssueAnchor = 'plan-item' | 'evidence' | 'line' | 'test';

/** "line 12", "lines 3-5", "L12". */
const LINE_REFERENCE = /\b(?:lines?\s*\d+|L\d+)\b/i;
/** A backticked span (a call to run, a test's name) or a test identifier such as test_empty_input. */
const TEST_REFERENCE = /`[^`\n]+`|\btest_\w+/;

/**
 * The anchors of an issue, in the order of IssueAnchor: seed 003 asks each
 * issue for "how to verify", so an issue with none (no plan item, none of the
 * fixture's evidence ids, no line and no test or example) is one nobody can
 * check, counted apart by the plan audit.
 */
export function issueAnchors(issue: string, evidenceIds: readonly string[]): IssueAnchor[] {
  const anchors: IssueAnchor[] = [];
  if (namedPlanItems(issue).length) anchors.push('plan-item');
  if (evidenceIds.some((id) => containsWords(issue, id))) anchors.push('evidence');
  if (LINE_REFERENCE.test(issue)) anchors.push('line');
  if (TEST_REFERENCE.test(issue)) anchors.push('test');
  return anchors;
}
