import type { Figure } from './figure.js';
import { isCurrencySign } from './currency.js';
import { readSentences } from './nlp.js';
import { spelledValue } from './numberWords.js';
import { rateFactor } from './rates.js';

/**
 * Figures worked out by a short chain of arithmetic the answer need not write
 * out: at most two operations (sum, difference, product, quotient, a share of,
 * a fraction of, a count times a unit price, a time of day moved by a period)
 * on operands of one fixture's pool: the figures the evidence and the task
 * state, the counts and fractions the task and the answer write ("two
 * tickets", "one-twelfth", "half"), and the answer's figures already found
 * supported. "£38 + £2.50 ... £81 for two, less the 10% resale fee, £72.90";
 * "85% × £27 × 18 = £413.10"; "doors open at 18:30", 60 minutes before a 19:30
 * start. Exact: an amount to the penny, unless the answer hedges it ("about
 * £78"), then to the precision written.
 *
 * Each operand carries a dimension, so that only amounts of one currency add
 * up, a period moves a time of day, and an amount is multiplied or divided
 * only by a count (a bare number, a number of things, a whole number of days
 * or months) or taken as a share. A period is worked out only with a figure
 * or count of the question as its last step (a policy's periods add up to one
 * another). Not worked out this way: shares (any two amounts have a ratio)
 * and counts (ages, limits and distances any pool reaches). Every operation
 * of a chain is one the figure's sentence says it makes (signalledOps), and
 * no amount is added to itself: a doubling says "two" or "twice".
 */
export interface Term {
  value: number;
  /** A currency sign; "%"; "day" (a period in days); "month"; "clock" (a time of day, in days after midnight); or "n:" and what it counts ("n:" for a bare number). */
  dim: string;
  /** How many operands the evidence alone gives (not the task, not the answer): a chain may use one. */
  fromEvidence?: number;
}

const isCount = (t: Term) => t.dim.startsWith('n:');
const isPeriod = (t: Term) => t.dim === 'day' || t.dim === 'month';
const isMoney = (t: Term) => isCurrencySign(t.dim);
/** What an amount, period or count may be multiplied or divided by: a count, or a whole number of days or months ("$24 a month" for "4 months"). */
const isMultiplier = (t: Term) => (isCount(t) || (isPeriod(t) && Number.isInteger(t.value))) && t.value > 0;

/** A figure as an operand: periods in days or months, a time of day in days after midnight, minutes as days. */
export function termOf(f: Figure): Term {
  if (f.kind === 'time of day') return { value: f.value / 1440, dim: 'clock' };
  if (f.kind === 'minute') return { value: f.value / 1440, dim: 'day' };
  if (isCurrencySign(f.kind) || ['%', 'day', 'month'].includes(f.kind)) return { value: f.value, dim: f.kind };
  return { value: f.value, dim: `n:${f.kind}` };
}

/** The operations a chain may take, each allowed only where the answer's sentence signals it (signalledOps). */
type Op = 'sum' | 'difference' | 'product' | 'quotient' | 'share' | 'clock';

/** The results of one operation on two operands, in that order, of the operations allowed. */
function combine(a: Term, b: Term, allowed: ReadonlySet<Op>): Term[] {
  const out: Term[] = [];
  const push = (op: Op, ...terms: Term[]) => {
    if (allowed.has(op)) out.push(...terms);
  };
  const additive = a.dim === b.dim && a.dim !== '%' && a.dim !== 'clock';
  // An amount added to itself is a doubling, a product the answer signals with its count ("for two", "twice").
  if (additive && a.value !== b.value) {
    push('sum', { value: a.value + b.value, dim: a.dim });
    if (a.value > b.value) push('difference', { value: a.value - b.value, dim: a.dim });
  }
  if (a.dim === 'clock' && b.dim === 'clock' && a.value > b.value) push('clock', { value: a.value - b.value, dim: 'day' });
  if (a.dim === 'clock' && b.dim === 'day') push('clock', { value: a.value + b.value, dim: 'clock' }, { value: a.value - b.value, dim: 'clock' });
  if ((isMoney(a) || isCount(a) || isPeriod(a)) && isMultiplier(b) && !(isPeriod(a) && isPeriod(b))) {
    push('product', { value: a.value * b.value, dim: isCount(a) ? (isCount(b) ? 'n:' : b.dim) : a.dim });
    if (b.value >= 2) push('quotient', { value: a.value / b.value, dim: a.dim });
  }
  if ((isMoney(a) || isCount(a)) && b.dim === '%' && b.value > 0 && b.value < 100) {
    const share = b.value / 100;
    push('share', { value: a.value * share, dim: a.dim }, { value: a.value * (1 + share), dim: a.dim }, { value: a.value * (1 - share), dim: a.dim });
  }
  // How many of one amount make another: "6,000 points in blocks of 2,000" is 3 blocks.
  if (isMoney(a) && a.dim === b.dim && b.value > 0 && a.value > b.value) push('quotient', { value: a.value / b.value, dim: 'n:' });
  return out;
}

