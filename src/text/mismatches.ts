import {
  alignToEvidence,
  containsWords,
  contentLemmas,
  findEntities,
  findNumbers,
  findQualifiers,
  isClauseQualifier,
  numberKey,
  providedAsVerb,
  splitSentences,
  qualifiedTerm,
  type NumberPiece,
  type QualifierPiece,
  saidBy,
  sameStem,
  statesQualifier,
  supportOf,
  textSaysWord,
  type SupportPassage,
} from './claims.js';
import { droppedConditions } from './conditions.js';
import { isCurrencySign } from './currency.js';
import { sameEntityType } from './entities.js';
import { isDictionaryWord, pertainsTo } from './lexicon.js';
import { dateStated, dateWorkedOut, exampleStart, type Figure, figureStated, figureWorkedOut, findFigures, inDateArithmetic, lengthOf } from './figures.js';
import { type DatePiece, findDates, MONTHS } from './dates.js';
import { measuredByCase, monthInAskedRange } from './spans.js';
import { countInEquation, equationFor } from './equations.js';
import { readSentences } from './nlp.js';
import { BOUND_AFTER_FIGURE, findPolarities, negationsIn, type PolarityPiece, reversedPolarities } from './polarity.js';
import { findNumberWords } from './quantities.js';
import { statedValues } from './insertions.js';
import { spelledValue } from './numberWords.js';
import { findUnits, misstatedUnits, type UnitPiece, unitKey } from './units.js';
import { escapeRegExp } from '../util/escapeRegExp.js';

/**
 * What a claim states that the evidence supporting it does not state the
 * same way: every number, date and name of the claim must be stated in the
 * sentences that support it, the task or a document's title (an answer joins
 * facts a document states in two sentences, and restates the question's); in
 * the unit and with the
 * polarity the supporting sentence gives it ("must", not "need not"); and a
 * qualifier of the supporting sentence must survive, in any of its ways of
 * writing, wherever the claim restates what it qualifies. The one comparison
 * the evidence-check critic, the mutators' oracles and the fixture loader (an
 * authored text mutant's `contradicts`) share.
 */
export function mismatches(claim: string, passage: SupportPassage, answer: string = claim): string[] {
  const problems: string[] = [];
  const support = passage.sentence;
  for (const f of findFigures(claim)) {
    if (!figureSupported(claim, f, passage, answer, true)) problems.push(`"${f.text}" is not what the evidence says ("${support}")`);
  }
  // A date by what it means: "3 weeks before" is not "2 weeks before" even where the sentence states a 3 elsewhere.
  for (const d of findDates(claim)) {
    if (!dateSupported(claim, d, passage, answer, true)) problems.push(`"${d.text}" is not the date the evidence gives ("${support}")`);
  }
  // A claim that joins two sentences ("£72 a month with a minimum term of 3 months, and ... 3 sessions a week") takes a number's unit from
  // the one its own clause says (unseen95's false alarm); a rate stays the supporting sentence's.
  const statedBeside = (u: UnitPiece) => u.amount !== null && passage.context.some((c) => findUnits(c).some((s) => unitKey(s) === unitKey(u)) && clauseSaidBy(claim, u, c));
  // A period the question's case measures ("the first 4 days of your holiday", 2 weeks from a holiday 10 days away) is in the
  // case's unit, whatever unit the evidence gives a like number (unseen111's evidence-check false alarm).
  const measuredPeriod = (u: UnitPiece) => findFigures(claim).some((f) => f.end <= u.start && /^[\s-]*$/.test(claim.slice(f.end, u.start)) && measuredByCase(f, claim, questionOf(passage)));
  for (const u of misstatedUnits(claim, support)) if (!statedBeside(u) && !measuredPeriod(u)) problems.push(`"${u.text}" is not the unit the evidence gives ("${support}")`);
  for (const p of reversedInPassage(claim, passage)) problems.push(`"${p.text}" reverses what the evidence says ("${support}")`);
  for (const e of findEntities(claim)) {
    // An acronym the dictionary knows ("ATM", "PIN") is a word a paraphrase brings, not a name (entity-swap swaps no acronym).
    if (e.kind === 'acronym' && isDictionaryWord(e.text.toLowerCase())) continue;
    // A month or weekday is a date's, checked as one above.
    if (e.kind === 'month' || e.kind === 'weekday') continue;
    if (!nameStated(claim, e.text, passage, true)) problems.push(`"${e.text}" is not named in the supporting evidence ("${support}")`);
  }
  for (const keyword of droppedQualifiers(claim, support, {
    question: questionOf(passage),
    before: sentenceBefore(answer, claim),
    after: textAfter(answer, claim),
    elsewhere: otherSentences(answer, claim),
  }))
    problems.push(`drops the evidence's qualifier "${keyword}" ("${support}")`);
  for (const condition of droppedConditions(claim, support, answer, questionOf(passage))) problems.push(`leaves out the evidence's condition "${condition.text}" ("${support}")`);
  return problems;
}

/**
 * Whether a claim no evidence sentence supports is the answer's own working
 * ("That means you'll receive €240 back", after "we retain €180" of the
 * question's €420; "you can claim for a crown fitted on or after 1 March
 * 2026", twelve months from the question's 1 March 2025): it works out at
 * least one figure or date from figures and dates the evidence and question
 * give, and states nothing else the evidence, question or titles do not
 * (every other figure and date stated somewhere in them, every name named).
 * Such a sentence is checked by its arithmetic: a changed figure it rests on
 * breaks it.
 */
export function workedOutClaim(claim: string, evidence: readonly string[], also: readonly string[], answer: string): boolean {
  const passage: SupportPassage = { sentence: '', context: [], restated: [...also], evidence };
  const everywhere = { sentences: [], restated: passage.restated };
  const figures = findFigures(claim);
  const dates = findDates(claim);
  const worked = figures.some((f) => figureWorkedOut(claim, f, passage, answer)) || dates.some((d) => dateWorkedOut(claim, d, passage, answer));
  if (!worked) return false;
  // A bare count the claim multiplies in an equation that holds ("3 × £2 = £6" for the question's three shirts) is its working, as figureSupported reads it.
  if (!figures.every((f) => figureStated(claim, f, everywhere, passage, answer) || countInEquation(claim, figures, f))) return false;
  if (!dates.every((d) => dateStated(claim, d, everywhere, passage, answer))) return false;
  const sources = [...evidence, ...also];
  return findEntities(claim).every((e) => e.kind === 'month' || e.kind === 'weekday' || sources.some((s) => containsWords(s, e.text)));
}

/**
 * Whether the evidence names a name of the claim, as evidence-check and the
 * entity-swap oracle read it: the sentences that support the claim, the task
 * or a title name it; or an evidence sentence names it that says two more of
 * the claim's words, numbers or names (a claim that joins a sentence's rule
 * to another's: "Premium, Luxury and electric vehicles can't be taken into
 * Zone B" beside a ferry rule, from "Vehicles in the Premium, Luxury and
 * Electric categories may not be driven into Zone B"). A word that pertains
 * to a place is named where the place is ("Croatian" by "Croatia", WordNet's
 * pertainyms).
 */
export function nameStated(claim: string, name: string, passage: SupportPassage, onlyOfItsType = false): boolean {
  const places = name.includes(' ') ? [] : pertainsTo(name).filter((noun) => /^[A-Z]/.test(noun));
  // Written with hyphens, a name the evidence writes as words ("a Friday-to-Monday short break", "Friday to Monday"), in either number.
  const spellings = name.includes('-') ? [name, name.replaceAll('-', ' ')] : [name];
  const forms = spellings.flatMap((spelling) => [spelling, ...otherNumber(spelling)]);
  const names = (text: string) => forms.some((form) => containsWords(text, form)) || places.some((place) => containsWords(text, place)) || namedApart(text, name);
  if ([passage.sentence, ...passage.context, ...passage.restated].some(names)) return true;
  const own = new Set([`@${name.toLowerCase()}`, ...contentLemmas(name)]);
  if (passage.evidence.some((s) => names(s) && [...saidBy(claim, s)].filter((x) => !own.has(x)).length >= 2)) return true;
  if (passage.evidence.some((s) => placeNamed(claim, name, s))) return true;
  // For evidence-check (onlyOfItsType), a name of two words or more, or an acronym, the evidence names elsewhere and the only one of its type it names
  // ("the Customer Services Desk", "the AGM"): nothing of its type for it to be mixed up with; where the evidence names another of its type, the mix-up
  // is the audit's to catch. Not for the entity-swap oracle: its stand-ins for such a name ("Service Desk" for "Customer Services Desk") may be the
  // same desk named otherwise, so its swaps stay ignored.
  const entity = findEntities(claim).find((e) => e.text === name);
  if (!onlyOfItsType || !entity || !(name.includes(' ') || entity.kind === 'acronym') || !passage.evidence.some(names)) return false;
  return !passage.evidence.some((s) => findEntities(s).some((e) => e.text !== name && !forms.includes(e.text) && sameEntityType(e, entity)));
}

/**
 * Whether the claim writes a place's name before a thing ("our Ashcombe yard") that an evidence sentence says is in
 * that place ("Our yard is in Ashcombe"; unseen63's false alarm).
 */
function placeNamed(claim: string, name: string, sentence: string): boolean {
  const escaped = escapeRegExp(name);
  const thing = new RegExp(`\\b${escaped}\\s+([a-z]+)\\b`).exec(claim)?.[1];
  return thing !== undefined && new RegExp(`\\b${thing}s?\\s+(?:is|are)\\s+(?:based\\s+|located\\s+)?in\\s+${escaped}\\b`, 'i').test(sentence);
}

/**
 * Whether a text names a name in two parts: a run of two or more of its words
 * as one name, and each word outside that run elsewhere (in either
 * grammatical number). "a Saturday Young Makers class" is named by "Our Young
 * Makers class on Saturday afternoons": the answer folds the day into the
 * name. A word the text does not write ("Sunday Young Makers") is not named.
 */
function namedApart(text: string, name: string): boolean {
  const words = name.split(/\s+/);
  for (let start = 0; start < words.length; start++) {
    for (let end = words.length; end - start >= 2; end--) {
      if (end - start === words.length) continue;
      const rest = [...words.slice(0, start), ...words.slice(end)];
      if (containsWords(text, words.slice(start, end).join(' ')) && rest.every((w) => [w, ...otherNumber(w)].some((form) => containsWords(text, form)))) return true;
    }
  }
  return false;
}

/**
 * A name's last word in the other grammatical number, as English inflects it:
 * "As a Friend" is named by the evidence's "Friends get priority booking",
 * "on Saturdays" by its "Saturday 9:00–17:00". Not an acronym's ("IDs").
 */
export function otherNumber(name: string): string[] {
  // A name ending in a number takes its plural "s" there: "the Under-16s" are the "Under-16" squad (unseen30's false alarms).
  const numbered = /^(.*\d)(s?)$/.exec(name);
  if (numbered) return [numbered[2] ? numbered[1]! : `${name}s`];
  const m = /^(.*?)([A-Z][a-z]+)$/.exec(name);
  if (!m) return [];
  const [, head, last] = m as unknown as [string, string, string];
  if (/(?:ss|us|is)$/.test(last)) return [`${head}${last}es`];
  if (/(?:ches|shes|sses|xes)$/.test(last)) return [`${head}${last.slice(0, -2)}`];
  if (/ies$/.test(last)) return [`${head}${last.slice(0, -3)}y`];
  if (/s$/.test(last)) return [`${head}${last.slice(0, -1)}`];
  if (/[^aeiou]y$/.test(last)) return [`${head}${last.slice(0, -1)}ies`];
  if (/(?:ch|sh|x)$/.test(last)) return [`${head}${last}es`];
  return [`${head}${last}s`];
}

