import { findEntities, findNumbers, findQualifiers, numberKey, splitSentences, supportOf, type Piece } from './claims.js';
import { findDates } from './dates.js';
import { findPolarities, polarityKey } from './polarity.js';
import { findUnits, unitKey } from './units.js';
import { stableId } from '../util/hash.js';
import { RecentResults } from '../util/recentResults.js';

/** A correct rewrite of an artifact, reviewed like an original: a false alarm on it is a false alarm. */
export interface Paraphrase {
  id: string;
  artifact: string;
}

/**
 * Conservative meaning-preserving rewrites of an artifact: two independent
 * sentences in the other order (the first such pair, and the last), amounts
 * written with or without pence (`£1,250` ↔ `£1,250.00`), a rate's "per"
 * for "a" (`£25 a day` ↔ `£25 per day`), and dates in the other order
 * (`5 April 2026` ↔ `April 5, 2026`). Each is kept only when the claim analysis finds
 * every original claim in it, stated alike and supported by the same evidence
 * sentence. ("within 28 days" ↔ "no later than 28 days after" is not among
 * them: the analysis reads "within" as a qualifier the evidence states, so it
 * could not tell that rewrite from a deleted qualifier.)
 */
export function paraphrases(artifact: string, evidence: readonly string[]): Paraphrase[] {
  // Loading a suite computes them for every fixture, and a process loads one suite more than once (a dry run and the run, a test worker's many audits).
  return [...rewritesKept.get(stableId(artifact, ...evidence), () => keptRewrites(artifact, evidence).map((p) => Object.freeze(p)))];
}

const rewritesKept = new RecentResults<readonly Paraphrase[]>(2_000);

function keptRewrites(artifact: string, evidence: readonly string[]): Paraphrase[] {
  const rewrites: Array<[string, string | null]> = [
    ['paraphrase-order', reorderSentences(artifact, 'first')],
    ['paraphrase-order-late', reorderSentences(artifact, 'last')],
    ['paraphrase-amounts', rewriteAmounts(artifact)],
    ['paraphrase-rates', rewriteRates(artifact)],
    ['paraphrase-dates', rewriteDates(artifact)],
  ];
  const seen = new Set<string>();
  return rewrites
    .filter((r): r is [string, string] => r[1] !== null && r[1] !== artifact && !seen.has(r[1]) && seen.add(r[1]) !== undefined && keepsEveryClaim(artifact, r[1], evidence))
    .map(([id, text]) => ({ id, artifact: text }));
}

/** A sentence that opens by pointing back ("This applies...", "The transfer...") or refers back anywhere cannot move before what it points to. */
const POINTS_BACK = /^(?:This|That|These|Those|It|Its|They|Their|Such|However|Otherwise|Also|Then|The|Both|Either|In|If|After|Before|For|Once|Unless|Except|Any|Each|Only|He|She|His|Her)\b/;
const REFERS_BACK = /\b(?:this|that|these|those|such|it|its|they|them|their|the same|then|also|otherwise|instead)\b/i;

/** The first (or last) two adjacent sentences where the second does not point back: swapped, the space between them kept. */
function reorderSentences(text: string, which: 'first' | 'last'): string | null {
  const sentences = splitSentences(text);
  const pairs = [...sentences.keys()].slice(0, -1);
  for (const i of which === 'first' ? pairs : pairs.reverse()) {
    const [a, b] = [sentences[i]!, sentences[i + 1]!];
    if (POINTS_BACK.test(b.text) || REFERS_BACK.test(b.text) || POINTS_BACK.test(a.text)) continue;
    const gap = text.slice(a.end, b.start);
    return text.slice(0, a.start) + b.text + gap + a.text + text.slice(b.end);
  }
  return null;
}

/** Every currency amount with or without pence: whole amounts gain ".00", amounts of whole pounds lose it. */
function rewriteAmounts(text: string): string | null {
  const amounts = findNumbers(text).filter((n) => n.currency && (n.decimals === 0 || (n.decimals === 2 && n.text.endsWith('.00'))));
  if (!amounts.length) return null;
  let out = text;
  for (const n of [...amounts].reverse()) out = out.slice(0, n.start) + (n.decimals === 0 ? `${n.text}.00` : n.text.slice(0, -3)) + out.slice(n.end);
  return out;
}

/** A rate after an amount written with the other word: "per day" for "a day", "a month" for "per month". */
function rewriteRates(text: string): string | null {
  const rates = findUnits(text).filter((u) => u.amount === null && /^(?:per|a) /.test(u.text));
  if (!rates.length) return null;
  let out = text;
  for (const r of [...rates].reverse()) out = out.slice(0, r.start) + r.text.replace(/^(per|a) /, (_, w: string) => (w === 'per' ? 'a ' : 'per ')) + out.slice(r.end);
  return out;
}

/** Full dates with a year and no weekday in the other order: "5 April 2026" as "April 5, 2026", and back. */
function rewriteDates(text: string): string | null {
  const dates = findDates(text).filter((d) => /^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(d.text) || /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(d.text));
  if (!dates.length) return null;
  let out = text;
  for (const d of [...dates].reverse()) {
    const dm = /^(\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(d.text);
    const md = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(d.text);
    const rewritten = dm ? `${dm[2]} ${dm[1]}, ${dm[3]}` : `${md![2]} ${md![1]} ${md![3]}`;
    out = out.slice(0, d.start) + rewritten + out.slice(d.end);
  }
  return out;
}

/** What a sentence claims, however it is ordered or formatted: its numbers, dates, names, qualifiers, polarities and units. */
function claimKeys(sentence: string): string {
  return [
    ...findNumbers(sentence).map(numberKey),
    ...findDates(sentence).map((d) => d.key),
    ...findEntities(sentence).map((e) => e.text),
    ...findQualifiers(sentence).map((q) => q.keyword.toLowerCase()),
    ...findPolarities(sentence).map(polarityKey),
    ...findUnits(sentence).map(unitKey),
  ]
    .sort()
    .join('\n');
}

/** Every sentence of the original has one in the rewrite that claims the same and rests on the same evidence sentence, and the rewrite adds none. */
export function keepsEveryClaim(original: string, rewrite: string, evidence: readonly string[]): boolean {
  const before = splitSentences(original);
  const after = splitSentences(rewrite);
  if (before.length !== after.length) return false;
  const unmatched: Piece[] = [...after];
  for (const s of before) {
    const support = supportOf(s.text, evidence);
    if (support === null) return false;
    const i = unmatched.findIndex((r) => claimKeys(r.text) === claimKeys(s.text) && supportOf(r.text, evidence) === support);
    if (i === -1) return false;
    unmatched.splice(i, 1);
  }
  return true;
}
