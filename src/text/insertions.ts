import { containsWords, contentLemmas, findEntities, findNumbers, type NumberPiece, numberKey, sameStem, splitSentences } from './claims.js';
import { ageNeighbours, isAge } from './ages.js';
import { isCurrencySign } from './currency.js';
import { findDates } from './dates.js';
import { BARE_KINDS, type Figure, findFigures, sameFigure } from './figures.js';
import { spelledValue } from './numberWords.js';
import { ratePeriodAfter, wholeOfItsPeriod } from './rates.js';
import { sensesOf } from './lexicon.js';
import { readSentences, type Token } from './nlp.js';
import { type CountedFigure, countedFigures } from './counts.js';
import { bandTopNeighbours, consecutiveWithPartner, findQuantities, meetsNextBand, isHalfOfMoney, neighbourValues, type Quantity, ROUND_VALUES, roundStep, wholePeriodValues } from './quantities.js';

/**
 * What claim-insertion adds: a sentence of the fixture's own evidence with
 * one figure changed, as a worker who misread or misremembered it would
 * write it. The sentence is on topic and grammatical because the evidence
 * wrote it; it is wrong because the figure is stated nowhere.
 */

/** A figure or deadline of a sentence and the sentence with it changed, one way for each plausible other value. */
export interface MisstatedFigure {
  /** The value changed: the figure's, or the deadline's length ("within 30 days": 30). */
  value: number;
  sentences: string[];
}

/** The word before a number that makes it a reference, not a quantity ("section 4", "Form 2"). */
const REFERENCE_WORDS = /\b(?:section|clause|article|part|page|form|rule|schedule|appendix|paragraph|level|severity|tier|plan|room|gate|terminal|step|no\.?|number)\s*$/i;

/** Instalments counted by the period they fall in, and how many such periods a year holds: "10 monthly direct debits". */
const INSTALMENTS = /^\s+(?:(monthly)|(weekly)|(quarterly))\b/i;

/**
 * Whether a count of instalments stays within the year an annual fee is paid over: "10 monthly direct debits" never
 * becomes 20 (unseen46's readers: "more payments than months in the year").
 */
function withinAYear(sentence: string, n: NumberPiece, value: number): boolean {
  const m = INSTALMENTS.exec(sentence.slice(n.end));
  if (!m) return true;
  return value <= (m[1] ? 12 : m[2] ? 52 : 4);
}

/**
 * Whether a count stays a whole fraction of each larger count of the same thing that it divides: a tier of "any 6
 * bottles" below a case of 12 never becomes 5 or 7 (unseen60's readers: "the usual tier is a half case of 6 below the
 * 12-bottle full case").
 */
function keepsFraction(sentenceCounts: readonly CountedFigure[], n: NumberPiece, value: number, statedCounts: readonly CountedFigure[]): boolean {
  const noun = sentenceCounts.find((c) => c.start === n.start)?.noun;
  if (noun === undefined) return true;
  return statedCounts.every((c) => c.noun !== noun || c.value <= n.value || c.value % n.value !== 0 || c.value % value === 0);
}

/**
 * Each figure of the sentence that reads as a quantity, changed to each
 * plausible other value that `stated` (every figure of the evidence, task and
 * answer) does not hold and that keeps its order against the sentence's other
 * figures of the same kind ("between 2 and 6 hours" stays a range). The
 * values come in an order that starts at `first(count)`, so two fixtures do
 * not change their figures the same way.
 *
 * `counts` are the counts of things the evidence, task and answer state
 * (src/text/counts.ts), each of which a misstated count keeps its fraction of.
 */
export function misstatedFigures(
  sentence: string,
  stated: ReadonlySet<string>,
  first: (count: number) => number,
  statedDates: ReadonlySet<string> = new Set(),
  counts: readonly CountedFigure[] = [],
): MisstatedFigure[] {
  // Dates and periods move in their own formats: a deadline to a neighbouring usual length ("within 30 days" to 28), as date-shift moves it.
  const dates = findDates(sentence);
  const numbers = findNumbers(sentence);
  const counted = countedFigures(sentence);
  const out: MisstatedFigure[] = [];
  // A row of a price list is named by its measure ("$46 for 45 minutes", "a 60-minute session costs $45"): a misreading
  // changes the price, not the row (unseen16's readers: "a 120-minute session for $45" read as oddly long and cheap).
  const prices = numbers.filter((n) => n.currency !== '');
  const sizes = rowSizes(sentence, numbers, prices);
  const rows = new Set([...sizes.values()].map((size) => size.start));
  const units = findQuantities(sentence);
  const namesRow = (n: NumberPiece) => rows.has(n.start) || (prices.length > 0 && n.currency === '' && /^-[a-z]/i.test(sentence.slice(n.end)));
  // A price keeps its place by the unit among the rows of its list: "120 minutes costs £28" beside "90 minutes costs £19" is
  // dearer by the minute than the shorter row (unseen38's readers: "120 min costs more per minute").
  const perUnit = (n: NumberPiece, value: number) => {
    const size = sizes.get(n.start);
    return size === undefined
      ? []
      : [...sizes].flatMap(([at, other]) => {
          const price = prices.find((p) => p.start === at);
          return price === undefined || price === n || other.kind !== size.kind ? [] : [Math.sign(value / size.value - price.value / other.value)];
        });
  };
  const keepsPerUnit = (n: NumberPiece, value: number) => perUnit(n, value).join() === perUnit(n, n.value).join();
  for (const n of numbers) {
    if (
      !isQuantity(sentence, n) ||
      namesRow(n) ||
      isHalfOfMoney(n, sentence) ||
      consecutiveWithPartner(sentence, n) ||
      meetsNextBand(sentence, n) ||
      wholeOfItsPeriod(sentence, n.start, n.end, n.value) ||
      dates.some((d) => n.start < d.end && d.start < n.end)
    )
      continue;
    const peers = numbers.filter((m) => m !== n && m.currency === n.currency && m.percent === n.percent);
    // A fraction is kept by a count of things ("any 6 bottles" of a case of 12), not by an age or a period ("7 days" beside 21).
    const candidates = isAge(sentence, n.start, n.end)
      ? ageNeighbours(n.value, { text: sentence, start: n.start })
      : (periodValues(n, units) ?? plausibleValues(n, PENCE.test(sentence.slice(n.end)), n.currency !== '' || moneyInWords(sentence, n)).filter((v) => keepsFraction(counted, n, v, counts)));
    const values = candidates.filter(
      (v) =>
        !stated.has(numberKey({ ...n, value: v })) && peers.every((m) => Math.sign(v - m.value) === Math.sign(n.value - m.value) && v !== m.value) && keepsPerUnit(n, v) && withinAYear(sentence, n, v),
    );
    if (values.length === 0) continue;
    out.push({ value: n.value, sentences: rotate(values, first).map((v) => sentence.slice(0, n.start) + written(n, v) + sentence.slice(n.end)) });
  }
  for (const d of dates) {
    if (d.form !== 'duration') continue;
    const shifted = d.shifts().filter((text) => findDates(text).every((x) => !statedDates.has(x.key)));
    const length = /^duration:(\d+)/.exec(d.key)?.[1];
    if (shifted.length && length) out.push({ value: Number(length), sentences: rotate(shifted, first).map((text) => sentence.slice(0, d.start) + text + sentence.slice(d.end)) });
  }
  return out;
}

