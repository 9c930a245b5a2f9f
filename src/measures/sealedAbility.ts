import chalk from 'chalk';
import { z } from 'zod';
import { noDataGate, nothingMeasured, overallThreshold, type Gate } from '../gates/gate.js';
import { gatedMutators, mutatorsOfKinds, namedMutators, unreachedConditions, withNamed } from '../gates/gatedMutators.js';
import { blindDiscrimination, evidenceReading, evidenceWithholding, type DiscriminationCell, type EvidenceReading } from '../results/blindDiscrimination.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import { toolUseSink, type ToolUse, type VerificationCell } from '../results/verification.js';
import type { CriticTables } from '../results/tabulate.js';
import { rateMap } from '../gates/schema.js';
import { SEALED_CONDITION } from '../requests/conditions/index.js';
import { rate } from '../util/schemaParts.js';
import { escapeHtml as e } from './escape.js';
import { formatP, percent, signedPoints, signedRange } from './format.js';
import { criticMeasure, specimenAnswer, type CriticScope, type CriticView, oneField } from './measure.js';

/** Used when the config sets no positiveControl: then the check is reported, but it is not a gate. */
export const POSITIVE_CONTROL_DEFAULTS = { minVerdictRate: 0.8, minDiscrimination: 0.2 } as const;

/** The one-sided level at which clean discrimination must be shown above blind discrimination. */
export const EVIDENCE_READING_ALPHA = 0.05;

const positiveControlShape = z
  .strictObject({
    minVerdictRate: rate.optional().describe('The smallest share of clean reviews ending in a verdict (default 0.8).'),
    minDiscrimination: z.number().min(-1).max(1).optional().describe('The smallest clean catch rate minus clean false-alarm rate (default 0.2).'),
  })
  .optional()
  .describe('The critic must show, sealed, that it can review before its anchoring figures count; configured here, it is also the `positive-control` gate.');

/** The positive control's key of the thresholds, as a measure that reads it (echo) types it. */
export type PositiveControlThresholds = { positiveControl?: z.infer<typeof positiveControlShape> };

/** The smallest clean discrimination the positive control asks for (configured, or its default): echo reads it too. */
export function minDiscrimination(settings: z.infer<typeof positiveControlShape>): number {
  return settings?.minDiscrimination ?? POSITIVE_CONTROL_DEFAULTS.minDiscrimination;
}

/**
 * Seed 000's lesson from its smallest model: a reviewer that cannot review
 * shows no "anchoring" worth the name, it echoes the line it was given. So
 * before any anchoring figure counts, the critic must show, sealed, that it
 * answers (verdict rate) and tells mutants from originals (clean catch rate
 * minus clean false-alarm rate).
 */
export interface PositiveControl {
  pass: boolean;
  /** True when thresholds.positiveControl is configured: then it is the `positive-control` gate. */
  gated: boolean;
  /** Clean reviews ending in a verdict, of clean reviews answered. */
  verdictRate: number;
  /** Clean catch rate over all mutants. */
  catchRate: number | null;
  /** Clean false-alarm rate on the originals. */
  falseAlarmRate: number | null;
  /** catchRate − falseAlarmRate. */
  discrimination: number | null;
  minVerdictRate: number;
  minDiscrimination: number;
  /**
   * With a condition that withholds the evidence (blind) configured and applying to the critic: clean against
   * blind discrimination on the same items, with the exact one-sided p (null: no item answered under both).
   */
  evidenceReading?: EvidenceReading | null;
  /** False when the control failed: the contaminated conditions' figures are then not findings. */
  anchoringInterpretable: boolean;
  /** Why it failed, in words (empty when it passed). */
  reasons: string[];
}

/** Can the critic review at all, sealed, and does it read the evidence: the positive control and the blind discrimination it reads. */
export interface SealedAbility {
  /**
   * With a condition that withholds the evidence (blind) reviewing this critic's items: per mutator, blind
   * catch rate minus blind false-alarm rate (originals and controls), with Newcombe's 95% interval.
   */
  blindDiscrimination: Record<string, DiscriminationCell> | undefined;
  /** Can the critic review at all (sealed)? If not, its anchoring figures are not interpretable. */
  positiveControl: PositiveControl;
}

