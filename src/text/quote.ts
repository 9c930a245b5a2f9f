/**
 * Whether a reply quotes a piece of text, read loosely enough that a critic
 * quoting "£1,350" as "1350" or "Shared Parental Leave" in lower case still
 * counts, and strictly enough that "16%" is not found inside "116%".
 */

/** Case, whitespace, typographic quotes and dashes, currency signs and digit grouping folded away. */
export function normaliseQuote(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b`]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[£$€](?=\s*\d)/g, '')
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const WORD = /[\p{L}\p{N}]/u;

/** Whether `needle` occurs in `haystack` after normalisation, not as part of a longer word or number. */
export function quotes(haystack: string, needle: string): boolean {
  return quotesNormalised(normaliseQuote(haystack), normaliseQuote(needle));
}

/** `quotes` on text already normalised with normaliseQuote (for many needles against one reply). */
export function quotesNormalised(haystack: string, needle: string): boolean {
  if (!WORD.test(needle)) return false;
  const wordStart = WORD.test(needle[0]!);
  const wordEnd = WORD.test(needle[needle.length - 1]!);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    if (wordStart && before !== undefined && WORD.test(before)) continue;
    if (wordEnd && after !== undefined && WORD.test(after)) continue;
    return true;
  }
  return false;
}

/**
 * Whether normalised `needle` is a piece of normalised `text`, word edges or
 * not: how a citation resolves (a quote of "6" from "6p" is still a quote of
 * the text), where `quotesNormalised` asks whether a reply names a value.
 */
export function citesNormalised(text: string, needle: string): boolean {
  return WORD.test(needle) && text.includes(needle);
}

/** The 1-based line numbers a reply names: `line 7`, `lines 3-5`, `L12`, `lines 4 and 6`. */
export function namedLines(reply: string): Set<number> {
  const lines = new Set<number>();
  for (const m of reply.matchAll(/\b(?:[Ll]ines?|LINES?|L)\s*(\d{1,5})(?:\s*(-|–|to|through|and|,)\s*(\d{1,5}))?/g)) {
    const from = Number(m[1]);
    lines.add(from);
    if (m[3] === undefined) continue;
    const to = Number(m[3]);
    const range = m[2] !== 'and' && m[2] !== ',';
    if (range && to >= from && to - from <= 50) for (let n = from + 1; n <= to; n++) lines.add(n);
    else lines.add(to);
  }
  return lines;
}
