import { ALL_MUTATORS } from '../../mutators/index.js';
import { fixtureKind } from '../fixtures/kinds/index.js';
import type { ReviewAuditReport } from '../results/reviewAudit.js';
import { noDataGate, nothingMeasured, overallThreshold, type Gate } from './gate.js';
import { namedMutators, withNamed } from './gatedMutators.js';
import type { GateThresholds } from './schema.js';

/** Why maxFalseConsensus is refused, in the config and on the command line, when no critic of the run reads reviews. */
export const FALSE_CONSENSUS_WITHOUT_CRITIC = 'maxFalseConsensus gates critics of reviews, and no critic has `verdict: agree-disagree`';

/**
 * `maxFalseConsensus` (seed 001): the largest share of flawed reviews a
 * critic of reviews may AGREE with, on clean requests. A number gates every
 * review mutator of the run; a map gates those it names (`default` the rest).
 * A mutator named that made no review mutant (or that the run does not have)
 * is a no-data gate that fails; under a number or `default` it is only a
 * warning, unless no review mutator was measured at all, or the run has none:
 * then one `maxFalseConsensus` no-data gate fails the run. With `gate:
 * lower-bound` the pessimistic end of the Wilson interval is compared.
 */
export function falseConsensusGates(audit: ReviewAuditReport | null | undefined, thresholds: GateThresholds, reviewMutators: readonly string[]): Gate[] {
  const setting = thresholds.maxFalseConsensus;
  if (setting === undefined) return [];
  const overall = overallThreshold(setting);
  const conservative = thresholds.gate === 'lower-bound';
  const members = withNamed(
    reviewMutators.map((name) => ({ name, noMutants: null })),
    namedMutators(setting),
    reviewMutators,
  ).flatMap(({ name: mutator, noMutants }): Gate[] => {
    const named = typeof setting === 'number' ? undefined : setting[mutator];
    const threshold = typeof setting === 'number' ? setting : (named ?? setting.default);
    if (threshold === undefined) return [];
    const name = `maxFalseConsensus.${mutator}`;
    const cell = audit?.byMutator[mutator]?.clean;
    if (!cell) return [noDataGate(name, threshold, noMutants ?? `no ${mutator} review was answered on clean requests`, named !== undefined)];
    const value = conservative ? cell.falseConsensus.ci[1] : cell.falseConsensus.rate;
    const pass = value <= threshold;
    return [
      {
        name,
        threshold,
        value,
        ...(conservative ? { estimate: cell.falseConsensus.rate } : {}),
        pass,
        status: pass ? 'green' : 'red',
        detail: `agreed with ${+cell.agreed.toFixed(2)} of ${cell.n} ${mutator} reviews`,
      },
    ];
  });
  const why = reviewMutators.length ? 'no flawed review was measured' : 'no review mutator in the run (reviewAudits.mutators): no flawed review to agree with';
  const none = nothingMeasured('maxFalseConsensus', overall, members, why);
  return none ? [...members, none] : members;
}

/** The review mutators, the only keys `maxFalseConsensus` takes besides `default`. */
export const REVIEW_MUTATOR_NAMES: readonly string[] = ALL_MUTATORS.filter((m) => fixtureKind(m.kind).isReview).map((m) => m.name);

/** `--threshold maxFalseConsensus=N` (every review mutator) or `maxFalseConsensus.<review mutator or default>=N`. */
export function overrideFalseConsensus(current: unknown, key: string | undefined, value: unknown): unknown {
  if (key === undefined) return value;
  if (key !== 'default' && !REVIEW_MUTATOR_NAMES.includes(key)) throw new Error(`"${key}" is not a review mutator; use ${REVIEW_MUTATOR_NAMES.join(', ')} or default`);
  return { ...(typeof current === 'number' ? { default: current } : ((current as object | undefined) ?? {})), [key]: value };
}
