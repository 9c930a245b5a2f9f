import { fixtureKind } from '../fixtures/kinds/index.js';
import type { Gate } from '../gates/gate.js';
import type { Condition } from '../requests/conditions/index.js';
import { percent } from '../measures/format.js';
import type { CriticReport } from './types.js';

/** What the summary sentence reads of a critic's report: its tables, gates and plan audit. */
export type SummaryFigures = Pick<CriticReport, 'pooled' | 'falseAlarms' | 'verdicts' | 'gates' | 'planAudit'>;

/**
 * One sentence a reader takes in before any table: "catches 53% of mutants
 * sealed, 25% with the worker's trace; 27% false alarms on correct answers;
 * fails 3 of 9 gates". Every figure is one of the report's own (pooled catch
 * rates, false alarms, gates), rounded as the tables round them. The
 * conditions are named by their own labels, in the run's order, the ones the
 * critic was not reviewed under left out; false alarms are given sealed and
 * under the conditions that push towards FAIL (their effect is on the
 * originals); the correct artifacts are named by the kinds the critic
 * reviewed; a plan audit adds how often the reply named the plan item an
 * authored mutant breaks.
 */
export function criticSummary(critic: SummaryFigures, conditions: readonly Condition[], kinds: readonly string[]): string {
  const clauses: string[] = [];
  const v = critic.verdicts;
  if (v.verdicts + v.noVerdict === 0) clauses.push(`answered no review${v.errors ? ` (${v.errors} failed)` : ''}`);
  else {
    clauses.push(series(rates(conditions, critic.pooled), (r) => `catches ${r.value} of mutants ${r.label}`, 'catches mutants'));
    const correct = `correct ${kinds.map((k) => fixtureKind(k)?.artifacts ?? `${k} artifacts`).join(' and ') || 'originals'}`;
    const alarms = rates(
      conditions.filter((c) => c.pushes === 'fail' || isSealed(c)),
      critic.falseAlarms,
    );
    // Sealed alone, the condition goes without saying.
    clauses.push(series(alarms, (r) => `${r.value} false alarms on ${correct}${alarms.length > 1 ? ` ${r.label}` : ''}`, `false alarms on ${correct}`));
    if (critic.planAudit) clauses.push(series(rates(conditions, critic.planAudit.all), (r) => `names the plan item broken on ${r.value} of authored mutants ${r.label}`, 'plan items named'));
  }
  clauses.push(gatesClause(critic.gates));
  return clauses.filter(Boolean).join('; ');
}

/** The sealed request: no contaminant added, no second turn, nothing withheld. */
const isSealed = (c: Condition) => !c.contaminantKey && !c.followUp && !c.withholds;

/** A rate as the sentence gives it ("53%"), null when every review under the condition failed. */
interface Rate {
  value: string | null;
  label: string;
}

/**
 * The first measured rate in full (`head`), the others after it by label;
 * the conditions with no data named apart at the end ("(no data with the
 * worker's trace)"), or after `what` when none has data. Empty without rates.
 */
function series(list: readonly Rate[], head: (first: Rate) => string, what: string): string {
  const missing = list.filter((r) => r.value === null).map((r) => r.label);
  const gap = missing.length ? `no data ${missing.join(', ')}` : '';
  const [first, ...rest] = list.filter((r) => r.value !== null);
  if (!first) return gap && `${what}: ${gap}`;
  return [head(first), ...rest.map((r) => `${r.value} ${r.label}`)].join(', ') + (gap && ` (${gap})`);
}

/** One rate per condition the cells have, in the run's order. */
function rates(conditions: readonly Condition[], cells: Partial<Record<string, { n: number; rate: number }>>): Rate[] {
  return conditions.flatMap((c) => {
    const cell = cells[c.name];
    return cell ? [{ value: cell.n ? percent(cell.rate) : null, label: c.label }] : [];
  });
}

/** How the critic fares on its gates: "fails 3 of 9 gates (1 with no data)", "passes all 4 gates", "has no gates". */
function gatesClause(gates: readonly Gate[]): string {
  if (!gates.length) return 'has no gates';
  const failed = gates.filter((g) => !g.pass);
  if (failed.length) return `fails ${failed.length} of ${gates.length} gates${noDataNote(failed)}`;
  return `passes ${gates.length === 1 ? 'its one gate' : `all ${gates.length} gates`}${noDataNote(gates)}`;
}

/** " (2 with no data)" for the gates among these that had nothing to measure ("all" when every one of several); empty when none did. */
export function noDataNote(gates: readonly Gate[]): string {
  const n = gates.filter((g) => g.status === 'no-data').length;
  return n ? ` (${n === gates.length && n > 1 ? 'all' : n} with no data)` : '';
}
