import type { z } from 'zod';
import type { ComparedBaseline } from '../baseline/load.js';
import type { HeldOutCheckPins } from '../fixtures/heldOutChecks.js';
import type { Fixture } from '../fixtures/types.js';
import type { GenerationCounts } from '../mutants/coverage.js';
import type { Gate, GatedMutator } from '../gates/gate.js';
import type { BaseThresholds } from '../gates/schema.js';
import type { Condition } from '../requests/conditions/index.js';
import type { ItemRecord } from '../requests/items.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import type { ResultSink } from '../results/sink.js';
import type { InvalidatedReview } from '../results/store.js';
import type { CriticTables } from '../results/tabulate.js';
import type { EscalationSettings } from '../results/escalation.js';
import type { CriticRecord, RunSettings } from '../results/types.js';
import type { ToolsSetting } from '../requests/tools.js';
import type { LoopSettings } from '../requests/loop.js';
import type { ReviewResult } from '../reviews/types.js';

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
  /** The run to compare with: given with --baseline FILE, or the one the run recorded (unreadable when gone or changed since); undefined without. */
  baseline: ComparedBaseline | undefined;
  /** What a finding held against a rebuttal comes to (`escalation:`); absent when the config sets none. */
  escalation?: EscalationSettings | undefined;
  /** The run's settings as its store keeps them (its seed, the cluster bootstrap's settings). */
  settings: RunSettings;
  /** Per item and condition: what the critic answered (the one pass's counts). */
  outcomes: ItemOutcomes;
  /** The critic's tables, from the same counts, with what the measures added to them (`addToTables`: the located catches). */
  tables: CriticTables;
  /** The mutators a per-mutator threshold gates for this critic (those of the kinds it reviewed), each with why it made no valid mutant. */
  gatedMutators: readonly GatedMutator[];
  /**
   * The conditions that reach none of the critic's fixtures: null when other fixtures carry it (its gates are
   * left out for this critic), else why it reaches none (its gates are no-data).
   */
  unreached: ReadonlyMap<string, string | null>;
}

/** What a measure knows before the pass: the scope without what the pass counts. */
export type PassScope = Omit<CriticScope, 'outcomes' | 'tables' | 'gatedMutators' | 'unreached'>;

/**
 * How `--threshold KEY.FIELD=VALUE` sets a key: by default the field of an object (`example` names one for the
 * error that gives none, `shorthand` says what a single configured number stands for); with `set`, the key's own
 * rule, for `KEY=VALUE` and `KEY.FIELD...=VALUE` alike (a map of mutators with `default`, a map of conditions).
 */
export interface FieldOverride {
  /** A field named in the error when none is given. */
  example: string;
  /** What a single number given in the config stands for (`{delta: N}`). */
  shorthand?: (value: number) => Record<string, unknown>;
  /**
   * The first parts the key takes with its own name left out (catchRate's mutators, `default` and `mode`:
   * `number-flip.break=0.7`), given the run's mutators, and how the unknown-key error names them.
   */
  bare?(mutators: readonly string[]): { parts: readonly string[]; described: string };
  /**
   * The key's new value from its current one, the parts after the key (none for `KEY=VALUE`), the value, and the
   * run's mutators, the value as typed and, when known, what the run's critics read; throws an Error saying what
   * is wrong when the parts do not fit, or when no critic of the run has the gate.
   */
  set?(current: unknown, fields: readonly string[], value: unknown, given: { mutators: readonly string[]; text: string; critics?: readonly CriticGrammar[] }): unknown;
}

/** What an override may read of a critic of the run: whether its grammar reads reviews. */
export interface CriticGrammar {
  readsReviews: boolean;
}

/** The one field of a key set by `KEY=VALUE` (undefined) or `KEY.FIELD=VALUE`, for a `set` rule; throws on more parts. */
export function oneField(fields: readonly string[]): string | undefined {
  if (fields.length > 1) throw new Error('too many parts in the key');
  return fields[0];
}

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
  problems?(thresholds: z.infer<z.ZodObject<Shape>>, run: ThresholdsRun): Array<{ path: Array<string | number>; message: string }>;
  /**
   * Per key, two settings for the specs, each its only threshold on the measure's `specimen` run: one its gates pass
   * (green or amber) and one a gate of the key fails (red); a run-level key warns on `fail` and not on `pass`.
   * measures.contract.spec.ts runs both; src/gates/configuredGates.spec.ts sets `pass` on a run with nothing to measure.
   */
  examples: { [K in keyof Shape]-?: { pass: z.input<Shape[K]>; fail: z.input<Shape[K]> } };
  /**
   * The name a key's gates carry when it is not the key itself (positiveControl's `positive-control`): each gate of
   * the key is named that, or that, a dot and a member (`maxYield.are-you-sure`). A key that no critic's gate carries
   * is added to every critic as a failing no-data gate (src/reports/unclaimedThresholds.ts).
   */
  gateNames?: { [K in keyof Shape]?: string };
}