/**
 * The operations the sentence that writes a figure signals: a pool of a few
 * dozen amounts reaches most round amounts by some sum, difference or product,
 * so an operation the answer does not say it makes is a coincidence ("$6" and
 * "five" make the "$30" a number-flip writes for "$25"; "45p" less "5p" the
 * "40p" it writes for "45p"). A sum says "plus", "add", "together" or "with the booking fee"; a
 * difference "less", "minus", "leaves" or "remaining" ("less than" is a
 * comparison); a product a count word, "times", "×", "for 10", "10 months
 * of", "at $18 each", "twice" or a fraction; a quotient "each", "split", "divided" or "/"; a
 * share writes its "%"; a time of day moved by a period says "before",
 * "after" or "late". "Comes to", "in total", "altogether" and "=" signal a sum
 * or a product. Rates ("per mile", "a month") and adjectives ("extra",
 * "additional") signal nothing: every price sentence of a policy has them.
 */
export function signalledOps(sentence: string): ReadonlySet<Op> {
  const ops = new Set<Op>();
  const result = RESULT.test(sentence);
  if (result || SUM.test(sentence)) ops.add('sum');
  if (DIFFERENCE.test(sentence)) ops.add('difference');
  if (result || PRODUCT.test(sentence)) ops.add('product');
  if (QUOTIENT.test(sentence)) ops.add('quotient');
  if (/%|\bper\s?cent\b/i.test(sentence)) ops.add('share');
  if (fractions(sentence).length || /\b(?:twice|double[ds]?)\b/i.test(sentence)) ops.add('product');
  // "Halved": divided by two, or times a half.
  if (/\b(?:halve[ds]?|halving)\b/i.test(sentence)) ops.add('product').add('quotient');
  if (CLOCK.test(sentence)) ops.add('clock');
  return ops;
}

const RESULT = /\b(?:comes?\s+to|came\s+to|works?\s+out|worked\s+out|in\s+total|totals?|totalling|altogether|in\s+all|overall)\b|=/i;
const SUM = /\b(?:plus|adds?|added|adding|on\s+top|combined|together|sum|including|(?:with|and)\s+(?:the|a|an|its|your)\s+(?:\w+\s+)?(?:fee|charge|surcharge|supplement|tax|VAT|deposit))\b|\+/i;
const DIFFERENCE =
  /\b(?:less(?!\s+than)|minus|leaves?|leaving|left|remaining|remains?|deduct(?:s|ed|ing)?|after\s+(?:the|a|your)\s+\S+\s+(?:fee|charge|deduction|discount)|off|back|refunds?|refunded|saves?|saving|cheaper|fewer(?!\s+than)|difference|short)\b|\u2212/i;
const COUNT_WORDS = 'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|both';
// "at $18 each": a unit price the answer pays for several ("10 washes for the price of 8, so at $18 each you'd pay $144"), not a total split; "for the
// year": a rate's total over a whole period ("at £16 a month, that's £176 for the year", for eleven months).
const PRODUCT = new RegExp(
  `\\b(?:times|apiece|${COUNT_WORDS}|for\\s+\\d+|\\d+\\s+(?:\\w+\\s+)?(?:at|of)|at\\s+\\S*\\d\\S*\\s+each|for\\s+(?:the|a|your)\\s+(?:whole\\s+|full\\s+|entire\\s+)?(?:year|term|stay|contract|course))\\b|\u00d7|\\s[x\u00d7]\\s`,
  'i',
);
const QUOTIENT = /\b(?:divided|split|shared|spread|instal?ments?|each|apiece|works?\s+out\s+at|worked\s+out\s+at)\b|\//i;
const CLOCK = /\b(?:before|after|earlier|later|prior|late|early)\b/i;

