import { z } from 'zod';
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
  const source = YamlSource.read(file);
  const key = source.validate(answerKeySchema, source.data, []);
  return { file, key, digest: sha256Hex(JSON.stringify(source.data)) };
}
