import { z } from 'zod';

/** A field of a log object; dots reach into nested objects (`review.decision`). */
const fieldPath = z.string().regex(/^[^.\s]+(\.[^.\s]+)*$/, 'a field name, with dots for nested fields (e.g. review.decision)');
const verdictValue = z.union([z.string(), z.number(), z.boolean()]);
const share = z.number().min(0).max(1);

export const driftConfigSchema = z
  .strictObject({
    fields: z
      .strictObject({
        timestamp: fieldPath.default('timestamp'),
        verdict: fieldPath.default('verdict'),
        /** Keys reported separately (critic version, task type); detectors run on the whole stream. */
        group: z.array(fieldPath).default([]),
      })
      .prefault({}),
    /** Verdict values that count as a rejection. */
    rejectValues: z.array(verdictValue).min(1).default(['reject']),
    /** If given, every other verdict value is a bad line, so a renamed verdict is noticed instead of counted as approval. */
    approveValues: z.array(verdictValue).min(1).optional(),
    reference: z
      .strictObject({
        /** Length of the reference window, from the start (UTC day) of the first review. */
        days: z.number().int().positive().default(14),
        /** A shorter reference is bad input: its rate is too uncertain to monitor against. */
        minReviews: z.number().int().positive().default(200),
        /** Re-baseline: reviews before this date are skipped (how an investigated alarm is acknowledged). */
        start: z.iso.date().optional(),
      })
      .prefault({}),
    period: z.enum(['hour', 'day', 'week']).default('day'),
    /** Chance that a year (horizonDays) of monitoring an unchanged critic raises any alarm at all. */
    falseAlarmRate: z.number().gt(0).lt(1).default(0.05),
    horizonDays: z.number().positive().default(365),
    /** The run fails (exit 2) when more than this share of lines cannot be read. */
    maxBadLineShare: share.default(0.01),
    /** Distinct values kept per group key; the rest are pooled as "(other)" so memory stays bounded. */
    maxGroupValues: z.number().int().positive().default(50),
    cusum: z
      .strictObject({
        /** Share of falseAlarmRate spent on the CUSUM (half per side); 0 turns it off. */
        share: share.default(1 / 3),
        /** Rate ratio the upper CUSUM is tuned to detect fastest (2: rejections double). */
        increase: z.number().gt(1).default(2),
        /** Rate ratio the lower CUSUM is tuned to detect fastest (0.5: rejections halve). */
        decrease: z.number().gt(0).lt(1).default(0.5),
      })
      .prefault({}),
    sequential: z
      .strictObject({
        share: share.default(1 / 3),
        /** Weight, in reviews, of the mixture's prior around the reference rate: larger favours small changes. */
        priorStrength: z.number().positive().default(20),
      })
      .prefault({}),
    asleep: z
      .strictObject({
        share: share.default(1 / 3),
      })
      .prefault({}),
  })
  .refine((c) => c.cusum.share + c.sequential.share + c.asleep.share <= 1 + 1e-9, {
    message: 'cusum.share + sequential.share + asleep.share must not exceed 1',
    path: ['cusum', 'share'],
  });

export type DriftConfig = z.infer<typeof driftConfigSchema>;