const keyOf = (value: number) => value.toFixed(4);

/** The operands of a pool and every result of one operation on two of them, by dimension and value. */
interface Reach {
  pool: Term[];
  /** dim -> value key -> the fewest operands from the evidence alone it takes: the operands and one-step results. */
  reached: Map<string, Map<string, number>>;
  /** dim -> the one-step results, for a hedged figure's rounding. */
  results: Map<string, number[]>;
}

/** The operands and one-step results of a pool; with a base, only those that use one of the new operands (the base's are the base's). */
function reachOf(pool: readonly Term[], allowed: ReadonlySet<Op>, base?: Reach): Reach {
  const reach: Reach = { pool: [], reached: new Map(), results: new Map() };
  const add = (t: Term) => {
    if (!Number.isFinite(t.value) || t.value <= 0) return;
    let set = reach.reached.get(t.dim);
    if (!set) reach.reached.set(t.dim, (set = new Map()));
    const k = keyOf(t.value);
    set.set(k, Math.min(set.get(k) ?? Number.POSITIVE_INFINITY, t.fromEvidence ?? 0));
    let list = reach.results.get(t.dim);
    if (!list) reach.results.set(t.dim, (list = []));
    list.push(t.value);
  };
  // The answer's own operands stay its own where the evidence states them too: they do not count as the evidence's.
  const known = (t: Term) => reach.pool.some((p) => p.dim === t.dim && keyOf(p.value) === keyOf(t.value));
  for (const t of pool) if (!known(t)) reach.pool.push(t);
  for (const t of reach.pool) add(t);
  const others = [...(base?.pool ?? []), ...reach.pool];
  const evidence = (a: Term, b: Term) => (a.fromEvidence ?? 0) + (b.fromEvidence ?? 0);
  for (const a of reach.pool)
    for (const b of others)
      for (const r of [...combine(a, b, allowed).map((t) => ({ ...t, fromEvidence: evidence(a, b) })), ...combine(b, a, allowed).map((t) => ({ ...t, fromEvidence: evidence(a, b) }))]) add(r);
  return reach;
}

/** One fixture's stated pool is read once: the default audit asks about its figures under every condition and for every candidate. */
const reachCache = new Map<string, Reach>();
const REACH_CACHE_SIZE = 2_000;

function cachedReach(stated: string, pool: () => Term[], allowed: ReadonlySet<Op>): Reach {
  const key = `${stated}\u0000${[...allowed].sort().join(',')}`;
  let reach = reachCache.get(key);
  if (!reach) {
    if (reachCache.size >= REACH_CACHE_SIZE) reachCache.clear();
    reach = reachOf(pool(), allowed);
    reachCache.set(key, reach);
  }
  return reach;
}

/** The answer's operands, one layer per set of them: every figure of an answer asks with the same set. */
const extraCache = new Map<string, Reach>();

function extraReach(key: string, extra: readonly Term[], base: Reach, allowed: ReadonlySet<Op>): Reach {
  const full = `${key}\u0000${[...allowed].sort().join(',')}\u0000${extra.map((t) => `${t.dim}=${keyOf(t.value)}`).join(',')}`;
  let reach = extraCache.get(full);
  if (!reach) {
    if (extraCache.size >= REACH_CACHE_SIZE) extraCache.clear();
    reach = reachOf(extra, allowed, base);
    extraCache.set(full, reach);
  }
  return reach;
}

