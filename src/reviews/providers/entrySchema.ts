import { z } from 'zod';
import { DEFAULT_GRAMMAR, GRAMMAR_NAMES } from '../verdicts/index.js';

const criticName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'critic names use letters, digits, ".", "_", ":" and "-"');

/** The keys every critic entry shares, then the member's own: a provider's schema piece. */
export function providerSchema<N extends string, Shape extends z.core.$ZodLooseShape>(name: N, shape: Shape) {
  return z.strictObject({ name: criticName.optional(), provider: z.literal(name), ...shape });
}

/** Keys a member offers when it has the setting: a model critic reads a prompt template, its replies through a grammar. */
export const entryKeys = {
  prompt: z.string().min(1).optional(),
  /** How the critic's replies are read into verdicts: one of the grammars in src/reviews/verdicts. */
  verdict: z.enum(GRAMMAR_NAMES, { message: `verdict must be one of ${GRAMMAR_NAMES.join(', ')}` }).default(DEFAULT_GRAMMAR),
  /** Per-claim grammars (`verdict: claims`): whether a `not-found` claim flags the artifact (default) or is neutral. */
  notFound: z.enum(['flag', 'neutral'], { message: 'notFound must be flag or neutral' }).optional(),
  timeoutMs: z.number().int().positive().optional(),
  /** Prices per million tokens, for the run's cost and --max-cost; the run reads the `pricing` key of any entry that has one. */
  pricing: z.strictObject({ inputPerMillion: z.number().min(0), outputPerMillion: z.number().min(0), batchDiscount: z.number().gt(0).max(1).optional() }).optional(),
  /** The account's limits, for pacing before (and beside) what the API's rate-limit headers say. Not part of the identity. */
  rateLimit: z.strictObject({ requestsPerMinute: z.number().positive().optional(), tokensPerMinute: z.number().positive().optional() }).optional(),
  /** An environment variable name: keys never live in the config file. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name'),
};

/** The value of the environment variable an entry names for its key; an input error naming `apiKeyEnv` when it is unset. */
export function apiKeyFrom(variable: string, errorAt: (key: string, message: string) => Error): string {
  const value = process.env[variable];
  if (!value) throw errorAt('apiKeyEnv', `environment variable ${variable} is not set`);
  return value;
}
