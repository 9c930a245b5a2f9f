import { SECOND_OF_THE_SAME } from './chains.js';
import { splitSentences } from './claims.js';
import { isCurrencySign } from './currency.js';
import { CLOCK, countedNoun, derives, type Figure, findFigures, hedgedAt, isMeasure, type Operands, sameFigure, writtenProducts } from './figures.js';
import { readSentences, type Token } from './nlp.js';
import { findQuantities } from './quantities.js';
import { ORDINAL_UNITS, unitOrdinals } from './ordinals.js';
import { HOURS_IN } from './units.js';
import { countValue } from './numberWords.js';

/**
 * The relations an answer states among its own figures, as a reader who has
 * only the question and the answer checks them: the figures it works out
 * (derives, the one arithmetic the support analysis reads, here over the
 * answer and question alone, with the steps a reader redoes that the evidence
 * never needs: a price per unit by a quantity, a product of three, a share in
 * words, a count left over) and the comparisons it states in words ("8
 * members, within the limit of 10"). A value mutator's change that makes one
 * of them false leaves the answer at odds with itself: a reader spots it
 * without the evidence, so the site is refused.
 */

/** Why a change is refused, as the ignored list gives it. */
export const BREAKS_ARITHMETIC = 'the new value breaks arithmetic the answer works out from its own figures (a product, sum, difference or share)';
export const BREAKS_COMPARISON = 'the new value breaks a comparison the answer states in words ("within the limit of", "under", "more than")';
export const BREAKS_ORDINAL = 'the new value breaks the day the answer counts on from a period ("free for 14 days ... from the 15th day")';
export const BREAKS_BUNDLE =
  'the new value turns a price for several units to the other side of the answer\'s rate for one times their number ("£25 a day, or £140 if your tour lasts 6 days" made 5 days: dearer than the days one by one)';

/**
 * The reason a change of [start, end) to `replacement` makes a relation the
 * answer states false, or null when every one that held still holds.
 */
export function brokenRelation(answer: string, task: string, start: number, end: number, replacement: string): string | null {
  const mutated = answer.slice(0, start) + replacement + answer.slice(end);
  const shift = replacement.length - (end - start);
  // Where a piece of the answer stands in the mutant: the changed piece at the site, the rest moved by the change in length.
  const inMutant = (p: { start: number; end: number }) => (p.end <= start ? p : p.start >= end ? { start: p.start + shift, end: p.end + shift } : { start, end: start + replacement.length });
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
  const after = workedInAnswer(mutated, task);
  for (const f of workedInAnswer(answer, task)) {
    const at = inMutant(f);
    if (!after.some((g) => overlaps(g, at))) return BREAKS_ARITHMETIC;
  }
  const comparisons = statedComparisons(mutated, task);
  for (const c of statedComparisons(answer, task).filter((x) => x.holds)) {
    const at = inMutant(c.phrase);
    if (!comparisons.some((d) => d.holds && d.phrase.start === at.start)) return BREAKS_COMPARISON;
  }
  if (bundleSides(answer).join() !== bundleSides(mutated).join()) return BREAKS_BUNDLE;
  const countedAfter = new Set(daysCountedOn(mutated));
  if (daysCountedOn(answer).some((counted) => !countedAfter.has(counted))) return BREAKS_ORDINAL;
  return null;
}

/**
 * The ordinals of the answer that name the day (or week, month) a period of it ends on or the one after it, each as
 * its place among the answer's ordinals and which of the two it names: "free for 14 days ... from the 15th day" is
 * "0:after". unseen51's readers saw the 14 made 21 ("says 21 free days but charges start from the 15th day"); a
 * change from ending on that day to ending before it (14 made 15) breaks the relation as much.
 */
function daysCountedOn(text: string): string[] {
  const periods = findFigures(text).filter((f) => ORDINAL_UNITS.has(f.kind));
  // Only real ordinals take a place: "per day" or "a week" beside them never shifts which is which.
  return unitOrdinals(text).flatMap(({ ordinal, unit }, place) => {
    const ofUnit = periods.filter((p) => ORDINAL_UNITS.get(p.kind) === unit);
    return [...(ofUnit.some((p) => p.value === ordinal) ? [`${place}:on`] : []), ...(ofUnit.some((p) => p.value + 1 === ordinal) ? [`${place}:after`] : [])];
  });
}

/** How many of a rate's unit one figure of each kind holds: a day of hours is 24, a week of days 1/7. */
const UNITS_PER: Readonly<Record<string, { kind: string; per: number }>> = {
  day: { kind: 'day', per: 1 },
  hour: { kind: 'day', per: 24 },
  week: { kind: 'day', per: 1 / 7 },
  month: { kind: 'month', per: 1 },
  year: { kind: 'month', per: 1 / 12 },
};

/**
 * The side of each price for several units that the answer writes beside its count ("£140 if your tour lasts 6 days",
 * "7 full days cost £290") against the answer's rate for one of them times the count ("£25 a day"): cheaper, the same
 * or dearer. A price for a bundle keeps its side, as unseen41's readers read it ("£140 for 5+ days costs more than the
 * daily rate"; a 7-day block at £290 beside £32 a day).
 */
