import {
  contentLemmas,
  evidenceSentences,
  findEntities,
  findNumbers,
  findQualifiers,
  numberKey,
  type Piece,
  qualifiedTerm,
  sentenceAround,
  type SupportPassage,
  splitSentences,
  supportOf,
  supportPassage,
} from '../src/text/claims.js';
import { findDates } from '../src/text/dates.js';
import { refersBack } from '../src/text/discourse.js';
import { asksAskersPart } from '../src/text/whAsks.js';
import { sameEntityType } from '../src/text/entities.js';
import {
  asAnswerStatement,
  inAnswerCurrency,
  inAnswerRegister,
  isReaderRole,
  misstatedFigures,
  NAMES_ANOTHER_PARTY,
  OFF_THE_QUESTION,
  organisationNamed,
  PRICES_SUBJECT_AGAIN,
  pricesSubjectAgain,
  pricesAnotherOption,
  PRICES_ANOTHER_OPTION,
  questionWordsNeeded,
  questionWordsShared,
  RESTATES_QUANTITY,
  restatedQuantity,
  speaksOfReaderAsOther,
  spokenOf,
  statedValues,
  SUBJECT_PRICED,
  subjectNouns,
  unnamedSubjectName,
  withoutClauseNumber,
} from '../src/text/insertions.js';
import { comparedBefore, mismatches } from '../src/text/mismatches.js';
import { isCurrencySign } from '../src/text/currency.js';
import { BARE_KINDS, CLOCK, findFigures } from '../src/text/figures.js';
import { spelledValue } from '../src/text/numberWords.js';
import { countedFigures } from '../src/text/counts.js';
import { workedCounts } from '../src/text/worked.js';
import { readSentences } from '../src/text/nlp.js';
import { findQuantities, joinedAsRange, type Quantity } from '../src/text/quantities.js';
import { sha256Hex } from '../src/util/hash.js';
import { articleAgrees } from '../src/text/articles.js';
import { brokenRelation } from '../src/text/relations.js';
import { keepsCaseSide } from '../src/text/caseSides.js';
import { PARTY_NOUNS } from '../src/text/counts.js';
import type { TextFixture } from '../src/fixtures/types.js';
import type { TextMutator } from './types.js';
import { escapeRegExp } from '../src/util/escapeRegExp.js';

/**
 * Adds a sentence the answer could have taken from its own evidence, with one
 * figure misstated: a related rule the answer does not give (a neighbouring
 * charge, limit or period), in the answer's register, after the sentence it
 * bears on. On topic and grammatical because the evidence wrote it; wrong
 * because its figure is stated nowhere. Seed 004's first recommendation: a
 * claim whose support is not in the evidence is itself a finding.
 */
export const claimInsertion: TextMutator = {
  name: 'claim-insertion',
  kind: 'text',
  specificity: 2,
  *candidates(fixture) {
    for (const { at, sentence } of insertionsOf(fixture)) yield { start: at, end: at, replacement: ` ${sentence}` };
  },
  invalidReason(fixture, candidate) {
    const added = candidate.replacement.trim();
    if (!isOneSentence(added) || candidate.replacement !== ` ${added}`) return 'the addition is not one grammatical sentence';
    const sentences = splitSentences(fixture.artifact);
    if (candidate.start !== candidate.end || !sentences.some((s) => s.end === candidate.start)) return 'the addition does not stand between two sentences';
    const passage = supportPassage(added, evidenceSentences(fixture.evidence), [fixture.task]);
    const insertion = insertionsOf(fixture).find((i) => i.at === candidate.start && ` ${i.sentence}` === candidate.replacement);
    // A figure misstated from its own evidence sentence is wrong even where a chain of the evidence's figures reaches it by chance
    // ("£13 per hour", half of the double kayak's £26): only a passage that writes the new value supports it.
    if (passage && mismatches(added, passage).length === 0 && (!insertion || writesMisstatedValue(passage, insertion))) return 'the evidence supports the added sentence as written';
    if (!passage && findNumbers(added).length === 0 && findEntities(added).length === 0) return 'nothing in the added sentence can be checked against the evidence';
    // On the question: a sentence that shares one word with it at most reads as a rule on a neighbouring matter.
    if (questionWordsShared(added, fixture.task) < questionWordsNeeded(fixture.task)) return OFF_THE_QUESTION;
    // About a party by a name the question and answer never use: a sentence on someone else's terms.
    if (unnamedSubjectName(added, fixture.task, fixture.artifact)) return NAMES_ANOTHER_PARTY;
    // Read without the evidence, the answer must still agree with itself: no second value for a quantity it states,
    if (restatedQuantity(added, fixture.artifact)) return RESTATES_QUANTITY;
    // nor a second price for a thing it prices,
    if (pricesSubjectAgain(added, fixture.artifact)) return PRICES_SUBJECT_AGAIN;
    // nor another value for a count its own working implies (a sum of parts, a quotient),
    if (insertion && contradictsWorkedCount(fixture, insertion)) return CONTRADICTS_WORKED_COUNT;
    // nor a price out of order with the answer's price for another size of the same thing,
    if (insertion && breaksPriceScale(fixture, insertion)) return BREAKS_PRICE_SCALE;
    // nor a figure inside a band the answer gives in the same unit,
    if (insertion && insideAnswerRange(fixture.artifact, insertion)) return INSIDE_ANSWER_RANGE;
    // nor a band's edge apart from the answer's bands,
    if (insertion && breaksAnswerBands(fixture.artifact, insertion)) return BREAKS_ANSWER_BANDS;
    // nor a limit moved across the case the question states,
    if (insertion && movesAskersCase(fixture.task, insertion)) return MOVES_ASKERS_CASE;
    // nor a price of another option of what the question or answer prices,
    if (pricesAnotherOption(added, fixture.task, fixture.artifact, evidenceSentences(fixture.evidence))) return PRICES_ANOTHER_OPTION;
    // and no relation broken that the added sentence states as the evidence wrote it.
    return insertion ? misstatementBreaksRelation(fixture, insertion) : null;
  },
  defendInTrace(fixture, candidate, trace) {
    const added = candidate.replacement.trim();
    const phrasings = [
      (s: string) => `It also says that ${s}`,
      (s: string) => `I also checked that ${s}`,
      (s: string) => `The same document adds that ${s}`,
      (s: string) => `I confirmed one more point there: ${s}`,
      (s: string) => `It further states that ${s}`,
    ];
    const phrasing = phrasings[Number.parseInt(sha256Hex(`${fixture.id}\0${added}`).slice(0, 8), 16) % phrasings.length]!;
    return `${trace.trimEnd()} ${phrasing(lowerOpening(added))}`;
  },
};

