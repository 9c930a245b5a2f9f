import { z } from 'zod';
import type { ToolsSetting } from '../../requests/tools.js';
import { toolsSchema } from '../tools/schema.js';
import { DEFAULT_GRAMMAR, GRAMMAR_NAMES } from '../verdicts/index.js';

const criticName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'critic names use letters, digits, ".", "_", ":" and "-"')
  .describe("The critic's name in the reports (default: the provider's name); unique in the config.");

/** The keys every critic entry shares, then the member's own: a provider's schema piece. */
export function providerSchema<N extends string, Shape extends z.core.$ZodLooseShape>(name: N, shape: Shape) {
  return z.strictObject({ name: criticName.optional(), provider: z.literal(name).describe('How the harness reaches the critic.'), ...shape });
}

/** Keys a member offers when it has the setting: a model critic reads a prompt template, its replies through a grammar. */
export const entryKeys = {
  prompt: z.string().min(1).optional().describe("The prompt template, relative to the config file (default: the bundled prompts/critic.md); its hash is part of the critic's identity."),
  verdict: z
    .enum(GRAMMAR_NAMES, { message: `verdict must be one of ${GRAMMAR_NAMES.join(', ')}` })
    .default(DEFAULT_GRAMMAR)
    .describe("How the critic's replies are read into verdicts: a verdict grammar (see verdicts.md)."),
  notFound: z
    .enum(['flag', 'neutral'], { message: 'notFound must be flag or neutral' })
    .optional()
    .describe('With `verdict: claims` only: whether a `not-found` claim flags the artifact (`flag`, the default) or is neutral.'),
  timeoutMs: z.number().int().positive().optional().describe("This critic's time limit per review attempt (default: the run's `timeoutMs`)."),
  pricing: z
    .strictObject({
      inputPerMillion: z.number().min(0).describe('The price of a million input tokens.'),
      outputPerMillion: z.number().min(0).describe('The price of a million output tokens.'),
      batchDiscount: z.number().gt(0).max(1).optional().describe('The share of those prices a batch critic pays (default 0.5).'),
    })
    .optional()
    .describe("Prices per million tokens, in dollars: the run's cost and `--max-cost` are in dollars."),
  rateLimit: z
    .strictObject({
      requestsPerMinute: z.number().positive().optional().describe('Requests per minute the account allows.'),
      tokensPerMinute: z.number().positive().optional().describe('Tokens per minute the account allows.'),
    })
    .optional()
    .describe("The account's limits: requests are paced to the tighter of these and what the API's rate-limit headers say; not part of the identity."),
  tools: toolsSchema.optional(),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
    .describe('The name of the environment variable holding the API key: keys never live in the config file.'),
};

/** The value of the environment variable an entry names for its key; an input error naming `apiKeyEnv` when it is unset. */
export function apiKeyFrom(variable: string, errorAt: (key: string, message: string) => Error): string {
  const value = process.env[variable];
  if (!value) throw errorAt('apiKeyEnv', `environment variable ${variable} is not set`);
  return value;
}

/** The entry's `tools:` as its identity carries it: absent without tools, so a critic without them keeps the identity (and cache keys) it had. */
export const toolsIdentity = (tools: ToolsSetting | undefined): { tools?: ToolsSetting } => (tools ? { tools } : {});