/** The operand a second step needs, given its other operand, to reach the target: the inverse of each operation combine makes. */
function needed(target: Term, c: Term, allowed: ReadonlySet<Op>): Term[] {
  const out: Term[] = [];
  const push = (op: Op, ...terms: Term[]) => {
    if (allowed.has(op)) out.push(...terms);
  };
  const t = target.value;
  if (target.dim === c.dim && target.dim !== 'clock') {
    if (keyOf(t - c.value) !== keyOf(c.value)) push('sum', { value: t - c.value, dim: c.dim });
    push('difference', { value: t + c.value, dim: c.dim }, { value: c.value - t, dim: c.dim });
  }
  if (target.dim === 'clock' && c.dim === 'day') push('clock', { value: t - c.value, dim: 'clock' }, { value: t + c.value, dim: 'clock' });
  if (target.dim === 'clock' && c.dim === 'clock') push('clock', { value: Math.abs(t - c.value), dim: 'day' });
  if (target.dim === 'day' && c.dim === 'clock') push('clock', { value: c.value + t, dim: 'clock' }, { value: c.value - t, dim: 'clock' });
  if (isMultiplier(c)) {
    push('product', { value: t / c.value, dim: target.dim });
    push('quotient', { value: t * c.value, dim: target.dim });
    // A count times a price: the price is the other operand ("5 seats" times the "$96" a seat costs for the term).
    if (target.dim === c.dim && isPeriod(c)) push('product', { value: t / c.value, dim: 'n:' });
  }
  if (c.dim === '%' && c.value > 0 && c.value < 100) {
    const share = c.value / 100;
    push('share', { value: t / share, dim: target.dim }, { value: t / (1 + share), dim: target.dim }, { value: t / (1 - share), dim: target.dim });
  }
  // A price times a count: the count is the other operand.
  if (isMoney(c) && c.dim === target.dim) push('product', { value: t / c.value, dim: 'n:' });
  if (target.dim === 'n:' && isMoney(c)) push('quotient', { value: t * c.value, dim: c.dim });
  return out.filter((n) => Number.isFinite(n.value) && n.value > 0);
}

/** The fewest operands from the evidence alone a value of a dimension takes in the reach (Infinity where it holds none); any count for a count ("seats" times "months" is a count of seat-months). */
function holds(reach: Reach, need: Term): number {
  const key = keyOf(need.value);
  let fewest = Number.POSITIVE_INFINITY;
  for (const [dim, set] of reach.reached) if (dim === need.dim || (need.dim.startsWith('n:') && dim.startsWith('n:'))) fewest = Math.min(fewest, set.get(key) ?? Number.POSITIVE_INFINITY);
  return fewest;
}

/** Number words and fractions the task or answer writes that findFigures does not read as figures: "two tickets", "one-twelfth", "half", "twice", "the same amount". */
export function writtenCounts(text: string): Term[] {
  const counts: Term[] = [];
  for (const sentence of readSentences(text)) {
    const words = sentence.tokens.filter((t) => t.pos === 'NUM' && /^[a-z]+$/i.test(t.text));
    for (const w of words) {
      // The counts a sentence spells, two to twelve (the words PRODUCT reads as a signal).
      const value = spelledValue([w.text]);
      if (value !== undefined && value >= 2 && value <= 12) counts.push({ value, dim: 'n:' });
    }
  }
  for (const m of fractions(text)) {
    const numerator = m[1] ? (/^an?$/i.test(m[1]) ? 1 : (spelledValue([m[1]]) ?? 0)) : 1;
    const denominator = DENOMINATORS[m[2]!.toLowerCase().replace(/s$/, '')];
    if (numerator > 0 && denominator) counts.push({ value: numerator / denominator, dim: 'n:' });
  }
  for (const m of text.matchAll(/\b(?:twice|double)\b/gi)) if (m[0]) counts.push({ value: 2, dim: 'n:' });
  // "A deposit of the same amount" is a second of it: "the first month's rent of £85 and a deposit of the same amount, so £170
  // altogether" (unseen132's evidence-check false alarm). Not "the same amount each day", which says it does not change.
  for (const m of text.matchAll(new RegExp(SECOND_OF_THE_SAME.source, 'gi'))) if (m[0]) counts.push({ value: 2, dim: 'n:' });
  return counts;
}

/** A second thing priced as the one before: "a deposit of the same amount", "an extra night of an equal sum". */
export const SECOND_OF_THE_SAME = /\bof\s+(?:the\s+same|an\s+equal)\s+(?:amount|sum)\b/i;

const DENOMINATORS: Readonly<Record<string, number>> = { half: 2, halve: 2, third: 3, quarter: 4, fifth: 5, sixth: 6, tenth: 10, twelfth: 12 };
/** "half", "a third", "one-twelfth", "three-quarters": an ordinal after "a" or a number word is a fraction, "half" always is. */
const FRACTION = /\b(?:(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven)[\s-]+)?(half|halves|thirds?|quarters?|fifths?|sixths?|tenths?|twelfths?)\b/gi;

