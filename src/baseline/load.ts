import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatPath } from '../util/yamlSource.js';
import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { BASELINE_VERSION, baselineSchema, type Baseline } from './format.js';

/** Which baseline a run was compared with, as the run records it: the file (absolute) and the digest of what it held then. */
export interface BaselineSource {
  file: string;
  sha256: string;
}

export interface LoadedBaseline extends BaselineSource {
  data: Baseline;
}

/** The baseline a run recorded, when it cannot be read again as it was: gone, changed since, or no longer readable. */
export interface UnreadableBaseline extends BaselineSource {
  /** Why, in words that follow the file's name ("is gone: ..."). */
  problem: string;
}

/** A baseline to compare with: loaded now (--baseline), or recorded by the run and read again (or not, and why). */
export type ComparedBaseline = LoadedBaseline | UnreadableBaseline;

export function isLoaded(baseline: ComparedBaseline | undefined): baseline is LoadedBaseline {
  return baseline !== undefined && 'data' in baseline;
}

/**
 * Reads and validates a baseline file. Any problem is an InputError (exit 2)
 * naming the file, the line for a JSON syntax error, and the field.
 */
export function loadBaseline(file: string): LoadedBaseline {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(file, undefined, '--baseline', `cannot read the baseline: ${(err as Error).message}`);
  }
  return { file, sha256: sha256Hex(text), data: parseBaseline(file, text) };
}

/** Where a loaded baseline is and what it held, for the run to record (`report DIR` reads it again). */
export function baselineSource(baseline: BaselineSource): BaselineSource {
  return { file: resolve(baseline.file), sha256: baseline.sha256 };
}

/**
 * The baseline a run recorded, read again for `report DIR` (or a resume)
 * given no --baseline: the same file with the same digest, or, when it is
 * gone or changed since, why it cannot be compared with.
 */
export function reloadBaseline(source: BaselineSource): ComparedBaseline {
  let text: string;
  try {
    text = readFileSync(source.file, 'utf8');
  } catch (err) {
    const gone = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return { ...source, problem: gone ? 'is gone' : `cannot be read: ${(err as Error).message}` };
  }
  const sha256 = sha256Hex(text);
  if (sha256 !== source.sha256) return { ...source, problem: `changed since the run (sha256 ${sha256.slice(0, 12)}, recorded ${source.sha256.slice(0, 12)})` };
  try {
    return { ...source, data: parseBaseline(source.file, text) };
  } catch (err) {
    // The same bytes a run read once, refused by this critic-audit (another baseline version).
    if (err instanceof InputError) return { ...source, problem: `cannot be read by this critic-audit: ${err.message}` };
    throw err;
  }
}

/** The baseline in a file's text, validated; an InputError naming the file, the line of a JSON syntax error, and the field. */
function parseBaseline(file: string, text: string): Baseline {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new InputError(file, line, undefined, `not valid JSON: ${message}`);
  }
  if (json !== null && typeof json === 'object' && 'version' in json && json.version !== BASELINE_VERSION) {
    throw new InputError(file, undefined, 'version', `unsupported baseline version ${JSON.stringify(json.version)}; this critic-audit reads version ${BASELINE_VERSION}`);
  }
  const parsed = baselineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    let path: PropertyKey[] = issue.path;
    let problem = issue.message;
    if (issue.code === 'unrecognized_keys') {
      path = [...path, issue.keys[0]!];
      problem = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    }
    throw new InputError(file, undefined, formatPath(path) || '(top level)', `not a critic-audit baseline: ${problem}`);
  }
  return parsed.data;
}