/**
 * Whether the evidence states (or the answer works out) the figure of the
 * claim that starts at an offset, as evidence-check reads it; null when no
 * figure starts there. What the number-flip oracle asks of a figure as it was
 * and as mutated.
 */
export function statesFigureAt(claim: string, at: number, passage: SupportPassage, answer: string): boolean | null {
  const figure = findFigures(claim).find((f) => f.start === at);
  // The oracle reads no period of the case's own (spans.ts): the question measures it, not the evidence, so a mutant of it is ignored, never counted.
  return figure === undefined ? null : figureSupported(claim, figure, passage, answer, false);
}

/**
 * A figure of the claim stated by its sources (figureStated), or checked by
 * an equation the claim writes out that holds (equations.ts), or a period
 * the case's own dates and figures measure (spans.ts), or a figure the claim
 * says it rounds ("£2.328, rounded to £2.33"): a bare count
 * among its factors ("2 × £45", "12 × £2.50 = £30") is the answer's working,
 * and its result is supported when every factor but the bare counts is.
 */
function figureSupported(claim: string, figure: Figure, passage: SupportPassage, answer: string, caseSpans: boolean, depth = 0): boolean {
  if (figureStated(claim, figure, ownSources(claim, figure.start, passage), passage, answer)) return true;
  if (caseSpans && measuredByCase(figure, claim, questionOf(passage))) return true;
  if (referredBack(claim, figure, answer)) return true;
  const figures = findFigures(claim);
  if (countInEquation(claim, figures, figure)) return true;
  if (countsListedMonths(claim, figure)) return true;
  // "£2.328, rounded to £2.33": a figure the claim rounds, to the precision the result is written to.
  // evidence-check only, as the case's spans: a changed result ("rounded to £2.34") breaks the answer's own rounding, a slip a reader sees without the evidence.
  const unrounded = caseSpans && depth < 3 ? roundedFrom(claim, figures, figure) : undefined;
  if (unrounded && figureSupported(claim, unrounded, passage, answer, caseSpans, depth + 1)) return true;
  const equation = depth < 3 ? equationFor(claim, figures, figure) : undefined;
  return equation?.factors.every((f) => equation.counts.includes(f) || figureSupported(claim, f, passage, answer, caseSpans, depth + 1)) ?? false;
}

/** A determiner that makes a figure one already given: "Once your 8 hours are used up", "the 8 hours". */
const REFERRING_DETERMINER = /\b(?:your|the|those|these|its|their)\s+$/i;

/**
 * Whether the claim refers back to a figure an earlier sentence of the answer states, in the same kind and value ("A Fixed
 * Desk comes with 8 hours of meeting room time ... Once your 8 hours are used up, extra time costs £14 an hour":
 * unseen83's false alarm). That sentence is checked against the evidence in its own right.
 */
function referredBack(claim: string, figure: Figure, answer: string): boolean {
  if (!REFERRING_DETERMINER.test(claim.slice(0, figure.start))) return false;
  const at = answer.indexOf(claim);
  return at > 0 && findFigures(answer.slice(0, at)).some((f) => f.kind === figure.kind && f.value === figure.value);
}

/**
 * Whether a number of months counts the months the claim lists just before it:
 * "those are December, January, February and March, so four months". The
 * list is the answer's own working, each month checked as a date; a count
 * that is not the list's length ("so five months") is not supported.
 */
function countsListedMonths(claim: string, figure: Figure): boolean {
  if (figure.kind !== 'month') return false;
  const list = MONTH_LIST.exec(claim.slice(0, figure.start));
  return list !== null && new Set(list[0].match(MONTH_NAME)).size === figure.value;
}

const MONTH_NAME = new RegExp(`\\b(?:${MONTHS.join('|')})\\b`, 'g');
/** Two months or more joined by commas and "and", then "so" or a dash, right before the count. */
const MONTH_LIST = new RegExp(`(?:${MONTHS.join('|')})(?:(?:,\\s*|,?\\s+and\\s+)(?:${MONTHS.join('|')}))+[,;:]?\\s*(?:so|that's|that is|making|—|-)?\\s*$`);

/** The same for the date of the claim that starts at an offset: what the date-shift oracle asks. */
export function statesDateAt(claim: string, at: number, passage: SupportPassage, answer: string): boolean | null {
  const date = findDates(claim).find((d) => d.start === at);
  return date === undefined ? null : dateSupported(claim, date, passage, answer, false);
}

const ROUNDED = /^[\s,]*(?:rounded|rounds?|rounding)(?:\s+(?:up|down))?\s+to\s*$/i;

/** The figure a claim writes just before this one and says it rounds to it ("£2.328, rounded to £2.33"), where rounding it gives this one. */
function roundedFrom(claim: string, figures: readonly Figure[], figure: Figure): Figure | undefined {
  const i = figures.findIndex((f) => f.start === figure.start);
  const before = i > 0 ? figures[i - 1] : undefined;
  if (!before || before.kind !== figure.kind || !ROUNDED.test(claim.slice(before.end, figure.start))) return undefined;
  const step = 10 ** -figure.decimals;
  const direction = /\bup\b/i.test(claim.slice(before.end, figure.start)) ? 'up' : /\bdown\b/i.test(claim.slice(before.end, figure.start)) ? 'down' : 'nearest';
  const fits =
    direction === 'up'
      ? figure.value >= before.value - 1e-9 && figure.value - before.value < step
      : direction === 'down'
        ? figure.value <= before.value + 1e-9 && before.value - figure.value < step
        : Math.abs(figure.value - before.value) <= step / 2 + 1e-9;
  return fits ? before : undefined;
}

/** The question and titles a claim may restate, without an acceptance plan (which restates the answer). */
export function questionOf(passage: Pick<SupportPassage, 'restated'>): string {
  return passage.restated.map((text) => text.split(/\n\s*Acceptance plan:/)[0]!).join('\n');
}

/**
 * A date of the claim stated by its sources (dateStated); for evidence-check,
 * also a period the case's own dates and figures measure ("19 days before the
 * 3 November start", cancelling on 15 October: spans.ts), or a day and time
 * the claim works out from the question's by a period it writes, in hours too
 * ("by Sunday 20:00 (within 24 hours)", noticed on Saturday at 20:00), or a
 * month of a range the question asks about ("January to March" of its
 * "January to June").
 */
function dateSupported(claim: string, date: DatePiece, passage: SupportPassage, answer: string, caseSpans: boolean): boolean {
  if (dateStated(claim, date, ownSources(claim, date.start, passage), passage, answer)) return true;
  const length = lengthOf(date);
  if (!caseSpans) return false;
  // A time the question gives moved by a period the claim writes, hours too: "by Sunday 20:00 (within 24 hours)", noticed "on Saturday at 20:00".
  const month = /^month:(\d+)$/.exec(date.key);
  return (
    (length !== null && measuredByCase(length, claim, questionOf(passage))) ||
    inDateArithmetic(claim, questionOf(passage), date.start, date.end) ||
    (month !== null && (monthInAskedRange(Number(month[1]), questionOf(passage)) || endsRangeAtStatedDate(claim, date, Number(month[1]), passage, answer)))
  );
}

/**
 * Whether a month the claim names alone ends a range of months ("October to March") at the month of a day it states and
 * the evidence supports: "the plot year ends on 31 March, so October to March is six months" (unseen62's false alarm).
 * A month in another role ("for each month from March") is read as ever.
 */
function endsRangeAtStatedDate(claim: string, date: DatePiece, month: number, passage: SupportPassage, answer: string): boolean {
  if (!RANGE_END.test(claim.slice(Math.max(0, date.start - 24), date.start))) return false;
  return findDates(claim).some((d) => Number(/^(?:\d{4}|-)-(\d{2})-\d{2}$/.exec(d.key)?.[1]) === month && dateSupported(claim, d, passage, answer, false));
}

/** A month and the word that makes the next one the end of its range: "October to ", "from May until ". */
const RANGE_END = new RegExp(`\\b(?:${MONTHS.join('|')})\\s+(?:to|until|till|through)\\s+$`, 'i');

/**
 * Where a figure or date of the claim may be stated: the supporting sentence,
 * the evidence sentences that say most of the figure's own clause (an answer
 * joins two sentences of a document: "£35 online; £60 at the airport"), the
 * question and the titles. Not any sentence of the passage: a neighbouring
 * rule that shares the claim's words ("24 days" for staff in Ireland, beside
 * "28 days" for the UK) states another case's figure, the mix-up a checker
 * must catch.
 */
export function figureSources(claim: string, at: number, passage: SupportPassage): string[] {
  const own = ownSources(claim, at, passage);
  return [...own.sentences, ...own.restated];
}

/**
 * figureSources apart: the evidence sentences, and the task and titles; and
 * the clauses of those sentences where another figure of its kind is the
 * mix-up (`rivals`): those that say any of the ordinary words around the
 * figure in its clause. A figure of a clause that says none of them belongs
 * to another part of the rule ("1.5% of the declared value in excess of the
 * included liability, subject to a minimum charge of CAD 4.00": not the $100
 * of the liability).
 */
function ownSources(claim: string, at: number, passage: SupportPassage): { sentences: string[]; restated: string[]; rivals: string[] } {
  const sentences = [passage.sentence, ...sayMostOfClause(claim, at, passage)];
  // Scored by the words around the figure in its clause, without the figure itself: a wrong figure must not draw its clause to the rule it belongs to.
  const length = ([...findFigures(claim), ...findDates(claim)].find((f) => f.start === at)?.text ?? '').length;
  const around = claim.slice(Math.max(clauseStart(claim, at), at - NEAR), at) + claim.slice(at + length, Math.min(clauseEnd(claim, at), at + length + NEAR));
  // By ordinary words alone: the numbers and names nearby belong to the claim's other clauses as often as to this one.
  const words = contentLemmas(around);
  const clauses = sentences.flatMap((s) => clausesOf(s)).filter((c) => words.some((w) => textSaysWord(c, w)));
  const rivals = clauses.length ? clauses : sentences;
  return { sentences, restated: passage.restated, rivals };
}

/** The sentences of the passage that say most of the claim's clause around an offset: every one that says as much of it as any does (a tie is no reason to prefer one). */
/** Words that deny as a "not" does: "there are none". */
const NONE = /\b(?:none|nothing|nobody|neither)\b/i;

