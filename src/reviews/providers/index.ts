import type { z } from 'zod';
import { sha256Hex } from '../../util/hash.js';
import type { Critic } from '../critic.js';
import { createEvidenceCheckCritic } from '../builtin/evidenceCheck.js';
import { createPlanCheckCritic, createPlanTrustingCritic } from '../builtin/planCheck.js';
import { createRunExamplesCritic } from '../builtin/runExamples.js';
import { createTraceTrustingCritic } from '../builtin/traceTrusting.js';
import { createAgreeConfidentCritic, createReviewCheckCritic } from '../builtin/reviewCritics.js';
import { anthropic } from './anthropic.js';
import { builtinProvider, toolUsingBuiltin } from './builtin.js';
import { exec } from './exec.js';
import { http } from './http.js';
import { openai } from './openai.js';
import type { Provider, ProviderContext, ProviderRules } from './types.js';

export type { Provider, ProviderContext, ProviderRules } from './types.js';

/** Every provider a critic entry can name. A new provider is a module and a line here (and a row in providers.contract.spec.ts). */
export const ALL_PROVIDERS = [
  openai,
  anthropic,
  http,
  exec,
  toolUsingBuiltin('builtin:evidence-check', createEvidenceCheckCritic, ['pass-fail', 'claims']),
  toolUsingBuiltin('builtin:trace-trusting', createTraceTrustingCritic),
  builtinProvider('builtin:run-examples', (name) => createRunExamplesCritic(name)),
  builtinProvider('builtin:review-check', createReviewCheckCritic, ['agree-disagree']),
  builtinProvider('builtin:agree-confident', createAgreeConfidentCritic, ['agree-disagree']),
  builtinProvider('builtin:plan-check', (name) => createPlanCheckCritic(name), ['accepted-issues']),
  builtinProvider('builtin:plan-trusting', (name) => createPlanTrustingCritic(name), ['accepted-issues']),
] as const;

type Registered = (typeof ALL_PROVIDERS)[number];
export type ProviderName = Registered['name'];
/** A checked critic entry, whichever provider it names. */
export type CriticEntry = z.output<Registered['schema']>;

export const PROVIDER_NAMES: readonly ProviderName[] = ALL_PROVIDERS.map((p) => p.name);
/** The members' schema pieces as a tuple, so the config's critic union keeps each member's entry type. */
export const PROVIDER_SCHEMAS = ALL_PROVIDERS.map((p) => p.schema) as unknown as SchemasOf<typeof ALL_PROVIDERS>;
type SchemasOf<T extends readonly unknown[]> = { [K in keyof T]: T[K] extends { schema: infer S } ? S : never };

/** A critic entry as the config hands it over: its name, the checked entry, where it was declared, its prompt template. */
export interface DeclaredCritic {
  name: string;
  config: CriticEntry;
  path: ReadonlyArray<string | number>;
  template: string;
}

/** What of the run a critic is built with: where relative paths start, the default time limit, and where input errors point. */
export interface CriticRun {
  baseDir: string;
  timeoutMs: number;
  source: { errorAt(path: PropertyKey[], message: string): Error };
}

/** Builds the critic a config entry describes, by the provider it names. */
export function createCritic(critic: DeclaredCritic, run: CriticRun): Critic {
  const context: ProviderContext = {
    name: critic.name,
    baseDir: run.baseDir,
    timeoutMs: run.timeoutMs,
    templateHash: sha256Hex(critic.template).slice(0, 16),
    errorAt: (key, message) => run.source.errorAt([...critic.path, key], message),
  };
  return providerOf(critic.config).create(critic.config, context);
}

/** Checks the entry against its provider's rules on the rest of the run (Provider.validateConfig), if it has any. */
export function validateCriticConfig(entry: CriticEntry, rules: ProviderRules): void {
  providerOf(entry).validateConfig?.(entry, rules);
}

/** The member the entry names. */
function providerOf(entry: CriticEntry): Provider {
  // The config's union checked the entry against the member its provider names (names are unique: the contract spec).
  return ALL_PROVIDERS.find((p) => p.name === entry.provider) as Provider;
}
