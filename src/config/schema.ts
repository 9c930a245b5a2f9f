import { z } from 'zod';
import { CONDITION_NAMES } from '../requests/conditions/index.js';
import { driftConfigSchema } from '../drift/config.js';
import { DEFAULT_GRAMMAR, GRAMMAR_NAMES } from '../reviews/verdicts/index.js';

import { bootstrapSchema } from '../results/schema.js';
import { reportsSchema } from '../reports/schema.js';
import { thresholdsSchema } from '../gates/schema.js';
import { positiveInt, rate } from '../util/schemaParts.js';
/** How the critic's replies are read into verdicts: one of the grammars in src/reviews/verdicts. */
const verdictGrammar = z.enum(GRAMMAR_NAMES, { message: `verdict must be one of ${GRAMMAR_NAMES.join(', ')}` }).default(DEFAULT_GRAMMAR);
const criticName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'critic names use letters, digits, ".", "_", ":" and "-"');

const openaiCritic = z.strictObject({
  name: criticName.optional(),
  provider: z.literal('openai'),
  model: z.string().min(1),
  baseURL: z.url().optional(),
  /** The name of the environment variable holding the key: keys never live in the config file. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: positiveInt.optional(),
  prompt: z.string().min(1).optional(),
  verdict: verdictGrammar,
  timeoutMs: positiveInt.optional(),
  /** Prices per million tokens, for the run's cost and --max-cost. */
  pricing: z.strictObject({ inputPerMillion: z.number().min(0), outputPerMillion: z.number().min(0) }).optional(),
});

const execCritic = z.strictObject({
  name: criticName.optional(),
  provider: z.literal('exec'),
  command: z.array(z.string().min(1)).min(1, 'command needs at least the program to run'),
  /** oneshot: a process per review; persistent: one process for the run, speaking JSON Lines. */
  mode: z.enum(['oneshot', 'persistent']).optional(),
  prompt: z.string().min(1).optional(),
  verdict: verdictGrammar,
  timeoutMs: positiveInt.optional(),
});

export const BUILTIN_CRITICS = ['builtin:evidence-check', 'builtin:trace-trusting', 'builtin:run-examples'] as const;

const builtinCritic = z.strictObject({
  name: criticName.optional(),
  provider: z.enum(BUILTIN_CRITICS, { message: `provider must be openai, exec or one of ${BUILTIN_CRITICS.join(', ')}` }),
});

export const criticSchema = z.discriminatedUnion('provider', [openaiCritic, execCritic, builtinCritic], {
  message: `provider must be openai, exec or one of ${BUILTIN_CRITICS.join(', ')}`,
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
export type RawConfig = z.infer<typeof configSchema>;
