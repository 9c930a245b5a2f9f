import { z } from 'zod';
import { CONDITION_NAMES } from '../requests/conditions/index.js';

/** The baseline file's format version; a file of another version is refused with a clear message. */
export const BASELINE_VERSION = 1;

const share = z.number().min(0).max(1);

/** One item under one condition: its verdicts over the repeats. */
const outcomeSchema = z.strictObject({
  /** Share of answered repeats that flagged the item (FAIL); `true`/`false` are read as 1/0. */
  flagged: z.union([z.boolean().transform((b) => (b ? 1 : 0)), share]),
  /** Repeats that got a reply. */
  answered: z.number().int().positive(),
  /** The first answered repeat's reply (cut), for the flipped-items listing. */
  reply: z.string().nullable().optional(),
  replySha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be a sha256 hex digest')
    .nullable()
    .optional(),
});

const spanSchema = z.strictObject({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  endLine: z.number().int().positive(),
  endColumn: z.number().int().positive(),
});

const itemSchema = z.strictObject({
  fixtureId: z.string().min(1),
  cluster: z.string().min(1),
  role: z.enum(['original', 'mutant']),
  /** Null for originals. */
  mutator: z.string().min(1).nullable(),
  /** The mutant's diff fields (absent for originals). */
  mutant: z.strictObject({ span: spanSchema, original: z.string(), replacement: z.string() }).optional(),
  outcomes: z.partialRecord(z.enum(CONDITION_NAMES), outcomeSchema),
});

const criticSchema = z.strictObject({
  identity: z.looseObject({ provider: z.string() }),
  items: z.record(z.string().min(1), itemSchema),
});

export const baselineSchema = z.strictObject({
  tool: z.literal('critic-audit'),
  kind: z.literal('baseline'),
  version: z.literal(BASELINE_VERSION),
  createdAt: z.string(),
  harnessVersion: z.string(),
  config: z.string(),
  seed: z.number().int(),
  conditions: z.array(z.enum(CONDITION_NAMES)),
  repeats: z.number().int().positive(),
  critics: z.record(z.string().min(1), criticSchema),
});

export type Baseline = z.infer<typeof baselineSchema>;
export type BaselineCritic = Baseline['critics'][string];
export type BaselineItem = BaselineCritic['items'][string];
export type BaselineOutcome = NonNullable<BaselineItem['outcomes'][keyof BaselineItem['outcomes']]>;