function bundleSides(text: string): number[] {
  const figures = findFigures(text);
  const rates = figures.filter((f) => isCurrencySign(f.kind) && f.per !== undefined);
  const sides: number[] = [];
  for (const price of figures.filter((f) => isCurrencySign(f.kind) && f.per === undefined)) {
    for (const rate of rates.filter((r) => r.kind === price.kind)) {
      const unit = UNITS_PER[rate.per!] ?? { kind: rate.per!, per: 1 };
      // The count the price is for: "£140 if your tour lasts 6 days", "£290 for 7 days", "7 full days cost £290".
      const count = figures.find(
        (c) => c.kind === unit.kind && c !== price && (c.start > price.start ? PRICE_FOR_COUNT.test(text.slice(price.end, c.start)) : COUNT_PRICED.test(text.slice(c.end, price.start))),
      );
      if (count) sides.push(Math.sign(price.value - rate.value * count.value * unit.per));
    }
  }
  // A price for a block of several beside the price of one in its sentence: "£45 each, or £210 for a block of five" (unseen138's
  // readers, of an added sentence with £45 made £40: "the block of five at £210 costs more than five single sessions").
  for (const price of figures.filter((f) => isCurrencySign(f.kind))) {
    const block = BLOCK_OF.exec(text.slice(price.end));
    const count = block ? countValue(block[1]!) : undefined;
    const sentence = splitSentences(text).find((s) => s.start <= price.start && price.end <= s.end);
    if (count === undefined || sentence === undefined) continue;
    for (const one of figures.filter((f) => f !== price && f.kind === price.kind && f.start >= sentence.start && f.end <= sentence.end && PRICE_OF_ONE.test(text.slice(f.end)))) {
      sides.push(Math.sign(price.value - one.value * count));
    }
  }
  return sides;
}

/** The words from a price to the block of several it is for, and their count: " for a block of five", " for a pack of 10". */
const BLOCK_OF = /^\s+for\s+(?:a\s+|the\s+|one\s+)?(?:block|pack|bundle|book|card|course|set)\s+of\s+(\d+|[a-z]+)\b/i;
/** The words after the price of one: "£45 each", "£12 per class", "£40 a session". */
const PRICE_OF_ONE = /^\s*(?:each|per\s+[a-z]+|an?\s+(?:session|class|lesson|visit|swim|go|ticket|entry))\b/i;

/** The words from a price to the count it is for: "£290 for ", "£140 if your tour lasts ". */
const PRICE_FOR_COUNT = /^\s+(?:for\s+(?:a\s+|the\s+)?|if\s+[^,;.\d]{0,25}?\blasts?\s+)$/i;
/** The words from a count to its price: " full days cost ", " nights are ". */
const COUNT_PRICED = /^(?:\s+(?:full|whole|half|consecutive))?\s+[a-z]+\s+(?:costs?|are|is|for)\s+$/i;

/** Whether an answer's percentages are three or more shares that make exactly 100%: a schedule or a split given in full. */
function wholeInShares(figures: readonly Figure[]): boolean {
  const shares = figures.filter((f) => f.kind === '%');
  return shares.length >= 3 && Math.abs(shares.reduce((sum, f) => sum + f.value, 0) - 100) < 1e-9;
}

/** Why an omission is refused, as the ignored list gives it. */
export const LEAVES_RESULT_UNEXPLAINED = 'a figure of the deleted sentence is an operand of arithmetic the rest of the answer states (a sum, difference, product or share it works out)';

/**
 * Whether a figure of [start, end) is an operand of arithmetic the rest of the
 * answer works out: a figure outside the span that is the sum, difference,
 * product or share of one inside it (that the rest does not restate) and
 * another, by the one step derives and answerSteps read. The result's
 * operands may stand anywhere in the answer: once the span is gone, a reader
 * who adds up the parts that are left finds the total £190 more than they
 * explain ("Your total would be £7,341. Fees are £7,151. The two resits are
 * £190 in all."), or a saving of £250.70 that no figure left gives.
 */
