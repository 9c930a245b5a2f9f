export type Verdict = 'PASS' | 'FAIL';

// A verdict line, tolerating the markdown decoration models add ("**VERDICT: PASS**", "**Verdict**: FAIL",
// "`VERDICT: FAIL`", "__VERDICT: PASS__"). Not `\b` after the word: `_` is a word character, so "PASS__" has no boundary.
const VERDICT_LINE = /^[\s*_`#>-]*verdict[*_`]*\s*[:=]\s*[*_`]*\s*(pass|fail)(?![a-z0-9])[\s*_`.!]*$/i;

/** The reply's final VERDICT line, or null: a reply without one is "no verdict", never a catch or a pass. */
export function parseVerdict(reply: string): Verdict | null {
  const lines = reply.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = VERDICT_LINE.exec(lines[i]!);
    if (match) return match[1]!.toUpperCase() as Verdict;
  }
  return null;
}