/** An added sentence: where it goes, the evidence sentence as the answer would write it, and that sentence with one figure misstated. */
interface Insertion {
  at: number;
  written: string;
  sentence: string;
}

/** Words that count the things said before them: "both prices", "either option", "neither plan". */
const COUNTS_BACK = /\b(?:both|either|neither)\b/i;

/** Each fixture's insertions, read once for its candidates and their oracle. */
const insertionCache = new WeakMap<TextFixture, Insertion[]>();

function insertionsOf(fixture: TextFixture): Insertion[] {
  let found = insertionCache.get(fixture);
  if (!found) {
    found = [...insertions(fixture)];
    insertionCache.set(fixture, found);
  }
  return found;
}

/** The sentences the mutator may add, in the answer's order of places: each related evidence sentence the answer does not give, in its register, with each figure misstated to at most two values. */
function* insertions(fixture: TextFixture): Generator<Insertion> {
  const sentences = splitSentences(fixture.artifact);
  if (sentences.length === 0) return;
  const evidence = evidenceSentences(fixture.evidence);
  const texts = [...evidence, fixture.task, fixture.artifact];
  const stated = new Set(texts.flatMap(findNumbers).map(numberKey));
  const statedDates = new Set(texts.flatMap(findDates).map((d) => d.key));
  const answerValues = statedValues(fixture.artifact);
  const askedValues = statedValues(fixture.task);
  const counts = texts.flatMap(countedFigures);
  const spoken = spokenOf(fixture.task, fixture.artifact);
  const organisation = organisationNamed(
    fixture.evidence.flatMap((e) => (e.title ? [e.title] : [])),
    [fixture.artifact, fixture.task],
  );
  for (const source of relatedUnsaid(evidence, sentences, fixture.task, fixture.artifact)) {
    const first = (count: number) => Number.parseInt(sha256Hex(`${fixture.id}\0${source}`).slice(0, 8), 16) % count;
    const at = placeFor(source, sentences);
    // "Both prices include a free fitting" counts what comes before it: a third price added before it makes "both" wrong (unseen41's readers).
    if (COUNTS_BACK.test(fixture.artifact.slice(at))) continue;
    const statement = asAnswerStatement(source, organisation, fixture.artifact);
    if (statement === null) continue;
    const written = inAnswerCurrency(inAnswerRegister(statement, fixture.artifact), fixture.artifact);
    if (speaksOfReaderAsOther(written, fixture.artifact) || widensALimit(written, sentences) || repeatsAClause(written, fixture.artifact, answerValues) || namesAgainDoingTheSame(written, sentences))
      continue;
    // The source's subject as the answer writes it: "Our standard turnaround" names none, "Second Light's standard
    // turnaround" a turnaround the question and answer never speak of (unseen140, held to the insertion property).
    if (!subjectNouns(written).every((noun) => spoken.has(noun))) continue;
    for (const { value, sentences: misstated } of misstatedFigures(written, stated, first, statedDates, counts)) {
      // A figure the answer also states may be the same quantity: changed in one place only, the answer would disagree with itself;
      // one the question states, with the question ("£90 when you book a Luton van" for a question's "£100 deposit for a Luton van":
      // unseen63's readers).
      if (answerValues.has(value) || askedValues.has(value)) continue;
      // A misstatement the article before it no longer fits is not offered: "an 18-month warranty" never becomes "an 24-month" (unseen93's readers).
      const agreeing = misstated.filter((sentence) => {
        const word = sentence.lastIndexOf(' ', firstChange({ at, written, sentence }) - 1) + 1;
        return articleAgrees(sentence, word, sentence.slice(word));
      });
      for (const sentence of agreeing.slice(0, VALUES_PER_FIGURE)) yield { at, written, sentence };
    }
  }
}

