import type { ConditionName } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { isFlagged, type ItemOutcomes } from '../results/itemOutcomes.js';
import { ALL_MUTANTS, CONTROL } from '../results/tabulate.js';
import { holmAdjust } from '../statistics/holm.js';
import { mcnemarExactOneSided } from '../statistics/mcnemar.js';
import { newcombeDifference, pairedDifferenceInterval } from '../statistics/newcombe.js';
import type { Interval } from '../statistics/wilson.js';
import { canonical } from '../reviews/cache.js';
import { mutantDiff, type MutantDiff } from '../mutants/diff.js';
import type { BaselineCritic, BaselineItem } from './format.js';

/**
 * Which rows of the comparison the regression gate tests (Holm across them): `pooled`, all mutants and the
 * originals per condition; `per-mutator`, every mutator's rows as well; a list of mutators, theirs as well.
 */
export type RegressionRows = 'pooled' | 'per-mutator' | readonly string[];

export const REGRESSION_DEFAULTS = { margin: 0.05, alpha: 0.05, rows: 'pooled', minPairs: 20 } as const satisfies RegressionOptions;

export interface RegressionOptions {
  margin: number;
  alpha: number;
  rows: RegressionRows;
  /** A row of the family with fewer paired items is reported as too small, never gated. */
  minPairs: number;
}

/** Items in only one of the two runs, compared as independent samples (Newcombe's hybrid score interval). */
export interface UnpairedComparison {
  baselineOnly: { n: number; flagged: number };
  currentOnly: { n: number; flagged: number };
  /** current − baseline rate, null unless both sides have items. */
  delta: number | null;
  ci: Interval | null;
}

/** A row's figures: what the two runs did on the items both reviewed, and on those only one did. */
interface RowFigures {
  mutator: string;
  condition: ConditionName;
  direction: 'catch-drop' | 'false-alarm-rise';
  /** Items answered under this condition in both runs. */
  n: number;
  /** Flagged in the baseline only (a catch lost, or a false alarm cleared). */
  b: number;
  /** Flagged in this run only (a catch gained, or a new false alarm). */
  c: number;
  baselineRate: number | null;
  currentRate: number | null;
  /** current − baseline flag rate on the paired items. */
  delta: number;
  /** 95% interval for delta (Newcombe's paired method 10). */
  ci: Interval;
  /** One-sided exact McNemar p for the bad direction. */
  p: number;
  /** The change in the bad direction (positive = worse): −delta for catches, delta for false alarms. */
  worsening: number;
  unpaired: UnpairedComparison | null;
}

/** A row of the gate's family with at least minPairs paired items: Holm-adjusted and gated. */
export interface GatedRow extends RowFigures {
  gating: 'gated';
  /** Holm-adjusted across the gated rows of this critic (the family, less the rows too small). */
  pHolm: number;
  /** Significant after Holm (pHolm <= alpha) and worse by more than the margin. */
  regressed: boolean;
}

/**
 * A row reported and not gated: `too-small`, in the family with fewer than minPairs paired items;
 * `not-in-family`, a mutator's row that thresholds.maxRegression.rows did not select.
 */
export interface UngatedRow extends RowFigures {
  gating: 'too-small' | 'not-in-family';
  pHolm: null;
  regressed: false;
}

/**
 * One mutator (or `all` mutants pooled, or `control` for the originals)
 * under one condition, this run against the baseline on the items both
 * reviewed. For mutants the bad direction is a drop in the catch rate; for
 * the originals a rise in false alarms.
 */
export type RegressionRow = GatedRow | UngatedRow;

export const isGated = (row: RegressionRow): row is GatedRow => row.gating === 'gated';

export interface RegressionReport {
  baseline: { file: string; sha256: string; createdAt: string; harnessVersion: string };
  /** True when the critic's identity (model, prompt, script) differs from the baseline's: often the change under test. */
  identityChanged: boolean;
  margin: number;
  alpha: number;
  /** The family the gate tests (thresholds.maxRegression.rows) and the paired items a row of it needs to be gated. */
  family: RegressionRows;
  minPairs: number;
  /** Items reviewed in both runs (under any condition), only in the baseline, only in this run. */
  pairedItems: number;
  onlyInBaseline: number;
  onlyInCurrent: number;
  rows: RegressionRow[];
  /** The regressed row that worsened most, else null. */
  worst: RegressionRow | null;
}

export type FlipDirection = 'lost-catch' | 'new-catch' | 'new-false-alarm' | 'cleared-false-alarm';

/** An item whose verdict under a condition differs between the baseline and this run. */
export interface FlippedItem {
  itemId: string;
  fixtureId: string;
  cluster: string;
  /** Null for an original. */
  mutator: string | null;
  condition: ConditionName;
  direction: FlipDirection;
  /** True for the worse directions: a lost catch, a new false alarm. */
  regression: boolean;
  /** Share of repeats flagged in the baseline and now. */
  baselineFlagged: number;
  currentFlagged: number;
  diff: MutantDiff | null;
  baselineReply: string | null;
  currentReply: string | null;
}

