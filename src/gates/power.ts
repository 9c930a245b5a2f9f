import type { Thresholds } from './schema.js';
import { minimumDetectableEffect, pairedSampleSize } from '../statistics/power.js';

export const DEFAULT_PSI = 0.25;

export interface PowerDesign {
  delta: number;
  psi: number;
  alpha: number;
  power: number;
}

export interface PowerReport extends PowerDesign {
  /** Paired items a test needs to detect `delta` (Connor's formula, exact normal quantiles). */
  needed: number;
  byMutator: Record<string, { valid: number; needed: number; enough: boolean; detectable: number | null }>;
  warnings: string[];
}

/** The configured minimumDetectableEffect with its defaults, or undefined. */
export function powerDesign(setting: Thresholds['minimumDetectableEffect']): PowerDesign | undefined {
  if (setting === undefined) return undefined;
  const s = typeof setting === 'number' ? { delta: setting } : setting;
  return { delta: s.delta, psi: s.psi ?? DEFAULT_PSI, alpha: s.alpha ?? 0.05, power: s.power ?? 0.8 };
}

/**
 * Whether each mutator has enough valid mutants for a paired test (clean
 * against a contaminated condition) to detect the configured effect; a
 * warning for each that has not, with the smallest effect it can detect.
 */
export function powerCheck(design: PowerDesign, validByMutator: Record<string, number>): PowerReport {
  const { n: needed } = pairedSampleSize(design);
  const byMutator: PowerReport['byMutator'] = {};
  const warnings: string[] = [];
  for (const [mutator, valid] of Object.entries(validByMutator)) {
    const mde = valid > 0 ? minimumDetectableEffect({ n: valid, psi: design.psi, alpha: design.alpha, power: design.power }) : Number.POSITIVE_INFINITY;
    const detectable = Number.isFinite(mde) ? mde : null;
    const enough = valid >= needed;
    byMutator[mutator] = { valid, needed, enough, detectable };
    if (!enough) {
      warnings.push(
        `${mutator}: ${valid} valid mutants, fewer than the ${needed} needed to detect a ${pts(design.delta)} effect (ψ = ${design.psi}, α = ${design.alpha}, power ${design.power}); ` +
          (detectable === null ? 'no effect is detectable at this size' : `the smallest detectable effect is ${(100 * detectable).toFixed(1)} points`),
      );
    }
  }
  return { ...design, needed, byMutator, warnings };
}

const pts = (x: number) => `${(100 * x).toFixed(1)}-point`;
