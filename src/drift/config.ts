import { z } from 'zod';

/** A field of a log object; dots reach into nested objects (`review.decision`). */
const fieldPath = z.string().regex(/^[^.\s]+(\.[^.\s]+)*$/, 'a field name, with dots for nested fields (e.g. review.decision)');
const verdictValue = z.union([z.string(), z.number(), z.boolean()]);
const share = z.number().min(0).max(1);

/** The log formats `drift` reads (src/drift/formats/). */
export const LOG_FORMAT_NAMES = ['jsonl', 'otlp-json', 'langfuse', 'langsmith'] as const;
export type LogFormatName = (typeof LOG_FORMAT_NAMES)[number];

/**
 * The default timestamp field. In the trace formats it names the record's own
 * time (a span's startTimeUnixNano, a Langfuse observation's startTime or
 * trace's timestamp, a LangSmith run's start_time).
 */
export const RECORD_TIME_FIELD = 'timestamp';

export const driftConfigSchema = z
  .strictObject({
    format: z
      .enum(LOG_FORMAT_NAMES)
      .optional()
      .describe(
        "The logs' format: `jsonl` (JSON Lines, one review per line), `otlp-json` (OpenTelemetry traces in OTLP's JSON encoding), `langfuse` (Langfuse traces and observations), `langsmith` (LangSmith runs). Absent: detected from each file's content.",
      ),
    fields: z
      .strictObject({
        timestamp: fieldPath
          .default(RECORD_TIME_FIELD)
          .describe(
            "The field holding the review time: ISO 8601 with `Z` or an offset, a bare date, or epoch seconds or milliseconds. In the trace formats the default, `timestamp`, is the record's own time (a span's startTimeUnixNano, a Langfuse observation's startTime or trace's timestamp, a LangSmith run's start_time).",
          ),
        verdict: fieldPath.default('verdict').describe("The field holding the critic's verdict."),
        group: z.array(fieldPath).default([]).describe('Keys reported separately (critic version, task type); the detectors run on the whole stream.'),
        canary: fieldPath
          .optional()
          .describe(
            'The field holding the canary id (`critic-audit canary`) the production system logs beside the verdict of a canary; such lines are left out of the rejection rate and, with `--canaries KEY`, scored against the answer key.',
          ),
        fingerprint: z
          .array(fieldPath)
          .min(1)
          .optional()
          .describe('Fields that together identify the judge (e.g. [model, prompt_version]): a change is marked on every chart, and the live catch rate compared across it.'),
      })
      .prefault({})
      .describe(
        'Where each log record holds what the monitor reads; dots reach into nested objects (`review.decision`). In `otlp-json` a field is an attribute key of the span (else of its resource), dots included.',
      ),
    rejectValues: z.array(verdictValue).min(1).default(['reject']).describe('Verdict values that count as a rejection.'),
    approveValues: z.array(verdictValue).min(1).optional().describe('If given, every other verdict value is a bad line, so a renamed verdict is noticed instead of counted as approval.'),
    reference: z
      .strictObject({
        days: z.number().int().positive().default(14).describe('Length of the reference window, from the start (UTC day) of the first review.'),
        minReviews: z.number().int().positive().default(200).describe('A shorter reference is bad input: its rate is too uncertain to monitor against.'),
        start: z.iso.date().optional().describe('Re-baseline: reviews before this date are skipped (how an investigated alarm is acknowledged).'),
      })
      .prefault({})
      .describe('The period of normal operation the rate is compared with (unless `--reference` gives a log of its own).'),
    period: z.enum(['hour', 'day', 'week']).default('day').describe('The period the reports tabulate the rate by.'),
    falseAlarmRate: z.number().gt(0).lt(1).default(0.05).describe('Chance that `horizonDays` of monitoring an unchanged critic raises any alarm at all, counting every look.'),
    horizonDays: z.number().positive().default(365).describe('The monitoring horizon the false-alarm budget covers.'),
    maxBadLineShare: share
      .default(0.01)
      .describe('The run fails (exit 2) when more than this share of the input cannot be read: the larger of bad records over records and unreadable lines over lines.'),
    maxGroupValues: z.number().int().positive().default(50).describe('Distinct values kept per group key; the rest are pooled as "(other)" so memory stays bounded.'),
    cusum: z
      .strictObject({
        share: share.default(1 / 3).describe('Share of `falseAlarmRate` spent on the CUSUM (half per side); 0 turns it off.'),
        increase: z.number().gt(1).default(2).describe('Rate ratio the upper CUSUM is tuned to detect fastest (2: rejections double).'),
        decrease: z.number().gt(0).lt(1).default(0.5).describe('Rate ratio the lower CUSUM is tuned to detect fastest (0.5: rejections halve).'),
      })
      .prefault({})
      .describe('The Bernoulli CUSUM, both sides.'),
    sequential: z
      .strictObject({
        share: share.default(1 / 3).describe('Share of `falseAlarmRate` spent on the always-valid test; 0 turns it off.'),
        priorStrength: z.number().positive().default(20).describe("Weight, in reviews, of the mixture's prior around the reference rate: larger favours small changes."),
      })
      .prefault({})
      .describe('The always-valid sequential test that the rate differs from the reference.'),
    asleep: z
      .strictObject({
        share: share.default(1 / 3).describe('Share of `falseAlarmRate` spent on the asleep alarm; 0 turns it off.'),
      })
      .prefault({})
      .describe('The asleep alarm: a run of approvals too long for the reference rate.'),
  })
  .refine((c) => c.cusum.share + c.sequential.share + c.asleep.share <= 1 + 1e-9, {
    message: 'cusum.share + sequential.share + asleep.share must not exceed 1',
    path: ['cusum', 'share'],
  });

export type DriftConfig = z.infer<typeof driftConfigSchema>;
