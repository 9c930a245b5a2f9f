/**
 * Full stops that end an abbreviation, not a sentence: "55% of the annual
 * price, i.e. £79.20, plus ..." is one sentence. Split there, an omission
 * deletes half a sentence and leaves "... annual price, i.e. Buying one ...".
 * wink-nlp knows some of these and not others ("incl.", "cf."), and the
 * hand-written splitter knew none: both ask here.
 */

/** Abbreviations a sentence never ends on: what follows them is always more of it. */
const NEVER_FINAL = new Set(['i.e.', 'e.g.', 'cf.', 'viz.', 'vs.', 'approx.', 'incl.', 'excl.', 'esp.', 'mr.', 'mrs.', 'ms.', 'dr.', 'prof.', 'nb.', 'n.b.']);

/**
 * Abbreviations that may end a sentence ("Bring ID, keys, etc. The desk
 * opens at 9."), and do not when lower case or a figure follows ("etc. and
 * more", "no. 5", "5 p.m. on Fridays").
 */
const FINAL_BEFORE_CAPITAL = new Set([
  'etc.',
  'no.',
  'nos.',
  'a.m.',
  'p.m.',
  'min.',
  'mins.',
  'max.',
  'hr.',
  'hrs.',
  'wk.',
  'wks.',
  'mo.',
  'yr.',
  'yrs.',
  'ca.',
  'pp.',
  'para.',
  'sec.',
  'art.',
  'ref.',
  'tel.',
  'ext.',
  'dept.',
  'est.',
  'inc.',
  'ltd.',
  'co.',
]);

/** The word a full stop closes: "i.e." or "incl." in "... price, i.e." */
const WORD_BEFORE_STOP = /(?:^|[\s(["'“‘])((?:[A-Za-z]\.){2,}|[A-Za-z]+\.)$/;

/** What follows that carries the sentence on: lower case, a figure or a currency sign ("no. 5", "i.e. £8"). */
const CONTINUES = /^\s*["'“‘(]?(?:[a-z]|\d|[£$€¥])/;

/**
 * Whether the full stop at `stop` in `text` ends an abbreviation the sentence
 * goes on after, so a splitter must not end a sentence there.
 */
export function isAbbreviationStop(text: string, stop: number): boolean {
  if (text[stop] !== '.') return false;
  const word = WORD_BEFORE_STOP.exec(text.slice(Math.max(0, stop - 12), stop + 1))?.[1]?.toLowerCase();
  if (!word) return false;
  const after = text.slice(stop + 1);
  if (!after.trim()) return false;
  if (NEVER_FINAL.has(word)) return true;
  return FINAL_BEFORE_CAPITAL.has(word) && CONTINUES.test(after);
}
