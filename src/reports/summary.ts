import { fixtureKind } from '../fixtures/kinds/index.js';
import type { Gate } from '../gates/gate.js';
import type { Condition } from '../requests/conditions/index.js';
import { rates, series } from '../measures/format.js';
import { sentenceClauses, type CriticMeasureFields } from '../measures/index.js';
import type { CriticReport } from './types.js';

/** What the summary sentence reads of a critic's report: its tables and gates, and the measures' figures their clauses read (a plan audit's). */
export type SummaryFigures = Pick<CriticReport, 'pooled' | 'falseAlarms' | 'verdicts' | 'gates'> & Partial<CriticMeasureFields>;

/**
 * One sentence a reader takes in before any table: "catches 53% of mutants
 * sealed, 25% with the worker's trace; 27% false alarms on correct answers;
 * fails 3 of 9 gates". Every figure is one of the report's own (pooled catch
 * rates, false alarms, gates), rounded as the tables round them. The
 * conditions are named by their own labels, in the run's order, the ones the
 * critic was not reviewed under left out; false alarms are given sealed and
 * under the conditions that push towards FAIL (their effect is on the
 * originals); the correct artifacts are named by the kinds the critic
 * reviewed; a measure adds its clause (a plan audit: how often the reply
 * named the plan item an authored mutant breaks).
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
    clauses.push(...sentenceClauses(critic, conditions));
  }
  clauses.push(gatesClause(critic.gates));
  return clauses.filter(Boolean).join('; ');
}

/** The sealed request: no contaminant added, no second turn, nothing withheld. */
const isSealed = (c: Condition) => !c.contaminantKey && !c.followUp && !c.withholds;

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
