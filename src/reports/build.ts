import { evaluateGates, type Gate } from '../gates/evaluate.js';
import type { IgnoredMutant } from '../mutants/types.js';
import type { LabelVerificationRow } from '../mutants/verifyCode.js';
import { reviewItems } from '../requests/items.js';
import type { RunSnapshot, RunStatus } from '../results/snapshot.js';
import type { RunStore } from '../results/store.js';
import { tabulate, type CriticTables } from '../results/tabulate.js';
import { HARNESS_VERSION } from '../util/packageRoot.js';

export interface CriticReport extends CriticTables {
  gates: Gate[];
  passed: boolean;
  /** In the currency of the configured prices; null without pricing. */
  cost: number | null;
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
  repeats: number;
  complete: boolean;
  stopReason: string | null;
  passed: boolean;
  /** Reviews that ended in an error, as a share of all reviews, against the configured budget. */
  errorBudget: { budget: number; errorRate: number; exceeded: boolean };
  cost: number | null;
  mutants: { byMutator: Record<string, MutantSummary>; valid: number; ignored: number };
  ignored: IgnoredMutant[];
  /** Code fixtures only: how every label was verified by the held-out checks. */
  labelVerification: LabelVerificationRow[];
  critics: Record<string, CriticReport>;
}

export function buildReport(snapshot: RunSnapshot, status: RunStatus, store: RunStore): AuditReport {
  const items = reviewItems(snapshot.fixtures, snapshot.generation.mutants);
  const { settings } = snapshot;
  const critics: Record<string, CriticReport> = {};
  let reviews = 0;
  let errors = 0;
  let cost = 0;
  for (const critic of snapshot.critics) {
    const tables = tabulate(items, store.results(critic.name), settings.conditions);
    const gates = evaluateGates(tables, settings.thresholds);
    const v = tables.verdicts;
    const criticCost = critic.pricing ? (v.inputTokens * critic.pricing.inputPerMillion + v.outputTokens * critic.pricing.outputPerMillion) / 1e6 : null;
    critics[critic.name] = { ...tables, gates, passed: gates.every((g) => g.pass), cost: criticCost };
    reviews += v.reviews;
    errors += v.errors;
    cost += criticCost ?? 0;
  }
  const errorRate = reviews ? errors / reviews : 0;
  const byMutator: Record<string, MutantSummary> = {};
  for (const name of settings.mutators) byMutator[name] = { valid: 0, ignored: 0 };
  for (const m of snapshot.generation.mutants) byMutator[m.mutator]!.valid++;
  for (const m of snapshot.generation.ignored) byMutator[m.mutator]!.ignored++;
  return {
    tool: 'critic-audit',
    version: HARNESS_VERSION,
    createdAt: status.finishedAt,
    config: settings.configFile,
    seed: settings.seed,
    conditions: settings.conditions,
    repeats: settings.repeats,
    complete: status.complete,
    stopReason: status.stopReason,
    passed: status.complete && Object.values(critics).every((c) => c.passed),
    errorBudget: { budget: settings.errorBudget, errorRate, exceeded: errorRate > settings.errorBudget },
    cost: snapshot.critics.some((c) => c.pricing) ? cost : null,
    mutants: { byMutator, valid: snapshot.generation.mutants.length, ignored: snapshot.generation.ignored.length },
    ignored: snapshot.generation.ignored,
    labelVerification: snapshot.labelVerification ?? [],
    critics,
  };
}