export interface BaselineComparison {
  regression: RegressionReport;
  flipped: FlippedItem[];
}

export interface CompareInput {
  items: readonly ItemRecord[];
  current: ItemOutcomes;
  currentIdentity: unknown;
  conditions: readonly ConditionName[];
  baseline: BaselineCritic;
  source: RegressionReport['baseline'];
  options: RegressionOptions;
}

interface Pair {
  from: number;
  to: number;
}

/**
 * This run against its baseline, for one critic. Items in both runs are
 * compared pair by pair (McNemar's exact test, one-sided for the bad
 * direction), per mutator, all mutants pooled and the originals, per
 * condition; items in one run only are counted and compared unpaired. The
 * gate's family is the pooled rows and the originals' (with the mutators
 * `rows` selects); of it, the rows with at least `minPairs` paired items are
 * gated, with Holm across them. The rest are reported with their own p.
 */
export function compareWithBaseline(input: CompareInput): BaselineComparison {
  const { items, current, baseline, conditions, options } = input;
  const itemById = new Map(items.map((item) => [item.id, item]));
  const originals = new Map(items.flatMap((i) => (i.id === i.fixtureId && i.artifact !== undefined ? [[i.fixtureId, i.artifact] as const] : [])));
  const groupsOf = (mutator: string | null) => (mutator === null ? [CONTROL] : [mutator, ALL_MUTANTS]);

  const currentIds = new Set([...current.itemIds()].filter((id) => itemById.has(id) && [...current.conditionsOf(id)].some(([, o]) => o.answered > 0)));
  const baselineIds = new Set(Object.keys(baseline.items));
  const pairedItems = [...currentIds].filter((id) => baselineIds.has(id)).length;

  const pairs = new Map<string, Pair[]>(); // key: group \0 condition
  const unpairedBaseline = new Map<string, { n: number; flagged: number }>();
  const unpairedCurrent = new Map<string, { n: number; flagged: number }>();
  const bump = (map: Map<string, { n: number; flagged: number }>, key: string, flagged: boolean) => {
    const cell = map.get(key) ?? { n: 0, flagged: 0 };
    cell.n++;
    if (flagged) cell.flagged++;
    map.set(key, cell);
  };
  const flipped: FlippedItem[] = [];

  for (const condition of conditions) {
    for (const id of new Set([...currentIds, ...baselineIds])) {
      const now = current.of(id, condition);
      const before = baseline.items[id]?.outcomes[condition];
      const nowAnswered = now !== undefined && now.answered > 0 && itemById.has(id);
      const mutator = itemById.get(id)?.mutator ?? baseline.items[id]?.mutator ?? null;
      const groups = groupsOf(mutator);
      if (nowAnswered && before) {
        const from = before.flagged * 2 > 1 ? 1 : 0; // majority of the baseline's repeats, as isFlagged
        const to = isFlagged(now) ? 1 : 0;
        for (const g of groups) {
          const key = `${g}\0${condition}`;
          const list = pairs.get(key);
          if (list) list.push({ from, to });
          else pairs.set(key, [{ from, to }]);
        }
        if (from !== to) flipped.push(flip(itemById.get(id)!, baseline.items[id]!, condition, from, to, before.flagged, now.flagged / now.answered, before.reply ?? null, now.reply, originals));
      } else if (nowAnswered) {
        for (const g of groups) bump(unpairedCurrent, `${g}\0${condition}`, isFlagged(now));
      } else if (before) {
        for (const g of groups) bump(unpairedBaseline, `${g}\0${condition}`, before.flagged * 2 > 1);
      }
    }
  }

  const groupNames = new Set<string>();
  for (const key of [...pairs.keys(), ...unpairedBaseline.keys(), ...unpairedCurrent.keys()]) groupNames.add(key.split('\0')[0]!);
  const mutatorGroups = [...groupNames].filter((g) => g !== ALL_MUTANTS && g !== CONTROL);
  // With a single mutator, "all" is the same items again: its own row stands for the pooled mutants.
  if (mutatorGroups.length <= 1) groupNames.delete(ALL_MUTANTS);
  const pooledStandIn = mutatorGroups.length === 1 ? mutatorGroups[0] : undefined;
  const inFamily = (group: string) =>
    group === ALL_MUTANTS || group === CONTROL || group === pooledStandIn || options.rows === 'per-mutator' || (Array.isArray(options.rows) && options.rows.includes(group));
  const order = [...groupNames].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
  const figures: RowFigures[] = [];
  for (const group of order) {
    for (const condition of conditions) {
      const key = `${group}\0${condition}`;
      const list = pairs.get(key) ?? [];
      const onlyBaseline = unpairedBaseline.get(key) ?? { n: 0, flagged: 0 };
      const onlyCurrent = unpairedCurrent.get(key) ?? { n: 0, flagged: 0 };
      if (list.length === 0 && onlyBaseline.n === 0 && onlyCurrent.n === 0) continue;
      figures.push(rowFigures(group, condition, list, onlyBaseline, onlyCurrent));
    }
  }
  // Holm across the rows the gate can act on: a row too small to gate, or outside the family, would only dilute it.
  const gatable = figures.filter((r) => inFamily(r.mutator) && r.n >= options.minPairs);
  const adjusted = new Map(holmAdjust(gatable.map((r) => r.p)).map((pHolm, i) => [gatable[i]!, pHolm]));
  const rows = figures.map((r): RegressionRow => {
    const pHolm = adjusted.get(r);
    if (pHolm === undefined) return { ...r, gating: inFamily(r.mutator) ? 'too-small' : 'not-in-family', pHolm: null, regressed: false };
    return { ...r, gating: 'gated', pHolm, regressed: pHolm <= options.alpha && r.worsening > options.margin };
  });
  const worst = rows.filter((r) => r.regressed).sort((x, y) => y.worsening - x.worsening)[0] ?? null;

  // The list points at the regression: the worse flips of the rows that regressed come first, whatever their condition.
  const regressedRows = rows.filter((r) => r.regressed);
  const inRegressedRow = (f: FlippedItem) => f.regression && regressedRows.some((r) => r.condition === f.condition && groupsOf(f.mutator).includes(r.mutator));
  flipped.sort(
    (x, y) =>
      Number(inRegressedRow(y)) - Number(inRegressedRow(x)) ||
      Number(y.regression) - Number(x.regression) ||
      conditions.indexOf(x.condition) - conditions.indexOf(y.condition) ||
      (x.mutator ?? '').localeCompare(y.mutator ?? '') ||
      x.fixtureId.localeCompare(y.fixtureId) ||
      x.itemId.localeCompare(y.itemId),
  );

  return {
    regression: {
      baseline: input.source,
      identityChanged: canonical(input.currentIdentity) !== canonical(baseline.identity),
      margin: options.margin,
      alpha: options.alpha,
      family: options.rows,
      minPairs: options.minPairs,
      pairedItems,
      onlyInBaseline: [...baselineIds].filter((id) => !currentIds.has(id)).length,
      onlyInCurrent: [...currentIds].filter((id) => !baselineIds.has(id)).length,
      rows,
      worst,
    },
    flipped,
  };
}