export function operandOfRest(answer: string, task: string, start: number, end: number): boolean {
  const all = relationFigures(answer);
  const inside = (f: Figure) => start <= f.start && f.end <= end;
  const rest = all.filter((f) => !inside(f));
  const lost = all.filter((f) => inside(f) && !rest.some((r) => sameFigure(r, f)));
  // A result the span works out that the rest goes on to use in its own arithmetic ("their term is £115 minus 10% = £103.50. Together the two
  // terms come to £115 + £103.50 = £218.50"): without the span, the rest works from a figure nothing gives (unseen94's readers: "the second
  // child is charged £103.50 but the answer never mentions any discount").
  const asked = [...relationFigures(task), ...writtenProducts(task)];
  const workedInSpan = (f: Figure) => inside(f) && WRITTEN_RESULT.test(answer.slice(start, f.start)) && !asked.some((a) => sameFigure(a, f));
  if (all.some((f) => workedInSpan(f) && rest.some((r) => sameFigure(r, f) && inArithmetic(answer, r)))) return true;
  if (!lost.length) return false;
  // Shares of a whole the answer gives in full ("10% deposit ... 40% at design freeze ... 45% ... the final 5%"): without one, the rest no longer
  // makes 100%, a gap a reader adds up (unseen26's readers: "the remaining 85% payment is missing").
  if (lost.some((f) => f.kind === '%') && wholeInShares(all)) return true;
  // A total of several parts the rest states that no longer adds up without the span ("£9.60 standing charge + ... = £196.35").
  const remaining = answer.slice(0, start) + answer.slice(end);
  const totalsLeft = statedTotals(remaining);
  const moved = (f: Figure) => (f.start >= end ? f.start - (end - start) : f.start);
  if (statedTotals(answer).some((t) => !inside(t) && !totalsLeft.some((u) => u.start === moved(t)))) return true;
  const sentences = splitSentences(answer);
  const worksOut = (f: Figure, operands: Operands) => {
    const sentence = sentences.find((s) => s.start <= f.start && f.end <= s.end)?.text ?? '';
    // A measure by a bare number is a coincidence across sentences ("5 mg" and "2.5 mg" when "2 of these criteria"): only the steps the answer says it takes.
    return (!isMeasure(f) && derives(f, hedgedAt(answer, f.start), operands)) || answerSteps(f, operands, sentence);
  };
  // One operand deleted, the other left (or the question's): a step whose operands are both in the span works out the span's figures from the result ("come to £165 ... paid £65, so £100").
  const byOneLost = (f: Figure, x: Figure): Operands => ({ written: [x, ...rest.filter((r) => r !== f)], stated: asked, asked, anchors: [x] });
  // A result the figures left still work out is explained without the span.
  const explained = (f: Figure): Operands => ({ written: rest.filter((r) => r !== f), stated: asked, asked, anchors: rest });
  // A list item a comparison of the rest works from ("- WaterSure: capped at £468, a saving of £252" ... "Assist is £72 a year cheaper"): the figures of the other item explain the difference by chance (£396 − £324), but the comparison has lost one side.
  const comparedItem = LIST_ITEM.test(answer.slice(start, end));
  const compares = (f: Figure) => COMPARES.test(sentences.find((s) => s.start <= f.start && f.end <= s.end)?.text ?? '');
  return rest.some((f) => lost.some((x) => worksOut(f, byOneLost(f, x))) && ((comparedItem && compares(f)) || !worksOut(f, explained(f))));
}

/** The words before a figure that make it the result of the working before them: "= £103.50", "£115 minus 10%, which is £103.50", "so their term costs £103.50". */
const WRITTEN_RESULT = /(?:=|\b(?:which|that)\s+(?:is|comes\s+to|makes)|\bso\b[^.;=]{0,40}?\b(?:is|are|costs?|comes?\s+to))\s*$/i;
/** An operation beside a figure, in signs or words: "£115 + £103.50 = £218.50", "£115 plus £103.50", "2 x £45". */
const OPERATION_BEFORE = /(?:[+×*÷/−=]|\b(?:plus|minus|times|x))\s*$/i;
const OPERATION_AFTER = /^\s*(?:[+×*÷/−=]|(?:plus|minus|times|x)\b)/i;
/** Whether a figure stands in written arithmetic: an operation or an equals sign beside it. */
function inArithmetic(text: string, figure: Figure): boolean {
  return OPERATION_BEFORE.test(text.slice(0, figure.start)) || OPERATION_AFTER.test(text.slice(figure.end));
}

/** A span that is an item of a list: a dash, bullet or number opens it. */
const LIST_ITEM = /^\s*(?:[-*•–]|\d+[.)])\s/;
/** The words of a sentence that compares two options by a figure: "£72 a year cheaper", "saves £72 more", "the difference is". */
const COMPARES = /\b(?:cheaper|dearer|more expensive|less|more|lower|higher|difference|than)\b/i;

/** Days counted on working days only are another unit than calendar days: "30 business days" is not the "30 days" a count of calendar days rests on. */
const WORKING_DAYS = /^[\s-]+(?:working|business)[\s-]/i;

/** An answer's figures as its relations read them: findFigures', working days and hours apart. */
function relationFigures(text: string): Figure[] {
  return findFigures(text).map((f) => {
    if (f.kind === 'day' && WORKING_DAYS.test(text.slice(f.end, f.end + 12))) return { ...f, kind: 'working day' };
    // Hours are counted as hours: a reader does not take "48 hours" for two of a daily rate.
    return f.unit === 'hour' ? { ...f, kind: 'hour', value: f.value * 24 } : f;
  });
}

