import type { Critic } from '../critic.js';
import { providerSchema } from './entrySchema.js';
import type { Provider } from './types.js';

/**
 * A critic that ships with the harness (src/reviews/builtin): an entry names
 * it and nothing more. Its identity is the one its module gives it, a version
 * kept beside the code it describes, so the critic is its own source of truth.
 */
export function builtinProvider<N extends `builtin:${string}`>(name: N, createCritic: (name: string) => Critic) {
  const schema = providerSchema(name, {});
  const provider: Provider<typeof schema> = {
    name,
    schema,
    identity: (entry, context) => provider.create(entry, context).identity,
    create: (_entry, context) => createCritic(context.name),
  };
  return provider;
}
