import { isLoaded } from '../baseline/load.js';
import { z } from 'zod';
import { BASE_THRESHOLD_RANKS, baseThresholdsShape } from '../gates/schema.js';
import type { Gate } from '../gates/gate.js';
import { SEALED_CONDITION, type Condition } from '../requests/conditions/index.js';
import type { ResultSink } from '../results/sink.js';
import { outcomeCounter, tabulate, type CriticTables } from '../results/tabulate.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import type { ReviewResult } from '../reviews/types.js';
import { gatedMutators, unreachedConditions } from '../gates/gatedMutators.js';
import {
  criticFigure,
  type AnyCriticMeasure,
  type AnyRunMeasure,
  type AnyTablesMeasure,
  type CriticScope,
  type CriticView,
  type FieldOverride,
  type FieldsOf,
  type GateReading,
  type JunitCase,
  type PassScope,
  type Rank,
  type RunScope,
  type ThresholdsRun,
  type UnionToIntersection,
} from './measure.js';
import { CRITIC_MEASURES, RUN_MEASURES, TABLE_MEASURES } from './registry.js';
import { gateValue } from './format.js';

export { CRITIC_MEASURES, RUN_MEASURES, TABLE_MEASURES, criticFigure };

/** What the per-critic measures add to a critic's report. */
export type CriticMeasureFields = FieldsOf<(typeof CRITIC_MEASURES)[number]>;
/** What the run-level measures add to report.json. */
export type RunMeasureFields = FieldsOf<(typeof RUN_MEASURES)[number]>;

const MEASURES: ReadonlyArray<AnyCriticMeasure | AnyTablesMeasure | AnyRunMeasure> = [...TABLE_MEASURES, ...CRITIC_MEASURES, ...RUN_MEASURES];

/** A ranked piece of an output: the outputs put their own pieces and the measures' in rank order. */
export interface Ranked<T> {
  rank: Rank;
  piece: T;
}

/** The pieces in rank order (a stable sort: equal ranks keep their order). */
export function inRankOrder<T>(pieces: ReadonlyArray<Ranked<T>>): T[] {
  return [...pieces].sort((a, b) => a.rank - b.rank).map((p) => p.piece);
}

/**
 * An object of the ranked fields, its keys in rank order (report.json's order): a report's own fields and its
 * measures'. The caller names the type the fields make up (a report's own interface and its measures' FieldsOf),
 * which their keys and figures match by construction, not by a type the compiler can follow through the ranks.
 */
export function rankedFields<T>(fields: ReadonlyArray<Ranked<[string, unknown]>>): T {
  return Object.fromEntries(inRankOrder(fields)) as T;
}

/** The keys of the `thresholds:` schema, with their zod pieces, in rank order: `gate`, and every measure's piece. */
function thresholdsShape(): z.ZodRawShape {
  const pieces: Array<Ranked<[string, z.ZodType]>> = [
    ...Object.entries(baseThresholdsShape).map(([key, schema]) => ({
      rank: BASE_THRESHOLD_RANKS[key as keyof typeof BASE_THRESHOLD_RANKS],
      piece: [key, schema] as [string, z.ZodType],
    })),
    ...MEASURES.flatMap((m) =>
      m.thresholds ? Object.entries(m.thresholds.shape as z.ZodRawShape).map(([key, schema]) => ({ rank: rankOf(m.thresholds!.rank, key), piece: [key, schema] as [string, z.ZodType] })) : [],
    ),
  ];
  return Object.fromEntries(inRankOrder(pieces));
}

/** A thresholds piece's rank for one of its keys. */
const rankOf = (rank: Rank | Record<string, Rank>, key: string): Rank => (typeof rank === 'number' ? rank : rank[key]!);

type ShapeOf<M> = M extends { thresholds?: { shape: infer S } } ? S : never;
type MeasureShapes = UnionToIntersection<ShapeOf<(typeof TABLE_MEASURES)[number] | (typeof CRITIC_MEASURES)[number] | (typeof RUN_MEASURES)[number]>>;
type ThresholdsShape = typeof baseThresholdsShape & MeasureShapes;

