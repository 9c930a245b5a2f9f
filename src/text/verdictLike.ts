/**
 * Verdict-like content in a text that should carry none: the key allowlist
 * cannot see a verdict pasted into the artifact, the task or an evidence item
 * (seed 000). Each pattern is one way a conclusion travels in prose.
 */
const PATTERNS: ReadonlyArray<{ label: string; pattern: RegExp }> = [
  // At the start of a line, as a reply ends: an instruction that quotes "VERDICT: PASS" mid-sentence is not one.
  { label: 'a VERDICT line', pattern: /^[ \t>*_#-]*VERDICT\s*:\s*\**\s*(PASS|FAIL)\b/gim },
  { label: '"Prior reviewer"', pattern: /\bprior\s+review(?:er)?s?\b/gi },
  { label: "a reviewer's PASS/FAIL", pattern: /\breview(?:er|ed)?\s*(?:[:=—-]|says|said)\s*(?:PASS|FAIL|approved|rejected)\b/gi },
  { label: '"all tests pass"', pattern: /\ball\s+(?:the\s+)?(?:tests|checks)\s+(?:pass(?:ed)?|are\s+(?:passing|green))\b/gi },
  { label: 'LGTM', pattern: /\bLGTM\b/g },
  // By a reviewer, not by a finance team: policies say who approves what, and that is not a verdict on the artifact.
  { label: '"approved by" a reviewer', pattern: /\bapproved\s+by\s+(?:the\s+|a\s+|an\s+)?(?:\w+\s+)?(?:reviewers?|review|critic|QA|maintainers?|verifier|checker)\b/gi },
];

export interface VerdictLikeHit {
  label: string;
  /** The matched text, as written. */
  text: string;
  /** Its offset in the scanned text. */
  offset: number;
}

export function verdictLikeHits(text: string): VerdictLikeHit[] {
  const hits: VerdictLikeHit[] = [];
  for (const { label, pattern } of PATTERNS) {
    for (const m of text.matchAll(pattern)) hits.push({ label, text: m[0].trim(), offset: m.index + (m[0].length - m[0].trimStart().length) });
  }
  return hits.sort((a, b) => a.offset - b.offset);
}
