/**
 * Whether the evidence states a figure of a claim, or gives the operands it
 * is worked out from: the one reading of figures that the evidence-check
 * critic (src/text/mismatches.ts) and the number-flip and date-shift oracles
 * share. A figure is read with what it counts, in one unit per kind of
 * quantity, so that an amount or period written differently is the same
 * figure: "150p" is £1.50, "2 weeks" and "a fortnight" are 14 days, "48
 * hours" 2 days, "12 months" a year, "fifteen days" 15 days.
 */
export interface Figure {
  text: string;
  start: number;
  end: number;
  value: number;
  /** A currency sign, "%", "day", "month", or the word after the number ("GB", "instalment"); "" for a bare number. */
  kind: string;
  decimals: number;
  /** The unit as written, singular ("hour" for a figure counted in days as "48 hours"; "£" for "150p"). */
  unit: string;
  /** The number as numberKey writes it ("£1250", "15%"), for a figure written in digits: equal keys are the same figure whatever the words after them. */
  key?: string;
  /** The ISO code of an amount whose writing names one currency ("CAD 40", "C$40"): another code's amount is not the same figure. */
  code?: string | undefined;
  /** The period a rate after an amount is per ("$390 a month": "month"), where one follows it in its clause. */
  per?: string | undefined;
  /** What a measure is given for each one of, written after its unit ("200 miles per night": "night"), singular. */
  each?: string | undefined;
}
