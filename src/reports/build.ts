import type { AuditRun } from '../audit.js';
import { evaluateGates, type Gate } from '../gates/evaluate.js';
import type { IgnoredMutant } from '../mutants/types.js';
import { tabulate, type CriticTables } from '../results/tabulate.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';

export interface CriticReport extends CriticTables {
  gates: Gate[];
  passed: boolean;
}

export interface MutantSummary {
  valid: number;
  ignored: number;
}

/** The shape of report.json. Other tools parse it: the names here are an interface. */
export interface AuditReport {
  tool: 'critic-audit';
  version: string;
  createdAt: string;
  config: string;
  seed: number;
  conditions: string[];
  complete: boolean;
  stopReason: string | null;
  passed: boolean;
  /** Reviews that ended in an error, as a share of all reviews, against the configured budget. */
  errorBudget: { budget: number; errorRate: number; exceeded: boolean };
  mutants: { byMutator: Record<string, MutantSummary>; valid: number; ignored: number };
  ignored: IgnoredMutant[];
  critics: Record<string, CriticReport>;
}

export function buildReport(run: AuditRun): AuditReport {
  const critics: Record<string, CriticReport> = {};
  for (const critic of run.critics) {
    const results = run.results.filter((r) => r.critic === critic.name);
    const tables = tabulate(run.items, results, run.config.conditions);
    const gates = evaluateGates(tables, run.config.thresholds);
    critics[critic.name] = { ...tables, gates, passed: gates.every((g) => g.pass) };
  }
  const errors = run.results.filter((r) => r.outcome === 'error').length;
  const errorRate = run.results.length ? errors / run.results.length : 0;
  const byMutator: Record<string, MutantSummary> = {};
  for (const m of run.config.mutators) byMutator[m.name] = { valid: 0, ignored: 0 };
  for (const m of run.generation.mutants) byMutator[m.mutator]!.valid++;
  for (const m of run.generation.ignored) byMutator[m.mutator]!.ignored++;
  return {
    tool: 'critic-audit',
    version: HARNESS_VERSION,
    createdAt: run.finishedAt.toISOString(),
    config: run.config.file,
    seed: run.config.seed,
    conditions: run.config.conditions,
    complete: run.complete,
    stopReason: run.stopReason,
    passed: run.complete && Object.values(critics).every((c) => c.passed),
    errorBudget: { budget: run.config.errorBudget, errorRate, exceeded: errorRate > run.config.errorBudget },
    mutants: { byMutator, valid: run.generation.mutants.length, ignored: run.generation.ignored.length },
    ignored: run.generation.ignored,
    critics,
  };
}