/** The figures of an answer that it works out from its own figures and the question's, one step each (derives, and answerSteps). */
function workedInAnswer(answer: string, task: string): Figure[] {
  const key = `${task}\0${answer}`;
  let worked = workedCache.get(key);
  if (!worked) {
    if (workedCache.size >= 2_000) workedCache.clear();
    const asked = [...relationFigures(task), ...writtenProducts(task)];
    const all = relationFigures(answer);
    const sentences = splitSentences(answer);
    const sentenceAt = (f: Figure) => sentences.findIndex((s) => s.start <= f.start && f.end <= s.end);
    worked = all.filter((f) => {
      // A reader redoes a step whose figures stand together in the result's sentence: figures of two rules in neighbouring sentences multiply by chance ("£100 up to 3 months late" and "a further £300").
      const here = sentenceAt(f);
      const anchors = all.filter((w) => w !== f && sentenceAt(w) === here);
      // Its other operands in the sentence before, or the question: a figure of a rule three sentences on is no operand of this one.
      const near = all.filter((w) => sentenceAt(w) === here || sentenceAt(w) === here - 1);
      const operands: Operands = { written: near, stated: asked, asked, anchors };
      return derives(f, hedgedAt(answer, f.start), operands) || answerSteps(f, operands, sentences[here]?.text ?? '') || leftOfAskedCount(answer, f, near, task);
    });
    // A result the answer writes out as a chain of operations ("£98 × 12 ÷ 365 = £3.22"), or the total of several parts it lists, where it holds.
    for (const result of [...writtenChains(answer), ...statedTotals(answer), ...statedLengthTotals(answer), ...doubledInWords(answer), ...oneMoreOfAsked(answer, task), ...blocksOfAsked(answer, task)])
      if (!worked.includes(result)) worked.push(result);
    workedCache.set(key, worked);
  }
  return worked;
}

const workedCache = new Map<string, Figure[]>();

/**
 * Whether a count the answer says is left over ("6 more stills") is what a count of things the question asks for leaves
 * once a count the answer gives, in the same sentence or the one before, is taken off: "26 edited aerial photos" wanted,
 * "20 edited stills" included, "6 more stills" needed. A reader redoes that subtraction whatever nouns the two counts are
 * written with (unseen128's readers, of the 20 made 10: "26 stills minus 10 included is 16 extra, not 6"); derives'
 * differences hold only between figures of one kind.
 */
function leftOfAskedCount(answer: string, left: Figure, near: readonly Figure[], task: string): boolean {
  if (!countedNoun(answer, left)?.leftOver) return false;
  const given = near.filter((g) => g !== left && g.start < left.start && countedNoun(answer, g) !== undefined);
  const asked = findFigures(task).filter((a) => countedNoun(task, a) !== undefined);
  return asked.some((a) => given.some((g) => a.value - g.value === left.value));
}

/** The signs of a written operation, by what they do: "x" and "-" only between spaces ("5-10 days" is a range, "2x" a count). */
const OPERATOR = /^\s*([+×*÷/−–]|\s[x-]\s)\s*$/;
const EQUALS = /^\s*[=≈]\s*$/;

/**
 * The results of the chains of operations an answer writes out, each figure
 * as findFigures reads it, joined by operation signs and an equals sign
 * ("£98 × 12 ÷ 365 = £3.22", "£8 + 10 × £6.00 = £68"), that hold: worked
 * with the usual precedence (× and ÷ before + and −), to the precision the
 * result is written in (an amount in pounds and pence to the penny). A
 * reader redoes each one, so a change to any of its figures that breaks it
 * leaves the answer at odds with itself. A chain with a share in it ("20% ×
 * £900") is left to the one-step reading.
 */
function writtenChains(answer: string): Figure[] {
  const figures = findFigures(answer).filter((f) => f.kind !== CLOCK);
  const results: Figure[] = [];
  let operands: Figure[] = [];
  let signs: string[] = [];
  for (const [i, f] of figures.entries()) {
    operands.push(f);
    const next = figures[i + 1];
    const gap = next ? answer.slice(f.end, next.start) : '';
    const sign = OPERATOR.exec(gap)?.[1]?.trim();
    if (next && sign) {
      signs.push(sign);
      continue;
    }
    if (next && signs.length > 0 && EQUALS.test(gap) && !operands.some((o) => o.kind === '%') && next.kind !== '%') {
      const value = evaluate(
        operands.map((o) => o.value),
        signs,
      );
      if (value !== null && Math.abs(value - next.value) < 0.5 * 10 ** -next.decimals + 1e-9) results.push(next);
    }
    operands = [];
    signs = [];
  }
  return results;
}

/** The words that say a figure is the total of others: "a total of", "in all", "altogether", "comes to", "adds up to", "a bill of", or an equals sign. */
const TOTAL_SIGNAL = /\b(?:total(?:s|ling|ing)?|in all|all told|altogether|(?:come|comes|came|coming) to|adds? up|adding up|a bill of|sum)\b|[=≈]/i;

/** At most this many of the answer's amounts, the nearest to a total, are tried as its parts: 3 to 6 of 12 is 2,431 sums. */
const MAX_PARTS_TRIED = 12;
const PART_COUNTS = [3, 4, 5, 6] as const;

