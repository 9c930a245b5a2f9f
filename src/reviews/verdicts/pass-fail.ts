import type { ParsedVerdict, VerdictGrammar } from './types.js';

export type Verdict = 'PASS' | 'FAIL';

export interface PassFailVerdict extends ParsedVerdict {
  readonly verdict: Verdict | null;
}

// A verdict line, tolerating the markdown decoration models add ("**VERDICT: PASS**", "**Verdict**: FAIL",
// "`VERDICT: FAIL`", "__VERDICT: PASS__"). Not `\b` after the word: `_` is a word character, so "PASS__" has no boundary.
const VERDICT_LINE = /^[\s*_`#>-]*verdict[*_`]*\s*[:=]\s*[*_`]*\s*(pass|fail)(?![a-z0-9])[\s*_`.!]*$/i;

/** The reply's final `VERDICT: PASS|FAIL` line: FAIL flags. A reply without one is "no verdict". */
export const passFail = {
  name: 'pass-fail',
  readsReviews: false,
  perClaim: false,
  parse(reply: string): PassFailVerdict {
    const lines = reply.split(/\r?\n/);
    for (let i = lines.length - 1; i >= 0; i--) {
      const match = VERDICT_LINE.exec(lines[i]!);
      if (match) {
        const verdict = match[1]!.toUpperCase() as Verdict;
        return { flagged: verdict === 'FAIL', verdict };
      }
    }
    return { flagged: null, verdict: null };
  },
} as const satisfies VerdictGrammar<PassFailVerdict>;
