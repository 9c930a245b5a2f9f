import { readFileSync } from 'node:fs';
import { formatPath } from '../util/yamlSource.js';
import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { BASELINE_VERSION, baselineSchema, type Baseline } from './format.js';

export interface LoadedBaseline {
  file: string;
  sha256: string;
  data: Baseline;
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
  return { file, sha256: sha256Hex(text), data: parsed.data };
}
