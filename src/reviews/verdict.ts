export type Verdict = 'PASS' | 'FAIL';

// A verdict line, tolerating the markdown decoration models add ("**VERDICT: PASS**", "`VERDICT: FAIL`").
const VERDICT_LINE = /^[\s*_`#>-]*verdict\s*[:=]\s*[*_`]*\s*(pass|fail)\b[\s*_`.!]*$/i;

/** The reply's final VERDICT line, or null: a reply without one is "no verdict", never a catch or a pass. */
export function parseVerdict(reply: string): Verdict | null {
  const lines = reply.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = VERDICT_LINE.exec(lines[i]!);
    if (match) return match[1]!.toUpperCase() as Verdict;
  }
  return null;
}
