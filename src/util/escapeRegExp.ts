/** A text as a regular expression that matches it literally: "£1.50" matches only "£1.50", never "£1x50". */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