/** The rest of a size that is the subject of its price: " full days cost £290" after "Block bookings of 10". */
export const SUBJECT_PRICED = /^(?:\s+(?:full|whole|half|consecutive))?\s+[a-z]+\s+(?:costs?|are|is)\s+[£$€]/i;

/**
 * The size each price of a list is for, by the price's start: the measure after "for" ("$46 for 45 minutes") or the
 * one its row opens with, right before it ("60 minutes costs £14.50, 90 minutes costs £19"), in one unit per kind.
 */
function rowSizes(sentence: string, numbers: readonly NumberPiece[], prices: readonly NumberPiece[]): Map<number, Figure> {
  const figures = findFigures(sentence);
  const sizeAt = (start: number | undefined) => figures.find((f) => f.start === start && !BARE_KINDS.has(f.kind) && !isCurrencySign(f.kind) && f.kind !== '%');
  const sizes = new Map<number, Figure>();
  for (const price of prices) {
    const before = numbers[numbers.indexOf(price) - 1];
    // A list's row opens with its size ("60 minutes costs £14.50, 90 minutes ..."), as one price's subject may ("10 full days cost £290").
    const opens =
      before !== undefined && before.currency === '' && ((prices.length > 1 && /^[^,;.\d]{1,24}$/.test(sentence.slice(before.end, price.start))) || SUBJECT_PRICED.test(sentence.slice(before.end)));
    const opening = opens ? sizeAt(before.start) : undefined;
    const size = sizeAt(measureAt(sentence, price.end)) ?? opening;
    if (size) sizes.set(price.start, size);
  }
  return sizes;
}

/**
 * The lengths a period written as a number of its unit ("30 days' notice",
 * "a 12-month term") may be misread as: the neighbouring lengths documents
 * write, as a deadline moves (a month of days to 60, never 20 or 40:
 * unseen18's readers, "one would expect 30 days or a month"); undefined for
 * a figure that counts no period.
 */
function periodValues(n: NumberPiece, units: readonly Quantity[]): number[] | undefined {
  const q = units.find((u) => u.number.start === n.start);
  if (q === undefined || ROUND_VALUES[q.unit] === undefined || !Number.isInteger(n.value)) return undefined;
  return neighbourValues(q, wholePeriodValues(n.value, q.unit));
}

/** The values in an order that starts at `first(count)`: two fixtures do not change their figures the same way. */
function rotate<T>(values: readonly T[], first: (count: number) => number): T[] {
  const start = first(values.length);
  return [...values.slice(start), ...values.slice(0, start)];
}

/**
 * Whether a number is a quantity a misreading could change: not a reference
 * or a code ("section 4", "0300 555 0142", "9am", "1st"), not a year, and not
 * 1, whose noun is singular ("1 day" would become "2 day").
 */
function isQuantity(sentence: string, n: NumberPiece): boolean {
  if (n.value < 2 || /^0\d/.test(n.text.slice(n.currencyWritten.length))) return false;
  if (!n.currency && !n.percent && n.decimals === 0 && n.value >= 1900 && n.value <= 2100) return false;
  const before = sentence.slice(Math.max(0, n.start - 16), n.start);
  const after = sentence.slice(n.end, n.end + 3);
  if (/\d\s$/.test(before) || /^\s\d/.test(after)) return false; // a phone number's groups
  if (/\d[:.]$/.test(before)) return false; // the minutes of a time ("8:20", "23.59"), never "8:60"
  if (/\d\/$/.test(before) && !n.currency) return false; // the second side of "24/7" or "1/3"; not of two prices ("£10/£6")
  if (/^(?:[:/]\d|[A-Za-z])/.test(after) && !/^p\b/.test(after)) return false; // a time, an ordinal, a code; pence ("25p") is a quantity
  // A number after a name is part of the name ("Time-Limited 12", "Zone 2"), unless the name opens the sentence.
  const name = /(\S*)\s+[A-Z][\w-]*\s$/.exec(` ${before}`);
  if (name !== null && name[1] !== '' && !/[.!?:]$/.test(name[1]!)) return false;
  return !REFERENCE_WORDS.test(before);
}

/**
 * Values a worker could plausibly have written instead: the neighbours on
 * the figure's own scale (a week more for 14 days, 5 more for 25, a pound
 * more for £3.50). Never double or half: readers of unseen34 to unseen36 took
 * a price doubled or halved for altered by its size alone ("a 30-minute visit
 * at £32" beside an hour's £26, "£8 ... implausibly cheap", "£190 ...
 * implausibly high"), as they took an age doubled ("teen cards (under 36)").
 * Whole figures stay whole and at least 2, a share below 100% ("a credit of
 * 150%" reads as a slip, not a misreading).
 */
function plausibleValues(n: NumberPiece, pence: boolean, money: boolean): number[] {
  const v = n.value;
  const bandTop = !money && !n.percent ? bandTopNeighbours(v) : undefined;
  if (bandTop) return bandTop;
  const whole = Number.isInteger(v);
  const unit = whole ? 1 : money && v >= 1 ? 0.5 : 10 ** -n.decimals;
  const step = whole ? wholeStep(v, money) : unit * (money && v >= 1 ? 2 : 5);
  const values = [v + step, v - step].filter((x) => !whole || Number.isInteger(x)).map((x) => Number((Math.round(x / unit) * unit).toFixed(n.decimals + 2)));
  return [...new Set(values)].filter((x) => x !== v && x > 0 && (!whole || x >= 2) && (!n.percent || x < 100) && asRound(v, x, n.decimals) && !(pence && x >= 100) && (!n.percent || keepsFives(v, x)));
}

