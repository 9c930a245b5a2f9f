import { containsWords, findEntities, findNumbers, findQualifiers, numberKey } from './claims.js';
import { findDates } from './dates.js';
import { reversedPolarities } from './polarity.js';
import { misstatedUnits } from './units.js';

/**
 * What a claim states that the evidence sentence supporting it does not state
 * the same way: every number, date and name of the claim must be stated
 * there, in the unit and with the polarity the evidence gives it ("must", not
 * "need not"), and every qualifier stated there must survive in the claim.
 * The one comparison the evidence-check critic and the fixture loader (an
 * authored text mutant's `contradicts`) share, as the mutators' oracles judge
 * their own changes.
 */
export function mismatches(claim: string, support: string): string[] {
  const problems: string[] = [];
  const stated = new Set(findNumbers(support).map(numberKey));
  for (const n of findNumbers(claim)) {
    if (!stated.has(numberKey(n))) problems.push(`"${n.text}" is not what the evidence says ("${support}")`);
  }
  // A date by what it means: "3 weeks before" is not "2 weeks before" even where the sentence states a 3 elsewhere.
  const datesStated = new Set(findDates(support).map((d) => d.key));
  for (const d of findDates(claim)) {
    if (!datesStated.has(d.key)) problems.push(`"${d.text}" is not the date the evidence gives ("${support}")`);
  }
  for (const u of misstatedUnits(claim, support)) problems.push(`"${u.text}" is not the unit the evidence gives ("${support}")`);
  for (const p of reversedPolarities(claim, support)) problems.push(`"${p.text}" reverses what the evidence says ("${support}")`);
  for (const e of findEntities(claim)) {
    if (!containsWords(support, e.text)) problems.push(`"${e.text}" is not named in the supporting evidence ("${support}")`);
  }
  // Counted, not just present: a sentence may say "up to" twice and the claim drop one.
  const claimed = keywordCounts(claim);
  for (const [keyword, count] of keywordCounts(support)) {
    if ((claimed.get(keyword) ?? 0) < count) problems.push(`drops the evidence's qualifier "${keyword}" ("${support}")`);
  }
  return problems;
}

function keywordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const q of findQualifiers(text)) counts.set(q.keyword, (counts.get(q.keyword) ?? 0) + 1);
  return counts;
}
