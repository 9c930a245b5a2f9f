import { ordinalValue } from './numberWords.js';

/** "the 15th day", "the fifteenth day", "the 3rd month". */
const ORDINAL_OF_UNIT = /\b(?:(\d+)(?:st|nd|rd|th)|([a-z]+(?:-[a-z]+)?))\s+(day|night|week|month|year)\b/gi;
/** The units an ordinal counts, with the scale each is counted on (a night is a day). */
export const ORDINAL_UNITS: ReadonlyMap<string, string> = new Map([
  ['day', 'day'],
  ['night', 'day'],
  ['week', 'week'],
  ['month', 'month'],
  ['year', 'year'],
]);

/** The real ordinals of a unit a text writes, in order, each with the scale it counts on: "from the 15th day" is 15 of day. */
export function unitOrdinals(text: string): Array<{ ordinal: number; unit: string | undefined }> {
  return [...text.matchAll(ORDINAL_OF_UNIT)].flatMap((m) => {
    const ordinal = m[1] ? Number(m[1]) : ordinalValue(m[2]!.toLowerCase());
    return ordinal === undefined ? [] : [{ ordinal, unit: ORDINAL_UNITS.get(m[3]!.toLowerCase()) }];
  });
}