/** The condition that withholds the evidence (blind), and whether it reaches this critic's items (some of a kind it reviews), or why it reaches none. */
function withheld(scope: CriticScope): { condition: ReturnType<typeof evidenceWithholding>; reach: string | null | undefined; applies: boolean } {
  const condition = evidenceWithholding(scope.conditions);
  // Blind applies to the critic when some of its items are of a kind blind reviews; a checker of code has none, and is not gated on it while others are.
  const reach = condition && unreachedConditions(scope.conditions, scope.fixtures, scope.items, scope.outcomes).get(condition.name);
  return { condition, reach, applies: condition !== undefined && reach === undefined };
}

/**
 * The positive control (seed 000) and blind discrimination (the hypothesis-only baseline): whether the critic can
 * review sealed and reads the evidence, the `positive-control` gate when configured, and per mutator how well it
 * tells mutants from originals with the evidence withheld, with the `maxBlindDiscrimination` gates.
 */
export const sealedAbility = criticMeasure({
  key: 'positiveControl',
  rank: 80,
  spread: { blindDiscrimination: 30, positiveControl: 80 },
  // A critic with tools must show it fetches the evidence at all: its clean verification (the toolUse measure's figure).
  reads: (scope) => toolUseSink(scope),
  figure(scope, reading: ToolUse | undefined, thresholds): SealedAbility {
    const { condition, applies } = withheld(scope);
    return {
      blindDiscrimination: applies ? blindDiscrimination(scope.tables, condition!) : undefined,
      positiveControl: positiveControl(
        scope.tables,
        scope.outcomes,
        thresholds.positiveControl,
        applies ? evidenceReading(scope.items, scope.outcomes, condition!) : undefined,
        reading?.verification[SEALED_CONDITION],
      ),
    };
  },
  thresholds: {
    rank: { maxBlindDiscrimination: 70, positiveControl: 120 },
    shape: {
      maxBlindDiscrimination: z
        .union([rate, rateMap])
        .optional()
        .describe(
          'With the `blind` condition: the largest blind discrimination (catch rate minus false-alarm rate with the evidence withheld) a mutant set may have for this critic; one number, or per mutator with `default`.',
        ),
      positiveControl: positiveControlShape,
    },
    overrides: {
      maxBlindDiscrimination: {
        example: 'default',
        /** `--threshold maxBlindDiscrimination=N` (every mutator) or `maxBlindDiscrimination.<mutator or default>=N`. */
        set(current, fields, value, { mutators }) {
          const key = oneField(fields);
          if (key === undefined) return value;
          if (key !== 'default' && !mutators.includes(key)) throw new Error(`"${key}" is not a mutator of this audit; use ${[...mutators, 'default'].join(', ')}`);
          return { ...(typeof current === 'number' ? { default: current } : ((current as object | undefined) ?? {})), [key]: value };
        },
      },
      positiveControl: { example: 'minVerdictRate' },
    },
    // Without a condition that withholds the evidence it is not an input error but a no-data gate that fails the run.
    problems: (thresholds, { mutators }) =>
      typeof thresholds.maxBlindDiscrimination === 'object'
        ? Object.keys(thresholds.maxBlindDiscrimination)
            .filter((key) => key !== 'default' && !mutators.includes(key))
            .map((key) => ({ path: ['maxBlindDiscrimination', key], message: `unknown mutator "${key}"; use a mutator name or "default"` }))
        : [],
    // The specimen's critic discriminates by 75 points sealed (14 of 16 mutants caught, 1 of 8 false alarms) and by 25 blind.
    examples: {
      maxBlindDiscrimination: { pass: 0.5, fail: 0.1 },
      positiveControl: { pass: { minDiscrimination: 0.2 }, fail: { minDiscrimination: 0.9 } },
    },
    gateNames: { positiveControl: 'positive-control' },
  },
  // Blind, it catches the mutants of the last two fixtures only and flags no original.
  specimen: {
    fixtures: 8,
    conditions: [SEALED_CONDITION, 'blind'],
    answer: (item, condition) => (!condition.withholds ? specimenAnswer(item, condition) : item.role === 'mutant' && item.fixture >= 6 ? 'FAIL' : 'PASS'),
  },
  gates: {
    // After the verdict rate, before the review audit's.
    rank: 42,
    evaluate(figure, thresholds, scope) {
      const gates: Gate[] = [];
      const { condition, reach, applies } = withheld(scope);
      if (reach !== null)
        gates.push(
          ...blindDiscriminationGates(figure.blindDiscrimination, thresholds, {
            condition: condition?.name,
            unreached: reach,
            mutators: applies ? mutatorsOfKinds(gatedMutators(scope.runMutators, scope.generation, scope.items, scope.outcomes), condition!.kinds, scope.items) : [],
            runMutators: scope.runMutators,
          }),
        );
      if (figure.positiveControl.gated) gates.push(positiveControlGate(figure.positiveControl));
      return gates;
    },
  },
  warnings: {
    rank: 10,
    // A critic that answered nothing has shown nothing to interpret: the headline names why (its stop, or no data).
    of: ({ positiveControl: pc }, _thresholds, scope) =>
      !pc.pass && answeredAny(scope.tables) ? [`positive control failed (${pc.reasons.join('; ')}): the critic has not shown it can review, so its anchoring figures are not interpretable`] : [],
  },
  headline: {
    // The first note: it must be read before any figure.
    rank: 10,
    note(critics) {
      // A critic that answered nothing has no figure to read: the headline's cause says why (its stop, or no data).
      const failed = critics.filter(({ figure, tables }) => !figure.positiveControl.pass && answeredAny(tables)).map(({ name }) => name);
      return failed.length ? ` (positive control failed for ${failed.join(', ')}: anchoring figures not interpretable)` : '';
    },
  },
  card: { rank: 10, render: ({ positiveControl: pc }) => positiveControlCard(pc) },
  terminal: {
    rank: 30,
    render({ positiveControl: pc, blindDiscrimination: cells }) {
      const blind = Object.entries(cells ?? {});
      return [
        ...(pc && !pc.pass ? [chalk.red(`  positive control failed: ${pc.reasons.join('; ')}`)] : []),
        ...(blind.length ? [chalk.dim(`  blind discrimination (evidence withheld): ${blind.map(([mutator, cell]) => `${mutator} ${signedPoints(cell.difference)}`).join(', ')}`)] : []),
      ];
    },
  },
  markdown: [
    { rank: 20, render: ({ positiveControl: pc }) => positiveControlLines(pc) },
    { rank: 100, render: (figure, view) => blindDiscriminationLines(figure, view) },
  ],
  html: { rank: 80, render: (figure, view) => blindDiscriminationTable(figure, view) },
});
/**
 * `reading`: undefined when no condition withholds the evidence from this
 * critic's items (none configured, or none of its kind); then the evidence
 * reason is not counted. `verification`: a critic with tools' clean
 * verification; one that verified none of its clean reviews fails. Otherwise a critic whose clean discrimination is not
 * shown above its blind discrimination (one-sided exact paired test at
 * EVIDENCE_READING_ALPHA) is not reading the evidence, and fails.
 */
