import { z } from 'zod';
import { conditionsSchema } from '../requests/conditions/index.js';
import { driftConfigSchema } from '../drift/config.js';
import { PROVIDER_NAMES, PROVIDER_SCHEMAS } from '../reviews/providers/index.js';
import { escalationSchema } from '../results/escalation.js';
import { loopSchema } from '../requests/loop.js';
import { bootstrapSchema } from '../results/schema.js';
import { reportsSchema } from '../reports/schema.js';
import { reviewAuditsSchema } from '../mutants/reviewFixtures.js';
import { thresholdsSchema } from '../measures/index.js';
import { positiveInt, rate } from '../util/schemaParts.js';

/** One critic entry: the union of the providers' schema pieces (src/reviews/providers), told apart by `provider`. */
export const criticSchema = z.discriminatedUnion('provider', PROVIDER_SCHEMAS, { message: `provider must be one of ${PROVIDER_NAMES.join(', ')}` });

export const configSchema = z
  .strictObject({
    fixtures: z.array(z.string().min(1)).min(1, 'list at least one fixture folder or file').describe('Fixture folders or files, relative to the config file (see fixtures.md).'),
    mutators: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe(
        "The mutators to run, by name (below). Default: every text and code mutator of the kinds the suite's fixtures have (a text-only suite gets no code mutator); the review mutators come with `reviewAudits`.",
      ),
    reviewAudits: reviewAuditsSchema.optional(),
    conditions: conditionsSchema.optional(),
    escalation: escalationSchema.optional(),
    loop: loopSchema.optional(),
    seed: z
      .number()
      .int()
      .default(1)
      .describe('Seeds every random choice (the mutants sampled, the reviewed mutants of a review audit, the bootstrap by default), so two runs of one config review the same items.'),
    mutantsPerFixture: positiveInt.default(12).describe('The most mutants kept per fixture and mutator, sampled with the seed.'),
    concurrency: positiveInt.default(8).describe('The most reviews in flight at once (critics are audited one after another); adaptive: a 429 halves it, successes win it back.'),
    repeats: positiveInt.max(100).default(1).describe("Reviews of each (item, condition), sampled at the critic's temperature; each item still counts once."),
    retries: z.number().int().min(0).max(20).default(3).describe('Retries per review on 429, 5xx and network errors, with jittered exponential backoff honouring `retry-after`.'),
    timeoutMs: positiveInt.default(60_000).describe('The time limit of one review attempt, reply included; a critic entry may set its own.'),
    errorBudget: rate.default(0.05).describe('The largest share of reviews that may end in an error before the run stops with exit 3.'),
    failFast: z.number().int().min(0).default(10).describe("Stop the run (exit 3) when a critic's first this many attempts all fail the same way (429s not counted); 0: never."),
    rubric: z.string().min(1).optional().describe('Replaces the default rubric of every fixture kind: what the critic is asked to check, sent as the system message.'),
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
