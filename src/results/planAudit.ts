import type { Fixture } from '../fixtures/types.js';
import type { ConditionName } from '../requests/conditions/index.js';
import { quotedPhrases, squashSpace } from '../fixtures/plan.js';
import type { MutantRecord } from '../mutants/types.js';
import type { ItemRecord } from '../requests/items.js';
import { stoodUnasked, type ReviewResult } from '../reviews/types.js';
import { acceptedIssues, issueAnchors, namedPlanItems } from '../reviews/verdicts/accepted-issues.js';
import { mcnemarExact } from '../statistics/mcnemar.js';
import { pairedDifferenceInterval } from '../statistics/newcombe.js';
import { wilsonIntervalOfMean, type Interval } from '../statistics/wilson.js';
import type { ResultSink } from './sink.js';

/**
 * Seed 003's plan audit, for a critic that answers in the accepted-issues
 * grammar: did the reviewer name the plan item an authored mutant breaks?
 * Counted from the stored replies, so `critic-audit report DIR` rebuilds it.
 */

/**
 * Authored mutants under one condition: answered, flagged (issues listed) and named (an issue named the broken item,
 * and the reply did not name every item of a plan of two or more: naming them all names the broken one by
 * construction, so it earns no credit). With repeats, each mutant adds the share of its repeats.
 */
