import { findEntities, findNumbers } from './claims.js';
import { findDates } from './dates.js';
import { CLOCK, findFigures } from './figures.js';
import { isDictionaryWord } from './lexicon.js';
import { readSentences, type Token } from './nlp.js';

/**
 * How a sentence leans on the one before it. A reader notices a deletion when
 * the next sentence's "This", "It" or "However" no longer has its antecedent,
 * and an insertion when an evidence sentence's "These items" points at
 * something the answer never said, or when it lands between a sentence and
 * the one that refers back to it.
 */

/** Words that point back to something said before, as the language model tags them. */
const DEMONSTRATIVES = new Set(['this', 'that', 'these', 'those', 'such']);
const THIRD_PERSON = new Set(['it', 'its', 'they', 'them', 'their', 'he', 'she', 'his', 'her', 'him']);
/** Opening connectives: the sentence continues or contrasts the one before. */
// "Whichever date you move to, …" chooses among options said before (unseen112's readers).
const OPENING_CONNECTIVES = new Set('however but also otherwise so then instead therefore thus still yet and or plus again likewise similarly alternatively meanwhile hence whichever'.split(' '));
/** Connectives that refer back wherever they stand ("you can also renew online", "keep an eye on it, though"). */
const ANYWHERE = new Set(['also', 'too', 'though', 'however', 'otherwise', 'instead', 'again']);
/** How many words from its start a pronoun or demonstrative still reads as the sentence's link to the one before. */
const OPENING_WINDOW = 6;

/** The words that open a consequence of what came before: ", so", "therefore", "which means". */
export const CONSEQUENCE = /(?:^|[,;:\u2013\u2014-]\s*|\band\s+)(?:so|therefore|thus|hence|as a result)\b|\b(?:which|this|that|it) means\b|,\s*meaning\b/gi;

/** Whether a sentence refers back to what came before it: a pronoun or demonstrative near its start, or a connective. */
export function refersBack(sentence: string): boolean {
  const tokens = readSentences(sentence).flatMap((s) => s.tokens);
  const words = tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length === 0) return false;
  if (OPENING_CONNECTIVES.has(words[0]!.lemma) || opensWithBarePurpose(readSentences(sentence)[0]?.tokens ?? [])) return true;
  // Each word with the token after it, punctuation included: "done that," closes its clause.
  if (words.slice(0, OPENING_WINDOW).some((t) => pointsBack(t, tokens[tokens.indexOf(t) - 1], tokens[tokens.indexOf(t) + 1], tokens[tokens.indexOf(t) + 2]))) return true;
  return words.some((t, i) => ANYWHERE.has(t.text.toLowerCase()) || closingEither(tokens, t) || choosesAmongCases(words, i) || pointsAtEarlierTime(sentence, words, i));
}

/**
 * Whether a word is an "either" that closes its clause: a denial added to one said before ("Lunch isn't included
 * either"; unseen120's readers, of that sentence after the denial before it was left out: "'either' points back to
 * something else not included that is never mentioned"). Not "either" choosing between two ("either online or by phone").
 */
function closingEither(tokens: readonly Token[], word: Token): boolean {
  const after = tokens[tokens.indexOf(word) + 1];
  return word.text.toLowerCase() === 'either' && (after === undefined || after.pos === 'PUNCT');
}

/** Prepositions that make "then" a time said before: "by then", "until then", "since then". */
const BEFORE_THEN: ReadonlySet<string> = new Set(['by', 'until', 'till', 'before', 'since', 'from', 'after']);

/**
 * Whether word `i` is a "then" that names a time said before its sentence, wherever it stands ("Places ... that haven't
 * arrived by then are released"): without the sentence giving the time, it names none (unseen84's readers: "'by then'
 * points to a deadline the answer never gives"). Not where its own sentence gives a date, a period or a time of day
 * first ("closes on 20 February, or earlier if all places are filled before then", "You have 14 days to pay, and
 * places not paid by then are released", "Pay by noon ...").
 */
function pointsAtEarlierTime(sentence: string, words: readonly Token[], i: number): boolean {
  const word = words[i]!;
  const before = sentence.slice(0, word.start);
  if (word.text.toLowerCase() !== 'then' || !BEFORE_THEN.has(words[i - 1]?.text.toLowerCase() ?? '')) return false;
  return findDates(before).length === 0 && !NAMED_TIME.test(before) && !findFigures(before).some((f) => f.kind === CLOCK || LENGTH_KINDS.has(f.kind));
}

