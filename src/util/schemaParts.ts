import { z } from 'zod';

/** Number shapes every stage's config piece uses. */
export const positiveInt = z.number().int().positive();
export const rate = z.number().min(0).max(1);