/**
 * The totals of several parts an answer states ("£9.60 standing charge +
 * £80.64 + £92.61 + £13.50 = £196.35"; "€1,140 for the course, the €60
 * registration fee and €25 for materials, €1,225 in all"), the operation in
 * words or a list as often as in signs: an amount that is the exact sum, to
 * the precision it is written in, of 3 to 6 other amounts of its currency in
 * the answer, said to be a total in its sentence (before it, or just after),
 * or opened by a colon after its parts.
 * A reader adds them up, so a change to any part or to the total leaves the
 * answer at odds with itself. Two parts are left to the one-step reading; the
 * signal keeps out sums that hold by chance.
 */
function statedTotals(answer: string): Figure[] {
  const amounts = findFigures(answer).filter((f) => isCurrencySign(f.kind));
  const sentences = splitSentences(answer);
  const totals: Figure[] = [];
  for (const total of amounts) {
    const sentence = sentences.find((s) => s.start <= total.start && total.end <= s.end);
    if (!sentence || !saidToBeTotal(answer, sentence, total)) continue;
    const parts = amounts
      .filter((f) => f.kind === total.kind && f.code === total.code && !sameFigure(f, total) && f.value > 0)
      .sort((a, b) => Math.abs(a.start - total.start) - Math.abs(b.start - total.start))
      .slice(0, MAX_PARTS_TRIED);
    const tolerance = 0.5 * 10 ** -total.decimals + 1e-9;
    if (
      PART_COUNTS.some((k) =>
        someSubsetSums(
          parts.map((p) => p.value),
          k,
          total.value,
          tolerance,
        ),
      )
    )
      totals.push(total);
  }
  return totals;
}

/** One more of a unit, in words: "the extra hour", "an additional night". */
const ONE_MORE = /\b(?:the|an|one)\s+(?:extra|additional|further)\s+(hour|day|night|week|month)\b/gi;

/** A charge per block with a part block counted whole: "every further 1,000 litres or part of 1,000", "each additional 10 metres, or part of it". */
const PER_BLOCK = /\b(?:every|each)\s+(?:(?:further|additional|extra)\s+)?(\d[\d,]*)\s+([a-z]+)\s*,?\s+or\s+part\b/gi;

/**
 * The count of blocks the answer says the question's case takes, where a part block counts whole: "every further 1,000
 * litres or part of 1,000 ... counts as 2 blocks" for a 5,500-litre tank beyond "the first 4,000 litres", the 1,500
 * over rounded up to 2. A reader works it out (unseen132's readers, of the 4,000 made 5,000: "only 500 litres over ...
 * one block ..., not 2 blocks").
 */
function blocksOfAsked(answer: string, task: string): Figure[] {
  return [...answer.matchAll(PER_BLOCK)].flatMap((m) => {
    const size = Number(m[1]!.replace(/,/g, ''));
    const unit = findQuantities(`${m[1]} ${m[2]!.toLowerCase()}`)[0]?.unit ?? '';
    const of = (text: string) => findQuantities(text).filter((q) => q.unit === unit && !q.number.currency);
    const given = of(answer).filter((q) => q.number.start !== m.index + m[0].indexOf(m[1]!));
    const over = of(task).flatMap((asked) => given.filter((g) => asked.number.value > g.number.value).map((g) => Math.ceil((asked.number.value - g.number.value) / size)));
    // The count of blocks, a whole number of something other than the unit: "2 blocks".
    return findFigures(answer).filter((f) => f.kind !== '' && f.kind !== unit && !isCurrencySign(f.kind) && Number.isInteger(f.value) && over.includes(f.value) && f.start > m.index);
  });
}

/**
 * One more of a unit the answer names in words ("The extra hour is charged at £60") where the question's count of that
 * unit is one more than a count the answer gives: "the technician for 7 hours" and "covers a technician for up to 6
 * hours". A reader works out that one (unseen134's readers, of the 6 made 4: "7 hours with 4 included means 3 extra
 * hours ..., not one extra hour").
 */
function oneMoreOfAsked(answer: string, task: string): Figure[] {
  return [...answer.matchAll(ONE_MORE)].flatMap((m) => {
    const one = `1 ${m[1]!.toLowerCase()}`;
    const unit = findQuantities(one)[0]?.unit ?? '';
    const counts = (text: string) =>
      findQuantities(text)
        .filter((q) => q.unit === unit && !q.number.currency)
        .map((q) => q.number.value);
    const given = counts(answer);
    const [figure] = findFigures(one);
    if (!figure || !counts(task).some((asked) => given.some((g) => asked - g === 1))) return [];
    // One of the unit as findFigures reads it ("1 hour": a part of a day), at the words that say it.
    return [{ ...figure, text: m[0], start: m.index, end: m.index + m[0].length }];
  });
}

/**
 * The totals of an amount and another "of the same amount" an answer states in one sentence: "the first month's rent of
 * £85 and a deposit of the same amount, so £170 altogether". A reader doubles it (unseen132's readers, of £85 made £90:
 * "£90 rent plus a £90 deposit comes to £180, not £170").
 */
