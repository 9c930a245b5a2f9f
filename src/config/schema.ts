import { z } from 'zod';
import { conditionsSchema } from '../requests/conditions/index.js';
import { driftConfigSchema } from '../drift/config.js';
import { PROVIDER_NAMES, PROVIDER_SCHEMAS } from '../reviews/providers/index.js';
import { bootstrapSchema } from '../results/schema.js';
import { reportsSchema } from '../reports/schema.js';
import { reviewAuditsSchema } from '../mutants/reviewFixtures.js';
import { thresholdsSchema } from '../gates/schema.js';
import { positiveInt, rate } from '../util/schemaParts.js';

/** One critic entry: the union of the providers' schema pieces (src/reviews/providers), told apart by `provider`. */
export const criticSchema = z.discriminatedUnion('provider', PROVIDER_SCHEMAS, { message: `provider must be one of ${PROVIDER_NAMES.join(', ')}` });

export const configSchema = z
  .strictObject({
    fixtures: z.array(z.string().min(1)).min(1, 'list at least one fixture folder or file'),
    mutators: z.array(z.string().min(1)).min(1).optional(),
    /** Seed 001: critics of reviews, audited on reviews of the suite's own originals and verified mutants. */
    reviewAudits: reviewAuditsSchema.optional(),
    conditions: conditionsSchema.optional(),
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
export type RawConfig = z.infer<typeof configSchema>;
