import type { DriftConfig } from '../config.js';
import { decodeJson, pathField, reviewReader, type ParsedLine } from '../record.js';
import { isObject, type LogFormat } from './format.js';

const NOT_AN_OBJECT = 'each line must be a JSON object';

/** JSON Lines: one review per line, a JSON object whose fields `drift.fields` names by dot paths. */
export const jsonLines: LogFormat = {
  name: 'jsonl',
  title: 'JSON Lines',
  detect: isObject,
  misfit: (value) => (isObject(value) ? null : { field: undefined, problem: 'not a JSON object' }),
  reader(config) {
    const read = jsonLineReader(config);
    return (value) => [read(value)];
  },
};

function jsonLineReader(config: DriftConfig): (value: unknown) => ParsedLine {
  const review = reviewReader(config, { field: pathField });
  return (value) => (isObject(value) ? review(value) : { field: undefined, problem: NOT_AN_OBJECT });
}

/** Reads one JSON Lines line: the review, or why the line is bad. */
export function lineParser(config: DriftConfig): (text: string) => ParsedLine {
  const read = jsonLineReader(config);
  return (text) => {
    const decoded = decodeJson(text);
    return 'problem' in decoded ? { field: undefined, problem: decoded.problem } : read(decoded.value);
  };
}
