import type { GateThresholds } from './schema.js';
import type { ItemOutcomes } from '../results/itemOutcomes.js';
import type { EvidenceReading } from '../results/blindDiscrimination.js';
import type { CriticTables } from '../results/tabulate.js';
import { noDataGate, type Gate } from './gate.js';

/** Used when the config sets no positiveControl: then the check is reported, but it is not a gate. */
export const POSITIVE_CONTROL_DEFAULTS = { minVerdictRate: 0.8, minDiscrimination: 0.2 } as const;

/** The one-sided level at which clean discrimination must be shown above blind discrimination. */
export const EVIDENCE_READING_ALPHA = 0.05;

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

/**
 * `reading`: undefined when no condition withholds the evidence from this
 * critic's items (none configured, or none of its kind); then the evidence
 * reason is not counted. Otherwise a critic whose clean discrimination is not
 * shown above its blind discrimination (one-sided exact paired test at
 * EVIDENCE_READING_ALPHA) is not reading the evidence, and fails.
 */
export function positiveControl(tables: CriticTables, outcomes: ItemOutcomes, settings: GateThresholds['positiveControl'], reading?: EvidenceReading | null): PositiveControl {
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
export function positiveControlGate(control: PositiveControl): Gate {
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