function sayMostOfClause(claim: string, at: number, passage: SupportPassage): string[] {
  // A clause of no ordinary word after "and" or "or" is a list's last item ("we're closed on Sundays and Mondays"): read with
  // the clause it ends.
  const start = clauseStart(claim, at);
  const own = clauseAround(claim, at);
  const listItem = /^\s(?:and|or)\s/.test(claim.slice(start)) && contentLemmas(own).length === 0;
  const from = listItem ? clauseStart(claim, start) : start;
  const clause = claim.slice(from, clauseEnd(claim, at));
  const sentences = [passage.sentence, ...passage.context];
  const scored = sentences.map((sentence) => ({ sentence, score: alignToEvidence(clause, [sentence])?.score ?? 0 }));
  const best = Math.max(...scored.map((s) => s.score));
  if (best > 0) return scored.filter((s) => s.score === best).map((s) => s.sentence);
  // A clause whose ordinary words no sentence says ("and there are none from November to February") is a sentence's that
  // names its other dates ("From November to February there are no treks": unseen112's false alarm), and denies as the
  // clause does ("there are some from November to February" is not: the review). Not by the date at `at`: a wrong one
  // must not draw the sentence it is wrong against.
  const others = findDates(clause).filter((d) => !(d.start <= at - from && at - from < d.end));
  const keys = (sentence: string) => new Set(findDates(sentence).map((d) => d.key));
  const denies = (text: string) => negationsIn(text) > 0 || NONE.test(text);
  return others.length === 0 ? [] : sentences.filter((sentence) => others.every((d) => keys(sentence).has(d.key)) && denies(sentence) === denies(clause));
}

/**
 * The claim's places whose sign reverses the supporting sentence's
 * (reversedPolarities), as evidence-check and the negation oracle read them:
 * not a sign that another sentence of the passage, saying more of the place's
 * own clause than the supporting one, states for the same term. A claim that
 * joins two sentences states each one's sign ("accepts parcels ..., though anything heavier than
 * 20 kg can't be accepted" from "Parcels are accepted at reception" and
 * "Parcels heavier than 20 kg are not accepted"); another rule's sign for
 * another thing ("Rail journeys are reimbursed" beside "Domestic flights ...
 * are not reimbursed") is no such sentence.
 */
export function reversedInPassage(claim: string, passage: SupportPassage): PolarityPiece[] {
  return reversedPolarities(claim, passage.sentence).filter((p) => {
    // "You can't cancel just yet" against "After the minimum term, members can cancel": the claim's clause speaks of the time before the
    // evidence's condition starts, where the other sign is what the evidence implies (unseen26's membership rule).
    if (NOT_YET.test(clauseAround(claim, p.start)) && FROM_A_TIME.test(passage.sentence)) return false;
    // "Your title can't be ordered until you've approved a proof" against "You must approve a proof before your title can be ordered":
    // what must come first, said as the condition the other sign lasts until (unseen63's false alarm).
    if (p.negative && untilWhatComesBefore(claim, p, passage.sentence)) return false;
    // "make sure the car is available" against "If the car is not available when the valeter arrives, we will wait 20 minutes": the
    // evidence supposes the case to say what follows from it, and asserts no rule of either sign; a claim that supposes it too still
    // reverses it (unseen28's false alarms).
    if (!supposed(claim, p.start) && reversedOf(p, passage.sentence).every((q) => !MODAL_TERM.test(q.term) && supposed(passage.sentence, q.start))) return false;
    // "They aren't suitable for a 6-year-old" against "Evenings are suitable for ages 8 and over": the claim's case is a figure beyond the
    // evidence's bound, where the other sign is what the bound implies (unseen85's false alarms).
    // "We can only take sofas that still have their label" against "must have their label, or we cannot take them": a permission "only"
    // bounds says what the refusal that follows a duty says of the rest (unseen85's false alarm); not against a flat prohibition
    // ("Members cannot bring guests": "can only bring guests at weekends" reverses it).
    if (!p.negative && DUTY_OR_REFUSAL.test(passage.sentence) && (/^\s*only\b/i.test(claim.slice(p.end)) || /\bonly\s+$/i.test(claim.slice(0, p.start)))) return false;
    if (beyondBound(clauseAround(claim, p.start), passage.sentence)) return false;
    const own = sayMostOfClause(claim, p.start, passage);
    // Only a sentence that says more of the clause than the supporting one: a short clause ("we can't replace it") says little of any.
    return own.includes(passage.sentence) || !own.some((s) => statesSign(s, p));
  });
}

/** A clause from its first verb: what it says of its subject. */
function predicateOf(clause: string): string {
  const verb = readSentences(clause)
    .flatMap((r) => r.tokens)
    .find((t) => t.pos === 'VERB' || t.pos === 'AUX');
  return verb === undefined ? clause : clause.slice(verb.start);
}

const MAIN_CLAUSE_JOIN = /,\s+(?:and|but|while|whereas|although)\s+|;\s+/g;

/**
 * Whether the claim speaks of the qualified term only in the words of another clause of the supporting sentence: "a
 * postponement with 14 days' notice or less is treated as a cancellation" says the clause after "You may postpone once
 * free of charge if ...", not that one, so it drops no "once" of it (unseen118's evidence-check false alarms). A clause of
 * the claim that says the term says a word or figure only another clause says, and the claim says none only the
 * qualifier's clause says ("takes around 90 minutes and costs £95" says the £95 of "it costs £95 unless ...").
 */
function saysAnotherClause(claim: string, support: string, q: QualifierPiece, lemmas: readonly string[]): boolean {
  // The sentence's main clauses, joined by a comma and a conjunction or by a semicolon: not "14 days' notice or less".
  const bounds = [0, ...[...support.matchAll(MAIN_CLAUSE_JOIN)].map((m) => m.index), support.length];
  const mains = bounds.slice(1).map((end, i) => ({ start: bounds[i]!, text: support.slice(bounds[i], end) }));
  const own = mains.filter((c) => c.start <= q.start).at(-1)!.text;
  // Another clause that speaks of the term too ("postponements ... are treated as cancellations"); not one the claim joins to the
  // qualifier's term ("You can ask the ticket office for a voucher" of "will issue a voucher ..., but only if it is asked for").
  const others = mains.map((c) => c.text).filter((c) => c !== own && lemmas.every((lemma) => textSaysWord(c, lemma)));
  if (others.length === 0) return false;
  const wordsOf = (text: string) => new Set([...contentLemmas(text), ...findNumbers(text).map(numberKey)]);
  const elsewhere = new Set(others.flatMap((o) => [...wordsOf(o)]));
  // The term itself aside: "postpone" is the qualifier's clause's, "postponements" the other's.
  const ownOnly = [...wordsOf(own)].filter((w) => !elsewhere.has(w) && !lemmas.some((lemma) => sameStem(w, lemma)));
  // What another clause says of its subject, not the subject a clause of the qualifier's may share ("Gutter clearing costs £60 ...,
  // and is only carried out between April and October"; "A lesson cancelled ... can be rebooked ...; later cancellations are
  // charged in full unless ...").
  const othersOnly = others.flatMap((o) => [...wordsOf(predicateOf(o))]).filter((w) => !wordsOf(own).has(w));
  const says = (clause: string, word: string) => wordsOf(clause).has(word) || textSaysWord(clause, word);
  const speaking = claim.split(/[,;:]\s+/).filter((c) => lemmas.every((lemma) => textSaysWord(c, lemma)));
  // A clause of the term that says neither clause's own words restates the qualified rule unless it denies ("You can postpone as
  // often as you like, but postponements …" drops the "once"; "Postponing won't avoid this now" does not: the review).
  const ofOther = (c: string) => othersOnly.some((w) => says(c, w));
  return speaking.some(ofOther) && speaking.every((c) => ofOther(c) || negationsIn(c) > 0) && !ownOnly.some((w) => says(claim, w));
}

/** A duty and the "or" that opens what follows from failing it: "must be used within 6 months, or ...". */
const OR_ELSE = String.raw`\b(?:must|needs?\s+to|ha(?:ve|s)\s+to)\b[^.;]*?,?\s+or\s+(?:else\s+)?`;

/** A duty and the refusal that follows from failing it: "must have their label attached, or we cannot take them". */
const DUTY_OR_REFUSAL = new RegExp(String.raw`${OR_ELSE}(?:we|they|you|it)\s+(?:cannot|can['’]t|won['’]t|will\s+not)\b`, 'i');

/**
 * Whether a claim's clause states a figure on the side a bound written after its figure leaves out ("a 6-year-old"
 * against "ages 8 and over"; not "a 10-year-old"): the case the evidence's rule, read the other way, denies.
 */
function beyondBound(clause: string, support: string): boolean {
  const bound = BOUND_AFTER_FIGURE.exec(support);
  if (!bound) return false;
  const limit = spelledValue([bound[1]!.toLowerCase()]) ?? Number(bound[1]!.replace(/,/g, ''));
  const fromBelow = bound[2] !== undefined;
  const values = [...findNumbers(clause).map((n) => n.value), ...findNumberWords(clause).map((w) => w.value)];
  return !Number.isNaN(limit) && values.some((value) => (fromBelow ? value < limit : value > limit));
}

/**
 * Whether a sentence states a place's term with its sign, the verb by its stem whatever its modal: "the deposit is not
 * refundable" ("can refund") states what "the deposit isn't refunded" says (unseen84's false alarm).
 */
function statesSign(sentence: string, p: PolarityPiece): boolean {
  const verb = (term: string) => term.split(' ').at(-1)!;
  return findPolarities(sentence).some((q) => q.negative === p.negative && (q.term === p.term || sameStem(verb(q.term), verb(p.term))));
}

/**
 * Whether a negated place of the claim lasts "until" what the evidence says must come "before" its term with the other
 * sign: the words of the claim's "until" clause are said before the evidence's "before" ("you've approved a proof" and
 * "You must approve a proof before your title can be ordered"), not of another event ("until the trip" against "before
 * the trip refunds can be made").
 */
function untilWhatComesBefore(claim: string, p: PolarityPiece, sentence: string): boolean {
  const until = /^[^,;.]*?\buntil\b([^,;.]*)/i.exec(claim.slice(p.end))?.[1];
  if (until === undefined) return false;
  const condition = contentLemmas(until);
  return reversedOf(p, sentence).some((q) => {
    const before = /\bbefore\b[^,;.]*$/i.exec(sentence.slice(0, q.start));
    return before !== null && condition.some((lemma) => contentLemmas(sentence.slice(0, before.index)).includes(lemma));
  });
}

/** The places of a sentence that state a claim's term with the other sign. */
function reversedOf(p: PolarityPiece, sentence: string): PolarityPiece[] {
  return findPolarities(sentence).filter((q) => q.term === p.term && q.negative !== p.negative);
}

/**
 * A modal rule ("we will not refund", "you can park"): the main clause a
 * condition written without its comma runs into ("If you arrive early you can
 * park on site"), never a case supposed.
 */
const MODAL_TERM = /^(?:can|may|must|will|need|should|has to|have to)\b/;
/** A state negated after its copula ("the car is not available"), the kind of case a condition supposes. */
const COPULA_BEFORE = /\b(?:is|are|was|were|be)\s+$/i;

/** A condition opened before an offset and not closed by a comma, semicolon or colon: "If the car is not available when ...". */
const SUPPOSING = /\b(?:if|unless|whenever|in case)\b[^,;:]*$/i;

/** Whether the place at `at` stands in a case the sentence supposes rather than a rule it states. */
function supposed(sentence: string, at: number): boolean {
  return SUPPOSING.test(sentence.slice(0, at));
}

