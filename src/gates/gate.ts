import type { Interval } from '../statistics/wilson.js';

/** A band's colour for a measured value. */
export type BandStatus = 'green' | 'amber' | 'red';
/** A gate's status: its band colour, or `no-data` when there was nothing to measure. */
export type GateStatus = BandStatus | 'no-data';

/** A band with its fallbacks applied; `break` null means the band colours but never fails the run. */
export interface ResolvedBand {
  high: number;
  low: number;
  break: number | null;
}

export interface Gate {
  name: string;
  threshold: number;
  /** The measured figure; null when there was nothing to measure (status `no-data`, `detail` says why). */
  value: number | null;
  /**
   * False when the gate fails the run. A no-data gate fails it too, unless no
   * threshold was set for it by name (catchRate's `default` over a mutator
   * with no valid mutant): then it passes and is listed among the warnings.
   */
  pass: boolean;
  /** green (clear), amber (between a band's low and high), red (below low, or failed) or no-data. */
  status?: GateStatus;
  /** The point estimate, when `value` is the pessimistic end of its interval (`thresholds.gate: lower-bound`). */
  estimate?: number;
  /** A catch-rate gate's band. */
  band?: ResolvedBand;
  /** What was measured, in words, when the gate combines several numbers; why there was no data. */
  detail?: string;
  /** A `maxConditionEffect` gate's paired comparison: items, b, c, exact McNemar p and the Newcombe interval. */
  effect?: EffectMeasure;
  /** A `maxRegression` gate's worst gated row, with the alpha and margin it is compared with. */
  regression?: RegressionMeasure;
}

/** A mutator a critic's catch rate is gated on, with why it made no valid mutant (null when it made some). */
export interface GatedMutator {
  name: string;
  noMutants: string | null;
}

/** What a `maxConditionEffect` gate measured: the paired comparison of its items, clean against the condition. */
export interface EffectMeasure {
  condition: string;
  /** `catch-drop` on mutants for a condition that pushes towards PASS; `false-alarm-rise` on originals for one that pushes towards FAIL. */
  direction: 'catch-drop' | 'false-alarm-rise';
  /** The mutator, `all` (every mutant pooled) or `control` (the originals). */
  items: string;
  n: number;
  b: number;
  c: number;
  /** Exact two-sided McNemar p. */
  p: number;
  /** The effect's 95% Newcombe paired interval, in the direction gated (a drop is positive). */
  ci: Interval;
}

/**
 * The row a `maxRegression` gate shows: the regressed row that worsened most, else the gated row with the
 * smallest Holm-adjusted p (the nearest to regressing). It regresses when pHolm <= alpha and it worsened by more
 * than the margin.
 */
export interface RegressionMeasure {
  /** A mutator, `all` (every mutant pooled) or `control` (the originals). */
  items: string;
  condition: string;
  /** `catch-drop` on mutants, `false-alarm-rise` on the originals. */
  direction: 'catch-drop' | 'false-alarm-rise';
  n: number;
  /** Flagged in the baseline only, and in this run only. */
  b: number;
  c: number;
  /** This run minus the baseline on the paired items, with its Newcombe paired 95% interval. */
  delta: number;
  ci: Interval;
  /** The one-sided exact McNemar p, Holm-adjusted across the gated rows. */
  pHolm: number;
  alpha: number;
  margin: number;
  /** The family's rows gated, and those reported as too small (fewer than minPairs paired items). */
  gatedRows: number;
  tooSmallRows: number;
  minPairs: number;
}

/** A gate with nothing to measure: never a pass. It fails the run unless `fails` is false; then it is a warning. */
export function noDataGate(name: string, threshold: number, why: string, fails = true): Gate {
  return { name, threshold, value: null, pass: !fails, status: 'no-data', detail: why };
}

/**
 * A per-member threshold (catchRate, a maxConditionEffect map, ...) whose
 * members measured nothing for this critic, each a warning at most (a
 * `default` over mutators that made no valid mutant) or none at all: one
 * no-data gate under the threshold's own name that fails the run, so it is
 * never passed on warnings alone. Undefined when a member was measured, or a
 * member's gate fails the run already.
 */
export function nothingMeasured(name: string, threshold: number, members: readonly Gate[], why: string): Gate | undefined {
  if (members.some((g) => g.value !== null || !g.pass)) return undefined;
  return noDataGate(name, threshold, members.length ? `${why} (no data: ${members.map((g) => g.name).join(', ')})` : why);
}

/** Why a clean cell has no answered review: every review failed, or none finished. */
export function unanswered(cell: { errors: number } | undefined, what: string): string {
  return cell?.errors ? `every clean review of ${what} failed (${errorCount(cell.errors)})` : `no clean review of ${what} finished`;
}

/** "1 error", "3 errors". */
export const errorCount = (n: number) => `${n} error${n === 1 ? '' : 's'}`;

/** What a per-member threshold is shown against as a whole: a single number, else its `default`, else its lowest entry. */
export function overallThreshold(setting: number | Readonly<Record<string, number>>): number {
  return typeof setting === 'number' ? setting : (setting['default'] ?? Math.min(...Object.values(setting)));
}

/** What the catch-rate gates of one critic need to know of the run beside its tables. */
export interface GateContext {
  mutators: readonly GatedMutator[];
  /** The run's mutators (configured, and the authored types the suite has): a threshold naming another has nothing to measure. */
  runMutators: readonly string[];
}