/** What a chain for one figure of the answer may rest on, and the sentence that writes the figure, whose words say which operations it makes. */
export interface ChainNear {
  anchors: readonly Term[];
  sentence: string;
}

/** The fractions a text writes: "half" always, another ordinal only after "a" or a number word ("a third", "two-thirds"; "the quarter" is a period). */
function fractions(text: string): RegExpMatchArray[] {
  return [...text.matchAll(FRACTION)].filter((m) => m[1] || /^hal(?:f|ves)$/i.test(m[2]!));
}

/** The pool a fixture's answer works from: what the evidence and the task state, and the counts the task writes. */
export interface StatedPool {
  /** What identifies the pool (the evidence and the task): its reach is computed once. */
  key: string;
  /** The evidence's figures. */
  evidence: () => Figure[];
  /** The question's own figures and counts: the case a period of the answer is worked out from. */
  asked: () => Term[];
}

/**
 * Whether a figure is worked out, in at most two operations, from the stated
 * pool and `anchors`: the answer's supported figures and the counts it writes
 * beside the figure (its sentence and the one before) and the figures it
 * worked out. Every chain uses an anchor: any pool of a few dozen amounts
 * reaches most round amounts in two steps, so a figure that only the pool
 * reaches is a coincidence, the very value a number-flip writes.
 */
export function chainDerives(target: Figure, hedged: boolean, stated: StatedPool, near: ChainNear): boolean {
  if (chainReaches(target, hedged, stated, near)) return true;
  // "$24 per seat per month ... 15 seats is $4,320 a year": the rate per the evidence's period, worked out, then restated per the answer's (12 months a
  // year), as a rate is read in one step; a changed figure ("$4,330 a year") is reached per month by nothing.
  const per = target.per;
  if (per === undefined) return false;
  const periods = new Set(stated.evidence().flatMap((f) => (f.per !== undefined && f.per !== per ? [f.per] : [])));
  return [...periods].some((p) => {
    const n = rateFactor(p, per);
    return n !== undefined && chainReaches({ ...target, value: target.value / n, per: p }, hedged, stated, near);
  });
}

function chainReaches(target: Figure, hedged: boolean, stated: StatedPool, { anchors, sentence }: ChainNear): boolean {
  const goal = termOf(target);
  const allowed = signalledOps(sentence);
  if (!allowed.size) return false;
  if (goal.dim === '%' || goal.value <= 0) return false;
  // A count is left to derives: ages, limits and distances are counts any pool reaches ("aged 18" and 17).
  if (isCount(goal)) return false;
  const base = cachedReach(stated.key, () => [...stated.evidence().map((f) => ({ ...termOf(f), fromEvidence: 1 })), ...stated.asked()], allowed);
  const same = (t: Term) => t.dim === goal.dim && keyOf(t.value) === keyOf(goal.value);
  // An operand is no working: a figure the pool states is stated, not worked out (and figureStated decides where it may be stated).
  if (base.pool.some(same) || anchors.some(same)) return false;
  // A chain takes at most one operand from the evidence alone: any two of a few dozen amounts a document states make most round amounts in one or two steps.
  const fits = (c: Term, n: Term, layers: readonly Reach[]) => layers.some((l) => holds(l, n) + (c.fromEvidence ?? 0) <= 1);
  const anchored = extraReach(stated.key, anchors, base, allowed);
  // A policy's periods add up to one another too easily (its 7 days and 7 days make the 14 a mutant writes): a period is the case's, worked out from an anchor with a figure or count of the question as the last step ("five months" of a 12-month term leave seven).
  if (isPeriod(goal)) return stated.asked().some((c) => needed(goal, c, allowed).some((n) => fits(c, n, [anchored])));
  if (!anchors.length) return false;
  // One step or two with an anchor in the first (its layer) or the last.
  if (hedged) {
    const places = 10 ** target.decimals;
    const rounds = (v: number) => Math.abs(Math.round(v * places) / places - goal.value) < 1e-9;
    return (anchored.results.get(goal.dim) ?? []).some(rounds);
  }
  if (holds(anchored, goal) <= 1) return true;
  const all = [...base.pool, ...anchored.pool];
  if (all.some((c) => needed(goal, c, allowed).some((n) => fits(c, n, [anchored])))) return true;
  return anchored.pool.some((c) => needed(goal, c, allowed).some((n) => fits(c, n, [base])));
}