/** The `thresholds:` section of the config: what the gates compare the figures with, assembled from `gate` and the measures' pieces. */
// The keys and their schemas are exactly those of ThresholdsShape; only their order is computed (by rank), which the type cannot follow.
export const thresholdsSchema = z.strictObject(thresholdsShape()) as unknown as z.ZodObject<ThresholdsShape, z.core.$strict>;
export type Thresholds = z.infer<typeof thresholdsSchema>;

/** What every measure's piece finds wrong in the thresholds against the run (a condition or mutator it lacks), with paths under `thresholds`. */
export function measureThresholdProblems(thresholds: Thresholds, run: ThresholdsRun): Array<{ path: Array<string | number>; message: string }> {
  return MEASURES.flatMap((m) => m.thresholds?.problems?.(thresholds, run) ?? []);
}

/**
 * The threshold keys that configure gates (the per-critic measures' and the tables'; `gate` and the run-level
 * measures' keys gate nothing), each by the name its gates carry: the key, or what its member's `gateNames` says.
 */
const GATED_KEYS: ReadonlyMap<string, string> = new Map(
  [...TABLE_MEASURES, ...CRITIC_MEASURES].flatMap((m: AnyTablesMeasure | AnyCriticMeasure) =>
    Object.keys(m.thresholds?.shape ?? {}).map((key) => [m.thresholds?.gateNames?.[key] ?? key, key] as const),
  ),
);

/** Whether a threshold key configures gates (a per-critic measure's or the tables'). */
export const configuresGates = (key: string): boolean => [...GATED_KEYS.values()].includes(key);

/** The threshold key a gate belongs to, as its member names its gates (`positive-control` is positiveControl's, `maxYield.are-you-sure` maxYield's); undefined for none. */
export const thresholdKeyOf = (gateName: string): string | undefined => GATED_KEYS.get(gateName.split('.')[0]!);

/**
 * The conditions a critic's gate measured: as the member that owns it says (the anchoring drop's trace, a regression's
 * regressed rows, none in particular for the verdict rate), else its paired effect's condition, else clean.
 */
export function gateConditions(gate: Gate, critic: object): string[] {
  const owner = ownerOf(gate);
  const own = owner && ('key' in owner ? owner.gates?.conditions?.(gate, criticFigure(owner, critic)) : owner.gates?.conditions?.(gate));
  return own ?? (gate.effect ? [gate.effect.condition] : [SEALED_CONDITION]);
}

/** The member that owns a gate, by the key its gates carry. */
function ownerOf(gate: Gate): AnyTablesMeasure | AnyCriticMeasure | undefined {
  const key = thresholdKeyOf(gate.name);
  return key === undefined
    ? undefined
    : [...(TABLE_MEASURES as ReadonlyArray<AnyTablesMeasure>), ...(CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>)].find((m) => key in (m.thresholds?.shape ?? {}));
}

/** How a gate reads in words, as its member gives it (a regression's worst row); undefined for a gate that reads as its value against its threshold. */
export const memberReading = (gate: Gate): GateReading | undefined => ownerOf(gate)?.gates?.reading?.(gate);

/** A gate's value and threshold as every gate line shows them: as its member reads it, else its value to three places against its threshold. */
export function gateReading(gate: Gate): { value: string; threshold: string } {
  return memberReading(gate) ?? { value: gateValue(gate), threshold: String(gate.threshold) };
}

/** The measures' threshold keys that take a single value (`--threshold KEY=VALUE`): those without a field override. */
export function scalarOverrides(): string[] {
  return MEASURES.flatMap((m) => Object.keys(m.thresholds?.shape ?? {}).filter((key) => !m.thresholds?.overrides?.[key]));
}