export interface PlanCatchCell {
  n: number;
  flagged: number;
  named: number;
  /** named / n: the plan-item catch rate, with its Wilson 95% interval. */
  rate: number;
  ci: Interval;
  /** Plan items the replies named that the mutant does not break, each charged once per reply. */
  namedNotBroken: number;
  /** The plan items the mutants do not break (each mutant's plan size minus one): what namedNotBroken is out of. */
  notBroken: number;
  /** namedNotBroken / notBroken, the over-naming rate (0 when notBroken is 0): 1 for a critic that names every item. */
  namedNotBrokenRate: number;
  /** Mutants whose reply named every item of a plan of two or more (no credit for those). */
  namedEvery: number;
  /**
   * The chance-corrected credit (planCredit), summed over the mutants: what the replies earned above a namer that
   * names as many items without regard to which one is broken. Each mutant adds at most 1 (the broken item named,
   * no intact one); naming items indiscriminately earns 0 in expectation, whatever share of the plan it names.
   */
  credit: number;
  /** credit / n: 1 for a critic that names exactly the broken item every time, about 0 for one that names items at random. */
  creditRate: number;
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

/** The issue lines of the replies under one condition, and those that give no way to verify them (no plan item, evidence id, line, test or example). */
export interface IssueLinesCell {
  issues: number;
  unverifiable: number;
  /** unverifiable / issues (0 with no issues). */
  rate: number;
}

export interface PlanAudit {
  /** One row per plan item: its cells are its coverage, how often it was named when an authored mutant broke it. */
  byItem: PlanItemRow[];
  /** Pooled by authored mutant type. */
  byType: Record<string, Partial<Record<ConditionName, PlanCatchCell>>>;
  all: Partial<Record<ConditionName, PlanCatchCell>>;
  /** On the originals (reference and correct variants) of fixtures with a plan. */
  acceptance: Partial<Record<ConditionName, AcceptanceCell>>;
  roundSummary: RoundSummaryEffect[];
  /** Over the replies on the originals and authored mutants of fixtures with a plan. */
  issueLines: Partial<Record<ConditionName, IssueLinesCell>>;
}

/** Per item and condition: answered, flagged (accepted, for an original), named, namedNotBroken, namedEvery, issues, unverifiable issues, credit. */
const SLOTS = 8;

/**
 * One reply's chance-corrected credit on a mutant: 1 when it names the item the mutant breaks, less 1/(intact items)
 * for each intact item it names. Intact: the plan items the mutant does not break (brokenItems). A reply naming k of
 * the plan's m items without regard to which is broken names the broken one with probability k/m and k(m − b)/m intact
 * ones on average (b broken), so its expected credit is 0 whatever it names (every item, all but one, one at random);
 * naming every item earns exactly 0. A plan whose items the mutant all breaks cannot tell a reviewer from a namer: 0.
 */
export function planCredit(hit: boolean, intactNamed: number, intact: number): number {
  if (intact < 1) return 0;
  return (hit ? 1 : 0) - intactNamed / intact;
}

/**
 * The plan items a mutant breaks: the one it is authored to break, and any other whose quoted phrases the reference
 * states and the mutant no longer does (a dropped clause that an item quotes is broken whatever the label says).
 */
export function brokenItems(fixture: Fixture, mutant: MutantRecord): Set<number> {
  const mutated = squashSpace(fixture.artifact.slice(0, mutant.span.start) + mutant.replacement + fixture.artifact.slice(mutant.span.end));
  const reference = squashSpace(fixture.artifact);
  const broken = new Set(mutant.breaks === undefined ? [] : [mutant.breaks]);
  for (const p of fixture.acceptance ?? []) {
    const phrases = quotedPhrases(p.text).map(squashSpace);
    if (phrases.some((phrase) => reference.includes(phrase) && !mutated.includes(phrase))) broken.add(p.item);
  }
  return broken;
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
  const counts = new Map<string, Float64Array>();
  const add = (r: ReviewResult): void => {
    if (r.outcome === 'error' || stoodUnasked(r)) return;
    const item = byId.get(r.itemId);
    const k = at.get(r.condition);
    if (!item || k === undefined) return;
    let c = counts.get(item.id);
    if (!c) counts.set(item.id, (c = new Float64Array(SLOTS * conditions.length)));
    const base = SLOTS * k;
    c[base]!++;
    const fixture = planned.get(item.fixtureId)!;
    const issues = acceptedIssues.parse(r.reply ?? '').issues;
    const evidenceIds = 'evidence' in fixture ? fixture.evidence.map((e) => e.id) : [];
    c[base + 5]! += issues.length;
    c[base + 6]! += issues.filter((issue) => !issueAnchors(issue, evidenceIds).length).length;
    if (item.role === 'original') {
      if (r.verdict === 'PASS') c[base + 1]!++;
      return;
    }
    if (r.verdict !== 'FAIL') return;
    c[base + 1]!++;
    const breaks = item.mutant!.breaks!;
    const plan = fixture.acceptance!.map((p) => p.item);
    const named = new Set(issues.flatMap(namedPlanItems).filter((n) => plan.includes(n)));
    const every = plan.length > 1 && named.size === plan.length;
    if (named.has(breaks) && !every) c[base + 2]!++;
    c[base + 3]! += named.size - (named.has(breaks) ? 1 : 0);
    if (every) c[base + 4]!++;
    const broken = brokenItems(fixture, item.mutant!);
    c[base + 7]! += planCredit(named.has(breaks), [...named].filter((n) => !broken.has(n)).length, plan.length - broken.size);
  };
  return { add, finish: () => planAuditFigures(planned, byId, counts, conditions, roundSummaryConditions) };
}

/** The audit's figures from the counts per item, once every reply was read. */
function planAuditFigures(
  planned: ReadonlyMap<string, Fixture>,
  byId: ReadonlyMap<string, ItemRecord>,
  counts: ReadonlyMap<string, Float64Array>,
  conditions: readonly ConditionName[],
  roundSummaryConditions: readonly ConditionName[],
): PlanAudit {
  const at = new Map(conditions.map((c, i) => [c, i]));

  const rows = new Map<string, PlanItemRow>();
  for (const f of planned.values()) for (const p of f.acceptance!) rows.set(`${f.id}\0${p.item}`, { fixtureId: f.id, item: p.item, text: p.text, mutants: 0, types: [], cells: {} });
  const byType: PlanAudit['byType'] = {};
  const all: PlanAudit['all'] = {};
  const acceptance: PlanAudit['acceptance'] = {};
  const issueLines: PlanAudit['issueLines'] = {};
  const add = (cells: Partial<Record<ConditionName, PlanCatchCell>>, condition: ConditionName, c: Float64Array, at: number, planSize: number) => {
    const cell = (cells[condition] ??= { n: 0, flagged: 0, named: 0, rate: 0, ci: [0, 1], namedNotBroken: 0, notBroken: 0, namedNotBrokenRate: 0, namedEvery: 0, credit: 0, creditRate: 0 });
    const answered = c[at]!;
    cell.n++;
    cell.flagged += c[at + 1]! / answered;
    cell.named += c[at + 2]! / answered;
    cell.namedNotBroken += c[at + 3]! / answered;
    cell.notBroken += planSize - 1;
    cell.namedEvery += c[at + 4]! / answered;
    cell.credit += c[at + 7]! / answered;
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
      const at = SLOTS * k;
      const answered = c[at]!;
      if (!answered) return;
      const lines = (issueLines[condition] ??= { issues: 0, unverifiable: 0, rate: 0 });
      lines.issues += c[at + 5]!;
      lines.unverifiable += c[at + 6]!;
      if (item.role === 'original') {
        const cell = (acceptance[condition] ??= { n: 0, accepted: 0, rate: 0, ci: [0, 1] });
        cell.n++;
        cell.accepted += c[at + 1]! / answered;
        return;
      }
      const row = rows.get(`${item.fixtureId}\0${item.mutant!.breaks}`)!;
      const planSize = planned.get(item.fixtureId)!.acceptance!.length;
      for (const cells of [row.cells, (byType[item.mutator!] ??= {}), all]) add(cells, condition, c, at, planSize);
    });
  }
  const finish = (cell: { n: number; rate: number; ci: Interval }, part: number) => {
    cell.rate = part / cell.n;
    cell.ci = wilsonIntervalOfMean(cell.rate, cell.n);
  };
  for (const cells of [...[...rows.values()].map((r) => r.cells), ...Object.values(byType), all])
    for (const cell of Object.values(cells)) {
      if (!cell) continue;
      finish(cell, cell.named);
      cell.namedNotBrokenRate = cell.notBroken ? cell.namedNotBroken / cell.notBroken : 0;
      cell.creditRate = cell.credit / cell.n;
    }
  for (const cell of Object.values(acceptance)) if (cell) finish(cell, cell.accepted);
  for (const cell of Object.values(issueLines)) if (cell) cell.rate = cell.issues ? cell.unverifiable / cell.issues : 0;

  const namedUnder = (id: string, condition: ConditionName): boolean | undefined => {
    const c = counts.get(id);
    const k = at.get(condition);
    if (!c || k === undefined || !c[SLOTS * k]) return undefined;
    return c[SLOTS * k + 2]! * 2 > c[SLOTS * k]!;
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
  return { byItem: [...rows.values()], byType, all, acceptance, roundSummary, issueLines };
}
