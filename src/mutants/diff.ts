import type { MutantRecord } from './types.js';

/** A mutant as a one-hunk diff: the lines its span touches, before and after. */
export interface MutantDiff {
  /** 1-based line of the span's start in the original artifact. */
  line: number;
  original: string;
  replacement: string;
  before: string;
  after: string;
}

/**
 * The whole lines of `artifact` (the fixture's known-correct text) that the
 * mutant's span covers, and the same lines with the replacement applied.
 */
export function mutantDiff(artifact: string, mutant: Pick<MutantRecord, 'span' | 'original' | 'replacement'>): MutantDiff {
  const { start, end, line } = mutant.span;
  const lineStart = artifact.lastIndexOf('\n', start - 1) + 1;
  const next = artifact.indexOf('\n', end);
  const lineEnd = next === -1 ? artifact.length : next;
  return {
    line,
    original: mutant.original,
    replacement: mutant.replacement,
    before: artifact.slice(lineStart, lineEnd),
    after: artifact.slice(lineStart, start) + mutant.replacement + artifact.slice(end, lineEnd),
  };
}

/** The diff in unified form, for Markdown. */
export function renderDiff(diff: MutantDiff): string {
  return `@@ line ${diff.line} @@\n- ${diff.before}\n+ ${diff.after}`;
}
