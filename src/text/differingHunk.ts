/**
 * The single replacement that turns `original` into `changed`: what lies
 * between their common prefix and common suffix, widened to whole words where
 * it would start or end inside one ("People" → "Finance", not "Peopl" →
 * "Financ"), so reports and located catches read words.
 */
export function differingHunk(original: string, changed: string): { start: number; end: number; replacement: string } {
  let start = 0;
  while (start < original.length && start < changed.length && original[start] === changed[start]) start++;
  let tail = 0;
  while (tail < original.length - start && tail < changed.length - start && original[original.length - 1 - tail] === changed[changed.length - 1 - tail]) tail++;
  const word = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
  if (word(original[start - 1]) && (word(original[start]) || word(changed[start]))) while (start > 0 && word(original[start - 1])) start--;
  const end = original.length - tail;
  if (word(original[end]) && (word(original[end - 1]) || word(changed[changed.length - tail - 1]))) while (tail > 0 && word(original[original.length - tail])) tail--;
  return { start, end: original.length - tail, replacement: changed.slice(start, changed.length - tail) };
}