/** Mutators first, then all mutants pooled, then the originals. */
const rank = (group: string) => (group === ALL_MUTANTS ? 1 : group === CONTROL ? 2 : 0);

function rowFigures(group: string, condition: ConditionName, list: readonly Pair[], onlyBaseline: { n: number; flagged: number }, onlyCurrent: { n: number; flagged: number }): RowFigures {
  const direction = group === CONTROL ? 'false-alarm-rise' : 'catch-drop';
  let a = 0,
    b = 0,
    c = 0;
  for (const p of list) {
    if (p.from && p.to) a++;
    else if (p.from) b++;
    else if (p.to) c++;
  }
  const n = list.length;
  const d = n - a - b - c;
  const delta = n ? (c - b) / n : 0;
  // pairedDifferenceInterval gives first − second; this run is "first" so the interval is for current − baseline.
  const ci: Interval = n ? pairedDifferenceInterval(a, c, b, d).ci : [-1, 1];
  const p = n === 0 ? 1 : direction === 'catch-drop' ? mcnemarExactOneSided(b, c) : mcnemarExactOneSided(c, b);
  const unpaired: UnpairedComparison | null =
    onlyBaseline.n === 0 && onlyCurrent.n === 0
      ? null
      : (() => {
          const both = onlyBaseline.n > 0 && onlyCurrent.n > 0;
          const diff = both ? newcombeDifference(onlyCurrent.flagged, onlyCurrent.n, onlyBaseline.flagged, onlyBaseline.n) : null;
          return { baselineOnly: onlyBaseline, currentOnly: onlyCurrent, delta: diff?.delta ?? null, ci: diff?.ci ?? null };
        })();
  return {
    mutator: group,
    condition,
    direction,
    n,
    b,
    c,
    baselineRate: n ? (a + b) / n : null,
    currentRate: n ? (a + c) / n : null,
    delta,
    ci,
    p,
    worsening: direction === 'catch-drop' ? -delta : delta,
    unpaired,
  };
}

function flip(
  item: ItemRecord,
  before: BaselineItem,
  condition: ConditionName,
  from: number,
  to: number,
  baselineFlagged: number,
  currentFlagged: number,
  baselineReply: string | null,
  currentReply: string | null,
  originals: Map<string, string>,
): FlippedItem {
  const mutant = item.role === 'mutant';
  const direction: FlipDirection = mutant ? (from ? 'lost-catch' : 'new-catch') : to ? 'new-false-alarm' : 'cleared-false-alarm';
  const record = item.mutant ?? before.mutant;
  const original = originals.get(item.fixtureId);
  return {
    itemId: item.id,
    fixtureId: item.fixtureId,
    cluster: item.cluster,
    mutator: item.mutator,
    condition,
    direction,
    regression: direction === 'lost-catch' || direction === 'new-false-alarm',
    baselineFlagged,
    currentFlagged,
    diff: mutant && record && original !== undefined ? mutantDiff(original, record) : null,
    baselineReply,
    currentReply,
  };
}
