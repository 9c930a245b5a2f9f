import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { YamlSource } from '../util/yamlSource.js';

const span = z.strictObject({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  endLine: z.number().int().positive(),
  endColumn: z.number().int().positive(),
});

/** A canary that carries a verified mutant: the critic should reject it. */
const mutantCanary = z.strictObject({
  role: z.literal('mutant'),
  fixture: z.string().min(1),
  /** The audit's item id (the mutant's id), so a canary can be traced to an audit's report. */
  item: z.string().min(1),
  mutator: z.string().min(1),
  mutation: z.strictObject({ span, original: z.string(), replacement: z.string() }),
});

/** A canary that carries a known-correct artifact (an original or a correct variant): the critic should let it pass. */
const controlCanary = z.strictObject({
  role: z.literal('control'),
  fixture: z.string().min(1),
  item: z.string().min(1),
});

export const canaryEntrySchema = z.discriminatedUnion('role', [mutantCanary, controlCanary]);
export type CanaryEntry = z.infer<typeof canaryEntrySchema>;

/**
 * answer-key.json, written by `critic-audit canary`: the only file that says
 * which canary carries which mutation. It stays with the operator; the
 * production system sees only canaries.jsonl.
 */
export const answerKeySchema = z.strictObject({
  version: z.literal(1),
  /** The audit config the canaries were made from, and the critic entry whose template rendered them. */
  config: z.string(),
  critic: z.string(),
  seed: z.number().int(),
  /** The canary requests' file, beside the key. */
  canaries: z.literal('canaries.jsonl'),
  key: z.record(z.string().min(1), canaryEntrySchema),
});
export type AnswerKey = z.infer<typeof answerKeySchema>;

export interface LoadedAnswerKey {
  file: string;
  key: AnswerKey;
  /** sha256 of the file: a drift state made with another key is stale. */
  digest: string;
}

/** Reads and checks an answer key; bad input names the file, the line and the field (InputError). */
export function loadAnswerKey(file: string): LoadedAnswerKey {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(file, undefined, undefined, `cannot read file: ${(err as Error).message}`);
  }
  // The key is JSON: say so when it does not parse (JSON is YAML, which locates the fields of a key that parses).
  try {
    JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    throw new InputError(file, line, undefined, `answer key is not valid JSON (${message}); export it again with critic-audit canary`);
  }
  const source = YamlSource.parse(file, text);
  const key = source.validate(answerKeySchema, source.data, []);
  return { file, key, digest: sha256Hex(JSON.stringify(source.data)) };
}