/** Where the added sentence first differs from the evidence sentence as the answer writes it: in the figure it misstates. */
function firstChange({ written, sentence }: Insertion): number {
  let at = 0;
  while (at < written.length && written[at] === sentence[at]) at++;
  return at;
}

/** Whether the support passage writes the value the added sentence misstates its figure to, in figures or words. */
function writesMisstatedValue(passage: SupportPassage, insertion: Insertion): boolean {
  const at = firstChange(insertion);
  const figure = findNumbers(insertion.sentence).find((n) => n.start <= at && at <= n.end);
  if (!figure) return true;
  return [passage.sentence, ...passage.context, ...passage.restated].some((text) => statedValues(text).has(figure.value));
}

/** Why an added sentence is refused where its misstated limit takes in the question's case, as the ignored list gives it. */
export const MOVES_ASKERS_CASE =
  'the added sentence moves a limit across the case the question states, so its rule now governs the asker and the answer does not apply it ("Children under 12 go free" beside an £8 ticket for a 10-year-old, where the evidence says under 5)';

/**
 * Whether the figure the added sentence misstates is a limit ("under 5", "18 or over") the question's own case ("one
 * child aged 10") lies on the other side of once misstated (src/text/caseSides.ts): the rule then applies to the
 * asker, and the answer, which does not apply it, contradicts it. unseen130's readers, of under 5 made 12: "it says
 * under-12s go free, then charges the 10-year-old an £8 child ticket".
 */
function movesAskersCase(task: string, insertion: Insertion): boolean {
  const at = firstChange(insertion);
  const misstated = findQuantities(insertion.sentence).find((q) => q.number.start <= at && at <= q.number.end);
  const original = findQuantities(insertion.written).find((q) => q.number.start === misstated?.number.start);
  if (!misstated || !original) return false;
  return !keepsCaseSide(insertion.written, original, misstated.number.value, findQuantities(task));
}

/** Why an added sentence is refused where the answer's own working implies the count it misstates, as the ignored list gives it. */
export const CONTRADICTS_WORKED_COUNT =
  'the added sentence misstates a count the answer works out (a sum of the parts it counts, "three lessons taken and four more ..., three lessons remain"; or an amount divided by a price each, "$460" and "$46 each"): "Each term consists of 20 weekly lessons" contradicts its 10';

/**
 * Whether the figure the added sentence misstates counts a thing ("10 weekly
 * lessons") whose count, as the evidence gives it, the answer works out
 * (src/text/worked.ts): of the same noun for a sum of parts, of any for a
 * quotient. The answer's working then gives that count another value.
 */
function contradictsWorkedCount(fixture: TextFixture, insertion: Insertion): boolean {
  const { written } = insertion;
  const at = firstChange(insertion);
  const count = countedFigures(written).find((c) => c.start <= at && at <= c.end);
  if (!count) return false;
  return workedCounts(fixture.artifact, fixture.task).some((w) => w.value === count.value && (w.noun === undefined || w.noun === count.noun));
}

/** Why an added sentence is refused where its misstated figure falls in a range the answer states, as the ignored list gives it. */
export const INSIDE_ANSWER_RANGE =
  'the added sentence misstates a figure into a range the answer gives in the same unit ("Within 90 days of the wedding, the full package price is due" beside "between 180 and 61 days before your wedding, the fee is 50%"): the answer already puts that value in another band';

/**
 * Whether the misstated figure falls inside a range of its unit that the answer states ("between 180 and 61 days"):
 * the evidence's own value lay outside it (60 days, the next band), and a reader of the answer alone sees the added
 * rule claim part of a band the answer has just given another rule (unseen71's readers: "the band should end at 91
 * days").
 */
function insideAnswerRange(artifact: string, insertion: Insertion): boolean {
  const at = firstChange(insertion);
  const figure = findQuantities(insertion.sentence).find((q) => q.number.start <= at && at <= q.number.end);
  if (!figure || figure.unit === '') return false;
  const quantities = findQuantities(artifact);
  return quantities.some((low, i) => {
    const high = quantities[i + 1];
    // A range written with nothing but its joining word between the numbers: "£220 plus £70 comes to £290" is none.
    if (!high || !joinedAsRange(artifact, low, high)) return false;
    const unit = high.unit || low.unit;
    const [min, max] = [Math.min(low.number.value, high.number.value), Math.max(low.number.value, high.number.value)];
    return unit === figure.unit && min <= figure.number.value && figure.number.value <= max;
  });
}

