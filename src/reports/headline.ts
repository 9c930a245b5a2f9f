import type { StopKind } from '../results/types.js';
import { noDataNote } from './summary.js';
import type { AuditReport } from './types.js';

/**
 * The first line of every report, in parts each format dresses its own way:
 * why the run measured less than it planned, first; then the verdict and the
 * gates. A run stopped by an unreachable critic reads "critic model
 * unreachable", not a failed positive control.
 */
export interface Headline {
  /** The run's stop, or the critics that answered nothing; null for a run that measured what it planned. */
  cause: string | null;
  passed: boolean;
  /** Over every critic's gates: "3 of 9 gates failed (2 with no data)", "all 4 gates passed", "no gates". */
  gates: string;
}

/** Each stop kind in the headline's words; `critic` names the critic it came from, when one did. */
const STOP_CAUSES: Record<StopKind, (critic: string) => string> = {
  unreachable: (critic) => `${critic} unreachable`,
  quota: (critic) => `${critic}: quota exhausted`,
  input: (critic) => `${critic}: configuration refused by its API`,
  'error-budget': () => 'error budget exhausted',
  budget: () => 'cost budget spent',
  interrupted: () => 'interrupted',
  pending: () => 'waiting for batches',
};

export function headline(report: AuditReport): Headline {
  return { cause: cause(report), passed: report.passed, gates: gatesText(report) };
}

function cause(report: AuditReport): string | null {
  if (report.stopKind) return STOP_CAUSES[report.stopKind](report.stopCritic === null ? 'critic' : `critic ${report.stopCritic}`);
  // Stopped without a kind: killed before it could say why, shards not merged, or a store older than the kinds.
  if (!report.complete) return 'incomplete run';
  const silent = Object.entries(report.critics)
    .filter(([, c]) => c.verdicts.verdicts + c.verdicts.noVerdict === 0)
    .map(([name]) => name);
  if (!silent.length) return null;
  return silent.length === Object.keys(report.critics).length ? 'no data: no review was answered' : `no data from ${silent.map((n) => `critic ${n}`).join(', ')}`;
}

function gatesText(report: AuditReport): string {
  const gates = Object.values(report.critics).flatMap((c) => c.gates);
  if (!gates.length) return 'no gates';
  const failed = gates.filter((g) => !g.pass);
  if (failed.length) return `${failed.length} of ${gates.length} gates failed${noDataNote(failed)}`;
  return `${gates.length === 1 ? 'the one gate' : `all ${gates.length} gates`} passed${noDataNote(gates)}`;
}