/**
 * Whether a share keeps the fives a policy sets it in: 5% off never becomes 4% or 6% (unseen60's readers: "an odd
 * figure, the usual tier is 5%").
 */
function keepsFives(share: number, value: number): boolean {
  return share % 5 !== 0 || value % 5 === 0;
}

/** A figure in pence ("25p"): a hundred or more is written in pounds. */
const PENCE = /^p\b/;
/**
 * Whether a number is money written in words after it, as findFigures reads it ("12 dollars", "5 pounds"): stepped as
 * money, never by the dozen (a review: "12 dollars" made "24 dollars").
 */
function moneyInWords(sentence: string, n: NumberPiece): boolean {
  return findFigures(sentence).some((f) => f.start === n.start && isCurrencySign(f.kind));
}

/**
 * Whether a value is as round as the figure it replaces: as many trailing
 * zeros (50 → 40, not 45; a tier at 99.0% → 98.0%, not 98.9%), since
 * policies set their figures at round values and a misreading keeps them so.
 */
function asRound(original: number, value: number, decimals: number): boolean {
  const zeros = (x: number) => {
    let units = Math.round(x * 10 ** decimals);
    let count = 0;
    while (units !== 0 && units % 10 === 0 && count < decimals + 3) {
      units /= 10;
      count++;
    }
    return count;
  };
  return zeros(value) >= Math.min(zeros(original), decimals + 1);
}

/**
 * The step of a whole figure's scale: weeks for 7 to 28, tens for round figures, dozens for months and hours, else by
 * size. Money is never counted in weeks or dozens: £7 to £14 or £12 to £24 is the doubling readers see (a review).
 */
function wholeStep(v: number, money: boolean): number {
  if (!money && v % 7 === 0 && v <= 28) return 7;
  // A round hundred moves by its own second digit (£1,500 to £1,600, £480 to £490), never by half of itself, which readers see by its size.
  if (v % 10 === 0) return v >= 100 ? 10 ** (String(v).length - 2) : 10;
  if (!money && v % 12 === 0) return 12;
  if (v < 10) return 1;
  // A figure set off the fives moves as number-flip moves it (roundStep): £38 to £36 or £40, never £43 (unseen104's
  // readers: "the odd £43 price also looks altered").
  if (v % 5 !== 0) return roundStep(v);
  if (v < 50) return 5;
  if (v < 200) return 10;
  return 10 ** (String(v).length - 2) * 5;
}

/** Every value a text states, in figures or in words ("six e-books", "thirty days"): the answer's "six" is the evidence's 6. */
export function statedValues(text: string): Set<number> {
  const values = new Set(findNumbers(text).map((n) => n.value));
  for (const [word] of text.toLowerCase().matchAll(/\b[a-z]+\b/g)) {
    const value = word === 'and' ? undefined : spelledValue([word]);
    if (value !== undefined) values.add(value);
  }
  return values;
}

/** A value written as the figure it replaces is: its currency, decimals, thousands separators and per cent sign. */
function written(n: NumberPiece, value: number): string {
  // A whole measure is written whole ("2 hours" for "2.5 hours", never "2.0": unseen112's readers, "an unusual way to write a
  // duration"); money keeps its pence ("£3.00" for "£2.50"), and a share its tier's decimals ("85.0%" beside "99.5%").
  const decimals = !n.currency && !n.percent && Number.isInteger(value) ? 0 : n.decimals;
  const digits = n.grouped ? value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }) : value.toFixed(decimals);
  return `${n.currencyWritten}${digits}${n.percent ? '%' : ''}`;
}

/** The people a policy speaks of who, in an answer addressed to "you", are the reader. */
const READER_ROLES = new Set(['member', 'customer', 'passenger', 'borrower', 'applicant', 'traveller', 'user', 'subscriber', 'tenant']);

/** Whether a word names the reader's role ("member", "customer"): every answer speaks to its reader, so the word says nothing of what a sentence is about. */
export function isReaderRole(lemma: string): boolean {
  return READER_ROLES.has(lemma);
}
const MODALS = new Set(['may', 'must', 'can', 'cannot', 'will', 'should', 'need', 'might', 'could', 'would']);

/**
 * The sentence in the answer's register: where the answer speaks to "you" and
 * the sentence opens with the reader's role ("Members may ...", "The
 * passenger must ..."), it speaks to "you" too, with "their" as "your". Left
 * as written wherever the verb would not agree ("The member pays") or the
 * role is qualified ("Adult members", "Passengers who ...", "Customers
 * entitled to ...": "you" would drop the qualification or read "You who ...",
 * "You entitled to ...").
 */
export function inAnswerRegister(sentence: string, answer: string): string {
  if (!/\byou\b/i.test(answer)) return sentence;
  const tokens = readSentences(sentence)[0]?.tokens ?? [];
  const [first, second, third] = tokens;
  if (!first || !second) return sentence;
  // By the word itself: the model reads a capitalised "Members" opening a sentence as a name, with no lemma to go by.
  // A participle after the role qualifies it ("Customers entitled to an NHS test pay ...", "Members aged 65"): "You entitled to" is no sentence.
  const plural = /s$/i.test(first.text) && READER_ROLES.has(first.text.toLowerCase().slice(0, -1)) && (second.pos === 'AUX' || (second.pos === 'VERB' && !/(?:ed|en|ing)$/i.test(second.text)));
  const singular = /^(?:the|a)$/i.test(first.text) && third !== undefined && READER_ROLES.has(second.text) && MODALS.has(third.text.toLowerCase());
  if (!plural && !singular) return sentence;
  const rest = sentence.slice((plural ? first : second).end);
  return `You${rest
    .replace(/\btheir\b/g, 'your')
    .replace(/\bthey\b/g, 'you')
    .replace(/\bthemselves\b/g, 'yourself')
    .replace(/\bthem\b/g, 'you')}`;
}

/**
 * A sentence's amounts with their currency written as the answer writes that
 * currency: "EUR 300.00" as "€300.00" in an answer that writes "€24", "CAD
 * 6.00" as "$6.00" beside "$8"; where the answer writes none of that
 * currency, as the sentence does.
 */
