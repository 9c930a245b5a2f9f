import { splitSentences } from './claims.js';

/** One checkable claim of an artifact, numbered as the critic sees it: a sentence of text, or a line of code (numbered by its line). */
export interface NumberedClaim {
  id: number;
  text: string;
  start: number;
  end: number;
}

/** Prose split into numbered claims: one per sentence, numbered from 1. */
export function sentenceClaims(artifact: string): NumberedClaim[] {
  return splitSentences(artifact).map((s, i) => ({ id: i + 1, text: s.text, start: s.start, end: s.end }));
}

/** Code (or a review) split into numbered claims: one per non-blank line, numbered by its 1-based line, so "line N" and "claim N" name the same thing. */
export function lineClaims(artifact: string): NumberedClaim[] {
  const claims: NumberedClaim[] = [];
  let start = 0;
  artifact.split('\n').forEach((line, i) => {
    if (line.trim()) claims.push({ id: i + 1, text: line.trim(), start, end: start + line.length });
    start += line.length + 1;
  });
  return claims;
}

/** The claim holding an offset (a deletion's point falls in the claim it was deleted from, or the one before the gap). */
export function claimAt(claims: readonly NumberedClaim[], offset: number): NumberedClaim | undefined {
  let before: NumberedClaim | undefined;
  for (const c of claims) {
    if (c.start <= offset && offset < c.end) return c;
    if (c.start <= offset) before = c;
  }
  return before;
}

/** The claims as a template renders them: `1. text`, one a line. */
export function renderClaims(claims: ReadonlyArray<Pick<NumberedClaim, 'id' | 'text'>>): string {
  return claims.map((c) => `${c.id}. ${c.text}`).join('\n');
}
