import { z } from 'zod';

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
  outcomes: z.record(z.string(), outcomeSchema),
});

const criticSchema = z.strictObject({
  identity: z.looseObject({ provider: z.string() }),
  items: z.record(z.string().min(1), itemSchema),
});

export const baselineSchema = z
  .strictObject({
    tool: z.literal('critic-audit'),
    kind: z.literal('baseline'),
    version: z.literal(BASELINE_VERSION),
    createdAt: z.string(),
    harnessVersion: z.string(),
    config: z.string(),
    seed: z.number().int(),
    conditions: z.array(z.string()),
    repeats: z.number().int().positive(),
    critics: z.record(z.string().min(1), criticSchema),
  })
  // A condition's name is any the run declared; an outcome under one the run did not list is a damaged file.
  .superRefine((b, ctx) => {
    const listed = new Set(b.conditions);
    for (const [critic, { items }] of Object.entries(b.critics)) {
      for (const [itemId, item] of Object.entries(items)) {
        for (const condition of Object.keys(item.outcomes)) {
          if (!listed.has(condition))
            ctx.addIssue({
              code: 'custom',
              path: ['critics', critic, 'items', itemId, 'outcomes', condition],
              message: `condition "${condition}" is not among the baseline's conditions (${b.conditions.join(', ')})`,
            });
        }
      }
    }
  });

export type Baseline = z.infer<typeof baselineSchema>;
export type BaselineCritic = Baseline['critics'][string];
export type BaselineItem = BaselineCritic['items'][string];
export type BaselineOutcome = NonNullable<BaselineItem['outcomes'][keyof BaselineItem['outcomes']]>;
