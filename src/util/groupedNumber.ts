/**
 * A number as en-US writes it with comma thousands separators and exactly
 * `decimals` fraction digits ("12,345.60"), as toLocaleString('en-US') would,
 * without it: the first call to Intl maps in ICU's locale data, about 6 MB
 * of a process's resident memory, for a comma.
 */
export function groupedNumber(value: number, decimals = 0): string {
  const fixed = value.toFixed(decimals);
  const sign = fixed.startsWith('-') ? '-' : '';
  const [whole, fraction] = fixed.slice(sign.length).split('.') as [string, string | undefined];
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}