function positiveControl(
  tables: CriticTables,
  outcomes: ItemOutcomes,
  settings: z.infer<typeof positiveControlShape>,
  reading?: EvidenceReading | null,
  verification?: VerificationCell,
): PositiveControl {
  const minVerdictRate = settings?.minVerdictRate ?? POSITIVE_CONTROL_DEFAULTS.minVerdictRate;
  const minDiscrimination = settings?.minDiscrimination ?? POSITIVE_CONTROL_DEFAULTS.minDiscrimination;
  let answered = 0;
  let noVerdict = 0;
  for (const id of outcomes.itemIds()) {
    const clean = outcomes.of(id, 'clean');
    if (!clean) continue;
    answered += clean.answered;
    noVerdict += clean.noVerdict;
  }
  const verdictRate = answered ? (answered - noVerdict) / answered : 0;
  const catchRate = tables.pooled.clean?.n ? tables.pooled.clean.rate : null;
  const falseAlarmRate = tables.falseAlarms.clean?.n ? tables.falseAlarms.clean.rate : null;
  const discrimination = catchRate !== null && falseAlarmRate !== null ? catchRate - falseAlarmRate : null;

  const reasons: string[] = [];
  if (answered === 0) reasons.push('no clean review was answered');
  else if (verdictRate < minVerdictRate) reasons.push(`verdict rate ${fmt(verdictRate)} < ${minVerdictRate}`);
  if (discrimination === null) reasons.push('needs both mutants and originals reviewed clean');
  else if (discrimination < minDiscrimination) reasons.push(`clean catch rate ${fmt(catchRate!)} − false-alarm rate ${fmt(falseAlarmRate!)} = ${fmt(discrimination)} < ${minDiscrimination}`);
  if (reading === null) reasons.push('not reading the evidence: needs mutants and originals answered under both clean and the condition that withholds the evidence');
  else if (reading && !(reading.p < EVIDENCE_READING_ALPHA))
    reasons.push(
      `not reading the evidence: clean discrimination ${fmt(reading.cleanDiscrimination)} is not above ${reading.condition} discrimination ${fmt(reading.blindDiscrimination)} (one-sided exact paired test, p=${reading.p.toPrecision(2)} on ${reading.mutants} mutants and ${reading.originals} originals)`,
    );
  if (verification && verification.verified === 0)
    reasons.push(`verified none of its ${verification.n} clean reviews: it gave every verdict without fetching the evidence it rests on (verification 0%)`);
  const pass = reasons.length === 0;
  return {
    pass,
    gated: settings !== undefined,
    verdictRate,
    catchRate,
    falseAlarmRate,
    discrimination,
    minVerdictRate,
    minDiscrimination,
    ...(reading !== undefined ? { evidenceReading: reading } : {}),
    anchoringInterpretable: pass,
    reasons,
  };
}

