import type { z } from 'zod';
import type { Condition } from '../../requests/conditions/index.js';
import type { Critic, CriticIdentity } from '../critic.js';

/** What of the run and the entry's surroundings a provider builds a critic with, beside the entry itself. */
export interface ProviderContext {
  /** The critic's name in the run (its `name:`, or its provider). */
  name: string;
  /** Folder the config's relative paths are resolved against. */
  baseDir: string;
  /** The run's timeoutMs, for an entry that sets none. */
  timeoutMs: number;
  /** The first 16 hex digits of the prompt template's SHA-256: the template shapes every reply a model gives. */
  templateHash: string;
  /** An input error (exit 2) naming one of the entry's keys. */
  errorAt(key: string, message: string): Error;
}

/** What of the run a provider's config rules may read, and how they report a problem. */
export interface ProviderRules {
  /** The run's conditions, clean first. */
  conditions: readonly Condition[];
  /** An input error (exit 2) naming one of the entry's keys, with the config file and line. */
  errorAt(key: string, message: string): Error;
}

/** A member's piece of the critic union: a strict object whose `provider` key is the member's name. */
export type ProviderSchema = z.ZodObject<{ provider: z.ZodLiteral<string> } & z.core.$ZodLooseShape, z.core.$strict>;

/**
 * One kind of critic a config entry can name with `provider:`. The identity is
 * everything that determines the critic's replies (it goes into the manifest
 * and every cache key, so it must change when a reply-relevant setting does
 * and never hold a secret); `create` builds the critic, carrying that identity.
 */
export interface Provider<S extends ProviderSchema = ProviderSchema> {
  readonly name: z.output<S>['provider'];
  readonly schema: S;
  identity(entry: z.output<S>, context: ProviderContext): CriticIdentity;
  /**
   * The entry's rules that its schema cannot state because they depend on the
   * rest of the run (an http body must carry the conversation when the run has
   * second turns): throws `rules.errorAt(key, ...)` when one is broken. Run
   * when the config loads, before any fixture is read.
   */
  validateConfig?(entry: z.output<S>, rules: ProviderRules): void;
  create(entry: z.output<S>, context: ProviderContext): Critic;
}
