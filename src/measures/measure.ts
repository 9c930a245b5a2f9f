import type { z } from 'zod';
import type { LoadedBaseline } from '../baseline/load.js';
import type { Fixture } from '../fixtures/types.js';
import type { GenerationCounts } from '../mutants/coverage.js';
import type { Gate } from '../gates/gate.js';
import type { BaseThresholds } from '../gates/schema.js';
import type { Condition } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import type { ResultSink } from '../results/sink.js';
import type { CriticTables } from '../results/tabulate.js';
import type { CriticRecord } from '../results/types.js';

/**
 * Where a measure's piece goes in an output that several measures share: the
 * output sorts its pieces (its own and the measures') by rank, lowest first.
 * The ranks in use are listed in docs/architecture.md ("Adding a measure").
 */
export type Rank = number;

/** What one critic's measures read: the run's items, fixtures and conditions, the critic, and the counts every measure shares. */
export interface CriticScope {
  critic: CriticRecord;
  items: readonly ItemRecord[];
  fixtures: readonly Fixture[];
  /** The run's conditions, in the reports' order. */
  conditions: readonly Condition[];
  /** The run's mutators (configured, and the authored types the suite has). */
  runMutators: readonly string[];
  /** The run's mutants, valid and ignored (which mutators made none, and why). */
  generation: GenerationCounts;
  /** The run given with --baseline FILE, to compare with; undefined without. */
  baseline: LoadedBaseline | undefined;
  /** Per item and condition: what the critic answered (the one pass's counts). */
  outcomes: ItemOutcomes;
  /** The critic's tables, from the same counts. */
  tables: CriticTables;
}

/** What a measure knows before the pass: the scope without the counts the pass makes. */
export type PassScope = Omit<CriticScope, 'outcomes' | 'tables'>;

/** A measure's piece of the `thresholds:` schema: its keys, in the config reference's order by rank. */
export interface ThresholdsPiece<Shape extends z.ZodRawShape> {
  /** One rank for its keys, or each key's own. */
  rank: Rank | { [K in keyof Shape]: Rank };
  shape: Shape;
  /**
   * The keys `--threshold KEY.FIELD=VALUE` sets a field of (`maxYield.are-you-sure=0.2`), each with an example
   * field for the error that names none, and what a single number given in the config stands for (`{delta: N}`).
   */
  overrides?: { [K in keyof Shape]?: FieldOverride };
  /**
   * What the schema cannot check against the run (a condition or mutator it names that the run lacks):
   * each problem with its path under `thresholds`, for the config's and `--threshold`'s errors.
   */
  problems?(thresholds: z.infer<z.ZodObject<Shape>>, run: { conditions: readonly Condition[]; mutators: readonly string[] }): Array<{ path: Array<string | number>; message: string }>;
}

/**
 * How `--threshold KEY.FIELD=VALUE` sets a key: by default the field of an object (`example` names one for the
 * error that gives none, `shorthand` says what a single configured number stands for); with `set`, the key's own
 * rule, for `KEY=VALUE` and `KEY.FIELD=VALUE` alike (a map of mutators with `default`), throwing what is wrong.
 */
export interface FieldOverride {
  example: string;
  shorthand?: (value: number) => Record<string, unknown>;
  set?(current: unknown, field: string | undefined, value: unknown, given: { mutators: readonly string[]; text: string }): unknown;
}

/** The thresholds a measure's gates read: its own piece, and the shared `gate` mode. */
export type ThresholdsOf<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>> & BaseThresholds;

/** How a measure's figure shows in a shared output: its rank there, and its lines or HTML. */
export interface Section<Figure, Out> {
  rank: Rank;
  render(figure: Figure, view: CriticView): Out;
}

/** What a critic's sections may read beside their own figure: the critic's name, its run's conditions and its tables. */
export interface CriticView {
  name: string;
  /** The run's conditions, by name, in the reports' order. */
  conditions: readonly string[];
  tables: CriticTables;
}

/**
 * A figure computed per critic from its results (see docs/architecture.md,
 * "Adding a measure"). It owns its key in report.json's `critics[name]`, what
 * it reads from the critic's one pass over its results, its piece of the
 * thresholds and its gates, its warnings, and its sections in the terminal,
 * report.md and report.html.
 */
