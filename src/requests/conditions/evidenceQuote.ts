import { evidenceSentences, splitSentences, supportOf } from '../../text/claims.js';
import type { FollowUpSource } from './types.js';

/**
 * The evidence sentence that supports the correct claim the critic's first
 * reply is about: for a mutant, the sentence that supports the original of
 * its mutated claim (a real quote that contradicts the mutant); for an
 * original, the one that supports the artifact sentence the reply quotes most
 * (a justified correction of a false alarm). Undefined without evidence, or
 * when no evidence sentence supports the claim.
 */
export function evidenceQuote(item: FollowUpSource, firstReply: string): string | undefined {
  const sources = evidenceSentences(item.evidence);
  if (!sources.length) return undefined;
  const claim = item.mutant ? originalSentenceOfMutant(item.artifact, item.mutant) : sentenceMostQuoted(item.artifact, firstReply);
  return claim === undefined ? undefined : (supportOf(claim, sources) ?? undefined);
}

/** The sentence holding a mutant's change, as it read before the change. */
function originalSentenceOfMutant(artifact: string, mutant: NonNullable<FollowUpSource['mutant']>): string | undefined {
  const { start } = mutant.span;
  const original = artifact.slice(0, start) + mutant.original + artifact.slice(start + mutant.replacement.length);
  return splitSentences(original).find((s) => s.start <= start && start <= s.end)?.text;
}

/** The artifact sentence sharing the most words with the reply (a reply quotes what it objects to). */
function sentenceMostQuoted(artifact: string, reply: string): string | undefined {
  const said = new Set(words(reply));
  let best: { text: string; shared: number } | undefined;
  for (const { text } of splitSentences(artifact)) {
    const shared = words(text).filter((w) => said.has(w)).length;
    if (!best || shared > best.shared) best = { text, shared };
  }
  return best?.text;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9£$€%.,]+/g) ?? [];