export function inAnswerCurrency(sentence: string, answer: string): string {
  const writings = new Map(findNumbers(answer).map((n) => [n.currency, n.currencyWritten] as const));
  let out = sentence;
  for (const n of findNumbers(sentence).reverse()) {
    const written = writings.get(n.currency);
    if (!n.currency || written === undefined || written === n.currencyWritten) continue;
    out = out.slice(0, n.start) + written + out.slice(n.start + n.currencyWritten.length);
  }
  return out;
}

/** Words that open a sentence with a condition or a bound before its subject ("Where a flight is delayed ..., passengers ..."; "Below 90.0%, the credit ..."). */
const OPENING_CLAUSE_POS = new Set(['SCONJ', 'ADP']);
const OPENING_CLAUSE_WORDS = new Set(['where', 'when', 'once', 'unless', 'if', 'while', 'after', 'before']);
/**
 * Whether a sentence, as the answer would write it, still speaks of the
 * reader in the third person ("passengers who choose not to travel are
 * entitled ...") in an answer that speaks to "you": copied, not written.
 */
export function speaksOfReaderAsOther(sentence: string, answer: string): boolean {
  return /\byou\b/i.test(answer) && subjectNouns(sentence).some((noun) => READER_ROLES.has(noun));
}

/** Adjectives of an opening condition that compare, not qualify: they name no group. */
const COMPARISONS = new Set(['more', 'less', 'fewer', 'few', 'many', 'much', 'other', 'same', 'least', 'most']);
/** Tags that end a subject's noun phrase: its verb, a preposition, a relative pronoun, a bracket or comma. */
const SUBJECT_ENDS = new Set(['AUX', 'VERB', 'ADP', 'PRON', 'PUNCT', 'SCONJ']);

/**
 * A gerund and its object before the verb of a price or period ("Replacing a pair of leather handles costs £36",
 * "Sharpening a bread knife takes 3 days"): the model reads "handles" as a verb and "costs" as a noun there.
 */
const GERUND_SUBJECT = /^\p{Lu}\p{Ll}+ing\s+([^,;:.]+?)\s+(?:costs?|is|are|takes?|comes?\s+to)\s+(?=[£$€\d])/u;

/** A gerund alone before the verb of a price: "Fitting costs £16 per tyre". */
const ACTIVITY_PRICED = /^(\p{Lu}\p{Ll}+ing)\s+(?:costs?|is|comes?\s+to)\s+(?=[£$€\d])/u;

/**
 * The nouns of whom or what a sentence's rule is for, by their lemma: those
 * of an opening condition (up to its comma) and those of the grammatical
 * subject, the first noun phrase after it, up to its verb or first
 * preposition. "Children's and teen cards (under 18) are ..." → children,
 * card; "Where a flight is delayed ..., passengers who ..." → flight,
 * passenger. Of a gerund's price or period, its object's nouns ("Replacing a
 * pair of leather handles costs £36" → pair, leather, handle). Empty where the
 * model reads no noun there.
 */
export function subjectNouns(sentence: string): string[] {
  const tokens = readSentences(sentence)[0]?.tokens ?? [];
  // A gerund opening a price or a period names its rule by its object's nouns, however the model tags the words after it; the gerund
  // itself as the model tags it: "Replacing" is a verb, "Evening" of "Evening classes cost £30" a noun.
  const gerund = tokens[0]?.pos === 'VERB' ? GERUND_SUBJECT.exec(sentence) : null;
  if (gerund) return contentLemmas(gerund[1]!).filter((l) => sensesOf(l).some((sense) => sense.startsWith('n')));
  let from = 0;
  const nouns: string[] = [];
  const first = tokens[0];
  if (first && (OPENING_CLAUSE_POS.has(first.pos) || OPENING_CLAUSE_WORDS.has(first.lemma))) {
    const comma = tokens.findIndex((t) => t.text === ',');
    if (comma < 0) return [];
    from = comma + 1;
    // The condition names whom or what the rule is for as much as its subject does: "For treatment of deep vein thrombosis (DVT), the dose ...".
    // Its adjectives too ("For overseas trips" beside a task about trips in the UK), but not its comparisons ("more than 5 hours").
    nouns.push(...tokens.slice(1, comma).flatMap((t) => (t.pos === 'NOUN' || (t.pos === 'ADJ' && !COMPARISONS.has(t.lemma)) ? [t.lemma.toLowerCase()] : [])));
  }
  for (const [i, t] of tokens.entries()) {
    if (i < from || t.pos === 'PART' || t.pos === 'DET' || t.pos === 'CCONJ' || t.pos === 'NUM' || t.pos === 'SYM' || t.pos === 'ADJ') continue;
    if (SUBJECT_ENDS.has(t.pos) || isVerbReadAsNoun(tokens, i)) break;
    // The model tags a capitalised opening modifier a name ("Total credits", "Larger animals"): a word that can be an adjective there qualifies the subject, it is not the subject group.
    const opening = t === tokens[from] && t.pos === 'PROPN';
    if (opening && sensesOf(t.lemma.toLowerCase()).some((sense) => sense.startsWith('a'))) continue;
    // An opening "Passengers" or "Books", read as a name, has no lemma: its dictionary form is what the task says ("book").
    if (t.pos === 'NOUN' || t.pos === 'PROPN') nouns.push((opening ? contentLemmas(t.text.toLowerCase())[0] : undefined) ?? t.lemma.toLowerCase());
  }
  return nouns;
}

/** What follows a sentence's verb at once, and never a noun of a compound: a figure, an article, a preposition other than "of". */
const AFTER_VERB = new Set(['NUM', 'SYM', 'DET', 'ADP']);

/**
 * Whether the model reads the subject's verb as one more noun of its phrase
 * ("Single kayaks cost £18", "Canadian canoes seat up to three", "The Silver
 * plan costs $29", "Billing dates fall on the 1st"): a word the dictionary
 * knows as a verb, agreeing with the noun before it (bare after a plural,
 * with -s after a singular), and followed by what follows a verb. Read as a
 * noun, "cost" or "seat" is a subject group no question names, and the
 * sentence's own subject is refused with it.
 */
