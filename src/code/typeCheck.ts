import { strictTypeErrors, tsMorph } from '../util/tsMorph.js';

/** The TypeScript version that judges, for cache keys. */
export const typeScriptVersion = (): string => tsMorph().ts.version;

/**
 * The type errors of each program under `tsc --strict` (ES2022, no DOM or
 * Node types), one message per error: "TS2322 (line 4): Type 'string' is not
 * assignable ...". All programs are checked in one in-memory project.
 */
export function typeErrors(sources: readonly string[]): string[][] {
  return strictTypeErrors(sources).map((errors) => errors.map((e) => `TS${e.code} (line ${e.line}): ${e.message}`));
}
