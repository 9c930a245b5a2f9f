import type { Figure } from './figures.js';
import { isCurrencySign } from './currency.js';
import { readSentences } from './nlp.js';

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
 * and counts (ages, limits and distances any pool reaches).
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

/** The results of one operation on two operands, in that order. */
function combine(a: Term, b: Term): Term[] {
  const out: Term[] = [];
  const additive = a.dim === b.dim && a.dim !== '%' && a.dim !== 'clock';
  if (additive) {
    out.push({ value: a.value + b.value, dim: a.dim });
    if (a.value > b.value) out.push({ value: a.value - b.value, dim: a.dim });
  }
  if (a.dim === 'clock' && b.dim === 'clock' && a.value > b.value) out.push({ value: a.value - b.value, dim: 'day' });
  if (a.dim === 'clock' && b.dim === 'day') out.push({ value: a.value + b.value, dim: 'clock' }, { value: a.value - b.value, dim: 'clock' });
  if ((isMoney(a) || isCount(a) || isPeriod(a)) && isMultiplier(b) && !(isPeriod(a) && isPeriod(b))) {
    out.push({ value: a.value * b.value, dim: isCount(a) ? (isCount(b) ? 'n:' : b.dim) : a.dim });
    if (b.value >= 2) out.push({ value: a.value / b.value, dim: a.dim });
  }
  if ((isMoney(a) || isCount(a)) && b.dim === '%' && b.value > 0 && b.value < 100) {
    const share = b.value / 100;
    out.push({ value: a.value * share, dim: a.dim }, { value: a.value * (1 + share), dim: a.dim }, { value: a.value * (1 - share), dim: a.dim });
  }
  // How many of one amount make another: "6,000 points in blocks of 2,000" is 3 blocks.
  if (isMoney(a) && a.dim === b.dim && b.value > 0 && a.value > b.value) out.push({ value: a.value / b.value, dim: 'n:' });
  return out;
}

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
function reachOf(pool: readonly Term[], base?: Reach): Reach {
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
    for (const b of others) for (const r of [...combine(a, b).map((t) => ({ ...t, fromEvidence: evidence(a, b) })), ...combine(b, a).map((t) => ({ ...t, fromEvidence: evidence(a, b) }))]) add(r);
  return reach;
}

/** One fixture's stated pool is read once: the default audit asks about its figures under every condition and for every candidate. */
const reachCache = new Map<string, Reach>();
const REACH_CACHE_SIZE = 2_000;

function cachedReach(key: string, pool: () => Term[]): Reach {
  let reach = reachCache.get(key);
  if (!reach) {
    if (reachCache.size >= REACH_CACHE_SIZE) reachCache.clear();
    reach = reachOf(pool());
    reachCache.set(key, reach);
  }
  return reach;
}

/** The answer's operands, one layer per set of them: every figure of an answer asks with the same set. */
const extraCache = new Map<string, Reach>();

function extraReach(key: string, extra: readonly Term[], base: Reach): Reach {
  const full = `${key}\u0000${extra.map((t) => `${t.dim}=${keyOf(t.value)}`).join(',')}`;
  let reach = extraCache.get(full);
  if (!reach) {
    if (extraCache.size >= REACH_CACHE_SIZE) extraCache.clear();
    reach = reachOf(extra, base);
    extraCache.set(full, reach);
  }
  return reach;
}

/** The operand a second step needs, given its other operand, to reach the target: the inverse of each operation combine makes. */
function needed(target: Term, c: Term): Term[] {
  const out: Term[] = [];
  const t = target.value;
  if (target.dim === c.dim && target.dim !== 'clock') out.push({ value: t - c.value, dim: c.dim }, { value: t + c.value, dim: c.dim }, { value: c.value - t, dim: c.dim });
  if (target.dim === 'clock' && c.dim === 'day') out.push({ value: t - c.value, dim: 'clock' }, { value: t + c.value, dim: 'clock' });
  if (target.dim === 'clock' && c.dim === 'clock') out.push({ value: Math.abs(t - c.value), dim: 'day' });
  if (target.dim === 'day' && c.dim === 'clock') out.push({ value: c.value + t, dim: 'clock' }, { value: c.value - t, dim: 'clock' });
  if (isMultiplier(c)) {
    out.push({ value: t / c.value, dim: target.dim }, { value: t * c.value, dim: target.dim });
    // A count times a price: the price is the other operand ("5 seats" times the "$96" a seat costs for the term).
    if (target.dim === c.dim && isPeriod(c)) out.push({ value: t / c.value, dim: 'n:' });
  }
  if (c.dim === '%' && c.value > 0 && c.value < 100) {
    const share = c.value / 100;
    out.push({ value: t / share, dim: target.dim }, { value: t / (1 + share), dim: target.dim }, { value: t / (1 - share), dim: target.dim });
  }
  // A price times a count: the count is the other operand.
  if (isMoney(c) && c.dim === target.dim) out.push({ value: t / c.value, dim: 'n:' });
  if (target.dim === 'n:' && isMoney(c)) out.push({ value: t * c.value, dim: c.dim });
  return out.filter((n) => Number.isFinite(n.value) && n.value > 0);
}

