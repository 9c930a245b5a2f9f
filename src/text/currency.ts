import { escapeRegExp } from '../util/escapeRegExp.js';
/**
 * Currencies as documents write them before an amount: a sign ("€14.50",
 * "£250", "$40"), a sign a country prefixes ("C$40", "US$40", "A$40") or the
 * ISO 4217 code ("EUR 14.50", "GBP 250", "CAD 40"). A contract writes the
 * code where an answer writes the sign; both are one amount of one currency.
 * A bare "$" names no one dollar: it agrees with every dollar's code, and a
 * code agrees with another code only when they are the same ("CAD 40" is not
 * "USD 40").
 */

/**
 * The ISO 4217 currencies policies name, each with the sign it is written
 * with on its own (CLDR's narrow symbol) and the prefixed signs that name it
 * alone. A table rather than Intl.NumberFormat: the first call to Intl maps in
 * ICU's locale data (about 6 MB of resident memory, see
 * src/util/groupedNumber.ts), for a few signs. "C$" is the Canadian dollar as
 * Canadian documents write it (CLDR's English writes "CA$").
 */
const CURRENCIES: ReadonlyArray<{ code: string; sign: string; prefixed?: readonly string[] }> = [
  { code: 'EUR', sign: '€' },
  { code: 'GBP', sign: '£' },
  { code: 'USD', sign: '$', prefixed: ['US$'] },
  { code: 'CAD', sign: '$', prefixed: ['CA$', 'C$'] },
  { code: 'AUD', sign: '$', prefixed: ['AU$', 'A$'] },
  { code: 'NZD', sign: '$', prefixed: ['NZ$'] },
  { code: 'HKD', sign: '$', prefixed: ['HK$'] },
  { code: 'SGD', sign: '$', prefixed: ['S$'] },
  { code: 'MXN', sign: '$', prefixed: ['MX$'] },
  { code: 'JPY', sign: '¥', prefixed: ['JP¥'] },
  { code: 'CNY', sign: '¥', prefixed: ['CN¥'] },
  { code: 'INR', sign: '₹' },
  { code: 'KRW', sign: '₩' },
  { code: 'ILS', sign: '₪' },
  { code: 'NGN', sign: '₦' },
  { code: 'PHP', sign: '₱' },
  { code: 'TRY', sign: '₺' },
  { code: 'CHF', sign: 'CHF' },
  { code: 'SEK', sign: 'kr' },
  { code: 'NOK', sign: 'kr' },
  { code: 'DKK', sign: 'kr' },
  { code: 'AED', sign: 'AED' },
];

/** How a currency is written before an amount, and what it says: the sign of its family and, where the writing names one currency, its code. */
interface CurrencyWriting {
  sign: string;
  code: string | undefined;
}

const WRITINGS: ReadonlyMap<string, CurrencyWriting> = new Map<string, CurrencyWriting>([
  // A sign alone names its family: "$" is any dollar's.
  ...[...new Set(CURRENCIES.map((c) => c.sign).filter((s) => !/^[A-Za-z]+$/.test(s)))].map((sign) => [sign, { sign, code: undefined }] as const),
  ...CURRENCIES.flatMap((c) => [c.code, ...(c.prefixed ?? [])].map((written) => [written, { sign: c.sign, code: c.code }] as const)),
]);

/**
 * A currency before an amount, longest writing first ("US$" before "$"): a
 * sign right before the digits, a code with or without a space ("EUR 14.50",
 * "EUR14.50").
 */
export const CURRENCY_BEFORE = [...WRITINGS.keys()]
  .sort((a, b) => b.length - a.length)
  .map((w) => (/[A-Za-z]$/.test(w) ? `${escapeRegExp(w)}[ \\u00a0]?` : escapeRegExp(w)))
  .join('|');

/** What a currency written before an amount says ("EUR " → € of EUR; "$" → $ of no one dollar); empty for none. */
export function readCurrency(written: string): CurrencyWriting {
  return WRITINGS.get(written.trim()) ?? { sign: '', code: undefined };
}

/** Whether a figure's kind is an amount of money: a currency's sign. */
export function isCurrencySign(kind: string): boolean {
  return kind !== '' && CURRENCIES.some((c) => c.sign === kind);
}

/** Whether two amounts' currencies agree: a code agrees with its family's sign and with itself, not with another code. */
export function codesAgree(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}
