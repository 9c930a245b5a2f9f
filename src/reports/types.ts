import type { BaselineSource } from '../baseline/load.js';
import type { Gate } from '../gates/gate.js';
import type { BatchSummary, InvalidatedReview } from '../results/store.js';
import type { CriticMeasureFields, RunMeasureFields, Thresholds } from '../measures/index.js';
import type { IgnoredMutant } from '../mutants/types.js';
import type { LabelVerificationRow } from '../mutants/verifyCode.js';
import type { CriticTables } from '../results/tabulate.js';
import type { RunPlan, RunSettings, RunSnapshot, StopKind } from '../results/types.js';
import type { ReportSettings } from './schema.js';

/**
 * The settings of an audit run as its store keeps them: the results stage's
 * own, with the gates' thresholds and the report files' settings riding along,
 * so `report DIR` can rebuild everything without the config.
 */
export interface AuditSettings extends RunSettings {
  thresholds: Thresholds;
  /** The report files' settings (absent in runs stored before they existed: clean, one file). */
  reports?: ReportSettings | undefined;
  /**
   * The baseline the run was compared with (`run --baseline FILE`, kept by a resume given none): `report DIR`
   * without --baseline compares with it again, and fails maxRegression when it is gone or changed. Absent without one.
   */
  baseline?: BaselineSource | undefined;
}

export type AuditPlan = RunPlan<AuditSettings>;
export type AuditSnapshot = RunSnapshot<AuditSettings>;

/** A critic's part of report.json: its tables, gates and figures, and the fields of every per-critic measure (src/measures). */
export type CriticReport = CriticReportBase & CriticMeasureFields;

export interface CriticReportBase extends CriticTables {
  /**
   * One sentence for the top of every report, from this report's own figures:
   * "catches 53% of mutants sealed, 25% with the worker's trace; 27% false
   * alarms on correct answers; fails 3 of 9 gates".
   */
  summary: string;
  gates: Gate[];
  passed: boolean;
  /** In dollars at the configured prices (as the dry run's estimate), every review's tokens, cached ones included (what the audit costs); null without pricing. */
  cost: number | null;
  /** `cost` split: what replies from the critic cost (spent), and what the replies served from the cache would have; null without pricing. */
  costSplit: { spent: number; cached: number } | null;
}

export interface MutantSummary {
  valid: number;
  ignored: number;
  /** Of the ignored, those whose text a more specific mutator also made: counted once, under that one. */
  merged: number;
}

/** The shape of report.json (with the fields of every run-level measure). Other tools parse it: the names here are an interface. */
export type AuditReport = AuditReportBase & RunMeasureFields;

export interface AuditReportBase {
  tool: 'critic-audit';
  version: string;
  createdAt: string;
  config: string;
  seed: number;
  conditions: string[];
  repeats: number;
  complete: boolean;
  stopReason: string | null;
  /** Why the run stopped early, as a kind (exit codes and headlines read it); null when it did not, or stopped before kinds were stored. */
  stopKind: StopKind | null;
  /** The critic whose replies stopped the run (unreachable, quota, input); null otherwise. */
  stopCritic: string | null;
  passed: boolean;
  /** Reviews that ended in an error, as a share of all reviews, against the configured budget. */
  errorBudget: { budget: number; errorRate: number; exceeded: boolean };
  cost: number | null;
  mutants: { byMutator: Record<string, MutantSummary>; valid: number; ignored: number; merged: number };
  ignored: IgnoredMutant[];
  /** Code fixtures only: how every label was verified by the held-out checks. */
  labelVerification: LabelVerificationRow[];
  critics: Record<string, CriticReport>;
  /** The baseline this run was compared with, or null. */
  baseline: { file: string; sha256: string; createdAt: string } | null;
  /** Things to read before the figures: unsupported artifact sentences, a failed positive control, too few mutants, a partial baseline. */
  warnings: string[];
  /** Batch mode only: every batch sent, its status, the reviews it carried and the results that came from it. */
  batches?: BatchSummary[];
  /** Stored reviews whose request changed since (a fixture edited between runs of the folder): left out of every rate, each reviewed again by the resume. */
  invalidated?: InvalidatedReview[];
}