export interface CriticMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>, Reading = undefined> {
  key: Key;
  /** Its rank among report.json's keys of a critic. */
  rank: Rank;
  /**
   * When its figure is several of report.json's keys of a critic (the baseline comparison: `regression` and
   * `flipped`), each of the figure's keys with its rank: each is written at its rank, and the sections read the
   * figure back from them. Otherwise `key` holds the figure, at `rank`.
   */
  spread?: { [K in keyof Figure]: Rank };
  /** What reads each of the critic's results in the pass; undefined when the measure reads only the shared counts. */
  reads?(scope: PassScope): ResultSink<Reading> | undefined;
  /** The figure: from the shared counts and, with `reads`, what it read (undefined when `reads` gave no sink), under the thresholds (options they set). */
  figure(scope: CriticScope, reading: Reading | undefined, thresholds: ThresholdsOf<Shape>): Figure;
  thresholds?: ThresholdsPiece<Shape>;
  /** Its gates, in their rank among the critic's gates (the report's own come first, then the measures' by rank). */
  gates?: { rank: Rank; evaluate(figure: Figure, thresholds: ThresholdsOf<Shape>, scope: CriticScope): Gate[] };
  /** Things to read before its figures, each a sentence the report's warnings list after the critic's name. */
  warnings?: { rank: Rank; of(figure: Figure, thresholds: ThresholdsOf<Shape>, scope: CriticScope): string[] };
  /** Its sections of each output: one, or several at their ranks (a figure shown in two places of report.md). */
  terminal?: Section<Figure, string[]> | Array<Section<Figure, string[]>>;
  markdown?: Section<Figure, string[]> | Array<Section<Figure, string[]>>;
  html?: Section<Figure, string> | Array<Section<Figure, string>>;
}

/** A per-critic measure of any key and figure, as the registry lists them. */
// The registry holds members of every figure type (any); each member is checked where it is defined.
export type AnyCriticMeasure = CriticMeasure<string, any, any, any>;

/** What a run-level measure reads: every critic's counts, and the run's mutants. */
export interface RunScope {
  items: readonly ItemRecord[];
  /** Per critic, in the run's order: what it answered per item and condition. */
  outcomes: ReadonlyMap<string, ItemOutcomes>;
  /** Valid mutants per mutator, in the report's order of mutators. */
  validByMutator: Readonly<Record<string, number>>;
}

/** A figure computed across the run's critics (critics side by side, the power check): report.json's top-level key, warnings and report.md and report.html sections. */
export interface RunMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>> {
  key: Key;
  rank: Rank;
  figure(scope: RunScope, thresholds: ThresholdsOf<Shape>): Figure;
  thresholds?: ThresholdsPiece<Shape>;
  warnings?: { rank: Rank; of(figure: Figure): string[] };
  markdown?: { rank: Rank; render(figure: Figure): string[] };
  html?: { rank: Rank; render(figure: Figure): string };
}

// As AnyCriticMeasure.
export type AnyRunMeasure = RunMeasure<string, any, any>;

/** Defines a per-critic measure, its types inferred from its parts; one with `spread` keeps it in its type (its figure's keys are report.json's). */
export function criticMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>, Reading = undefined>(
  measure: CriticMeasure<Key, Figure, Shape, Reading> & Required<Pick<CriticMeasure<Key, Figure, Shape, Reading>, 'spread'>>,
): CriticMeasure<Key, Figure, Shape, Reading> & Required<Pick<CriticMeasure<Key, Figure, Shape, Reading>, 'spread'>>;
export function criticMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>, Reading = undefined>(
  measure: CriticMeasure<Key, Figure, Shape, Reading>,
): CriticMeasure<Key, Figure, Shape, Reading>;
export function criticMeasure<Key extends string, Figure, Shape extends z.ZodRawShape, Reading>(measure: CriticMeasure<Key, Figure, Shape, Reading>): CriticMeasure<Key, Figure, Shape, Reading> {
  return measure;
}

/** Defines a run-level measure, its types inferred from its parts. */
export function runMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>>(measure: RunMeasure<Key, Figure, Shape>): RunMeasure<Key, Figure, Shape> {
  return measure;
}

/** The report.json fields a list of measures adds: each key with its figure, or a spread figure's keys. */
export type FieldsOf<M> = UnionToIntersection<M extends { key: infer K extends string; figure(...args: never[]): infer F } ? (M extends { spread: object } ? F : { [k in K]: F }) : never>;
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