/** Whether the claim states a term (its first lemma) only inside a case it supposes, or not at all. */
function supposesTerm(claim: string, lemmas: readonly string[]): boolean {
  const at = readSentences(claim)
    .flatMap((s) => s.tokens)
    .filter((t) => t.lemma === lemmas[0]);
  return at.length === 0 || at.every((t) => supposed(claim, t.start));
}

/** Whether the support writes a range right after an offset ("within 4 to 6 hours") and the claim writes the same range. */
function restatesRangeAfter(claim: string, support: string, at: number): boolean {
  const range = numberRanges(support).find((r) => /^\s*$/.test(support.slice(at, r.start)));
  return range !== undefined && numberRanges(claim).some((r) => r.keys === range.keys);
}

/** Two numbers a text joins as a range ("4 to 6", "4-6"), by their keys, with where the first starts. */
function numberRanges(text: string): Array<{ start: number; keys: string }> {
  const numbers = findNumbers(text);
  return numbers.slice(1).flatMap((to, i) => {
    const from = numbers[i]!;
    return /^\s*(?:to|-|–)\s*$/.test(text.slice(from.end, to.start)) ? [{ start: from.start, keys: `${numberKey(from)}-${numberKey(to)}` }] : [];
  });
}

/** A clause bounded to the time before something starts. */
const NOT_YET = /\b(?:yet|until)\b/i;
/** A sentence or clause whose rule starts at a time or event: "After the minimum term, ...", "once the deposit is paid, ..."; not "once a year" nor an "after" inside it ("staffed after 9am"). */
const FROM_A_TIME = /(?:^|[,;:]\s*)(?:after|once)\b(?!\s+(?:a|an|per|only|every|more)\b)/i;

/** How far either side of a figure its own words reach: "above the included $100, which comes to". */
const NEAR = 40;

const CLAUSE_BOUND = /[,;:]\s|\s(?:and|but|or|so|while|whereas|although)\s/g;

/** The clause of a sentence that holds an offset: between commas, semicolons, colons and the conjunctions that join clauses. */
function clauseAround(sentence: string, at: number): string {
  return sentence.slice(clauseStart(sentence, at), clauseEnd(sentence, at));
}

/** Where the clause (or, with other `bounds`, the part) of a sentence that holds an offset starts. */
function clauseStart(sentence: string, at: number, bounds: RegExp = CLAUSE_BOUND): number {
  return Math.max(0, ...[...sentence.matchAll(bounds)].map((m) => m.index!).filter((b) => b < at));
}

function clauseEnd(sentence: string, at: number, bounds: RegExp = CLAUSE_BOUND): number {
  return Math.min(sentence.length, ...[...sentence.matchAll(bounds)].map((m) => m.index!).filter((b) => b >= at));
}

/** A sentence's clauses, as clauseAround bounds them. */
function clausesOf(sentence: string): string[] {
  const bounds = [0, ...[...sentence.matchAll(CLAUSE_BOUND)].map((m) => m.index!), sentence.length];
  return bounds
    .slice(1)
    .map((end, i) => sentence.slice(bounds[i]!, end))
    .filter((c) => c.trim() !== '');
}

export { statesDate } from './figures.js';

/** The answer around a claim: its question, the sentence before it and what it says after it. */
interface AroundClaim {
  question: string;
  before: string;
  after: string;
}

/**
 * Whether the claim, or the answer around it, keeps a qualifier of the supporting sentence that bears on words the claim
 * says (`lemmas`) in ways of its own (unseen57's and unseen58's false alarms), each read narrowly, as a review of these
 * readings asked:
 *  - a qualifier of a clause about a name the claim does not name ("..., and Band 1 permits are not refunded at all"
 *    against "A refund is only paid when at least 3 full months remain"), where the question does not name it either
 *    (the asker's case) and another sentence of the answer names it and states the qualifier of the same words ("Note,
 *    though, that Band 1 permits are not refunded at all");
 *  - an exception a later sentence states as a condition of the same words ("unless another member books the court":
 *    "That fee is waived, however, if another member books the court for that slot"), not as one that makes no
 *    difference ("even if", "whether");
 *  - what "only" leaves out, denied by a later sentence that speaks of the other side of its bound ("only in the first
 *    6 months": "Had you waited beyond the first 6 months, the rental could not be refunded");
 *  - "only" said again in the next sentence, in a clause with the same words ("It's only issued if you ask on the same day");
 *  - "not included" said in a word of its own in the clause of its subject ("the DVSA test fee is extra");
 *  - "not used ... expire" said as a requirement and what follows otherwise, in the evidence's own word ("need to be
 *    used within 6 months, or they expire").
 */
function keptInOtherWords(claim: string, support: string, q: QualifierPiece, lemmas: readonly string[], around: AroundClaim): boolean {
  const says = (text: string) => lemmas.every((lemma) => textSaysWord(text, lemma));
  // The words "only" bears on and a verb of the evidence's restriction besides ("It's only issued if you ask": issue), not another
  // restriction of the same words ("It's only valid on the same day you ask"). Read only where a next sentence says "only".
  const saysRestriction = (text: string) =>
    says(text) &&
    readSentences(support)
      .flatMap((s) => s.tokens)
      .some((t) => t.pos === 'VERB' && !lemmas.includes(t.lemma) && textSaysWord(text, t.lemma));
  const laterSentences = splitSentences(around.after).map((s) => s.text);
  // The names of the qualifier's clause before it: the case it is said of.
  const otherCases = findEntities(support.slice(clauseStart(support, q.start), q.start)).filter((e) => !containsWords(claim, e.text));
  if (
    otherCases.length > 0 &&
    !otherCases.some((e) => containsWords(around.question, e.text)) &&
    [around.before, ...laterSentences].some((s) => otherCases.every((e) => containsWords(s, e.text)) && says(s) && statesQualifier(s, q.keyword))
  )
    return true;
  if (isClauseQualifier(q.keyword)) {
    const exception = contentLemmas(support.slice(q.end).split(/[,;.!?]/)[0] ?? '');
    // As a condition that lifts what the claim says: "waived if ...", not "charged if ..." nor "even if ...".
    const statesException = (s: string) => exception.every((lemma) => textSaysWord(s, lemma)) && CONDITION.test(s) && LIFTED.test(s) && !NO_CONDITION.test(s);
    if (exception.length >= 2 && laterSentences.some(statesException)) return true;
  }
  if (q.keyword === 'only' && lemmas.length >= 2 && laterSentences.some((s) => says(s) && statesQualifier(s, 'not') && OTHER_SIDE.test(s))) return true;
  // "Only" said again in the next sentence, of the same words in its clause ("ask for a voucher ... It's only issued if you ask on the
  // same day", for "... but only if it is asked for on the same day"; unseen62's false alarm).
  const next = laterSentences[0];
  if (q.keyword === 'only' && next !== undefined && findQualifiers(next).some((o) => o.keyword === 'only' && saysRestriction(clauseAround(next, o.start)))) return true;
  if (q.keyword === 'not') {
    // A negation's term is what it is said of, then what it negates (qualifiedTerm): "fee", "include".
    const [subject] = lemmas;
    if (lemmas.some((lemma) => INCLUDED.has(lemma)) && clausesOf(claim).some((c) => subject !== undefined && textSaysWord(c, subject) && CHARGED_APART.test(c))) return true;
    // The evidence's consequence as the first words after "or": "or they expire", not "or you can ask ... before they expire".
    const orElse = REQUIRED_OR_ELSE.exec(claim);
    const consequence = contentLemmas(support.slice(q.end)).filter((lemma) => !lemmas.includes(lemma));
    const followsOr = orElse
      ? claim
          .slice(orElse.index + orElse[0].length)
          .trim()
          .split(/\s+/)
          .slice(0, 2)
          .join(' ')
      : '';
    if (orElse && consequence.some((lemma) => textSaysWord(followsOr, lemma))) return true;
  }
  return false;
}