/** What a thresholds piece's `problems` reads of the run: its conditions and mutators, and, when known (the config, not a stored run), what its critics read. */
export interface ThresholdsRun {
  conditions: readonly Condition[];
  mutators: readonly string[];
  critics?: readonly CriticGrammar[];
}

/**
 * A scripted run on which a measure has data, for the specs (measures.contract.spec.ts builds it with
 * test/support/specimen.ts): text fixtures (three unless `fixtures` says), each an original and two number-flip
 * mutants, reviewed by one critic under the conditions given, answering by `specimenAnswer` unless `answer` says otherwise.
 */
export interface Specimen {
  /** How many fixtures (three unless given): a paired test that must find a difference needs more. */
  fixtures?: number;
  /** The run's conditions, clean first. */
  conditions?: readonly string[];
  /** The critic's verdict grammar (its default: pass-fail) and its `tools:`. */
  verdict?: string;
  tools?: ToolsSetting;
  /** The suite also has a review audit: a review of each original answer, reviewed by a critic of reviews. */
  reviewAudit?: boolean;
  /** The run's `escalation:` and `loop:` settings. */
  settings?: { escalation?: EscalationSettings; loop?: LoopSettings };
  /** Conditions the critic's results carry beside the run's own (a loop's later rounds, `loop-round-N`). */
  stored?: readonly string[];
  /** The run is compared with a baseline of the same items whose critic answered by `baseline` (its reports then hold a regression). */
  baseline?: SpecimenAnswer;
  /** The critic's answer to an item under a condition: a verdict, `none` for a reply without one, null for no review. */
  answer?: SpecimenAnswer;
  /** What a review carries beside its verdict (its tool calls, its reply in the grammar's words). */
  result?(item: SpecimenItem, condition: SpecimenCondition, verdict: 'PASS' | 'FAIL' | null): Partial<ReviewResult>;
}

/**
 * The specimen's critic unless a specimen answers otherwise: the mutants of the first fixture missed and the others
 * caught (4 of 6), the first fixture's original flagged (1 of 3 false alarms), under every condition alike.
 */
export const specimenAnswer: SpecimenAnswer = ({ fixture, role }) => ((role === 'mutant') === (fixture !== 0) ? 'FAIL' : 'PASS');

/** What a specimen's critic knows of an item: its fixture's id (each fixture's one evidence passage is `policy`) and index, its role, and its mutant's index in the fixture (-1 for an original). */
export interface SpecimenItem {
  fixtureId: string;
  fixture: number;
  role: string;
  mutant: number;
}

/**
 * A condition as a specimen's critic sees it: the run's condition (what it adds, withholds or follows up), or only
 * the name a result carries beside the run's (a loop's round). An answer reads what the condition does, not its name.
 */
export type SpecimenCondition = Pick<Condition, 'name'> & Partial<Condition>;

/** A scripted critic's answer to an item under a condition. */
export type SpecimenAnswer = (item: SpecimenItem, condition: SpecimenCondition) => 'PASS' | 'FAIL' | 'none' | null;

/** The thresholds a measure reads: its own piece and the shared `gate` mode (a measure reading another's key types it itself: echo reads the positive control's minDiscrimination). */
export type ThresholdsOf<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>> & BaseThresholds;

/** How a measure's figure shows in a shared output: its rank there, and its lines or HTML; null when it shows nothing for this critic (a figure that does not apply to it), so the output is as it would be without the measure. */
export interface Section<Figure, Out> {
  rank: Rank;
  render(figure: Figure, view: CriticView): Out | null;
}

/** What a critic's sections may read beside their own figure: the critic's name, its run's conditions, its tables and the other measures' figures. */
export interface CriticView {
  name: string;
  /** The run's conditions, by name, in the reports' order. */
  conditions: readonly string[];
  tables: CriticTables;
  /** Another per-critic measure's figure for this critic, as its report holds it (the paired table reads whether the positive control passed). */
  // Any thresholds and reading: only the member's figure type is read.
  figureOf<Figure>(measure: CriticMeasure<string, Figure, any, any>): Figure;
}