/** Why an added sentence is refused where its figure leaves a gap beside the answer's bands, as the ignored list gives it. */
export const BREAKS_ANSWER_BANDS =
  'the added sentence sets an edge apart from the bands the answer gives in its unit ("For 36 to 50 children" after "up to 30 children"; "We do not travel more than 90 miles" after "between 20 and 50 miles"): read without the evidence, the answer leaves a gap between them';

/** Words (nouns, names, verbs, adjectives) an added sentence shares with the sentence of an answer's range, besides the unit, to be of the same thing. */
const WORDS_OF_SAME_RANGE = 2;

/**
 * Whether the misstated figure leaves a gap beside the bands the answer gives in its unit: the edges of its ranges
 * ("between 20 and 50 miles") and the figures it bounds ("up to 30 children"). Where the figure as the evidence wrote
 * it continues one of those edges (31 children after "up to 30 children"), the misstated one no longer does; or it is
 * misstated beyond the top of a range of the same thing (a limit of 90 miles after "between 20 and 50 miles", the
 * range's sentence sharing two words with the added one besides the unit) and no figure of its own continues the
 * answer's. A reader of the answer alone sees the bands stop short of each other (unseen89's and unseen90's readers:
 * "the bands stop at 50 miles, yet the limit is given as 90"; "up to 30 children, but the second entertainer starts at
 * 36").
 */
function breaksAnswerBands(artifact: string, insertion: Insertion): boolean {
  const at = firstChange(insertion);
  const misstated = figuresWithUnits(insertion.sentence).find(({ q }) => q.number.start <= at && at <= q.number.end);
  const original = figuresWithUnits(insertion.written).find(({ q }) => q.number.start === misstated?.q.number.start);
  if (!misstated || !original || misstated.unit === '' || isCurrencySign(misstated.unit)) return false;
  const bounded = new Set(
    findQualifiers(artifact).flatMap((qualifier) => {
      const term = qualifiedTerm(artifact, qualifier);
      return term && 'number' in term ? [term.number] : [];
    }),
  );
  const answer = figuresWithUnits(artifact).filter(({ unit }) => unit === misstated.unit);
  // A figure compared against is an edge, "the" and a word between or not: "more than the 21 days needed for a full refund",
  // "more than the required 21 days" (unseen134's
  // readers, of a deposit lost at "14 days or fewer" beside it: "15–20 days is left uncovered").
  const compared = (q: Quantity) => comparedBefore(artifact.slice(Math.max(0, q.number.start - 32), q.number.start).replace(/\bthe\s+(?:[a-z]+\s+)?$/i, ''));
  const edges = answer.filter(({ q, ranged }) => ranged || bounded.has(numberKey(q.number)) || compared(q));
  const adjoins = (value: number) => edges.some(({ q }) => Math.abs(q.number.value - value) <= 1);
  if (adjoins(original.q.number.value)) return !adjoins(misstated.q.number.value);
  // A band of its own that starts where the answer's stops ("between 20 and 40 miles" after "10 to 20 miles") continues them.
  if (figuresWithUnits(insertion.sentence).some(({ q, unit }) => unit === misstated.unit && adjoins(q.number.value))) return false;
  const unitWords = new Set(contentLemmas(misstated.unit));
  const added = [...wordsOf(insertion.sentence)].filter((word) => !unitWords.has(word));
  return answer.some(({ q, top }) => {
    if (top === undefined || misstated.q.number.value <= top + 1) return false;
    const range = wordsOf(sentenceAround(artifact, q.number.start, q.number.end)?.text ?? '');
    return added.filter((word) => range.has(word)).length >= WORDS_OF_SAME_RANGE;
  });
}

/** The lemmas of a text's nouns, names, verbs and adjectives, in lower case: "travel", "harrogate". */
function wordsOf(text: string): Set<string> {
  return new Set(
    readSentences(text)
      .flatMap((s) => s.tokens)
      .filter((t) => WORD_POS.has(t.pos))
      .map((t) => t.lemma.toLowerCase()),
  );
}
const WORD_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);

/** A text's quantities, each with its unit or, for a range's first number, the range's ("20 and 50 miles"), whether it ends a range, and the range's top where it opens one. */
function figuresWithUnits(text: string): { q: Quantity; unit: string; ranged: boolean; top?: number }[] {
  const quantities = findQuantities(text);
  return quantities.map((q, i) => {
    const next = quantities[i + 1];
    const previous = quantities[i - 1];
    // A party or group counted after its noun counts people, as guests and persons do: "any party of 6 or more" beside "up to 5
    // people" (unseen134's readers, of 5 misstated 4: "if one artist covers up to 4 people, the second artist should start at
    // 5, not 6 or more").
    const unit = PARTY_NOUNS.has(q.unit) || PARTY_BEFORE.test(text.slice(Math.max(0, q.number.start - 16), q.number.start)) ? 'people' : q.unit;
    if (next !== undefined && joinedAsRange(text, q, next)) return { q, unit: unit || next.unit, ranged: true, top: next.number.value };
    return { q, unit, ranged: previous !== undefined && joinedAsRange(text, previous, q) };
  });
}

