import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import type { ItsFunction, Model, WinkMethods } from 'wink-nlp';
import { isAbbreviationStop } from './abbreviations.js';

/**
 * The one place prose is read by a language model of English (wink-nlp with
 * its lite web model): sentence boundaries, tokens with their offsets, parts of
 * speech and lemmas. Chosen over compromise for its exact token offsets (the
 * mutators write spans into the artifact), its lemmas and its speed (about
 * 0.1 ms a sentence, and the built-in critics read every sentence of every
 * review); compromise tags names better but reports no offsets we can trust
 * across its normalisation, and chrono-node reads dates only.
 */
let english: WinkMethods | undefined;

/**
 * The model, loaded at the first text read (or by a command that reads a
 * suite, before it sets the CLI's heap policy): it takes about a third of a
 * second of the CLI's start, which `--help`, `init` and `drift` never need.
 * Both packages are CommonJS, so a synchronous require works here.
 */
export function model(): WinkMethods {
  if (!english) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkNLP;
    english = winkNLP(require('wink-eng-lite-web-model') as Model);
  }
  return english;
}

/** Possessive determiners, which the model tags as pronouns: "our cover" opens a noun, "they cover" is a verb's subject. */
export const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'our', 'their', 'his', 'her', 'its']);

export interface Token {
  text: string;
  start: number;
  end: number;
  /** Universal part of speech: NOUN, PROPN, VERB, AUX, ADJ, ADV, NUM, DET, PRON, ADP, ... */
  pos: string;
  /** Lower-case dictionary form: "withdrawals" → "withdrawal", "costs" → "cost". */
  lemma: string;
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
  tokens: Token[];
}

/**
 * Texts recur across every candidate and every review (an original is
 * reviewed under each condition): their reading is computed once. A few
 * thousand texts are all a suite holds; past that, the cache starts again.
 */
const cache = new Map<string, Sentence[]>();
const CACHE_SIZE = 20_000;

/**
 * The sentences of a text with their tokens, offsets into the text. A blank
 * line also ends a sentence (a list item without a full stop is a claim of
 * its own).
 */
export function readSentences(text: string): Sentence[] {
  let sentences = cache.get(text);
  if (!sentences) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    sentences = text.split(/(\n\s*\n)/).reduce<{ offset: number; out: Sentence[] }>(
      (acc, part) => {
        if (part.trim() && !/^\n\s*\n$/.test(part)) acc.out.push(...readParagraph(part, acc.offset));
        acc.offset += part.length;
        return acc;
      },
      { offset: 0, out: [] },
    ).out;
    cache.set(text, sentences);
  }
  return sentences;
}

function readParagraph(text: string, base: number): Sentence[] {
  const nlp = model();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  // Each property read over the whole collection at once: a token item per token and property cost a fifth of the reading.
  const all = doc.tokens();
  const values = all.out();
  const spaces = all.out(its.precedingSpaces);
  const tags = all.out(its.pos);
  // wink-nlp's types give its.lemma the raw-document signature, not a token's; `out(its.lemma)` is its documented use.
  const lemmas = all.out(its.lemma as unknown as ItsFunction<string>);
  const tokens: Token[] = [];
  let offset = 0;
  values.forEach((value, i) => {
    offset += String(spaces[i]).length;
    tokens.push({ text: value, start: base + offset, end: base + offset + value.length, pos: String(tags[i]), lemma: String(lemmas[i]).toLowerCase() });
    offset += value.length;
  });
  const sentences: Sentence[] = [];
  for (const [first, last] of doc.sentences().out(its.span) as [number, number][]) {
    const own = tokens.slice(first, last + 1).filter((t) => t.pos !== 'SPACE');
    if (own.length === 0) continue;
    const previous = sentences[sentences.length - 1];
    // The model ends some sentences at an abbreviation ("incl. VAT"): the sentence goes on.
    const tokensOf = previous && isAbbreviationStop(text, previous.end - base - 1) ? [...sentences.pop()!.tokens, ...own] : own;
    const start = tokensOf[0]!.start;
    const end = tokensOf[tokensOf.length - 1]!.end;
    sentences.push({ text: text.slice(start - base, end - base), start, end, tokens: tokensOf });
  }
  return sentences;
}
