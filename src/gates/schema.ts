import { z } from 'zod';
import { rate } from '../util/schemaParts.js';

/**
 * A per-mutator band: at or above `high` is green, below `low` red, below
 * `break` fails the run. Missing bounds fall back: low to break, high to low.
 */
export const bandSchema = z
  .strictObject({ high: rate.optional(), low: rate.optional(), break: rate.optional() })
  .refine((b) => b.high !== undefined || b.low !== undefined || b.break !== undefined, { message: 'give at least one of high, low, break' })
  .refine(
    (b) => {
      const ordered = [b.break, b.low, b.high].filter((x): x is number => x !== undefined);
      return ordered.every((x, i) => i === 0 || ordered[i - 1]! <= x);
    },
    { message: 'need break <= low <= high' },
  );

/** What an empty per-mutator map is told: it would configure a gate with nothing to gate. */
export const GIVE_A_RATE = 'give a rate for at least one mutator, or for default';

/** A per-mutator map of rates (`default` for the rest): an empty one configures nothing, and is refused rather than passed. */
export const rateMap = z.record(z.string(), rate).refine((entries) => Object.keys(entries).length > 0, { message: GIVE_A_RATE });

/** The `gate` mode every gate reads: whether it compares the estimate or the pessimistic end of its interval. */
export const baseThresholdsShape = {
  gate: z.enum(['point', 'lower-bound']).optional().describe('`point` (default) gates each estimate; `lower-bound` the pessimistic end of its 95% interval: conservative, for small suites.'),
};
export type BaseThresholds = z.infer<z.ZodObject<typeof baseThresholdsShape>>;

/** Where `gate` sits among the measures' threshold keys (see src/measures/measure.ts, Rank). */
export const BASE_THRESHOLD_RANKS: Record<keyof typeof baseThresholdsShape, number> = { gate: 90 };

export type Band = z.infer<typeof bandSchema>;
