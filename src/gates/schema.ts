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

/** What a catch is for the catch-rate gates: any FAIL on a mutant (raw), or one whose reply pointed at the mutation (located). */
export const catchModeSchema = z.enum(['raw', 'located'], { message: 'mode must be raw or located' });
export type CatchMode = z.infer<typeof catchModeSchema>;

/** What an empty per-mutator map is told: it would configure a gate with nothing to gate. */
const GIVE_A_RATE = 'give a rate for at least one mutator, or for default';

/** A per-mutator map of rates (`default` for the rest): an empty one configures nothing, and is refused rather than passed. */
export const rateMap = z.record(z.string(), rate).refine((entries) => Object.keys(entries).length > 0, { message: GIVE_A_RATE });

/** The `gate` mode every gate reads: whether it compares the estimate or the pessimistic end of its interval. */
export const baseThresholdsShape = {
  gate: z.enum(['point', 'lower-bound']).optional().describe('`point` (default) gates each estimate; `lower-bound` the pessimistic end of its 95% interval: conservative, for small suites.'),
};
export type BaseThresholds = z.infer<z.ZodObject<typeof baseThresholdsShape>>;

/**
 * The thresholds of the gates not yet owned by a measure of the registry (src/measures), which
 * assembles the config's `thresholds:` schema from these, the `gate` mode and its members' pieces,
 * in the order of GATE_THRESHOLD_RANKS and the pieces' ranks.
 */
export const gateThresholdsShape = {
  catchRate: z
    .union([
      rate,
      // Any string passes the union and is checked here, so a bad mode is named as such rather than as "Invalid input".
      z.record(z.string(), z.union([rate, bandSchema, z.string()])).superRefine((entries, ctx) => {
        if (Object.keys(entries).every((key) => key === 'mode')) ctx.addIssue({ code: 'custom', message: GIVE_A_RATE });
        for (const [key, value] of Object.entries(entries)) {
          if (key === 'mode' ? !catchModeSchema.safeParse(value).success : typeof value === 'string')
            ctx.addIssue({ code: 'custom', path: [key], message: key === 'mode' ? 'mode must be raw or located' : 'give a rate or a {high, low, break} band' });
        }
      }),
    ])
    .optional()
    .describe(
      'Clean catch rate per mutator: one number for every mutator, or a map of mutator names (and `default` for the rest) to a number (the break point) or a `{high, low, break}` band. ' +
        '`mode: located` in the map gates the located catches (the reply pointed at the mutation) instead of every FAIL; default `raw`.',
    ),
  minVerdictRate: rate.optional().describe('The smallest share of reviews that end in a verdict.'),
};

/** Where each of these keys, and `gate`, sits among the measures' pieces (see src/measures/measure.ts, Rank). */
export const GATE_THRESHOLD_RANKS: Record<keyof typeof gateThresholdsShape | keyof typeof baseThresholdsShape, number> = {
  catchRate: 10,
  minVerdictRate: 80,
  gate: 90,
};

/** The thresholds the gates of this folder read. */
export type GateThresholds = z.infer<z.ZodObject<typeof gateThresholdsShape & typeof baseThresholdsShape>>;
export type Band = z.infer<typeof bandSchema>;