function doubledInWords(answer: string): Figure[] {
  const amounts = findFigures(answer).filter((f) => isCurrencySign(f.kind));
  return splitSentences(answer).flatMap((sentence) => {
    const same = SECOND_OF_THE_SAME.exec(sentence.text);
    if (!same) return [];
    const at = sentence.start + same.index;
    const inSentence = amounts.filter((f) => sentence.start <= f.start && f.end <= sentence.end);
    return inSentence.filter(
      (total) => total.start > at && saidToBeTotal(answer, sentence, total) && inSentence.some((part) => part.end <= at && part.kind === total.kind && Math.abs(2 * part.value - total.value) < 1e-9),
    );
  });
}

/**
 * The totals of lengths of time an answer states beside their parts, in one
 * sentence, the units mixed as often as not ("It lasts 2 hours in total, with
 * 75 minutes of climbing followed by 45 minutes in the party room"; "A total
 * of 2 hours: …"): a length said to be a total that is the exact sum of 2 to 6
 * others of its sentence, in minutes. Lengths written "mins" or "hrs" are read
 * as measures by findFigures, not lengths, and are not added up. unseen48's readers added them up ("2 hours in total contradicts
 * 75 + 60 minutes"); a sum of lengths of one unit is also read by `derives`.
 */
function statedLengthTotals(answer: string): Figure[] {
  const minutes = (f: Figure) => (f.kind === 'minute' ? f.value : f.value * HOURS_IN.day! * 60);
  const lengths = findFigures(answer).filter((f) => f.kind === 'minute' || f.kind === 'day');
  const totals: Figure[] = [];
  for (const sentence of splitSentences(answer)) {
    const here = lengths.filter((f) => sentence.start <= f.start && f.end <= sentence.end);
    for (const total of here) {
      if (!saidToBeTotal(answer, sentence, total)) continue;
      const parts = here.filter((f) => f !== total && f.value > 0).map(minutes);
      if (LENGTH_PART_COUNTS.some((k) => someSubsetSums(parts, k, minutes(total), 1e-6))) totals.push(total);
    }
  }
  return totals;
}

const LENGTH_PART_COUNTS = [2, 3, 4, 5, 6] as const;

/** Whether the answer says a figure of its sentence is a total: a word for it before or just after ("a total of", "in all"), or a colon that opens it after the list of its parts ("... and €25 for materials: €1,225"). */
function saidToBeTotal(answer: string, sentence: { start: number; end: number }, total: Figure): boolean {
  return TOTAL_SIGNAL.test(answer.slice(sentence.start, Math.min(sentence.end, total.end + 16))) || /:\s*$/.test(answer.slice(sentence.start, total.start));
}

/** Whether `count` of the values (each used once) add up to `target` within the tolerance. */
function someSubsetSums(values: readonly number[], count: number, target: number, tolerance: number, from = 0, sum = 0): boolean {
  if (count === 0) return Math.abs(sum - target) < tolerance;
  for (let i = from; i <= values.length - count; i++) if (someSubsetSums(values, count - 1, target, tolerance, i + 1, sum + values[i]!)) return true;
  return false;
}

/** A chain of values and the signs between them, × and ÷ before + and −; null when it divides by zero. */
function evaluate(values: readonly number[], signs: readonly string[]): number | null {
  const terms: number[] = [values[0]!];
  for (const [i, sign] of signs.entries()) {
    const value = values[i + 1]!;
    if (sign === '×' || sign === '*' || sign === 'x') terms.push(terms.pop()! * value);
    else if (sign === '÷' || sign === '/') {
      if (value === 0) return null;
      terms.push(terms.pop()! / value);
    } else terms.push(sign === '+' ? value : -value);
  }
  return terms.reduce((sum, term) => sum + term, 0);
}

/**
 * The steps a reader redoes that the support analysis does not need (the
 * evidence states their operands' results): a price by any quantity, or by
 * two ("$25 a seat x 5 seats x 4 months"; "320 kWh at 15p"); a quantity a
 * share or a ratio in words more or less than another ("from 180 to 240
 * litres, a third more"); and a count or period as the sum or difference of
 * two others the answer writes ("30 days, 20 gone, so ten days left"). To
 * the precision the result is written in: "£61.75" for 250 kWh at 24.70p.
 */