/** A note on the report's first line (terminal, report.md, the step summary), from every critic's figure and tables; '' for none. */
export interface HeadlineNote<Figure> {
  rank: Rank;
  note(critics: ReadonlyArray<{ name: string; figure: Figure; tables: CriticTables }>): string;
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
  /**
   * What it adds to the critic's shared tables from what it read, before any figure, gate or section reads them
   * (the located catches join the catch cells, which report.json's tables then hold).
   */
  addToTables?(tables: CriticTables, reading: Reading | undefined): void;
  /** The figure: from the shared counts and, with `reads`, what it read (undefined when `reads` gave no sink), under the thresholds (options they set). */
  figure(scope: CriticScope, reading: Reading | undefined, thresholds: ThresholdsOf<Shape>): Figure;
  thresholds?: ThresholdsPiece<Shape>;
  /** A scripted run on which it has data (the specs run every member on its own). */
  specimen?: Specimen;
  /**
   * Its gates, in their rank among the critic's gates; `conditions`, the conditions a failed gate of it measured
   * (mutation.html's hint names them), when not its effect's condition or else clean; `reading`, how a gate reads
   * when not as its value against its threshold.
   */
  gates?: {
    rank: Rank;
    evaluate(figure: Figure, thresholds: ThresholdsOf<Shape>, scope: CriticScope): Gate[];
    conditions?(gate: Gate, figure: Figure): string[];
    reading?(gate: Gate): GateReading | undefined;
  };
  /** Things to read before its figures, each a sentence the report's warnings list after the critic's name. */
  warnings?: { rank: Rank; of(figure: Figure, thresholds: ThresholdsOf<Shape>, scope: CriticScope): string[] };
  /** Its note on the report's first line, at its rank among the measures' notes. */
  headline?: HeadlineNote<Figure>;
  /** Properties of the critic's test suite in junit.xml. */
  junit?: { properties(figure: Figure): Record<string, string> };
  /** Its piece of the critic's card among report.html's gates, after the gates table, at its rank among the measures' pieces. */
  card?: { rank: Rank; render(figure: Figure): string };
  /** Its sections of each output: one, or several at their ranks (a figure shown in two places of report.md); `summary` is the CI step summary's, after the critic's gates. */
  terminal?: Section<Figure, string[]> | Array<Section<Figure, string[]>>;
  markdown?: Section<Figure, string[]> | Array<Section<Figure, string[]>>;
  html?: Section<Figure, string> | Array<Section<Figure, string>>;
  summary?: Section<Figure, string[]>;
  /** Its clause of the critic's summary sentence, after the false alarms (src/reports/summary.ts); '' for none. */
  sentence?: { clause(figure: Figure, conditions: readonly Condition[]): string };
}

/**
 * How a gate of a measure reads when its value and threshold are not numbers (a regression's worst row against the
 * alpha and margin it is compared with): its value and threshold in words, and the numbers junit.xml lists beside them.
 * A member's `gates.reading` gives it for its gates that read so, undefined for the others.
 */
export interface GateReading {
  value: string;
  threshold: string;
  numbers: string[];
}

/** A per-critic measure of any key and figure, as the registry lists them. */
// The registry holds members of every figure type (any); each member is checked where it is defined.
export type AnyCriticMeasure = CriticMeasure<string, any, any, any>;

/** What a run-level measure reads: every critic's counts and report, the run's mutants, conditions and fixtures, and what the run knows of its own process. */
export interface RunScope {
  items: readonly ItemRecord[];
  /** Per critic, in the run's order: what it answered per item and condition. */
  outcomes: ReadonlyMap<string, ItemOutcomes>;
  /** Per critic, in the run's order: its part of report.json (its tables, and each per-critic measure's figure, read with criticFigure). */
  critics: ReadonlyMap<string, CriticTables>;
  /** Valid mutants per mutator, in the report's order of mutators. */
  validByMutator: Readonly<Record<string, number>>;
  /** The run's conditions, in the reports' order, and the names of those its config declares. */
  conditions: readonly Condition[];
  declared: ReadonlySet<string>;
  fixtures: readonly Fixture[];
  settings: RunSettings;
  process: RunProcess;
}

