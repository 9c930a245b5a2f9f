/**
 * The indefinite article a word takes, by its first sound as it is said, not
 * its first letter: "an Off-Peak ticket", "a Northern office", "an LNER
 * office" (an acronym is said letter by letter: "el"), "a UK address", "a
 * one-off fee", "an hour".
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  // A figure is said as its number, a currency sign after it ("an £80 charge" is "an eighty-pound charge"): eight,
  // eighty, eight hundred, eleven and eighteen (and their thousands) open with a vowel.
  const figure = /^[£$€]?(\d[\d,]*)/.exec(word);
  if (figure) return /^8/.test(figure[1]!) || /^1[18](?:,?\d{3})*$/.test(figure[1]!) ? 'an' : 'a';
  // An acronym is said by its letters' names: A, E, F, H, I, L, M, N, O, R, S and X open with a vowel ("an MOT", "an SLA").
  if (/^[A-Z]{2,}\b/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return 'an';
  // A vowel said as a consonant: "you" ("a unit", "a user", "a European"), "w" ("a one-off").
  if (/^(?:u(?:ni|se|su|ti|ri|ra|re|ro|bi|ku|ki)|eu|ewe|one\b|once\b)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** Whether the article written before an offset of a text ("a ", "An ") is the one a replacement written there takes; true where none is written. */
export function articleAgrees(text: string, offset: number, replacement: string): boolean {
  const written = /\b(an?)\s+$/i.exec(text.slice(Math.max(0, offset - 4), offset))?.[1]?.toLowerCase();
  return written === undefined || written === indefiniteArticle(replacement);
}
