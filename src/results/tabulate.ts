import { SEALED_CONDITION, type ConditionName } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { ErrorCauses, type ErrorCause } from '../reviews/failureCause.js';
import { stoodUnasked } from '../reviews/types.js';
import { holmAdjust } from '../statistics/holm.js';
import { mcnemarExact } from '../statistics/mcnemar.js';
import { pairedDifferenceInterval } from '../statistics/newcombe.js';
import { wilsonIntervalOfMean, type Interval } from '../statistics/wilson.js';
import { isFlagged, isFlaky, ItemOutcomes } from './itemOutcomes.js';
import type { ResultSink } from './sink.js';

export interface CatchCell {
  /** Items reviewed (with a reply) under this condition. */
  n: number;
  /** Items caught; with repeats, each item adds the share of its repeats that caught it. */
  caught: number;
  rate: number;
  ci: Interval;
  noVerdict: number;
  errors: number;
  /** Share of items whose verdict differed between repeats (null with one repeat). */
  flaky: number | null;
  /** The catches that pointed at the mutation (see located.ts), added when the reports read the replies. */
  located?: { n: number; caught: number; rate: number; ci: Interval };
  /** Share of the catches that were not located ("right verdict, wrong reason"); null without a catch. */
  unlocated?: number | null;
}

export interface FalseAlarmCell {
  n: number;
  flagged: number;
  rate: number;
  ci: Interval;
  noVerdict: number;
  errors: number;
  flaky: number | null;
}

/** One condition against clean on the same items: b flagged clean only, c flagged under `to` only. */
export interface PairedComparison {
  mutator: string;
  from: ConditionName;
  to: ConditionName;
  n: number;
  b: number;
  c: number;
  p: number;
  /** Holm-adjusted p, over the family of all of this critic's paired rows. */
  pHolm: number;
  delta: number;
  /** 95% interval for delta (Newcombe's paired method 10). */
  ci: Interval;
}

export interface VerdictCounts {
  reviews: number;
  verdicts: number;
  noVerdict: number;
  errors: number;
  /** Reviews whose reply came from the reply cache, not the critic. */
  cached: number;
  /** Attempts sent again after a failure (429, 5xx, network, timeout), over all reviews. */
  retries: number;
  /** Attempts the critic answered with HTTP 429. */
  rateLimited: number;
  verdictRate: number;
  noVerdictRate: number;
  errorRate: number;
  inputTokens: number;
  outputTokens: number;
  /** The part of the tokens above that cached replies carry: counted in what the audit costs, not spent by this run. */
  cachedInputTokens: number;
  cachedOutputTokens: number;
}

/** The run-wide totals of one critic's reviews, counted as they stream by. */
export type ReviewTotals = Omit<VerdictCounts, 'verdictRate' | 'noVerdictRate' | 'errorRate'>;

export interface CriticTables {
  byMutator: Record<string, Partial<Record<ConditionName, CatchCell>>>;
  /** All mutants pooled, per condition. */
  pooled: Partial<Record<ConditionName, CatchCell>>;
  falseAlarms: Partial<Record<ConditionName, FalseAlarmCell>>;
  /**
   * The same false alarms apart: on each fixture's own artifact (originals) and
   * on its correct rewrites (controls: hand-written variants and generated
   * paraphrases). `falseAlarms` pools the two.
   */
  falseAlarmsApart: { originals: Partial<Record<ConditionName, FalseAlarmCell>>; controls: Partial<Record<ConditionName, FalseAlarmCell>> };
  paired: PairedComparison[];
  verdicts: VerdictCounts;
  /** The failed reviews grouped by what their error says, most frequent first. */
  errorCauses: ErrorCause[];
}

/** Paired rows for the originals use this mutator name; all mutants pooled use "all". */
export const CONTROL = 'control';
export const ALL_MUTANTS = 'all';
/** Groups of the originals apart: a fixture's own artifact, and its correct rewrites. */
const ORIGINALS_ONLY = 'control:originals';
const CONTROLS_ONLY = 'control:rewrites';