/** The `positive-control` gate: value is the discrimination, and the verdict rate must hold too; no-data without clean answers on both mutants and originals. */
function positiveControlGate(control: PositiveControl): Gate {
  if (control.discrimination === null) return noDataGate('positive-control', control.minDiscrimination, control.reasons.join('; '));
  return {
    name: 'positive-control',
    threshold: control.minDiscrimination,
    value: control.discrimination,
    pass: control.pass,
    status: control.pass ? 'green' : 'red',
    detail: control.pass
      ? `verdict rate ${fmt(control.verdictRate)} >= ${control.minVerdictRate}; discrimination ${fmt(control.discrimination)} >= ${control.minDiscrimination}`
      : control.reasons.join('; '),
  };
}

const fmt = (x: number) => x.toFixed(3);

/** Whether the critic answered any review (a verdict or a reply without one), under any condition. */
const answeredAny = (tables: CriticTables) => tables.verdicts.verdicts + tables.verdicts.noVerdict > 0;

/** report.html's critic card: can the critic review at all, sealed? Its verdict, figures and reasons, and the evidence reading as report.json has it. */
function positiveControlCard(pc: PositiveControl): string {
  const facts = [`verdict rate ${percent(pc.verdictRate)} (min ${percent(pc.minVerdictRate)})`];
  if (pc.discrimination !== null) {
    const parts = pc.catchRate !== null && pc.falseAlarmRate !== null ? ` (catch ${percent(pc.catchRate)} − false alarms ${percent(pc.falseAlarmRate)})` : '';
    facts.push(`discrimination ${signedPoints(pc.discrimination)}${parts}, min ${signedPoints(pc.minDiscrimination)}`);
  }
  facts.push(pc.gated ? 'a gate' : 'reported, not gated');
  const reasons = pc.reasons.length ? `<ul class="reasons">${pc.reasons.map((x) => `<li>${e(x)}</li>`).join('')}</ul>` : '';
  const warning = pc.anchoringInterpretable ? '' : '<p class="flag">The contaminated conditions\' figures are not findings: this critic cannot review sealed.</p>';
  const reading = pc.evidenceReading === undefined ? '' : `<table class="kv"><tbody><tr><td>evidenceReading</td><td>${e(JSON.stringify(pc.evidenceReading))}</td></tr></tbody></table>`;
  const badge = `<span class="badge ${pc.pass ? 'pass' : 'fail'}">${pc.pass ? 'passed' : 'failed'}</span>`;
  return `<div class="pc"><b>Positive control</b> ${badge} <span class="dim">${e(facts.join(' · '))}</span>${reasons}${warning}${reading}</div>`;
}

/**
 * `maxBlindDiscrimination`: how far a mutant set may be detectable without
 * the evidence, for this critic: blind catch rate minus blind false-alarm
 * rate, per mutator (one number for all, or a map with `default`). With
 * `gate: lower-bound` the upper end of its Newcombe interval is compared. A
 * threshold with nothing to measure (no condition withholding the evidence,
 * no fixture it applies to, no text mutator, no blind answers, no mutant of
 * any mutator) is a no-data gate that fails the run; a mutator that made no
 * valid mutant fails it only when named, as does one named that blind does
 * not review or the run does not have.
 */
