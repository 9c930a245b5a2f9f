import { z } from 'zod';
import { minimumDetectableEffect, pairedSampleSize } from '../statistics/power.js';
import { percent, signedPoints } from './format.js';
import { runMeasure } from './measure.js';

/** Mutants per mutator against the sample size the configured minimum detectable effect needs: a warning per mutator with too few, never a gate. */
export const power = runMeasure({
  key: 'power',
  rank: 20,
  figure: (scope, thresholds): PowerReport | null => {
    const design = powerDesign(thresholds.minimumDetectableEffect);
    return design ? powerCheck(design, { ...scope.validByMutator }) : null;
  },
  thresholds: {
    rank: 110,
    shape: {
      minimumDetectableEffect: z
        .union([
          z.number().gt(0).max(1),
          z.strictObject({
            delta: z.number().gt(0).max(1).describe('The difference in catch rate to detect.'),
            psi: z.number().gt(0).max(1).optional().describe('The assumed share of discordant items (default 0.25).'),
            alpha: z.number().gt(0).lt(1).optional().describe('The two-sided significance level (default 0.05).'),
            power: z.number().min(0.5).lt(1).optional().describe('The power (default 0.8).'),
          }),
        ])
        .optional()
        .describe('Warn for each mutator with fewer valid mutants than a paired test needs to detect this effect: a number (delta), or `{delta, psi, alpha, power}`. Not a gate.'),
    },
    overrides: { minimumDetectableEffect: { example: 'delta', shorthand: (delta) => ({ delta }) } },
    // The specimen has 6 number-flip mutants: enough to detect a difference of 95 points, too few for 5.
    examples: { minimumDetectableEffect: { pass: { delta: 0.95, psi: 1 }, fail: 0.05 } },
    problems(thresholds) {
      const design = powerDesign(thresholds.minimumDetectableEffect);
      if (!design) return [];
      try {
        pairedSampleSize(design);
        return [];
      } catch (err) {
        return [{ path: ['minimumDetectableEffect'], message: (err as Error).message.replace(/^pairedSampleSize: /, '') }];
      }
    },
  },
  warnings: { rank: 10, of: (report) => report?.warnings ?? [] },
  markdown: {
    rank: 20,
    render(p) {
      if (!p) return [];
      const out = [
        '',
        '## Power',
        '',
        `A paired test at α = ${p.alpha} with power ${p.power} needs **${p.needed}** items to detect a ${signedPoints(p.delta).replace('+', '')} effect when ${percent(p.psi)} of items are discordant (ψ = ${p.psi}).`,
        '',
        '| mutator | valid mutants | needed | smallest detectable effect | |',
        '|---|---:|---:|---:|---|',
      ];
      for (const [mutator, m] of Object.entries(p.byMutator))
        out.push(`| ${mutator} | ${m.valid} | ${m.needed} | ${m.detectable === null ? 'none' : signedPoints(m.detectable).replace('+', '')} | ${m.enough ? '✅' : '⚠️ too few'} |`);
      return out;
    },
  },
});

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
export function powerDesign(setting: number | { delta: number; psi?: number | undefined; alpha?: number | undefined; power?: number | undefined } | undefined): PowerDesign | undefined {
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