function isVerbReadAsNoun(tokens: readonly Token[], i: number): boolean {
  const [before, t, after] = [tokens[i - 1], tokens[i]!, tokens[i + 1]];
  if (t.pos !== 'NOUN' || (before?.pos !== 'NOUN' && before?.pos !== 'PROPN') || !after || !AFTER_VERB.has(after.pos) || after.lemma === 'of') return false;
  if (!sensesOf(t.lemma).some((sense) => sense.startsWith('v'))) return false;
  const word = t.text.toLowerCase();
  const pluralBefore = before.text.toLowerCase() !== before.lemma.toLowerCase() && /s$/i.test(before.text);
  return pluralBefore ? word === t.lemma : word === `${t.lemma}s` || word === `${t.lemma}es`;
}

/**
 * The groups a task and its answer speak of, as a sentence's subject would
 * name them: every word by its lemma and its lower-case form, and, where the
 * answer speaks to "you", the reader's roles ("Members may ...", "the
 * Tenant shall ...": the reader).
 */
export function spokenOf(task: string, answer: string): Set<string> {
  const text = `${task}\n\n${answer}`;
  // A name-like "DVDs" has no lemma as the model reads it; lower-cased, the dictionary has it ("dvd").
  const forms = (t: Token) => [t.lemma.toLowerCase(), t.text.toLowerCase(), ...(t.pos === 'PROPN' ? contentLemmas(t.text.toLowerCase()) : [])];
  const words = new Set([...readSentences(text).flatMap((s) => s.tokens.flatMap(forms)), ...contentLemmas(text)]);
  if (/\byou\b/i.test(answer)) for (const role of READER_ROLES) words.add(role);
  return words;
}

/** A clause number opening a document's sentence ("7.3 ", "12.1 "): the document's numbering, never an answer's. */
const CLAUSE_NUMBER = /^\d+(?:\.\d+)+\s+(?=[A-Z])/;

/** A document's sentence without the clause number that opens it. */
export function withoutClauseNumber(sentence: string): string {
  return sentence.replace(CLAUSE_NUMBER, '');
}
/** What may follow the organisation's "we" and agree with its name: a modal, or "are" and "have" turned singular. */
const WE_VERBS: Readonly<Record<string, string>> = {
  will: 'will',
  "'ll": 'will',
  '’ll': 'will',
  may: 'may',
  can: 'can',
  must: 'must',
  would: 'would',
  might: 'might',
  should: 'should',
  cannot: 'cannot',
  are: 'is',
  have: 'has',
};