/** The `--threshold KEY.FIELD=VALUE` keys the measures' pieces take, with their example field and the shorthand a single number stands for, or their own rule. */
export function fieldOverrides(): Map<string, FieldOverride> {
  return new Map(MEASURES.flatMap((m) => Object.entries(m.thresholds?.overrides ?? {}).flatMap(([key, o]) => (o ? [[key, o] as const] : []))));
}

/** What the per-critic measures made of one critic: its counts and tables, and its report.json fields, gates and warnings, each ranked among the report's own. */
export interface CriticMeasured {
  /** Per item and condition: what the critic answered. */
  outcomes: ItemOutcomes;
  /** The critic's tables, with what the measures added to them (the located catches). */
  tables: CriticTables;
  fields: Array<Ranked<[string, unknown]>>;
  gates: Array<Ranked<Gate[]>>;
  warnings: Array<Ranked<string[]>>;
}

/**
 * A critic's measures from its one pass over its results: every result feeds the shared counts and each measure's
 * sink at once; then the tables are made from the counts, the measures add what they read to them, and each figure,
 * its gates and its warnings are computed (docs/architecture.md, "Adding a measure").
 */
export function measureCritic(scope: PassScope, results: Iterable<ReviewResult>, thresholds: Thresholds): CriticMeasured {
  // Replies are kept per item only for a baseline comparison's list of flipped items.
  const counter = outcomeCounter({ reply: isLoaded(scope.baseline) });
  const readers = (CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>).map((m) => ({ m, sink: m.reads?.(scope) as ResultSink<unknown> | undefined }));
  const sinks: Array<ResultSink<unknown>> = [counter, ...readers.flatMap((r) => (r.sink ? [r.sink] : []))];
  for (const r of results) for (const sink of sinks) sink.add(r);
  const { outcomes, totals, errorCauses } = counter.finish();
  const tables = tabulate(scope.items, outcomes, totals, scope.settings.conditions, errorCauses);
  const full: CriticScope = {
    ...scope,
    outcomes,
    tables,
    gatedMutators: gatedMutators(scope.runMutators, scope.generation, scope.items, outcomes),
    unreached: unreachedConditions(scope.conditions, scope.fixtures, scope.items, outcomes),
  };
  const measured: CriticMeasured = { outcomes, tables, fields: [], gates: [], warnings: [] };
  const readings = readers.map(({ m, sink }) => ({ m, reading: sink?.finish() }));
  // What the measures read joins the shared tables (the located catches) before any figure or gate reads them.
  for (const { m, reading } of readings) m.addToTables?.(tables, reading);
  const name = scope.critic.name;
  for (const m of TABLE_MEASURES as ReadonlyArray<AnyTablesMeasure>) {
    if (m.gates) measured.gates.push({ rank: m.gates.rank, piece: m.gates.evaluate(tables, thresholds, full) });
    if (m.warnings) measured.warnings.push({ rank: m.warnings.rank, piece: m.warnings.of(tables, thresholds).map((w: string) => `${name}: ${w}`) });
  }
  for (const { m, reading } of readings) {
    const figure = m.figure(full, reading, thresholds);
    if (m.spread) for (const [key, rank] of Object.entries(m.spread as Record<string, Rank>)) measured.fields.push({ rank, piece: [key, figure[key]] });
    else measured.fields.push({ rank: m.rank, piece: [m.key, figure] });
    if (m.gates) measured.gates.push({ rank: m.gates.rank, piece: m.gates.evaluate(figure, thresholds, full) });
    if (m.warnings) measured.warnings.push({ rank: m.warnings.rank, piece: m.warnings.of(figure, thresholds, full).map((w: string) => `${name}: ${w}`) });
  }
  return measured;
}

