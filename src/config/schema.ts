import { z } from 'zod';
import { CONDITION_NAMES } from '../requests/conditions/index.js';
import { driftConfigSchema } from '../drift/config.js';
import { PROVIDER_NAMES, PROVIDER_SCHEMAS } from '../reviews/providers/index.js';

const positiveInt = z.number().int().positive();
const rate = z.number().min(0).max(1);

/** One critic entry: the union of the providers' schema pieces (src/reviews/providers), told apart by `provider`. */
export const criticSchema = z.discriminatedUnion('provider', PROVIDER_SCHEMAS, { message: `provider must be one of ${PROVIDER_NAMES.join(', ')}` });

/**
 * A per-mutator band: at or above `high` is green, below `low` red, below
 * `break` fails the run. Missing bounds fall back: low to break, high to low.
 */
export const bandSchema = z
  .strictObject({ high: rate.optional(), low: rate.optional(), break: rate.optional() })
  .refine((b) => b.high !== undefined || b.low !== undefined || b.break !== undefined, { message: 'give at least one of high, low, break' })
  .refine((b) => {
    const ordered = [b.break, b.low, b.high].filter((x): x is number => x !== undefined);
    return ordered.every((x, i) => i === 0 || ordered[i - 1]! <= x);
  }, { message: 'need break <= low <= high' });

const thresholdsSchema = z.strictObject({
  /** Clean catch rate per mutator (with `default` for the rest): a number is the break point, or a {high, low, break} band. */
  catchRate: z.union([rate, z.record(z.string(), z.union([rate, bandSchema]))]).optional(),
  maxFalseAlarmRate: rate.optional(),
  /** Largest allowed clean minus with-trace catch rate, pooled over mutators. */
  maxAnchoringDrop: rate.optional(),
  minVerdictRate: rate.optional(),
  /** `point` gates the estimate; `lower-bound` the pessimistic end of its 95% interval (conservative). Default point. */
  gate: z.enum(['point', 'lower-bound']).optional(),
  /** Against a --baseline run: fail on a drop that is significant after Holm correction and larger than `margin`. */
  maxRegression: z.strictObject({ margin: rate.optional(), alpha: z.number().gt(0).lt(1).optional() }).optional(),
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

/** The cluster bootstrap of each condition's effect against clean. */
const bootstrapSchema = z.strictObject({
  resamples: positiveInt.max(1_000_000).optional(),
  /** Default: the run's seed. */
  seed: z.number().int().optional(),
});

/** The report files' own settings (report.html, mutation.json, mutation.html). */
const reportsSchema = z.strictObject({
  /** The condition whose verdicts make a mutant Killed or Survived in mutation.json. */
  primaryCondition: z.enum(CONDITION_NAMES).default('clean'),
  /** Also write mutation.<condition>.json and .html for every condition. */
  mutationReportPerCondition: z.boolean().default(false),
});

export const configSchema = z
  .strictObject({
    fixtures: z.array(z.string().min(1)).min(1, 'list at least one fixture folder or file'),
    mutators: z.array(z.string().min(1)).min(1).optional(),
    conditions: z.array(z.enum(CONDITION_NAMES)).min(1).optional(),
    seed: z.number().int().default(1),
    mutantsPerFixture: positiveInt.default(12),
    concurrency: positiveInt.default(8),
    /** Reviews of each (item, condition), sampled at the critic's temperature. */
    repeats: positiveInt.max(100).default(1),
    retries: z.number().int().min(0).max(20).default(3),
    timeoutMs: positiveInt.default(60_000),
    /** Largest share of reviews that may end in an error before the run exits 3. */
    errorBudget: rate.default(0.05),
    /** Stop a run when a critic's first this many attempts all fail the same way (0: never). */
    failFast: z.number().int().min(0).default(10),
    rubric: z.string().min(1).optional(),
    critic: criticSchema.optional(),
    critics: z.array(criticSchema).min(1).optional(),
    thresholds: thresholdsSchema.default({}),
    /** Read by `critic-audit drift`; validated here too so one file serves both commands. */
    drift: driftConfigSchema.optional(),
    bootstrap: bootstrapSchema.optional(),
    reports: reportsSchema.default({ primaryCondition: 'clean', mutationReportPerCondition: false }),
  })
  .refine((c) => (c.critic === undefined) !== (c.critics === undefined), {
    message: 'give either "critic" (one) or "critics" (a list), not both and not neither',
    path: ['critics'],
  });

export type CriticConfig = z.infer<typeof criticSchema>;
export type Thresholds = z.infer<typeof thresholdsSchema>;
export type Band = z.infer<typeof bandSchema>;
export type BootstrapSettings = z.infer<typeof bootstrapSchema>;
export type ReportSettings = z.infer<typeof reportsSchema>;
export { thresholdsSchema };
export type RawConfig = z.infer<typeof configSchema>;
