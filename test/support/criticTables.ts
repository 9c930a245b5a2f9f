import { CONDITION_NAMES, conditionsOf } from '../../src/requests/conditions/index.js';
import type { CriticScope } from '../../src/measures/measure.js';
import { ItemOutcomes } from '../../src/results/itemOutcomes.js';
import type { CriticTables } from '../../src/results/tabulate.js';
import type { Interval } from '../../src/statistics/wilson.js';

/**
 * A critic's tables for the gates' unit specs: number-flip's clean catch rate (50 mutants) at `rate` with its
 * interval, 1 of 30 originals flagged clean, 96 of 100 reviews ending in a verdict, no paired row; `extra`
 * replaces any part.
 */
export function criticTables(rate: number, ci: Interval, extra: Partial<CriticTables> = {}): CriticTables {
  const cell = { n: 50, caught: rate * 50, rate, ci, noVerdict: 0, errors: 0, flaky: null };
  return {
    byMutator: { 'number-flip': { clean: cell } },
    pooled: { clean: cell },
    falseAlarms: { clean: { n: 30, flagged: 1, rate: 1 / 30, ci: [0.006, 0.167], noVerdict: 0, errors: 0, flaky: null } },
    falseAlarmsApart: { originals: {}, controls: {} },
    paired: [],
    verdicts: {
      reviews: 100,
      verdicts: 96,
      noVerdict: 4,
      errors: 0,
      cached: 0,
      retries: 0,
      rateLimited: 0,
      verdictRate: 0.96,
      noVerdictRate: 0.04,
      errorRate: 0,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      cachedOutputTokens: 0,
    },
    errorCauses: [],
    ...extra,
  };
}

/**
 * A critic's scope for a measure's gates over `tables`: every built-in condition, reaching the critic's fixtures
 * unless `unreached` says otherwise; number-flip has valid mutants, entity-swap none; no baseline.
 */
export function criticScope(tables: CriticTables, scope: Partial<CriticScope> = {}): CriticScope {
  return {
    critic: { name: 'critic', identity: { provider: 'scripted' } },
    items: [],
    fixtures: [],
    conditions: conditionsOf(CONDITION_NAMES),
    runMutators: ['number-flip', 'entity-swap'],
    generation: { mutants: [{ mutator: 'number-flip' }], ignored: [{ mutator: 'entity-swap', reason: 'no sites' }] },
    baseline: undefined,
    settings: { configFile: 'critic.yaml', configSha256: '0'.repeat(64), seed: 1, conditions: [...CONDITION_NAMES], mutators: ['number-flip', 'entity-swap'], repeats: 1, errorBudget: 0.05 },
    gatedMutators: [
      { name: 'number-flip', noMutants: null },
      { name: 'entity-swap', noMutants: 'entity-swap made no valid mutant (no sites)' },
    ],
    unreached: new Map(),
    outcomes: new ItemOutcomes(),
    tables,
    ...scope,
  };
}