/**
 * Turns one critic's review results into the report's tables. A FAIL verdict
 * flags the artifact. Errors (the critic never answered) are left out of every
 * rate and counted apart; a reply without a verdict stays in the denominator
 * as not flagged, as in seed 000, and is counted apart too. Repeats of an item
 * count as one item (no pseudo-replication): its share of flagged repeats.
 * Takes outcomeCounter's counts, so the reports read a critic's reviews once.
 */
export function tabulate(items: readonly ItemRecord[], outcomes: ItemOutcomes, verdicts: ReviewTotals, conditions: readonly ConditionName[], errorCauses: ErrorCause[] = []): CriticTables {
  const groups = new Map<string, ItemRecord[]>();
  const addTo = (group: string, item: ItemRecord) => {
    const members = groups.get(group);
    if (members) members.push(item);
    else groups.set(group, [item]);
  };
  for (const item of items) {
    if (item.mutator) {
      addTo(item.mutator, item);
      addTo(ALL_MUTANTS, item);
    } else {
      addTo(CONTROL, item);
      addTo(item.id === item.fixtureId ? ORIGINALS_ONLY : CONTROLS_ONLY, item);
    }
  }

  const cell = (group: string, condition: ConditionName) => {
    let n = 0,
      flagged = 0,
      noVerdict = 0,
      errors = 0,
      repeated = 0,
      flaky = 0;
    for (const item of groups.get(group) ?? []) {
      const o = outcomes.of(item.id, condition);
      if (!o) continue;
      errors += o.errors;
      noVerdict += o.noVerdict;
      if (o.answered === 0) continue;
      n++;
      flagged += o.flagged / o.answered;
      if (o.answered > 1) {
        repeated++;
        if (isFlaky(o)) flaky++;
      }
    }
    if (n === 0 && errors === 0) return undefined;
    const rate = n ? flagged / n : 0;
    return { n, flagged, rate, ci: wilsonIntervalOfMean(rate, n), noVerdict, errors, flaky: repeated ? flaky / repeated : null };
  };
  const catchCell = (group: string, condition: ConditionName): CatchCell | undefined => {
    const c = cell(group, condition);
    if (!c) return undefined;
    const { flagged: caught, ...rest } = c;
    return { ...rest, caught };
  };

  const mutators = [...groups.keys()].filter((g) => g !== ALL_MUTANTS && g !== CONTROL && g !== ORIGINALS_ONLY && g !== CONTROLS_ONLY);
  const byMutator: CriticTables['byMutator'] = {};
  for (const m of mutators) {
    // Only the mutators this critic reviewed: a built-in checker reviews one kind of artifact.
    const cells = pick(conditions, (c) => catchCell(m, c));
    if (Object.keys(cells).length) byMutator[m] = cells;
  }

  const paired: PairedComparison[] = [];
  for (const group of [...mutators, ALL_MUTANTS, CONTROL]) {
    for (const to of conditions) {
      if (to === SEALED_CONDITION) continue;
      const comparison = compare(groups.get(group) ?? [], outcomes, SEALED_CONDITION, to, group);
      if (comparison) paired.push(comparison);
    }
  }
  const adjusted = holmAdjust(paired.map((p) => p.p));
  paired.forEach((p, i) => (p.pHolm = adjusted[i]!));

  const answered = verdicts.verdicts + verdicts.noVerdict;
  return {
    byMutator,
    pooled: pick(conditions, (c) => catchCell(ALL_MUTANTS, c)),
    falseAlarms: pick(conditions, (c) => cell(CONTROL, c)),
    falseAlarmsApart: { originals: pick(conditions, (c) => cell(ORIGINALS_ONLY, c)), controls: pick(conditions, (c) => cell(CONTROLS_ONLY, c)) },
    paired,
    verdicts: {
      ...verdicts,
      verdictRate: answered ? verdicts.verdicts / answered : 0,
      noVerdictRate: answered ? verdicts.noVerdict / answered : 0,
      errorRate: verdicts.reviews ? verdicts.errors / verdicts.reviews : 0,
    },
    errorCauses,
  };
}

