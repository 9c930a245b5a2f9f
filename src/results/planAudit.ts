import type { Fixture } from '../fixtures/types.js';
import type { ConditionName } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import { stoodUnasked, type ReviewResult } from '../reviews/types.js';
import { acceptedIssues, namedPlanItems } from '../reviews/verdicts/accepted-issues.js';
import { mcnemarExact } from '../statistics/mcnemar.js';
import { pairedDifferenceInterval } from '../statistics/newcombe.js';
import { wilsonIntervalOfMean, type Interval } from '../statistics/wilson.js';
import type { ResultSink } from './sink.js';

/**
 * Seed 003's plan audit, for a critic that answers in the accepted-issues
 * grammar: did the reviewer name the plan item an authored mutant breaks?
 * Counted from the stored replies, so `critic-audit report DIR` rebuilds it.
 */

/** Authored mutants under one condition: answered, flagged (issues listed) and named (an issue named the broken item). With repeats, each mutant adds the share of its repeats. */
export interface PlanCatchCell {
  n: number;
  flagged: number;
  named: number;
  /** named / n: the plan-item catch rate, with its Wilson 95% interval. */
  rate: number;
  ci: Interval;
}

export interface PlanItemRow {
  fixtureId: string;
  item: number;
  text: string;
  /** The authored mutants (valid ones) that break this item, by type. */
  mutants: number;
  types: string[];
  cells: Partial<Record<ConditionName, PlanCatchCell>>;
}

export interface AcceptanceCell {
  /** Originals of fixtures with a plan answered under the condition; ACCEPTED ones; the share, with its Wilson 95% interval. */
  n: number;
  accepted: number;
  rate: number;
  ci: Interval;
}

/** A round-summary condition against clean on the same authored mutants: b named the item clean only, c under the condition only (exact McNemar). */
export interface RoundSummaryEffect {
  condition: ConditionName;
  n: number;
  b: number;
  c: number;
  p: number;
  /** Condition minus clean plan-item catch rate, with Newcombe's paired 95% interval. */
  delta: number;
  ci: Interval;
}

export interface PlanAudit {
  byItem: PlanItemRow[];
  /** Pooled by authored mutant type. */
  byType: Record<string, Partial<Record<ConditionName, PlanCatchCell>>>;
  all: Partial<Record<ConditionName, PlanCatchCell>>;
  /** On the originals (reference and correct variants) of fixtures with a plan. */
  acceptance: Partial<Record<ConditionName, AcceptanceCell>>;
  roundSummary: RoundSummaryEffect[];
}

/**
 * One pass over a critic's replies. `conditions` are those counted (first
 * turns: a second turn's verdict may stand without a reply to read);
 * `roundSummaryConditions` those whose contaminant is the worker's round
 * summary. Null when the suite has no fixture with a plan.
 */
export function planAudit(
  items: readonly ItemRecord[],
  fixtures: readonly Fixture[],
  conditions: readonly ConditionName[],
  roundSummaryConditions: readonly ConditionName[],
): ResultSink<PlanAudit> | null {
  const planned = new Map(fixtures.filter((f) => f.acceptance?.length).map((f) => [f.id, f]));
  if (!planned.size) return null;
  const byId = new Map(items.filter((i) => planned.has(i.fixtureId) && (i.role === 'original' || i.mutant?.breaks !== undefined)).map((i) => [i.id, i]));
  const at = new Map(conditions.map((c, i) => [c, i]));
  // Per item: answered, flagged and named repeats (accepted, for an original), three slots per condition.
  const counts = new Map<string, Uint32Array>();
  const add = (r: ReviewResult): void => {
    if (r.outcome === 'error' || stoodUnasked(r)) return;
    const item = byId.get(r.itemId);
    const k = at.get(r.condition);
    if (!item || k === undefined) return;
    let c = counts.get(item.id);
    if (!c) counts.set(item.id, (c = new Uint32Array(3 * conditions.length)));
    c[3 * k]!++;
    if (item.role === 'original') {
      if (r.verdict === 'PASS') c[3 * k + 1]!++;
      return;
    }
    if (r.verdict !== 'FAIL') return;
    c[3 * k + 1]!++;
    const breaks = item.mutant!.breaks!;
    if (acceptedIssues.parse(r.reply ?? '').issues.some((issue) => namedPlanItems(issue).includes(breaks))) c[3 * k + 2]!++;
  };
  return { add, finish: () => planAuditFigures(planned, byId, counts, conditions, roundSummaryConditions) };
}

