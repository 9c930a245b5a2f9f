import { findEntities, findNumbers } from './claims.js';
import { readSentences, type Token } from './nlp.js';

/**
 * The options a question sets against each other ("two concession tickets or
 * the Family Duo ticket?") and the things an answer's comparison names ("The
 * Family Duo ticket is the cheaper option"), as wink-nlp reads them: what
 * lets claim-omission keep the figures a comparison rests on.
 */

/** One option a question names: as written, and the lemmas that tell it from the other ("concession"; "family", "duo"). */
export interface AskedOption {
  text: string;
  words: string[];
}

/** Parts of speech of a noun phrase an option is written in. */
const PHRASE: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);
const isNoun = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';
const lemmasOf = (phrase: readonly Token[]) => phrase.filter((t) => isNoun(t) || t.pos === 'ADJ').map((t) => t.lemma);

/**
 * The pairs of options the question's asks set with "or" between two noun
 * phrases ("buy two concession tickets or the Family Duo ticket?"), each with
 * the lemmas only it has ("ticket" tells neither). "Take the annual plan or
 * pay monthly?" joins two verbs, not two named options: none.
 */
export function askedOptions(task: string): AskedOption[][] {
  const pairs: AskedOption[][] = [];
  for (const sentence of readSentences(task)) {
    if (!sentence.text.trim().endsWith('?')) continue;
    const tokens = sentence.tokens;
    tokens.forEach((t, i) => {
      if (t.lemma !== 'or' || t.pos !== 'CCONJ') return;
      let from = i;
      while (from > 0 && PHRASE.has(tokens[from - 1]!.pos)) from--;
      let to = i + 1;
      while (to < tokens.length && PHRASE.has(tokens[to]!.pos)) to++;
      const [left, right] = [tokens.slice(from, i), tokens.slice(i + 1, to)];
      if (!left.some(isNoun) || !right.some(isNoun)) return;
      const [a, b] = [lemmasOf(left), lemmasOf(right)];
      const own = (x: string[], y: string[]) => [...new Set(x.filter((l) => !y.includes(l)))];
      const [wordsA, wordsB] = [own(a, b), own(b, a)];
      if (!wordsA.length || !wordsB.length) return;
      const text = (phrase: Token[]) => sentence.text.slice(phrase[0]!.start - sentence.start, phrase[phrase.length - 1]!.end - sentence.start);
      pairs.push([
        { text: text(left), words: wordsA },
        { text: text(right), words: wordsB },
      ]);
    });
  }
  return pairs;
}

/** Whether a sentence speaks of an option: one of the lemmas only it has. */
export function speaksOf(sentence: string, option: Pick<AskedOption, 'words'>): boolean {
  const lemmas = new Set(readSentences(sentence).flatMap((s) => s.tokens.map((t) => t.lemma)));
  return option.words.some((w) => lemmas.has(w));
}

/** Whether a sentence states a figure: an amount, a count, a share. */
export function statesFigure(sentence: string): boolean {
  return findNumbers(sentence).length > 0;
}

/** Words that compare without a comparative ending. */
const COMPARING: ReadonlySet<string> = new Set(['less', 'more', 'fewer', 'least', 'most', 'save', 'saving']);

/** Whether a sentence compares: a comparative or superlative ("cheaper", "lower", "cheapest"), "less", "more", a saving. */
export function compares(sentence: string): boolean {
  return readSentences(sentence).some((s) => s.tokens.some((t) => COMPARING.has(t.lemma) || ((t.pos === 'ADJ' || t.pos === 'ADV') && t.text.toLowerCase() !== t.lemma && /(?:er|est)$/i.test(t.text))));
}

/**
 * What a comparing sentence sets against something, each by the words that
 * name it: its names ("The Family Duo ticket is the cheaper option": "Family
 * Duo") and its subject, the nouns and adjectives before its first verb ("The
 * annual plan is the better deal": "annual", "plan"); none for a sentence that
 * does not compare, nor for a subject that is a pronoun ("It is cheaper").
 */
export function comparedThings(sentence: string): AskedOption[] {
  if (!compares(sentence)) return [];
  const names = findEntities(sentence)
    .filter((e) => e.kind !== 'month' && e.kind !== 'weekday')
    .map((e) => ({ text: e.text, words: readSentences(e.text).flatMap((s) => s.tokens.map((t) => t.lemma)) }));
  const tokens = readSentences(sentence)[0]?.tokens ?? [];
  const verb = tokens.findIndex((t) => t.pos === 'AUX' || t.pos === 'VERB');
  const subject = tokens.slice(0, Math.max(verb, 0));
  const words = lemmasOf(subject);
  const named = subject.every((t) => PHRASE.has(t.pos)) && subject.some(isNoun) ? [{ text: sentence.slice(subject[0]!.start, subject[subject.length - 1]!.end), words }] : [];
  return [...names, ...named];
}

/** Whether a sentence names a thing compared: every word that names it. */
export function names(sentence: string, thing: Pick<AskedOption, 'words'>): boolean {
  const lemmas = new Set(readSentences(sentence).flatMap((s) => s.tokens.map((t) => t.lemma)));
  return thing.words.every((w) => lemmas.has(w));
}