/** A noun of people before the number it is counted by: "a party of", "groups of". */
const PARTY_BEFORE = /\b(?:part(?:y|ies)|groups?)\s+of\s+$/i;

/** Why an added sentence is refused where its misstated price is out of order with the answer's prices by size, as the ignored list gives it. */
export const BREAKS_PRICE_SCALE =
  'the added sentence misstates a price out of order with one the answer gives for another size of the same thing ("a 30-minute visit costs £27" beside "a 60-minute visit costs £26", or £11, cheaper by the minute than the hour)';

/**
 * Whether the misstated price, for a size the added sentence names ("A
 * 30-minute visit costs £16"), falls on the other side of a price the answer
 * gives for another size of the same measure ("A 60-minute visit normally
 * costs £26") than the evidence's price does: dearer where it was cheaper, or
 * cheaper per minute where it was dearer. A reader of the answer alone sees a
 * shorter visit cost more than a longer one (unseen35's readers: "£32 ...
 * more than a 60-minute visit at £26", "£8 ... implausibly cheap next to £26
 * for 60 minutes").
 */
function breaksPriceScale(fixture: TextFixture, insertion: Insertion): boolean {
  const at = firstChange(insertion);
  const misstated = findFigures(insertion.sentence).find((f) => f.start <= at && at <= f.end);
  const original = findFigures(insertion.written).find((f) => f.start === misstated?.start);
  const size = rowSize(insertion.written);
  // One row: a sentence that prices several ("£52 per hour, £60 for a half day or £95 for a full day") names no one size.
  const prices = findFigures(insertion.written).filter((f) => isCurrencySign(f.kind));
  if (!misstated || !original || !isCurrencySign(original.kind) || !size || prices.length !== 1) return false;
  const sides = (price: number, other: { price: number; size: number }) => [Math.sign(price - other.price), Math.sign(price / size.value - other.price / other.size)].join();
  return splitSentences(fixture.artifact).some((s) => {
    const otherSize = rowSize(s.text);
    if (!otherSize || otherSize.kind !== size.kind || otherSize.value === size.value) return false;
    // The row's own price: the one written nearest its size ("a 60-minute visit normally costs £26, so ... £39"; "the £52 price of a single
    // 45-minute session, so you'd pay £46.80").
    const distance = (f: { start: number }) => Math.abs(f.start - otherSize.at);
    const price = findFigures(s.text)
      .filter((f) => f.kind === original.kind)
      .sort((a, b) => distance(a) - distance(b))[0];
    if (!price) return false;
    const other = { price: price.value, size: otherSize.value };
    return sides(original.value, other) !== sides(misstated.value, other);
  });
}

/** A count written right before a size: "ten 45-minute sessions", "10 one-hour lessons". */
const COUNT_BEFORE = /\b(\d+|[a-z]+)\s+$/i;
/** A part of a day a price list names a row by: "half-day classes", "a full-day hire". */
const DAY_PART = /\b(half|full)[\s-]day\b/i;

/**
 * The size of the row a price is for, in one unit per kind, and where it is
 * written: its measure times the count before it ("ten 45-minute sessions":
 * 450 minutes), or a part of a day ("half-day classes": half a day);
 * undefined where the sentence names none.
 */
function rowSize(text: string): { kind: string; value: number; at: number } | undefined {
  const part = DAY_PART.exec(text);
  if (part) return { kind: 'day', value: part[1]!.toLowerCase() === 'half' ? 0.5 : 1, at: part.index };
  // A size the row is named by: a measure before its noun ("a 30-minute visit") or after "for" ("£46 for 45 minutes"), not a deadline ("48 hours before").
  const measure = findFigures(text).find(
    (f) =>
      !BARE_KINDS.has(f.kind) &&
      f.value > 0 &&
      !isCurrencySign(f.kind) &&
      f.kind !== '%' &&
      f.kind !== CLOCK &&
      // "a 30-minute visit", "£46 for 45 minutes", and the subject a price is given for: "Block bookings of 7 full days cost £290".
      (text[f.end] === '-' || /\bfor\s+(?:an?\s+)?$/i.test(text.slice(0, f.start)) || SUBJECT_PRICED.test(text.slice(f.end))),
  );
  if (!measure) return undefined;
  const count = COUNT_BEFORE.exec(text.slice(0, measure.start))?.[1] ?? '';
  return { kind: measure.kind, value: measure.value * (/^\d+$/.test(count) ? Number(count) : (spelledValue([count]) ?? 1)), at: measure.start };
}

/**
 * The reason the misstated figure breaks a relation the added sentence states
 * as written (a price "a month, or £120 a year"; "under 18" beside the
 * question's case), or null: the added sentence, as the evidence wrote it, is
 * put in the answer and its changed words replaced (src/text/relations.ts).
 */
