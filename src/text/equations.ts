import { isCurrencySign } from './currency.js';
import type { Figure } from './figure.js';

/**
 * Arithmetic an answer writes out with its signs: "12 × £2.50 = £30",
 * "£1,940 ÷ 365 × 180 = £956.71", "8 × £340 × 1.5 = £4,080", and a result
 * followed by its working in brackets, "£90 (2 × £45)". Its factors are read
 * left to right (× and ÷ bind alike; a share is its fraction: "85% × £27");
 * the equation holds when they reach the result exactly, or to the precision
 * the result is written to ("€295 ÷ 6 = €49.17"). A bare count among the
 * factors ("12", "2 ×") is the answer's working, checked by the equation, not
 * a figure the evidence must state: change it and the equation no longer
 * holds.
 */
export interface WrittenEquation {
  factors: readonly Figure[];
  result: Figure;
  /** The factors that count ("12", "2 ×", the "12 monthly payments" of a sum in words): the answer's working, checked by the equation. */
  counts: readonly Figure[];
}

const OPERATOR = /^\s*([×x*÷/])\s*$/;
/** What writes a signed sum's result after it: "= £30", ", which is £164" (unseen121's readers, of a period moved beside "4 × £41, which is £164"). */
const EQUALS = /^\s*(?:=|,?\s*(?:which|that)\s+(?:is|comes\s+to|makes))\s*$/i;
const OPENS_WORKING = /^\s*\(\s*$/;
const CLOSES_WORKING = /^\s*\)/;

/** The equations a text writes out whose factors reach their result; `figures` are the text's own (findFigures). */
export function writtenEquations(text: string, figures: readonly Figure[]): WrittenEquation[] {
  const equations: WrittenEquation[] = [];
  for (let i = 0; i < figures.length; i++) {
    const ops: string[] = [];
    let j = i;
    while (j + 1 < figures.length) {
      const op = OPERATOR.exec(text.slice(figures[j]!.end, figures[j + 1]!.start))?.[1];
      if (!op) break;
      ops.push(op);
      j++;
    }
    if (ops.length === 0) continue;
    const factors = figures.slice(i, j + 1);
    const after = figures[j + 1];
    const before = figures[i - 1];
    const result =
      after && EQUALS.test(text.slice(factors[factors.length - 1]!.end, after.start))
        ? after
        : before && OPENS_WORKING.test(text.slice(before.end, factors[0]!.start)) && CLOSES_WORKING.test(text.slice(factors[factors.length - 1]!.end))
          ? before
          : undefined;
    if (result && holds(factors, ops, result)) equations.push({ factors, result, counts: factors.filter((f) => f.kind === '' && f.unit === '') });
    i = j;
  }
  return [...equations, ...equationsInWords(text, figures)];
}

/** What a count of things is "of" or "at" in words: "12 monthly payments of £22", "2 lots of £30", "4 nights at £85". */
const COUNT_OF = /^\s+(?:[a-z-]+\s+){0,2}?(?:of|at)\s+$/i;
/** Words between an amount and the total of the count of it: "come to", "each, which is", "makes", "that's". */
const COMES_TO =
  /^\s*(?:each|apiece)?\s*,?\s*(?:(?:which|that)\s+)?(?:(?:come|comes|came|coming|add|adds|adding)\s+(?:up\s+)?to|is|are|makes?|making|totals?|totalling|equals?|gives?|giving|that['’]s|which['’]s|so)\s+(?:a\s+total\s+of\s+|in\s+total\s+)?$/i;

/**
 * The sums an answer writes in words: a whole count of things, what each
 * costs, and their total ("12 monthly payments of £22 come to £264"; "2 lots
 * of £30, which is £60"), where the count times the amount is the total. The
 * count is the answer's working only where it counts the periods of a larger
 * period the text names (a year's 12 months: "... so paying £240 for the
 * year"); any other count ("8 lessons at £35 each, which makes £280") is a
 * fact the evidence must state, as the amount is.
 */