export function blindDiscriminationGates(
  cells: Readonly<Record<string, DiscriminationCell>> | undefined,
  thresholds: { maxBlindDiscrimination?: number | Record<string, number> | undefined; gate?: 'point' | 'lower-bound' | undefined },
  context: BlindGateContext,
): Gate[] {
  const setting = thresholds.maxBlindDiscrimination;
  if (setting === undefined) return [];
  const overall = overallThreshold(setting);
  if (context.condition === undefined) return [noDataGate('maxBlindDiscrimination', overall, 'no condition withholds the evidence: add blind to conditions to measure blind discrimination')];
  if (context.unreached) return [noDataGate('maxBlindDiscrimination', overall, context.unreached)];
  if (!context.mutators.length) return [noDataGate('maxBlindDiscrimination', overall, `no text mutator was reviewed by this critic: nothing to review under ${context.condition}`)];
  const conservative = thresholds.gate === 'lower-bound';
  const namedKeys = namedMutators(setting);
  const reached = withNamed(context.mutators, namedKeys, context.runMutators);
  const outside = namedKeys.filter((name) => !reached.some((m) => m.name === name)).map((name) => ({ name, noMutants: `${name} mutates no artifact that ${context.condition} reviews` }));
  const members = [...reached, ...outside].flatMap(({ name: mutator, noMutants }): Gate[] => {
    const named = typeof setting === 'number' || Object.hasOwn(setting, mutator);
    const threshold = typeof setting === 'number' ? setting : (setting[mutator] ?? setting['default']);
    if (threshold === undefined) return [];
    const name = `maxBlindDiscrimination.${mutator}`;
    if (noMutants !== null) return [noDataGate(name, threshold, noMutants, named)];
    const cell = cells?.[mutator];
    if (!cell) return [noDataGate(name, threshold, `no ${mutator} mutant and original both answered under ${context.condition}`)];
    const value = conservative ? cell.ci[1] : cell.difference;
    const pass = value <= threshold;
    return [
      {
        name,
        threshold,
        value,
        ...(conservative ? { estimate: cell.difference } : {}),
        pass,
        status: pass ? 'green' : 'red',
        detail: `${context.condition}: catch rate ${cell.catchRate.toFixed(3)} − false-alarm rate ${cell.falseAlarmRate.toFixed(3)}, 95% [${cell.ci[0].toFixed(3)}, ${cell.ci[1].toFixed(3)}]`,
      },
    ];
  });
  const none = nothingMeasured('maxBlindDiscrimination', overall, members, 'no mutant was measured');
  return none ? [...members, none] : members;
}

/** What the blind-discrimination gates need besides the figures: whether the run withholds the evidence, and the critic's mutators it applies to. */
interface BlindGateContext {
  /** The condition that withholds the evidence (blind), or undefined when the run has none. */
  condition: string | undefined;
  /** Why that condition reaches none of the suite's fixtures (no text artifact), when it reaches none. */
  unreached?: string | undefined;
  /** The critic's gated mutators of the kinds that condition applies to (text). */
  mutators: ReturnType<typeof gatedMutators>;
  /** The run's mutators: a mutator named that the run does not have has nothing to measure. */
  runMutators: readonly string[];
}

/** report.md: the positive control's verdict and figures, and why it failed. */
function positiveControlLines(pc: PositiveControl | undefined): string[] {
  if (!pc) return [];
  const figures = `verdict rate ${percent(pc.verdictRate)} (min ${percent(pc.minVerdictRate)}), clean catch rate ${pc.catchRate === null ? '–' : percent(pc.catchRate)} − false alarms ${pc.falseAlarmRate === null ? '–' : percent(pc.falseAlarmRate)} = ${pc.discrimination === null ? '–' : signedPoints(pc.discrimination)} (min ${signedPoints(pc.minDiscrimination)})`;
  return pc.pass
    ? ['', `Positive control passed${pc.gated ? '' : ' (not a gate: thresholds.positiveControl is not set)'}: ${figures}.`]
    : [
        '',
        `> **Positive control failed:** ${pc.reasons.join('; ')}. The critic has not shown it can review, so the contaminated conditions' figures below are **not interpretable** as anchoring.`,
        '',
        figures + '.',
      ];
}

