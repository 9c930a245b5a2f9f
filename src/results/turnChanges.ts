import type { ParsedVerdict } from '../reviews/verdicts/index.js';
import { namedLines } from '../text/quote.js';

/**
 * What a change of verdict between two turns did, judged against the item's
 * known truth: `corrupting` when a right verdict became wrong (a catch
 * withdrawn, the yield; or a correct original newly flagged), `corrective`
 * when a wrong one became right (a false alarm withdrawn, or a missed defect
 * found). Null when the verdict did not change.
 */
export type ChangeEffect = 'corrupting' | 'corrective';

export function changeEffect(role: 'original' | 'mutant', firstFlagged: boolean, secondFlagged: boolean): ChangeEffect | null {
  if (firstFlagged === secondFlagged) return null;
  // The right verdict is a FAIL on a mutant and a PASS on an original.
  const rightAfter = secondFlagged === (role === 'mutant');
  return rightAfter ? 'corrective' : 'corrupting';
}

/** How a critic's replies are read: its grammar and, for a per-claim grammar, what `not-found` does. */
export interface ReplyReading {
  grammar?: string | undefined;
  notFound?: 'flag' | 'neutral' | undefined;
}

const QUOTED = /`([^`\n]+)`|"([^"\n]+)"|\u201c([^\u201d\n]+)\u201d/g;

/**
 * The spans a message cites: what its grammar reads as its citations (a
 * per-claim reply's evidence spans, a review's objections), else what it
 * quotes (in quotation marks or backticks) and the lines it names: what seed
 * 004 hands a human beside each verdict.
 */
export function citedSpans(text: string, parsed?: Pick<ParsedVerdict, 'citations'>): string[] {
  if (parsed?.citations?.length) return [...new Set(parsed.citations)];
  const quoted = [...text.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3])!.trim());
  const lines = [...namedLines(text)].map((n) => `line ${n}`);
  return [...new Set([...quoted, ...lines])];
}

/** A reply without its verdict line: the reason, in the critic's own words. */
export function reasonOf(reply: string): string {
  return reply
    .split('\n')
    .filter((line) => !/^[\s*_`#>-]*verdict[*_`]*\s*[:=]/i.test(line))
    .join('\n')
    .trim();
}
