import { splitSentences } from './claims.js';
import { countNumbers, countedFigures } from './counts.js';
import { isCurrencySign } from './currency.js';
import { findFigures } from './figures.js';

/**
 * Counts an answer implies without writing them: the sum of the parts one
 * sentence counts ("after the three lessons already taken and four more in
 * the notice period, three lessons remain": 10 lessons), and the number of
 * times an amount priced each goes into an amount of the question or answer
 * ("$460" for the term, "$46 each": 10). As good as stated for a reader: a
 * sentence put in with another value for that count ("Each term consists of
 * 20 weekly lessons") contradicts the answer's own working.
 */
export interface WorkedCount {
  value: number;
  /** The lemma of the noun the parts count ("lesson"), or undefined for a quotient, whose noun the answer leaves to its reader. */
  noun: string | undefined;
}

/** The most parts or times a worked count is read from: beyond, it is no count an answer works out in passing. */
const MAX_QUOTIENT = 100;

/** An amount priced per one thing: "$46 each", "£2 per item", "€15 a lesson". */
const PRICED_EACH = /^\s*(?:each|apiece|per\s+[a-z]+|an?\s+(?!(?:day|week|month|year|hour|night|quarter)\b)[a-z]+)\b/i;

export function workedCounts(answer: string, task: string): WorkedCount[] {
  const out: WorkedCount[] = [];
  for (const s of splitSentences(answer)) {
    const counted = countedFigures(s.text);
    // Every count of the sentence, in digits or words, that is no amount of money or share.
    const numbers = countNumbers(s.text);
    const byNoun = new Map<string, number>();
    for (const c of counted) byNoun.set(c.noun, (byNoun.get(c.noun) ?? 0) + 1);
    for (const [noun, k] of byNoun) {
      if (k < 2) continue;
      // The parts of that noun, and the counts beside them that count no noun ("four more in the notice period").
      const parts = numbers.filter((n) => {
        const c = counted.find((x) => x.start === n.start);
        return c === undefined || c.noun === noun;
      });
      out.push({ value: parts.reduce((sum, n) => sum + n.value, 0), noun });
    }
  }
  const amounts = [...findFigures(task), ...findFigures(answer)].filter((f) => isCurrencySign(f.kind) && f.value > 0);
  const each = findFigures(answer).filter((f) => isCurrencySign(f.kind) && f.value > 0 && PRICED_EACH.test(answer.slice(f.end, f.end + 24)));
  for (const b of each) {
    for (const a of amounts) {
      const times = a.value / b.value;
      if (a.kind === b.kind && times >= 2 && times <= MAX_QUOTIENT && Math.abs(times - Math.round(times)) < 1e-9) out.push({ value: Math.round(times), noun: undefined });
    }
  }
  return out;
}