function answerSteps(target: Figure, operands: Operands, sentence: string): boolean {
  const others = [...operands.written, ...operands.stated].filter((f) => !sameFigure(f, target) && f.kind !== CLOCK);
  const anchored = (...fs: Figure[]) => fs.some((f) => operands.anchors.some((a) => sameFigure(a, f)));
  // An amount in pence and pounds is rounded to the penny; any other result is exact.
  const tolerance = isCurrencySign(target.kind) && target.decimals >= 2 ? 0.005 : 1e-6 * Math.max(1, Math.abs(target.value));
  const is = (x: number) => Math.abs(x - target.value) < tolerance;
  // A ratio in words is loose ("a third more" of 180 litres is about 240), but a share of an amount is worked to the unit it is written in: two-thirds of €163 is no €108.
  const near = (x: number) =>
    isCurrencySign(target.kind) ? Math.abs(x - target.value) < Math.max(tolerance, 0.5 * 10 ** -target.decimals) : Math.abs(x - target.value) <= 0.02 * Math.abs(target.value);
  const countLike = (f: Figure) => isMeasure(f) && f.kind !== 'working day' && (f.kind !== '' || f.value >= 2);
  if (target.kind === '%') return false;
  const sameKind = others.filter((f) => f.kind === target.kind && anchored(f));
  for (const factor of ratioFactors(sentence)) if (sameKind.some((a) => near(a.value * factor) || near(a.value / factor))) return true;
  if (isCurrencySign(target.kind)) {
    // Every operand of a product in the result's sentence, or the question's.
    const together = (f: Figure) => anchored(f) || operands.stated.includes(f);
    const prices = others.filter((f) => f.kind === target.kind && together(f));
    // A period multiplies a price in its own unit ("for 6 months"), never converted ("48 hours" is no 2 days' worth of a daily rate).
    const by = others.filter((f) => (countLike(f) || ((f.kind === 'day' || f.kind === 'month') && f.unit === f.kind)) && together(f));
    for (const p of prices) {
      for (const m of by) {
        if (is(p.value * m.value) || is(p.value / m.value)) return true;
        for (const n of by) if (n !== m && is(p.value * m.value * n.value)) return true;
      }
    }
    return false;
  }
  for (const p of others.filter((f) => f.kind === '%' && f.value > 0 && anchored(f))) {
    if (sameKind.some((a) => is(a.value * (1 + p.value / 100)) || is(a.value * (1 - p.value / 100)) || is((a.value * p.value) / 100))) return true;
  }
  if (!countLike(target) && !['day', 'month', 'working day'].includes(target.kind)) return false;
  // A count left over or added up ("5 of your 8 visits used, 3 left"), where the sentence says so: a policy's periods add up to one another by chance ("20 days a year ... 15 days before ... within 5 days").
  if (!statesCount(sentence)) return false;
  const terms = others.filter((f) => (f.kind === target.kind || (countLike(f) && countLike(target))) && (anchored(f) || operands.stated.includes(f)));
  for (const a of terms) for (const b of terms) if (a !== b && !sameFigure(a, b) && anchored(a, b) && (is(a.value + b.value) || is(a.value - b.value))) return true;
  return false;
}

/** The words that say a figure is a count left over or added up: "3 passes remain", "10 days are left", "21 days in all", "in total". */
const COUNT_WORDS: ReadonlySet<string> = new Set(['left', 'leave', 'remain', 'remaining', 'total', 'altogether', 'plus', 'minus', 'sum']);

function statesCount(sentence: string): boolean {
  return readSentences(sentence).some((s) => s.tokens.some((t, i) => COUNT_WORDS.has(t.text.toLowerCase()) || COUNT_WORDS.has(t.lemma) || (t.lemma === 'all' && s.tokens[i - 1]?.lemma === 'in')));
}

/** Ratios stated in words, as the lemmas that say them and the factor they give: "a third more" is 4/3 of the other figure. */
const RATIO_WORDS: ReadonlyArray<readonly [readonly string[], number]> = [
  [['a', 'third', 'more'], 4 / 3],
  [['a', 'third', 'less'], 2 / 3],
  [['two', 'third'], 2 / 3],
  [['a', 'third'], 1 / 3],
  [['one', 'third'], 1 / 3],
  [['a', 'quarter', 'more'], 5 / 4],
  [['a', 'quarter', 'less'], 3 / 4],
  [['three', 'quarter'], 3 / 4],
  [['a', 'quarter'], 1 / 4],
  [['half', 'as', 'much', 'again'], 3 / 2],
  [['half'], 1 / 2],
  [['twice'], 2],
  [['double'], 2],
  [['three', 'time'], 3],
  [['triple'], 3],
];

/** The words by which a ratio refers to a figure already written: "half of that". */
const REFERS_BACK: ReadonlySet<string> = new Set(['that', 'this', 'it', 'which', 'these', 'those', 'them']);

/** The factors of the ratios a sentence states in words, read by their lemmas ("thirds" is "third"). */
function ratioFactors(sentence: string): number[] {
  const factors: number[] = [];
  for (const read of readSentences(sentence)) {
    // "Two-thirds", "three-quarters": the tokenizer splits off the hyphen.
    const s = { tokens: read.tokens.filter((t, k) => !(t.text === '-' && read.tokens[k - 1]?.pos === 'NUM' && /^(?:half|halve|third|quarter)/.test(read.tokens[k + 1]?.lemma ?? ''))) };
    const lemmas = s.tokens.map((t) => t.lemma);
    for (let i = 0; i < lemmas.length; i++) {
      const found = RATIO_WORDS.find(([words]) => words.every((w, k) => lemmas[i + k] === w || (k === words.length - 1 && lemmas[i + k] === `${w}s`)));
      if (!found) continue;
      i += found[0].length - 1;
      // "Twice daily", "three times a week": how often, not how much.
      if (statesFrequency(s.tokens.slice(i + 1, i + 3))) continue;
      // "A third of your daily rate": a share of a thing the sentence names, not of one of its figures ("half of that", "a third of the 90 minutes").
      const rest = s.tokens.slice(i + 1);
      const clause = rest.slice(0, (rest.findIndex((t) => t.pos === 'PUNCT') + 1 || rest.length + 1) - 1);
      if (clause[0]?.lemma === 'of' && !REFERS_BACK.has(clause[1]?.lemma ?? '') && !clause.some((t) => t.pos === 'NUM')) continue;
      factors.push(found[1]);
    }
  }
  return factors;
}