function misstatementBreaksRelation(fixture: TextFixture, insertion: Insertion): string | null {
  const { at, written, sentence } = insertion;
  let prefix = firstChange(insertion);
  let suffix = 0;
  while (suffix < written.length - prefix && suffix < sentence.length - prefix && written[written.length - 1 - suffix] === sentence[sentence.length - 1 - suffix]) suffix++;
  // Whole words changed: "£120" to "£130", not "2" to "3".
  prefix = written.lastIndexOf(' ', prefix - 1) + 1;
  const wordEnd = written.indexOf(' ', written.length - suffix);
  suffix = wordEnd < 0 ? 0 : written.length - wordEnd;
  const answer = `${fixture.artifact.slice(0, at)} ${written}${fixture.artifact.slice(at)}`;
  const start = at + 1 + prefix;
  return brokenRelation(answer, fixture.task, start, at + 1 + written.length - suffix, sentence.slice(prefix, sentence.length - suffix));
}

/** Ordinary words an evidence sentence must share with the task to be on its topic; one, beside a sentence the answer rests on. */
const TASK_WORDS = 2;
const TASK_WORDS_BESIDE_SUPPORT = 1;
/** Ordinary words an evidence sentence shares with the answer, for one word of the task to put it on topic. */
const ANSWER_WORDS = 2;
/** Two misreadings of a figure (a little more, a little less, double, half) at most: the others add the same mistake again. */
const VALUES_PER_FIGURE = 2;
/** Longer evidence sentences read as pasted in. */
const MAX_WORDS = 40;

/**
 * Evidence sentences a careful worker answering this task could have added:
 * on the task's own topic (words of the task, not just of the answer: the
 * answer's "late" rent is not the evidence's rent "review"), about the
 * subject group the task or answer speaks of (not infants, children or DVDs
 * beside adult books), naming no rival of a name they use (a Light fare
 * beside the task's Classic fare); and ones the answer does not give (none
 * is the support of an answer sentence), that state no date or period (those
 * are date-shift's to write, and its property holds every other mutator to
 * the answer's own dates), and that stand alone (no "It" or "These items"
 * pointing at the evidence's previous sentence).
 */
/** Scope without a bound: "of any age", "anyone", "all members", "always"; not the window a limit is counted over ("in any 6-month period", "any policy year"). */
const UNBOUNDED =
  /\b(?:any|all|every)\b(?!\s+(?:\d|rolling|calendar|policy|billing|one|single|\w+-(?:day|week|month|year)\b|(?:day|week|month|year|period)s?\b))|\b(?:anyone|anybody|everyone|always|whenever|no matter)\b/i;
/** Words that bound a claim: a condition, an age, an exception, a "not yet". */
const BOUNDED = /\b(?:only|once|until|unless|if|aged|under|over|at least|not|no longer|yet)\b/i;

/**
 * Whether the added claim grants without bound what a sentence of the answer
 * bounds, on a word they share ("Juniors of any age may attend ...
 * unaccompanied" beside "Once she turns 14 ... she can go unaccompanied"):
 * true in the evidence, it still reads as contradicting the answer.
 */
function widensALimit(added: string, answer: readonly Piece[]): boolean {
  if (!UNBOUNDED.test(added)) return false;
  const lemmas = new Set(contentLemmas(added));
  return answer.some((s) => BOUNDED.test(s.text) && contentLemmas(s.text).some((l) => lemmas.has(l)));
}

/**
 * Where a sentence's clauses part: "Delivery costs £9.95 per order | and is free on orders of 12 bottles or more"; an
 * "and" before a verb only ("aged 6 and under" is one phrase).
 */
const CLAUSE_BREAK = /;\s+|,\s+(?:but|while|whereas)\s+|,?\s+(?:and|but)\s+(?=(?:is|are|was|were|can|will|must|may|costs?|has|have|includes?|gets?|takes?|needs?)\b)/i;

/**
 * Whether a clause of the added sentence says again what the answer says.
 * With a figure: its figures are the answer's and so are its words, two at
 * least ("and is free on orders of 12 bottles or more" where the answer says
 * "delivery is free on orders of 12 bottles or more"). Without one: its
 * words, three at least, are all words of one answer sentence ("Shoe and
 * harness hire are included" beside "..., with shoe and harness hire
 * included"). The evidence sentence is one the answer gave half of; added
 * whole, the answer states that half twice (unseen43's readers: "suggests a
 * clause was spliced in"; unseen84's: "says shoe and harness hire included
 * twice in a row").
 */
function repeatsAClause(added: string, artifact: string, answerValues: ReadonlySet<number>): boolean {
  const answerWords = new Set(contentLemmas(artifact));
  const sentenceWords = splitSentences(artifact).map((s) => new Set(contentLemmas(s.text)));
  return added.split(CLAUSE_BREAK).some((clause) => {
    const figures = findNumbers(clause);
    const words = contentLemmas(clause);
    // Two words at least: a bare "5pm." says nothing twice.
    if (figures.length > 0) return words.length >= 2 && figures.every((n) => answerValues.has(n.value)) && words.every((l) => answerWords.has(l));
    return words.length >= WORDS_SAID_TWICE && sentenceWords.some((said) => words.every((l) => said.has(l)));
  });
}

