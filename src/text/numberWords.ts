/** Number words by value: the words a document spells small numbers, tens, and their multipliers in. */
const UNITS_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const TENS_WORDS = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');

/** The value of a number written in words ("twenty-five", "one hundred and twenty"), or undefined when a word is no number. */
export function spelledValue(words: readonly string[]): number | undefined {
  let total = 0;
  let current = 0;
  let any = false;
  for (const raw of words) {
    const word = raw.toLowerCase();
    if (word === 'and' && any) continue;
    const unit = UNITS_WORDS.indexOf(word);
    const ten = TENS_WORDS.indexOf(word);
    if (unit >= 0) current += unit;
    else if (ten >= 0) current += (ten + 2) * 10;
    else if (word === 'hundred') current = Math.max(1, current) * 100;
    else if (word === 'thousand') {
      total += Math.max(1, current) * 1000;
      current = 0;
    } else return undefined;
    any = true;
  }
  return any ? total + current : undefined;
}

/**
 * Whether a number word goes on the number the word before it began: a unit
 * after a tens word ("twenty five"), a multiplier ("two hundred"), or what
 * follows one ("hundred twenty"). Two units side by side ("one two-hour
 * class") are two numbers, and so are a unit and a tens word.
 */
export function continuesNumber(previous: string, next: string): boolean {
  const [before, after] = [previous.toLowerCase(), next.toLowerCase()];
  const multiplier = (word: string) => word === 'hundred' || word === 'thousand';
  const unit = UNITS_WORDS.indexOf(after);
  return multiplier(after) || multiplier(before) || (TENS_WORDS.includes(before) && unit >= 1 && unit <= 9);
}

/** A count written in digits or in a word: "12", "seven". */
export function countValue(word: string): number | undefined {
  return /^\d/.test(word) ? Number(word) : spelledValue([word.toLowerCase()]);
}

/** Small numbers as policies spell them out ("five working days", "a three-month period"). */
export const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'] as const;

/** "A pair of", a count of two as a question spells it ("I've bought a pair of humbuckers"). */
export const A_PAIR_OF = /\ba\s+pair\s+of\b/gi;

/** Ordinal words by value, as a question counts an occasion ("for the fifth time"). */
const ORDINAL_WORDS =
  'zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'.split(' ');

/** The value of an ordinal word ("fifth" is 5), or undefined when the word is none. */
export function ordinalValue(word: string): number | undefined {
  const at = ORDINAL_WORDS.indexOf(word.toLowerCase());
  return at > 0 ? at : undefined;
}