/** The audit's figures from the counts per item, once every reply was read. */
function planAuditFigures(
  planned: ReadonlyMap<string, Fixture>,
  byId: ReadonlyMap<string, ItemRecord>,
  counts: ReadonlyMap<string, Uint32Array>,
  conditions: readonly ConditionName[],
  roundSummaryConditions: readonly ConditionName[],
): PlanAudit {
  const at = new Map(conditions.map((c, i) => [c, i]));

  const rows = new Map<string, PlanItemRow>();
  for (const f of planned.values()) for (const p of f.acceptance!) rows.set(`${f.id}\0${p.item}`, { fixtureId: f.id, item: p.item, text: p.text, mutants: 0, types: [], cells: {} });
  const byType: PlanAudit['byType'] = {};
  const all: PlanAudit['all'] = {};
  const acceptance: PlanAudit['acceptance'] = {};
  const add = (cells: Partial<Record<ConditionName, PlanCatchCell>>, condition: ConditionName, answered: number, flagged: number, named: number) => {
    const cell = (cells[condition] ??= { n: 0, flagged: 0, named: 0, rate: 0, ci: [0, 1] });
    cell.n++;
    cell.flagged += flagged / answered;
    cell.named += named / answered;
  };
  for (const item of byId.values()) {
    const c = counts.get(item.id);
    if (item.role === 'mutant') {
      const row = rows.get(`${item.fixtureId}\0${item.mutant!.breaks}`)!;
      row.mutants++;
      if (!row.types.includes(item.mutator!)) row.types.push(item.mutator!);
    }
    if (!c) continue;
    conditions.forEach((condition, k) => {
      const answered = c[3 * k]!;
      if (!answered) return;
      if (item.role === 'original') {
        const cell = (acceptance[condition] ??= { n: 0, accepted: 0, rate: 0, ci: [0, 1] });
        cell.n++;
        cell.accepted += c[3 * k + 1]! / answered;
        return;
      }
      const row = rows.get(`${item.fixtureId}\0${item.mutant!.breaks}`)!;
      for (const cells of [row.cells, (byType[item.mutator!] ??= {}), all]) add(cells, condition, answered, c[3 * k + 1]!, c[3 * k + 2]!);
    });
  }
  const finish = (cell: { n: number; rate: number; ci: Interval }, part: number) => {
    cell.rate = part / cell.n;
    cell.ci = wilsonIntervalOfMean(cell.rate, cell.n);
  };
  for (const cells of [...[...rows.values()].map((r) => r.cells), ...Object.values(byType), all]) for (const cell of Object.values(cells)) if (cell) finish(cell, cell.named);
  for (const cell of Object.values(acceptance)) if (cell) finish(cell, cell.accepted);

  const namedUnder = (id: string, condition: ConditionName): boolean | undefined => {
    const c = counts.get(id);
    const k = at.get(condition);
    if (!c || k === undefined || !c[3 * k]) return undefined;
    return c[3 * k + 2]! * 2 > c[3 * k]!;
  };
  const mutants = [...byId.values()].filter((i) => i.role === 'mutant');
  const roundSummary = roundSummaryConditions.flatMap((condition): RoundSummaryEffect[] => {
    let n = 0,
      both = 0,
      b = 0,
      c = 0;
    for (const m of mutants) {
      const x = namedUnder(m.id, 'clean');
      const y = namedUnder(m.id, condition);
      if (x === undefined || y === undefined) continue;
      n++;
      if (x && y) both++;
      else if (x) b++;
      else if (y) c++;
    }
    if (!n) return [];
    return [{ condition, n, b, c, p: mcnemarExact(b, c), delta: (c - b) / n, ci: pairedDifferenceInterval(both, c, b, n - both - b - c).ci }];
  });
  return { byItem: [...rows.values()], byType, all, acceptance, roundSummary };
}
