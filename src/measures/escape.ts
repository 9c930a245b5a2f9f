/** Every piece of text from fixtures, replies, logs, config or file names goes through here before it meets HTML (report.html and drift.html alike). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * JSON to embed in a <script> element (type application/json, or a JS
 * expression): every "<" becomes \u003c, so no "</script>" or "<!--" in the
 * data can end the element or switch the parser's state, and U+2028/U+2029 are
 * escaped for older JS parsers. JSON.parse and JS read the text unchanged.
 */
export function jsonForScript(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

/** jsonForScript's escaping, for JSON text written in pieces: each escaped character is one UTF-16 unit, so no piece boundary splits one. */
export function scriptSafe(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
