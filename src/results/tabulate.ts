import type { ConditionName } from '../requests/conditions.js';
import type { ReviewItem } from '../requests/items.js';
import type { ReviewResult } from '../reviews/schedule.js';
import { mcnemarExact } from '../statistics/mcnemar.js';
import { wilsonInterval, type Interval } from '../statistics/wilson.js';

export interface CatchCell {
  n: number;
  caught: number;
  rate: number;
  ci: Interval;
  noVerdict: number;
  errors: number;
}

export interface FalseAlarmCell {
  n: number;
  flagged: number;
  rate: number;
  ci: Interval;
  noVerdict: number;
  errors: number;
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
  delta: number;
}

export interface VerdictCounts {
  reviews: number;
  verdicts: number;
  noVerdict: number;
  errors: number;
  verdictRate: number;
  noVerdictRate: number;
  errorRate: number;
}

export interface CriticTables {
  byMutator: Record<string, Partial<Record<ConditionName, CatchCell>>>;
  /** All mutants pooled, per condition. */
  pooled: Partial<Record<ConditionName, CatchCell>>;
  falseAlarms: Partial<Record<ConditionName, FalseAlarmCell>>;
  paired: PairedComparison[];
  verdicts: VerdictCounts;
}

/** Paired rows for the originals use this mutator name; all mutants pooled use "all". */
export const CONTROL = 'control';
export const ALL_MUTANTS = 'all';

/**
 * Turns one critic's review results into the report's tables. A FAIL verdict
 * flags the artifact. Errors (the critic never answered) are left out of every
 * rate and counted apart; a reply without a verdict stays in the denominator
 * as not flagged, as in seed 000, and is counted apart too.
 */
export function tabulate(items: readonly ReviewItem[], results: readonly ReviewResult[], conditions: readonly ConditionName[]): CriticTables {
  const itemById = new Map(items.map((i) => [i.id, i]));
  // item id -> condition -> flagged? (first repeat; repeats are summarised elsewhere)
  const flagged = new Map<string, Map<ConditionName, boolean>>();
  const cells = new Map<string, { n: number; flagged: number; noVerdict: number; errors: number }>();
  const bump = (key: string, r: ReviewResult) => {
    const cell = cells.get(key) ?? { n: 0, flagged: 0, noVerdict: 0, errors: 0 };
    if (r.outcome === 'error') cell.errors++;
    else {
      cell.n++;
      if (r.verdict === 'FAIL') cell.flagged++;
      if (r.outcome === 'no-verdict') cell.noVerdict++;
    }
    cells.set(key, cell);
  };

  for (const r of results) {
    const item = itemById.get(r.itemId);
    if (!item) continue;
    const group = item.mutator ?? CONTROL;
    bump(`${group}\0${r.condition}`, r);
    if (item.mutator) bump(`${ALL_MUTANTS}\0${r.condition}`, r);
    if (r.outcome !== 'error' && r.repeat === 0) {
      const byCondition = flagged.get(r.itemId) ?? new Map();
      byCondition.set(r.condition, r.verdict === 'FAIL');
      flagged.set(r.itemId, byCondition);
    }
  }

  const cell = (group: string, condition: ConditionName) => {
    const c = cells.get(`${group}\0${condition}`);
    if (!c) return undefined;
    return { n: c.n, flagged: c.flagged, rate: c.n ? c.flagged / c.n : 0, ci: wilsonInterval(c.flagged, c.n), noVerdict: c.noVerdict, errors: c.errors };
  };
  const catchCell = (group: string, condition: ConditionName): CatchCell | undefined => {
    const c = cell(group, condition);
    return c && { n: c.n, caught: c.flagged, rate: c.rate, ci: c.ci, noVerdict: c.noVerdict, errors: c.errors };
  };

  const mutators = [...new Set(items.flatMap((i) => (i.mutator ? [i.mutator] : [])))];
  const byMutator: CriticTables['byMutator'] = {};
  for (const m of mutators) byMutator[m] = pick(conditions, (c) => catchCell(m, c));
  const falseAlarms = pick(conditions, (c) => cell(CONTROL, c));

  const paired: PairedComparison[] = [];
  for (const group of [...mutators, ALL_MUTANTS, CONTROL]) {
    const members = items.filter((i) => (group === CONTROL ? i.role === 'original' : group === ALL_MUTANTS ? i.role === 'mutant' : i.mutator === group));
    for (const to of conditions) {
      if (to === 'clean') continue;
      const comparison = compare(members, flagged, 'clean', to, group);
      if (comparison) paired.push(comparison);
    }
  }

  let reviews = 0, verdicts = 0, noVerdict = 0, errors = 0;
  for (const r of results) {
    reviews++;
    if (r.outcome === 'verdict') verdicts++;
    else if (r.outcome === 'no-verdict') noVerdict++;
    else errors++;
  }
  const answered = verdicts + noVerdict;
  return {
    byMutator,
    pooled: pick(conditions, (c) => catchCell(ALL_MUTANTS, c)),
    falseAlarms: falseAlarms as CriticTables['falseAlarms'],
    paired,
    verdicts: {
      reviews, verdicts, noVerdict, errors,
      verdictRate: answered ? verdicts / answered : 0,
      noVerdictRate: answered ? noVerdict / answered : 0,
      errorRate: reviews ? errors / reviews : 0,
    },
  };
}

function compare(members: readonly ReviewItem[], flagged: Map<string, Map<ConditionName, boolean>>, from: ConditionName, to: ConditionName, mutator: string): PairedComparison | undefined {
  let n = 0, b = 0, c = 0, fromCount = 0, toCount = 0;
  for (const item of members) {
    const outcomes = flagged.get(item.id);
    const x = outcomes?.get(from);
    const y = outcomes?.get(to);
    if (x === undefined || y === undefined) continue;
    n++;
    if (x) fromCount++;
    if (y) toCount++;
    if (x && !y) b++;
    if (!x && y) c++;
  }
  if (n === 0) return undefined;
  return { mutator, from, to, n, b, c, p: mcnemarExact(b, c), delta: (toCount - fromCount) / n };
}

function pick<V>(conditions: readonly ConditionName[], f: (c: ConditionName) => V | undefined): Partial<Record<ConditionName, V>> {
  const out: Partial<Record<ConditionName, V>> = {};
  for (const c of conditions) {
    const v = f(c);
    if (v !== undefined) out[c] = v;
  }
  return out;
}