/** The kinds the figure reader gives a length of time in: "45 minutes", "14 days" or "two weeks", "2 months" or "1 year". */
const LENGTH_KINDS: ReadonlySet<string> = new Set(['minute', 'day', 'month']);

/** Times of day written as words, which the figure reader does not count. */
const NAMED_TIME = /\b(?:noon|midday|midnight)\b/i;

/**
 * Whether a sentence opens with a purpose whose verb takes no object before the main clause ("To sign up you'll need a
 * smart meter", "To apply, ..."): it is the purpose of what the sentence before set out (unseen39's readers, of the
 * Smart Export Guarantee's sentence left out: "'To sign up' has nothing to refer to").
 */
function opensWithBarePurpose(tokens: readonly Token[]): boolean {
  // The word after "to" is its verb, however the model tags it ("To sign up": sign/NOUN); not a set phrase ("To date,").
  if (tokens[0]?.text.toLowerCase() !== 'to' || !/^[a-z]+$/.test(tokens[1]?.text ?? '') || SET_PHRASES.has(tokens[1]!.text)) return false;
  const rest = tokens.slice(2);
  // The main clause opens at a comma, a subject pronoun ("you"; not "your", nor an object: "To help us plan") or an auxiliary.
  const clause = rest.findIndex((t) => t.pos === 'PUNCT' || t.pos === 'AUX' || (t.pos === 'PRON' && SUBJECTS.has(t.text.toLowerCase())));
  return clause >= 0 && rest.slice(0, clause).every((t) => t.pos === 'ADP' || t.pos === 'PART' || t.pos === 'ADV');
}

/** Words after "to" that open a set phrase, not a purpose: "To date,", "To begin with,", "To be honest,". */
const SET_PHRASES: ReadonlySet<string> = new Set(['date', 'begin', 'start', 'be', 'sum', 'conclude']);
/** The tags of a word that opens a clause of its own: "unless", "if", "as", "before". */
const OPENS_CLAUSE: ReadonlySet<string> = new Set(['SCONJ', 'ADP']);
/** Pronouns that open a main clause as its subject. */
const SUBJECTS: ReadonlySet<string> = new Set(['you', 'we', 'they', 'i', 'he', 'she', 'it']);

/** What a choice between cases said before is made with ("find out which it is", "either way", "in both cases"). */
const CHOICES: ReadonlyMap<string, readonly (readonly string[])[]> = new Map([
  // Not a relative clause: "the date on which it was paid" chooses nothing.
  ['which', [['it', 'is'], ['one'], ['applies']]],
  ['either', [['way'], ['case']]],
  ['both', [['cases'], ['ways']]],
]);

/**
 * Whether a word chooses among cases the sentences before set out: unseen31's readers, of "We'd need to look at the
 * machine to find out which it is" left after the sentence giving the second case: "implies two cases".
 */
function choosesAmongCases(words: readonly Token[], at: number): boolean {
  const after = (phrase: readonly string[]) => phrase.every((w, k) => words[at + 1 + k]?.text.toLowerCase() === w);
  return CHOICES.get(words[at]!.text.toLowerCase())?.some(after) === true;
}

/**
 * A demonstrative, "the same" or a third-person pronoun. "That" points back
 * before a noun ("that point"), closing its clause ("Once you've done that,",
 * "after that.") or as the subject its clause opens with ("That's a saving of
 * £104", "Yes, that works"); elsewhere it opens a clause ("note that ...",
 * "note that, unless agreed, ...", "a result that is below"), whatever tag the
 * model gives it.
 */
