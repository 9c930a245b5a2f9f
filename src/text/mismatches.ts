import { containsWords, findEntities, findNumbers, findQualifiers, numberKey, qualifiedTerm, statesQualifier, textSaysWord, type SupportPassage } from './claims.js';
import { findDates } from './dates.js';
import { reversedPolarities } from './polarity.js';
import { misstatedUnits } from './units.js';

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
export function mismatches(claim: string, passage: SupportPassage): string[] {
  const problems: string[] = [];
  const support = passage.sentence;
  const sources = [support, ...passage.context];
  const stated = new Set(sources.flatMap(findNumbers).map(numberKey));
  for (const n of findNumbers(claim)) {
    if (!stated.has(numberKey(n))) problems.push(`"${n.text}" is not what the evidence says ("${support}")`);
  }
  // A date by what it means: "3 weeks before" is not "2 weeks before" even where the sentence states a 3 elsewhere.
  const datesStated = new Set(sources.flatMap(findDates).map((d) => d.key));
  for (const d of findDates(claim)) {
    if (!statesDate(datesStated, d.key)) problems.push(`"${d.text}" is not the date the evidence gives ("${support}")`);
  }
  for (const u of misstatedUnits(claim, support)) problems.push(`"${u.text}" is not the unit the evidence gives ("${support}")`);
  for (const p of reversedPolarities(claim, support)) problems.push(`"${p.text}" reverses what the evidence says ("${support}")`);
  for (const e of findEntities(claim)) {
    if (!sources.some((s) => containsWords(s, e.text))) problems.push(`"${e.text}" is not named in the supporting evidence ("${support}")`);
  }
  for (const keyword of droppedQualifiers(claim, support)) problems.push(`drops the evidence's qualifier "${keyword}" ("${support}")`);
  return problems;
}

/**
 * Whether a date is stated, by meaning: the same key, or a day within the
 * month or year it names ("by the end of March 2027" when the question says
 * "12 March 2027").
 */
export function statesDate(stated: ReadonlySet<string>, key: string): boolean {
  if (stated.has(key)) return true;
  if (!/^\d{4}(?:-\d{2})?$/.test(key)) return false;
  for (const s of stated) if (s.startsWith(`${key}-`)) return true;
  return false;
}

/** The supporting sentence's qualifiers that the claim drops: it restates what one bears on, and writes it in none of its ways. */
export function droppedQualifiers(claim: string, support: string): string[] {
  const claimNumbers = new Set(findNumbers(claim).map(numberKey));
  const dropped = new Set<string>();
  for (const q of findQualifiers(support)) {
    const term = qualifiedTerm(support, q);
    if (!term) continue;
    const restated = 'number' in term ? claimNumbers.has(term.number) : term.lemmas.every((lemma) => textSaysWord(claim, lemma));
    if (restated && !statesQualifier(claim, q.keyword)) dropped.add(q.keyword);
  }
  return [...dropped];
}
