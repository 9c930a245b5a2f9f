/**
 * A number with comma thousands separators and exactly `decimals` fraction
 * digits ("12,345.60"), as toLocaleString('en-US') writes a number already
 * rounded to `decimals` (number-flip rounds its values first): the first call
 * to Intl maps in ICU's locale data, about 6 MB of a process's resident
 * memory, for a comma. At an exact decimal half the two can differ: toFixed
 * rounds the binary value (1.005 is a little under, so "1.00"), ICU the
 * shortest decimal ("1.01").
 */
export function groupedNumber(value: number, decimals = 0): string {
  const fixed = value.toFixed(decimals);
  const sign = fixed.startsWith('-') ? '-' : '';
  const [whole, fraction] = fixed.slice(sign.length).split('.') as [string, string | undefined];
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}