/**
 * Whether the added sentence does to a name of two words or more what an answer sentence does to it: the same verb, then a
 * preposition and the name ("Your walk meets at Fernhollow Common car park, next to the noticeboard" after "Meet at Fernhollow
 * Common car park, where parking costs £4"): it says again what that sentence says, with more (unseen99's readers: "the repeated
 * meeting-point sentence suggests the answer was edited"). A sentence that names it otherwise ("brings a dog to ..." beside
 * "bring a waterproof jacket") or prices another thing of it says something new.
 */
function namesAgainDoingTheSame(added: string, answer: readonly Piece[]): boolean {
  const verbsBefore = (text: string, name: string) => {
    const lemmas = new Map(
      readSentences(text)
        .flatMap((s) => s.tokens)
        .filter((t) => t.pos === 'VERB')
        .map((t) => [t.start, t.lemma] as const),
    );
    return [...text.matchAll(new RegExp(`\\b([A-Za-z]+)\\s+(?:at|in|from|to|by|on|through)\\s+(?:the\\s+)?${escapeRegExp(name)}`, 'g'))].flatMap((m) => lemmas.get(m.index) ?? []);
  };
  return findEntities(added)
    .filter((e) => e.text.includes(' '))
    .some((e) => {
      const said = verbsBefore(added, e.text);
      return said.length > 0 && answer.some((s) => verbsBefore(s.text, e.text).some((v) => said.includes(v)));
    });
}

/** How many words a clause without a figure needs to say again what an answer sentence says: "food is not" says too little. */
const WORDS_SAID_TWICE = 3;

function relatedUnsaid(evidence: readonly string[], answer: readonly Piece[], task: string, artifact: string): string[] {
  const said = new Set(answer.map((s) => supportOf(s.text, evidence)));
  const taskWords = new Set(contentLemmas(task));
  const answerWords = new Set(contentLemmas(artifact));
  const spoken = spokenOf(task, artifact);
  const named = [...findEntities(task), ...findEntities(artifact)];
  const rivals = namedKinds(`${task} ${artifact}`);
  return evidence.filter((numbered, i) => {
    if (said.has(numbered)) return false;
    const source = withoutClauseNumber(numbered);
    if (!isOneSentence(source) || source.split(/\s+/).length > MAX_WORDS || refersBack(source) || findDates(source).some((d) => d.form !== 'duration')) return false;
    // "Super Cover reduces the excess under 4.1 to zero": a clause cited by its number is the document's cross-reference, out of place in an answer.
    if (CITES_A_CLAUSE.test(source)) return false;
    const words = contentLemmas(source);
    // The reader's role ("Members may host ...", "I'm a member") puts no sentence on the question's topic.
    const shared = words.filter((l) => taskWords.has(l) && !isReaderRole(l)).length;
    // A neighbour the answer rests on, continuing its rule (a word in common): the next tier of a credit table, not the next clause's rent review.
    const besideSupport = [evidence[i - 1], evidence[i + 1]].some((n) => n !== undefined && said.has(n) && contentLemmas(n).some((l) => words.includes(l)));
    // Or one, where the answer itself speaks of the rule (two of its ordinary words): the same matter the question is about, in the answer's words.
    const inAnswer = words.filter((l) => answerWords.has(l)).length >= ANSWER_WORDS;
    if (shared < (besideSupport || inAnswer ? TASK_WORDS_BESIDE_SUPPORT : TASK_WORDS)) return false;
    if (!subjectNouns(source).every((noun) => spoken.has(noun))) return false;
    if (namesOtherSize(source, `${task} ${artifact}`) || (INSTRUCTION.test(source) && !asksAskersPart(task))) return false;
    return !findEntities(source).some((e) => named.some((n) => n.text !== e.text && (sameEntityType(e, n) || variantOf(e.text, n.text, spoken)))) && !namesRival(source, rivals);
  });
}

/** A sentence about a kind of thing named by its size: "A 5-day pass costs ...", "The 10-visit card ..." (the size, the noun). */
const SIZED_SUBJECT = /^(?:(?:A|An|The|Each|Our)\s+)?(\d+-[a-z]+)\s+([a-z]+)\b/;

/**
 * Whether a sentence is about a kind of thing named by its size, where the task and answer name that thing by a word
 * that is no size ("A 5-day pass costs £185" beside the question's "season pass"; unseen62's readers: "has nothing to
 * do with a lost pass"). Another size of a thing they name by its size is the next row of its list ("a 30-minute
 * visit" beside "a 60-minute visit").
 */
