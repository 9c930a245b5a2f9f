import { z } from 'zod';
import { positiveInt } from '../util/schemaParts.js';

/** The cluster bootstrap of each condition's effect against clean. */
export const bootstrapSchema = z.strictObject({
  resamples: positiveInt.max(1_000_000).optional(),
  /** Default: the run's seed. */
  seed: z.number().int().optional(),
});

export type BootstrapSettings = z.infer<typeof bootstrapSchema>;