/** What the run knows of its own process beside the reviews (seed 002's independence evals read it). */
export interface RunProcess {
  /** The stored reviews a fixture edit invalidated (RunStore.invalidated), and whether each was reviewed again. */
  invalidated: readonly InvalidatedReview[];
  /** The fixtures whose files hold something else now than the run reviewed (fixturesEditedSince), found when the report was made; their verdicts await a resume. */
  editedFixtures: readonly string[];
  /** The held-out checks' digests, pinned when the labels were verified; undefined when the run has none. */
  heldOutChecks: HeldOutCheckPins | undefined;
  /** Why the isolation check failed when the report was made (a held-out check differs from its pin); undefined when it held. */
  isolationBreach?: string | undefined;
}

/** A test case of junit.xml from a run-level measure's figure: its suite and name, and whether it passed, failed or does not apply (skipped). */
export interface JunitCase {
  suite: string;
  name: string;
  result: 'pass' | 'fail' | 'skipped';
  /** Why it failed or was skipped. */
  message: string;
  /** What it read, for the case's system-out. */
  out: string;
}

/** A figure computed across the run's critics (critics side by side, the power check): report.json's top-level key, warnings and report.md and report.html sections. */
export interface RunMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>> {
  key: Key;
  rank: Rank;
  figure(scope: RunScope, thresholds: ThresholdsOf<Shape>): Figure;
  thresholds?: ThresholdsPiece<Shape>;
  /** As a per-critic measure's. */
  specimen?: Specimen;
  warnings?: { rank: Rank; of(figure: Figure): string[] };
  markdown?: { rank: Rank; render(figure: Figure): string[] };
  html?: { rank: Rank; render(figure: Figure): string };
  /** Its test cases in junit.xml, after the critics' suites (they do not decide the exit code: only gates do). */
  junit?: { cases(figure: Figure): JunitCase[] };
}

/**
 * A measure of the critic's shared tables (condition effects, anchoring, false alarms, catch rates): its figures
 * are the tables report.json holds already, so it has no key of its own. It owns its piece of the thresholds,
 * its gates, its warnings and its sections, each reading the tables.
 */
export interface TablesMeasure<Shape extends z.ZodRawShape = Record<never, never>> {
  /** What it measures (the registry's checks name it by this; not a report.json key). */
  name: string;
  thresholds?: ThresholdsPiece<Shape>;
  /** As a per-critic measure's. */
  specimen?: Specimen;
  /** As a per-critic measure's. */
  gates?: { rank: Rank; evaluate(tables: CriticTables, thresholds: ThresholdsOf<Shape>, scope: CriticScope): Gate[]; conditions?(gate: Gate): string[]; reading?(gate: Gate): GateReading | undefined };
  warnings?: { rank: Rank; of(tables: CriticTables, thresholds: ThresholdsOf<Shape>): string[] };
  /** Its sections of each output: one, or several at their ranks (the catch-rate table and the flaky items in report.md). */
  terminal?: Section<CriticTables, string[]> | Array<Section<CriticTables, string[]>>;
  markdown?: Section<CriticTables, string[]> | Array<Section<CriticTables, string[]>>;
  html?: Section<CriticTables, string> | Array<Section<CriticTables, string>>;
}

// As AnyCriticMeasure.
export type AnyTablesMeasure = TablesMeasure<any>;

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

/** Defines a measure of the shared tables, its types inferred from its parts. */
export function tablesMeasure<Shape extends z.ZodRawShape = Record<never, never>>(measure: TablesMeasure<Shape>): TablesMeasure<Shape> {
  return measure;
}

/** Defines a run-level measure, its types inferred from its parts. */
export function runMeasure<Key extends string, Figure, Shape extends z.ZodRawShape = Record<never, never>>(measure: RunMeasure<Key, Figure, Shape>): RunMeasure<Key, Figure, Shape> {
  return measure;
}

/** A per-critic measure's figure as a critic's report holds it: under its key, or gathered from its spread keys. */
// The report holds the measure's figure under its keys by construction (measureCritic), which the type cannot follow.
export function criticFigure<Figure>(m: CriticMeasure<string, Figure, any, any>, critic: object): Figure {
  const fields = critic as Record<string, unknown>;
  return (m.spread ? Object.fromEntries(Object.keys(m.spread).map((key) => [key, fields[key]])) : fields[m.key]) as Figure;
}

/** The report.json fields a list of measures adds: each key with its figure, or a spread figure's keys. */
export type FieldsOf<M> = UnionToIntersection<M extends { key: infer K extends string; figure(...args: never[]): infer F } ? (M extends { spread: object } ? F : { [k in K]: F }) : never>;
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
