import type { ParsedVerdict, VerdictGrammar } from './types.js';

export interface AcceptedIssuesVerdict extends ParsedVerdict {
  /** The issues listed, in order; empty for ACCEPTED or no verdict. */
  readonly issues: readonly string[];
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
  parse(reply: string): AcceptedIssuesVerdict {
    const lines = reply.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length === 1 && ACCEPTED.test(lines[0]!)) return { flagged: false, issues: [] };
    const issues: string[] = [];
    for (const line of lines) {
      const m = ISSUE.exec(line);
      if (m && Number(m[1]) === issues.length + 1) issues.push(m[2]!);
      else if (ACCEPTED.test(line)) return { flagged: null, issues: [] };
      else if (issues.length) issues[issues.length - 1] += ` ${line.trim()}`;
    }
    return issues.length ? { flagged: true, issues, citations: issues } : { flagged: null, issues: [] };
  },
} as const satisfies VerdictGrammar<AcceptedIssuesVerdict>;