/** The organisation speaking of itself: "we", "us", "our", "we'll". */
const SPEAKS_AS_WE = /\b(?:we|us|our|ours|ourselves)\b|\bwe['’]/i;

/**
 * The sentence as an answer about the document states it, or null where it
 * cannot: without the clause number that opens it ("7.3 All other freezes
 * ..."), the organisation that speaks as "we" called by its name ("We'll send
 * you a text" → "Brightwave will send you a text", "tell us" → "tell
 * Brightwave", "our" → "Brightwave's"), and never a label line ("Excess: £95
 * per condition.", "Regular price: $899.99."), which states no verb before
 * its colon. Null where "we" has no name to take or its verb would not agree
 * ("we pay"). Where the answer itself speaks as the organisation ("we'd
 * refund those at $46 each"), its "we" is the document's and stays as written.
 */
export function asAnswerStatement(sentence: string, organisation: string | undefined, answer = ''): string | null {
  let text = withoutClauseNumber(sentence);
  if (isLabelLine(text)) return null;
  if (!SPEAKS_AS_WE.test(text) || SPEAKS_AS_WE.test(answer)) return text;
  if (organisation === undefined) return null;
  let agrees = true;
  text = text.replace(/\b([Ww]e)(?:(['’]ll)|\s+(\w+))/g, (_whole, _we: string, contracted?: string, verb?: string) => {
    const said = WE_VERBS[contracted ?? verb?.toLowerCase() ?? ''];
    if (said === undefined) agrees = false;
    return `${organisation} ${said ?? ''}`;
  });
  if (!agrees || /\b(?:we|ours|ourselves)\b/i.test(text)) return null;
  return text.replace(/\b[Oo]ur\b/g, `${organisation}'s`).replace(/\bus\b/g, organisation);
}

/**
 * Whether a sentence is a label line: a heading before its first colon that
 * is followed by a space (a clock time's colon is none: "Half-day pass,
 * valid from 12:30: adult €42") states no verb, once what it puts in
 * brackets is set aside ("Fees (counted from the date the advance is paid):
 * 2.5% ..."). A verb the model reads in a compound noun ("Half-day pass",
 * where it tags "pass" a verb after the noun "day": uninflected, after a
 * noun) is none either; "A fair use limit applies ...:" states one. A row
 * of a price list written without a colon, a thing and then its price with no
 * verb before it ("Cleaning solution £7 per bottle"), is one too.
 */
export function isLabelLine(text: string): boolean {
  const label = /^(.*?):\s/.exec(text);
  if (label) return statesNoVerb(label[1]!);
  // A price list's row written without its colon, the thing then its price: "Cleaning solution £7 per bottle, charged
  // when opened." (unseen33's readers, of that row added to an answer: "an unrelated fragment").
  const price = findNumbers(text).find((n) => n.currency !== '');
  if (price === undefined || price.start === 0) return false;
  const name = text.slice(0, price.start);
  // A row's name is a short noun phrase ("Cleaning solution", "Adults"); a verb or preposition right before the price
  // makes it a sentence, however the model tags it ("Single kayaks cost £13").
  return !/\d/.test(name) && name.trim().split(/\s+/).length <= ROW_NAME_WORDS && !PRICE_LEAD.test(name) && statesNoVerb(name);
}

/** The most words a price list's row names its thing in. */
const ROW_NAME_WORDS = 5;

/** Words that lead into a price in a sentence: its verb, or the preposition that says what it is for. */
const PRICE_LEAD = /\b(?:costs?|charged?|charges|pays?|paid|priced|is|are|was|were|be|comes?|starts?|from|at|for|of|to|by|just|only|extra|additional)\s*$/i;

/** Whether a heading or a row's name states no verb, once what it puts in brackets is set aside. */
function statesNoVerb(phrase: string): boolean {
  const tokens = readSentences(phrase.replace(/\([^)]*\)/g, ' '))[0]?.tokens ?? [];
  // A participle opening the heading, or after its article or an adjective, qualifies the noun after it ("Combined
  // physio and hydro session (60 minutes): £70.", "Reduced rate for students:", "Cleaning solution £7"): unseen32's
  // readers, of that line added to an answer, "a stray unrelated price line".
  const qualifies = (i: number) =>
    tokens[i]!.pos === 'VERB' && /(?:ed|en|ing)$/i.test(tokens[i]!.text) && tokens[i]!.text.toLowerCase() !== tokens[i]!.lemma && (i === 0 || ['DET', 'ADJ'].includes(tokens[i - 1]!.pos));
  const inCompound = (i: number) => tokens[i]!.text.toLowerCase() === tokens[i]!.lemma && (['NOUN', 'PROPN'].includes(tokens[i - 1]?.pos ?? '') || (i > 0 && qualifies(i - 1)));
  return !tokens.some((t, i) => t.pos === 'AUX' || (t.pos === 'VERB' && !inCompound(i) && !qualifies(i)));
}

/**
 * The organisation a document speaks for, as the answer or question calls it:
 * the longest run of the opening capitalised words of a document's title that
 * they name ("Brightwave" of "Brightwave Mobile, Customer Terms"; "Aurelia
 * Air" of "Aurelia Air Baggage Conditions").
 */
export function organisationNamed(titles: readonly string[], texts: readonly string[]): string | undefined {
  for (const title of titles) {
    // "&" joins a name's words ("Thread & Frame"): a name cut before it is half of one (unseen84's readers: "calls the business 'Thread'").
    const words = /^[A-Z][\w-]*(?:\s+(?:&\s+)?[A-Z][\w-]*)*/.exec(title)?.[0].split(/\s+/) ?? [];
    for (let k = words.length; k > 0; k--) {
      if (words[k] === '&' || words[k - 1] === '&') continue;
      const name = words.slice(0, k).join(' ');
      if (texts.some((t) => containsWords(t, name))) return name;
    }
  }
  return undefined;
}

/** The reason an added sentence restates one of the answer's quantities with another value, for claim-insertion's ignored list. */
export const RESTATES_QUANTITY = 'the added sentence states a value for a quantity the answer already states with another value (the same kind, rate and subject)';

/**
 * A figure of the added sentence that gives a quantity the answer already
 * gives, with another value: the same kind (a currency, "%", days, minutes,
 * a count of the same noun), per the same period where it is a rate ("£0.08
 * a minute" beside "10p a minute"), of the same subject: every noun the added
 * sentence's rule is for is a word of the answer's sentence ("Rides are
 * included up to 120 minutes" beside "Each ride includes 45 minutes"; not
 * "DVDs are lent for 14 days" beside "Adult books are lent for 21 days").
 * Read without the evidence, the answer then disagrees with itself, which no
 * honest mistake does.
 */
export function restatedQuantity(added: string, answer: string): Figure | undefined {
  // "Below 85.0%, the credit is 100%" beside "Below 99.5%, the credit is 10%": a band of its own, the next row of a table.
  if (opensWithFigureCondition(added)) return undefined;
  // A gerund alone is the activity priced, which the answer prices by its verb after "to": "Fitting costs £16 per tyre" beside
  // "Run-flats cost £25 per tyre to fit" (unseen117's readers: "says run-flats cost £25 per tyre to fit, then says fitting costs
  // £16 per tyre"); not "if you book online" for "Booking costs £2 per ticket" (the review).
  const activity = ACTIVITY_PRICED.exec(added)?.[1]?.toLowerCase();
  const subject = activity === undefined ? subjectNouns(added) : [activity];
  const answerFigures = splitSentences(answer).flatMap((s) => {
    const tokens = readSentences(s.text).flatMap((r) => r.tokens);
    const words = new Set([...contentLemmas(s.text), ...tokens.map((t) => t.lemma.toLowerCase())]);
    const pricedVerb = (noun: string) => tokens.some((t, i) => i > 0 && tokens[i - 1]!.text.toLowerCase() === 'to' && sameStem(t.lemma.toLowerCase(), noun));
    const says = (noun: string) => words.has(noun) || (activity !== undefined && pricedVerb(noun));
    return subject.length > 0 && subject.every(says) ? findFigures(s.text).map((f) => ({ f, per: perOf(s.text, f), sentence: s.text })) : [];
  });
  return findFigures(added).find((f) => {
    const per = perOf(added, f);
    return f.kind !== '' && answerFigures.some((a) => a.f.kind === f.kind && a.per === per && !sameFigure(a.f, f) && statesMeasure(a.sentence, measureAfter(added, f.end)));
  });
}

/**
 * The measure an amount is the price of, where the sentence names it by a
 * count or a size right after "for" ("$32 for 30 minutes", "35p for a 6x4
 * print", "£7.50 for A3"): one row of a price list, and the answer's
 * quantity only where the answer's sentence names the same measure. A
 * measure in words ("for each claim") is not read: it may be the thing the
 * answer prices.
 */
function measureAfter(sentence: string, at: number): string | undefined {
  const start = measureAt(sentence, at);
  return start === undefined ? undefined : /^[^\s,;.]*/.exec(sentence.slice(start))![0];
}

/** Where the measure after an amount ending at `at` starts, or undefined: past the figure's own unit ("35p for a 6x4 print"), a word with a digit. */
function measureAt(sentence: string, at: number): number | undefined {
  const m = /^\S*\s+for\s+(?:an?\s+)?(?=\S*\d)/.exec(sentence.slice(at));
  return m ? at + m[0].length : undefined;
}

/** Whether a sentence names a measure: its count ("30 minutes" in "30-minute lessons") or its size ("A3"); any sentence, where there is none. */
function statesMeasure(sentence: string, measure: string | undefined): boolean {
  if (measure === undefined) return true;
  const count = findNumbers(measure)[0];
  return count !== undefined && count.text === measure ? statedValues(sentence).has(count.value) : containsWords(sentence, measure);
}

/** The reason an added sentence prices a subject the answer already prices, for claim-insertion's ignored list. */
export const PRICES_SUBJECT_AGAIN = 'the added sentence prices a subject the answer already prices (the same currency and the same thing: a fee rule given twice)';

/** Nouns that name no subject of a price: what every price is, or the period and measure it is per. */
const PRICE_WORDS: ReadonlySet<string> = new Set(
  'fee fees charge cost price amount total payment sum rate value extra discount saving refund day week month year hour minute night kg item each time'.split(' '),
);

/**
 * Whether the added sentence, a list of two or more prices, states an amount
 * of a currency for a thing the answer already states an amount of that
 * currency for: the noun an added
 * amount is for, the nearest before it in its item of a list ("adult €42,
 * child €34"; "cat £38.00; dog up to 15 kg £54.00"; not "Super Cover" in
 * "Super Cover reduces the deposit to €450") against the nouns of an answer sentence with an
 * amount of that currency ("The two adult passes are €295 each"; "the cat's
 * Essentials plan ... from £24.00 down to £21.60"). Read without the
 * evidence, the answer then gives one thing two prices, or the same price
 * twice: a fee rule a reader sees was added.
 */
export function pricesSubjectAgain(added: string, answer: string): boolean {
  const nounsOf = (text: string) =>
    new Set(
      readSentences(text)
        .flatMap((r) => r.tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN').map((t) => t.lemma.toLowerCase()))
        .filter((l) => !PRICE_WORDS.has(l)),
    );
  const priced = splitSentences(answer).flatMap((sentence) => {
    const kinds = new Set(
      findFigures(sentence.text)
        .filter((f) => isCurrencySign(f.kind))
        .map((f) => f.kind),
    );
    return kinds.size ? [{ kinds, nouns: nounsOf(sentence.text), sentence: sentence.text }] : [];
  });
  // A price list: one amount is for the thing the sentence's subject names, which restatedQuantity reads ("Carré Neige can be added to any lift pass for €2.50" prices Carré Neige, not the pass).
  if (findFigures(added).filter((f) => isCurrencySign(f.kind)).length < 2) return false;
  for (const item of added.split(/[;:]\s|,\s/)) {
    const tokens = readSentences(item).flatMap((r) => r.tokens);
    for (const f of findFigures(item).filter((x) => isCurrencySign(x.kind))) {
      // What the amount is for: the nearest noun before it ("adult €42", "dog up to 15 kg £54.00", "reduces the deposit to €450.00").
      const thing = tokens
        .filter((t) => t.end <= f.start && (t.pos === 'NOUN' || t.pos === 'PROPN') && !PRICE_WORDS.has(t.lemma.toLowerCase()))
        .at(-1)
        ?.lemma.toLowerCase();
      const measure = measureAfter(item, f.end);
      if (thing !== undefined && priced.some((p) => p.kinds.has(f.kind) && p.nouns.has(thing) && statesMeasure(p.sentence, measure))) return true;
    }
  }
  return false;
}

/** Whether a sentence opens with a condition that states a figure ("Below 85.0%, ...", "Over 20 kg, ..."): the case it is about is its own. */
function opensWithFigureCondition(sentence: string): boolean {
  const tokens = readSentences(sentence)[0]?.tokens ?? [];
  const first = tokens[0];
  const comma = tokens.findIndex((t) => t.text === ',');
  return first !== undefined && (OPENING_CLAUSE_POS.has(first.pos) || OPENING_CLAUSE_WORDS.has(first.lemma)) && comma > 0 && findFigures(sentence.slice(0, tokens[comma]!.start)).length > 0;
}

/** The period an amount is per ("10p a minute": minute), or undefined for a figure that is not a rate. */
function perOf(sentence: string, f: Figure): string | undefined {
  return f.per ?? (/^[£$€¥]$/.test(f.kind) ? ratePeriodAfter(sentence, f.end) : undefined);
}

/**
 * How many content words of the question an added sentence must share to be
 * on it (the reader's role not counted): one of a short question ("Can I
 * renew my books online?": renew, book, online; four words at most), two of a longer one, where a
 * single shared word reads as a rule on a neighbouring matter ("36 hours'
 * notice for consultations" in an answer about a surgery's opening hours).
 */
export function questionWordsNeeded(question: string): number {
  return Math.min(2, Math.ceil(questionLemmas(question).size / 4));
}
export const OFF_THE_QUESTION = 'the added sentence shares too few content words with the question (two; one of a question of at most four): off what it asks';

/** How many content lemmas a sentence shares with the question, the reader's role ("member", "customer") not counted. */
export function questionWordsShared(sentence: string, question: string): number {
  const asked = questionLemmas(question);
  return new Set([...contentLemmas(sentence), ...contentLemmas(sentence.toLowerCase())].filter((l) => asked.has(l))).size;
}

/** The question's content lemmas, read as written and lower-cased (the model reads a capitalised "DVDs" as a name with no lemma), the reader's role left out. */
function questionLemmas(question: string): Set<string> {
  return new Set([...contentLemmas(question), ...contentLemmas(question.toLowerCase())].filter((l) => !isReaderRole(l)));
}

/** The reason an added sentence that prices another option of what the question or answer prices is refused, for claim-insertion's ignored list. */
export const PRICES_ANOTHER_OPTION =
  'the added sentence prices another option of a thing the question or answer names ("The 7.5-tonne three-horse box costs £210 per day" in an answer on the 3.5-tonne box; "Pay-as-you-go gritting costs £30 per visit" beside commercial car park gritting at £85 a visit): a price of what was not asked reads as put in';

/** Words by which a sentence gives its subject a price: "costs", "is", "are charged", "starts at". */
const PRICE_VERB_LEMMAS: ReadonlySet<string> = new Set(['cost', 'be', 'charge', 'price', 'start']);
const NAMING_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/**
 * The words that tell one option of a thing from another: the run of words before the thing's word ("3.5-tonne box",
 * "Commercial car park gritting", "Pay-as-you-go gritting"), words a hyphen joins included, and a number only where
 * a hyphen joins it to its measure ("3.5-tonne", not the count in "one entertainer" or "a second entertainer").
 */
function optionWords(tokens: readonly Token[], at: number): Set<string> {
  const glued = (a: Token, b: Token) => a.end === b.start && (a.text === '-' || b.text === '-');
  let from = at;
  // A word joins the run where it names, or is a piece of a hyphenated compound ("Pay-as-you-go").
  const joins = (i: number) => NAMING_POS.has(tokens[i]!.pos) || glued(tokens[i]!, tokens[i + 1]!) || (i > 0 && glued(tokens[i - 1]!, tokens[i]!));
  while (from > 0 && joins(from - 1)) from--;
  const run = tokens.slice(from, at);
  return new Set(run.filter((t, i) => t.text !== '-' && (t.pos !== 'NUM' ? t.pos !== 'DET' : run[i + 1]?.text === '-' && glued(t, run[i + 1]!))).map((t) => t.lemma));
}

/**
 * Whether an added sentence prices another option of a thing the question or answer names: its subject (the words
 * before the verb that gives it an amount of money) names a thing the question or answer names ("box", "gritting")
 * with a word of its own the question and answer never use ("7.5-tonne three-horse"; "pay-as-you-go"), where the
 * question or answer names that thing with a word the subject lacks ("the 3.5-tonne box"; "Commercial car park
 * gritting"), an option the evidence lists too. Read without the evidence, a price of what was not asked reads as put in (unseen127's readers, twice, of a
 * 7.5-tonne box's day rate in an answer on the 3.5-tonne box: "an unrelated sentence ... dropped into the answer";
 * unseen126's, twice, of pay-as-you-go gritting beside a commercial car park's: "doesn't fit and clashes with the £85").
 */
export function pricesAnotherOption(added: string, task: string, answer: string, evidence: readonly string[]): boolean {
  const tokens = readSentences(added)[0]?.tokens ?? [];
  const verb = subjectVerb(tokens);
  if (verb === undefined) return false;
  // The subject's own price: a price verb of its clause ("lasts 2 hours ... and costs £60"), not one of a clause a relative word
  // opens ("The 7.5-tonne box is kept at our yard, where parking costs £5" prices parking), with its amount before the next clause.
  const relative = tokens.findIndex((t, i) => i > verb && RELATIVE_WORDS.has(t.lemma));
  const priced = tokens.some(
    (t, i) => i >= verb && (relative < 0 || i < relative) && PRICE_VERB_LEMMAS.has(t.lemma) && findFigures(added.slice(t.end).split(/[,;]/)[0]!).some((f) => isCurrencySign(f.kind)),
  );
  if (!priced) return false;
  // The subject up to its first preposition after a noun ("box with living area") or a comma.
  const end = tokens.findIndex((t, i) => i < verb && (t.text === ',' || (t.pos === 'ADP' && tokens.slice(0, i).some(isThingWord))));
  const subject = tokens.slice(0, end < 0 ? verb : end);
  const named = [...readSentences(task), ...readSentences(answer)].map((sentence) => sentence.tokens);
  const usedWords = new Set(named.flat().map((t) => t.lemma));
  const listed = evidence.flatMap((text) => readSentences(text).map((sentence) => sentence.tokens));
  return subject.some((head, i) => {
    if (!isThingWord(head) || !usedWords.has(head.lemma)) return false;
    const own = optionWords(tokens, i);
    if (![...own].some((word) => !usedWords.has(word))) return false;
    // The words the question or answer tells its option by, which the subject lacks: the evidence must list that option too, so
    // the two are options of one list ("Individual lessons" beside "45-minute guitar lessons" are the same lessons).
    const asked = named.flatMap((sentence) => sentence.flatMap((t, j) => (t.lemma === head.lemma ? [...optionWords(sentence, j)].filter((word) => !own.has(word)) : [])));
    return listed.some((sentence) => sentence.some((t, j) => t.lemma === head.lemma && asked.some((word) => optionWords(sentence, j).has(word))));
  });
}

/** Words that open a clause of their own inside a sentence. */
const RELATIVE_WORDS: ReadonlySet<string> = new Set(['where', 'which', 'who', 'whose', 'while', 'whereas']);

/** A word that names a thing: a noun, or a gerund the model tags a verb ("gritting" of "Pay-as-you-go gritting costs"). */
const isThingWord = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'VERB' && /ing$/i.test(t.text));

/**
 * The index of a sentence's first verb after its opening word: not a piece of a hyphenated compound ("Pay-as-you-go") nor a
 * gerund or participle inside the subject ("with living area"); "costs", which the model may tag a noun, by its lemma.
 */
function subjectVerb(tokens: readonly Token[]): number | undefined {
  const glued = (i: number) => (tokens[i - 1]?.end === tokens[i]!.start && tokens[i - 1]!.text === '-') || (tokens[i + 1]?.start === tokens[i]!.end && tokens[i + 1]!.text === '-');
  const at = tokens.findIndex((t, i) => i > 0 && (PRICE_VERB_LEMMAS.has(t.lemma) || t.pos === 'AUX' || t.pos === 'VERB') && !glued(i) && !/ing$/i.test(t.text));
  return at < 0 ? undefined : at;
}

/** The reason an added sentence about a party the question and answer never name is refused, for claim-insertion's ignored list. */
export const NAMES_ANOTHER_PARTY =
  'the added sentence is about an organisation or person by a name neither the question nor the answer uses ("Offers from Harbourside Building Society ..." in an answer about Northgate Bank): it reads as about someone else, put in';

/** Titles before a person's name, which say nothing of who they are. */
const TITLES: ReadonlySet<string> = new Set(['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Prof', 'Professor', 'Sir', 'Dame']);

/**
 * The name in the subject of an added sentence ("Offers from Harbourside
 * Building Society are valid ...", "Dr Patel sees ...") that the question and
 * the answer never use, or null. The subject is what comes before the
 * sentence's first verb, past a condition it opens with ("For new builds,
 * ..."); the model reads an opening plural noun as a verb ("Offers"), so the
 * first word never ends it. A name is one the model reads as a proper noun,
 * and it is used where the question or answer writes its first word
 * ("Northgate" of "Northgate Bank"; a title aside): a name of the party they
 * speak of, as "Northgate may grant ...". Months and weekdays are dates.
 */
export function unnamedSubjectName(added: string, task: string, answer: string): string | null {
  const tokens = readSentences(added)[0]?.tokens ?? [];
  const first = tokens[0];
  const opensClause = first !== undefined && (OPENING_CLAUSE_POS.has(first.pos) || OPENING_CLAUSE_WORDS.has(first.lemma));
  const from = opensClause ? tokens.findIndex((t) => t.text === ',') + 1 : 0;
  if (opensClause && from === 0) return null;
  const to = tokens.findIndex((t, i) => i > from && (t.pos === 'AUX' || t.pos === 'VERB' || isVerbReadAsNoun(tokens, i)));
  const [start, end] = [tokens[from]?.start ?? 0, to < 0 ? added.length : tokens[to]!.start];
  const known = `${task}\n${answer}`;
  const name = findEntities(added).find((e) => {
    if (e.start < start || e.end > end || e.kind === 'month' || e.kind === 'weekday') return false;
    if (!tokens.some((t) => t.pos === 'PROPN' && e.start <= t.start && t.end <= e.end)) return false;
    const word = e.text.split(' ').find((w) => !TITLES.has(w.replace(/\.$/, '')));
    return word !== undefined && !containsWords(known, word);
  });
  return name ? name.text : null;
}