/** The fewest operands from the evidence alone a value of a dimension takes in the reach (Infinity where it holds none); any count for a count ("seats" times "months" is a count of seat-months). */
function holds(reach: Reach, need: Term): number {
  const key = keyOf(need.value);
  let fewest = Number.POSITIVE_INFINITY;
  for (const [dim, set] of reach.reached) if (dim === need.dim || (need.dim.startsWith('n:') && dim.startsWith('n:'))) fewest = Math.min(fewest, set.get(key) ?? Number.POSITIVE_INFINITY);
  return fewest;
}

/** Number words and fractions the task or answer writes that findFigures does not read as figures: "two tickets", "one-twelfth", "half", "twice". */
export function writtenCounts(text: string): Term[] {
  const counts: Term[] = [];
  for (const sentence of readSentences(text)) {
    const words = sentence.tokens.filter((t) => t.pos === 'NUM' && /^[a-z]+$/i.test(t.text));
    for (const w of words) {
      const value = UNITS.indexOf(w.text.toLowerCase());
      if (value >= 2) counts.push({ value, dim: 'n:' });
    }
  }
  for (const m of text.matchAll(FRACTION)) {
    const numerator = m[1] ? (/^an?$/i.test(m[1]) ? 1 : UNITS.indexOf(m[1].toLowerCase())) : 1;
    const denominator = DENOMINATORS[m[2]!.toLowerCase().replace(/s$/, '')];
    if (numerator > 0 && denominator) counts.push({ value: numerator / denominator, dim: 'n:' });
  }
  for (const m of text.matchAll(/\b(?:twice|double)\b/gi)) if (m[0]) counts.push({ value: 2, dim: 'n:' });
  return counts;
}

const UNITS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');
const DENOMINATORS: Readonly<Record<string, number>> = { half: 2, halve: 2, third: 3, quarter: 4, fifth: 5, sixth: 6, tenth: 10, twelfth: 12 };
/** "half", "a third", "one-twelfth", "three-quarters": an ordinal after "a" or a number word is a fraction, "half" always is. */
const FRACTION = /\b(?:(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven)[\s-]+)?(half|halves|thirds?|quarters?|fifths?|sixths?|tenths?|twelfths?)\b/gi;

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
export function chainDerives(target: Figure, hedged: boolean, stated: StatedPool, anchors: readonly Term[]): boolean {
  const goal = termOf(target);
  if (goal.dim === '%' || goal.value <= 0) return false;
  // A count is left to derives: ages, limits and distances are counts any pool reaches ("aged 18" and 17).
  if (isCount(goal)) return false;
  const base = cachedReach(stated.key, () => [...stated.evidence().map((f) => ({ ...termOf(f), fromEvidence: 1 })), ...stated.asked()]);
  const same = (t: Term) => t.dim === goal.dim && keyOf(t.value) === keyOf(goal.value);
  // An operand is no working: a figure the pool states is stated, not worked out (and figureStated decides where it may be stated).
  if (base.pool.some(same) || anchors.some(same)) return false;
  // A chain takes at most one operand from the evidence alone: any two of a few dozen amounts a document states make most round amounts in one or two steps.
  const fits = (c: Term, n: Term, layers: readonly Reach[]) => layers.some((l) => holds(l, n) + (c.fromEvidence ?? 0) <= 1);
  const anchored = extraReach(stated.key, anchors, base);
  // A policy's periods add up to one another too easily (its 7 days and 7 days make the 14 a mutant writes): a period is the case's, worked out from an anchor with a figure or count of the question as the last step ("five months" of a 12-month term leave seven).
  if (isPeriod(goal)) return stated.asked().some((c) => needed(goal, c).some((n) => fits(c, n, [anchored])));
  if (!anchors.length) return false;
  // One step or two with an anchor in the first (its layer) or the last.
  if (hedged) {
    const places = 10 ** target.decimals;
    const rounds = (v: number) => Math.abs(Math.round(v * places) / places - goal.value) < 1e-9;
    return (anchored.results.get(goal.dim) ?? []).some(rounds);
  }
  if (holds(anchored, goal) <= 1) return true;
  const all = [...base.pool, ...anchored.pool];
  if (all.some((c) => needed(goal, c).some((n) => fits(c, n, [anchored])))) return true;
  return anchored.pool.some((c) => needed(goal, c).some((n) => fits(c, n, [base])));
}