function equationsInWords(text: string, figures: readonly Figure[]): WrittenEquation[] {
  const equations: WrittenEquation[] = [];
  for (let i = 0; i + 2 < figures.length; i++) {
    const [count, amount, total] = [figures[i]!, figures[i + 1]!, figures[i + 2]!];
    if (!Number.isInteger(count.value) || count.decimals > 0 || isCurrencySign(count.kind) || !isCurrencySign(amount.kind) || total.kind !== amount.kind) continue;
    if (!COUNT_OF.test(text.slice(count.end, amount.start)) || !COMES_TO.test(text.slice(amount.end, total.start))) continue;
    if (holds([count, amount], ['×'], total)) equations.push({ factors: [count, amount], result: total, counts: periodsOfNamedPeriod(text, count) ? [count] : [] });
  }
  // An amount split into lots of a unit amount: "£6,000 is 6 lots of £1,000" (unseen121's false alarm). The count is the
  // answer's working, the amount divided by the unit, and checked by the equation.
  for (let i = 0; i + 2 < figures.length; i++) {
    const [total, count, amount] = [figures[i]!, figures[i + 1]!, figures[i + 2]!];
    if (!Number.isInteger(count.value) || count.decimals > 0 || isCurrencySign(count.kind) || !isCurrencySign(amount.kind) || total.kind !== amount.kind) continue;
    if (!IS_SPLIT_INTO.test(text.slice(total.end, count.start)) || !LOTS_OF.test(text.slice(count.end, amount.start))) continue;
    if (holds([count, amount], ['×'], total)) equations.push({ factors: [count, amount], result: total, counts: [count] });
  }
  return equations;
}

/** The words between an amount and the count of lots it is split into: "£6,000 is 6 lots of £1,000", "which makes 3 blocks of £500". */
const IS_SPLIT_INTO = /^\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|makes?|means|equals?|gives?)\s+$/i;
/** A count of lots of a unit amount: "6 lots of", "3 blocks of", "4 units of". */
const LOTS_OF = /^\s+(?:lots|blocks|units|multiples|portions)\s+of\s+$/i;

/** How many of a period make a larger one, by the word after the count, and how the text names the larger one. */
const A_YEAR = /\b(?:year|yearly|annual(?:ly)?)\b/i;
const PERIODS_IN: ReadonlyArray<{ unit: RegExp; count: number; larger: RegExp }> = [
  { unit: /^\s+month(?:s|ly)?\b/i, count: 12, larger: A_YEAR },
  { unit: /^\s+week(?:s|ly)?\b/i, count: 52, larger: A_YEAR },
  { unit: /^\s+quarter(?:s|ly)?\b/i, count: 4, larger: A_YEAR },
  { unit: /^\s+(?:days?|daily)\b/i, count: 7, larger: /\bweek(?:ly)?\b/i },
];

/** Whether a count is the periods of a larger period the text names: "12 monthly payments" beside "for the year". */
function periodsOfNamedPeriod(text: string, count: Figure): boolean {
  return PERIODS_IN.some((p) => p.count === count.value && p.unit.test(text.slice(count.end)) && p.larger.test(text));
}

function holds(factors: readonly Figure[], ops: readonly string[], result: Figure): boolean {
  const factorOf = (f: Figure) => (f.kind === '%' ? f.value / 100 : f.value);
  let value = factorOf(factors[0]!);
  ops.forEach((op, k) => {
    const factor = factorOf(factors[k + 1]!);
    value = op === '÷' || op === '/' ? value / factor : value * factor;
  });
  if (!Number.isFinite(value)) return false;
  // Exact, or rounded to the precision the result is written to (never a whole unit: "£30" is not 12 × £2.49).
  const tolerance = result.decimals > 0 ? 0.5 * 10 ** -result.decimals : 1e-6 * Math.max(1, Math.abs(result.value));
  return Math.abs(value - result.value) <= tolerance + 1e-9;
}

/** A bare count ("12", "2") the text uses as a factor of an equation that holds: the answer's working. */
export function countInEquation(text: string, figures: readonly Figure[], figure: Pick<Figure, 'start'>): boolean {
  return writtenEquations(text, figures).some((e) => e.counts.some((f) => f.start === figure.start));
}

/** The equation that holds whose result is the figure, if any. */
export function equationFor(text: string, figures: readonly Figure[], figure: Pick<Figure, 'start'>): WrittenEquation | undefined {
  return writtenEquations(text, figures).find((e) => e.result.start === figure.start);
}