/**
 * report.md: the hypothesis-only baseline: per mutator, how well the critic tells its mutants from the originals
 * with the evidence withheld (blind), beside the same clean, and whether it reads the evidence at all (the
 * positive control's paired test).
 */
function blindDiscriminationLines({ blindDiscrimination: blind, positiveControl: pc }: SealedAbility, { tables }: CriticView): string[] {
  const cells = Object.entries(blind ?? {});
  const reading = pc?.evidenceReading;
  if (!cells.length && !reading) return [];
  // The condition's own name where the positive control read it; otherwise what it does, not a name this module would have to know.
  const condition = reading?.condition ?? 'evidence withheld';
  const out = ['', `### Blind discrimination: the mutants told from the originals without the evidence (${condition})`, ''];
  if (reading)
    out.push(
      `Clean discrimination ${signedPoints(reading.cleanDiscrimination)} against ${condition} ${signedPoints(reading.blindDiscrimination)} on the same ${reading.mutants} mutants and ${reading.originals} originals (one-sided exact paired test, p=${formatP(reading.p)}): ${reading.p < 0.05 ? 'the critic reads the evidence.' : '**not shown to read the evidence**.'}`,
      '',
    );
  if (!cells.length) return out;
  out.push(`| mutator | ${condition} catch rate | ${condition} false alarms | discrimination (Newcombe 95%) | clean discrimination |`, '|---|---:|---:|---:|---:|');
  const cleanAlarms = tables.falseAlarms.clean;
  for (const [mutator, cell] of cells) {
    const clean = tables.byMutator[mutator]?.clean;
    const cleanDiscrimination = clean?.n && cleanAlarms?.n ? signedPoints(clean.rate - cleanAlarms.rate) : '–';
    out.push(`| ${mutator} | ${percent(cell.catchRate)} | ${percent(cell.falseAlarmRate)} | ${signedPoints(cell.difference)} ${signedRange(cell.ci)} | ${cleanDiscrimination} |`);
  }
  return out;
}

/** report.html: per mutator, its mutants told from the originals with the evidence withheld, beside clean. */
function blindDiscriminationTable({ blindDiscrimination: blind, positiveControl: pc }: SealedAbility, { tables }: CriticView): string {
  const cells = Object.entries(blind ?? {});
  const reading = pc.evidenceReading;
  if (!cells.length && !reading) return '';
  // The condition's own name where the positive control read it; otherwise what it does, not a name this module would have to know.
  const condition = reading?.condition ?? 'evidence withheld';
  const cleanAlarms = tables.falseAlarms.clean;
  const rows = cells
    .map(([mutator, cell]) => {
      const clean = tables.byMutator[mutator]?.clean;
      const cleanDiscrimination = clean?.n && cleanAlarms?.n ? signedPoints(clean.rate - cleanAlarms.rate) : '–';
      return `<tr><td>${e(mutator)}</td><td class="num">${percent(cell.catchRate)}</td><td class="num">${percent(cell.falseAlarmRate)}</td><td class="num">${signedPoints(cell.difference)} [${signedPoints(cell.ci[0])}, ${signedPoints(cell.ci[1])}]</td><td class="num">${cleanDiscrimination}</td></tr>`;
    })
    .join('');
  const test = reading
    ? `<p class="${reading.p < 0.05 ? 'dim' : 'flag'}">Clean discrimination ${signedPoints(reading.cleanDiscrimination)} against ${e(condition)} ${signedPoints(reading.blindDiscrimination)} on the same ${reading.mutants} mutants and ${reading.originals} originals (one-sided exact paired test, p=${formatP(reading.p)}): ${reading.p < 0.05 ? 'the critic reads the evidence' : 'not shown to read the evidence'}.</p>`
    : '';
  const table = cells.length
    ? `<table class="blind"><thead><tr><th>mutator</th><th>${e(condition)} catch rate</th><th>${e(condition)} false alarms</th><th>discrimination (Newcombe 95%)</th><th>clean discrimination</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  return `<h3>Blind discrimination</h3><p class="dim">The hypothesis-only baseline: how well the critic tells each mutator's mutants from the originals with the evidence withheld (${e(condition)}), catch rate minus false-alarm rate. A mutant set detectable without the evidence has tells in its form.</p>${test}${table}`;
}