function pointsBack(t: Token, previous: Token | undefined, next: Token | undefined, afterNext: Token | undefined): boolean {
  const word = t.text.toLowerCase();
  // The subject of its clause: unseen60's readers, of a sentence added between a comparison and "That's a saving of £104":
  // "'that' reads as if it refers to the off-peak plan".
  // An adverb may come before its verb: "That normally takes 2 to 3 weeks" (a review of the clause omissions: left after the cut, it points at nothing).
  const verb = next?.pos === 'ADV' ? afterNext : next;
  // Or of a clause a subordinator opens: "If that happens, we'll text you" (unseen112's readers: "points back to a cancellation the
  // answer never mentions").
  if (word === 'that' && (previous === undefined || previous.pos === 'PUNCT' || previous.pos === 'SCONJ') && (verb?.pos === 'AUX' || verb?.pos === 'VERB')) return true;
  // Not "note that, unless agreed, fees apply": a comma that opens a clause of its own after a complementizer.
  if (word === 'that') return next === undefined || ['NOUN', 'PROPN', 'ADJ'].includes(next.pos) || (next.pos === 'PUNCT' && !(next.text === ',' && OPENS_CLAUSE.has(afterNext?.pos ?? '')));
  if (word === 'same') return true;
  if (DEMONSTRATIVES.has(word)) return t.pos === 'DET' || t.pos === 'PRON' || t.pos === 'ADJ';
  return t.pos === 'PRON' && THIRD_PERSON.has(word);
}

/**
 * Whether a sentence ends announcing the items that follow it ("three
 * options:", "as follows:"): those items are not to be thinned. A list that
 * runs on inside the sentence after its colon is the sentence's own.
 */
export function announcesList(sentence: string): boolean {
  return /:\s*$/.test(sentence);
}

/** Whether a sentence is a bare verdict ("Yes.", "No, sadly."): the sentence after it is its substance. */
export function isBareVerdict(sentence: string): boolean {
  return /^(?:yes|no)\b/i.test(sentence) && sentence.split(/\s+/).length <= 3;
}

/** Sequence markers: deleting "Second, ..." leaves "First" and "Third" with a gap a reader sees. */
export function opensSequence(sentence: string): boolean {
  return /^(?:first|firstly|second|secondly|third|thirdly|next|finally|lastly)\b/i.test(sentence);
}

/** The words of a reply rather than of a claim: the particles and the stance a reply takes ("I'm afraid", "most likely", "should be able to"). */
const REPLY_WORDS = new Set(['yes', 'no', 'afraid', 'sure', 'likely', 'unlikely', 'able', 'course', 'okay']);
/** An apology is a reply's stance only beside its particle ("I'm sorry, but no."); "Sorry, it is refundable." states a claim. */
const APOLOGY = 'sorry';
const PARTICLE = /\b(?:yes|no)\b/i;
/** The parts of speech that can carry a claim of their own; adverbs ("sadly", "yet", "still") colour a reply but state nothing. */
const CLAIM_POS = new Set(['NOUN', 'VERB', 'ADJ']);
const FUNCTION_LEMMAS = new Set(['be', 'have', 'do', 'get', 'can', 'may', 'must', 'will', 'shall', 'should', 'would', 'could', 'all', 'some', 'any']);

/**
 * Whether a sentence states no claim of its own: a reply to the question
 * ("Yes.", "Sadly, no.", "You can, yes.", "Not all of it.", "You keep some of
 * it."): no figure, date or name, and at most one word that could carry a
 * claim (a noun, verb or adjective other than the reply's own words). Such a
 * sentence answers by the sentences after it; there is nothing in it to
 * support or to contradict. Read only where no evidence sentence supports the
 * sentence: a short claim the evidence states ("It is free.") stays a claim.
 */
export function statesNoClaim(sentence: string): boolean {
  if (findNumbers(sentence).length || findDates(sentence).length || findEntities(sentence).length) return false;
  const words = readSentences(sentence).flatMap((s) =>
    // The model reads a capitalised noun opening a sentence ("Refunds are not allowed") as a name: a dictionary word there is an ordinary word.
    s.tokens.map((t, i) => (i === 0 && t.pos === 'PROPN' && isDictionaryWord(t.lemma.replace(/s$/, '')) ? { ...t, pos: 'NOUN' } : t)),
  );
  const replies = (lemma: string) => REPLY_WORDS.has(lemma) || (lemma === APOLOGY && PARTICLE.test(sentence));
  const claimWords = words.filter((t) => CLAIM_POS.has(t.pos) && /^[a-z]/.test(t.lemma) && !replies(t.lemma) && !FUNCTION_LEMMAS.has(t.lemma));
  return new Set(claimWords.map((t) => t.lemma)).size <= 1;
}