/** Words that set a condition on what they say: "waived if", "as long as". */
const CONDITION = /\b(?:if|unless|provided|as\s+long\s+as|so\s+long\s+as)\b/i;
/** Words that say a condition makes no difference: "even if", "whether or not", "regardless". */
const NO_CONDITION = /\b(?:even\s+if|whether|no\s+difference|regardless)\b/i;
/** Words that lift a charge or rule: "waived", "free", "refunded", "not charged". */
const LIFTED = /\b(?:waived?|free|refund(?:ed)?|not|n['’]t|no\s+(?:fee|charge)|cancel(?:led)?)\b/i;
/** Words that speak of the other side of a bound: "beyond the first 6 months", "after that", "outside". */
const OTHER_SIDE = /\b(?:beyond|after|outside|past|later\s+than|once)\b/i;
/** Verbs of a price's including something, which "not" negates ("the fee is not included", "parts are not covered"). */
const INCLUDED: ReadonlySet<string> = new Set(['include', 'cover']);
/** Words that say a thing is charged apart from a price: "the test fee is extra", "parts are charged on top", "you'll pay the test fee on top". */
const CHARGED_APART =
  /\b(?:(?:is|are|comes?|charged|paid|payable)\s+(?:\w+\s+)?(?:extra|on\s+top|separately|excluded)|pay\s+(?:for\s+)?(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:extra|on\s+top|separately))\b/i;
/** A requirement, then what follows if it is not met: "need to be used within 6 months, or they expire". */
const REQUIRED_OR_ELSE = new RegExp(String.raw`${OR_ELSE}(?:they|it|these|this|you)\b`, 'i');

/** The numbers a text writes before an offset, in digits or words, each by its key ("up to five a month" writes "5"). */
function numberKeysOf(text: string, until = text.length): Set<string> {
  return new Set([...findNumbers(text), ...findNumberWords(text).map((w) => ({ ...w, key: String(w.value) }))].filter((n) => n.start < until).map((n) => ('key' in n ? n.key : numberKey(n))));
}

/** "Any" and a clause that narrows what it picks: "any beach where dogs are allowed", "any room that is free". */
const ANY_RESTRICTED = /\bany\s+(?:[\w-]+\s+){1,3}(?:where|that|which|who|whose)\b/i;

/** Where a claim stands in its answer: the question, the answer's sentence before it, its text after it, and its other sentences. */
export interface ClaimContext {
  question?: string;
  before?: string;
  after?: string;
  elsewhere?: readonly string[];
}

/** The supporting sentence's qualifiers that the claim drops: it restates what one bears on, and writes it in none of its ways. */
export function droppedQualifiers(claim: string, support: string, { question = '', before = '', after = '', elsewhere = [] }: ClaimContext = {}): string[] {
  // A number in words restates the evidence's digits ("up to five a month" restates "a maximum of 5"); one in an example the claim gives is a case it supposes, not the rule.
  const example = exampleStart(claim);
  const claimNumbers = numberKeysOf(claim, example);
  const asked = new Set([...findNumbers(question).map(numberKey), ...findNumberWords(question).map((w) => String(w.value))]);
  const dropped = new Set<string>();
  for (const q of findQualifiers(support)) {
    const term = qualifiedTerm(support, q);
    if (!term) continue;
    // A threshold written after its number ("bookings of 12 weeks or more", "2 or more of their children") sorts cases into bands: the question's own count
    // restated ("two children", "12 weeks at €170") is the case that falls in the band, not the rule. A bound written before its number ("up to 4
    // tickets") is read as ever: deleting it from "no booking fees on up to 4 tickets" changes the rule even where the question books 4.
    const theCase = 'number' in term && AFTER_THEIR_NUMBER_KEYWORDS.has(q.keyword) && asked.has(term.number);
    const restated = 'number' in term ? claimNumbers.has(term.number) && !theCase && countsAlike(claim, support, term.number, example) : term.lemmas.every((lemma) => textSaysWord(claim, lemma));
    if (!restated || statesQualifierOf(claim, support, q, term)) continue;
    if ('lemmas' in term && keptInOtherWords(claim, support, q, term.lemmas, { question, before, after })) continue;
    // Not a "not": the clause after a requirement's is its consequence ("must be used within 6 months; any hours not used by then
    // expire"), which a claim that states the requirement with another consequence drops.
    if ('lemmas' in term && q.keyword !== 'not' && saysAnotherClause(claim, support, q, term.lemmas)) continue;
    // "Motor boats may only be driven by someone aged 18 or over": "the driver must be 18 or over" sets the same restriction. A "must" the evidence
    // writes itself ("must be measured only with the syringe") is its own word, not "only" in other words.
    // "Only chalk balls or liquid chalk are permitted": "it must be a chalk ball or liquid chalk" the same (unseen84's false alarm).
    // "Hampers with cheese are sent by next-day courier only": "it has to go by next-day courier" too, an "only" closing the way it bounds
    // (unseen85's false alarms).
    const closesItsPhrase = /^\s*(?:[,;.]|$)/.test(support.slice(q.end));
    if (q.keyword === 'only' && (MAY_ONLY.test(support) || ONLY_PERMITTED.test(support) || closesItsPhrase) && dutyOn(claim, term) && !MUST.test(support)) continue;
    // "Telescopes are lent only to members ... Members can borrow one for up to 14 days": another sentence of the answer restates the rule
    // with its "only", and this one says what the members may do (unseen85's false alarm, the rule said two sentences before).
    // "A voucher can be extended once": "Each voucher can be extended one time" in another sentence the same (unseen97's false alarm).
    if ((q.keyword === 'only' || q.keyword === 'once') && 'lemmas' in term && elsewhere.some((other) => restatesWithQualifier(other, support, q, term.lemmas))) continue;
    // "Off-peak entry applies on weekdays before 4pm, except on bank holidays": the sentence beside the claim states the exception itself
    // ("Off-peak prices aren't available on bank holidays or during school holidays") (unseen84's false alarms).
    if (q.keyword === 'except' && exceptionSaidBeside(claim, support, q, [before, splitSentences(after)[0]?.text ?? ''])) continue;
    // "You can change the date once free of charge": "the one free date change" counts the same change (unseen90's false alarm).
    if (q.keyword === 'once' && 'lemmas' in term && term.lemmas.some((lemma) => countsOne(claim, lemma))) continue;
    // "We only fit a part after you approve its cost": "nothing is fitted until you've approved the cost" sets the same order (unseen90's
    // false alarm), where the claim says what "after" waits for.
    if (q.keyword === 'only' && notUntil(claim, support, q)) continue;
    // "But not the table saw or router table": "the table saw ... and router table are off limits" denies them in other words (unseen91's
    // false alarm), every word of the term in the denial's own clause.
    if (q.keyword === 'not' && 'lemmas' in term && deniedAsOffLimits(claim, term.lemmas)) continue;
    // "... abroad for up to 4 weeks, provided you tell us in writing at least 7 days before you travel": another sentence of the answer that
    // sets the condition as a duty ("You just need to tell us in writing at least 7 days before she travels") keeps it (unseen89's false alarm).
    if (REQUIREMENTS.has(q.keyword) && conditionSaidAsDuty(support, q, elsewhere)) continue;
    // "Collection is free: your load weighs at least 50 kg and you are within 15 miles" for "free ... as long as the load weighs
    // at least 50 kg": the claim gives the condition as met, its reason (unseen133's evidence-check false alarm).
    if (REQUIREMENTS.has(q.keyword) && conditionGivenAsMet(claim, support, q, question)) continue;
    if (q.keyword === 'only' && AFTER_FREQUENCY.test(support.slice(0, q.start)) && restatesFrequency(claim, support.slice(0, q.start))) continue;
    // "Ex-library copies aren't accepted for buy-back. We do take other books graded Good or better": the sentence before denies what "only" leaves out
    // (or says "only" itself: "a cash refund is only available within 14 days ... though, we can take it back for store credit"), and the claim
    // says what is allowed as the other side of it. Without that contrast, a claim that restates the term without "only" drops it.
    if (q.keyword === 'only' && CONTRAST.test(claim) && (statesQualifier(before, 'not') || statesQualifier(before, 'only'))) continue;
    // "Card and contactless payments only, not cash": the exclusion after "only" says what it leaves out, and a claim that writes it ("card and
    // contactless payments, not cash") keeps the restriction (unseen22's payment rule).
    if (q.keyword === 'only' && statesExclusionAfter(support, q, claim)) continue;
    // "Held only on beaches where dogs are allowed": "on any beach where dogs are allowed" restricts the same way, "any" with the clause that
    // narrows it (unseen50's false alarm).
    if (q.keyword === 'only' && ANY_RESTRICTED.test(claim)) continue;
    // "The warranty applies only to greenhouses registered within 60 days": "This depends on your greenhouse having been registered within 60 days"
    // makes the same restriction a condition of the rule (unseen54's false alarm), where the condition restates what "only" bears on.
    if (q.keyword === 'only' && 'lemmas' in term && dependsOnTerm(claim, term.lemmas)) continue;
    // "Only chips up to 10mm across can be repaired": "a chip that size in your line of sight can't be repaired" denies the verb "only"
    // restricts, of a case it leaves out (unseen61's false alarm); the restriction is what that denial rests on.
    if (q.keyword === 'only' && 'lemmas' in term && negatesWord(claim, verbOnlyBoundsByFigure(claim, support, q))) continue;
    // "Less than 48 hours from now" against "at least 48 hours before", "more than 10 miles away" against "within 10 miles": the claim bounds the
    // number itself, the other way, so it speaks of the case on the other side of the evidence's bound, not of this one with the bound left out.
    if ('number' in term && boundsOtherSide(claim, term.number, q.keyword, example, isNotice(support, q)) && !grantsBoundedRule(claim, support, q, term.number)) continue;
    if (q.keyword === 'not' && negatedBoundRestated(claim, support, q, example)) continue;
    // "Cancelling within 48 hours of departure, you're refunded 50%" is the other side of "at least 48 hours before departure,
    // you receive a full refund" (unseen134's evidence-check false alarm): a notice shorter than the bound, which the claim
    // does not grant the bound's outcome ("within 48 hours ... so the full refund applies" still drops it; the review).
    if ('number' in term && LOWER_BOUNDS.has(q.keyword) && isNotice(support, q) && boundsWith(claim, term.number, WITHIN, example) && !grantsOutcome(claim, support, q)) continue;
    // "Distance past our 15-mile free zone is charged" speaks of the far side of "free within 15 miles" (unseen131's false
    // alarm), where it does not grant that side the rule: a zone's name denies nothing, so "outside our 15-mile free zone
    // get free collection" still drops "within" (the review).
    if ('number' in term && q.keyword === 'within' && boundsWith(claim, term.number, BEYOND_ZONE, example) && denies(claim.replace(ZONE_NAME, ' ')) !== denies(support)) continue;
    // "At 24 kg your dog is in the 10-to-30 kg band, so ... £210" of "£145 for pets up to 10 kg, £210 for 10 to 30 kg" too
    // (unseen131's false alarm).
    if ('number' in term && (UPPER_BOUNDS.has(q.keyword) || q.keyword === 'within') && givesNextBand(claim, support, term.number, example, question)) continue;
    // "Since you're more than 72 hours away" for "if you ask at least 72 hours in advance": the claim bounds the number itself on the
    // evidence's side, which keeps the restriction in its own words (unseen30's false alarms).
    if ('number' in term && LOWER_BOUNDS.has(q.keyword) && boundsWith(claim, term.number, ABOVE, example)) continue;
    // "As long as you tell us by 5 July, 7 days before the trip" for "cancel at least 7 days before the trip": a deadline "by" a date
    // the period measures says no later than it, the same bound (unseen50's false alarms).
    if ('number' in term && LOWER_BOUNDS.has(q.keyword) && boundsWith(claim, term.number, DEADLINE_DATE_BEFORE, example)) continue;
    // "If you get here within 20 minutes of your start time you can still play" for "teams arriving up to 20 minutes late can still
    // play": "within" on the same number bounds it as "up to" does (unseen71's false alarm). On that number only: a "within" of
    // another figure ("paid within 14 days") keeps no "up to £50".
    if (q.keyword === 'up to' && 'number' in term && boundsWith(claim, term.number, WITHIN, example)) continue;
    // "Rent runs to the end of the notice period" says what "Rent is charged up to the end of the notice period" says (unseen121's
    // false alarm): of a term that is no number, so "up to 6 books" is not kept by "loans run to the end of term" (the review).
    if (q.keyword === 'up to' && 'lemmas' in term && TO_THE_END_OF.test(claim)) continue;
    // "You need to give 6 weeks' notice rather than the usual 3 weeks" for "at least 3 weeks ahead, ... over Christmas 6 weeks' notice":
    // the claim names the figure only as the rule it sets aside, and claims nothing of it to bound (unseen122's false alarm).
    if ('number' in term && (LOWER_BOUNDS.has(q.keyword) || UPPER_BOUNDS.has(q.keyword)) && onlySetAside(claim, term.number, example)) continue;
    // "We can add them together to reach the £150" for "worth at least £150 ... added together to reach this amount": an amount to
    // reach or meet is one to come up to at least (unseen63's false alarm).
    if ('number' in term && LOWER_BOUNDS.has(q.keyword) && boundsWith(claim, term.number, TO_REACH, example)) continue;
    // "If the car is not available ..., we will wait": a "not" in a case the evidence supposes is no rule a claim's "make sure the car is
    // available" drops (unseen28's false alarms); a claim that supposes the case too still keeps it.
    if (q.keyword === 'not' && 'lemmas' in term && COPULA_BEFORE.test(support.slice(0, q.start)) && supposed(support, q.start) && !supposesTerm(claim, term.lemmas)) continue;
    // "Dry within 4 to 6 hours" against "4 to 6 hours for most synthetic carpets": a range states both its bounds, and the claim that
    // restates it keeps them (unseen30's false alarms).
    if (q.keyword === 'within' && restatesRangeAfter(claim, support, q.end)) continue;
    // "Up to a maximum of one full day's charge": "not a full day" says no more than the bound.
    if (UPPER_BOUNDS.has(q.keyword) && 'lemmas' in term && negatesWord(claim, term.lemmas)) continue;
    // "... needs to be at least 2 nights long. The Garden Room is £100 a night, so 2 nights ... come to £200": the sentence before restates
    // the same rule, its qualifier and term included, and the claim works out the case it allows, a figure the rule does not state (£200,
    // "9 December") (unseen35's false alarms). A claim that only restates the rule without it ("must be 2 nights") still drops it.
    const restatedBefore = 'number' in term ? numberKeysOf(before).has(term.number) : term.lemmas.every((lemma) => textSaysWord(before, lemma));
    const worksOutCase = [...claimNumbers].some((key) => !numberKeysOf(support).has(key));
    if (before && restatedBefore && worksOutCase && statesQualifierOf(before, support, q, term) && supportOf(before, [support]) !== null) continue;
    dropped.add(q.keyword);
  }
  return [...dropped];
}

/**
 * Whether the claim writes the supporting sentence's qualifier in one of its
 * ways for the term it bears on. A sentence with two bounds of one class
 * ("up to £50 per item, to a maximum of £10,000 per move") keeps the other
 * bound when one goes: a way of writing the class that bears on another
 * number the evidence bounds with it ("pays £50 per item, to a maximum of
 * £10,000") does not state the bound on this one; any other way still does
 * ("within the 4-hour limit ..., 8 kg or less").
 */
function statesQualifierOf(claim: string, support: string, q: QualifierPiece, term: { number: string } | { lemmas: string[] }): boolean {
  if (!statesQualifier(claim, q.keyword)) return false;
  if (!('number' in term)) return true;
  const otherBounded = new Set(
    findQualifiers(support)
      .filter((o) => o.start !== q.start && statesQualifier(o.text, q.keyword))
      .map((o) => boundNumber(support, o))
      .filter((n) => n !== null && n !== term.number),
  );
  // The claim read without its qualifiers of the other bounded numbers.
  const elsewhere = findQualifiers(claim).filter((c) => otherBounded.has(boundNumber(claim, c)));
  return statesQualifier(
    elsewhere.reduceRight((text, c) => `${text.slice(0, c.start)} ${text.slice(c.end)}`, claim),
    q.keyword,
  );
}

/** The number a qualifier bounds, or null where it bears on words. */
function boundNumber(text: string, q: QualifierPiece): string | null {
  const term = qualifiedTerm(text, q);
  return term && 'number' in term ? term.number : null;
}

/**
 * Whether the claim's number with this key counts what the supporting
 * sentence's does, where that is a period, an amount or a share: "for 14
 * tickets" does not restate the "14 days" of "paid no later than 14 days
 * before the performance", so the deadline's qualifier is not the claim's to
 * keep. A number the claim writes in words, or inside a date, is read as before.
 */
function countsAlike(claim: string, support: string, key: string, example: number): boolean {
  const measured = (kind: string) => isCurrencySign(kind) || ['%', 'day', 'month'].includes(kind);
  const kinds = new Set(
    findFigures(support)
      .filter((f) => f.key === key && measured(f.kind))
      .map((f) => f.kind),
  );
  if (!kinds.size) return true;
  const own = findFigures(claim).filter((f) => f.key === key && f.start < example);
  return own.length === 0 || own.some((f) => kinds.has(f.kind));
}

/** Whether the claim writes the frequency the text before an "only" ends with ("every 12 weeks"). */
function restatesFrequency(claim: string, before: string): boolean {
  const frequency = AFTER_FREQUENCY.exec(before)![0].trim();
  return new RegExp(`\\b${escapeRegExp(frequency).replace(/\s+/g, '\\s+')}\\b`, 'i').test(claim);
}

/** "May only be driven by", and a permission held on a condition: "may be stored only if the fuel tank has been drained" (unseen82's false alarm). */
const MAY_ONLY = /\b(?:may|can)\s+(?:only\b|be\s+\w+\s+only\s+if\b)/i;

/** Whether another sentence of the answer restates the supporting sentence's rule, its qualifier and every word of its term included. */
function restatesWithQualifier(other: string, support: string, q: QualifierPiece, lemmas: readonly string[]): boolean {
  if (!statesQualifier(other, q.keyword) || !lemmas.every((lemma) => textSaysWord(other, lemma)) || supportOf(other, [support]) === null) return false;
  // Of the same subject: "Binoculars are lent only to members" restates nothing of "Telescopes are lent only to members".
  const subject = contentLemmas(/[^,;]*$/.exec(support.slice(0, q.start))![0]);
  if (!subject.every((lemma) => textSaysWord(other, lemma))) return false;
  // "Once" bears on the verb before it: the other sentence limits that verb to one time, right after it ("can be extended one
  // time", "extended once"); not "once" as a time ("so once it's extended you can book"), "more than once", nor "one time" of
  // another word ("valid for one time slot").
  if (q.keyword === 'once') return limitsVerbToOnce(other, lemmas);
  // Of the same words: "lent only to members" for "lent only to members"; not "only valid on the same day" for "only if it is asked for on the same day".
  const boundWord = contentLemmas(support.slice(q.end))[0];
  return findQualifiers(other).some((o) => o.keyword === q.keyword && contentLemmas(other.slice(o.end))[0] === boundWord);
}

/** Whether a sentence writes "once" or "one time" right after a verb of these lemmas, and not "more than" it: "can be extended one time". */
function limitsVerbToOnce(sentence: string, lemmas: readonly string[]): boolean {
  return readSentences(sentence)
    .flatMap((s) => s.tokens)
    .some((t) => t.pos === 'VERB' && lemmas.includes(t.lemma) && ONCE_AFTER_VERB.test(sentence.slice(t.start + t.text.length)));
}

/**
 * "Once", "one time" or "a single time" as the next words, a limit ("only once", "just once" too): not "once more", "once a
 * year" (a frequency) nor "once they are paid for" (a time).
 */
const ONCE_AFTER_VERB = /^\s+(?:(?:only|just)\s+)?(?:once|one\s+time|a\s+single\s+time)\b(?!\s+(?:more|a|an|per|every|each|they|you|it|we|he|she|the|that|this|your|their|its|is|are|has|have)\b)/i;

/** A claim's clauses: "You must bring a bag | small bags are permitted". */
const CLAUSES_OF = /;\s+|,\s+(?:and|but|or|so)\s+/;

/**
 * Whether a clause of the claim states a duty ("must", "has to") of what a qualifier bears on: "it has to go by
 * next-day courier" for "sent by next-day courier only"; not "guests must sign in" beside "bring a friend" for "on
 * Tuesdays only".
 */
function dutyOn(claim: string, term: { number: string } | { lemmas: string[] }): boolean {
  return claim.split(CLAUSES_OF).some((clause) => MUST.test(clause) && ('number' in term ? numberKeysOf(clause).has(term.number) : term.lemmas.every((lemma) => textSaysWord(clause, lemma))));
}

/** An "only" of what is permitted: "only chalk balls or liquid chalk are permitted". */
const ONLY_PERMITTED = /\bonly\b[^,;.]{1,60}?\b(?:is|are)\s+(?:permitted|allowed|accepted)\b/i;

/** Words that set a case apart from a rule: "the exception is", "except", "apart from". */
const SETS_APART = /\b(?:except|exception|excluding|apart from|other than)\b/i;

/**
 * Whether an answer sentence beside the claim states the case an "except" sets apart, as an exception or denied, of
 * the claim's own rule (a word of the claim beyond the case's): every noun of the case, its other words in most part
 * ("Off-peak prices aren't available on bank holidays or during school holidays" beside "Off-peak entry is £9" for
 * "except on bank holidays and during school holidays"; "The exception is illness backed by a doctor's note"). Not a
 * sentence on something else ("There are no events on match days"), nor one that leaves a case's noun out ("isn't
 * available on match days" for "except on match days and during events").
 */
function exceptionSaidBeside(claim: string, support: string, q: QualifierPiece, beside: readonly string[]): boolean {
  const phrase = /^[^,;.]*/.exec(support.slice(q.end))![0];
  const excepted = contentLemmas(phrase);
  const nouns = readSentences(phrase)
    .flatMap((s) => s.tokens)
    .filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
    .map((t) => t.lemma);
  if (excepted.length < 2) return false;
  const ruleWords = contentLemmas(claim).filter((l) => !excepted.includes(l));
  return beside.some(
    (sentence) =>
      (statesQualifier(sentence, 'not') || SETS_APART.test(sentence)) &&
      nouns.every((l) => textSaysWord(sentence, l)) &&
      excepted.filter((l) => textSaysWord(sentence, l)).length * 3 >= excepted.length * 2 &&
      ruleWords.some((l) => textSaysWord(sentence, l)),
  );
}

/** A frequency "only" closes: "offered every 12 weeks only" says no more than "offered every 12 weeks" (unseen82's false alarms); not "every adult member only". */
const AFTER_FREQUENCY = /\bevery\s+(?:\d+|other|[a-z]+)\s+(?:days?|weeks?|months?|years?|hours?|minutes?|sessions?|visits?)\s+$/i;

/** A condition the claim makes its rule depend on: "This depends on your greenhouse having been registered ...", "as long as ...". */
const DEPENDS_ON = /\b(?:depends?\s+on|dependent\s+on|as\s+long\s+as|so\s+long\s+as|provided|providing|on\s+condition|subject\s+to|only\s+if)\b/gi;

/** Whether a condition of the claim (a "provided" that is no verb: providedAsVerb) restates every word of the term, in the rest of its sentence. */
function dependsOnTerm(claim: string, lemmas: readonly string[]): boolean {
  return [...claim.matchAll(DEPENDS_ON)].some((m) => {
    const end = m.index + m[0].length;
    if (/^provid/i.test(m[0]) && providedAsVerb(claim, m.index, end)) return false;
    const condition = claim.slice(end);
    return lemmas.every((lemma) => textSaysWord(condition, lemma));
  });
}
/** Whether the support writes "only, not X" and the claim denies the same X ("not cash"). */
function statesExclusionAfter(support: string, q: QualifierPiece, claim: string): boolean {
  const excluded = /^\s*,?\s*(?:and\s+)?not\s+([A-Za-z]+)/i.exec(support.slice(q.end))?.[1];
  return excluded !== undefined && new RegExp(`\\bnot\\s+${excluded}\\b`, 'i').test(claim);
}

/** What sets a claim against the sentence before it: "though", "however", "instead", "other books". */
const CONTRAST = /\b(?:though|although|however|instead|other|otherwise)\b/i;

/** What the answer says after the claim ('' for a claim the answer does not hold): where it may state what the claim leaves to it. */
export function textAfter(answer: string, claim: string): string {
  const at = answer.indexOf(claim);
  return at < 0 ? '' : answer.slice(at + claim.length);
}

/** The answer's sentences other than a claim's. */
export function otherSentences(answer: string, claim: string): string[] {
  return splitSentences(answer)
    .map((s) => s.text)
    .filter((text) => text !== claim);
}

/** The answer's sentence before a claim ('' for its first, or a claim the answer does not hold): where it may have said what the claim sets itself against. */
export function sentenceBefore(answer: string, claim: string): string {
  const at = answer.indexOf(claim);
  if (at < 0) return '';
  return (
    splitSentences(answer)
      .filter((s) => s.end <= at)
      .pop()?.text ?? ''
  );
}
/** An obligation: "must", "has to", "needs to"; not one denied ("You don't have to buy them", "do not need to"). */
const MUST = /(?<!n['’]t\s|\bnot\s)\b(?:must|ha(?:s|ve)\s+to|needs?\s+to)\b/i;

/** An amount to come up to: "to reach the £150", "meet the £150 minimum". */
const TO_REACH = /\b(?:reach(?:es|ing)?|meet(?:s|ing)?)\s+(?:the\s+)?$/i;
/** A deadline's date right before the period that measures it: "by 5 July, " before "7 days before the trip". */
const DEADLINE_DATE_BEFORE = /\b(?:by|no later than|before)\s+[^,.;]{3,30},\s*$/i;
/** "Within" right before a number: "within 20 minutes". */
const WITHIN = /\bwithin\s+$/i;
/**
 * Whether the claim writes the number with this key, before any example, and every time only as a rule it sets aside:
 * "6 weeks rather than the usual 3 weeks"; not "booked 3 weeks ahead, though ... rather than the usual 3 weeks" (the review).
 */
function onlySetAside(claim: string, key: string, example: number): boolean {
  const mentions = findNumbers(claim).filter((n) => n.start < example && numberKey(n) === key);
  return mentions.length > 0 && mentions.every((n) => SET_ASIDE.test(claim.slice(Math.max(0, n.start - 40), n.start)));
}

/** A time a claim runs to, as "up to the end of" a period does: "to the end of the notice period", "through the last day of term". */
const TO_THE_END_OF = /\b(?:to|through|till|until)\s+the\s+(?:end|last\s+day)\s+of\b/i;
/** A figure the claim sets aside for another: "6 weeks' notice rather than the usual 3 weeks", "instead of the standard 30 days". */
const SET_ASIDE = /\b(?:rather\s+than|instead\s+of)\s+(?:the\s+)?(?:usual|normal|standard|regular)?\s*$/i;

/** Bounds from below, whose other side is "less than", "under"; bounds from above, whose other side is "more than", "over", "beyond". */
const LOWER_BOUNDS: ReadonlySet<string> = new Set(['at least', 'or more', 'a minimum of', 'no fewer than', 'no less than']);
// "More than the 21 days needed": the figure after "the" is compared as it is without it (unseen134's evidence-check false alarm).
const BELOW = /\b(?:less|fewer|shorter|narrower|smaller|lighter|younger|lower)\s+than\s+(?:the\s+)?$|\b(?:under|below)\s+$/i;
/** Whether a text ends with a comparison that bounds the figure after it: "fewer than 48 pages", "over 32 kg", "beyond 40 miles". */
export function comparedBefore(text: string): boolean {
  return ABOVE.test(text) || BELOW.test(text);
}

/** A one-word bound from above, which may also be a verb's particle ("carry over"). */
const ABOVE_WORD = /\b(?:over|above|beyond)\s+$/i;
const ABOVE = new RegExp(`\\b(?:more|longer|further|farther|greater|wider|larger|bigger|heavier|older|taller|higher)\\s+than\\s+(?:the\\s+)?$|${ABOVE_WORD.source}`, 'i');

/**
 * Whether the claim writes the number with this key, before any example, right after a bound on the other side of
 * the evidence's qualifier. A word the model reads as a verb's particle is no bound: "carry over 5 days" drops the
 * evidence's "at most", it does not say "more than 5". Where the bound is on notice (`boundsNotice`: "up to 24 hours
 * before the session"), it bounds how late one may ask, not how long: its other side is "less than 24 hours away", said
 * of a rule the claim denies ("the booking can no longer be refunded", unseen89's false alarm), and "more than 24 hours
 * before" restates it where the claim denies nothing.
 */
function boundsOtherSide(claim: string, key: string, keyword: string, example: number, boundsNotice: boolean): boolean {
  if (boundsNotice && UPPER_BOUNDS.has(keyword)) return boundsWith(claim, key, statesQualifier(claim, 'not') ? BELOW : ABOVE, example);
  const other = LOWER_BOUNDS.has(keyword) ? BELOW : UPPER_BOUNDS.has(keyword) || keyword === 'within' ? ABOVE : null;
  return other !== null && boundsWith(claim, key, other, example);
}

/**
 * Whether a sentence says every word of the clause a unit stands in, besides its number and unit ("with a minimum term
 * of 3 months" of "Studio membership costs £72 a month, with a minimum term of 3 months"; not "each lasting 3 months").
 */
function clauseSaidBy(claim: string, u: UnitPiece, sentence: string): boolean {
  const lemmas = contentLemmas(clauseAround(claim, u.start).replace(u.text, ' '));
  return lemmas.length > 0 && lemmas.every((lemma) => textSaysWord(sentence, lemma));
}

/** Words that deny what follows them, "free" among them ("free of charge" is "without charge"): an odd count of them in a text denies its rule. */
const DENIALS = /\b(?:not|no|never|none|nothing|without|free|cannot)\b|n['’]t\b/gi;
/** Words that say which side of the bound a case is on, or that it is the same as another: none is the rule's own. */
const SIDE_WORDS = /\b(?:less|fewer|more|under|over|above|below|beyond|shorter|longer|smaller|larger|bigger|wider|narrower|greater|younger|older|lower|higher|further|also|too|still|likewise)\b/gi;
const denies = (text: string) => (text.match(DENIALS)?.length ?? 0) % 2 === 1;

/** Where a coordinated part of a sentence ends: a semicolon, or a comma before "and", "or", "but", "while", "whereas". */
const PART_END = /;|,\s+(?:and|or|but|while|whereas)\b/gi;

/**
 * Whether a claim on the other side of the evidence's bound grants that side the rule the bound's own part of the
 * sentence gives: "Any reduction beyond 10% is free of charge" of "reduced by up to 10% without charge; any further
 * reductions are charged at the full rate". It does when it writes no figure that part lacks, denies what that part
 * denies, and either says nothing after its comparison but that part's words (the case's own words, before it, may be
 * any of the sentence's: "any further reductions") or says every word that part gives its figure ("Bags over 23 kg
 * carry no fee and are accepted" of "up to 23 kg carry no fee"). The other side is then read as the bounded case with
 * its bound left out, not as the case beyond it.
 */
function grantsBoundedRule(claim: string, support: string, q: QualifierPiece, key: string): boolean {
  const partEnd = clauseEnd(support, q.end, PART_END);
  const part = support.slice(clauseStart(support, q.start, PART_END), partEnd);
  const stated = statedValues(part);
  if ([...statedValues(claim)].some((value) => !stated.has(value)) || denies(claim) !== denies(part)) return false;
  // The comparison is the one right before the claim's figure ("Further reductions beyond 10%": "beyond", not "Further").
  const figure = findNumbers(claim).find((n) => numberKey(n) === key);
  const side = figure ? Math.max(-1, ...[...claim.slice(0, figure.start).matchAll(SIDE_WORDS)].map((m) => m.index!)) : -1;
  const [theCase, rule] = side < 0 ? ['', claim] : [claim.slice(0, side), claim.slice(side)];
  const lemmasOf = (text: string) => contentLemmas(text.replace(DENIALS, ' ').replace(SIDE_WORDS, ' '));
  const saysAll = (text: string, by: string) => lemmasOf(text).every((lemma) => textSaysWord(by, lemma));
  const given = lemmasOf(support.slice(q.end, partEnd));
  return (saysAll(theCase, support) && saysAll(rule, part)) || (given.length > 0 && given.every((lemma) => textSaysWord(claim, lemma)));
}

/**
 * A period of notice after a bound, its number written after it or before it: "up to 24 hours before the session", "up
 * to 7 days in advance", "10 or more days before the workshop" (unseen136's false alarm).
 */
const NOTICE_AFTER = /^\s*(?:\S+\s+)?(?:(?:working|business|clear)\s+)?(?:minutes?|hours?|days?|weeks?|months?)['’]?\s+(?:before|in\s+advance|ahead|beforehand|prior\s+to)\b/i;
const isNotice = (support: string, q: QualifierPiece) => NOTICE_AFTER.test(support.slice(q.end));

/**
 * Whether the claim grants the outcome the evidence gives the bound's side, in the clause after the bound's own: every
 * ordinary word of "you receive a full refund" but the verb, and no denial ("so the full refund applies").
 */
function grantsOutcome(claim: string, support: string, q: QualifierPiece): boolean {
  const comma = support.indexOf(',', q.end);
  const outcome = comma < 0 ? '' : support.slice(comma + 1);
  const words = readSentences(outcome)
    .flatMap((s) => s.tokens)
    .filter((t) => t.pos === 'NOUN' || t.pos === 'ADJ')
    .map((t) => t.lemma.toLowerCase());
  return words.length > 0 && words.every((word) => textSaysWord(claim, word)) && !denies(claim);
}

/** Words before the size of a zone, on its far side: "past our [15-mile free zone]", "outside the [10-mile area]". */
const BEYOND_ZONE = /\b(?:past|beyond|outside)\s+(?:our|the|your|its|their)\s+$/i;
/** A zone named by its size: "15-mile free zone", "10 km delivery area". */
const ZONE_NAME = /\b\d+(?:\.\d+)?[\s-]*(?:miles?|km|kilometres?|metres?)\s+(?:[a-z-]+\s+)?(?:zone|area|radius)\b/gi;

/** Where a clause of an evidence sentence ends: at its punctuation, not a figure's ("£1,000", "99.95%"). */
const CLAUSE_END = /[,;.!?](?=\s|$)/;

/** A text up to the end of its first clause. */
const firstClause = (text: string) => text.split(CLAUSE_END)[0]!;

/**
 * Whether a claim counts one of what a verb does, by its noun, as the one there is: "the one free date change" of
 * "change ... once". Not "every single change", "more than one change" nor "not one change".
 */
function countsOne(claim: string, lemma: string): boolean {
  return new RegExp(`\\b(?:the|your|only|just)\\s+(?:one|single)(?:\\s+[\\w-]+){0,2}?\\s+${escapeRegExp(lemma)}\\b`, 'i').test(claim);
}

/** "Only after": the verb's words and the event a rule waits for, to the end of its clause. */
const ONLY_AFTER = /^\s+((?:[\w'’-]+\s+){1,4}?)after\s+([^,;.]+)/i;
/** A denial until an event: "nothing is fitted until", "we won't start until". */
const NOT_UNTIL = /\b(?:not|nothing|no|never|n['’]t)\b([^,;.]*?)\buntil\b([^,;.]+)/i;

/**
 * Whether the claim denies, until the same event, what the evidence does only after it: "nothing is fitted until you've
 * approved the cost" for "we only fit a part after you approve its cost", the denial of the verb "only" restricts (not
 * "you are not charged until you approve it").
 */
function notUntil(claim: string, support: string, q: QualifierPiece): boolean {
  const only = ONLY_AFTER.exec(support.slice(q.end));
  const denial = NOT_UNTIL.exec(claim);
  if (!only || !denial) return false;
  // The verb as the sentence around it tags it ("fit" alone reads as a noun), between "only" and "after".
  const after = q.end + only[0].indexOf('after');
  const verb = readSentences(support)
    .flatMap((s) => s.tokens)
    .find((t) => t.start >= q.end && t.end <= after && t.pos === 'VERB')?.lemma;
  const awaited = contentLemmas(only[2]!);
  return verb !== undefined && textSaysWord(denial[1]!, verb) && awaited.length > 0 && awaited.every((lemma) => textSaysWord(denial[2]!, lemma));
}

/** A denial in other words: "off limits". */
const OFF_LIMITS = /\boff[\s-]+limits\b/i;

/**
 * Whether the claim says every word of the term in the clause it calls "off limits", from its last "but" or semicolon
 * ("but the table saw ... are off limits"; not "hand tools and the table saw, but the router table is off limits").
 */
function deniedAsOffLimits(claim: string, lemmas: readonly string[]): boolean {
  const at = claim.search(OFF_LIMITS);
  if (at < 0) return false;
  const denied = claim
    .slice(0, at)
    .split(/\bbut\b|;/i)
    .at(-1)!;
  return lemmas.every((lemma) => textSaysWord(denied, lemma));
}

/** Clause qualifiers that set a condition to be met, not an exception: "provided you tell us", "as long as it is returned". */
const REQUIREMENTS: ReadonlySet<string> = new Set(['provided', 'provided that', 'as long as']);

/** A duty a sentence opens with, its subject and at most two words before it: "You just need to", "She must". */
const OPENING_DUTY = /^\s*(?:[\w'’-]+\s+){1,3}?(?:must|ha(?:s|ve)\s+to|needs?\s+to)\b/i;

/**
 * Whether one of the sentences says every word and number of the qualifier's condition as a duty it opens with, and
 * denies nothing ("You just need to tell us in writing at least 7 days before she travels"; not "You no longer need to
 * tell us", nor "For longer trips you must tell us", a duty on another case).
 */
function conditionSaidAsDuty(support: string, q: QualifierPiece, sentences: readonly string[]): boolean {
  const condition = firstClause(support.slice(q.end));
  const lemmas = contentLemmas(condition);
  const numbers = numberKeysOf(condition);
  return (
    lemmas.length >= 2 &&
    sentences.some((s) => OPENING_DUTY.test(s) && !statesQualifier(s, 'not') && lemmas.every((lemma) => textSaysWord(s, lemma)) && [...numbers].every((key) => numberKeysOf(s).has(key)))
  );
}

/**
 * Whether the claim gives every word and number of the qualifier's condition as the reason for what it says, after a
 * colon or "because", "since" or "as", and denies nothing there ("free: your load weighs at least 50 kg"; not "free,
 * though your load doesn't weigh 50 kg"), where the question's case meets each bound of the condition (80 kg of "at
 * least 50 kg"; not 4 bottles of "at least 6 bottles", the review).
 */
function conditionGivenAsMet(claim: string, support: string, q: QualifierPiece, question: string): boolean {
  const condition = firstClause(support.slice(q.end));
  const lemmas = contentLemmas(condition);
  const numbers = numberKeysOf(condition);
  const reason = REASON.exec(claim);
  if (reason === null || lemmas.length < 2) return false;
  const given = claim.slice(reason.index + reason[0].length);
  const asked = findFigures(question);
  const met = findFigures(condition).every((bound) => {
    const atLeast = LOWER_BEFORE.test(condition.slice(0, bound.start)) || ABOVE.test(condition.slice(0, bound.start));
    const atMost = UPPER_BEFORE.test(condition.slice(0, bound.start)) || BELOW.test(condition.slice(0, bound.start)) || WITHIN.test(condition.slice(0, bound.start));
    return asked.some((c) => c.kind === bound.kind && (atLeast ? c.value >= bound.value : atMost ? c.value <= bound.value : c.value === bound.value));
  });
  return met && !statesQualifier(given, 'not') && lemmas.every((lemma) => textSaysWord(given, lemma)) && [...numbers].every((key) => numberKeysOf(given).has(key));
}

/** What gives a reason: a colon, or "because", "since" or "as" opening a clause. */
const REASON = /:\s|(?:^|[,;]\s*|\s)(?:because|since|as)\s+(?=(?:your|the|you|it|they|we|this)\b)/i;

/** Bounds from above and below written before their number in a claim: "a maximum of 250 guests", "at least 4 people". */
const UPPER_BEFORE = /\b(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|(?:a\s+)?maximum\s+(?:of|is))\s+$/i;
const LOWER_BEFORE = /\b(?:at\s+least|no\s+(?:less|fewer)\s+than|not\s+(?:less|fewer)\s+than|(?:a\s+)?minimum\s+(?:of|is))\s+$/i;

/** A "not" right before its verb and a bound on the verb's own number, a word or two between: "not cater for more than", "not take bookings more than". */
const NOT_VERB_BOUND = /^\s+(?:[\w'’-]+\s+){1,3}$/;

/**
 * Whether a "not" the evidence writes before a bound on its verb's number ("We do not cater for more than 250 guests")
 * is said by a claim that bounds that number the other way ("We can cater for a maximum of 250 guests", unseen89's false
 * alarm): no more than is at most. Only where the bound follows the verb, a word or two between: "We do not charge extra
 * for groups of more than 10" bounds the groups a charge is for, and "charge extra for groups of up to 10" reverses it.
 */
function negatedBoundRestated(claim: string, support: string, q: QualifierPiece, example: number): boolean {
  const clause = firstClause(support.slice(q.end));
  return findNumbers(clause).some((n) => {
    const before = clause.slice(0, n.start);
    const bound = ABOVE.exec(before) ?? BELOW.exec(before);
    if (!bound || !NOT_VERB_BOUND.test(before.slice(0, bound.index))) return false;
    return boundsWith(claim, numberKey(n), ABOVE.test(before) ? UPPER_BEFORE : LOWER_BEFORE, example);
  });
}

/**
 * Whether the claim gives the band that starts at an upper bound's number with the amount the evidence gives that
 * band: "Delivery there costs £15, because it falls between 3 and 10 miles" against "£8 within 3 miles and £15 from 3
 * to 10 miles" (unseen85's false alarms) speaks of the case beyond the bound; with £8 it still drops "within". So does
 * "your dog is in the 10-to-30 kg band, so ... £210" of "£210 for 10 to 30 kg" (unseen131's false alarm), where no
 * figure of the question in the band's unit lies outside it (a dog of 8 kg is in no "10-to-30 kg band").
 */
function givesNextBand(claim: string, support: string, key: string, example: number, question: string): boolean {
  const claimKeys = numberKeysOf(claim, example);
  return findNumbers(claim).some((low) => {
    if (low.start >= example || numberKey(low) !== key) return false;
    const between = /\bbetween\s+$/i.test(claim.slice(0, low.start));
    const [, high, unit] = (between ? /^\s+and\s+(\d+)\s*([a-z]*)/i : /^\s*(?:-to-|to|-|–)\s*(\d+)\s*([a-z]*)/i).exec(claim.slice(low.end)) ?? [];
    if (high === undefined) return false;
    const band = new RegExp(`([£$€]\\s?\\d[\\d,.]*)\\s+(?:for\\s+)?(?:(?:from|between)\\s+)?${low.value}\\s*(?:to|and|-|–)\\s*${high}\\b`, 'i').exec(support);
    const amount = band ? findNumbers(band[1]!)[0] : undefined;
    const outside = (n: NumberPiece) => n.value < low.value || n.value > Number(high);
    const caseOutside = unit !== '' && findNumbers(question).some((n) => outside(n) && new RegExp(`^\\s*${escapeRegExp(unit!)}\\b`, 'i').test(question.slice(n.end)));
    // Nor where the claim also gives another band's amount ("Pets of 10 kg or more cost £145; the 10 to 30 kg band is £210").
    const otherAmount = findNumbers(support).some((n) => n.currency && amount !== undefined && numberKey(n) !== numberKey(amount) && claimKeys.has(numberKey(n)));
    return amount !== undefined && claimKeys.has(numberKey(amount)) && !caseOutside && !otherAmount;
  });
}

/** Whether the claim writes the number with this key, before any example, right after a bound of this pattern. */
function boundsWith(claim: string, key: string, bound: RegExp, example: number): boolean {
  // The bound is the last token before the number; the token before it, a verb, makes it that verb's particle. Read
  // only for an "over" that could be one: most claims bound nothing the other way, and this runs for every claim.
  const afterVerb = (at: number) => {
    const tokens = readSentences(claim).flatMap((s) => s.tokens);
    const bound = tokens.filter((t) => t.end <= at).length - 1;
    return bound > 0 && tokens[bound - 1]!.pos === 'VERB';
  };
  return findNumbers(claim).some((n) => {
    if (n.start >= example || numberKey(n) !== key) return false;
    // A determiner that points back at the figure stands between: "any reduction beyond that 10%" (unseen92's false alarm).
    const written = claim.slice(Math.max(0, n.start - 30), n.start);
    const before = written.replace(POINTING_BACK, '');
    return bound.test(before) && !(ABOVE_WORD.test(before) && afterVerb(n.start - (written.length - before.length)));
  });
}

/**
 * A demonstrative right before a figure, pointing back at it: "beyond that 10%". Not "the", which makes "over the 48
 * hours" a stretch of time rather than a bound (a review: "at any point over the 48 hours before the session").
 */
const POINTING_BACK = /\b(?:that|this)\s+$/i;

/** Qualifiers written after the number they bound: "12 weeks or more". */
const AFTER_THEIR_NUMBER_KEYWORDS: ReadonlySet<string> = new Set(['or more', 'or less']);

/** Qualifiers that bound a term from above. */
const UPPER_BOUNDS: ReadonlySet<string> = new Set(['no more than', 'at most', 'a maximum of', 'up to', 'or less']);

/**
 * The verb "only" restricts by a figure, as a lemma, where a claim that denies it speaks of a case the figure leaves out:
 * "only chips up to 10mm across can be repaired" (repair), denied by "a chip that size ... can't be repaired" but not by a
 * claim that states the figure ("chips up to 10mm across can't be repaired") nor where "only" bounds no figure ("Only
 * members can book": "Members can't book" contradicts it). None where a condition opens before the verb, whose verb is
 * the case's ("only possible when the room isn't booked", "refunded only if no tutor can be found").
 */
function verbOnlyBoundsByFigure(claim: string, support: string, q: QualifierPiece): string[] {
  const tokens = readSentences(support.slice(q.end)).flatMap((s) => s.tokens);
  const verb = tokens.findIndex((t) => t.pos === 'VERB' || t.pos === 'SCONJ' || CONDITION_OPENERS.has(t.text.toLowerCase()));
  if (verb < 0 || tokens[verb]!.pos !== 'VERB') return [];
  const bound = findNumbers(support.slice(q.end, q.end + tokens[verb]!.start));
  const stated = numberKeysOf(claim);
  return bound.length > 0 && bound.every((n) => !stated.has(numberKey(n))) ? [tokens[verb]!.lemma] : [];
}

/** Words that open a condition or a time clause, however the model tags them. */
const CONDITION_OPENERS: ReadonlySet<string> = new Set(['if', 'when', 'where', 'while', 'unless', 'until', 'once', 'after', 'before', 'because']);

/** Whether a claim negates one of these words: a negation before it in its clause ("not a full day", "you won't be charged a full day"). */
function negatesWord(claim: string, lemmas: readonly string[]): boolean {
  return readSentences(claim).some((s) =>
    s.tokens.some((t, i) => {
      if (!lemmas.includes(t.lemma)) return false;
      const before = s.tokens.slice(0, i);
      const clause = before.slice(before.map((b) => b.pos).lastIndexOf('PUNCT') + 1);
      return clause.some((b) => /^(?:not|n't|never|no)$/i.test(b.text));
    }),
  );
}