/** The words after a ratio that make it a frequency: "daily", "a week", "per month". */
const FREQUENCY: ReadonlySet<string> = new Set(['daily', 'weekly', 'monthly', 'yearly', 'annually', 'hourly', 'nightly']);
const PERIOD: ReadonlySet<string> = new Set(['day', 'week', 'fortnight', 'month', 'year', 'hour', 'night', 'term', 'season']);

function statesFrequency([first, second]: readonly Token[]): boolean {
  if (!first) return false;
  if (FREQUENCY.has(first.text.toLowerCase())) return true;
  return ['a', 'an', 'per', 'each', 'every'].includes(first.text.toLowerCase()) && second !== undefined && PERIOD.has(second.lemma);
}

type Holds = (subject: number, limit: number) => boolean;
const atMost: Holds = (s, l) => s <= l;
const below: Holds = (s, l) => s < l;
const above: Holds = (s, l) => s > l;
const atLeast: Holds = (s, l) => s >= l;

/** The comparison phrases a sentence states between a figure before them and a limit after them, longest first, by their words' lemmas ("exceeds" is "exceed"). */
const COMPARISON_WORDS: ReadonlyArray<readonly [readonly string[], Holds]> = [
  [['no', 'more', 'than'], atMost],
  [['no', 'less', 'than'], atLeast],
  [['no', 'fewer', 'than'], atLeast],
  [['not', 'more', 'than'], atMost],
  [['less', 'than'], below],
  [['fewer', 'than'], below],
  [['more', 'than'], above],
  [['at', 'most'], atMost],
  [['at', 'least'], atLeast],
  [['up', 'to'], atMost],
  [['within'], atMost],
  [['under'], below],
  [['below'], below],
  [['over'], above],
  [['above'], above],
  [['beyond'], above],
  [['exceed'], above],
];

interface StatedComparison {
  /** The comparison's words, where they stand in the answer. */
  phrase: { start: number; end: number };
  holds: boolean;
}

/**
 * The comparisons an answer states in words between two figures of one
 * sentence: a figure, then a comparison phrase, then within a few words the
 * limit it is compared with ("8 members is within the Free plan's limit of
 * 10"; "your 12 kg bag is under the 23 kg allowance"), both of one kind, or
 * both counts of something; or the question's case and a limit of its kind
 * the answer measures it against. Whether it holds as written.
 */
function statedComparisons(answer: string, task: string): StatedComparison[] {
  const figures = relationFigures(answer);
  const asked = relationFigures(task);
  // One kind, or a bare limit beside a count ("8 members ... a limit of 10"). Working days compare with days as written: "day nine" is still "within 14 working days".
  const kindOf = (f: Figure) => (f.kind === 'working day' ? 'day' : f.kind);
  const comparable = (a: Figure, b: Figure) => kindOf(a) === kindOf(b) || (isMeasure(a) && isMeasure(b) && (a.kind === '' || b.kind === ''));
  const found: StatedComparison[] = [];
  for (const s of readSentences(answer)) {
    const tokens = s.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const match = COMPARISON_WORDS.find(([words]) => words.every((w, k) => wordIs(tokens[i + k], w)));
      if (!match) continue;
      const phrase = { start: tokens[i]!.start, end: tokens[i + match[0].length - 1]!.end };
      i += match[0].length - 1;
      // The limit: the first figure after the phrase within a few words of its clause ("within the Free plan's limit of 10").
      const limit = figures.find((f) => f.start >= phrase.end && f.start - phrase.end <= 32 && !/[,;:.!?]/.test(answer.slice(phrase.end, f.start)));
      // The figure compared: the last one of the sentence before the phrase, or else the question's own case of the limit's kind ("36 hours before pick-up" ... "within 48 hours of pick-up").
      const subject =
        limit &&
        (figures.filter((f) => f.end <= phrase.start && f.start >= s.start && f.kind !== CLOCK && comparable(f, limit)).at(-1) ??
          asked.filter((f) => f.kind !== '' && f.kind !== CLOCK && kindOf(f) === kindOf(limit)).at(-1));
      if (limit && subject) found.push({ phrase, holds: match[1](subject.value, limit.value) });
    }
  }
  return found;
}

function wordIs(token: Token | undefined, word: string): boolean {
  return token !== undefined && (token.text.toLowerCase() === word || token.lemma === word);
}