function compare(members: readonly ItemRecord[], outcomes: ItemOutcomes, from: ConditionName, to: ConditionName, mutator: string): PairedComparison | undefined {
  const pairs: Array<[boolean, boolean]> = [];
  for (const item of members) {
    const x = outcomes.of(item.id, from);
    const y = outcomes.of(item.id, to);
    if (x?.answered && y?.answered) pairs.push([isFlagged(x), isFlagged(y)]);
  }
  return pairedComparison(mutator, from, to, pairs);
}

/**
 * One condition against another on the same items, from each item's pair (flagged under `from`, under `to`):
 * exact McNemar on the discordant pairs and Newcombe's interval for the difference; undefined without a pair.
 * Its Holm p is the raw p until the caller adjusts it over its family of rows.
 */
export function pairedComparison(mutator: string, from: ConditionName, to: ConditionName, pairs: ReadonlyArray<readonly [boolean, boolean]>): PairedComparison | undefined {
  const n = pairs.length;
  if (n === 0) return undefined;
  let a = 0,
    b = 0,
    c = 0;
  for (const [x, y] of pairs) {
    if (x && y) a++;
    else if (x) b++;
    else if (y) c++;
  }
  const p = mcnemarExact(b, c);
  // Arguments ordered so the interval is for `to` minus `from`, the sign of delta.
  const { ci } = pairedDifferenceInterval(a, c, b, n - a - b - c);
  return { mutator, from, to, n, b, c, p, pHolm: p, delta: (c - b) / n, ci };
}

/** What one pass over a critic's reviews counts: the per-item outcomes every table and gate counts, the run-wide totals and the errors' causes. */
export interface CountedOutcomes {
  outcomes: ItemOutcomes;
  totals: ReviewTotals;
  errorCauses: ErrorCause[];
}

/** Counts a critic's reviews as they stream by (see CountedOutcomes); with `keep.reply`, each item's first reply under each condition too. */
export function outcomeCounter(keep: { reply?: boolean } = {}): ResultSink<CountedOutcomes> {
  const totals: ReviewTotals = {
    reviews: 0,
    verdicts: 0,
    noVerdict: 0,
    errors: 0,
    cached: 0,
    retries: 0,
    rateLimited: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    cachedOutputTokens: 0,
  };
  const causes = new ErrorCauses();
  const outcomes = new ItemOutcomes(keep.reply === true);
  return {
    add(r) {
      outcomes.add(r);
      // A first verdict that stood without a second turn counts in the tables, but nothing was sent: not a review.
      if (stoodUnasked(r)) return;
      totals.reviews++;
      totals.retries += Math.max(0, r.attempts - 1);
      totals.rateLimited += r.rateLimited;
      const input = r.usage?.inputTokens ?? 0;
      const output = r.usage?.outputTokens ?? 0;
      totals.inputTokens += input;
      totals.outputTokens += output;
      if (r.cached) {
        totals.cached++;
        totals.cachedInputTokens += input;
        totals.cachedOutputTokens += output;
      }
      if (r.outcome === 'error') {
        totals.errors++;
        causes.add(r.error ?? 'unknown error', { itemId: r.itemId, condition: r.condition, repeat: r.repeat });
      } else if (r.outcome === 'verdict') totals.verdicts++;
      else totals.noVerdict++;
    },
    finish: () => ({ outcomes, totals, errorCauses: causes.list() }),
  };
}

function pick<V>(conditions: readonly ConditionName[], f: (c: ConditionName) => V | undefined): Partial<Record<ConditionName, V>> {
  const out: Partial<Record<ConditionName, V>> = {};
  for (const c of conditions) {
    const v = f(c);
    if (v !== undefined) out[c] = v;
  }
  return out;
}
