import { z } from 'zod';
import { positiveInt } from '../util/schemaParts.js';

/** The cluster bootstrap of each condition's effect against clean. */
export const bootstrapSchema = z.strictObject({
  resamples: positiveInt.max(1_000_000).optional().describe('Resamples of the clusters per effect (default 10,000).'),
  seed: z.number().int().optional().describe("The bootstrap's seed (default: the run's seed); each effect records the seed it used."),
});

export type BootstrapSettings = z.infer<typeof bootstrapSchema>;
