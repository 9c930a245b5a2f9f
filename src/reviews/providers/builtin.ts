import { z } from 'zod';
import type { Critic } from '../critic.js';
import { DEFAULT_GRAMMAR, type GrammarName } from '../verdicts/index.js';
import { entryKeys, providerSchema, toolsIdentity } from './entrySchema.js';
import type { Provider } from './types.js';

/**
 * A critic that ships with the harness (src/reviews/builtin): an entry names
 * it and nothing more. Its identity is the one its module gives it, a version
 * kept beside the code it describes, so the critic is its own source of truth.
 */
export function builtinProvider<N extends `builtin:${string}`>(
  name: N,
  createCritic: (name: string, grammar: GrammarName) => Critic,
  grammars: readonly [GrammarName, ...GrammarName[]] = [DEFAULT_GRAMMAR],
) {
  // A built-in that answers in several grammars takes `verdict:` (and, per claim, `notFound:`); one that answers in
  // another grammar than pass-fail has it as the default of `verdict:`; the others take no key.
  const schema = providerSchema(
    name,
    grammars.length > 1 || grammars[0] !== DEFAULT_GRAMMAR
      ? {
          verdict: z
            .enum(grammars, { message: `verdict must be one of ${grammars.join(', ')} for ${name}` })
            .default(grammars[0])
            .describe('The verdict grammar this built-in answers in (see verdicts.md).'),
          notFound: entryKeys.notFound,
        }
      : {},
  );
  const provider: Provider<typeof schema> = {
    name,
    schema,
    identity: (entry, context) => provider.create(entry, context).identity,
    create: (entry, context) => createCritic(context.name, ('verdict' in entry ? (entry.verdict as GrammarName) : undefined) ?? grammars[0]),
  };
  return provider;
}

/**
 * A built-in that can fetch its own evidence: its entry also takes `tools:`
 * (critics.md, "Critics that use tools"), and its tools join its identity, so its replies are
 * cached apart from the same checker's without them.
 */
export function toolUsingBuiltin<N extends `builtin:${string}`>(
  name: N,
  createCritic: (name: string, grammar: GrammarName) => Critic,
  grammars: readonly [GrammarName, ...GrammarName[]] = [DEFAULT_GRAMMAR],
) {
  const base = builtinProvider(name, createCritic, grammars);
  const schema = base.schema.extend({ tools: entryKeys.tools });
  const provider: Provider<typeof schema> = {
    name,
    schema,
    identity: (entry, context) => provider.create(entry, context).identity,
    create: (entry, context) => {
      const critic = base.create(entry, context);
      return entry.tools ? { ...critic, identity: { ...critic.identity, ...toolsIdentity(entry.tools) } } : critic;
    },
  };
  return provider;
}
