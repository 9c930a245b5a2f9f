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
}

const OPERATOR = /^\s*([×x*÷/])\s*$/;
const EQUALS = /^\s*=\s*$/;
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
    if (result && holds(factors, ops, result)) equations.push({ factors, result });
    i = j;
  }
  return equations;
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
export function countInEquation(text: string, figures: readonly Figure[], figure: Pick<Figure, 'start' | 'kind' | 'unit'>): boolean {
  if (figure.kind !== '' || figure.unit !== '') return false;
  return writtenEquations(text, figures).some((e) => e.factors.some((f) => f.start === figure.start));
}

/** The equation that holds whose result is the figure, if any. */
export function equationFor(text: string, figures: readonly Figure[], figure: Pick<Figure, 'start'>): WrittenEquation | undefined {
  return writtenEquations(text, figures).find((e) => e.result.start === figure.start);
}