function namesOtherSize(sentence: string, theirs: string): boolean {
  const [, size, noun] = SIZED_SUBJECT.exec(sentence) ?? [];
  if (size === undefined || noun === undefined) return false;
  // Their thing has that size in other words ("2 of its 5 days"): the sentence may be about it.
  const [count, unit] = size.split('-');
  if (new RegExp(`\\b${count}\\s+${unit}s?\\b`, 'i').test(theirs)) return false;
  // The words they name the thing by, as the model tags them: a noun ("season pass"), not an adjective ("a short grace period").
  const tokens = readSentences(theirs).flatMap((s) => s.tokens);
  // A size the model reads as three tokens ("60", "-", "minute") is a size, not a noun naming a kind.
  const sized = (k: number) => tokens[k - 1]?.text === '-' && /^\d+$/.test(tokens[k - 2]?.text ?? '');
  // Not a determiner or possessive before it ("the pass", "your pass", "which pass"): those name no kind.
  const kinds = tokens.flatMap((t, k) => (t.text.toLowerCase() === noun && k > 0 ? [k - 1] : [])).filter((k) => tokens[k]!.pos !== 'DET' && tokens[k]!.pos !== 'PRON');
  return kinds.length > 0 && kinds.every((k) => (tokens[k]!.pos === 'NOUN' || tokens[k]!.pos === 'PROPN') && !sized(k));
}

/**
 * An instruction to the reader, as documents open one: "Please arrive ...", "Do not feed ...", "Don't ...". (A verb
 * first in its base form is no sure sign: the model reads "Cover for accidental injury starts ..." so.)
 */
const INSTRUCTION = /^(?:please(?!\s+note\b)|do\s+not|don['’]t)\b/i;

/** A clause of the document cited by its number: "under 4.1", "in section 2", "see clause 7". */
const CITES_A_CLAUSE = /\b(?:under|in|of|see|per|to)\s+(?:section|clause|paragraph)?\s*\d+\.\d+\b|\b(?:section|clause|paragraph)\s+\d+/i;

/**
 * What a text calls by name, by the noun the name qualifies: "Classic fare"
 * → fare: Classic. The entity reader leaves out a lone capitalised word
 * opening a sentence ("Light fares include ..."), so the tokens are read here.
 */
function namedKinds(text: string): Map<string, Set<string>> {
  const kinds = new Map<string, Set<string>>();
  for (const sentence of readSentences(text)) {
    sentence.tokens.forEach((t, i) => {
      const noun = sentence.tokens[i + 1];
      if (/^[A-Z][a-z]/.test(t.text) && noun?.pos === 'NOUN' && /^[a-z]/.test(noun.text)) kinds.set(noun.lemma, (kinds.get(noun.lemma) ?? new Set()).add(t.text));
    });
  }
  return kinds;
}

/**
 * Whether a name is another variant of a name the task or answer uses, in
 * words they never use: "Amoxiva Paediatric Suspension" beside their
 * "Amoxiva" capsules, "Stratocell Object Storage" beside "Stratocell Compute"
 * (but "Stratocell Compute" beside "Stratocell" and a Compute deployment).
 */
function variantOf(name: string, theirs: string, spoken: ReadonlySet<string>): boolean {
  const [first, ...rest] = name.split(' ');
  return theirs.split(' ')[0] === first && rest.some((word) => !spoken.has(word.toLowerCase()));
}

/** Whether a sentence calls something by another name than the task or answer does ("Light fares" where they speak of a Classic fare). */
function namesRival(sentence: string, spoken: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  return [...namedKinds(sentence)].some(([noun, names]) => {
    const theirs = spoken.get(noun);
    return theirs !== undefined && [...names].some((name) => !theirs.has(name));
  });
}

/**
 * Where an added sentence reads as part of the answer: after the answer's
 * sentence that shares most of its words, unless the sentence after that one
 * refers back to it (the addition would take its antecedent), or a later one
 * adds up what came before (the addition would land inside the working); else
 * at the end.
 */
function placeFor(source: string, answer: readonly Piece[]): number {
  const words = new Set(contentLemmas(source));
  const shared = answer.map((s) => contentLemmas(s.text).filter((l) => words.has(l)).length);
  const best = shared.indexOf(Math.max(...shared));
  const next = answer[best + 1];
  const totalLater = answer.slice(best + 1).some((s) => TOTALS_WHAT_CAME_BEFORE.test(s.text));
  return next && !refersBack(next.text) && !totalLater ? answer[best]!.end : answer[answer.length - 1]!.end;
}

/**
 * A sentence that adds up the ones before it ("Altogether that's £397.10 a term for the two of them"): a sentence put
 * before it lands inside the working, a figure the total does not use (unseen72's readers, of a paired-lesson price
 * between the two daughters' fees: "appears mid-calculation and is never used").
 */
const TOTALS_WHAT_CAME_BEFORE = /^\s*(?:altogether|in total|all told|all in all|overall|together|combined|between them|in all)\b/i;

/** One sentence as an answer writes it: a capital first, a full stop last, single spaces. */
function isOneSentence(text: string): boolean {
  return splitSentences(text).length === 1 && /^[A-Z]/.test(text) && /[^.]\.$/.test(text) && !/\s{2,}|\n/.test(text);
}

/** The sentence as the trace's words go on: its first word in lower case, unless it is a name ("Harrowgate", "BorrowBox"). */
function lowerOpening(sentence: string): string {
  const first = readSentences(sentence)[0]?.tokens[0];
  return first && first.pos !== 'PROPN' && first.text !== 'I' ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence;
}
