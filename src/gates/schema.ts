import { z } from 'zod';
import { rate } from '../util/schemaParts.js';

/**
 * A per-mutator band: at or above `high` is green, below `low` red, below
 * `break` fails the run. Missing bounds fall back: low to break, high to low.
 */
export const bandSchema = z
  .strictObject({ high: rate.optional(), low: rate.optional(), break: rate.optional() })
  .refine((b) => b.high !== undefined || b.low !== undefined || b.break !== undefined, { message: 'give at least one of high, low, break' })
  .refine(
    (b) => {
      const ordered = [b.break, b.low, b.high].filter((x): x is number => x !== undefined);
      return ordered.every((x, i) => i === 0 || ordered[i - 1]! <= x);
    },
    { message: 'need break <= low <= high' },
  );

/** What a catch is for the catch-rate gates: any FAIL on a mutant (raw), or one whose reply pointed at the mutation (located). */
export const catchModeSchema = z.enum(['raw', 'located'], { message: 'mode must be raw or located' });
export type CatchMode = z.infer<typeof catchModeSchema>;

/** The `thresholds:` section of the config: what the gates compare the figures with. */
export const thresholdsSchema = z.strictObject({
  /**
   * Clean catch rate per mutator (with `default` for the rest): a number is the break point, or a {high, low, break} band.
   * `mode: located` gates the located catches (the reply pointed at the mutation) instead of every FAIL; default raw.
   */
  catchRate: z
    .union([
      rate,
      // Any string passes the union and is checked here, so a bad mode is named as such rather than as "Invalid input".
      z.record(z.string(), z.union([rate, bandSchema, z.string()])).superRefine((entries, ctx) => {
        for (const [key, value] of Object.entries(entries)) {
          if (key === 'mode' ? !catchModeSchema.safeParse(value).success : typeof value === 'string')
            ctx.addIssue({ code: 'custom', path: [key], message: key === 'mode' ? 'mode must be raw or located' : 'give a rate or a {high, low, break} band' });
        }
      }),
    ])
    .optional(),
  maxFalseAlarmRate: rate.optional(),
  /** Largest allowed clean minus with-trace catch rate, pooled over mutators. */
  maxAnchoringDrop: rate.optional(),
  /**
   * Per contaminated condition, the largest allowed effect against clean on the same items: the drop in catch
   * rate for one that pushes towards PASS (a number: all mutants pooled; a map: per mutator, with `default`),
   * the rise in false alarms on the originals for one that pushes towards FAIL.
   */
  maxConditionEffect: z.record(z.string(), z.union([rate, z.record(z.string(), rate)])).optional(),
  /** Per second-turn condition, the largest share of first-turn catches the follow-up may take back (false consensus). */
  maxYield: z.record(z.string(), rate).optional(),
  /** Per second-turn condition, the smallest share of first-turn false alarms an evidence rebuttal must correct. */
  minCorrection: z.record(z.string(), rate).optional(),
  /** Critics of reviews (reviewAudits): the largest share of flawed reviews they may AGREE with; a number, or per review mutator with `default`. */
  maxFalseConsensus: z.union([rate, z.record(z.string(), rate)]).optional(),
  /**
   * The largest blind discrimination (catch rate minus false-alarm rate with the evidence withheld, condition
   * blind) a mutant set may have for this critic: one number for every mutator, or per mutator with `default`.
   */
  maxBlindDiscrimination: z.union([rate, z.record(z.string(), rate)]).optional(),
  minVerdictRate: rate.optional(),
  /** `point` gates the estimate; `lower-bound` the pessimistic end of its 95% interval (conservative). Default point. */
  gate: z.enum(['point', 'lower-bound']).optional(),
  /**
   * Against a --baseline run: fail on a row that worsened significantly after Holm correction (`alpha`, default 0.05)
   * and by more than `margin` (default 0.05). `rows` is the family tested: `pooled` (default), all mutants and the
   * originals' false alarms per condition; `per-mutator`, every mutator's rows as well; a list of mutators, theirs as
   * well. A row with fewer than `minPairs` (default 20) paired items is reported as too small, never gated.
   */
  maxRegression: z
    .strictObject({
      margin: rate.optional(),
      alpha: z.number().gt(0).lt(1).optional(),
      rows: z
        .union([z.enum(['pooled', 'per-mutator']), z.array(z.string().min(1)).min(1, 'name at least one mutator, or use pooled or per-mutator')], {
          error: 'rows must be pooled, per-mutator or a list of mutator names',
        })
        .optional(),
      minPairs: z.number().int().min(1).optional(),
    })
    .optional(),
  /** Warn for each mutator with fewer valid mutants than a paired test needs to detect this effect. */
  minimumDetectableEffect: z
    .union([
      z.number().gt(0).max(1),
      z.strictObject({
        delta: z.number().gt(0).max(1),
        /** Assumed share of discordant items (default 0.25). */
        psi: z.number().gt(0).max(1).optional(),
        alpha: z.number().gt(0).lt(1).optional(),
        power: z.number().min(0.5).lt(1).optional(),
      }),
    ])
    .optional(),
  /** The critic must show it can review before its anchoring figures count; configured here, it is also a gate. */
  positiveControl: z.strictObject({ minVerdictRate: rate.optional(), minDiscrimination: z.number().min(-1).max(1).optional() }).optional(),
});

export type Thresholds = z.infer<typeof thresholdsSchema>;
export type Band = z.infer<typeof bandSchema>;