/** The run-level measures' figures (report.json fields) and warnings, each ranked among the report's own. */
export function runMeasured(scope: RunScope, thresholds: Thresholds): { fields: Array<Ranked<[string, unknown]>>; warnings: Array<Ranked<string[]>> } {
  const fields: Array<Ranked<[string, unknown]>> = [];
  const warnings: Array<Ranked<string[]>> = [];
  for (const m of RUN_MEASURES as ReadonlyArray<AnyRunMeasure>) {
    const figure = m.figure(scope, thresholds);
    fields.push({ rank: m.rank, piece: [m.key, figure] });
    if (m.warnings) warnings.push({ rank: m.warnings.rank, piece: m.warnings.of(figure) });
  }
  return { fields, warnings };
}

/** A report's fields by key: how an output finds each measure's figure (the key is the measure's own, its figure's type the measure's). */
const fieldsOf = (report: object) => report as Record<string, unknown>;

/** Each per-critic measure's section of one output (terminal, markdown or html) for a critic, ranked: a measure of the tables renders the critic's tables. */
export function criticSections<Out>(output: 'terminal' | 'markdown' | 'html' | 'summary', critic: object, shown: Omit<CriticView, 'figureOf'>): Array<Ranked<Out>> {
  const view: CriticView = { ...shown, figureOf: (m) => criticFigure(m, critic) };
  const ofTables = (TABLE_MEASURES as ReadonlyArray<AnyTablesMeasure>).flatMap((m) => {
    const sections = output === 'summary' ? undefined : m[output];
    return [sections ?? []].flat().map((section) => ({ rank: section.rank, piece: section.render(view.tables, view) as Out }));
  });
  const ofFields = (CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>).flatMap((m) => {
    const sections = m[output];
    return [sections ?? []].flat().flatMap((section) => {
      const piece = section.render(criticFigure(m, critic), view) as Out | null;
      return piece === null ? [] : [{ rank: section.rank, piece }];
    });
  });
  return [...ofTables, ...ofFields];
}

/** The per-critic measures' clauses of a critic's summary sentence, in the registry's order (none empty). */
export function sentenceClauses(critic: object, conditions: readonly Condition[]): string[] {
  return (CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>).flatMap((m) => {
    const clause = m.sentence?.clause(criticFigure(m, critic), conditions);
    return clause ? [clause] : [];
  });
}

/** The per-critic measures' notes on the report's first line, in rank order. */
export function headlineNotes(report: { critics: Record<string, CriticTables> }): string {
  const critics = Object.entries(report.critics);
  const notes = (CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>).flatMap((m) =>
    m.headline ? [{ rank: m.headline.rank, piece: m.headline.note(critics.map(([name, tables]) => ({ name, figure: criticFigure(m, tables), tables }))) }] : [],
  );
  return inRankOrder(notes).join('');
}

/** The per-critic measures' properties of a critic's junit.xml test suite. */
export function junitProperties(critic: object): Record<string, string> {
  return Object.assign({}, ...(CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>).map((m) => m.junit?.properties(criticFigure(m, critic)) ?? {}));
}

/** The per-critic measures' pieces of a critic's card in report.html, in rank order. */
export function cardPieces(critic: object): string {
  return inRankOrder((CRITIC_MEASURES as ReadonlyArray<AnyCriticMeasure>).flatMap((m) => (m.card ? [{ rank: m.card.rank, piece: m.card.render(criticFigure(m, critic)) }] : []))).join('');
}

/** Each run-level measure's section of report.md or report.html, ranked. */
export function runSections<Out>(output: 'markdown' | 'html', report: object): Array<Ranked<Out>> {
  return (RUN_MEASURES as ReadonlyArray<AnyRunMeasure>).flatMap((m) => {
    const section = m[output];
    return section ? [{ rank: section.rank, piece: section.render(fieldsOf(report)[m.key]) as Out }] : [];
  });
}

/** The run-level measures' junit.xml test cases, in the registry's order. */
export function runJunitCases(report: object): JunitCase[] {
  return (RUN_MEASURES as ReadonlyArray<AnyRunMeasure>).flatMap((m) => m.junit?.cases(fieldsOf(report)[m.key]) ?? []);
}
