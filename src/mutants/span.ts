import { lineColumnAt } from '../text/lineColumn.js';
import type { Span } from './types.js';

export function spanOf(text: string, start: number, end: number): Span {
  const from = lineColumnAt(text, start);
  const to = lineColumnAt(text, end);
  return { start, end, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}
